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
  public var folder: String { Self.folder(of: rawValue) }

  /// The folder part of any relative path: `2026/03` of `2026/03/x.md`, `""` of `x.md`. Found
  /// by bytes (a `Character` search costs more on paths holding Hangul).
  package static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
  }

  /// Whether any component is hidden (`.ilgi/`, `.git/`), which FORMAT.md excludes from entries.
  public var isInHiddenFolder: Bool {
    rawValue.split(separator: "/").contains { $0.hasPrefix(".") }
  }

  /// Whether the path leaves the journal (`..` components).
  public var escapesRoot: Bool {
    rawValue.split(separator: "/").contains("..")
  }

  /// Whether the path is inside the trash (which git does not track).
  public var isTrashed: Bool { rawValue.hasPrefix(JournalLayout.trashFolder + "/") }

  /// The relative path text.
  public var description: String { rawValue }

  /// Paths sort by their text.
  public static func < (lhs: JournalPath, rhs: JournalPath) -> Bool { lhs.rawValue < rhs.rawValue }
}
