import Foundation

/// Encrypting and decrypting whole files in the age v1 format (age-encryption.org/v1).
public enum AgeFile {
  /// The magic at the start of a binary age file.
  static let magic = Array(AgeHeader.versionPrefix.utf8)

  /// Whether `bytes` look like an age file, binary or armored (by their first bytes only).
  public static func isEncrypted(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: magic) || AgeArmor.isArmored(bytes)
  }

  /// How many recipients the binary age file starting with `prefix` is sealed to (its header's
  /// stanzas), or nil when `prefix` does not hold an age header whole. Opens nothing.
  public static func recipientCount(_ prefix: [UInt8]) -> Int? {
    (try? AgeHeader(parsing: prefix))?.stanzas.count
  }

  /// The type of each stanza of the age file whose first bytes are `prefix` (`X25519`,
  /// `mlkem768x25519`, `scrypt`), in order; nil when they are not an age header. A stanza does
  /// not say to whom it is, only of what kind.
  public static func stanzaTypes(_ prefix: [UInt8]) -> [String]? {
    (try? AgeHeader(parsing: prefix))?.stanzas.map(\.type)
  }

  /// `plaintext` encrypted to every recipient, binary (or armored with `armor`).
  public static func encrypt(
    _ plaintext: [UInt8], to recipients: [any AgeRecipient], armor: Bool = false
  ) throws(AgeError) -> [UInt8] {
    guard !recipients.isEmpty else { throw .invalidRecipients("there is no recipient to encrypt to") }
    if recipients.count > 1, recipients.contains(where: { $0 is ScryptRecipient }) {
      throw .invalidRecipients("a passphrase cannot be mixed with other recipients")
    }
    let fileKey = randomBytes(16)
    var stanzas: [AgeStanza] = []
    for recipient in recipients { stanzas += try recipient.wrap(fileKey) }
    let header = AgeHeader.encode(stanzas, fileKey: fileKey)
    let file = header + AgeStream.seal(plaintext, fileKey: fileKey, nonce: randomBytes(AgeStream.nonceSize))
    return armor ? AgeArmor.encode(file) : file
  }

  /// The plaintext of an age file (binary or armored), opened with the first identity that
  /// matches. Never returns part of a text: any damage is an error.
  public static func decrypt(_ bytes: [UInt8], with identities: [any AgeIdentity]) throws(AgeError) -> [UInt8] {
    let file = AgeArmor.isArmored(bytes) ? try AgeArmor.decode(bytes) : bytes
    let header = try AgeHeader(parsing: file)
    let fileKey = try unwrap(header, with: identities)
    return try AgeStream.open(file[header.payloadStart...], fileKey: fileKey)
  }

  /// Decrypts the age file at `file` (binary or armored) into the memory `output` gives for the
  /// plaintext's exact size, for files of many megabytes held where the caller chooses. When it
  /// throws, what that memory holds is no text.
  public static func decrypt(
    _ file: UnsafeRawBufferPointer, with identities: [any AgeIdentity],
    into output: (Int) -> UnsafeMutableRawBufferPointer
  ) throws(AgeError) {
    if AgeArmor.isArmored(file) {
      let decoded = try AgeArmor.decode(Array(file))
      let result = decoded.withUnsafeBytes { raw in
        Result { () throws(AgeError) in try decrypt(raw, with: identities, into: output) }
      }
      return try result.get()
    }
    let header = try AgeHeader(parsing: AgeHeader.prefix(of: file))
    let fileKey = try unwrap(header, with: identities)
    let payload = UnsafeRawBufferPointer(rebasing: file[header.payloadStart...])
    try AgeStream.open(
      payload, fileKey: fileKey, into: output(AgeStream.plaintextCount(payloadCount: payload.count)))
  }

  /// The file key from the first identity that opens a stanza, its header's MAC checked.
  private static func unwrap(_ header: AgeHeader, with identities: [any AgeIdentity]) throws(AgeError) -> [UInt8] {
    let hasScrypt = header.stanzas.contains { $0.type == "scrypt" }
    if hasScrypt, header.stanzas.count > 1 {
      throw .malformedHeader("a scrypt stanza is not the only stanza")
    }
    var fileKey: [UInt8]?
    for identity in identities {
      if let key = try identity.unwrap(header.stanzas) {
        fileKey = key
        break
      }
    }
    guard let fileKey else { throw hasScrypt ? .needsPassphrase : .noIdentityMatches }
    guard header.verify(fileKey: fileKey) else { throw .headerMACMismatch }
    return fileKey
  }

  /// The identities in an identity file's text: `AGE-SECRET-KEY-1...` and
  /// `AGE-SECRET-KEY-PQ-1...` lines, with `#` comments and blank lines ignored. Throws naming
  /// the first line that is neither.
  public static func identities(in text: String) throws(AgeError) -> [KeyIdentity] {
    var identities: [KeyIdentity] = []
    // Lines end in LF or CRLF (one Character in Swift), as age reads them.
    for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      do {
        identities.append(try KeyIdentity(line))
      } catch {
        throw .invalidKey("line \(number + 1) is not an age identity (AGE-SECRET-KEY-1... or AGE-SECRET-KEY-PQ-1...)")
      }
    }
    guard !identities.isEmpty else { throw .invalidKey("it holds no identity") }
    return identities
  }
}
