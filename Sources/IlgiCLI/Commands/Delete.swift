import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi delete SELECTOR`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move an entry to the journal's trash, after asking.",
      discussion: """
        The file moves to .ilgi/trash/ under the same path; `ilgi trash restore` brings it back
        and only `ilgi trash empty` deletes for good. Without a terminal to ask on, pass --yes.

        Examples:
          ilgi delete 0f8b6c0e
          ilgi delete last --yes
        """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Which entry: an id or id prefix, `last`, a path, or a date YYYY-MM-DD.")
    var selector: String

    @Flag(name: [.short, .long], help: "Do not ask.")
    var yes = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector, in: store)
      if !yes {
        guard Terminal.inputIsTerminal else {
          throw Failure("not deleting \(entry.path) without confirmation; run on a terminal or pass --yes")
        }
        let question =
          "Move “\(Sanitize.line(Context.title(entry)))” (\(context.dates.long(entry.date)), \(entry.path)) to the trash?"
        guard Terminal.confirm(question) else {
          Terminal.standardError.write("Kept \(entry.path).\n")
          return
        }
      }
      try Context.map { _ = try store.moveToTrash(entry.path) }
      Terminal.standardOutput.write(
        "Moved \(entry.path) to the trash. Undo: ilgi trash restore \(entry.id.rawValue.prefix(8).lowercased())\n")
    }
  }
}
