import Testing

@testable import IlgiAge

/// Recipients whose X25519 point has a small order: X25519 with any secret gives an all-zero
/// shared secret, so a file sealed to one opens for anyone. age refuses them ("low order
/// point"); ilgi refuses them where a key is read, and no key made any way ends in a trap.
@Suite struct LowOrderKeyTests {
  /// The points of order 1, 2, 4 and 8 on Curve25519 and their non-canonical twins (little
  /// endian), as libsodium's blocklist names them.
  static let lowOrderPoints: [[UInt8]] = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  ].map(Self.bytes)

  static func bytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
      index = next
    }
    return bytes
  }

  @Test func lowOrderX25519RecipientsAreRefusedWhenRead() {
    for point in Self.lowOrderPoints {
      let text = Bech32.encode(hrp: X25519Recipient.hrp, data: point)
      #expect(throws: AgeError.self, "\(text)") { try KeyRecipient(text) }
    }
    // The all-zero key as the issue met it, and a good key beside it.
    #expect(throws: AgeError.self) {
      try KeyRecipient("age1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq5cu47z")
    }
    #expect(throws: Never.self) { try KeyRecipient(KeyIdentity.generate(postQuantum: false).recipient.encoded) }
  }

  @Test func aHybridKeyWithALowOrderX25519HalfIsRefusedAndNeverTraps() throws {
    let good = Array(
      try #require(KeyIdentity.generate(postQuantum: true).recipient.hybridKey).publicKey.rawRepresentation)
    #expect(good.count == HybridRecipient.publicKeyCount)
    for point in Self.lowOrderPoints {
      let text = Bech32.encode(hrp: HybridRecipient.hrp, data: good.dropLast(32) + point)
      #expect(throws: AgeError.self) { try KeyRecipient(text) }
    }
  }

  @Test func sealingToALowOrderPointThrowsInsteadOfTrapping() throws {
    let good = try X25519Recipient(KeyIdentity.generate(postQuantum: false).recipient.encoded)
    let lowOrder = X25519Recipient(publicKey: try .init(rawRepresentation: Self.lowOrderPoints[0]))
    #expect(throws: AgeError.self) { try AgeFile.encrypt([1, 2, 3], to: [good, lowOrder]) }
  }
}

extension KeyRecipient {
  /// The hybrid key, for a hybrid recipient.
  fileprivate var hybridKey: HybridRecipient? {
    if case .hybrid(let key) = self { return key }
    return nil
  }
}
