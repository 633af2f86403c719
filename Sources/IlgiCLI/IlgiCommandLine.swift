import ArgumentParser
import Foundation
import IlgiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point `main.swift` hands over to: parses, runs, and turns every error into one
/// line on stderr and an exit code (see `ExitStatus`).
public enum IlgiCommandLine {
  /// `arguments` with the options every command takes (`--journal`, `-J`, `--locale`), when
  /// they come before a command's name, moved after it: `ilgi --journal ~/j index --rebuild`
  /// runs `index`, as `git -C` or `zk --notebook-dir` read. Without a command's name after
  /// them they are `list`'s, as before (`ilgi --journal ~/j --tag walk`).
  static func globalOptionsMoved(_ arguments: [String]) -> [String] {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if ["--journal", "-J", "--locale"].contains(argument), index + 1 < arguments.count {
        index += 2
      } else if argument.hasPrefix("--journal=") || argument.hasPrefix("--locale=")
        || (argument.hasPrefix("-J") && argument.count > 2)
      {
        index += 1
      } else {
        break
      }
    }
    guard index > 0 else { return arguments }
    // `ilgi --locale ko --help` asks for ilgi's own help in that language (already chosen).
    if arguments[index...].elementsEqual(["--help"]) || arguments[index...].elementsEqual(["-h"]) {
      return Array(arguments[index...])
    }
    // The command and, for a command that has its own (`trash restore`), the one named after it.
    var commands: [any ParsableCommand.Type] = Ilgi.configuration.subcommands
    var end = index
    while end < arguments.count, let command = commands.first(where: { Self.names(of: $0).contains(arguments[end]) }) {
      commands = command.configuration.subcommands
      end += 1
    }
    guard end > index else { return arguments }
    // `-J~/j` becomes `-J ~/j`: the argument parser reads a short option's value only apart.
    let moved = arguments[..<index].flatMap { $0.hasPrefix("-J") && $0.count > 2 ? ["-J", String($0.dropFirst(2))] : [$0] }
    return Array(arguments[index..<end] + moved + arguments[end...])
  }

  private static func names(of command: any ParsableCommand.Type) -> [String] {
    [command.configuration.commandName ?? command._commandName] + command.configuration.aliases
  }

  /// Runs `ilgi` with the process's arguments and exits.
  public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    // The language first: moving the options reads the commands' help texts, which keep the
    // language they were first read in.
    Localization.catalog = Catalog(
      Context.startupLanguage(arguments: arguments, variables: ProcessInfo.processInfo.environment))
    let arguments = globalOptionsMoved(arguments)
    // A write past `ulimit -f` must fail with EFBIG (and leave the old file), not kill ilgi.
    signal(SIGXFSZ, SIG_IGN)
    EntryIndex.prepareSQLite()
    do {
      var command = try Ilgi.parseAsRoot(arguments)
      try command.run()
      exit(ExitStatus.success)
    } catch let failure as Failure {
      Terminal.standardError.write("ilgi: \(failure.message)\n")
      exit(failure.status)
    } catch {
      let status = Ilgi.exitCode(for: error).rawValue
      let message = translated(Ilgi.fullMessage(for: error))
      if status == 0 {
        Terminal.standardOutput.write(message.isEmpty ? "" : message + "\n")
      } else {
        Terminal.standardError.write(message + "\n")
      }
      exit(status)
    }
  }

  /// The argument parser's own words (headings, built-in options, `Error:`) in the person's
  /// language; the rest of its output already comes from the catalog.
  static func translated(_ text: String) -> String {
    guard Localization.catalog.language != .english else { return text }
    let english = Catalog(.english)
    var result = text
    let words: [Message] = [
      .apUsage, .apOptions, .apArguments, .apSubcommands, .apHelpSubcommand, .apHelp, .apVersion, .apSeeHelp,
      .apError, .apDefault, .apOverview, .apUsageShort, .apDefaultMark,
    ]
    for key in words {
      result = result.replacingOccurrences(of: english.text(key, []), with: tr(key))
    }
    return result.replacing(/See '([^']+)' for more information\./) { tr(.apSeeCommandHelp, $0.1) }
  }
}
