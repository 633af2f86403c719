import Foundation
import IlgiFormat

/// Every setting in effect for one command, and where each came from.
///
/// Flags win over `ILGI_*` variables, variables over the journal's `.ilgi/config.toml`, that
/// over the global `config.toml`, and that over the built-in defaults.
public struct Settings: Sendable {
  /// Where a value came from.
  public enum Source: Sendable, Equatable {
    case flag
    case environment(String)
    case journalFile(String)
    case globalFile(String)
    case builtIn
  }

  /// Values given on the command line.
  public var flags: [ConfigKey: ConfigValue]
  /// Values from `ILGI_*` variables (already checked).
  public var environment: [ConfigKey: ConfigValue]
  /// The journal's own config file, if it has one.
  public var journalFile: ConfigFile?
  /// The global config file, if there is one.
  public var globalFile: ConfigFile?
  /// Variables that held a value their key cannot take.
  public var environmentWarnings: [ConfigWarning]

  /// Makes settings from its layers; `variables` are read for `ILGI_*` values.
  public init(
    flags: [ConfigKey: ConfigValue] = [:], variables: [String: String] = [:], journalFile: ConfigFile? = nil,
    globalFile: ConfigFile? = nil
  ) {
    self.flags = flags
    self.journalFile = journalFile
    self.globalFile = globalFile
    var environment: [ConfigKey: ConfigValue] = [:]
    var warnings: [ConfigWarning] = []
    for key in ConfigKey.allCases {
      guard let text = variables[key.environmentName], !text.isEmpty else { continue }
      switch key.parse(text) {
      case .success(let value): environment[key] = value
      case .failure(let problem):
        warnings.append(ConfigWarning(source: key.environmentName, line: nil, problem: problem))
      }
    }
    self.environment = environment
    self.environmentWarnings = warnings
  }

  /// The value in effect for `key` and where it came from, or nil when nothing sets it.
  public func resolved(_ key: ConfigKey) -> (value: ConfigValue, source: Source)? {
    if let value = flags[key] { return (value, .flag) }
    if let value = environment[key] { return (value, .environment(key.environmentName)) }
    if let file = journalFile, let value = file.values[key] { return (value, .journalFile(file.path)) }
    if let file = globalFile, let value = file.values[key] { return (value, .globalFile(file.path)) }
    return key.defaultValue.map { ($0, .builtIn) }
  }

  /// The value in effect for `key`.
  public subscript(key: ConfigKey) -> ConfigValue? { resolved(key)?.value }

  /// A string setting, nil when unset or empty.
  public func string(_ key: ConfigKey) -> String? {
    guard let text = self[key]?.string, !text.isEmpty else { return nil }
    return text
  }

  /// A number setting.
  public func number(_ key: ConfigKey) -> Double? { self[key]?.number }

  /// A bool setting (false when unset).
  public func flag(_ key: ConfigKey) -> Bool { self[key]?.bool ?? false }

  /// Every ignored setting: the files' first, then the variables'.
  public var warnings: [ConfigWarning] {
    (globalFile?.warnings ?? []) + (journalFile?.warnings ?? []) + environmentWarnings
  }

  /// The global config file's path: `$XDG_CONFIG_HOME/ilgi/config.toml`, else
  /// `~/.config/ilgi/config.toml`.
  public static func globalPath(variables: [String: String]) -> String {
    if let xdg = variables["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/ilgi/config.toml" }
    return (variables["HOME"] ?? NSHomeDirectory()) + "/.config/ilgi/config.toml"
  }

  /// The journal's own config file path.
  public static func journalPath(root: String) -> String {
    root + "/" + journalFile.rawValue
  }

  /// The journal's own config file, relative to the journal.
  public static let journalFile = JournalPath(JournalLayout.ilgiFolder + "/config.toml")
}
