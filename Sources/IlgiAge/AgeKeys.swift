import Crypto
import Foundation
import _CryptoExtras

/// Something that can unwrap a file key from an age header's stanzas.
public protocol AgeIdentity: Sendable {
  /// The file key, or nil when no stanza is addressed to this identity. Throws when one is
  /// addressed to it and is malformed, or (passphrases) does not open.
  func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]?
}

/// Something a file key can be wrapped for.
public protocol AgeRecipient: Sendable {
  /// The stanzas that carry `fileKey` for this recipient; throws `invalidKey` for a key no
  /// file can be sealed to.
  func wrap(_ fileKey: [UInt8]) throws(AgeError) -> [AgeStanza]
}

/// ChaCha20-Poly1305 with a zero nonce: how every native stanza wraps the 16-byte file key.
enum KeyWrap {
  static func seal(_ fileKey: [UInt8], key: SymmetricKey) -> [UInt8] {
    let box = Sealing.seal(fileKey[...], key: key, nonce: Sealing.nonce([UInt8](repeating: 0, count: 12)))
    return Array(box.ciphertext) + Array(box.tag)
  }

  static func open(_ body: [UInt8], key: SymmetricKey) -> [UInt8]? {
    guard body.count == 32,
      let box = try? ChaChaPoly.SealedBox(
        nonce: Sealing.nonce([UInt8](repeating: 0, count: 12)), ciphertext: body[..<16], tag: body[16...]),
      let key = try? ChaChaPoly.open(box, using: key)
    else { return nil }
    return Array(key)
  }
}

/// An X25519 recipient, written `age1...`.
public struct X25519Recipient: AgeRecipient, Hashable {
  static let hrp = "age"
  let publicKey: Curve25519.KeyAgreement.PublicKey

  /// Two recipients are equal when their public keys are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.publicKey.rawRepresentation == rhs.publicKey.rawRepresentation
  }
  /// Hashes the public key.
  public func hash(into hasher: inout Hasher) { hasher.combine(publicKey.rawRepresentation) }

  /// Reads `age1...`; throws `invalidKey` for anything else, and for a low-order point (the
  /// all-zero key among them), whose shared secret anyone can compute: age refuses those too.
  public init(_ text: String) throws(AgeError) {
    guard let data = Bech32.key(text, hrp: Self.hrp, upperCase: false),
      let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: data)
    else { throw .invalidKey("\"\(text)\" is not an age X25519 recipient (age1 and 58 letters and digits)") }
    guard Self.isUsable(Array(data)) else {
      throw .invalidKey("\"\(text)\" is a low-order point that anyone could decrypt for; it is no one's key")
    }
    publicKey = key
  }

  /// Whether X25519 with `point` gives a secret: for a low-order point it is all zeros
  /// whatever the other key, which age's specification says to refuse.
  static func isUsable(_ point: [UInt8]) -> Bool {
    guard point.count == 32, let key = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: point) else {
      return false
    }
    return sharedSecret(Curve25519.KeyAgreement.PrivateKey(), key) != nil
  }

  /// X25519 of `secret` and `point`, or nil when it fails or is all zeros (a low-order point).
  static func sharedSecret(
    _ secret: Curve25519.KeyAgreement.PrivateKey, _ point: Curve25519.KeyAgreement.PublicKey
  ) -> SharedSecret? {
    guard let shared = try? secret.sharedSecretFromKeyAgreement(with: point),
      shared.withUnsafeBytes({ bytes in bytes.contains { $0 != 0 } })
    else { return nil }
    return shared
  }

  init(publicKey: Curve25519.KeyAgreement.PublicKey) { self.publicKey = publicKey }

  /// `age1...`.
  public var encoded: String { Bech32.encode(hrp: Self.hrp, data: Array(publicKey.rawRepresentation)) }

  /// One stanza wrapping `fileKey` for this recipient.
  public func wrap(_ fileKey: [UInt8]) throws(AgeError) -> [AgeStanza] {
    let ephemeral = Curve25519.KeyAgreement.PrivateKey()
    let share = Array(ephemeral.publicKey.rawRepresentation)
    // `init` refused low-order points; this holds for a key made any other way too.
    guard let secret = Self.sharedSecret(ephemeral, publicKey) else {
      throw .invalidKey("\"\(encoded)\" is a low-order point that anyone could decrypt for; it is no one's key")
    }
    let key = secret.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: share + Array(publicKey.rawRepresentation), sharedInfo: Array(X25519Identity.info.utf8),
      outputByteCount: 32)
    return [AgeStanza(arguments: ["X25519", RawBase64.encode(share)], body: KeyWrap.seal(fileKey, key: key))]
  }
}

/// An X25519 identity, written `AGE-SECRET-KEY-1...`.
public struct X25519Identity: AgeIdentity {
  static let hrp = "age-secret-key-"
  static let info = "age-encryption.org/v1/X25519"
  let privateKey: Curve25519.KeyAgreement.PrivateKey

  /// A new identity from the system's random source.
  public static func generate() -> X25519Identity { X25519Identity(privateKey: .init()) }

  /// Reads `AGE-SECRET-KEY-1...`; throws `invalidKey` for anything else.
  public init(_ text: String) throws(AgeError) {
    guard let data = Bech32.key(text, hrp: Self.hrp, upperCase: true),
      let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: data)
    else { throw .invalidKey("not an age X25519 identity (AGE-SECRET-KEY-1...)") }
    privateKey = key
  }

  init(privateKey: Curve25519.KeyAgreement.PrivateKey) { self.privateKey = privateKey }

  /// `AGE-SECRET-KEY-1...`.
  public var encoded: String { Bech32.encode(hrp: Self.hrp, data: Array(privateKey.rawRepresentation)).uppercased() }

  /// The recipient files for this identity are encrypted to.
  public var recipient: X25519Recipient { X25519Recipient(publicKey: privateKey.publicKey) }

  /// The file key from the stanza addressed to this identity, if any.
  public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]? {
    for stanza in stanzas where stanza.type == "X25519" {
      guard stanza.arguments.count == 2, let share = RawBase64.decode(stanza.arguments[1]), share.count == 32,
        stanza.body.count == 32
      else { throw .malformedHeader("an X25519 stanza is malformed") }
      guard let peer = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: share),
        let secret = try? privateKey.sharedSecretFromKeyAgreement(with: peer)
      else { throw .malformedHeader("an X25519 stanza is malformed") }
      guard secret.withUnsafeBytes({ $0.contains { $0 != 0 } }) else {
        throw .malformedHeader("an X25519 stanza's share is a low-order point")
      }
      let key = secret.hkdfDerivedSymmetricKey(
        using: SHA256.self, salt: share + Array(privateKey.publicKey.rawRepresentation),
        sharedInfo: Array(Self.info.utf8), outputByteCount: 32)
      if let fileKey = KeyWrap.open(stanza.body, key: key) { return fileKey }
    }
    return nil
  }
}

/// The scrypt recipient: a file protected by a passphrase.
public struct ScryptRecipient: AgeRecipient {
  static let saltLabel = "age-encryption.org/v1/scrypt"
  let passphrase: [UInt8]
  let workFactor: Int

  /// `workFactor` is log2 of scrypt's N; age's default is 18 (about a second).
  public init(passphrase: String, workFactor: Int = 18) {
    self.passphrase = Array(passphrase.utf8)
    self.workFactor = workFactor
  }

  static func key(passphrase: [UInt8], salt: [UInt8], workFactor: Int) -> SymmetricKey? {
    try? KDF.Scrypt.deriveKey(
      from: passphrase, salt: Array(saltLabel.utf8) + salt, outputByteCount: 32, rounds: 1 << workFactor,
      blockSize: 8, parallelism: 1)
  }

  /// One stanza wrapping `fileKey` for this recipient.
  public func wrap(_ fileKey: [UInt8]) -> [AgeStanza] {
    let salt = randomBytes(16)
    guard let key = Self.key(passphrase: passphrase, salt: salt, workFactor: workFactor) else {
      preconditionFailure("scrypt could not derive a key at work factor \(workFactor)")
    }
    return [
      AgeStanza(
        arguments: ["scrypt", RawBase64.encode(salt), String(workFactor)], body: KeyWrap.seal(fileKey, key: key))
    ]
  }
}

/// The scrypt identity: opens a passphrase-protected file, refusing work factors above a limit
/// before computing anything.
public struct ScryptIdentity: AgeIdentity {
  let passphrase: [UInt8]
  let maxWorkFactor: Int

  /// age's own limit is 2^22 (4 GiB of memory for scrypt).
  public init(passphrase: String, maxWorkFactor: Int = 22) {
    self.passphrase = Array(passphrase.utf8)
    self.maxWorkFactor = maxWorkFactor
  }

  /// The file key from the stanza addressed to this identity, if any.
  public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]? {
    guard let stanza = stanzas.first(where: { $0.type == "scrypt" }) else { return nil }
    guard stanza.arguments.count == 3, let salt = RawBase64.decode(stanza.arguments[1]), salt.count == 16,
      let factorText = stanza.arguments.last, factorText.first != "0", factorText.count <= 2,
      factorText.allSatisfy(\.isASCII), let factor = Int(factorText), factor > 0, stanza.body.count == 32
    else { throw .malformedHeader("its scrypt stanza is malformed") }
    guard factor <= maxWorkFactor else { throw .workFactorTooHigh(factor, limit: maxWorkFactor) }
    guard let key = ScryptRecipient.key(passphrase: passphrase, salt: salt, workFactor: factor),
      let fileKey = KeyWrap.open(stanza.body, key: key)
    else { throw .wrongPassphrase }
    return fileKey
  }
}

func randomBytes(_ count: Int) -> [UInt8] {
  var generator = SystemRandomNumberGenerator()
  return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}
