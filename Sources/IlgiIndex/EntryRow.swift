import Foundation
import GRDB
import GRDBSQLite
import IlgiFormat
import IlgiMarkdown
import IlgiStore
import IlgiSystem

/// A row of the index's `entry` table: its columns, the order they are bound in when a row is
/// written, and how a listing reads them back. Every query and write of entries goes through
/// here, so a column is named in one place.
///
/// Rows are bound and read through SQLite's C API: going through GRDB's rows and arguments cost
/// more than SQLite's own work on a journal of short entries.
struct EntryRow {
  /// The columns a listing reads, in the order `decode` reads them (a query selects them from
  /// `entry e`, optionally followed by `e.hash`).
  static let listed = [
    "path", "id", "instant", "offset", "title", "preview", "tags", "weather", "words", "starred", "timed", "links",
    "place", "wiki", "mood", "activities",
  ]
  /// `listed` as a query's select list.
  static let selectList = listed.map { "e." + $0 }.joined(separator: ", ")
  /// Every column a write fills, in the order `bind(to:)` binds them.
  static let written = listed + ["day", "notes", "size", "mtime", "inode", "hash", "title_key"]
  /// The statement that writes a row.
  static let insert =
    "INSERT INTO entry (\(written.joined(separator: ", "))) VALUES (\(written.map { _ in "?" }.joined(separator: ", ")))"

  /// The entry as a listing shows it.
  var entry: IndexedEntry
  /// The notes the reader made about the file (`EntryNote`).
  var notes: [String]
  /// The file's size, time and inode when it was read.
  var signature: FileSignature
  /// The fingerprint of the file's bytes.
  var hash: Int64

  /// Binds the row's values to `statement` in the order of `written`.
  func bind(to statement: inout BoundStatement) {
    statement.bind(entry.path.rawValue)
    statement.bind(entry.id.rawValue)
    statement.bind(entry.date.instant.timeIntervalSince1970)
    statement.bind(entry.date.offset)
    statement.bind(entry.title)
    statement.bind(entry.preview)
    statement.bind(Self.joined(entry.tags))
    statement.bind(entry.weather)
    statement.bind(entry.words)
    statement.bind(entry.starred ? 1 : 0)
    statement.bind(entry.date.hasTime ? 1 : 0)
    statement.bind(Self.joined(entry.links))
    statement.bind(entry.place)
    statement.bind(Self.joined(entry.wikiLinks))
    statement.bind(entry.mood?.value)
    statement.bind(Self.joined(entry.activities))
    statement.bind(entry.date.day)
    statement.bind(Self.joined(notes))
    statement.bind(signature.size)
    statement.bind(signature.modified)
    statement.bind(Int64(bitPattern: signature.inode))
    statement.bind(hash)
    // The title as wiki links name it (any case, any composition): what they are looked up by.
    statement.bind(WikiLink.key(entry.title))
  }

  /// The entry in the current row of `handle`, a statement selecting `selectList` (then the
  /// hash, when `hashes`).
  static func decode(_ handle: OpaquePointer?, hashes: Bool) -> (entry: IndexedEntry, hash: Int64) {
    func text(_ column: Int32) -> String {
      guard let bytes = sqlite3_column_text(handle, column) else { return "" }
      return String(
        decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }
    let entry = IndexedEntry(
      path: JournalPath(text(0)), id: EntryID(text(1)),
      date: EntryDate(
        instant: Date(timeIntervalSince1970: sqlite3_column_double(handle, 2)),
        offset: Int(sqlite3_column_int64(handle, 3)), hasTime: sqlite3_column_int64(handle, 10) != 0),
      title: text(4), preview: text(5), tags: unitSeparated(text(6)),
      weather: sqlite3_column_type(handle, 7) == SQLITE_NULL ? nil : text(7),
      words: Int(sqlite3_column_int64(handle, 8)),
      starred: sqlite3_column_int64(handle, 9) != 0, links: unitSeparated(text(11)),
      place: sqlite3_column_type(handle, 12) == SQLITE_NULL ? nil : text(12), wikiLinks: unitSeparated(text(13)),
      mood: sqlite3_column_type(handle, 14) == SQLITE_NULL ? nil : Mood(Int(sqlite3_column_int64(handle, 14))),
      activities: unitSeparated(text(15)))
    return (entry, hashes ? sqlite3_column_int64(handle, Int32(listed.count)) : 0)
  }

  /// Whether a list shows `old` and `new` alike: the same date, title, preview, tags, weather,
  /// place, and the same wiki links (which other entries' pages list as backlinks).
  static func listsAlike(_ old: IndexedEntry, _ new: IndexedEntry) -> Bool {
    // The instant went through a Double in the table: a millisecond apart is the same.
    let sameDate: Bool =
      abs(old.date.instant.timeIntervalSince(new.date.instant)) < 0.001 && old.date.offset == new.date.offset
      && old.date.hasTime == new.date.hasTime
    // In parts: as one expression the compiler took half a second to check it.
    let sameLinks: Bool = old.links == new.links && old.wikiLinks == new.wikiLinks
    let sameWords: Bool = old.title == new.title && old.preview == new.preview && old.tags == new.tags
    let sameRest: Bool =
      old.mood == new.mood && old.activities == new.activities && old.weather == new.weather
      && old.place == new.place
    return sameDate && sameLinks && sameWords && sameRest
  }

  /// A list kept in one column, parts separated by U+001F.
  static func joined(_ parts: [String]) -> String { parts.joined(separator: "\u{1F}") }

  /// A list kept in one column, split at U+001F (byte by byte: Foundation's splitting costs more
  /// than reading the row).
  static func unitSeparated(_ text: String) -> [String] {
    if text.isEmpty { return [] }
    var parts: [String] = []
    var utf8 = Substring(text).utf8
    while let separator = utf8.firstIndex(of: 0x1F) {
      parts.append(String(Substring(utf8[..<separator])))
      utf8 = utf8[utf8.index(after: separator)...]
    }
    parts.append(String(Substring(utf8)))
    return parts
  }
}
