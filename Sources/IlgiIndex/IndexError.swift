import Foundation

/// A failure of the index that ilgi could not repair by rebuilding it.
public struct IndexError: Error, Sendable, Equatable {
  /// The index file.
  public var path: String
  /// SQLite's words.
  public var message: String

  /// Makes an error.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }
}

/// Why the index was made anew, for the CLI to tell once.
public enum IndexNotice: Sendable, Equatable {
  /// The file could not be opened as a database; a new one replaced it.
  case replacedUnopenable(path: String)
  /// The file was written by another version of ilgi; rebuilt.
  case rebuiltOtherVersion
  /// The file was damaged; rebuilt.
  case rebuiltDamaged(path: String)
  /// The sealed index and the entries are for keys this run does not hold: read in memory,
  /// and the file left as it was for the keys that open it.
  case keptForOtherKeys(path: String)
}
