import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi init [PATH]`.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a journal: the folder, .ilgi/ and a .gitignore.",
      discussion: """
        Safe to run again: it only adds what is missing and never touches entries.

        Examples:
          ilgi init                 make the default journal (~/ilgi, or $ILGI_JOURNAL)
          ilgi init ~/diary         make a journal in ~/diary
        """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where to make the journal. Default: the journal in use.", valueName: "path"))
    var path: String?

    func run() throws {
      let context = Context(global)
      let root = path.map { Context.expand($0, context.variables) } ?? context.journalPath.path
      let (store, done) = try Context.map { try JournalStore.initialize(root: root, reader: context.reader) }
      let shown = context.display(store.root)
      if done.createdRoot {
        Terminal.standardOutput.write("Made a new journal at \(shown).\n")
      } else if done.createdIlgiFolder || done.updatedGitignore {
        Terminal.standardOutput.write("Set up the journal at \(shown).\n")
      } else {
        Terminal.standardOutput.write("The journal at \(shown) is ready; nothing to do.\n")
      }
    }
  }
}
