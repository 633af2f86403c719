import Foundation
import GRDB
import GRDBSQLite
import IlgiFormat
import IlgiStore

extension EntryIndex {
  /// Entries matching `query` and `filter`, best first (title matches weigh ten times the body).
  ///
  /// Throws `IndexError`, or `SearchQuery.Problem` `.tookTooLong` when the index worked on it
  /// longer than `within`.
  public func search(
    _ query: SearchQuery, filter: EntryFilter, store: JournalStore, within limit: Duration = SearchQuery.timeLimit
  ) throws -> [SearchHit] {
    var (sql, values) = Self.matching(query, filter: filter)
    sql =
      "SELECT \(EntryRow.selectList), \(query.match == nil ? "0" : "bm25(entry_text, 10.0, 1.0)") AS score " + sql
    sql += query.match == nil ? " ORDER BY e.instant DESC, e.path DESC" : " ORDER BY score, e.instant DESC"
    if let limit = filter.limit { sql += " LIMIT \(limit)" }
    let found = try read { db in
      try Self.stopping(db, after: limit) { try Self.entries(db, sql, values, hashes: false).map(\.entry) }
    }
    guard let rows = found else { throw SearchQuery.Problem(.tookTooLong) }
    let ordered = filter.reverse ? rows.reversed() : rows
    return ordered.enumerated().map { offset, entry in
      let (snippet, highlights) = Self.snippet(for: entry, terms: query.terms, store: store)
      return SearchHit(entry: entry, rank: offset + 1, snippet: snippet, highlights: highlights)
    }
  }

  /// How many entries match `query` and `filter`, whatever its limit: what a search that
  /// showed the first few leaves out.
  public func count(
    _ query: SearchQuery, filter: EntryFilter, within limit: Duration = SearchQuery.timeLimit
  ) throws -> Int {
    let (sql, values) = Self.matching(query, filter: filter)
    let found = try read { db in
      try Self.stopping(db, after: limit) {
        try Int.fetchOne(db, sql: "SELECT count(*) " + sql, arguments: StatementArguments(values))
      }
    }
    guard let count = found else { throw SearchQuery.Problem(.tookTooLong) }
    return count ?? 0
  }

  /// The `FROM` and `WHERE` of a search (the entry's row is `e`), and the values they bind.
  static func matching(_ query: SearchQuery, filter: EntryFilter) -> (
    sql: String, values: [any DatabaseValueConvertible]
  ) {
    var filter = filter
    filter.tags += query.tags
    filter.activities += query.activities
    if let moods = query.moods { filter.moods = EntryFilter.both(filter.moods, moods) }
    let (conditions, arguments) = filter.sql()
    var sql: String
    var values: [any DatabaseValueConvertible] = []
    if let match = query.match {
      sql = "FROM entry_text JOIN entry e ON e.rowid = entry_text.rowid WHERE entry_text MATCH ?"
      values.append(match)
    } else {
      sql = "FROM entry e WHERE 1"
    }
    if let exclude = query.exclude {
      sql += " AND e.rowid NOT IN (SELECT rowid FROM entry_text WHERE entry_text MATCH ?)"
      values.append(exclude)
    }
    if !query.excludedTags.isEmpty {
      sql +=
        " AND NOT EXISTS (SELECT 1 FROM entry_tag WHERE entry = e.rowid AND tag IN ("
        + query.excludedTags.map { _ in "?" }.joined(separator: ",") + "))"
      values += query.excludedTags.map { $0.lowercased() }
    }
    for condition in conditions { sql += " AND " + condition }
    values += arguments.map { $0 as any DatabaseValueConvertible }
    return (sql, values)
  }

  /// Runs `body` on `db`, stopping SQLite once it has worked longer than `limit` (then nil).
  static func stopping<T>(_ db: Database, after limit: Duration, _ body: () throws -> T) throws -> T? {
    let (seconds, attoseconds) = limit.components
    let deadline = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    deadline.pointee =
      DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds)) * 1_000_000_000
      + UInt64(max(0, attoseconds) / 1_000_000_000)
    defer { deadline.deallocate() }
    // Asked every thousand steps of SQLite's machine; a non-zero answer interrupts it.
    sqlite3_progress_handler(
      db.sqliteConnection, 1_000,
      { context in
        guard let context else { return 0 }
        return DispatchTime.now().uptimeNanoseconds > context.assumingMemoryBound(to: UInt64.self).pointee ? 1 : 0
      }, deadline)
    defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
    do {
      return try body()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
      return nil
    }
  }

  /// A line of plain text around the first match of any term, read from the file itself: in
  /// the body when a term is there (the title is shown beside the snippet already), else in the
  /// title and the body, so the match is still marked.
  static func snippet(for entry: IndexedEntry, terms: [String], store: JournalStore) -> (String, [Range<String.Index>])
  {
    guard let full = try? store.read(entry.path) else { return (entry.preview, []) }
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    func firstMatch(_ text: String) -> Range<String.Index>? {
      terms.compactMap { text.range(of: $0.nfc, options: options) }.min { $0.lowerBound < $1.lowerBound }
    }
    var text = store.reader.renderer.plainText(full.body)
    var first = firstMatch(text)
    if first == nil {
      text = store.reader.renderer.plainText(entry.title + "\n\n" + full.body)
      first = firstMatch(text)
    }
    guard let first else { return (entry.preview, []) }
    let start = text.index(first.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
    let end = text.index(first.upperBound, offsetBy: 80, limitedBy: text.endIndex) ?? text.endIndex
    var snippet = String(text[start..<end])
    if start > text.startIndex { snippet = "…" + snippet }
    if end < text.endIndex { snippet += "…" }
    var highlights: [Range<String.Index>] = []
    for term in terms {
      var from = snippet.startIndex
      while let found = snippet.range(of: term.nfc, options: options, range: from..<snippet.endIndex) {
        highlights.append(found)
        from = found.upperBound
      }
    }
    highlights.sort { $0.lowerBound < $1.lowerBound }
    return (snippet, highlights)
  }
}
