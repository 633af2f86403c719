import Crypto
import Foundation

/// age's post-quantum hybrid recipient type, `mlkem768x25519`: the file key is sealed with HPKE
/// (RFC 9180, base mode) using the X-Wing KEM (ML-KEM-768 with X25519), HKDF-SHA256 and
/// ChaCha20-Poly1305. A file sealed this way stays closed to an attacker who records it today
/// and has a quantum computer later, as long as either ML-KEM or X25519 holds.
enum HybridStanza {
  static let type = "mlkem768x25519"
  static let info = Data("age-encryption.org/mlkem768x25519".utf8)
  static let ciphersuite = HPKE.Ciphersuite(kem: .XWingMLKEM768X25519, kdf: .HKDF_SHA256, aead: .chaChaPoly)
  /// The encapsulated key: an ML-KEM-768 ciphertext (1,088 bytes) and an X25519 share (32).
  static let encapsulatedCount = 1120
}

/// A hybrid post-quantum recipient, written `age1pq1...`: the 1,216-byte X-Wing public key.
public struct HybridRecipient: AgeRecipient, Hashable {
  static let hrp = "age1pq"
  static let publicKeyCount = 1216
  let publicKey: XWingMLKEM768X25519.PublicKey

  /// Two recipients are equal when their public keys are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.publicKey.rawRepresentation == rhs.publicKey.rawRepresentation
  }
  /// Hashes the public key.
  public func hash(into hasher: inout Hasher) { hasher.combine(publicKey.rawRepresentation) }

  /// Reads `age1pq1...`; throws `invalidKey` for anything else, and for a key whose X25519
  /// half (its last 32 bytes) is a low-order point or whose encapsulation fails.
  public init(_ text: String) throws(AgeError) {
    guard let data = Bech32.key(text, hrp: Self.hrp, upperCase: false, count: Self.publicKeyCount),
      let key = try? XWingMLKEM768X25519.PublicKey(rawRepresentation: data)
    else { throw .invalidKey("\"\(Self.shortened(text))\" is not an age post-quantum recipient (age1pq1...)") }
    guard X25519Recipient.isUsable(Array(data.suffix(32))),
      (try? HPKE.Sender(recipientKey: key, ciphersuite: HybridStanza.ciphersuite, info: HybridStanza.info)) != nil
    else {
      throw .invalidKey(
        "\"\(Self.shortened(text))\" is not a usable post-quantum recipient (its X25519 half is a low-order point)")
    }
    publicKey = key
  }

  init(publicKey: XWingMLKEM768X25519.PublicKey) { self.publicKey = publicKey }

  /// `age1pq1...` (1,959 characters).
  public var encoded: String { Bech32.encode(hrp: Self.hrp, data: Array(publicKey.rawRepresentation)) }

  /// One stanza wrapping `fileKey` for this recipient.
  public func wrap(_ fileKey: [UInt8]) throws(AgeError) -> [AgeStanza] {
    // `init` tried an encapsulation; this holds for a key made any other way too.
    guard
      var sender = try? HPKE.Sender(
        recipientKey: publicKey, ciphersuite: HybridStanza.ciphersuite, info: HybridStanza.info),
      let body = try? sender.seal(fileKey)
    else {
      throw .invalidKey("\"\(Self.shortened(encoded))\" is not a usable post-quantum recipient")
    }
    return [
      AgeStanza(arguments: [HybridStanza.type, RawBase64.encode(sender.encapsulatedKey)], body: Array(body))
    ]
  }

  /// A recipient is 1,959 characters: a message shows its start and end.
  static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : text.prefix(16) + "…" + text.suffix(8)
  }
}

/// A hybrid post-quantum identity, written `AGE-SECRET-KEY-PQ-1...`: a 32-byte seed from which
/// both halves of the X-Wing key are derived.
public struct HybridIdentity: AgeIdentity {
  static let hrp = "age-secret-key-pq-"
  let privateKey: XWingMLKEM768X25519.PrivateKey

  /// A new identity from the system's random source.
  public static func generate() -> HybridIdentity {
    guard let key = try? XWingMLKEM768X25519.PrivateKey.generate() else {
      preconditionFailure("X-Wing key generation failed")
    }
    return HybridIdentity(privateKey: key)
  }

  /// Reads `AGE-SECRET-KEY-PQ-1...`; throws `invalidKey` for anything else.
  public init(_ text: String) throws(AgeError) {
    guard let seed = Bech32.key(text, hrp: Self.hrp, upperCase: true),
      let key = try? XWingMLKEM768X25519.PrivateKey(seedRepresentation: seed, publicKey: nil)
    else { throw .invalidKey("not an age post-quantum identity (AGE-SECRET-KEY-PQ-1...)") }
    privateKey = key
  }

  init(privateKey: XWingMLKEM768X25519.PrivateKey) { self.privateKey = privateKey }

  /// `AGE-SECRET-KEY-PQ-1...`.
  public var encoded: String { Bech32.encode(hrp: Self.hrp, data: Array(privateKey.seedRepresentation)).uppercased() }

  /// The recipient files for this identity are encrypted to.
  public var recipient: HybridRecipient { HybridRecipient(publicKey: privateKey.publicKey) }

  /// The file key from the stanza addressed to this identity, if any. A stanza of the wrong
  /// shape is an error, checked before anything is decrypted; one that does not open is
  /// another recipient's.
  public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]? {
    for stanza in stanzas where stanza.type == HybridStanza.type {
      guard stanza.arguments.count == 2, let encapsulated = RawBase64.decode(stanza.arguments[1]),
        encapsulated.count == HybridStanza.encapsulatedCount, stanza.body.count == 32
      else { throw .malformedHeader("an mlkem768x25519 stanza is malformed") }
      // ML-KEM rejects a bad ciphertext implicitly (a key that opens nothing); X-Wing fails
      // outright only when the X25519 share gives the all-zero secret, a low-order point.
      guard
        var opener = try? HPKE.Recipient(
          privateKey: privateKey, ciphersuite: HybridStanza.ciphersuite, info: HybridStanza.info,
          encapsulatedKey: Data(encapsulated))
      else { throw .malformedHeader("an mlkem768x25519 stanza's X25519 share is a low-order point") }
      if let fileKey = try? opener.open(stanza.body) { return Array(fileKey) }
    }
    return nil
  }
}
