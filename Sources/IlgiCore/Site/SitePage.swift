import Foundation

/// One file of a journal's site: where it goes, a fingerprint of everything it is made from, and
/// how to make it.
///
/// `ilgi export html` writes a page only when its fingerprint differs from the one written last
/// time; `ilgi serve` makes the page a request names.
public struct SitePage: Sendable {
  /// The file's path in the site, relative: `index.html`, `entries/2026/11/....html`.
  public let path: String
  /// Changes whenever anything the page is made from changes (FNV-1a, the same in every run).
  public let key: UInt64
  /// The media type a server sends it with.
  public let contentType: String
  let make: @Sendable () throws -> [UInt8]

  init(
    path: String, key: UInt64, contentType: String = "text/html; charset=utf-8",
    make: @escaping @Sendable () throws -> [UInt8]
  ) {
    self.path = path
    self.key = key
    self.contentType = contentType
    self.make = make
  }

  /// The page's bytes.
  public func render() throws(JournalError) -> [UInt8] {
    do {
      return try make()
    } catch let error as JournalError {
      throw error
    } catch let error as EntryReadError {
      throw JournalError(path: error.path.rawValue, reason: .unreadable(error))
    } catch {
      throw JournalError(path: path, reason: .template("\(error)"))
    }
  }
}

/// A 64-bit hash that is the same for the same input in every process (Swift's `Hasher` is
/// seeded anew per run), which is what a fingerprint kept on disk needs. Text is taken eight bytes
/// at a time, each word multiplied in and folded (a site's keys hash about a megabyte of paths and
/// titles per run).
struct StableHash {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  init() {}

  init(_ seed: UInt64) { add(seed) }

  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add($0) }
  }

  mutating func add(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { add($0) }
  }

  mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
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

  mutating func add(_ number: UInt64) { mix(number) }

  mutating func add(_ number: Int64) { add(UInt64(bitPattern: number)) }

  /// 64-bit FNV-1a of `text` and a 0xFF byte: what fingerprints were before, kept for the feed's
  /// id, which feed readers follow and which must not change.
  static func fnv1a(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 + [0xFF] { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return value
  }

  private mutating func mix(_ word: UInt64) {
    value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
    value ^= value >> 29
  }
}
