import Foundation

/// Base64 as age's header uses it: the standard alphabet without padding, and only the one
/// canonical encoding of each value accepted (a malleable header would defeat its MAC).
enum RawBase64 {
  static func encode(_ bytes: some Collection<UInt8>) -> String {
    var text = Data(bytes).base64EncodedString()
    while text.hasSuffix("=") { text.removeLast() }
    return text
  }

  /// The bytes, or nil for padding, a character outside the alphabet or a non-canonical form.
  static func decode(_ text: some StringProtocol) -> [UInt8]? {
    guard text.utf8.allSatisfy({ isAlphabet($0) }), text.utf8.count % 4 != 1 else { return nil }
    let padded = String(text) + String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
    guard let data = Data(base64Encoded: padded) else { return nil }
    let bytes = [UInt8](data)
    // Leftover bits must be zero: re-encoding gives the same text only then.
    guard encode(bytes) == text else { return nil }
    return bytes
  }

  static func isAlphabet(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
      return true
    default: return false
    }
  }
}
