import Foundation
import IlgiSystem

/// Something wrong with one setting that does not stop a command: the setting is ignored.
public enum ConfigProblem: Error, Sendable, Equatable {
  /// A key ilgi does not know.
  case unknownKey(String)
  /// A value of the wrong type or outside the key's choices; `found` is the value as written.
  case wrongType(ConfigKey, found: String)
  /// A key this device alone sets, found in a journal's own config (which syncs): ignored.
  case notInJournalConfig(ConfigKey)
}

/// A problem with a setting, and where it was found.
public struct ConfigWarning: Sendable, Equatable {
  /// The file, or the environment variable, that holds the setting.
  public var source: String
  /// The 1-based line in `source`, or nil for a variable.
  public var line: Int?
  /// What is wrong.
  public var problem: ConfigProblem

  /// Makes a warning.
  public init(source: String, line: Int?, problem: ConfigProblem) {
    self.source = source
    self.line = line
    self.problem = problem
  }
}

/// A config file that cannot be used at all, or a change that cannot be made.
public enum ConfigError: Error, Sendable, Equatable {
  /// The file is not valid TOML.
  case syntax(path: String, line: Int, column: Int, message: String)
  /// The file could not be read or written.
  case io(FileSystemError)
  /// `config get`/`set` was given a key ilgi does not know.
  case unknownKey(String)
  /// `config set` was given a value the key cannot take.
  case invalidValue(ConfigProblem)
  /// The edit could not be placed in the file without changing its meaning.
  case uneditable(path: String, key: String)
}
