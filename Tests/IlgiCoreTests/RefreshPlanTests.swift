import Testing

@testable import IlgiFormat
@testable import IlgiIndex
@testable import IlgiStore
@testable import IlgiSystem

/// What a refresh plans to do, from stored state and a walk alone: no SQLite, no files.
struct RefreshPlanTests {
  static func signature(_ inode: UInt64, size: Int64 = 10) -> FileSignature {
    FileSignature(size: size, modified: 1_000, inode: inode)
  }

  static func walk(_ files: [(String, FileSignature)], folders: [(String, Int64)]) -> JournalStore.Walk {
    var walk = JournalStore.Walk(files: files.map { (JournalPath($0.0), $0.1) }, problems: [])
    walk.folders = folders.map { JournalStore.FolderDigest(path: $0.0, digest: $0.1) }
    return walk
  }

  static func decode(_ path: JournalPath, _ reason: String) -> EntryReadError? {
    EntryReadError(path: path, encoded: reason, absolutePath: "/journal/" + path.rawValue)
  }

  @Test func aFirstFillReadsEverythingAndAsksForEveryRow() throws {
    var asked: [[String]?] = []
    let plan = RefreshPlan(
      stored: .init(folders: [:], problems: [:]),
      walk: Self.walk([("2026/a.md", Self.signature(1)), ("2026/b.md", Self.signature(2))], folders: [("2026", 7)]),
      knownFiles: {
        asked.append($0); return [:]
      }, decode: Self.decode)
    #expect(asked.count == 1 && asked[0] == nil)
    #expect(plan.startsEmpty)
    #expect(plan.toRead.map(\.path.rawValue) == ["2026/a.md", "2026/b.md"])
    #expect(plan.changedFolders.map(\.path) == ["2026"])
    #expect(!plan.changesNothing)
  }

  @Test func onlyChangedFoldersAreComparedAndAMoveIsNotRead() throws {
    let stored = RefreshPlan.Stored(
      folders: [PathKey("2025"): 1, PathKey("2026"): 2, PathKey("old"): 3], problems: [:])
    var asked: [String]?
    let known: [PathKey: RefreshPlan.Known] = [
      PathKey("2026/kept.md"): .init(rowid: 1, signature: Self.signature(10), hash: 100),
      PathKey("2026/edited.md"): .init(rowid: 2, signature: Self.signature(11), hash: 101),
      PathKey("old/moved.md"): .init(rowid: 3, signature: Self.signature(12), hash: 102),
      PathKey("old/gone.md"): .init(rowid: 4, signature: Self.signature(13), hash: 103),
    ]
    let plan = RefreshPlan(
      stored: stored,
      walk: Self.walk(
        [
          ("2026/kept.md", Self.signature(10)), ("2026/edited.md", Self.signature(11, size: 20)),
          ("2026/moved.md", Self.signature(12)), ("2026/new.md", Self.signature(14)),
        ], folders: [("2025", 1), ("2026", 9)]),
      knownFiles: { folders in
        asked = folders
        return known
      }, decode: Self.decode)
    // 2025's digest is unchanged: its rows are never asked for.
    #expect(Set(asked ?? []) == ["2026", "old"])
    #expect(Set(plan.toRead.map(\.path.rawValue)) == ["2026/edited.md", "2026/new.md"])
    #expect(plan.previous[PathKey("2026/edited.md")]?.rowid == 2)
    #expect(
      plan.moves == [
        RefreshPlan.Move(from: "old/moved.md", to: JournalPath("2026/moved.md"), signature: Self.signature(12))
      ])
    #expect(Array(plan.vanished.keys.map(\.text)) == ["old/gone.md"])
    #expect(plan.goneFolders == ["old"])
    #expect(plan.changedFolders.map(\.path) == ["2026"])
  }

  @Test func aBadFileUnchangedStaysBadUnreadAndAChangedOneIsReadAgain() throws {
    let reason = EntryReadError(path: JournalPath("x"), reason: .binary).encodedReason
    let stored = RefreshPlan.Stored(
      folders: [PathKey("a"): 1, PathKey("b"): 2],
      problems: [
        "a/bad.md": .init(signature: Self.signature(1), reason: reason),
        "b/bad.md": .init(signature: Self.signature(2), reason: reason),
        "b/fixed.md": .init(signature: Self.signature(3), reason: reason),
      ])
    let plan = RefreshPlan(
      stored: stored,
      walk: Self.walk(
        [
          // Folder a is unchanged: the walk leaves its files out.
          ("b/bad.md", Self.signature(2)), ("b/fixed.md", Self.signature(3, size: 99)),
        ],
        folders: [("a", 1), ("b", 5)]),
      knownFiles: { _ in [:] }, decode: Self.decode)
    #expect(Set(plan.stillBad.map(\.path.rawValue)) == ["a/bad.md", "b/bad.md"])
    #expect(plan.toRead.map(\.path.rawValue) == ["b/fixed.md"])
    #expect(plan.vanishedProblems.isEmpty)
  }

  @Test func nothingChangedMeansNothingToWrite() throws {
    let plan = RefreshPlan(
      stored: .init(folders: [PathKey("2026"): 4], problems: [:]),
      // The walk leaves out the files of a folder whose digest is unchanged.
      walk: Self.walk([], folders: [("2026", 4)]),
      knownFiles: { _ in [:] }, decode: Self.decode)
    #expect(plan.changesNothing)
    #expect(!plan.startsEmpty)
  }
}
