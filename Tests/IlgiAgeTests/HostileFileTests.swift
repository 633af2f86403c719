import Foundation
import IlgiAge
import Testing

/// Damaged, truncated and forged files: each is one clear error, never a crash and never part
/// of a text.
@Suite struct HostileFileTests {
  static let identity = X25519Identity.generate()
  /// Three chunks: two full, one short.
  static let plaintext = (0..<(2 * 65536 + 100)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
  static let file = (try? AgeFile.encrypt(plaintext, to: [identity.recipient])) ?? []

  /// The file decrypted both ways, from an array and into memory given by size; the two must
  /// agree on the text or on the error.
  static func decrypt(_ bytes: [UInt8]) throws -> [UInt8] {
    var given = 0
    var memory: UnsafeMutableRawBufferPointer?
    defer { memory?.deallocate() }
    let intoMemory = Result { () throws(AgeError) in
      try bytes.withUnsafeBytes { raw in
        Result { () throws(AgeError) in
          try AgeFile.decrypt(raw, with: [identity]) { count in
            given = count
            let allocated = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
            allocated.initializeMemory(as: UInt8.self, repeating: 0xEE)
            memory = allocated
            return UnsafeMutableRawBufferPointer(rebasing: allocated[..<count])
          }
        }
      }.get()
    }
    let fromArray = Result { () throws(AgeError) in try AgeFile.decrypt(bytes, with: [identity]) }
    switch (fromArray, intoMemory) {
    case (.success(let text), .success):
      #expect(given == text.count, "the memory asked for is the text's exact size")
      #expect(memory.map { Array($0[..<given]) } == text, "both ways give the same text")
      return text
    case (.failure(let error), .failure(let other)):
      #expect(error == other, "both ways fail alike")
      throw error
    default:
      Issue.record("one way opened the file, the other did not: \(fromArray), \(intoMemory)")
      return try fromArray.get()
    }
  }

  /// Where the payload starts: after the MAC line.
  static var headerLength: Int {
    let text = String(decoding: file.prefix(1024), as: UTF8.self)
    guard let mac = text.range(of: "\n--- "), let end = text[mac.upperBound...].firstIndex(of: "\n") else { return 0 }
    return text.utf8.distance(from: text.startIndex, to: end) + 1
  }

  static var headerLines: [String] {
    String(decoding: file[..<headerLength], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// The file with its header lines replaced.
  static func withHeader(_ lines: [String]) -> [UInt8] {
    Array((lines.joined(separator: "\n") + "\n").utf8) + file[headerLength...]
  }

  @Test func theUntouchedFileOpens() throws {
    #expect(try Self.decrypt(Self.file) == Self.plaintext)
    #expect(Self.headerLines.count == 4)  // version, stanza, its body, MAC
  }

  @Test func everyHeaderLineMissingIsAnError() throws {
    for index in Self.headerLines.indices {
      var lines = Self.headerLines
      lines.remove(at: index)
      #expect(throws: AgeError.self, "without line \(index + 1)") { try Self.decrypt(Self.withHeader(lines)) }
    }
  }

  @Test func everyHeaderLineMalformedIsAnError() throws {
    let lines = Self.headerLines
    let variants: [(Int, String, AgeError?)] = [
      (0, "age-encryption.org/v2", .unsupportedVersion("v2")),
      (0, "hello", .notAgeFile),
      (1, "->X25519 " + lines[1].dropFirst(10), nil),
      (1, "-> X25519  " + lines[1].dropFirst(10), nil),
      (1, "-> X25519 " + lines[1].dropFirst(10) + "=", nil),
      (1, "-> X25519", .malformedHeader("an X25519 stanza is malformed")),
      (1, "-> X25519 " + lines[1].dropFirst(11), .malformedHeader("an X25519 stanza is malformed")),
      (2, lines[2] + "A", nil),
      (2, String(repeating: "A", count: 65), nil),
      (2, lines[2] + "=", nil),
      (2, String(lines[2].dropLast()), nil),
      (3, "---", nil),
      (3, "--- " + lines[3].dropFirst(4).dropLast(), nil),
      (3, "--- " + lines[3].dropFirst(4) + "A", nil),
      (3, "-- " + lines[3].dropFirst(4), nil),
    ]
    for (index, replacement, expected) in variants {
      var changed = lines
      changed[index] = replacement
      do {
        _ = try Self.decrypt(Self.withHeader(changed))
        Issue.record("line \(index + 1) as \(replacement) was accepted")
      } catch let error as AgeError {
        if let expected { #expect(error == expected, "line \(index + 1) as \(replacement)") }
      }
    }
  }

  @Test func aChangedMACIsCaught() throws {
    var lines = Self.headerLines
    var mac = Array(lines[3].utf8)
    mac[10] = mac[10] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
    lines[3] = String(decoding: mac, as: UTF8.self)
    #expect(throws: AgeError.headerMACMismatch) { try Self.decrypt(Self.withHeader(lines)) }
    // A changed stanza body no longer opens for this identity.
    var body = Self.headerLines
    body[1] = "-> X25519 " + RawShare.other
    #expect(throws: AgeError.self) { try Self.decrypt(Self.withHeader(body)) }
  }

  @Test func aFlippedByteInEachChunkNamesTheChunk() throws {
    let start = Self.headerLength + 16
    for chunk in 0..<3 {
      var bytes = Self.file
      bytes[start + chunk * (65536 + 16) + 7] ^= 0x01
      #expect(throws: AgeError.damagedChunk(chunk + 1)) { try Self.decrypt(bytes) }
    }
    var nonce = Self.file
    nonce[Self.headerLength] ^= 0x80
    #expect(throws: AgeError.damagedChunk(1)) { try Self.decrypt(nonce) }
  }

  @Test func truncatedAtEveryChunkBoundaryIsTruncated() throws {
    let start = Self.headerLength + 16
    for boundary in 0..<3 {
      let bytes = Array(Self.file[..<(start + boundary * (65536 + 16))])
      #expect(throws: AgeError.truncated, "cut after \(boundary) chunks") { try Self.decrypt(bytes) }
    }
    // Cut inside the nonce: a header failure, as the age test vectors (stream_short_nonce) say.
    #expect(throws: AgeError.malformedHeader("the payload's nonce is missing or short")) {
      try Self.decrypt(Array(Self.file[..<(Self.headerLength + 3)]))
    }
    #expect(throws: AgeError.self) { try Self.decrypt(Array(Self.file[..<(Self.headerLength - 2)])) }
    #expect(throws: AgeError.damagedChunk(3)) { try Self.decrypt(Array(Self.file.dropLast(1))) }
  }

  @Test func anExtraChunkAfterTheLastIsRefused() throws {
    // One full chunk that is also the last, then a copy of it: the first must not be last.
    let full = try AgeFile.encrypt([UInt8](repeating: 7, count: 65536), to: [Self.identity.recipient])
    let sealed = full.suffix(65536 + 16)
    #expect(throws: AgeError.trailingData) { try Self.decrypt(full + sealed) }
    #expect(throws: AgeError.self) { try Self.decrypt(Self.file + [0]) }
    #expect(throws: AgeError.self) { try Self.decrypt(Self.file + Self.file.suffix(65536 + 16)) }
  }

  @Test func aHugeWorkFactorIsRefusedWithoutComputingIt() throws {
    let file = try AgeFile.encrypt(Array("secret".utf8), to: [ScryptRecipient(passphrase: "p", workFactor: 10)])
    var text = String(decoding: file, as: UTF8.self)
    text = text.replacingOccurrences(of: " 10\n", with: " 40\n")
    let started = Date()
    #expect(throws: AgeError.workFactorTooHigh(40, limit: 22)) {
      try AgeFile.decrypt(Array(text.utf8), with: [ScryptIdentity(passphrase: "p")])
    }
    #expect(Date().timeIntervalSince(started) < 1)
    #expect(throws: AgeError.self) {
      try AgeFile.decrypt(
        Array(text.replacingOccurrences(of: " 40\n", with: " 010\n").utf8), with: [ScryptIdentity(passphrase: "p")])
    }
  }

  @Test func scryptBesideAnotherStanzaIsRefused() throws {
    #expect(throws: AgeError.self) {
      try AgeFile.encrypt([1], to: [ScryptRecipient(passphrase: "p"), Self.identity.recipient])
    }
    let file = try AgeFile.encrypt(Array("x".utf8), to: [ScryptRecipient(passphrase: "p", workFactor: 10)])
    var lines = String(decoding: file, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    lines.insert(contentsOf: Self.headerLines[1...2], at: 1)
    let mixed = Array(lines.joined(separator: "\n").utf8)
    #expect(throws: AgeError.malformedHeader("a scrypt stanza is not the only stanza")) {
      try AgeFile.decrypt(mixed, with: [ScryptIdentity(passphrase: "p")])
    }
  }

  @Test func armorIsReadOnlyInItsCanonicalForm() throws {
    let armored = try AgeFile.encrypt(Array("일기".utf8), to: [Self.identity.recipient], armor: true)
    let text = String(decoding: armored, as: UTF8.self)
    #expect(try Self.decrypt(Array(("\n  " + text + "\n\n").utf8)) == Array("일기".utf8))
    #expect(try Self.decrypt(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)) == Array("일기".utf8))
    let broken = [
      text.replacingOccurrences(of: "-----END AGE ENCRYPTED FILE-----", with: ""),
      text + "garbage\n",
      "garbage\n" + text,
      text.replacingOccurrences(of: "BEGIN AGE", with: "BEGIN PGP"),
      {
        var lines = text.split(separator: "\n").map(String.init); lines[1] = String(lines[1].dropLast());
        return lines.joined(separator: "\n")
      }(),
      text.replacingOccurrences(of: "=\n", with: "\n"),
    ]
    for variant in broken {
      #expect(throws: AgeError.self, "\(variant.prefix(60))") { try Self.decrypt(Array(variant.utf8)) }
    }
  }

  @Test func keysAreCheckedWhenRead() throws {
    #expect(throws: AgeError.self) { try X25519Recipient("age1qqqq") }
    #expect(throws: AgeError.self) { try X25519Recipient(Self.identity.recipient.encoded.uppercased()) }
    var flipped = Array(Self.identity.recipient.encoded.utf8)
    flipped[10] = flipped[10] == UInt8(ascii: "q") ? UInt8(ascii: "p") : UInt8(ascii: "q")
    #expect(throws: AgeError.self) { try X25519Recipient(String(decoding: flipped, as: UTF8.self)) }
    #expect(throws: AgeError.self) { try X25519Identity(Self.identity.encoded.lowercased()) }
    #expect(try X25519Identity(Self.identity.encoded).recipient == Self.identity.recipient)
    #expect(throws: AgeError.self) { try AgeFile.identities(in: "# only a comment\n") }
    // Lines ending in CRLF, as an editor on Windows saves them.
    #expect(try AgeFile.identities(in: "# created\r\n" + Self.identity.encoded + "\r\n").count == 1)
    #expect(
      throws: AgeError.invalidKey("line 2 is not an age identity (AGE-SECRET-KEY-1... or AGE-SECRET-KEY-PQ-1...)")
    ) {
      try AgeFile.identities(in: Self.identity.encoded + "\nnonsense\n")
    }
  }

  @Test func emptyAndForeignInputsAreErrors() throws {
    #expect(throws: AgeError.notAgeFile) { try Self.decrypt([]) }
    #expect(throws: AgeError.notAgeFile) { try Self.decrypt(Array("---\ntitle: x\n---\n".utf8)) }
    #expect(throws: AgeError.self) { try Self.decrypt(Array("age-encryption.org/v1".utf8)) }
    #expect(throws: AgeError.self) { try Self.decrypt(Array("age-encryption.org/v1\n--- AAAA\n".utf8)) }
  }
}

/// A well-formed X25519 share that is not the file's.
enum RawShare {
  static let other: String = {
    let file = (try? AgeFile.encrypt([1], to: [X25519Identity.generate().recipient])) ?? []
    let line = String(decoding: file, as: UTF8.self).split(separator: "\n")[1]
    return String(line.dropFirst("-> X25519 ".count))
  }()
}
