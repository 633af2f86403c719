import Foundation
import IlgiAge
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore
@testable import IlgiSystem

/// The folder in memory that holds an encrypted journal's drafts and every merge's scratch:
/// used only when it is this account's alone, and left with nothing a killed run wrote.
@Suite struct MemoryFolderTests {
  @Test func onlyAFolderOfThisAccountThatNoOneElseOpensIsUsed() throws {
    let journal = try TempJournal()
    let good = journal.base + "/runtime/good"
    try MemoryFolder.prepare(base: good)
    var info = stat()
    #expect(stat(good, &info) == 0 && info.st_mode & 0o777 == 0o700)
    try MemoryFolder.prepare(base: good)
    // A good folder on a disk is no folder in memory.
    #expect(throws: MemoryFolder.Unsafe.onDisk) { try MemoryFolder.prepare(base: journal.base + "/on-disk") }

    // Made in advance by someone else: a link to their folder, or a folder others may open.
    let theirs = journal.base + "/runtime/theirs"
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
    let link = journal.base + "/runtime/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: theirs)
    #expect(throws: MemoryFolder.Unsafe.link) { try MemoryFolder.prepare(base: link) }
    chmod(theirs, 0o777)
    #expect(throws: MemoryFolder.Unsafe.open(0o777)) { try MemoryFolder.prepare(base: theirs) }
    let file = journal.base + "/runtime/file"
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    #expect(throws: MemoryFolder.Unsafe.notAFolder) { try MemoryFolder.prepare(base: file) }
  }

  @Test func anEncryptedJournalsDraftsAreNeverMadeInAFolderLaidInAdvance() throws {
    let journal = try TempJournal()
    let runtime = journal.base + "/runtime"
    let elsewhere = journal.base + "/elsewhere"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: runtime + "/ilgi", withDestinationPath: elsewhere)
    let recipient = X25519Identity.generate().recipient
    try journal.write(".ilgi/config.toml", "[encryption]\nrecipients = \"\(recipient.encoded)\"\n")
    let store = try JournalStore(
      root: journal.root, reader: EntryReader(timeZone: .seoul),
      environment: IlgiEnvironment(variables: ["XDG_RUNTIME_DIR": runtime]))
    #expect(store.draftsRoot.hasPrefix(runtime + "/ilgi/"))
    #expect(throws: JournalError.self) { try store.ensureFolder(JournalLayout.draftsFolder) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
  }

  @Test func aMergesTextsAreKeptInMemoryAndWhatAKilledMergeLeftIsSwept() throws {
    let journal = try TempJournal()
    let runtime = journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    // What a merge killed midway left (its process is gone).
    let left = runtime + "/ilgi/merge-2147483646-deadbeef"
    try FileManager.default.createDirectory(atPath: left, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: left + "/mine", contents: Data("secret".utf8))
    chmod(runtime + "/ilgi", 0o700)
    let store = try JournalStore(
      root: journal.root, reader: EntryReader(timeZone: .seoul),
      environment: IlgiEnvironment(variables: ["XDG_RUNTIME_DIR": runtime]))
    let merged = store.merge(
      base: "a\nb\nc\nd\ne\n", mine: "a\nB\nc\nd\ne\n", theirs: "a\nb\nc\nD\ne\n",
      labels: TextMerge.Labels(mine: "mine", base: "base", theirs: "theirs"))
    #expect(merged == .clean(Array("a\nB\nc\nD\ne\n".utf8)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: runtime + "/ilgi").isEmpty)
    #expect(!FileManager.default.fileExists(atPath: journal.root + "/.ilgi/drafts"))
  }

  /// Only a folder on a tmpfs or ramfs is memory: /dev/shm is, the repository's folder is not,
  /// and a link is judged by the folder it leads to.
  @Test func onlyAFolderInMemoryIsMemory() throws {
    #expect(MemoryFolder.isInMemory("/dev/shm"))
    #expect(!MemoryFolder.isInMemory(TestTools.repository))
    #expect(!MemoryFolder.isInMemory("/no/such/folder"))
    let journal = try TempJournal()
    #expect(MemoryFolder.isInMemory(journal.base + "/runtime"))
    #expect(MemoryFolder.base(variables: ["XDG_RUNTIME_DIR": TestTools.repository]) == "/dev/shm/ilgi-\(getuid())")
    #expect(
      MemoryFolder.base(variables: ["XDG_RUNTIME_DIR": journal.base + "/runtime"]) == journal.base + "/runtime/ilgi")
  }
}
