import Foundation
import IlgiAge
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore
@testable import IlgiSystem

/// The one write path: every change through `JournalWriter`, its rules in one place and its
/// effects told once per change.
@Suite struct JournalWriterTests {
  final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [[String]] = []
    func add(_ changed: [JournalPath]) { lock.withLock { paths.append(changed.map(\.rawValue)) } }
    var all: [[String]] { lock.withLock { paths } }
  }

  static func writer(_ journal: TempJournal, _ told: Told) throws -> JournalWriter {
    let store = try journal.store()
    return JournalWriter(
      store: store, templates: TemplateRenderer(overrideFolder: nil),
      effects: WriteEffects.none.telling { told.add($0) })
  }

  @Test func aBlankTextIsRefusedByTheCoreItself() throws {
    let journal = try TempJournal()
    let told = Told()
    let writer = try Self.writer(journal, told)
    let date = EntryDate(instant: Date(timeIntervalSince1970: 1_790_000_000), in: .seoul)
    #expect(throws: JournalError(path: "new.md", reason: .blankText)) {
      try writer.create(EntryChanges(content: " \n\t\n"), date: date)
    }
    #expect(throws: JournalError(path: "new.md", reason: .blankText)) {
      try writer.store.addEntry(text: "\n", details: NewEntryDetails(date: date), templates: writer.templates)
    }
    #expect(journal.entryFiles().isEmpty)
    #expect(told.all.isEmpty)
  }

  @Test func everyChangeIsToldOnceWithItsPath() throws {
    let journal = try TempJournal()
    let told = Told()
    let writer = try Self.writer(journal, told)
    let date = EntryDate(instant: Date(timeIntervalSince1970: 1_790_000_000), in: .seoul)
    let made = try writer.create(EntryChanges(content: "Morning\n\nRan.", tags: ["run"], weather: "Sunny"), date: date)
    let text = journal.text(made.path.rawValue) ?? ""
    #expect(text.contains("tags: [run]") && text.contains("Sunny") && text.contains("Morning\n\nRan.\n"), "\(text)")
    let saved = try writer.save(
      EntryChanges(content: "Morning\n\nRan far."), to: made.path, basedOn: made.version, settled: false)
    guard case .saved(let version, _) = saved else { throw CocoaError(.featureUnsupported) }
    // A save based on an older version writes nothing and tells no one.
    let stale = try writer.save(EntryChanges(content: "Other"), to: made.path, basedOn: made.version, settled: false)
    guard case .conflict = stale else { throw CocoaError(.featureUnsupported) }
    #expect(version != made.version)
    let trashed = try writer.delete(made.path)
    #expect(throws: JournalError.self) { try writer.delete(made.path) }
    let back = try writer.restore(trashed)
    #expect(back.id == made.id)
    #expect(
      told.all == [[made.path.rawValue], [made.path.rawValue], [made.path.rawValue], [made.path.rawValue]])
  }

  @Test func anEncryptedJournalsCommitsNameNoTitle() throws {
    let journal = try TempJournal()
    let identity = X25519Identity.generate()
    try journal.write(".ilgi/config.toml", "[encryption]\nrecipients = \"\(identity.recipient.encoded)\"\n")
    let runtime = journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    let git = GitRepository(unchecked: journal.root, environment: ["PATH": "/usr/bin:/bin"])
    _ = try git.check(["init", "-q"])
    let environment = [
      "PATH": "/usr/bin:/bin", "GIT_AUTHOR_NAME": "D", "GIT_AUTHOR_EMAIL": "d@example.com",
      "GIT_COMMITTER_NAME": "D", "GIT_COMMITTER_EMAIL": "d@example.com", "GIT_CONFIG_NOSYSTEM": "1",
      "HOME": journal.base,
    ]
    let store = try JournalStore(
      root: journal.root, reader: EntryReader(timeZone: .seoul),
      environment: IlgiEnvironment(variables: ["XDG_RUNTIME_DIR": runtime])
    ).with(cipher: JournalCipher { _ throws(JournalCipher.KeyError) in [identity] })
    let writer = JournalWriter(
      store: store, templates: TemplateRenderer(overrideFolder: nil),
      effects: WriteEffects(autocommit: true, environment: environment))
    let date = EntryDate(instant: Date(timeIntervalSince1970: 1_790_000_000), in: .seoul)
    let made = try writer.create(EntryChanges(content: "Secret title\n\nwords"), date: date)
    #expect(made.path.rawValue.hasSuffix(".md.age"))
    let log = try GitRepository(unchecked: journal.root, environment: environment).check(["log", "--format=%s"])
    #expect(log == "ilgi: new \(date.day)\n")
  }

  /// A file that is not a picture, ready to attach.
  static func note(_ text: String) -> IlgiStore.Attachment {
    let bytes = Array(text.utf8)
    return IlgiStore.Attachment(
      name: AttachmentIntake.contentName(bytes) + ".txt", bytes: bytes, mediaType: "text/plain", size: nil)
  }

  static func fixture(_ id: String, _ title: String, body: String = "Words.") -> String {
    "---\nid: \(id)\ndate: 2026-11-21T09:30:00+09:00\n---\n\(title)\n\n\(body)\n"
  }

  @Test func anAttachThatCannotLinkTakesItsFilesAwayAgain() throws {
    let journal = try TempJournal(["2026/11/a.md": Self.fixture("A1", "A")])
    let writer = try Self.writer(journal, Told())
    let file = Self.note("kept for a moment")
    #expect(throws: JournalError.self) {
      try writer.attach([(file, "note.txt")], to: JournalPath("2026/11/gone.md"))
    }
    #expect(journal.bytes("2026/11/" + file.name) == nil, "nothing left that nothing links")
    // A file an entry there links already is left alone.
    try journal.write("2026/11/b.md", Self.fixture("B1", "B", body: "[n](\(file.name))"))
    try journal.write("2026/11/" + file.name, file.bytes)
    #expect(throws: JournalError.self) {
      try writer.attach([(file, "note.txt")], to: JournalPath("2026/11/gone.md"))
    }
    #expect(journal.bytes("2026/11/" + file.name) == file.bytes)
  }

  @Test func deleteMovesNoFileWhileAnEntryBesideItCannotBeRead() throws {
    let file = Self.note("shared or not")
    let journal = try TempJournal([
      "2026/11/a.md": Self.fixture("A1", "A", body: "[n](\(file.name))"),
      "2026/11/broken.md": "---\nid: [unclosed\n---\nBroken\n",
    ])
    try journal.write("2026/11/" + file.name, file.bytes)
    let writer = try Self.writer(journal, Told())
    _ = try writer.delete(JournalPath("2026/11/a.md"))
    #expect(journal.bytes("2026/11/a.md") == nil)
    #expect(journal.bytes("2026/11/" + file.name) == file.bytes, "the broken entry may link it")
  }

  /// Two writers at once: one attaches a file to B while the other deletes A, which links the
  /// same file (so, until B's link is saved, A alone links it). B ends linking a file that is there.
  @Test func anAttachRacingADeleteOfTheSameFileKeepsIt() async throws {
    for round in 0..<30 {
      let file = Self.note("the same photo, round \(round)")
      let journal = try TempJournal([
        "2026/11/a.md": Self.fixture("A1", "A", body: "[n](\(file.name))"),
        "2026/11/b.md": Self.fixture("B1", "B"),
      ])
      try journal.write("2026/11/" + file.name, file.bytes)
      let attacher = try Self.writer(journal, Told())
      let deleter = try Self.writer(journal, Told())
      async let attached: Void = Task.detached {
        _ = try attacher.attach([(file, "n")], to: JournalPath("2026/11/b.md"))
      }.value
      async let deleted: Void = Task.detached { _ = try deleter.delete(JournalPath("2026/11/a.md")) }.value
      _ = try await (attached, deleted)
      #expect(journal.text("2026/11/b.md")?.contains("](\(file.name))") == true)
      #expect(journal.bytes("2026/11/" + file.name) == file.bytes, "round \(round): B links a file that is there")
    }
  }
}
