import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi edit [SELECTOR]`.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: tr(.editAbstract),
      discussion: helpText(.editDiscussion))

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String = "last"

    @Flag(help: ArgumentHelp(tr(.editResumeHelp)))
    var resume = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector, in: store)
      let session = try Context.map {
        resume ? try store.resumeEdit(entry.path) : try store.beginEdit(entry.path)
      }
      let ending = try context.editor.edit(
        store.absolute(session.draft), path: context.variables["PATH"] ?? "/usr/bin:/bin")
      guard ending == .exited(0) else {
        throw Failure(
          tr(.errEditorUnclean, entry.path, session.draft))
      }
      switch try Context.map({ try store.finishEdit(session) }) {
      case .unchanged: Terminal.standardError.write(tr(.editNoChanges, entry.path) + "\n")
      case .saved:
        Terminal.standardOutput.write(entry.path.rawValue + "\n")
        context.recordEntry(store, entry.path, action: "edit")
      }
    }
  }
}
