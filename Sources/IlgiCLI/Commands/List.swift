import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List entries, newest first: date, title and a one-line preview.",
      discussion: """
        Files that cannot be read are named in one warning line each on stderr; the rest are
        listed all the same.

        Examples:
          ilgi list                 every entry
          ilgi list -n 10           the ten newest
          ilgi list --json | jq '.[0].title'

        JSON: an array of {id, date, title, preview, tags, weather, path}; `date` is ISO 8601
        in the entry's own offset, `weather` is null when the entry has none.
        """)

    @OptionGroup var global: GlobalOptions

    @Option(name: [.short, .customLong("limit")], help: "Show at most this many entries.")
    var n: Int?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
      if let n, n < 0 { throw ValidationError("-n must be 0 or more, not \(n)") }
    }

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      var entries = context.listing(store).entries
      if let n { entries = Array(entries.prefix(n)) }
      if json {
        Terminal.standardOutput.write(try EntryJSON.render(entries.map { EntryJSON($0) }))
        return
      }
      let paint = context.paint
      var out = ""
      for entry in entries {
        let id = paint("33", String(entry.id.rawValue.prefix(8)).lowercased())
        let date = "\(context.dates.long(entry.date)) \(paint.dim(context.dates.time(entry.date)))"
        let title = entry.title.isEmpty ? paint.dim("(untitled)") : paint.bold(Sanitize.line(entry.title))
        var line = "\(id)  \(date)  \(title)"
        if let weather = entry.weather { line += paint.dim("  · \(Sanitize.line(weather))") }
        out += line + "\n"
        if !entry.preview.isEmpty { out += "          \(entry.preview)\n" }
      }
      if entries.isEmpty {
        Terminal.standardError.write("No entries yet. Write one with `ilgi new`.\n")
      }
      Terminal.standardOutput.write(out)
    }
  }
}

/// Keeps entry text from moving the cursor or changing colours in the person's terminal.
enum Sanitize {
  /// One line with control characters removed.
  static func line(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter {
          !($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
        }))
  }
}
