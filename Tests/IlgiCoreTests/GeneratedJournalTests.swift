import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiStore

/// A 1,000-entry generated journal (IlgiCorpus), checked against its manifest.
@Suite struct GeneratedJournalTests {
  @Test func everyEntryIsReadAndTheNewestMatchTheManifest() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    let store = try JournalStore(
      root: corpus.journal, reader: EntryReader(timeZone: TimeZone.seoul))
    let listing = store.entries()
    #expect(listing.skipped.isEmpty)
    #expect(listing.entries.count == corpus.manifest.entries)
    #expect(listing.entries.count == corpus.manifest.files["ilgi"])
    for (entry, expected) in zip(listing.entries, corpus.manifest.latest) {
      #expect(entry.id.rawValue == expected.id)
      #expect(entry.title == expected.title)
      #expect(entry.path.rawValue == expected.path)
      #expect(entry.date.iso8601 == expected.date)
    }
    // Per-year counts hold for the entries with front-matter dates or dated names.
    var perYear: [String: Int] = [:]
    for entry in listing.entries { perYear[String(entry.date.day.prefix(4)), default: 0] += 1 }
    #expect(perYear == corpus.manifest.perYear)
    // Every tag count matches; decoys (in code, or starting with a digit) never count.
    var perTag: [String: Int] = [:]
    for entry in listing.entries {
      for tag in entry.tags { perTag[tag.lowercased(), default: 0] += 1 }
    }
    #expect(perTag == corpus.manifest.perTag)
    for decoy in corpus.manifest.decoyTags { #expect(perTag[decoy] == nil, "\(decoy)") }
    var perWeather: [String: Int] = [:]
    for entry in listing.entries { if let weather = entry.weather { perWeather[weather, default: 0] += 1 } }
    #expect(perWeather == corpus.manifest.perWeather)
    let ids = Set(listing.entries.map(\.id))
    #expect(ids.count == listing.entries.count)
  }

  @Test func readingTheGeneratedJournalChangesNoFile() throws {
    let corpus = try GeneratedCorpus.make(entries: 200, seed: 7)
    let journal = URL(fileURLWithPath: corpus.journal)
    func fingerprint() throws -> [String: Data] {
      var result: [String: Data] = [:]
      for case let url as URL in FileManager.default.enumerator(at: journal, includingPropertiesForKeys: nil)! {
        if let data = try? Data(contentsOf: url) { result[url.path] = data }
      }
      return result
    }
    let before = try fingerprint()
    let store = try JournalStore(root: corpus.journal, reader: EntryReader(timeZone: .current))
    let entries = store.entries().entries
    for entry in entries { #expect(entry.document.bytes == Array(before[journal.path + "/" + entry.path.rawValue]!)) }
    #expect(try fingerprint() == before)
  }
}
