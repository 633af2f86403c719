import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import IlgiFormat
import IlgiStore
import IlgiSystem

extension EntryIndex {
  /// A file read for the index: the entry and its text, or why it could not be read.
  struct ReadFile: Sendable {
    var path: JournalPath
    var signature: FileSignature
    /// The entry, its title and body for the full-text table (NFC), the bytes' fingerprint, notes.
    var result: Result<(entry: IndexedEntry, title: String, body: String, hash: Int64, notes: [String]), EntryReadError>
  }

  /// Brings the index up to date with the files: walks the tree, re-reads only new or changed
  /// files, drops vanished ones and follows moves without reading them. With `rebuild`, every
  /// file is read and the index is emptied and filled in one transaction, so a command reading
  /// beside it sees the whole index before or the whole index after, never a part.
  ///
  /// What the index knew is read before the walk and used by the write after it. Another
  /// process that rebuilds the index in between gives it a new identity and new row numbers:
  /// the write sees that and the refresh starts again from what the index now holds.
  ///
  /// With `folders`, only those folders are walked (each without the folders below it): what a
  /// watcher saw change. An index that knows no folder yet is filled by a whole walk.
  func refresh(
    _ store: JournalStore, rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)?, attachments: Bool = false,
    folders: Set<String>? = nil
  ) throws -> IndexReport {
    for _ in 0..<3 {
      do {
        return try refreshOnce(
          store, rebuild: rebuild, progress: progress, attachments: attachments, folders: folders)
      } catch is RebuiltMeanwhile {
        continue
      }
    }
    // Rebuilt three times during this one's walks: a rebuild of its own needs nothing it read.
    return try refreshOnce(store, rebuild: true, progress: progress, attachments: attachments, folders: nil)
  }

  /// Thrown by a refresh's write when the index it read was replaced by another process's
  /// rebuild, or the folders it compared were written by another process meanwhile.
  struct RebuiltMeanwhile: Error {}

  /// Brings the index up to date with `folders`, the folders a watcher saw change (relative to
  /// the root; one gone takes the folders below it along), without walking the rest.
  public func refresh(_ store: JournalStore, folders: Set<String>) throws(IndexError) -> IndexReport {
    do {
      return try refresh(store, progress: nil, folders: folders)
    } catch {
      throw IndexError(path: location ?? ":memory:", message: "\(error)")
    }
  }

  private func refreshOnce(
    _ store: JournalStore, rebuild: Bool, progress: (@Sendable (Int, Int) -> Void)?, attachments: Bool,
    folders: Set<String>?
  ) throws -> IndexReport {
    var report = IndexReport()

    // What the index knows of folders and of unreadable files: small tables, read first so the
    // walk can drop the files of every folder whose digest is unchanged (nothing in it was
    // added, removed, renamed or touched). Only the other folders' rows are read and compared.
    // A rebuild knows nothing.
    let (stored, identity) = try queue.read { db in
      (
        rebuild
          ? RefreshPlan.Stored(folders: [:], problems: [:])
          : RefreshPlan.Stored(folders: try Self.folderDigests(db), problems: try Self.problems(db)),
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'identity'")
      )
    }
    let keeping: JournalStore.FolderFilter = { folder, digest in stored.folders[PathKey(folder)] != digest }
    let walk =
      if let folders, !rebuild, !attachments, !stored.folders.isEmpty {
        store.walk(folders: folders, keeping: keeping)
      } else {
        store.walk(attachments: attachments, keeping: keeping)
      }
    report.attachments = walk.attachments
    let plan = try RefreshPlan(
      stored: stored, walk: walk, knownFiles: { folders in rebuild ? [:] : try knownFiles(in: folders) },
      decode: { path, reason in EntryReadError(path: path, encoded: reason, absolutePath: store.absolute(path)) })
    report.rebuilt = plan.startsEmpty
    report.skipped = walk.problems + plan.stillBad
    report.knownBefore = Set(plan.stillBad.map(\.path))
    defer { report.skipped.sort { $0.path < $1.path } }
    guard rebuild || !plan.changesNothing else {
      // Nothing changed: no write, so a read-only command never waits for another's write.
      report.total = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0 }
      return report
    }

    try afterWalk?()
    try write(
      plan, stored: stored, rebuild: rebuild, identity: identity, store: store, progress: progress, into: &report)
    // The refresh is written already: a compaction that cannot be done now (another process
    // holds the index past the wait) is tried again by the next one. The pages the old
    // postings took are given back, so a sealed copy made from the file shrinks too.
    if !rebuild, (try? compactTextIfNeeded(store)) == true { try? queue.vacuum() }
    // A run whose keys open no entry would leave the keys that do an index listing nothing: it
    // keeps its reading in memory, and says so once when the index was not its to open either.
    let forOtherKeys = report.skipped.filter(\.isForAnotherKey)
    if let path = seal?.path, !forOtherKeys.isEmpty, report.total == 0 {
      if sealNotOpenedForWantOfKey {
        notices.removeAll { $0 == .replacedUnopenable(path: path) }
        notices.append(.keptForOtherKeys(path: path))
        report.knownBefore.formUnion(forOtherKeys.map(\.path))
      }
      return report
    }
    try persistSealed(
      changed: report.added + report.updated + report.removed + report.moved, total: report.total, force: rebuild)
    return report
  }

  /// Carries out `plan` in one transaction: rows removed, moved and written from the files it
  /// reads (on every core while this thread writes), the folders' digests noted.
  private func write(
    _ plan: RefreshPlan, stored: RefreshPlan.Stored, rebuild: Bool, identity: Int64?, store: JournalStore,
    progress: (@Sendable (Int, Int) -> Void)?, into report: inout IndexReport
  ) throws {
    try queue.write { db in
      // Another process that refreshed these folders since they were read (its walk came after
      // a later change) makes this plan stale: the refresh starts again from what it wrote.
      if !rebuild {
        let digest = try db.makeStatement(sql: "SELECT digest FROM folder WHERE path = ?")
        for folder in plan.changedFolders.map(\.path) + plan.goneFolders
        where try Int64.fetchOne(digest, arguments: [folder]) != stored.folders[PathKey(folder)] {
          throw RebuiltMeanwhile()
        }
      }
      var writer = try IndexWriter(db, rebuild: rebuild, identity: identity)
      defer { try? writer.restoreCacheSize() }
      try writer.remove(plan.vanished.keys.map(\.text), problems: plan.vanishedProblems)
      try writer.move(plan.moves)
      // Files are read and parsed on every core while this thread writes the ones before them.
      let counter = ProgressCounter(total: plan.toRead.count, report: progress)
      try Parallel.stream(plan.toRead, chunk: 256) { path, signature in
        defer { counter.advance() }
        return Self.read(path, signature: signature, store: store)
      } consume: { files in
        try writer.write(files, previous: { plan.previous[PathKey($0.rawValue)] }, into: &report)
      }
      try writer.finish(changedFolders: plan.changedFolders, goneFolders: plan.goneFolders)
      report.removed += plan.vanished.count
      report.moved = plan.moves.count
      report.total = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0
    }
  }

  /// Where the log of changes stood: the index it belongs to and its last change.
  public struct ChangeMark: Sendable, Equatable {
    /// A random number made with the index; another index (rebuilt from nothing) has another.
    public var identity: Int64
    /// The last change logged.
    public var change: Int64

    package init(identity: Int64, change: Int64) {
      self.identity = identity
      self.change = change
    }
  }

  /// The entries changed since `mark` (by path, and whether only their bodies changed: the same
  /// date, title, preview, tags and weather), or `nil` when the log cannot tell (another index,
  /// or changes since dropped from the log); and where the log stands now.
  public func changes(since mark: ChangeMark?) throws(IndexError) -> (
    now: ChangeMark, changes: [(path: String, bodyOnly: Bool)]?
  ) {
    try read { db in
      let meta = Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM meta").map {
          ($0[0] as String, $0[1] as Int64)
        })
      let now = ChangeMark(
        identity: meta["identity"] ?? 0, change: try Int64.fetchOne(db, sql: "SELECT max(seq) FROM change") ?? 0)
      guard let mark, mark.identity == now.identity, mark.change >= meta["trimmed"] ?? 0, mark.change <= now.change
      else {
        return (now, nil)
      }
      let changes = try Row.fetchAll(
        db, sql: "SELECT path, body_only FROM change WHERE seq > ? AND seq <= ? ORDER BY seq",
        arguments: [mark.change, now.change]
      ).map { ($0[0] as String, $0[1] as Bool) }
      return (now, changes)
    }
  }

  /// What the index knows of the files in `folders` (of every file when `nil`).
  ///
  /// Read through SQLite's C API: on a large journal this loop is much of a command's work.
  func knownFiles(in folders: [String]? = nil) throws -> [PathKey: RefreshPlan.Known] {
    try queue.read { db in
      var known: [PathKey: RefreshPlan.Known] = [:]
      func run(_ sql: String, _ bounds: (String, String)?, folder: String?) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db.sqliteConnection, sql, -1, &statement, nil) == SQLITE_OK else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_errcode(db.sqliteConnection)),
            message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        defer { sqlite3_finalize(statement) }
        if let bounds {
          // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
          let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
          sqlite3_bind_text(statement, 1, bounds.0, -1, transient)
          sqlite3_bind_text(statement, 2, bounds.1, -1, transient)
        }
        var step = sqlite3_step(statement)
        while step == SQLITE_ROW {
          let path = sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
          // The range holds the folders below too; only the folder's own files are wanted.
          if folder.map({ JournalPath.folder(of: path).utf8.elementsEqual($0.utf8) }) ?? true {
            known[PathKey(path)] = RefreshPlan.Known(
              rowid: sqlite3_column_int64(statement, 0),
              signature: FileSignature(
                size: sqlite3_column_int64(statement, 2), modified: sqlite3_column_int64(statement, 3),
                inode: UInt64(bitPattern: sqlite3_column_int64(statement, 4))),
              hash: sqlite3_column_int64(statement, 5))
          }
          step = sqlite3_step(statement)
        }
        guard step == SQLITE_DONE else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: step), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
      }
      let columns = "SELECT rowid, path, size, mtime, inode, hash FROM entry"
      guard let folders else {
        known.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0)
        try run(columns, nil, folder: nil)
        return known
      }
      for folder in folders {
        if folder.isEmpty {
          try run(columns + " WHERE instr(path, '/') = 0", nil, folder: nil)
        } else {
          // Paths in `folder/` sort from "folder/" up to "folder0" ("0" follows "/"), by bytes.
          try run(columns + " WHERE path >= ? AND path < ?", (folder + "/", folder + "0"), folder: folder)
        }
      }
      return known
    }
  }

  /// The digest of every folder as the last refresh saw it.
  static func folderDigests(_ db: Database) throws -> [PathKey: Int64] {
    var digests: [PathKey: Int64] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT path, digest FROM folder") {
      digests[PathKey(row[0])] = row[1]
    }
    return digests
  }

  /// The files that could not be read, with their signatures and why.
  static func problems(_ db: Database) throws -> [String: RefreshPlan.StoredProblem] {
    var problems: [String: RefreshPlan.StoredProblem] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT path, size, mtime, inode, summary FROM problem") {
      problems[row[0]] = RefreshPlan.StoredProblem(
        signature: FileSignature(size: row[1], modified: row[2], inode: UInt64(bitPattern: row[3])), reason: row[4])
    }
    return problems
  }

  /// The file at `path` read for the index, or why it could not be.
  static func read(_ path: JournalPath, signature: FileSignature, store: JournalStore) -> ReadFile {
    do throws(EntryReadError) {
      let (entry, bytes) = try store.read(path, signature: signature)
      return ReadFile(
        path: path, signature: signature,
        result: .success(
          (IndexedEntry(entry), entry.title.nfc, entry.body.nfc, StableHash.fingerprint(bytes), entry.notes)))
    } catch {
      return ReadFile(path: path, signature: signature, result: .failure(error))
    }
  }
}
