import Foundation

/// ASCII armor: the strict PEM form of RFC 7468 with the label "AGE ENCRYPTED FILE", base64
/// with padding in lines of 64 columns. Whitespace around the block is allowed, and CRLF.
public enum AgeArmor {
  static let begin = "-----BEGIN AGE ENCRYPTED FILE-----"
  static let end = "-----END AGE ENCRYPTED FILE-----"
  /// `begin` as bytes, made once: every file an index reads is asked whether it is armored.
  private static let beginBytes = Array(begin.utf8)

  /// Whether `bytes` start (after whitespace) like an armored age file.
  public static func isArmored(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.drop(while: isSpace).starts(with: beginBytes)
  }

  /// The armored text of `bytes`.
  public static func encode(_ bytes: [UInt8]) -> [UInt8] {
    let encoded = Array(Data(bytes).base64EncodedString().utf8)
    var text = Array((begin + "\n").utf8)
    var start = 0
    while start < encoded.count {
      let end = min(start + 64, encoded.count)
      text += encoded[start..<end] + [0x0a]
      start = end
    }
    return text + Array((end + "\n").utf8)
  }

  /// The bytes inside the armor, refusing anything but the canonical form.
  public static func decode(_ bytes: [UInt8]) throws(AgeError) -> [UInt8] {
    var text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.count == bytes.count else { throw .malformedArmor("it is not text") }
    text = text.replacingOccurrences(of: "\r\n", with: "\n")
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    var lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first == Substring(begin) else { throw .malformedArmor("it does not begin with \(begin)") }
    guard lines.last == Substring(end) else { throw .malformedArmor("it does not end with \(end)") }
    lines = Array(lines.dropFirst().dropLast())
    // An empty armor is an empty file: what is wrong with it is that it has no header.
    if lines.isEmpty { return [] }
    for (number, line) in lines.enumerated() {
      let isLast = number == lines.count - 1
      guard isLast ? (line.count >= 1 && line.count <= 64) : line.count == 64 else {
        throw .malformedArmor("line \(number + 2) is not 64 columns")
      }
    }
    let body = lines.joined()
    guard body.count % 4 == 0, let data = Data(base64Encoded: body), data.base64EncodedString() == body else {
      throw .malformedArmor("its base64 is not canonical")
    }
    return [UInt8](data)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
  }
}
