import Dispatch
import Foundation
import GRDB
import GRDBSQLite

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
  func refresh(
    _ store: JournalStore, rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)?, attachments: Bool = false
  ) throws -> IndexReport {
    for _ in 0..<3 {
      do {
        return try refreshOnce(store, rebuild: rebuild, progress: progress, attachments: attachments)
      } catch is RebuiltMeanwhile {
        continue
      }
    }
    // Rebuilt three times during this one's walks: a rebuild of its own needs nothing it read.
    return try refreshOnce(store, rebuild: true, progress: progress, attachments: attachments)
  }

  /// SQLite's page cache while an empty index is filled, in KiB (a negative `cache_size`).
  static let fillCacheSize = -65536

  /// Thrown by a refresh's write when the index it read was replaced by another process's rebuild.
  struct RebuiltMeanwhile: Error {}

  private func refreshOnce(
    _ store: JournalStore, rebuild: Bool, progress: (@Sendable (Int, Int) -> Void)?, attachments: Bool
  ) throws -> IndexReport {
    var report = IndexReport()

    // What the index knows of folders and of unreadable files: small tables, read first so the
    // walk can drop the files of every folder whose digest is unchanged (nothing in it was
    // added, removed, renamed or touched). Only the other folders' rows are read and compared.
    // A rebuild knows nothing.
    let (storedFolders, storedProblems, identity) = try queue.read { db in
      (
        rebuild ? [:] : try Self.folderDigests(db), rebuild ? [:] : try Self.problems(db),
        try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'identity'")
      )
    }
    let walk = store.walk(attachments: attachments) { folder, digest in storedFolders[PathKey(folder)] != digest }
    report.attachments = walk.attachments

    var changedFolders: [JournalStore.FolderDigest] = []
    var walked = Set<PathKey>(minimumCapacity: walk.folders.count)
    for folder in walk.folders {
      let key = PathKey(folder.path)
      walked.insert(key)
      if storedFolders[key] != folder.digest { changedFolders.append(folder) }
    }
    let goneFolders = storedFolders.keys.filter { !walked.contains($0) }.map(\.text)
    let looked = Set((changedFolders.map(\.path) + goneFolders).map(PathKey.init))

    var unseen =
      rebuild
      ? [:] : storedFolders.isEmpty ? try knownFiles() : try knownFiles(in: changedFolders.map(\.path) + goneFolders)
    // A problem in a folder that did not change is still there, unchanged.
    var unseenProblems: [String: (FileSignature, String, String)] = [:]
    var stillBad: [EntryReadError] = []
    for (path, problem) in storedProblems {
      if storedFolders.isEmpty || looked.contains(PathKey(JournalPath.folder(of: path))) {
        unseenProblems[path] = problem
      } else if let known = EntryReadError(
        path: JournalPath(path), encoded: problem.1, absolutePath: store.absolute(JournalPath(path)))
      {
        stillBad.append(known)
      }
    }
    report.rebuilt = storedFolders.isEmpty && unseen.isEmpty && storedProblems.isEmpty

    // Every path seen is taken out of `unseen`; what is left there has vanished.
    var toRead: [(path: JournalPath, signature: FileSignature)] = []
    var previous: [PathKey: Known] = [:]
    for (path, signature) in walk.files {
      let key = PathKey(path.rawValue)
      if let entry = unseen.removeValue(forKey: key) {
        if entry.signature != signature {
          toRead.append((path, signature))
          previous[key] = entry
        }
      } else if let problem = unseenProblems.removeValue(forKey: path.rawValue), problem.0 == signature,
        let known = EntryReadError(path: path, encoded: problem.1, absolutePath: store.absolute(path))
      {
        stillBad.append(known)
      } else {
        toRead.append((path, signature))
      }
    }
    var vanished = unseen
    let vanishedProblems = Array(unseenProblems.keys)

    // A new path with the inode, size and time of a vanished one is the same file, moved.
    var moves: [(from: String, to: JournalPath, signature: FileSignature)] = []
    if !vanished.isEmpty {
      var bySignature: [FileSignature: String] = [:]
      for (path, entry) in vanished { bySignature[entry.signature] = path.text }
      toRead.removeAll { path, signature in
        guard previous[PathKey(path.rawValue)] == nil, let from = bySignature[signature] else { return false }
        bySignature[signature] = nil
        vanished[PathKey(from)] = nil
        moves.append((from, path, signature))
        return true
      }
    }

    report.skipped = walk.problems + stillBad
    report.knownBefore = Set(stillBad.map(\.path))
    defer { report.skipped.sort { $0.path < $1.path } }
    guard
      rebuild
        || !(toRead.isEmpty && vanished.isEmpty && vanishedProblems.isEmpty && moves.isEmpty && changedFolders.isEmpty
        && goneFolders.isEmpty)
    else {
      // Nothing changed: no write, so a read-only command never waits for another's write.
      report.total = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0 }
      return report
    }

    try afterWalk?()
    try queue.write { db in
      if rebuild {
        try db.execute(sql: Self.emptyingSQL)
      } else if try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'identity'") != identity {
        throw RebuiltMeanwhile()
      }
      var stale = 0
      var restoreCache: (() throws -> Void)?
      // An index that holds nothing (new, or cleared for a rebuild) is filled without looking
      // for rows each file replaces and without logging each entry: it takes a new identity
      // instead, so a site export made before sees another index and exports everything.
      let filling = try Bool.fetchOne(
        db, sql: "SELECT NOT (EXISTS (SELECT 1 FROM entry) OR EXISTS (SELECT 1 FROM problem))") ?? false
      if filling {
        // The indexes by date, id, day and tag are made again from the rows at the end; the write
        // is one transaction, so no reader sees the index without them.
        try db.execute(
          sql: "UPDATE meta SET value = random() WHERE key = 'identity'; DELETE FROM change; " + Self.dropSecondaryIndexes)
        // SQLite's cache of 2 MB holds a small part of the pages a fill changes: it writes the
        // others to the log early and reads them back from it while FTS5 merges its segments
        // (at 100,000 entries, 250 MB more read). The cache is made larger until the fill ends.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = \(Self.fillCacheSize)")
        restoreCache = { try db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
      }
      defer { try? restoreCache?() }
      // Every change to an entry is logged, for the site export (`changes(since:)`).
      var log = try BoundStatement(db, "INSERT INTO change (path, body_only) VALUES (?, ?)")
      // Statements used once per file are compiled once and bound through SQLite's C API.
      var deleteEntry = try BoundStatement(db, "DELETE FROM entry WHERE path = ?")
      var deleteProblem = try BoundStatement(db, "DELETE FROM problem WHERE path = ?")
      var findEntry = try BoundStatement(db, "SELECT 1 FROM entry WHERE path = ?")
      for (path, _) in vanished {
        deleteEntry.bind(path.text)
        try deleteEntry.run()
        log.bind(path.text)
        log.bind(0)
        try log.run()
        stale += 1
      }
      for path in vanishedProblems {
        deleteProblem.bind(path)
        try deleteProblem.run()
      }
      for move in moves {
        try db.execute(
          sql: "UPDATE entry SET path = ? WHERE path = ?", arguments: [move.to.rawValue, move.from])
        for path in [move.from, move.to.rawValue] {
          log.bind(path)
          log.bind(0)
          try log.run()
        }
      }
      var insert = try BoundStatement(
        db,
        """
        INSERT INTO entry (path, id, instant, offset, day, title, preview, tags, weather, words, notes,
                           size, mtime, inode, hash, starred)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
      var insertText = try BoundStatement(db, "INSERT INTO entry_text (rowid, title, body) VALUES (?, ?, ?)")
      var insertTag = try BoundStatement(db, "INSERT OR IGNORE INTO entry_tag (tag, entry) VALUES (?, ?)")
      // Files are read and parsed on every core while this thread writes the ones before them.
      let counter = ProgressCounter(total: toRead.count, report: progress)
      try Parallel.stream(toRead, chunk: 256) { path, signature in
        defer { counter.advance() }
        return Self.read(path, signature: signature, store: store)
      } consume: { files in
        for file in files {
          let path = file.path.rawValue
          let previous = previous[PathKey(path)]
          switch file.result {
          case .failure(let error):
            if previous != nil {
              deleteEntry.bind(path)
              try deleteEntry.run()
              log.bind(path)
              log.bind(0)
              try log.run()
              stale += 1
              report.removed += 1
            }
            try db.execute(
              sql: "INSERT OR REPLACE INTO problem (path, summary, advice, size, mtime, inode) VALUES (?, ?, ?, ?, ?, ?)",
              arguments: [
                path, error.encodedReason, "", file.signature.size, file.signature.modified,
                Int64(bitPattern: file.signature.inode),
              ])
            report.skipped.append(error)
          case .success(let (entry, title, body, hash, notes)):
            for note in notes { report.notes.append((file.path, note)) }
            if !filling {
              deleteProblem.bind(path)
              try deleteProblem.run()
            }
            if let previous, previous.hash == hash {
              // Touched, not changed (a checkout of the same text): keep the row, note the new time.
              try db.execute(
                sql: "UPDATE entry SET size = ?, mtime = ?, inode = ? WHERE rowid = ?",
                arguments: [
                  file.signature.size, file.signature.modified, Int64(bitPattern: file.signature.inode), previous.rowid,
                ])
              continue
            }
            let tags = entry.tags.joined(separator: "\u{1F}")
            if let previous {
              // Whether a list showing the entry is unchanged: its date, title, preview, tags and
              // weather are what they were.
              let shown = try Row.fetchOne(
                db, sql: "SELECT instant, offset, title, preview, weather, tags FROM entry WHERE rowid = ?",
                arguments: [previous.rowid])
              let bodyOnly =
                shown.map { old in
                  old[0] == entry.date.instant.timeIntervalSince1970 && old[1] == entry.date.offset
                    && old[2] == entry.title && old[3] == entry.preview && old[4] == entry.weather && old[5] == tags
                } ?? false
              log.bind(path)
              log.bind(bodyOnly ? 1 : 0)
              try log.run()
              // Another process may have indexed the same change already; the path is unique.
              deleteEntry.bind(path)
              try deleteEntry.run()
              stale += 1
              report.updated += 1
            } else if filling {
              report.added += 1
            } else {
              findEntry.bind(path)
              if try findEntry.run() {
                deleteEntry.bind(path)
                try deleteEntry.run()
                stale += 1
              }
              report.added += 1
              log.bind(path)
              log.bind(0)
              try log.run()
            }
            insert.bind(path)
            insert.bind(entry.id.rawValue)
            insert.bind(entry.date.instant.timeIntervalSince1970)
            insert.bind(entry.date.offset)
            insert.bind(entry.date.day)
            insert.bind(entry.title)
            insert.bind(entry.preview)
            insert.bind(tags)
            insert.bind(entry.weather)
            insert.bind(entry.words)
            insert.bind(notes.joined(separator: "\u{1F}"))
            insert.bind(file.signature.size)
            insert.bind(file.signature.modified)
            insert.bind(Int64(bitPattern: file.signature.inode))
            insert.bind(hash)
            insert.bind(entry.starred ? 1 : 0)
            try insert.run()
            let rowid = db.lastInsertedRowID
            insertText.bind(rowid)
            insertText.bind(title)
            insertText.bind(body)
            try insertText.run()
            for tag in Set(entry.tags.map { $0.lowercased() }) {
              insertTag.bind(tag)
              insertTag.bind(rowid)
              try insertTag.run()
            }
          }
        }
      }
      if filling { try db.execute(sql: Self.secondaryIndexes) }
      // The folders' digests go in with their rows: the next walk skips what this one saw.
      let setDigest = try db.makeStatement(sql: "INSERT OR REPLACE INTO folder (path, digest) VALUES (?, ?)")
      for folder in changedFolders {
        try setDigest.execute(arguments: [folder.path, folder.digest])
      }
      for folder in goneFolders {
        try db.execute(sql: "DELETE FROM folder WHERE path = ?", arguments: [folder])
      }
      report.removed += vanished.count
      report.moved = moves.count
      if stale > 0 {
        try db.execute(sql: "UPDATE meta SET value = value + ? WHERE key = 'stale'", arguments: [stale])
      }
      // The log keeps the last 50,000 changes; an export that last ran before those exports all.
      try db.execute(
        sql: """
          UPDATE meta SET value = max(value, coalesce((SELECT max(seq) FROM change), 0) - 50000) WHERE key = 'trimmed';
          DELETE FROM change WHERE seq <= (SELECT value FROM meta WHERE key = 'trimmed');
          """)
      report.total = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0
    }
    return report
  }

  /// Where the log of changes stood: the index it belongs to and its last change.
  public struct ChangeMark: Sendable, Equatable {
    /// A random number made with the index; another index (rebuilt from nothing) has another.
    public var identity: Int64
    /// The last change logged.
    public var change: Int64
  }

  /// The entries changed since `mark` (by path, and whether only their bodies changed: the same
  /// date, title, preview, tags and weather), or `nil` when the log cannot tell (another index,
  /// or changes since dropped from the log); and where the log stands now.
  public func changes(since mark: ChangeMark?) throws(IndexError) -> (
    now: ChangeMark, changes: [(path: String, bodyOnly: Bool)]?
  ) {
    try read { db in
      let meta = Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM meta").map { ($0[0] as String, $0[1] as Int64) })
      let now = ChangeMark(
        identity: meta["identity"] ?? 0, change: try Int64.fetchOne(db, sql: "SELECT max(seq) FROM change") ?? 0)
      guard let mark, mark.identity == now.identity, mark.change >= meta["trimmed"] ?? 0, mark.change <= now.change else {
        return (now, nil)
      }
      let changes = try Row.fetchAll(
        db, sql: "SELECT path, body_only FROM change WHERE seq > ? AND seq <= ? ORDER BY seq",
        arguments: [mark.change, now.change]
      ).map { ($0[0] as String, $0[1] as Bool) }
      return (now, changes)
    }
  }

  struct Known {
    var rowid: Int64
    var signature: FileSignature
    var hash: Int64
  }

  /// What the index knows of the files in `folders` (of every file when `nil`).
  ///
  /// Read through SQLite's C API: on a large journal this loop is half the cost of a command.
  func knownFiles(in folders: [String]? = nil) throws -> [PathKey: Known] {
    try queue.read { db in
      var known: [PathKey: Known] = [:]
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
          if folder == nil || JournalPath.folder(of: path).utf8.elementsEqual(folder!.utf8) {
            known[PathKey(path)] = Known(
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
  static func problems(_ db: Database) throws -> [String: (FileSignature, String, String)] {
    var problems: [String: (FileSignature, String, String)] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT path, size, mtime, inode, summary, advice FROM problem") {
      problems[row[0]] = (FileSignature(size: row[1], modified: row[2], inode: UInt64(bitPattern: row[3])), row[4], row[5])
    }
    return problems
  }


  static func read(_ path: JournalPath, signature: FileSignature, store: JournalStore) -> ReadFile {
    let absolute = store.absolute(path)
    let bytes: [UInt8]
    do {
      bytes = try store.fileSystem.readFile(atPath: absolute, limit: EntryReader.sizeLimit)
    } catch {
      let reason: EntryReadError.Reason =
        error.code == EFBIG ? .tooLarge(size: signature.size, limit: EntryReader.sizeLimit) : .unreadable(error)
      return ReadFile(path: path, signature: signature, result: .failure(EntryReadError(path: path, reason: reason)))
    }
    do {
      let entry = try store.reader.read(
        bytes, path: path, modified: Date(timeIntervalSince1970: Double(signature.modified) / 1e9))
      return ReadFile(
        path: path, signature: signature,
        result: .success((IndexedEntry(entry), entry.title.nfc, entry.body.nfc, fingerprint(bytes), entry.notes)))
    } catch {
      return ReadFile(path: path, signature: signature, result: .failure(error))
    }
  }

  /// A 64-bit hash of the bytes, eight at a time: tells a touched file from a changed one.
  static func fingerprint(_ bytes: [UInt8]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    bytes.withUnsafeBytes { raw in
      var index = 0
      while index + 8 <= raw.count {
        // Multiplying carries each bit upward; the shift brings the high half back down.
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        index += 8
      }
      while index < raw.count {
        hash = (hash ^ UInt64(raw[index])) &* 0x0000_0100_0000_01b3
        index += 1
      }
    }
    return Int64(bitPattern: hash ^ hash >> 29)
  }
}

/// Counts files read across threads and reports every so often.
final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  private let total: Int
  private let report: (@Sendable (Int, Int) -> Void)?

  init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
    self.total = total
    self.report = report
  }

  func advance() {
    guard let report else { return }
    lock.lock()
    done += 1
    let current = done
    lock.unlock()
    if current % 500 == 0 || current == total { report(current, total) }
  }
}
