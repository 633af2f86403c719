import CIlgiTokenizer
import Foundation
import GRDB
import GRDBSQLite
import IlgiFormat
import IlgiStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The journal's cache in `.ilgi/index.sqlite`: metadata and full text of every entry.
///
/// The files are the truth: every query first brings the index up to date with `refresh(_:)`,
/// which re-reads only new or changed files. A missing, corrupt or older-format index is
/// rebuilt; a journal that cannot be written to gets an index in memory.
public final class EntryIndex: @unchecked Sendable {
  /// Bumped whenever the schema or what is stored changes; an index of another version is rebuilt.
  public static let schemaVersion = 14

  /// Where the index lives, or `nil` for one in memory.
  public let location: String?
  /// Why the index was rebuilt or kept in memory, for the CLI to show once.
  public internal(set) var notices: [IndexNotice] = []
  let queue: DatabaseQueue
  let reader: EntryReader
  /// Run by a refresh between its walk and its write: lets a test change the index there.
  var afterWalk: (() throws -> Void)?
  /// Where an encrypted journal's index is written back after a refresh changed it.
  var seal: Seal?
  /// Whether the sealed index on disk was passed over because no key of this run opens it.
  /// Written back only if this run's keys read the journal's files (a device just added as a
  /// recipient); a run whose keys open neither leaves it as it is for the keys that do.
  var sealNotOpenedForWantOfKey = false

  private init(queue: DatabaseQueue, location: String?, reader: EntryReader) {
    self.queue = queue
    self.location = location
    self.reader = reader
  }

  /// Opens (or makes) the index of `store`. Never fails: a broken file is replaced, and a
  /// journal that cannot be written to gets an index in memory.
  public static func open(for store: JournalStore) throws -> EntryIndex {
    switch store.sealing.state {
    case .plain: break
    case .sealed: return try openSealed(for: store)
    case .unknown(let why):
      // A plain index of an encrypted journal would be its text in the clear.
      throw IndexError(path: store.sealing.configPath, message: why)
    }
    let folder = store.root + "/" + JournalLayout.ilgiFolder
    let path = folder + "/index.sqlite"
    var notices: [IndexNotice] = []
    do {
      try store.fileSystem.createDirectory(atPath: folder, permissions: JournalLayout.folderPermissions)
      do {
        return try openFile(path, reader: store.reader)
      } catch let error as DatabaseError where isCorruption(error) || error.resultCode == .SQLITE_ERROR {
        // Damaged or not an index at all: replaced below. Another process holding the file
        // (busy, locked) is no reason to throw its index away.
      }
      notices.append(.replacedUnopenable(path: path))
      removeFiles(path)
      let index = try openFile(path, reader: store.reader)
      index.notices = notices
      return index
    } catch {
      // A journal on read-only media still works: the index lives in memory for this command.
      return try inMemory(reader: store.reader)
    }
  }

  /// An index in memory, for read-only journals and tests.
  public static func inMemory(reader: EntryReader) throws -> EntryIndex {
    try inMemory(reader: reader, queue: try DatabaseQueue(configuration: configuration()))
  }

  /// An index in `queue`, a database in memory (made by `configuration()`).
  static func inMemory(reader: EntryReader, queue: DatabaseQueue) throws -> EntryIndex {
    let index = EntryIndex(queue: queue, location: nil, reader: reader)
    try index.migrate()
    return index
  }

  /// Settles how SQLite works in this process, before its first use: a command's first step.
  /// SQLite then keeps no count of its memory (`sqlite3_memory_used` is 0), which ilgi never asks.
  public static func prepareSQLite() {
    _ = ilgi_sqlite_without_memory_statistics()
  }

  /// The size of a new index's pages: fewer pages to log and write in a rebuild than SQLite's
  /// 4 KB, less written per edit than 64 KB (docs/PERFORMANCE.md). An index made before keeps
  /// its pages' size: only a new file takes this one.
  static let pageSize = 16384

  /// What every connection to an index has: the full-text table's tokenizer, and the size of
  /// the pages of a new index (set before GRDB makes the file a write-ahead log's).
  static func configuration() -> Configuration {
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA page_size = \(pageSize)")
      // Statement journals in memory: on disk (`/var/tmp/etilqs_*`), a refresh of 1,000 changed
      // entries of 10,000 wrote 30,000 pages there, 0.4 s of a sync's 1 s.
      try db.execute(sql: "PRAGMA temp_store = MEMORY")
      let code = ilgi_register_tokenizer(db.sqliteConnection)
      guard code == SQLITE_OK else {
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not register the tokenizer ilgi")
      }
    }
    return configuration
  }

  /// Opens the index file at `path`, made owner-only first when it is new: SQLite would create
  /// it with the umask, and its `-wal` and `-shm` take the main file's permissions.
  static func openFile(_ path: String, reader: EntryReader) throws -> EntryIndex {
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) }
    var configuration = configuration()
    configuration.journalMode = .wal
    // Two ilgi processes refreshing at once wait for each other instead of failing.
    configuration.busyMode = .timeout(30)
    configuration.label = "ilgi.index"
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    let index = EntryIndex(queue: queue, location: path, reader: reader)
    try index.migrate()
    return index
  }

  static func removeFiles(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
  }

  /// Makes the schema, or drops an index of another version so it is rebuilt.
  private func migrate() throws {
    if try queue.read({ db in try Int.fetchOne(db, sql: "PRAGMA user_version") }) == Self.schemaVersion { return }
    try queue.writeWithoutTransaction { db in
      // Looked at again inside a write transaction: two processes opening a new index at once
      // must not both make the schema.
      try db.inTransaction(.immediate) {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version == Self.schemaVersion { return .commit }
        if version != 0 {
          notices.append(.rebuiltOtherVersion)
          try db.execute(
            sql:
              "DROP TABLE IF EXISTS tag_count; DROP TABLE IF EXISTS entry_link; DROP TABLE IF EXISTS entry_tag; DROP TABLE IF EXISTS entry_text; DROP TABLE IF EXISTS entry; DROP TABLE IF EXISTS problem; DROP TABLE IF EXISTS meta; DROP TABLE IF EXISTS folder; DROP TABLE IF EXISTS change"
          )
        }
        try db.execute(
          sql: Self.entryTables + """
            CREATE TABLE problem (
              path TEXT PRIMARY KEY,
              summary TEXT NOT NULL,
              advice TEXT NOT NULL,
              size INTEGER NOT NULL,
              mtime INTEGER NOT NULL,
              inode INTEGER NOT NULL
            );
            CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
            INSERT INTO meta VALUES ('stale', 0);
            \(Self.addedTables)
            PRAGMA user_version = \(Self.schemaVersion);
            """)
        return .commit
      }
    }
  }

  /// The entries, their tags and the full-text table: what a rebuild drops and makes again.
  ///
  /// The full-text table is contentless: the files hold the text. Its tokenizer, "ilgi"
  /// (CIlgiTokenizer), gives the tokens of SQLite's "unicode61 remove_diacritics 2" (case and
  /// Latin diacritics folded) and finds those of ASCII, Hangul and Han words without Unicode
  /// table lookups, which were a large part of FTS5's time (docs/PERFORMANCE.md).
  ///
  /// A changed entry gets a new rowid and its old postings stay behind (SQLite 3.40 cannot
  /// delete from a contentless table without the old text); `stale` counts them and a rebuild
  /// clears them.
  static let entryTables = """
    CREATE TABLE entry (
      rowid INTEGER PRIMARY KEY AUTOINCREMENT,
      path TEXT NOT NULL UNIQUE,
      id TEXT NOT NULL,
      instant REAL NOT NULL,
      offset INTEGER NOT NULL,
      day TEXT NOT NULL,
      title TEXT NOT NULL,
      preview TEXT NOT NULL,
      tags TEXT NOT NULL,
      weather TEXT,
      words INTEGER NOT NULL,
      notes TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime INTEGER NOT NULL,
      inode INTEGER NOT NULL,
      hash INTEGER NOT NULL,
      starred INTEGER NOT NULL,
      timed INTEGER NOT NULL,
      links TEXT NOT NULL,
      place TEXT,
      wiki TEXT NOT NULL,
      mood INTEGER,
      activities TEXT NOT NULL,
      title_key TEXT NOT NULL
    );
    CREATE TABLE entry_link (
      name TEXT NOT NULL,
      entry INTEGER NOT NULL REFERENCES entry(rowid) ON DELETE CASCADE,
      PRIMARY KEY (name, entry)
    ) WITHOUT ROWID;
    CREATE TABLE entry_tag (
      tag TEXT NOT NULL,
      entry INTEGER NOT NULL REFERENCES entry(rowid) ON DELETE CASCADE,
      PRIMARY KEY (tag, entry)
    ) WITHOUT ROWID;
    CREATE TABLE tag_count (tag TEXT PRIMARY KEY, entries INTEGER NOT NULL) WITHOUT ROWID;
    \(secondaryIndexes)
    CREATE VIRTUAL TABLE entry_text USING fts5(title, body, content='', tokenize='ilgi');
    \(textTableSettings)

    """

  /// The indexes that order entries by date, id and day, and tags by entry, and the count of
  /// each tag's entries. An empty index is filled without them and they are made at the end:
  /// made from all rows at once, each is one sort, where keeping them up to date row by row
  /// writes pages all over them. From then on triggers keep the counts, so the list of tags
  /// the app shows on every page reads a row per tag, not a row per tagged entry (15 ms at
  /// 100,000 entries).
  static let secondaryIndexes = """
    CREATE INDEX entry_by_instant ON entry(instant, path);
    CREATE INDEX entry_by_id ON entry(id);
    CREATE INDEX entry_by_day ON entry(day);
    CREATE INDEX entry_tag_by_entry ON entry_tag(entry);
    CREATE INDEX entry_link_by_entry ON entry_link(entry);
    CREATE INDEX entry_by_title_key ON entry(title_key);
    DELETE FROM tag_count;
    INSERT INTO tag_count (tag, entries) SELECT tag, count(*) FROM entry_tag GROUP BY tag;
    CREATE TRIGGER tag_counted AFTER INSERT ON entry_tag BEGIN
      INSERT INTO tag_count (tag, entries) VALUES (new.tag, 1)
        ON CONFLICT (tag) DO UPDATE SET entries = entries + 1;
    END;
    CREATE TRIGGER tag_uncounted AFTER DELETE ON entry_tag BEGIN
      UPDATE tag_count SET entries = entries - 1 WHERE tag = old.tag;
      DELETE FROM tag_count WHERE tag = old.tag AND entries <= 0;
    END;
    """

  /// Drops the indexes and triggers `secondaryIndexes` makes.
  static let dropSecondaryIndexes =
    """
    DROP INDEX IF EXISTS entry_by_instant; DROP INDEX IF EXISTS entry_by_id; DROP INDEX IF EXISTS entry_by_day;
    DROP INDEX IF EXISTS entry_tag_by_entry; DROP INDEX IF EXISTS entry_link_by_entry; DROP INDEX IF EXISTS entry_by_title_key; DROP TRIGGER IF EXISTS tag_counted; DROP TRIGGER IF EXISTS tag_uncounted;
    """

  /// Tables newer than version 3: each folder's digest as the last refresh walked it
  /// (`JournalStore.FolderDigest`), and the log of changed entries (`changes(since:)`) with the
  /// index's identity, a random number made with it.
  static let addedTables = """
    CREATE TABLE IF NOT EXISTS folder (path TEXT PRIMARY KEY, digest INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS change (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL, body_only INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT OR IGNORE INTO meta VALUES ('identity', random());
    INSERT OR IGNORE INTO meta VALUES ('trimmed', 0);
    """

  /// FTS5 keeps a transaction's new postings in memory up to `hashsize` bytes, then writes them
  /// as a segment that later ones are merged with. At 32 MB a rebuild writes a few large
  /// segments instead of many small ones to merge. Memory is held only while a refresh writes.
  static let textTableSettings = "INSERT INTO entry_text(entry_text, rank) VALUES ('hashsize', 33554432);"

  static func isCorruption(_ error: DatabaseError) -> Bool {
    [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT].contains(error.resultCode)
  }

  /// Opens the index of `store` and brings it up to date; the way every command reads.
  ///
  /// `rebuild` starts from nothing. A file SQLite finds damaged midway is replaced and the
  /// index rebuilt, with a notice. With `attachments`, the report also lists the pictures and
  /// other media the walk passed (what a site carries), so nothing walks the tree twice.
  ///
  /// `resealed` names entry files sealed again to a new recipient list, their text unchanged:
  /// a row holding that text takes the new file as read, so no entry is opened a second time.
  public static func load(
    _ store: JournalStore, rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil,
    attachments: Bool = false, resealed: [JournalConversion.Resealed] = []
  ) throws(IndexError) -> (EntryIndex, IndexReport) {
    var index: EntryIndex
    do {
      index = try open(for: store)
    } catch {
      throw IndexError(path: store.root + "/" + JournalLayout.ilgiFolder + "/index.sqlite", message: "\(error)")
    }
    // Should it fail, the refresh reads those entries instead.
    if !resealed.isEmpty, !rebuild { try? index.adopt(resealed) }
    do {
      return (index, try index.refresh(store, rebuild: rebuild, progress: progress, attachments: attachments))
    } catch let error as DatabaseError where isCorruption(error) && index.location != nil {
      let path = index.location ?? ""
      let earlier = index.notices
      try? index.queue.close()
      removeFiles(path)
      do {
        index = try open(for: store)
      } catch {
        throw IndexError(path: path, message: "\(error)")
      }
      index.notices = earlier + [.rebuiltDamaged(path: path)] + index.notices
      do {
        var report = try index.refresh(store, progress: progress, attachments: attachments)
        report.rebuilt = true
        return (index, report)
      } catch {
        throw IndexError(path: path, message: "\(error)")
      }
    } catch {
      throw IndexError(path: index.location ?? ":memory:", message: "\(error)")
    }
  }

  /// Gives the rows of `resealed` files their new signatures where the row holds the text
  /// sealed (the same fingerprint); a row of other text is left for the refresh to read.
  private func adopt(_ resealed: [JournalConversion.Resealed]) throws {
    try queue.write { db in
      let update = try db.makeStatement(
        sql: "UPDATE entry SET size = ?, mtime = ?, inode = ? WHERE path = ? AND hash = ?")
      for file in resealed {
        try update.execute(arguments: [
          file.signature.size, file.signature.modified, Int64(bitPattern: file.signature.inode), file.path.rawValue,
          file.fingerprint,
        ])
      }
    }
  }

  /// What a rebuild runs first, in the transaction that fills the index again: the entry
  /// tables are dropped and made anew (with the full-text table's current tokenizer), and what
  /// the index knew of folders and unreadable files is forgotten. The fill that follows clears
  /// the log of changes and gives the index a new identity: a site export made before sees
  /// another index.
  static let emptyingSQL = """
    DROP TABLE tag_count; DROP TABLE entry_link; DROP TABLE entry_tag; DROP TABLE entry_text; DROP TABLE entry;
    DELETE FROM problem; DELETE FROM folder;
    UPDATE meta SET value = 0 WHERE key IN ('stale', 'trimmed');
    \(entryTables)
    """
}
