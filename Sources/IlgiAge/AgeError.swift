/// Why an age file could not be read or written. Each description completes the sentence
/// "FILE could not be decrypted: ...".
public enum AgeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes do not start like an age file at all.
  case notAgeFile
  /// An age file of a version other than v1.
  case unsupportedVersion(String)
  /// The header breaks the format; the text says where.
  case malformedHeader(String)
  /// The ASCII armor breaks RFC 7468's strict form; the text says where.
  case malformedArmor(String)
  /// The header's MAC does not match: it was changed after it was written.
  case headerMACMismatch
  /// No identity given opens any of the file's stanzas.
  case noIdentityMatches
  /// The file is protected by a passphrase and none was given.
  case needsPassphrase
  /// The passphrase given does not open the file.
  case wrongPassphrase
  /// The file asks for more scrypt work than allowed (log2 of the work factor).
  case workFactorTooHigh(Int, limit: Int)
  /// A chunk of the payload fails to authenticate (counted from 1).
  case damagedChunk(Int)
  /// The payload ends before its final chunk.
  case truncated
  /// Bytes follow the final chunk.
  case trailingData
  /// A key that is not one: the text says what was expected.
  case invalidKey(String)
  /// A recipient list that cannot be used (empty, or scrypt beside another).
  case invalidRecipients(String)

  /// What is wrong, in words that follow "could not be decrypted: ".
  public var description: String {
    switch self {
    case .notAgeFile: return "it is not an age file"
    case .unsupportedVersion(let version): return "it is an age file of version \"\(version)\"; only v1 is known"
    case .malformedHeader(let what): return "its header is malformed (\(what))"
    case .malformedArmor(let what): return "its ASCII armor is malformed (\(what))"
    case .headerMACMismatch: return "its header was changed after it was written (the MAC does not match)"
    case .noIdentityMatches: return "no identity matches"
    case .needsPassphrase: return "it is protected by a passphrase and none was given"
    case .wrongPassphrase: return "the passphrase is wrong"
    case .workFactorTooHigh(let factor, let limit):
      return "it asks for a scrypt work factor of 2^\(factor), more than the 2^\(limit) allowed"
    case .damagedChunk(let chunk): return "chunk \(chunk) of its text is damaged or was changed"
    case .truncated: return "it is truncated"
    case .trailingData: return "data follows its last chunk"
    case .invalidKey(let what): return what
    case .invalidRecipients(let what): return what
    }
  }
}
