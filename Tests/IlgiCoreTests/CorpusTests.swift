import Foundation
import IlgiCorpus
import IlgiTestSupport
import Testing

@testable import IlgiStore

/// The generated journal itself: reproducible from its seed, varied as real journals are.
@Suite struct CorpusTests {
  static func files(_ root: String) -> [String: Data] {
    var result: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
      if let data = FileManager.default.contents(atPath: root + "/" + path) { result[path] = data }
    }
    return result
  }

  @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws {
    let one = try GeneratedCorpus.make(entries: 300, seed: 9)
    let two = try GeneratedCorpus.make(entries: 300, seed: 9)
    let other = try GeneratedCorpus.make(entries: 300, seed: 10)
    #expect(Self.files(one.journal) == Self.files(two.journal))
    #expect(one.manifest == two.manifest)
    #expect(Self.files(one.journal) != Self.files(other.journal))
    for format in ["jrnl", "dayone-json", "sample-json"] {
      let first = try GeneratedCorpus.make(entries: 50, seed: 2, format: format)
      let second = try GeneratedCorpus.make(entries: 50, seed: 2, format: format)
      #expect(
        FileManager.default.contents(atPath: first.journal) == FileManager.default.contents(atPath: second.journal))
    }
  }

  @Test func aThousandEntriesHoldEveryKindOfFile() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 1)
    let manifest = corpus.manifest
    for (variant, count) in manifest.variants { #expect(count > 0, "\(variant)") }
    #expect((150...250).contains(manifest.variants["korean"] ?? 0))
    #expect(manifest.perYear.values.reduce(0, +) == 1000)
    #expect(
      manifest.perTag.keys.contains { $0.unicodeScalars.first.map { (0xAC00...0xD7A3).contains($0.value) } == true })
    #expect(manifest.needles.values.allSatisfy { $0.count > 0 && $0.paths.count == $0.count })
    #expect(manifest.starred > 0)
    // The bytes on disk: CRLF, byte-order marks and files without front matter are really there.
    let files = Self.files(corpus.journal).values
    #expect(files.filter { $0.starts(with: [0xEF, 0xBB, 0xBF]) }.count == manifest.variants["byte_order_mark"])
    #expect(files.filter { $0.range(of: Data("\r\n".utf8)) != nil }.count == manifest.variants["crlf"])
    let plain = files.filter { !$0.starts(with: Data("---".utf8)) && !$0.starts(with: [0xEF, 0xBB, 0xBF, 0x2D]) }
    #expect(plain.count == manifest.variants["no_front_matter"])
    // Several entries a day, and several offsets.
    #expect(manifest.sampleDays.values.contains { $0 > 1 })
    let offsets = Set(
      files.compactMap { String(decoding: $0, as: UTF8.self).firstMatch(of: /date: \S+T\S+([+-]\d\d:\d\d)/)?.1 })
    #expect(offsets.isSuperset(of: ["+09:00", "-04:00", "-05:00", "+00:00", "+01:00", "+05:30"]))
  }

  /// On a day the clocks go back, two entries have the same wall-clock time an hour apart; on a
  /// day they go forward, the entries either side are an hour of wall clock and no time apart.
  @Test func daysTheClocksChangeHaveEntriesOnBothSides() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 1)
    let store = try JournalStore(root: corpus.journal, reader: EntryReader(timeZone: TimeZone(identifier: "UTC")!))
    let entries = store.entries().entries
    #expect(corpus.manifest.clockChangeDays.count >= 2)
    var sameWallClock = 0
    for day in corpus.manifest.clockChangeDays {
      let onDay = entries.filter { $0.date.day == day }.sorted { $0.date.instant < $1.date.instant }
      #expect(onDay.count == corpus.manifest.sampleDays[day])
      let early = onDay.prefix(2)
      #expect(early.count == 2 && Set(early.map(\.date.offset)).count == 2, "\(day)")
      if early.count == 2,
        early[early.startIndex].date.iso8601.dropLast(6) == early[early.startIndex + 1].date.iso8601.dropLast(6)
      {
        sameWallClock += 1
      }
    }
    #expect(sameWallClock > 0)
  }
}
