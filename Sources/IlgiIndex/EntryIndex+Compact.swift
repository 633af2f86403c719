import GRDB
import IlgiFormat
import IlgiStore
import IlgiSystem

extension EntryIndex {
  /// Whether the full-text table holds so many postings of replaced text that it is written
  /// again: more than twice the entries' own, and over a thousand.
  ///
  /// The table is contentless (the files hold the text), and SQLite 3.40 cannot delete from one
  /// without the old text: every change of an entry, each autosave of the app among them, leaves
  /// its old postings behind (`stale` counts them). Unchecked they grew without end: 55,000
  /// changes made a 10,000-entry index 67 MB, where a new one is 15 MB. Written
  /// again when they pass this mark, the table stays within three times its live size, and the
  /// work, a read of every entry, comes once per that many changes.
  static func needsCompaction(stale: Int, total: Int) -> Bool {
    stale > 2 * total + 1_000
  }

  /// Writes the full-text table again from the entries' files, in one transaction: the
  /// postings of every replaced text go, the rows and their numbers stay. A file that cannot be
  /// read now, or no longer holds the text its row was made from (changed, or moved, since),
  /// has its row marked unread and its folder unwalked, so the next refresh reads it again
  /// rather than trusting a row whose text is gone. Whether it was done (the stale count past
  /// the mark).
  func compactTextIfNeeded(_ store: JournalStore) throws -> Bool {
    // Asked first in a read, which holds no other writer off: most refreshes end here.
    guard try queue.read(Self.compactionDue) else { return false }
    return try queue.write { db in
      guard try Self.compactionDue(db) else { return false }
      let rows = try Row.fetchAll(db, sql: "SELECT rowid, path, size, mtime, inode, hash FROM entry").map { row in
        TextRow(
          rowid: row[0], path: JournalPath(row[1] as String),
          signature: FileSignature(
            size: row[2] as Int64, modified: row[3] as Int64, inode: UInt64(bitPattern: row[4] as Int64)),
          hash: row[5])
      }
      try db.execute(sql: "INSERT INTO entry_text (entry_text) VALUES ('delete-all')")
      var insert = try BoundStatement(db, "INSERT INTO entry_text (rowid, title, body) VALUES (?, ?, ?)")
      // Neither its time nor its fingerprint matches any file: read again, and written again
      // with its text even when the file turns out to hold the same bytes.
      var unread = try BoundStatement(db, "UPDATE entry SET mtime = -1, hash = 0 WHERE rowid = ?")
      var unwalked = try BoundStatement(db, "DELETE FROM folder WHERE path = ?")
      try Parallel.stream(rows, chunk: 256) { row in
        (row, Self.read(row.path, signature: row.signature, store: store))
      } consume: { files in
        for (row, file) in files {
          guard case .success(let read) = file.result, read.hash == row.hash else {
            unread.bind(row.rowid)
            try unread.run()
            unwalked.bind(JournalPath.folder(of: row.path.rawValue))
            try unwalked.run()
            continue
          }
          insert.bind(row.rowid)
          insert.bind(read.title)
          insert.bind(read.body)
          try insert.run()
        }
      }
      try db.execute(sql: "UPDATE meta SET value = 0 WHERE key = 'stale'")
      return true
    }
  }

  /// Whether the table's stale postings are past the mark in `db`.
  private static func compactionDue(_ db: Database) throws -> Bool {
    let stale = try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'stale'") ?? 0
    let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0
    return needsCompaction(stale: stale, total: total)
  }

  /// An entry's row as the compaction reads its file.
  private struct TextRow: Sendable {
    var rowid: Int64
    var path: JournalPath
    var signature: FileSignature
    var hash: Int64
  }
}
