import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi drafts`.
  struct Drafts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "drafts",
      abstract: tr(.draftsAbstract),
      discussion: helpText(.draftsDiscussion))

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let drafts = store.drafts()
      if drafts.isEmpty {
        Terminal.standardError.write(tr(.draftsNone) + "\n")
        return
      }
      var out = ""
      for draft in drafts {
        let title = draft.title.isEmpty ? tr(.untitled) : Sanitize.line(draft.title)
        let kind = draft.editing.map { tr(.draftKindEdit, $0) } ?? tr(.draftKindNew)
        out += "\(draft.path)  \(title)  (\(kind))\n"
      }
      Terminal.standardOutput.write(out)
    }
  }
}
