/// A recipient that is a public key, of either kind age has: X25519 (`age1...`) or the
/// post-quantum hybrid (`age1pq1...`). What a journal's list of recipients holds.
public enum KeyRecipient: AgeRecipient, Hashable {
  case x25519(X25519Recipient)
  case hybrid(HybridRecipient)

  /// Reads `age1pq1...` or `age1...`; throws `invalidKey`, saying which kind it took it for.
  public init(_ text: String) throws(AgeError) {
    if text.lowercased().hasPrefix(HybridRecipient.hrp + "1") {
      self = .hybrid(try HybridRecipient(text))
    } else {
      self = .x25519(try X25519Recipient(text))
    }
  }

  /// `age1...` or `age1pq1...`.
  public var encoded: String {
    switch self {
    case .x25519(let key): key.encoded
    case .hybrid(let key): key.encoded
    }
  }

  /// The type of the stanza a file sealed to this key has for it.
  public var stanzaType: String {
    switch self {
    case .x25519: "X25519"
    case .hybrid: HybridStanza.type
    }
  }

  /// Whether a file sealed to this key stays closed to a quantum computer.
  public var isPostQuantum: Bool {
    if case .hybrid = self { return true }
    return false
  }

  /// The key as a message shows it: whole for X25519, its start and end for a hybrid key's
  /// 1,959 characters.
  public var shown: String {
    switch self {
    case .x25519(let key): key.encoded
    case .hybrid(let key): HybridRecipient.shortened(key.encoded)
    }
  }

  /// One stanza wrapping `fileKey` for this recipient.
  public func wrap(_ fileKey: [UInt8]) throws(AgeError) -> [AgeStanza] {
    switch self {
    case .x25519(let key): try key.wrap(fileKey)
    case .hybrid(let key): try key.wrap(fileKey)
    }
  }
}

/// An identity that is a secret key, of either kind: `AGE-SECRET-KEY-1...` (X25519) or
/// `AGE-SECRET-KEY-PQ-1...` (post-quantum hybrid). What an identity file holds.
public enum KeyIdentity: AgeIdentity {
  case x25519(X25519Identity)
  case hybrid(HybridIdentity)

  /// A new identity of the hybrid kind when `postQuantum`, else X25519.
  public static func generate(postQuantum: Bool) -> KeyIdentity {
    postQuantum ? .hybrid(.generate()) : .x25519(.generate())
  }

  /// Reads `AGE-SECRET-KEY-PQ-1...` or `AGE-SECRET-KEY-1...`; throws `invalidKey`.
  public init(_ text: String) throws(AgeError) {
    if text.uppercased().hasPrefix("AGE-SECRET-KEY-PQ-1") {
      self = .hybrid(try HybridIdentity(text))
    } else {
      self = .x25519(try X25519Identity(text))
    }
  }

  /// `AGE-SECRET-KEY-1...` or `AGE-SECRET-KEY-PQ-1...`.
  public var encoded: String {
    switch self {
    case .x25519(let key): key.encoded
    case .hybrid(let key): key.encoded
    }
  }

  /// The recipient files for this identity are encrypted to.
  public var recipient: KeyRecipient {
    switch self {
    case .x25519(let key): .x25519(key.recipient)
    case .hybrid(let key): .hybrid(key.recipient)
    }
  }

  /// The file key from the stanza addressed to this identity, if any.
  public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]? {
    switch self {
    case .x25519(let key): try key.unwrap(stanzas)
    case .hybrid(let key): try key.unwrap(stanzas)
    }
  }
}
