import IlgiFormat

/// Which bytes of an entry file a change was based on: a save names the version it read, and
/// is refused when the file no longer has it (another editor, `git pull`, another browser).
///
/// A 64-bit hash of the bytes and their length, so the check needs no copy of the old text.
public struct EntryVersion: Hashable, Sendable, CustomStringConvertible {
  /// The version as it travels: sixteen hex digits, a dash, the length in bytes.
  public let rawValue: String

  /// The version of `bytes`.
  public init(of bytes: [UInt8]) {
    var hash = StableHash()
    hash.add(bytes)
    let hex = String(hash.value, radix: 16)
    rawValue = String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(bytes.count)
  }

  /// A version as a client sent it back; nil for text that cannot be one.
  public init?(rawValue: String) {
    let parts = rawValue.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 16, parts[0].allSatisfy(\.isHexDigit), UInt64(parts[0], radix: 16) != nil,
      !parts[1].isEmpty, parts[1].count < 12, parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    self.rawValue = rawValue.lowercased()
  }

  /// The version as it travels.
  public var description: String { rawValue }
}
