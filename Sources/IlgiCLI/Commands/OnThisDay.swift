import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi onthisday [DATE]`.
  struct OnThisDay: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "onthisday",
      abstract: "Entries written on this day in earlier years.",
      discussion: """
        Examples:
          ilgi onthisday                today's date in past years
          ilgi onthisday 2026-05-01
          ilgi onthisday yesterday --json
        """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The day: YYYY-MM-DD, today, yesterday, 어제... Default: today.")
    var date: String?

    @Flag(help: "Print JSON (the list schema).")
    var json = false

    func run() throws {
      let context = Context(global)
      guard let day = DayRange(parsing: date ?? "today", today: context.today)?.first else {
        throw Failure("`\(date ?? "")` is not a day; use YYYY-MM-DD, today or yesterday", status: ExitStatus.usage)
      }
      let store = try context.openJournal()
      let (index, _) = try context.index(store)
      let entries = try Context.indexed { try index.entries(onThisDay: day) }
      if json {
        Terminal.standardOutput.write(try EntryJSON.render(entries.map { EntryJSON($0) }))
        return
      }
      guard !entries.isEmpty else {
        Terminal.standardError.write("Nothing written on \(day.dropFirst(5)) in earlier years.\n")
        return
      }
      let paint = context.paint
      var out = ""
      var year = ""
      let thisYear = Int(day.prefix(4)) ?? 0
      for entry in entries {
        let entryYear = String(entry.date.day.prefix(4))
        if entryYear != year {
          year = entryYear
          let ago = thisYear - (Int(entryYear) ?? thisYear)
          out += (out.isEmpty ? "" : "\n") + paint.bold(ago == 1 ? "1 year ago" : "\(ago) years ago") + "\n"
        }
        out += List.lines(entry, context, paint: paint)
        if !entry.preview.isEmpty { out += "          \(entry.preview)\n" }
      }
      Terminal.standardOutput.write(out)
    }
  }
}
