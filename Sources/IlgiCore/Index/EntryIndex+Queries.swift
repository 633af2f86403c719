import Foundation
import GRDB

extension EntryIndex {
  static let columns = "e.path, e.id, e.instant, e.offset, e.title, e.preview, e.tags, e.weather, e.words"

  static func entry(_ row: Row) -> IndexedEntry {
    let tags: String = row[6]
    return IndexedEntry(
      path: JournalPath(row[0]), id: EntryID(row[1]),
      date: EntryDate(instant: Date(timeIntervalSince1970: row[2]), offset: row[3]), title: row[4], preview: row[5],
      tags: unitSeparated(tags), weather: row[7], words: row[8])
  }

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

  /// Runs a read, turning SQLite's errors into an `IndexError` that names the index.
  func read<T>(_ body: (Database) throws -> T) throws(IndexError) -> T {
    do {
      return try queue.read(body)
    } catch {
      throw IndexError(path: location ?? ":memory:", message: "\(error)")
    }
  }

  private func fetch(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws(IndexError) -> [IndexedEntry] {
    // A cursor reads each row in place; `fetchAll` would copy every row first.
    try read { db in try Array(Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments)).map(Self.entry)) }
  }

  private func clauses(_ filter: EntryFilter, extra: [String] = []) -> (String, [String]) {
    let (conditions, arguments) = filter.sql()
    let all = extra + conditions
    return (all.isEmpty ? "" : "WHERE " + all.joined(separator: " AND "), arguments)
  }

  /// Entries kept by `filter`, newest first (oldest first with `reverse`).
  public func entries(_ filter: EntryFilter = EntryFilter()) throws(IndexError) -> [IndexedEntry] {
    let (whereClause, arguments) = clauses(filter)
    let order = filter.reverse ? "ASC" : "DESC"
    let limit = filter.limit.map { "LIMIT \($0)" } ?? ""
    return try fetch(
      "SELECT \(Self.columns) FROM entry e \(whereClause) ORDER BY e.instant \(order), e.path \(order) \(limit)",
      arguments)
  }

  /// Entries kept by `filter`, newest first, each with the fingerprint of its file's bytes (what
  /// the site export compares to tell a page that needs writing again).
  public func entriesWithHashes(_ filter: EntryFilter = EntryFilter()) throws(IndexError) -> [(entry: IndexedEntry, hash: Int64)] {
    let (whereClause, arguments) = clauses(filter)
    let limit = filter.limit.map { "LIMIT \($0)" } ?? ""
    return try read { db in
      try Array(
        Row.fetchCursor(
          db,
          sql: "SELECT \(Self.columns), e.hash FROM entry e \(whereClause) ORDER BY e.instant DESC, e.path DESC \(limit)",
          arguments: StatementArguments(arguments)
        ).map { (Self.entry($0), $0[9]) })
    }
  }

  /// The entries a selector names: `last`, a day, a path, or an id or its start.
  public func entries(matching selector: EntrySelector) throws(IndexError) -> [IndexedEntry] {
    let base = "SELECT \(Self.columns) FROM entry e"
    let order = "ORDER BY e.instant DESC, e.path DESC"
    switch selector {
    case .last: return try fetch("\(base) \(order) LIMIT 1", [])
    case .day(let day): return try fetch("\(base) WHERE e.day = ? \(order)", [day])
    case .path(let path):
      return try fetch("\(base) WHERE e.path = ? OR e.path = ?", [path.rawValue, path.rawValue.nfc])
    case .id(let text):
      let exact = try fetch("\(base) WHERE e.id = ? COLLATE NOCASE", [text])
      if !exact.isEmpty { return exact }
      let escaped = text.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
      return try fetch("\(base) WHERE e.id LIKE ? \(order)", [escaped + "%"])
    }
  }

  /// Entries written on this month and day in years before `day`'s, newest first.
  public func entries(onThisDay day: String) throws(IndexError) -> [IndexedEntry] {
    try fetch(
      "SELECT \(Self.columns) FROM entry e WHERE substr(e.day, 6) = ? AND e.day < ? ORDER BY e.instant DESC",
      [String(day.dropFirst(5)), String(day.prefix(4)) + "-01-01"])
  }

  /// Every tag with the number of entries that carry it, most used first.
  public func tagCounts() throws(IndexError) -> [(tag: String, count: Int)] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT tag, count(*) FROM entry_tag GROUP BY tag ORDER BY count(*) DESC, tag")
        .map { ($0[0], $0[1]) }
    }
  }

  /// Entry count and words per local day, oldest first.
  public func days() throws(IndexError) -> [(day: String, entries: Int, words: Int)] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT day, count(*), sum(words) FROM entry GROUP BY day ORDER BY day")
        .map { ($0[0], $0[1], $0[2]) }
    }
  }

  /// Ids that more than one file carries, with their files.
  public func duplicateIDs() throws(IndexError) -> [(id: String, paths: [String])] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, group_concat(path, char(31)) FROM (SELECT id, path FROM entry ORDER BY path)
          GROUP BY id HAVING count(*) > 1 ORDER BY id
          """
      ).map { row in
        let paths: String = row[1]
        return (row[0], Self.unitSeparated(paths))
      }
    }
  }

  /// Entries with notes (a `date:` that is no date), with the notes.
  public func notes() throws(IndexError) -> [(path: String, notes: [String])] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT path, notes FROM entry WHERE notes != '' ORDER BY path").map { row in
        let notes: String = row[1]
        return (row[0], Self.unitSeparated(notes))
      }
    }
  }

  /// How many entries the index holds.
  public func count() throws(IndexError) -> Int {
    try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0 }
  }
}
