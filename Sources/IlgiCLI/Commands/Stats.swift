import ArgumentParser
import Foundation
import IlgiIndex
import IlgiInterchange

extension Ilgi {
  /// `ilgi stats`.
  struct Stats: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "stats",
          abstract: tr(.statsAbstract),
          discussion: helpText(.statsDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(tr(.statsYearHelp)))
    var year: Int?

    @Flag(help: ArgumentHelp(tr(.statsJSONHelp)))
    var json = false

    @Flag(help: ArgumentHelp(tr(.statsMoodHelp)))
    var mood = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let (index, _) = try context.index(store)
      if mood { return try showMoods(MoodStats(try index.moods()), context) }
      let stats = JournalStats(days: try index.days(), today: context.today)
      if json {
        Terminal.standardOutput.write(try EntryJSON.render(stats))
        return
      }
      let paint = context.paint
      var out = """
        \(paint.bold(tr(.statsEntries))) \(stats.entries)   \(paint.bold(tr(.statsWords))) \(stats.words)   \(paint.bold(tr(.statsDays))) \(stats.days)
        \(paint.bold(tr(.statsLongest))) \(Self.describe(stats.longestStreak))
        \(paint.bold(tr(.statsCurrent))) \(Self.describe(stats.currentStreak))

        """
      out += "\n" + paint.bold(tr(.statsPerYear)) + "\n" + Self.perYearTable(stats)
      let shown = year ?? stats.perYear.keys.max().flatMap { Int($0) }
      if let shown {
        out += "\n" + paint.bold("\(shown)") + "\n" + Self.calendar(year: shown, perDay: stats.perDay, paint: paint)
      }
      Terminal.standardOutput.write(out)
    }

    /// The months' average moods as bars, then the activities that go with better or worse days.
    func showMoods(_ stats: MoodStats, _ context: Context) throws {
      if json {
        Terminal.standardOutput.write(try EntryJSON.render(stats))
        return
      }
      guard let average = stats.average else {
        Terminal.standardError.write(tr(.statsMoodNone) + "\n")
        return
      }
      let paint = context.paint
      var out =
        paint.bold(tr(.statsMoodAverage)) + " " + Self.decimal(average) + "   " + paint.bold(tr(.statsDays)) + " "
        + String(stats.days) + "\n\n"
      for month in stats.months {
        let bar = String(repeating: "█", count: Int((month.average * 4).rounded()))
        out +=
          month.month + "  " + Self.decimal(month.average) + "  " + bar + "  "
          + paint.dim(tr(.statsMoodDays, month.days))
          + "\n"
      }
      if !stats.activities.isEmpty { out += "\n" + paint.bold(tr(.statsMoodActivities)) + "\n" }
      for activity in stats.activities {
        out +=
          "  "
          + tr(
            .statsMoodActivity, Sanitize.line(activity.activity), Self.decimal(activity.averageWith), activity.daysWith,
            Self.decimal(activity.averageWithout), activity.daysWithout) + "\n"
      }
      if stats.activities.isEmpty { out += "\n" + paint.dim(tr(.statsMoodTooFew, MoodStats.enoughDays)) + "\n" }
      Terminal.standardOutput.write(out)
    }

    /// `value` with one decimal place (`4.1`).
    static func decimal(_ value: Double) -> String { String(format: "%.1f", value) }

    static func describe(_ streak: JournalStats.Streak) -> String {
      guard streak.days > 0, let from = streak.from, let to = streak.to else { return tr(.streakNone) }
      return streak.days == 1 ? tr(.streakOne, from) : tr(.streakMany, streak.days, from, to)
    }

    /// Entries per year and month, each column as wide as its widest number or month name (in
    /// terminal columns: a Korean month name is wider than its characters).
    static func perYearTable(_ stats: JournalStats) -> String {
      guard !stats.perYear.isEmpty else { return "" }
      let names = tr(.statsMonths).split(separator: " ").map(String.init)
      let totalWidth = max(
        Terminal.displayWidth(tr(.statsTotal)), String(stats.perYear.values.max() ?? 0).count)
      let cell = max(names.map(Terminal.displayWidth).max() ?? 3, String(stats.perMonth.values.max() ?? 0).count) + 1
      func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - Terminal.displayWidth(text))) + text
      }
      var out = ""
      for year in stats.perYear.keys.sorted() {
        let months = (1...12).map { stats.perMonth[String(format: "%@-%02d", year, $0)] ?? 0 }
        out +=
          year + "  " + right(String(stats.perYear[year] ?? 0), totalWidth) + " "
          + months.map { right(String($0), cell) }.joined() + "\n"
      }
      // The header under the rows: the total's column named, then each month's.
      return out + String(repeating: " ", count: 4 + 2) + right(tr(.statsTotal), totalWidth) + " "
        + names.map { right($0, cell) }.joined() + "\n"
    }

    /// A year as 7 rows (Monday to Sunday) of weeks, shaded by entries per day.
    static func calendar(year: Int, perDay: [String: Int], paint: Paint) -> String {
      let layout = YearCalendar(year: year)
      let weeks = layout.rows.first?.count ?? 0
      // One column a week keeps a year within 57 columns, so an 80-column terminal never wraps it.
      var header = Array(repeating: " ", count: weeks)
      let initials = tr(.statsMonthInitials).split(separator: " ").map(String.init)
      for (month, week) in layout.monthStarts.enumerated() where month < min(12, initials.count) {
        header[week] = initials[month]
        // A two-character label ("10") takes the next week's column too.
        if initials[month].count > 1, week + 1 < weeks { header[week + 1] = "" }
      }
      let shades = ["·", "░", "▒", "▓", "█"]
      let labels = tr(.statsWeekdays).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      var out = "    " + header.joined() + "\n"
      for (weekday, row) in layout.rows.enumerated() {
        let cells = row.map { day -> String in
          guard let day else { return " " }
          let count = perDay[day] ?? 0
          let shade = shades[min(count, 4)]
          return count == 0 ? paint.dim(shade) : paint("32", shade)
        }
        out += labels[weekday] + " " + cells.joined() + "\n"
      }
      return out + "    " + paint.dim(tr(.statsLegend)) + "\n"
    }
  }
}
