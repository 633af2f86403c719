import Foundation

/// An entry's identity: the `id:` of its front matter, or one derived from its path.
///
/// Titles and dates are not unique, so every entry carries a UUID. A file without front matter
/// gets a stable id derived from its relative path until ilgi first writes it (FORMAT.md).
public struct EntryID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The id as written (UUIDs are kept upper-case, as ilgi writes them).
  public let rawValue: String

  /// Wraps an id read from front matter.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Whether `text` can be a whole id as a request names one: not empty, one line, not huge.
  public static func looksWhole(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 200 && !text.contains(where: { $0.isNewline || $0 == "\0" })
  }

  /// A fresh random UUID.
  public static func make() -> EntryID {
    EntryID(UUID().uuidString)
  }

  /// The id of a file without front matter: a name-based UUID from its relative path.
  ///
  /// Stable across runs and machines, so selectors keep working until the file gets an `id:`.
  public static func derived(from path: JournalPath) -> EntryID {
    // Two independent 64-bit FNV-1a hashes give 128 bits; set the version (8, custom) and the
    // RFC 4122 variant so the result reads as a UUID.
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x6c62_272e_07bb_0142
    for byte in path.rawValue.utf8 {
      a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      b = b.rotatedLeft(by: 5)
    }
    var bytes = [UInt8](repeating: 0, count: 16)
    for i in 0..<8 {
      bytes[i] = UInt8(truncatingIfNeeded: a >> (8 * UInt64(i)))
      bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (8 * UInt64(i)))
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x80
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let uuid = UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    return EntryID(uuid.uuidString)
  }

  /// The id as written.
  public var description: String { rawValue }

  /// Ids sort by their text.
  public static func < (lhs: EntryID, rhs: EntryID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether the id starts with `prefix`, ignoring case (ids are typed in lower case too).
  public func hasPrefix(_ prefix: String) -> Bool {
    rawValue.lowercased().hasPrefix(prefix.lowercased())
  }
}

extension UInt64 {
  fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
    (self << count) | (self >> (64 - count))
  }
}
