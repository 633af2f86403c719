import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi drafts`.
  struct Drafts: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List drafts: new entries whose editor did not finish, and kept edit copies.",
      discussion: """
        Examples:
          ilgi drafts
          ilgi new --resume                     open the newest new-entry draft again
          ilgi new --resume new-20261121-093000-0F8B6C0E.md
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let drafts = store.drafts()
      if drafts.isEmpty {
        Terminal.standardError.write("No drafts.\n")
        return
      }
      var out = ""
      for draft in drafts {
        let title = draft.title.isEmpty ? "(untitled)" : Sanitize.line(draft.title)
        let kind = draft.editing.map { "edit of \($0)" } ?? "new entry"
        out += "\(draft.path)  \(title)  (\(kind))\n"
      }
      Terminal.standardOutput.write(out)
    }
  }
}
