import ArgumentParser
import Foundation
import IlgiIndex
import IlgiStrings

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
    let moved = arguments[..<index].flatMap {
      $0.hasPrefix("-J") && $0.count > 2 ? ["-J", String($0.dropFirst(2))] : [$0]
    }
    return Array(arguments[index..<end] + moved + arguments[end...])
  }

  private static func names(of command: any ParsableCommand.Type) -> [String] {
    [command.configuration.commandName ?? command._commandName] + command.configuration.aliases
  }

  /// Runs `ilgi` as this process was started and exits with its status.
  public static func run() -> Never {
    // A write past `ulimit -f` must fail with EFBIG (and leave the old file), not kill ilgi.
    signal(SIGXFSZ, SIG_IGN)
    exit(main(.process))
  }

  /// Runs `ilgi` for `invocation` and returns its exit status; everything it says goes to the
  /// invocation's streams. Every error ends here as one line on standard error (see
  /// `Diagnostics`).
  public static func main(_ invocation: Invocation) -> Int32 {
    EntryIndex.prepareSQLite()
    // Settings and language first: the commands' help texts are read in the language bound
    // while the command line is parsed.
    var invocation = invocation
    let loaded = LoadedSettings.load(LoadedSettings.flags(in: invocation.arguments), in: invocation)
    invocation.loaded = loaded
    return Invocation.$current.withValue(invocation) {
      Localization.$catalog.withValue(Catalog(loaded.language)) {
        do {
          var arguments = globalOptionsMoved(invocation.arguments)
          let others = Ilgi.configuration.subcommands.filter {
            ObjectIdentifier($0) != ObjectIdentifier(Ilgi.List.self)
              && ObjectIdentifier($0) != ObjectIdentifier(Ilgi.Search.self)
          }
          arguments = try JrnlSpelling.rewritten(
            arguments, list: Self.names(of: Ilgi.List.self), search: Self.names(of: Ilgi.Search.self),
            others: others.flatMap(Self.names(of:)) + ["help"])
          if let name = arguments.first, Self.names(of: Ilgi.Search.self).contains(name) {
            arguments = [name] + Ilgi.Search.exclusionsSpelledOut(Array(arguments.dropFirst()))
          }
          var command = try Ilgi.parseAsRoot(arguments)
          try command.run()
          return ExitStatus.success
        } catch {
          if let failure = Diagnostics.failure(for: error) {
            Terminal.standardError.write("ilgi: \(failure.message)\n")
            return failure.status
          }
          // The parser's errors, usage and help; `--help` and `--version` end it with status 0.
          let status = Ilgi.exitCode(for: error).rawValue
          // A mistyped command or option: the one meant, as git says it.
          if status == ExitStatus.usage,
            let line = Suggestion.line(for: invocation.arguments, parserMessage: Ilgi.message(for: error))
          {
            Terminal.standardError.write("ilgi: \(line)\n")
            return status
          }
          let message = Diagnostics.translated(Ilgi.fullMessage(for: error))
          (status == ExitStatus.success ? Terminal.standardOutput : Terminal.standardError)
            .write(message.isEmpty ? "" : message + "\n")
          return status
        }
      }
    }
  }
}
