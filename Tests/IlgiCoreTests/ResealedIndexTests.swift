import Foundation
import IlgiAge
import IlgiTestSupport
import Synchronization
import Testing

@testable import IlgiFormat
@testable import IlgiIndex
@testable import IlgiStore
@testable import IlgiSystem

/// A new recipient list (`ilgi key add`, `key remove`) seals every entry again; the index that
/// follows takes those files as read instead of opening each entry a second time.
@Suite struct ResealedIndexTests {
  @Test func entriesSealedAgainAreNotReadAgainAndTheIndexOpensWithTheNewKey() throws {
    let journal = try TempJournal()
    let first = X25519Identity.generate()
    let second = X25519Identity.generate()
    try journal.write(".ilgi/config.toml", "[encryption]\nrecipients = \"\(first.recipient.encoded)\"\n")
    let store = try Self.store(journal, [first])
    let writer = JournalWriter(store: store, templates: TemplateRenderer(overrideFolder: nil), effects: .none)
    for number in 0..<6 {
      let date = EntryDate(instant: Date(timeIntervalSince1970: 1_790_000_000 + Double(number) * 86_400), in: .seoul)
      _ = try writer.create(EntryChanges(content: "Entry \(number)\n\nWords."), date: date)
    }
    _ = try EntryIndex.load(store)

    // The second key added: every entry sealed again, none read again by the index.
    try journal.write(
      ".ilgi/config.toml",
      "[encryption]\nrecipients = \"\(first.recipient.encoded) \(second.recipient.encoded)\"\n")
    let added = try Self.store(journal, [first])
    let done = try added.conversion.encrypt(reseal: true)
    #expect(done.resealed.count == 6)
    let (index, read) = try Self.load(added, resealed: done.resealed)
    #expect(read == 0)
    #expect(try index.entries().count == 6)
    // The index was sealed again too: the second key alone opens it, and finds nothing to read.
    let (theirs, theyRead) = try Self.load(try Self.store(journal, [second]))
    #expect(theyRead == 0)
    #expect(try theirs.entries().map(\.title).sorted() == (0..<6).map { "Entry \($0)" })

    // An entry changed by hand before the conversion is read, with its new text.
    let changed = try #require(try index.entries().first?.path.rawValue)
    _ = try writer.save(
      EntryChanges(content: "Changed by hand\n\nNew words."), to: JournalPath(changed),
      basedOn: try added.versioned(JournalPath(changed)).version, settled: false)
    let again = try added.conversion.encrypt(reseal: true)
    let (after, readAfter) = try Self.load(added, resealed: again.resealed)
    #expect(readAfter == 1)
    #expect(try after.entries().map(\.title).contains("Changed by hand"))

    // Without them taken as read, each entry would be opened again.
    let once = try added.conversion.encrypt(reseal: true)
    #expect(once.resealed.count == 6)
    #expect(try Self.load(added).read == 6)
  }

  /// Another device's version kept apart by the merge driver goes through the writer: sealed
  /// bytes are written owner-only, a later version over the first; a plain text in a sealed
  /// journal and a folder that is a link are refused, and nothing is written.
  @Test func aVersionKeptApartIsNeverPlainInASealedJournal() throws {
    let journal = try TempJournal()
    let key = X25519Identity.generate()
    try journal.write(".ilgi/config.toml", "[encryption]\nrecipients = \"\(key.recipient.encoded)\"\n")
    let store = try Self.store(journal, [key])
    let writer = JournalWriter(store: store, templates: TemplateRenderer(overrideFolder: nil), effects: .none)
    try FileManager.default.createDirectory(atPath: journal.root + "/2026/11", withIntermediateDirectories: true)
    let sealed = try store.sealForJournal(Array("---\nid: A\n---\nApart\n".utf8), path: "2026/11/a-2.md.age")

    try writer.keepApart(sealed, at: JournalPath("2026/11/a-2.md.age"))
    let file = journal.root + "/2026/11/a-2.md.age"
    #expect(FileManager.default.contents(atPath: file).map { [UInt8]($0) } == sealed)
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    #expect(throws: JournalError.self) { try writer.keepApart(Array("plain".utf8), at: JournalPath("2026/11/b.md")) }
    #expect(!FileManager.default.fileExists(atPath: journal.root + "/2026/11/b.md"))
    let later = try store.sealForJournal(Array("---\nid: A\n---\nApart, later\n".utf8), path: "2026/11/a-2.md.age")
    try writer.keepApart(later, at: JournalPath("2026/11/a-2.md.age"))
    #expect(FileManager.default.contents(atPath: file).map { [UInt8]($0) } == later)
    try FileManager.default.createSymbolicLink(atPath: journal.root + "/2026/12", withDestinationPath: journal.base)
    #expect(throws: JournalError.self) { try writer.keepApart(sealed, at: JournalPath("2026/12/c.md.age")) }
    #expect(!FileManager.default.fileExists(atPath: journal.base + "/c.md.age"))
  }

  static func store(_ journal: TempJournal, _ identities: [X25519Identity]) throws -> JournalStore {
    let runtime = journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    return try JournalStore(
      root: journal.root, reader: EntryReader(timeZone: .seoul),
      environment: IlgiEnvironment(variables: ["XDG_RUNTIME_DIR": runtime])
    ).with(cipher: JournalCipher { _ throws(JournalCipher.KeyError) in identities })
  }

  /// The index of `store` brought up to date, and how many entry files that read.
  static func load(_ store: JournalStore, resealed: [JournalConversion.Resealed] = []) throws -> (EntryIndex, read: Int)
  {
    let read = Mutex(0)
    let (index, _) = try EntryIndex.load(
      store, progress: { _, total in read.withLock { $0 = total } }, resealed: resealed)
    return (index, read.withLock { $0 })
  }
}
