import Foundation

/// A path relative to the journal root, with `/` separators (`2026/11/2026-11-21-0930-run.md`).
public struct JournalPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The relative path text.
  public let rawValue: String

  /// Wraps a relative path; leading `./` and `/` are dropped.
  public init(_ rawValue: String) {
    var text = rawValue
    while text.hasPrefix("./") { text.removeFirst(2) }
    while text.hasPrefix("/") { text.removeFirst() }
    self.rawValue = text
  }

  /// The last component (`2026-11-21-0930-run.md`).
  public var fileName: String {
    rawValue.split(separator: "/").last.map(String.init) ?? rawValue
  }

  /// The folder part (`2026/11`), empty at the root.
  public var folder: String {
    guard let slash = rawValue.lastIndex(of: "/") else { return "" }
    return String(rawValue[..<slash])
  }

  /// Whether any component is hidden (`.ilgi/`, `.git/`), which FORMAT.md excludes from entries.
  public var isInHiddenFolder: Bool {
    rawValue.split(separator: "/").contains { $0.hasPrefix(".") }
  }

  /// Whether the path leaves the journal (`..` components).
  public var escapesRoot: Bool {
    rawValue.split(separator: "/").contains("..")
  }

  /// The relative path text.
  public var description: String { rawValue }

  /// Paths sort by their text.
  public static func < (lhs: JournalPath, rhs: JournalPath) -> Bool { lhs.rawValue < rhs.rawValue }
}
