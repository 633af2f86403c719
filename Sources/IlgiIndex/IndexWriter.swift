import GRDB
import GRDBSQLite
import IlgiFormat
import IlgiStore
import IlgiSystem

/// The write of one refresh, inside its transaction: rows removed, moved, written and replaced,
/// each change logged for the site export (`EntryIndex.changes(since:)`), and the folders'
/// digests stored with them.
///
/// Statements used once per file are compiled once and bound through SQLite's C API
/// (`BoundStatement`).
struct IndexWriter {
  private let db: Database
  /// Whether the index held nothing when the write began (new, or cleared for a rebuild): it
  /// is filled without looking for the rows each file replaces.
  private let filling: Bool
  /// Rows removed or replaced, added to the index's count of stale full-text rows.
  private var stale = 0
  private var restoreCache: (() throws -> Void)?
  private var log: BoundStatement
  private var deleteEntry: BoundStatement
  private var deleteProblem: BoundStatement
  private var findEntry: BoundStatement
  private var findRow: BoundStatement
  private var insert: BoundStatement
  private var insertText: BoundStatement
  private var insertTag: BoundStatement
  private var insertLink: BoundStatement

  /// SQLite's page cache while an empty index is filled, in KiB (a negative `cache_size`).
  static let fillCacheSize = -65_536

  /// Starts the write: empties the index for a `rebuild`; otherwise checks that the index is
  /// still the one whose `identity` the refresh read, and throws `RebuiltMeanwhile` if another
  /// process rebuilt it since.
  init(_ db: Database, rebuild: Bool, identity: Int64?) throws {
    self.db = db
    if rebuild {
      try db.execute(sql: EntryIndex.emptyingSQL)
    } else if try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'identity'") != identity {
      throw EntryIndex.RebuiltMeanwhile()
    }
    // An index that holds nothing is filled without logging each entry: it takes a new identity
    // instead, so a site export made before sees another index and exports everything.
    filling =
      try Bool.fetchOne(
        db, sql: "SELECT NOT (EXISTS (SELECT 1 FROM entry) OR EXISTS (SELECT 1 FROM problem))") ?? false
    if filling {
      // The indexes by date, id, day and tag are made again from the rows at the end; the write
      // is one transaction, so no reader sees the index without them.
      try db.execute(
        sql: "UPDATE meta SET value = random() WHERE key = 'identity'; DELETE FROM change; "
          + EntryIndex.dropSecondaryIndexes)
      // SQLite's default cache holds a small part of the pages a fill changes; a larger one
      // until the fill ends keeps FTS5's merges from reading them back from the log.
      let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
      try db.execute(sql: "PRAGMA cache_size = \(Self.fillCacheSize)")
      restoreCache = { try db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    }
    log = try BoundStatement(db, "INSERT INTO change (path, body_only) VALUES (?, ?)")
    deleteEntry = try BoundStatement(db, "DELETE FROM entry WHERE path = ?")
    deleteProblem = try BoundStatement(db, "DELETE FROM problem WHERE path = ?")
    findEntry = try BoundStatement(db, "SELECT 1 FROM entry WHERE path = ?")
    findRow = try BoundStatement(db, "SELECT \(EntryRow.selectList) FROM entry e WHERE rowid = ?")
    insert = try BoundStatement(db, EntryRow.insert)
    insertText = try BoundStatement(db, "INSERT INTO entry_text (rowid, title, body) VALUES (?, ?, ?)")
    insertTag = try BoundStatement(db, "INSERT OR IGNORE INTO entry_tag (tag, entry) VALUES (?, ?)")
    insertLink = try BoundStatement(db, "INSERT OR IGNORE INTO entry_link (name, entry) VALUES (?, ?)")
  }

  /// Removes the rows of vanished files and the stored problems of vanished or changed ones.
  mutating func remove(_ paths: [String], problems: [String]) throws {
    for path in paths {
      try deleteRow(path)
      try logChange(path, bodyOnly: false)
    }
    for path in problems {
      deleteProblem.bind(path)
      try deleteProblem.run()
    }
  }

  /// Gives moved files' rows their new paths.
  mutating func move(_ moves: [RefreshPlan.Move]) throws {
    for move in moves {
      try db.execute(sql: "UPDATE entry SET path = ? WHERE path = ?", arguments: [move.to.rawValue, move.from])
      try logChange(move.from, bodyOnly: false)
      try logChange(move.to.rawValue, bodyOnly: false)
    }
  }

  /// Writes what reading `files` gave: their rows (each replacing its row before it changed,
  /// `previous`), or their problems; counts them in `report`.
  ///
  /// In three passes: every row replaced is cleared first, then the new rows with their tags
  /// and links are written, then their text. A statement whose cascades or triggers may fail
  /// halfway (a delete from `entry`, a tag's insert) opens a statement journal, and FTS5 writes
  /// out the text it holds at each one: written in turn, every entry's text became a segment of
  /// its own, and a refresh of 1,000 changed entries spent most of its time merging them.
  mutating func write(
    _ files: [EntryIndex.ReadFile], previous: (JournalPath) -> RefreshPlan.Known?, into report: inout IndexReport
  ) throws {
    let rows = try clear(files, previous: previous, into: &report)
    var rowids: [Int64] = []
    rowids.reserveCapacity(rows.count)
    for row in rows {
      EntryRow(entry: row.entry, notes: row.notes, signature: row.signature, hash: row.hash).bind(to: &insert)
      try insert.run()
      let rowid = db.lastInsertedRowID
      rowids.append(rowid)
      for tag in Set(row.entry.tags.map { $0.lowercased() }) {
        insertTag.bind(tag)
        insertTag.bind(rowid)
        try insertTag.run()
      }
      for name in row.entry.wikiLinks {
        insertLink.bind(name)
        insertLink.bind(rowid)
        try insertLink.run()
      }
    }
    for (rowid, row) in zip(rowids, rows) {
      insertText.bind(rowid)
      insertText.bind(row.title)
      insertText.bind(row.body)
      try insertText.run()
    }
  }

  /// A file read whose row is to be written.
  private struct NewRow {
    var entry: IndexedEntry
    var notes: [String]
    var signature: FileSignature
    var hash: Int64
    var title: String
    var body: String
  }

  /// The first pass of `write`: the problems of `files` that could not be read stored, the rows
  /// they replace cleared, and the rows of the files only touched given their new times; the
  /// rows left to write.
  private mutating func clear(
    _ files: [EntryIndex.ReadFile], previous: (JournalPath) -> RefreshPlan.Known?, into report: inout IndexReport
  ) throws -> [NewRow] {
    var rows: [NewRow] = []
    for file in files {
      let path = file.path.rawValue
      switch file.result {
      case .failure(let error):
        try writeProblem(error, of: file, replacing: previous(file.path), into: &report)
      case .success(let read):
        for note in read.notes { report.notes.append((file.path, note)) }
        if !filling {
          deleteProblem.bind(path)
          try deleteProblem.run()
        }
        let previous = previous(file.path)
        if let previous, previous.hash == read.hash {
          // Touched, not changed (a checkout of the same text): keep the row, note the new time.
          try db.execute(
            sql: "UPDATE entry SET size = ?, mtime = ?, inode = ? WHERE rowid = ?",
            arguments: [
              file.signature.size, file.signature.modified, Int64(bitPattern: file.signature.inode), previous.rowid,
            ])
          continue
        }
        try clearRow(path, replacing: previous, with: read.entry, into: &report)
        rows.append(
          NewRow(
            entry: read.entry, notes: read.notes, signature: file.signature, hash: read.hash, title: read.title,
            body: read.body))
      }
    }
    return rows
  }

  /// Stores why `file` could not be read, after removing the row it had (`previous`); counts it
  /// in `report`.
  private mutating func writeProblem(
    _ error: EntryReadError, of file: EntryIndex.ReadFile, replacing previous: RefreshPlan.Known?,
    into report: inout IndexReport
  ) throws {
    let path = file.path.rawValue
    if previous != nil {
      try deleteRow(path)
      try logChange(path, bodyOnly: false)
      report.removed += 1
    }
    try db.execute(
      sql: "INSERT OR REPLACE INTO problem (path, summary, advice, size, mtime, inode) VALUES (?, ?, ?, ?, ?, ?)",
      arguments: [
        path, error.encodedReason, "", file.signature.size, file.signature.modified,
        Int64(bitPattern: file.signature.inode),
      ])
    report.skipped.append(error)
  }

  /// Makes way for the new row of `path` and logs the change: removes the row it replaces
  /// (`previous`, or one another process wrote meanwhile); counts it in `report` as updated or
  /// added.
  private mutating func clearRow(
    _ path: String, replacing previous: RefreshPlan.Known?, with entry: IndexedEntry, into report: inout IndexReport
  ) throws {
    if let previous {
      // Whether a list showing the entry is unchanged, for the site export.
      findRow.bind(previous.rowid)
      let old = try findRow.row { EntryRow.decode($0, hashes: false).entry }
      try logChange(path, bodyOnly: old.map { EntryRow.listsAlike($0, entry) } ?? false)
      // Another process may have indexed the same change already; the path is unique.
      try deleteRow(path)
      report.updated += 1
    } else if filling {
      report.added += 1
    } else {
      findEntry.bind(path)
      if try findEntry.run() { try deleteRow(path) }
      report.added += 1
      try logChange(path, bodyOnly: false)
    }
  }

  /// Ends the write: the secondary indexes of a fill, the folders' digests (the next walk skips
  /// what this one saw), the stale count, and the log trimmed to its last 50,000 changes (an
  /// export that last ran before those exports all).
  mutating func finish(changedFolders: [JournalStore.FolderDigest], goneFolders: [String]) throws {
    if filling { try db.execute(sql: EntryIndex.secondaryIndexes) }
    let setDigest = try db.makeStatement(sql: "INSERT OR REPLACE INTO folder (path, digest) VALUES (?, ?)")
    for folder in changedFolders {
      try setDigest.execute(arguments: [folder.path, folder.digest])
    }
    for folder in goneFolders {
      try db.execute(sql: "DELETE FROM folder WHERE path = ?", arguments: [folder])
    }
    if stale > 0 {
      try db.execute(sql: "UPDATE meta SET value = value + ? WHERE key = 'stale'", arguments: [stale])
    }
    try db.execute(
      sql: """
        UPDATE meta SET value = max(value, coalesce((SELECT max(seq) FROM change), 0) - 50000) WHERE key = 'trimmed';
        DELETE FROM change WHERE seq <= (SELECT value FROM meta WHERE key = 'trimmed');
        """)
  }

  /// Puts back the page cache's size a fill made larger; called when the write ends, whether
  /// it was kept or not.
  func restoreCacheSize() throws {
    try restoreCache?()
  }

  private mutating func deleteRow(_ path: String) throws {
    deleteEntry.bind(path)
    try deleteEntry.run()
    stale += 1
  }

  private mutating func logChange(_ path: String, bodyOnly: Bool) throws {
    log.bind(path)
    log.bind(bodyOnly ? 1 : 0)
    try log.run()
  }
}
