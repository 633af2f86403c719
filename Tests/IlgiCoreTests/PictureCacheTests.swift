import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore

/// Smaller copies of pictures are made once: a plain journal keeps them under `.ilgi/cache/`,
/// a sealed picture's only in memory, and a file replaced is a new picture.
@Suite struct PictureCacheTests {
  /// Makes `copy 1`, `copy 2`, ... and counts them.
  final class Maker: @unchecked Sendable {
    var count = 0
    func make() -> [UInt8] {
      count += 1
      return Array("copy \(count)".utf8)
    }
  }

  @Test func aPlainPicturesCopyIsMadeOnceAndKeptOnDisk() throws {
    let journal = try TempJournal()
    try journal.write("2026/11/a.jpeg", Array("original".utf8))
    let cache = PictureCache(root: journal.root)
    let made = Maker()
    let make = made.make
    let file = JournalPath("2026/11/a.jpeg")
    #expect(cache.copy(of: file, side: 160, sealed: false, make: make) == Array("copy 1".utf8))
    #expect(cache.copy(of: file, side: 160, sealed: false, make: make) == Array("copy 1".utf8))
    #expect(
      PictureCache(root: journal.root).copy(of: file, side: 160, sealed: false, make: make) == Array("copy 1".utf8))
    #expect(made.count == 1)
    #expect(journal.snapshot().keys.filter { $0.hasPrefix(PictureCache.folder + "/") }.count == 1)
    // Another side is another copy; the file replaced is another picture.
    #expect(cache.copy(of: file, side: 1600, sealed: false, make: make) == Array("copy 2".utf8))
    try journal.write("2026/11/a.jpeg", Array("another photo".utf8))
    #expect(cache.copy(of: file, side: 160, sealed: false, make: make) == Array("copy 3".utf8))
  }

  @Test func aSealedPicturesCopyStaysInMemoryWithinItsLimit() throws {
    let journal = try TempJournal()
    try journal.write("2026/11/a.jpeg.age", Array("sealed".utf8))
    try journal.write("2026/11/b.jpeg.age", Array("sealed too".utf8))
    let cache = PictureCache(root: journal.root, memoryLimit: 10)
    let made = Maker()
    let make = made.make
    let a = JournalPath("2026/11/a.jpeg.age")
    #expect(cache.copy(of: a, side: 160, sealed: true, make: make) == Array("copy 1".utf8))
    #expect(cache.copy(of: a, side: 160, sealed: true, make: make) == Array("copy 1".utf8))
    #expect(made.count == 1)
    #expect(!journal.snapshot().keys.contains { $0.hasPrefix(".ilgi/cache/") }, "nothing on disk")
    // Past the limit the least recently used goes.
    _ = cache.copy(of: JournalPath("2026/11/b.jpeg.age"), side: 160, sealed: true, make: make)
    #expect(cache.copy(of: a, side: 160, sealed: true, make: make) == Array("copy 3".utf8))
  }

  /// Files sent to the app that no entry linked wait two weeks, then go.
  @Test func uploadsNoEntryLinkedAreSweptAfterTwoWeeks() throws {
    let journal = try TempJournal()
    let folder = JournalStore.uploadsFolder
    try journal.write(folder + "/old.jpeg", Array("old".utf8))
    try journal.write(folder + "/new.jpeg", Array("new".utf8))
    let now = Date()
    try FileManager.default.setAttributes(
      [.modificationDate: now.addingTimeInterval(-15 * 24 * 3600)],
      ofItemAtPath: journal.root + "/" + folder + "/old.jpeg")
    #expect(try journal.store().sweepUploads(now: now) == 1)
    #expect(journal.bytes(folder + "/old.jpeg") == nil)
    #expect(journal.bytes(folder + "/new.jpeg") == Array("new".utf8))
  }
}
