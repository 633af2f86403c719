import Crypto

/// One recipient stanza: its arguments (the first names its type) and its body.
public struct AgeStanza: Sendable, Equatable {
  /// The arguments after `->`; the first is the stanza's type.
  public var arguments: [String]
  /// The decoded body.
  public var body: [UInt8]

  /// A stanza of these arguments and body.
  public init(arguments: [String], body: [UInt8]) {
    self.arguments = arguments
    self.body = body
  }

  /// The stanza's type: its first argument.
  public var type: String { arguments.first ?? "" }

  /// `-> args` and the body in base64, wrapped at 64 columns, ending with a shorter line.
  var text: String {
    var text = "-> " + arguments.joined(separator: " ") + "\n"
    let encoded = Array(RawBase64.encode(body).utf8)
    var start = 0
    while encoded.count - start >= 64 {
      text += String(decoding: encoded[start..<(start + 64)], as: UTF8.self) + "\n"
      start += 64
    }
    return text + String(decoding: encoded[start...], as: UTF8.self) + "\n"
  }
}

/// The textual header of an age v1 file: its stanzas and MAC, and where the payload starts.
struct AgeHeader {
  static let versionLine = "age-encryption.org/v1"
  static let versionPrefix = "age-encryption.org/"

  var stanzas: [AgeStanza]
  var mac: [UInt8]
  /// The header's bytes up to and including `---`: what the MAC covers.
  var macInput: ArraySlice<UInt8>
  /// Where the binary payload begins.
  var payloadStart: Int

  /// Reads the header at the start of `bytes` by the ABNF of the spec, rejecting anything else.
  init(parsing bytes: [UInt8]) throws(AgeError) {
    var reader = LineReader(bytes: bytes)
    guard let first = reader.line() else {
      let prefix = Array(Self.versionPrefix.utf8)
      if bytes.starts(with: prefix) || (!bytes.isEmpty && prefix.starts(with: bytes)) {
        throw .malformedHeader("the version line does not end")
      }
      throw .notAgeFile
    }
    let firstText = String(decoding: first, as: UTF8.self)
    guard firstText == Self.versionLine else {
      if firstText.hasPrefix(Self.versionPrefix) {
        throw .unsupportedVersion(String(firstText.dropFirst(Self.versionPrefix.count)))
      }
      throw .notAgeFile
    }
    var stanzas: [AgeStanza] = []
    while true {
      let lineStart = reader.offset
      guard let line = reader.line() else { throw .malformedHeader("it ends before the MAC line") }
      if line.starts(with: Array("--- ".utf8)) {
        guard !stanzas.isEmpty else { throw .malformedHeader("it has no recipient stanza") }
        let encoded = line.dropFirst(4)
        guard encoded.count == 43, let mac = RawBase64.decode(String(decoding: encoded, as: UTF8.self)) else {
          throw .malformedHeader("the MAC is not 32 bytes in base64")
        }
        self.stanzas = stanzas
        self.mac = mac
        macInput = bytes[..<(lineStart + 3)]
        payloadStart = reader.offset
        return
      }
      guard line.starts(with: Array("-> ".utf8)) else {
        throw .malformedHeader("line \(stanzas.count + 2) is neither a stanza nor the MAC")
      }
      let arguments = line.dropFirst(3).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
      guard !arguments.isEmpty, arguments.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x21 && $0 <= 0x7e } })
      else { throw .malformedHeader("a stanza's arguments are empty or not printable") }
      var body = ""
      while true {
        guard let bodyLine = reader.line() else { throw .malformedHeader("a stanza's body does not end") }
        guard bodyLine.count <= 64, bodyLine.allSatisfy(RawBase64.isAlphabet) else {
          throw .malformedHeader("a stanza's body is not base64 wrapped at 64 columns")
        }
        body += String(decoding: bodyLine, as: UTF8.self)
        if bodyLine.count < 64 { break }
      }
      guard let decoded = RawBase64.decode(body) else {
        throw .malformedHeader("a stanza's body is not canonical base64")
      }
      stanzas.append(AgeStanza(arguments: arguments.map { String(decoding: $0, as: UTF8.self) }, body: decoded))
    }
  }

  /// The bytes of `file` up to the end of its MAC line (the first line that starts with `---`:
  /// stanza lines start with `->` and bodies are base64), or all of them when there is none;
  /// what the parser needs, without the payload.
  static func prefix(of file: UnsafeRawBufferPointer) -> [UInt8] {
    var lineStart = 0
    while lineStart < file.count {
      guard let end = file[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      if file[lineStart...].starts(with: "---".utf8) { return Array(file[...end]) }
      lineStart = end + 1
    }
    return Array(file)
  }

  /// The header's text for `stanzas`, with its MAC under `fileKey`.
  static func encode(_ stanzas: [AgeStanza], fileKey: [UInt8]) -> [UInt8] {
    var text = Array((versionLine + "\n").utf8)
    for stanza in stanzas { text += Array(stanza.text.utf8) }
    text += Array("---".utf8)
    let mac = macOf(text[...], fileKey: fileKey)
    text += Array((" " + RawBase64.encode(mac) + "\n").utf8)
    return text
  }

  static func macOf(_ input: ArraySlice<UInt8>, fileKey: [UInt8]) -> [UInt8] {
    let key = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: fileKey), salt: [UInt8](), info: Array("header".utf8), outputByteCount: 32)
    return Array(HMAC<SHA256>.authenticationCode(for: input, using: key))
  }

  /// Whether the MAC matches the header under `fileKey`, compared in constant time.
  func verify(fileKey: [UInt8]) -> Bool {
    let key = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: fileKey), salt: [UInt8](), info: Array("header".utf8), outputByteCount: 32)
    return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: macInput, using: key)
  }
}

/// Lines ending in LF, without the LF; a line with no LF before the end is no line.
private struct LineReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func line() -> ArraySlice<UInt8>? {
    // A header line is short; a "line" longer than this is not a header.
    let limit = min(bytes.count, offset + 4096)
    guard let end = bytes[offset..<limit].firstIndex(of: 0x0a) else { return nil }
    defer { offset = end + 1 }
    return bytes[offset..<end]
  }
}
