import ArgumentParser
import IlgiStore

extension Ilgi {
  /// `ilgi delete SELECTOR`.
  struct Delete: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "delete",
          abstract: tr(.deleteAbstract),
          discussion: helpText(.deleteDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String

    @Flag(name: [.short, .long], help: ArgumentHelp(tr(.optYes)))
    var yes = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector, in: store)
      if !yes {
        guard Terminal.inputIsTerminal else {
          throw Failure(tr(.errDeleteNeedsYes, entry.path))
        }
        let question =
          tr(.deleteQuestion, Sanitize.line(Context.title(entry)), context.dates.long(entry.date), entry.path)
        guard Terminal.confirm(question) else {
          Terminal.standardError.write(tr(.deleteKept, entry.path) + "\n")
          return
        }
      }
      _ = try Diagnostics.journalStep { () throws(JournalError) in try context.writer(store).delete(entry.path) }
      Terminal.standardOutput.write(
        tr(.deleteMoved, entry.path, entry.id.rawValue.prefix(8).lowercased()) + "\n")
    }
  }
}
