import Foundation

/// A 64-bit hash that is the same for the same input in every process (Swift's `Hasher` is
/// seeded anew per run), which is what a fingerprint kept on disk needs. Text is taken eight bytes
/// at a time, each word multiplied in and folded (a site's keys hash about a megabyte of paths and
/// titles per run).
package struct StableHash {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  package init(_ seed: UInt64) { add(seed) }

  package mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add($0) }
  }

  package mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { add($0) }
  }

  package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
    let count: Int
    do {
      var offset = 0
      while offset + 8 <= bytes.count {
        mix(UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
      var last: UInt64 = 0
      var shift: UInt64 = 0
      while offset < bytes.count {
        last |= UInt64(bytes[offset]) << shift
        shift += 8
        offset += 1
      }
      if shift > 0 { mix(last) }
      count = bytes.count
    }
    // The length ends the text, so "ab" + "c" and "a" + "bc" differ.
    mix(UInt64(count) | 0xFF00_0000_0000_0000)
  }

  package mutating func add(_ number: UInt64) { mix(number) }

  package mutating func add(_ number: Int64) { add(UInt64(bitPattern: number)) }

  /// 64-bit FNV-1a of `text` and a 0xFF byte: what fingerprints were before, kept for the feed's
  /// id, which feed readers follow and which must not change.
  package static func fnv1a(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 + [0xFF] { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return value
  }

  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
    value ^= value >> 29
  }
}

/// Fingerprints of whole texts, as the index keeps them.
extension StableHash {
  /// A 64-bit hash of the bytes, eight at a time: tells a touched file from a changed one.
  package static func fingerprint(_ bytes: [UInt8]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    bytes.withUnsafeBytes { raw in
      var index = 0
      while index + 8 <= raw.count {
        // Multiplying carries each bit upward; the shift brings the high half back down.
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        index += 8
      }
      while index < raw.count {
        hash = (hash ^ UInt64(raw[index])) &* 0x0000_0100_0000_01b3
        index += 1
      }
    }
    return Int64(bitPattern: hash ^ hash >> 29)
  }
}
