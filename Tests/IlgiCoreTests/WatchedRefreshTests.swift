import Foundation
import IlgiFuzz
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiIndex
@testable import IlgiSystem

/// The folder watcher names the folders a second writer changed, and a refresh of only those
/// folders leaves the index exactly as a whole walk would.
@Suite struct WatchedRefreshTests {
  @Test func theWatcherNamesTheFoldersThatChanged() throws {
    let journal = try TempJournal(["2026/11/a.md": "A\n", "2026/10/b.md": "B\n"])
    let watcher = FolderWatcher(root: journal.root)
    #expect(watcher.takeChanges() == .everything, "the first question is always everything")
    #expect(watcher.takeChanges() == .nothing)
    try journal.write("2026/11/a.md", "A changed\n")
    #expect(watcher.takeChanges() == .folders(["2026/11"]))
    #expect(watcher.takeChanges() == .nothing)
    // A new year's folder and a file in it; then another file there.
    try journal.write("2027/01/c.md", "C\n")
    #expect(watcher.takeChanges() == .folders(["2027", "2027/01"]))
    try journal.write("2027/01/d.md", "D\n")
    #expect(watcher.takeChanges() == .folders(["2027/01"]))
    // A folder renamed: the old name is gone, the new one is new, and it is watched by its new name.
    #expect(rename(journal.root + "/2026/10", journal.root + "/2026/09") == 0)
    #expect(watcher.takeChanges() == .folders(["2026/10", "2026/09"]))
    try journal.write("2026/09/b.md", "B changed\n")
    #expect(watcher.takeChanges() == .folders(["2026/09"]))
    // A folder moved out of the journal is gone, and what is written in it there is not news.
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("ilgi-moved-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: outside) }
    #expect(rename(journal.root + "/2026/09", outside) == 0)
    #expect(watcher.takeChanges() == .folders(["2026/09"]))
    try Data("B elsewhere\n".utf8).write(to: URL(fileURLWithPath: outside + "/b.md"))
    #expect(watcher.takeChanges() == .nothing)
    // A folder removed with what it holds.
    try FileManager.default.removeItem(atPath: journal.root + "/2027")
    #expect(watcher.takeChanges() == .folders(["2027", "2027/01"]))
    // Hidden folders and hidden names hold no entries: vim's swap file, the index.
    try journal.write("2026/11/.a.md.swp", "x")
    try journal.write(".ilgi/cache.txt", "x")
    #expect(watcher.takeChanges() == .nothing)
    // The caller's own writes, and everything.
    watcher.markChanged([JournalPath("2026/11/a.md"), JournalPath("e.md")])
    #expect(watcher.takeChanges() == .folders(["2026/11", ""]))
    watcher.markChanged()
    #expect(watcher.takeChanges() == .everything)
  }

  /// A seeded run of what editors, `git pull` and file managers do, each followed by a refresh
  /// of the folders the watcher named; after each, the index lists what a whole walk lists.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRefreshOfTheWatchedFoldersMatchesAWholeWalk(seed: UInt64) throws {
    let journal = try TempJournal()
    let store = try journal.store()
    var writer = SecondWriter(journal: journal, random: SplitMix64(seed: seed))
    for _ in 0..<12 { try writer.step(only: .write) }
    let (index, _) = try EntryIndex.load(store)
    let watcher = FolderWatcher(root: journal.root)
    _ = watcher.takeChanges()
    var partial = 0
    for step in 0..<80 {
      let done = try writer.step()
      switch watcher.takeChanges() {
      case .nothing: break
      case .everything: _ = try index.refresh(store, progress: nil)
      case .folders(let folders):
        partial += 1
        _ = try index.refresh(store, folders: folders)
      }
      let whole = try EntryIndex.inMemory(reader: store.reader)
      _ = try whole.refresh(store, progress: nil)
      let (mine, theirs) = (try Self.listing(index), try Self.listing(whole))
      #expect(mine == theirs, "step \(step): \(done): \(mine) \(theirs)")
      // The counts the triggers keep, against the ones a fill counts.
      #expect(
        try index.tagCounts().map { "\($0.tag) \($0.count)" } == whole.tagCounts().map { "\($0.tag) \($0.count)" },
        "step \(step): \(done)")
    }
    #expect(partial > 50, "the watcher named folders nearly every time")
  }

  /// A year moved aside and another folder moved in under its name: the months the old one
  /// had and the new one lacks are gone, though a folder of that name is there.
  @Test func aFolderSwappedForAnotherOfItsNameIsSeenWhole() throws {
    let entry = { (id: String) in "---\nid: \"\(id)\"\ndate: 2026-01-01T09:00:00+09:00\n---\nTitle \(id)\n\nBody.\n" }
    let journal = try TempJournal([
      "2024/01/a.md": entry("A"), "2024/02/b.md": entry("B"), "new/01/c.md": entry("C"),
    ])
    let store = try journal.store()
    let (index, _) = try EntryIndex.load(store)
    let watcher = FolderWatcher(root: journal.root)
    _ = watcher.takeChanges()
    #expect(rename(journal.root + "/2024", journal.root + "/2024-bak") == 0)
    #expect(rename(journal.root + "/new", journal.root + "/2024") == 0)
    guard case .folders(let folders) = watcher.takeChanges() else {
      Issue.record("the watcher named no folders")
      return
    }
    _ = try index.refresh(store, folders: folders)
    #expect(
      try Self.listing(index).map { String($0.prefix { $0 != " " }) } == [
        "2024-bak/01/a.md", "2024-bak/02/b.md", "2024/01/c.md",
      ])
  }

  static func listing(_ index: EntryIndex) throws -> [String] {
    try index.entries().map { "\($0.path) \($0.id) \($0.title) \($0.tags)" }.sorted()
  }
}

/// Changes a journal's files as other programs do, chosen by a seeded generator.
struct SecondWriter {
  enum Change: CaseIterable {
    case write, edit, remove, renameFile, moveFile, renameFolder, removeFolder, moveYear, saveThroughTemp
  }

  let journal: TempJournal
  var random: SplitMix64
  var made = 0

  var root: String { journal.root }

  /// Makes one change (one of `only` when given) and says what it was.
  @discardableResult
  mutating func step(only: Change? = nil) throws -> String {
    let change = only ?? Change.allCases[Int(random.next() % UInt64(Change.allCases.count))]
    let files = journal.entryFiles()
    let picked: String? = files.isEmpty ? nil : files[Int(random.next() % UInt64(files.count))]
    guard let file = picked, change != .write else {
      let path = "\(randomMonth())/e\(made).md"
      try journal.write(path, entry())
      return "wrote \(path)"
    }
    let folder = JournalPath(file).folder
    switch change {
    case .write:
      fatalError("written above")
    case .edit:
      try journal.write(file, entry())
      return "edited \(file)"
    case .remove:
      try FileManager.default.removeItem(atPath: root + "/" + file)
      return "removed \(file)"
    case .renameFile:
      return try move(file, to: folder + "/r\(next()).md")
    case .moveFile:
      let target = randomMonth()
      try FileManager.default.createDirectory(atPath: root + "/" + target, withIntermediateDirectories: true)
      return try move(file, to: target + "/m\(next()).md")
    case .renameFolder:
      let target = randomMonth()
      guard !FileManager.default.fileExists(atPath: root + "/" + target) else { return "kept \(folder)" }
      try FileManager.default.createDirectory(
        atPath: root + "/" + JournalPath(target).folder, withIntermediateDirectories: true)
      return try move(folder, to: target)
    case .removeFolder:
      try FileManager.default.removeItem(atPath: root + "/" + folder)
      return "removed \(folder)"
    case .moveYear:
      let year = String(file.prefix(4))
      let target = "\(2000 + random.next() % 30)"
      guard !FileManager.default.fileExists(atPath: root + "/" + target) else { return "kept \(year)" }
      return try move(year, to: target)
    case .saveThroughTemp:
      // As vim and ilgi save: a hidden file beside it, renamed over it.
      let temporary = folder + "/.\(next()).tmp"
      try journal.write(temporary, entry())
      return try move(temporary, to: file)
    }
  }

  private mutating func next() -> Int {
    made += 1
    return made
  }

  private mutating func randomMonth() -> String {
    "\(2024 + random.next() % 3)/\(String(format: "%02d", 1 + random.next() % 3))"
  }

  private mutating func entry() -> String {
    let number = next()
    let tag = ["walk", "work", "family"][number % 3]
    return "---\nid: \"W\(number)\"\ndate: 2026-01-01T09:00:00+09:00\ntags: [\(tag)]\n---\nTitle \(number)\n\nBody.\n"
  }

  private func move(_ from: String, to: String) throws -> String {
    guard rename(root + "/" + from, root + "/" + to) == 0 else { throw CocoaError(.fileWriteUnknown) }
    return "moved \(from) to \(to)"
  }
}
