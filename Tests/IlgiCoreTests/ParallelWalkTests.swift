import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiSystem

/// The walk that spreads a journal's folders over the cores, the map it uses, and the byte keys
/// the index matches paths with.
@Suite struct ParallelWalkTests {
  struct Failed: Error, Equatable { let item: Int }

  @Test func mapKeepsTheOrderOfItsItems() throws {
    let items = Array(0..<1_000)
    let squares = try Parallel.map(items, helpersFrom: 2) { (item: Int) throws(Failed) -> Int in item * item }
    #expect(squares == items.map { $0 * $0 })
    #expect(try Parallel.map([Int]()) { (item: Int) throws(Failed) -> Int in item }.isEmpty)
  }

  @Test func mapThrowsAnErrorOfItsWork() {
    #expect(throws: Failed.self) {
      _ = try Parallel.map(Array(0..<500), helpersFrom: 2) { (item: Int) throws(Failed) -> Int in
        if item == 321 { throw Failed(item: item) }
        return item
      }
    }
  }

  @Test func streamHandsEveryChunkOverInOrder() throws {
    for count in [0, 5, 256, 257, 3000] {
      var seen: [Int] = []
      var chunks = 0
      Parallel.stream(Array(0..<count), chunk: 256, ahead: 2) {
        $0 * 3
      } consume: { part in
        #expect(part.count <= 256)
        chunks += 1
        seen += part
      }
      #expect(seen == (0..<count).map { $0 * 3 }, "\(count) items")
      #expect(chunks == (count == 0 ? 1 : (count + 255) / 256))
    }
    // A failure of the consumer stops the stream and comes out of it.
    var consumed = 0
    #expect(throws: Failed.self) {
      try Parallel.stream(Array(0..<5000), chunk: 100) {
        $0
      } consume: { _ in
        consumed += 1
        if consumed == 3 { throw Failed(item: 3) }
      }
    }
    #expect(consumed == 3)
  }

  @Test func aWalkOverManyFoldersFindsEveryFileOnceInTheSameOrderEachTime() throws {
    var files: [String: String] = ["top.md": "top", "notes.txt": "not an entry", ".ilgi/x.md": "hidden"]
    for year in 2000..<2024 {
      for month in [1, 6, 12] {
        for day in 1...3 {
          let folder = "\(year)/\(String(format: "%02d", month))"
          files["\(folder)/\(year)-\(String(format: "%02d", month))-0\(day)-entry.md"] = "# \(year) \(month) \(day)"
        }
      }
    }
    files["2003/06/사진.jpg"] = "jpeg"
    let journal = try TempJournal(files)
    let store = try journal.store()
    let first = store.walk(attachments: true)
    let expected = files.keys.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    #expect(first.files.map(\.path.rawValue).sorted() == expected)
    #expect(Set(first.files.map(\.path.rawValue)).count == first.files.count)
    #expect(first.attachments.map(\.path.rawValue) == ["2003/06/사진.jpg"])
    #expect(first.problems.isEmpty)
    for _ in 0..<5 {
      #expect(store.walk(attachments: true).files.map(\.path.rawValue) == first.files.map(\.path.rawValue))
    }
  }

  @Test func pathKeysCompareBytesNotCanonicalEquivalence() {
    let composed = "2026/11/산책.md"
    let decomposed = composed.decomposedStringWithCanonicalMapping
    #expect(composed == decomposed)  // Swift's own comparison says they are the same text
    #expect(PathKey(composed) != PathKey(decomposed))  // but they name different files
    #expect(PathKey(composed) == PathKey(String(decoding: Array(composed.utf8), as: UTF8.self)))
    var table: [PathKey: Int] = [PathKey(composed): 1]
    table[PathKey(decomposed)] = 2
    #expect(table.count == 2)
    #expect(table[PathKey("2026/11/" + "산책.md")] == 1)
  }
}
