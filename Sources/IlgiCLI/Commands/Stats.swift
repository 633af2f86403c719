import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi stats`.
  struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Entries, words, streaks, entries per year and month, and a year's calendar.",
      discussion: """
        Examples:
          ilgi stats
          ilgi stats --year 2024
          ilgi stats --json
        """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The year to draw as a calendar. Default: the latest year with entries.")
    var year: Int?

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let (index, _) = try context.index(store)
      let stats = JournalStats(days: try Context.indexed { try index.days() }, today: context.today)
      if json {
        Terminal.standardOutput.write(try EntryJSON.render(stats))
        return
      }
      let paint = context.paint
      var out = """
        \(paint.bold("Entries")) \(stats.entries)   \(paint.bold("Words")) \(stats.words)   \(paint.bold("Days")) \(stats.days)
        \(paint.bold("Longest streak")) \(Self.describe(stats.longestStreak))
        \(paint.bold("Current streak")) \(Self.describe(stats.currentStreak))

        """
      out += "\n" + paint.bold("Per year") + "\n"
      for year in stats.perYear.keys.sorted() {
        let months = (1...12).map { stats.perMonth[String(format: "%@-%02d", year, $0)] ?? 0 }
        out += "\(year)  \(String(format: "%5d", stats.perYear[year] ?? 0))  " + months.map { String(format: "%4d", $0) }.joined() + "\n"
      }
      if !stats.perYear.isEmpty { out += "             " + ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map { " " + $0 }.joined() + "\n" }
      let shown = year ?? stats.perYear.keys.max().flatMap { Int($0) }
      if let shown {
        out += "\n" + paint.bold("\(shown)") + "\n" + Self.calendar(year: shown, perDay: stats.perDay, paint: paint)
      }
      Terminal.standardOutput.write(out)
    }

    static func describe(_ streak: JournalStats.Streak) -> String {
      guard streak.days > 0, let from = streak.from, let to = streak.to else { return "0 days" }
      return streak.days == 1 ? "1 day (\(from))" : "\(streak.days) days (\(from) to \(to))"
    }

    /// A year as 7 rows (Monday to Sunday) of weeks, shaded by entries per day.
    static func calendar(year: Int, perDay: [String: Int], paint: Paint) -> String {
      let layout = YearCalendar(year: year)
      let weeks = layout.rows.first?.count ?? 0
      // One column a week keeps a year within 57 columns, so an 80-column terminal never wraps it.
      var header = Array(repeating: " ", count: weeks)
      let initials = ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"]
      for (month, week) in layout.monthStarts.enumerated() where month < 12 { header[week] = initials[month] }
      let shades = ["·", "░", "▒", "▓", "█"]
      let labels = ["Mon", "   ", "Wed", "   ", "Fri", "   ", "Sun"]
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
      return out + "    " + paint.dim("· none  ░ 1  ▒ 2  ▓ 3  █ 4+") + "\n"
    }
  }
}
