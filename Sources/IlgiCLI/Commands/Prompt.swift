import ArgumentParser
import Foundation
import IlgiFormat
import IlgiStore

extension Ilgi {
  /// `ilgi prompt [DAY]`: the day's question to write about.
  struct Prompt: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "prompt",
          abstract: tr(.promptAbstract),
          discussion: helpText(.promptDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.promptDayHelp), valueName: "day"))
    var day: String?

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let text = day ?? "today"
      guard let range = DayRange(parsing: text, today: context.today), range.first == range.last else {
        throw Failure(tr(.errPromptDay, text), status: ExitStatus.usage)
      }
      let deck = try Diagnostics.journalStep { () throws(JournalError) in
        try PromptDeck.of(root: store.root, language: context.language)
      }
      guard let prompt = deck.prompt(on: range.first) else {
        throw Failure(tr(.errPromptEmpty, deck.path ?? PromptDeck.fileName), status: ExitStatus.usage)
      }
      Terminal.standardOutput.write(Sanitize.line(prompt) + "\n")
    }
  }
}
