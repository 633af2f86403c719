import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi init [PATH]`.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: tr(.initAbstract),
      discussion: tr(.initDiscussion))

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.initPathHelp), valueName: "path"))
    var path: String?

    func run() throws {
      let context = Context(global)
      let root = path.map { Context.expand($0, context.variables) } ?? context.journalPath.path
      let (store, done) = try Context.map { try JournalStore.initialize(root: root, reader: context.reader) }
      let shown = context.display(store.root)
      if done.createdRoot {
        Terminal.standardOutput.write(tr(.initMade, shown) + "\n")
      } else if done.createdIlgiFolder || done.updatedGitignore {
        Terminal.standardOutput.write(tr(.initSetUp, shown) + "\n")
      } else {
        Terminal.standardOutput.write(tr(.initReady, shown) + "\n")
      }
    }
  }
}
