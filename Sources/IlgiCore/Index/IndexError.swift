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
