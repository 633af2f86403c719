import ArgumentParser
import Foundation

/// What a person meant by a mistyped command or option, as git says it: the nearest name, when
/// one is near enough. Near is a few edits, a swap of two neighbouring letters counting as one
/// (`serach` is `search`), and at most one edit in a name of five letters or fewer.
enum Suggestion {
  /// The name among `names` nearest to `typed`, when one is near enough and no other is as near.
  static func nearest(_ typed: String, among names: [String]) -> String? {
    let word = typed.drop(while: { $0 == "-" })
    let allowed = min(2, max(1, word.count / 3))
    let scored = names.map { (name: $0, distance: distance(word, $0.drop(while: { $0 == "-" }))) }
      .filter { $0.distance <= allowed }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    return scored.filter { $0.distance == best.distance }.count == 1 ? best.name : nil
  }

  /// The edits (insertions, deletions, replacements, swaps of neighbours) from `a` to `b`.
  static func distance(_ a: Substring, _ b: Substring) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }

  /// The names a person types for `command`'s subcommands (hidden ones left out).
  static func subcommandNames(of command: any ParsableCommand.Type) -> [String] {
    command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.flatMap {
      [$0.configuration.commandName ?? $0._commandName] + $0.configuration.aliases
    }
  }

  /// The long options `command` takes, as its help lists them.
  static func options(of command: any ParsableCommand.Type) -> [String] {
    let help = command.helpMessage(columns: 1_000)
    return Array(Set(help.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) })).sorted()
  }

  /// Whether `command` takes words of its own (its help lists arguments).
  static func takesArguments(_ command: any ParsableCommand.Type) -> Bool {
    command.helpMessage(columns: 1_000).contains("ARGUMENTS:")
  }

  /// A line for a command line the parser refused, when it was a mistyped command or option:
  /// `'lst' is not an ilgi command; did you mean 'ilgi list'?`. Nil when it was something else.
  static func line(for arguments: [String], parserMessage: String) -> String? {
    var command: any ParsableCommand.Type = Ilgi.self
    var path = ["ilgi"]
    var index = 0
    // The options every command takes, with their values, may come first.
    while index < arguments.count {
      let argument = arguments[index]
      if ["--journal", "-J", "--locale"].contains(argument) {
        index += 2
      } else if argument.hasPrefix("--journal=") || argument.hasPrefix("--locale=")
        || (argument.hasPrefix("-J") && argument.count > 2)
      {
        index += 1
      } else {
        break
      }
    }
    // The words that name commands, one level after another, before any option.
    while index < arguments.count, !arguments[index].hasPrefix("-") {
      let word = arguments[index]
      let names = subcommandNames(of: command)
      guard !names.isEmpty else { break }
      guard
        let next = command.configuration.subcommands.first(where: {
          ([$0.configuration.commandName ?? $0._commandName] + $0.configuration.aliases).contains(word)
        })
      else {
        // A command whose default takes words (were there one) is given them.
        if let fallback = command.configuration.defaultSubcommand, takesArguments(fallback) { break }
        let commandLine = path.joined(separator: " ")
        guard let near = nearest(word, among: names) else { return tr(.errUnknownCommand, word, commandLine) }
        return tr(.errUnknownCommandNear, word, commandLine, commandLine + " " + near)
      }
      command = next
      path.append(word)
      index += 1
    }
    // An option the command does not take: the nearest it does (with no command named, the
    // one that runs: `ilgi --tga` is `ilgi list --tga`).
    if index == arguments.count || arguments[index].hasPrefix("-"),
      let fallback = command.configuration.defaultSubcommand
    {
      command = fallback
    }
    guard let match = parserMessage.firstMatch(of: /Unknown option '(--[^']+)'/) else { return nil }
    let typed = String(match.output.1)
    let commandLine = path.joined(separator: " ")
    guard let near = nearest(typed, among: options(of: command)) else {
      return tr(.errUnknownOption, typed, commandLine)
    }
    return tr(.errUnknownOptionNear, typed, commandLine, near)
  }
}
