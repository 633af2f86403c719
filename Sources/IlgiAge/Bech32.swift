/// Bech32 (BIP 173) as age uses it for keys: `age1...` and `age1pq1...` recipients,
/// `AGE-SECRET-KEY-1...` and `AGE-SECRET-KEY-PQ-1...` identities. Unlike BIP 173, age sets no length limit, and a string is all lower or all
/// upper case.
enum Bech32 {
  private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
  private static let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]

  /// `hrp` + "1" + the data's 5-bit groups + a six-character checksum, lower case.
  static func encode(hrp: String, data: [UInt8]) -> String {
    let hrp = Array(hrp.lowercased().utf8)
    let values = regroup(data, from: 8, to: 5, pad: true) ?? []
    let checksum = self.checksum(hrp: hrp, values: values)
    return String(decoding: hrp + [UInt8(ascii: "1")] + (values + checksum).map { alphabet[Int($0)] }, as: UTF8.self)
  }

  /// The human-readable part (lower case) and the data of a Bech32 string, or nil when it is
  /// not one: mixed case, a character outside the alphabet, a bad checksum or bad padding.
  static func decode(_ text: String) -> (hrp: String, data: [UInt8])? {
    let bytes = Array(text.utf8)
    guard bytes.allSatisfy({ $0 >= 33 && $0 <= 126 }) else { return nil }
    let hasLower = bytes.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    let hasUpper = bytes.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    guard !(hasLower && hasUpper) else { return nil }
    let lower = bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    guard let separator = lower.lastIndex(of: UInt8(ascii: "1")), separator >= 1,
      lower.count - separator - 1 >= 6
    else { return nil }
    let hrp = Array(lower[..<separator])
    var values: [UInt8] = []
    values.reserveCapacity(lower.count - separator - 1)
    for byte in lower[(separator + 1)...] {
      guard let value = alphabet.firstIndex(of: byte) else { return nil }
      values.append(UInt8(value))
    }
    guard polymod(expand(hrp) + values) == 1 else { return nil }
    guard let data = regroup(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else { return nil }
    return (String(decoding: hrp, as: UTF8.self), data)
  }

  /// The `count` bytes of a key written with `hrp`, all in the one case age writes it in.
  static func key(_ text: String, hrp expected: String, upperCase: Bool, count: Int = 32) -> [UInt8]? {
    guard text == (upperCase ? text.uppercased() : text.lowercased()), let (hrp, data) = decode(text),
      hrp == expected, data.count == count
    else { return nil }
    return data
  }

  private static func polymod(_ values: [UInt8]) -> UInt32 {
    var check: UInt32 = 1
    for value in values {
      let top = check >> 25
      check = (check & 0x1ff_ffff) << 5 ^ UInt32(value)
      for bit in 0..<5 where (top >> bit) & 1 == 1 { check ^= generator[bit] }
    }
    return check
  }

  private static func expand(_ hrp: [UInt8]) -> [UInt8] {
    hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
  }

  private static func checksum(hrp: [UInt8], values: [UInt8]) -> [UInt8] {
    let mod = polymod(expand(hrp) + values + [0, 0, 0, 0, 0, 0]) ^ 1
    return (0..<6).map { UInt8((mod >> (5 * (5 - UInt32($0)))) & 31) }
  }

  /// Regroups bits; without `pad`, leftover bits must be fewer than `from` and all zero.
  private static func regroup(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
    var accumulator = 0
    var bits = 0
    var result: [UInt8] = []
    let mask = (1 << to) - 1
    for value in data {
      guard Int(value) >> from == 0 else { return nil }
      accumulator = (accumulator << from) | Int(value)
      bits += from
      while bits >= to {
        bits -= to
        result.append(UInt8((accumulator >> bits) & mask))
      }
      accumulator &= (1 << bits) - 1
    }
    if pad {
      if bits > 0 { result.append(UInt8((accumulator << (to - bits)) & mask)) }
    } else if bits >= from || (accumulator << (to - bits)) & mask != 0 {
      return nil
    }
    return result
  }
}
