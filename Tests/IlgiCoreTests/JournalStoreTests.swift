import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore

@Suite struct JournalStoreTests {
  let seoul = TimeZone.seoul

  func date(_ text: String) throws -> EntryDate { try #require(DateParser(timeZone: seoul).parse(text)) }

  @Test func newEntriesAreOwnerOnlyAndNeverClobbered() throws {
    let journal = try TempJournal()
    let store = try journal.store()
    let first = try store.add(
      Array("a".utf8), date: try date("2026-11-21T09:30+09:00"), title: "Morning run", id: EntryID.make())
    let second = try store.add(
      Array("b".utf8), date: try date("2026-11-21T09:30+09:00"), title: "Morning run", id: EntryID.make())
    #expect(first.rawValue == "2026/11/2026-11-21-0930-morning-run.md")
    #expect(second.rawValue == "2026/11/2026-11-21-0930-morning-run-2.md")
    #expect(journal.text(first.rawValue) == "a")
    let snapshot = journal.snapshot()
    #expect(snapshot[first.rawValue]?.mode == 0o600)
    #expect(snapshot["2026"]?.mode == 0o700)
    #expect(snapshot["2026/11"]?.mode == 0o700)
    #expect(snapshot[".ilgi"]?.mode == 0o700)
    // No temporary files are left beside the entries.
    #expect(snapshot.keys.filter { $0.contains(".tmp") }.isEmpty)
  }

  @Test func permissionsIgnoreTheUmask() throws {
    let journal = try TempJournal()
    let old = umask(0)
    defer { umask(old) }
    let path = try journal.store().add(
      Array("x".utf8), date: try date("2025-01-02T03:04+09:00"), title: "t", id: EntryID.make())
    #expect(journal.snapshot()[path.rawValue]?.mode == 0o600)
    #expect(journal.snapshot()["2025/01"]?.mode == 0o700)
  }

  @Test func anUnchangedEntryIsNotRewritten() throws {
    let journal = try TempJournal(["a.md": "---\nid: X\n---\nT\n"])
    let store = try journal.store()
    let entry = try store.read(JournalPath("a.md"))
    let before = try #require(try store.fileSystem.status(atPath: journal.root + "/a.md"))
    #expect(try store.write(entry.document, to: entry.path) == false)
    #expect(try store.fileSystem.status(atPath: journal.root + "/a.md") == before)
  }

  @Test func aRewriteKeepsThePermissionsTheFileHad() throws {
    let journal = try TempJournal(["a.md": "---\nid: X\n---\nT\n"])
    chmod(journal.root + "/a.md", 0o640)
    let store = try journal.store()
    var document = try store.read(JournalPath("a.md")).document
    try document.set("weather", yaml: "Rain")
    #expect(try store.write(document, to: JournalPath("a.md")))
    #expect(journal.text("a.md") == "---\nid: X\nweather: Rain\n---\nT\n")
    #expect(journal.snapshot()["a.md"]?.mode == 0o640)
  }

  @Test func scanSkipsHiddenFoldersAndReportsBadLinks() throws {
    let journal = try TempJournal([
      "2026/11/a.md": "A", "notes/b.MD": "B", ".git/c.md": "C", ".obsidian/d.md": "D", "e.txt": "E",
      "2026/.hidden/f.md": "F",
    ])
    symlink("loop.md", journal.root + "/loop.md")
    symlink("missing.md", journal.root + "/dangling.md")
    symlink(journal.root + "/2026", journal.root + "/linked-folder")
    let scan = try journal.store().scan()
    #expect(scan.files.map(\.rawValue) == ["2026/11/a.md", "notes/b.MD"])
    #expect(scan.problems.map(\.path.rawValue).sorted() == ["dangling.md", "loop.md"])
  }

  @Test func badFilesAreSkippedWithAReason() throws {
    let journal = try TempJournal([
      "good.md": "---\nid: G\ndate: 2026-01-01\n---\nGood\n",
      "yaml.md": "---\nid: \"open\n---\n",
      "empty.md": "",
    ])
    try journal.write("binary.md", [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01])
    try journal.write("latin1.md", [0x63, 0x61, 0x66, 0xE9, 0x0A])
    let big = journal.root + "/big.md"
    _ = FileManager.default.createFile(atPath: big, contents: nil)
    truncate(big, 50_000_000)
    let listing = try journal.store().entries()
    #expect(Set(listing.entries.map(\.path.rawValue)) == ["good.md", "empty.md"])
    let reasons = Dictionary(uniqueKeysWithValues: listing.skipped.map { ($0.path.rawValue, $0.summary) })
    #expect(reasons["binary.md"] == "binary.md: is a binary file, not Markdown text")
    #expect(reasons["latin1.md"] == "latin1.md: is not UTF-8 text (bad byte at offset 3)")
    #expect(reasons["big.md"] == "big.md: is 47.7 MiB; entries larger than 10 MiB are not read")
    #expect(reasons["yaml.md"]?.hasPrefix("yaml.md:2:5: front matter is not valid YAML") == true)
  }

  @Test func trashRestoresToTheSamePath() throws {
    let journal = try TempJournal(["2026/11/a.md": "---\nid: AAAA1111\n---\nA\n"])
    let store = try journal.store()
    let trashed = try store.trash.move(JournalPath("2026/11/a.md"))
    #expect(trashed.rawValue == "2026/11/a.md")
    #expect(journal.text("2026/11/a.md") == nil)
    #expect(journal.text(".ilgi/trash/2026/11/a.md") == "---\nid: AAAA1111\n---\nA\n")
    #expect(store.entries().entries.isEmpty)
    #expect(store.trash.entries().entries.map(\.id.rawValue) == ["AAAA1111"])
    try store.trash.restore(trashed)
    #expect(journal.text("2026/11/a.md") == "---\nid: AAAA1111\n---\nA\n")
    #expect(store.trash.entries().entries.isEmpty)
  }

  @Test func trashingTwiceTheSamePathKeepsBoth() throws {
    let journal = try TempJournal(["a.md": "one"])
    let store = try journal.store()
    try store.trash.move(JournalPath("a.md"))
    try journal.write("a.md", "two")
    #expect(try store.trash.move(JournalPath("a.md")).rawValue == "a-2.md")
    #expect(journal.text(".ilgi/trash/a.md") == "one")
    #expect(journal.text(".ilgi/trash/a-2.md") == "two")
    #expect(try store.trash.empty() == 2)
    #expect(journal.text(".ilgi/trash/a.md") == nil)
  }

  @Test func restoringOverAFileIsRefused() throws {
    let journal = try TempJournal(["a.md": "one"])
    let store = try journal.store()
    try store.trash.move(JournalPath("a.md"))
    try journal.write("a.md", "new")
    #expect(throws: JournalError(path: "a.md", reason: .occupied)) { try store.trash.restore(JournalPath("a.md")) }
    #expect(journal.text("a.md") == "new")
    #expect(journal.text(".ilgi/trash/a.md") == "one")
  }

  @Test func initIsSafeToRepeat() throws {
    let journal = try TempJournal(initialize: false)
    try journal.write(".gitignore", "node_modules/")
    let reader = EntryReader(timeZone: seoul)
    let (_, first) = try JournalStore.initialize(root: journal.root, reader: reader)
    #expect(first == .init(createdRoot: false, createdIlgiFolder: true, updatedGitignore: true))
    let text = try #require(journal.text(".gitignore"))
    #expect(text.hasPrefix("node_modules/\n# ilgi:"))
    #expect(text.contains(".ilgi/index.sqlite*\n.ilgi/index.age\n.ilgi/drafts/\n"))
    let (_, second) = try JournalStore.initialize(root: journal.root, reader: reader)
    #expect(second == .init(createdRoot: false, createdIlgiFolder: false, updatedGitignore: false))
    #expect(journal.text(".gitignore") == text)
  }

  @Test func aJournalPathThatIsAFileIsRefused() throws {
    let journal = try TempJournal(["file.md": "x"])
    #expect(throws: JournalError(path: journal.root + "/file.md", reason: .journalIsAFile)) {
      try JournalStore(root: journal.root + "/file.md", reader: EntryReader(timeZone: seoul))
    }
  }

  @Test func selectorsNameEntries() throws {
    let journal = try TempJournal([
      "a.md": "---\nid: 0F8B6C0E-0000-4000-8000-000000000001\ndate: 2026-11-20T09:00+09:00\n---\nA\n",
      "b.md": "---\nid: 0F8B7777-0000-4000-8000-000000000002\ndate: 2026-11-21T09:00+09:00\n---\nB\n",
      "c.md": "---\nid: 1234ABCD-0000-4000-8000-000000000003\ndate: 2026-11-21T10:00+09:00\n---\nC\n",
    ])
    let entries = try journal.store().entries().entries
    func titles(_ text: String) throws -> [String] {
      try EntrySelector(parsing: text).matches(in: entries).map(\.title)
    }
    #expect(try titles("last") == ["C"])
    #expect(try titles("0f8b6c0e-0000-4000-8000-000000000001") == ["A"])
    #expect(try titles("0F8B6") == ["A"])
    #expect(try titles("0f8b") == ["B", "A"])
    #expect(try titles("1234") == ["C"])
    #expect(try titles("b.md") == ["B"])
    #expect(try titles("./b.md") == ["B"])
    #expect(try titles("2026-11-21") == ["C", "B"])
    #expect(throws: JournalError(path: "abc", reason: .invalidSelector("abc"))) { try EntrySelector(parsing: "abc") }
    #expect(throws: JournalError(path: "../x.md", reason: .invalidSelector("../x.md"))) {
      try EntrySelector(parsing: "../x.md")
    }
  }
}
