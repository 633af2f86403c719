import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi edit [SELECTOR]`.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Edit an entry in your editor (default: the newest).",
      discussion: """
        You edit a copy in .ilgi/drafts/edit/; when the editor exits with success the entry file
        is updated in place, atomically, at the same path. If the file changed on disk while you
        were editing (another editor, git), nothing is overwritten: your version stays in the
        drafts folder and ilgi says where.

        Examples:
          ilgi edit
          ilgi edit 0f8b
          EDITOR="code --wait" ilgi edit 2026-11-21
        """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Which entry: an id or id prefix, `last`, a path, or a date YYYY-MM-DD.")
    var selector: String = "last"

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector, in: store)
      let session = try Context.map { try store.beginEdit(entry.path) }
      let ending = try context.editor.edit(
        store.absolute(session.draft), path: context.variables["PATH"] ?? "/usr/bin:/bin")
      guard ending == .exited(0) else {
        throw Failure(
          "the editor did not finish cleanly; \(entry.path) is unchanged and your edited copy is in \(session.draft)")
      }
      switch try Context.map({ try store.finishEdit(session) }) {
      case .unchanged: Terminal.standardError.write("No changes to \(entry.path).\n")
      case .saved: Terminal.standardOutput.write(entry.path.rawValue + "\n")
      }
    }
  }
}
