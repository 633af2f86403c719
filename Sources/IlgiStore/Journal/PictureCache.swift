import Crypto
import Foundation
import IlgiFormat
import IlgiSystem

/// The smaller copies of pictures a page shows (a list's thumbnails, an entry's display
/// copies): made once with libvips and kept, so a list of photos is not a decode of every
/// 12-megapixel original each time it is shown.
///
/// A plain journal keeps them as files under `.ilgi/cache/pictures/` (deleting the folder costs
/// only time); a sealed picture's copies stay in this process's memory, never on disk in the
/// clear, the least recently used given up past `memoryLimit` bytes.
public final class PictureCache: @unchecked Sendable {
  /// Where a plain journal's copies are kept, relative to the journal.
  public static let folder = ".ilgi/cache/pictures"

  private let root: String
  private let fileSystem = LocalFileSystem()
  private let memoryLimit: Int
  private let lock = NSLock()
  private var memory: [String: [UInt8]] = [:]
  /// Keys from least to most recently used.
  private var order: [String] = []
  private var memoryBytes = 0

  /// A cache for the journal at `root`, holding at most `memoryLimit` bytes of sealed copies.
  public init(root: String, memoryLimit: Int = 64 * 1_000_000) {
    self.root = root
    self.memoryLimit = memoryLimit
  }

  /// The copy of the picture in `file` (relative to the journal) fitting `side` pixels, made by
  /// `make` the first time; `sealed` keeps it in memory only. The key is the file's path, size
  /// and time of change, so a file replaced is a new picture.
  public func copy(of file: JournalPath, side: Int, sealed: Bool, make: () throws -> [UInt8]) rethrows -> [UInt8] {
    guard let status = try? fileSystem.status(atPath: root + "/" + file.rawValue) else { return try make() }
    let changed = status.modified.timeIntervalSince1970
    let key = Self.key("\(file.rawValue)\t\(status.size)\t\(status.inode)\t\(changed)\t\(side)")
    if sealed { return try remembered(key, make) }
    let path = root + "/" + Self.folder + "/" + key + ".jpeg"
    if let kept = try? fileSystem.readFile(atPath: path, limit: 64 * 1_000_000) { return kept }
    let made = try make()
    // A cache: a copy that cannot be written is made again next time.
    try? fileSystem.writeAtomicallyMakingFolder(made, toPath: path)
    return made
  }

  private func remembered(_ key: String, _ make: () throws -> [UInt8]) rethrows -> [UInt8] {
    if let kept = lock.withLock({ () -> [UInt8]? in
      guard let kept = memory[key] else { return nil }
      order.removeAll { $0 == key }
      order.append(key)
      return kept
    }) {
      return kept
    }
    let made = try make()
    lock.withLock {
      guard memory[key] == nil, made.count <= memoryLimit else { return }
      memory[key] = made
      order.append(key)
      memoryBytes += made.count
      while memoryBytes > memoryLimit, let oldest = order.first {
        order.removeFirst()
        memoryBytes -= memory.removeValue(forKey: oldest)?.count ?? 0
      }
    }
    return made
  }

  /// A file name for `text`: its SHA-256 in hex, shortened (the path it is made from may name
  /// a person's file, which a cache folder's listing should not show).
  private static func key(_ text: String) -> String {
    SHA256.hash(data: Array(text.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
  }
}
