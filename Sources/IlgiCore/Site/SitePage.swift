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

  init(path: String, key: UInt64, contentType: String = "text/html; charset=utf-8", make: @escaping @Sendable () throws -> [UInt8]) {
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

/// A 64-bit FNV-1a hash: the same value for the same input in every process (Swift's `Hasher`
/// is seeded anew per run), which is what a fingerprint kept on disk needs.
struct StableHash {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  init() {}

  init(_ seed: UInt64) { add(seed) }

  mutating func add(_ text: String) {
    for byte in text.utf8 { mix(byte) }
    mix(0xFF)
  }

  mutating func add(_ number: UInt64) {
    var rest = number
    for _ in 0..<8 {
      mix(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }

  mutating func add(_ number: Int64) { add(UInt64(bitPattern: number)) }

  private mutating func mix(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
}
