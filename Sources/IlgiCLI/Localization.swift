import ArgumentParser
import Foundation
import IlgiStrings

/// The catalog the CLI speaks from, chosen for each run from `--locale`, config and the
/// locale variables before the command line is parsed (so `--help` is in the person's language
/// too) and bound for the whole run by `IlgiCommandLine.main(_:)`.
enum Localization {
  @TaskLocal static var catalog = Catalog(.english)
}

/// The text for `key` in the person's language, with `{1}`, `{2}`... filled from `arguments`.
func tr(_ key: Message, _ arguments: any CustomStringConvertible...) -> String {
  Localization.catalog.text(key, arguments.map(\.description))
}

/// A command's discussion for `--help`: the catalog's text with the lines of each paragraph
/// joined, so the argument parser wraps it evenly at the terminal's width. Indented lines
/// (examples), list items and lines after a heading ending in `:` keep their own line.
func helpText(_ key: Message) -> String {
  var lines: [String] = []
  for line in tr(key).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
    if let last = lines.last, !last.isEmpty, !line.isEmpty, !last.hasPrefix(" "), !line.hasPrefix(" "),
      !line.hasPrefix("- "), !last.hasSuffix(":")
    {
      lines[lines.count - 1] += " " + line
    } else {
      lines.append(line)
    }
  }
  return lines.joined(separator: "\n")
}

extension CommandConfiguration {
  /// `make()`'s configuration for `command`, made once per language: the argument parser asks
  /// for every command's configuration many times while it parses, and the words in it (help,
  /// discussions reflowed by `helpText`) are the person's language's.
  static func localized(_ command: Any.Type, _ make: () -> CommandConfiguration) -> CommandConfiguration {
    let key = ConfigurationCache.Key(command: ObjectIdentifier(command), language: Localization.catalog.language)
    if let made = ConfigurationCache.shared.value(key) { return made }
    let made = make()
    ConfigurationCache.shared.store(made, key)
    return made
  }
}

/// The configurations `CommandConfiguration.localized` made, by command and language.
private final class ConfigurationCache: @unchecked Sendable {
  struct Key: Hashable {
    var command: ObjectIdentifier
    var language: Language
  }

  static let shared = ConfigurationCache()
  private let lock = NSLock()
  private var made: [Key: CommandConfiguration] = [:]

  func value(_ key: Key) -> CommandConfiguration? { lock.withLock { made[key] } }
  func store(_ value: CommandConfiguration, _ key: Key) { lock.withLock { made[key] = value } }
}
