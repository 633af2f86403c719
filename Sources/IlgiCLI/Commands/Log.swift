import ArgumentParser
import Foundation

extension Ilgi {
  /// `ilgi log [SELECTOR] [-p]`: an entry's git history.
  struct Log: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(commandName: "log", abstract: tr(.logAbstract))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.logSelectorHelp)))
    var selector: String?

    @Flag(name: [.short, .customLong("patch")], help: ArgumentHelp(tr(.logPatchHelp)))
    var patch = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let git = try context.requireGit(store)
      var arguments = ["log", "--no-color", "--date=short", "--format=%h  %ad  %an  %s"]
      if patch { arguments.append("--patch") }
      var shown = context.display(store.root)
      if let selector {
        let entry = try context.resolve(selector, in: store)
        arguments += ["--follow", "--", entry.path.rawValue]
        shown = entry.path.rawValue
      }
      let result = try git.run(arguments, passingSecrets: patch)
      guard result.status == 0 || result.stderr.contains("does not have any commits") else {
        throw Failure(tr(.errGit, "log", result.firstErrorLine))
      }
      if result.stdout.isEmpty {
        Terminal.standardError.write(tr(.logNone, shown) + "\n")
        return
      }
      Terminal.standardOutput.write(result.stdout)
    }
  }
}
