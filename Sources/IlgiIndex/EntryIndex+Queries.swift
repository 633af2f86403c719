import Foundation
import GRDB
import GRDBSQLite
import IlgiFormat
import IlgiStore

extension EntryIndex {
  /// The entries a query of `EntryRow.selectList` (then, with `hashes`, `e.hash`) selects.
  static func entries(_ db: Database, _ sql: String, _ arguments: [any DatabaseValueConvertible], hashes: Bool) throws
    -> [(entry: IndexedEntry, hash: Int64)]
  {
    let statement = try db.makeStatement(sql: sql)
    try statement.setArguments(StatementArguments(arguments))
    let handle = statement.sqliteStatement
    var result: [(entry: IndexedEntry, hash: Int64)] = []
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
          sql: sql)
      }
      result.append(EntryRow.decode(handle, hashes: hashes))
    }
    return result
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
    try read { db in try Self.entries(db, sql, arguments, hashes: false).map(\.entry) }
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
      "SELECT \(EntryRow.selectList) FROM entry e \(whereClause) ORDER BY e.instant \(order), e.path \(order) \(limit)",
      arguments)
  }

  /// Entries kept by `filter`, newest first, each with the fingerprint of its file's bytes (what
  /// the site export compares to tell a page that needs writing again).
  public func entriesWithHashes(_ filter: EntryFilter = EntryFilter()) throws(IndexError) -> [(
    entry: IndexedEntry, hash: Int64
  )] {
    let (whereClause, arguments) = clauses(filter)
    let limit = filter.limit.map { "LIMIT \($0)" } ?? ""
    return try read { db in
      try Self.entries(
        db,
        "SELECT \(EntryRow.selectList), e.hash FROM entry e \(whereClause) ORDER BY e.instant DESC, e.path DESC \(limit)",
        arguments,
        hashes: true)
    }
  }

  /// The entries a selector names: `last`, a day, a path, or an id or its start.
  public func entries(matching selector: EntrySelector) throws(IndexError) -> [IndexedEntry] {
    let base = "SELECT \(EntryRow.selectList) FROM entry e"
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

  /// The entries wiki links naming `names` (as `WikiTargets.key` has them) may lead to: those
  /// titled so, whose file is so named, or written on such a day.
  public func wikiTargets(_ names: Set<String>) throws(IndexError) -> WikiTargets {
    guard !names.isEmpty else { return WikiTargets([]) }
    var found: [IndexedEntry] = []
    for name in names {
      // A name's `%` and `_` are its own letters; `É` is matched to `é` as the key lowered it.
      let stem = EntryFilter.escapedForLike(name)
      let path = EntryFilter.lowered("e.path", matching: name)
      found += try fetch(
        """
        SELECT \(EntryRow.selectList) FROM entry e WHERE e.title_key = ? OR e.day = ?
          OR \(path) LIKE ? ESCAPE '\\' OR \(path) LIKE ? ESCAPE '\\'
        """, [name, name, "%" + stem + ".md", "%" + stem + ".md.age"])
    }
    return WikiTargets(found)
  }

  /// The entries whose wiki links lead to `entry`, newest first: those linking a name it
  /// answers to (`WikiTargets.names(of:)`), where of the entries answering to that name it is
  /// the one nearest in time to the entry linking.
  public func backlinks(to entry: IndexedEntry) throws(IndexError) -> [IndexedEntry] {
    let names = WikiTargets.names(of: entry)
    let written = names.sorted() + names.sorted().map { "!" + $0 }
    let linking = try fetch(
      """
      SELECT DISTINCT \(EntryRow.selectList) FROM entry_link l JOIN entry e ON e.rowid = l.entry
        WHERE l.name IN (\(written.map { _ in "?" }.joined(separator: ", "))) ORDER BY e.instant DESC, e.path DESC
      """, written)
    guard !linking.isEmpty else { return [] }
    let targets = try wikiTargets(names)
    return linking.filter { source in
      source.path != entry.path
        && source.linkedNames.contains { name in
          names.contains(name) && targets.entry(named: name, near: source.date)?.path == entry.path
        }
    }
  }

  /// Whether an entry shows one of `entries` in place (`![[Title]]`) by a name it answers to:
  /// the page of that entry shows their text too.
  public func isEmbedded(_ entries: [IndexedEntry]) throws(IndexError) -> Bool {
    let names = Set(entries.flatMap { WikiTargets.names(of: $0).map { "!" + $0 } }).sorted()
    guard !names.isEmpty else { return false }
    return try read { db in
      try Bool.fetchOne(
        db,
        sql:
          "SELECT EXISTS (SELECT 1 FROM entry_link WHERE name IN (\(names.map { _ in "?" }.joined(separator: ", "))))",
        arguments: StatementArguments(names)) ?? false
    }
  }

  /// The wiki link names that answer to more than one entry, with those entries (oldest
  /// first): a link so named leads to the one nearest in time, which `doctor` points out.
  public func ambiguousWikiNames() throws(IndexError) -> [(name: String, entries: [IndexedEntry])] {
    let names = try read { db in
      try String.fetchAll(
        db,
        sql: "SELECT DISTINCT CASE WHEN name LIKE '!%' THEN substr(name, 2) ELSE name END FROM entry_link ORDER BY 1")
    }
    var found: [(String, [IndexedEntry])] = []
    for chunk in stride(from: 0, to: names.count, by: 200).map({ Array(names[$0..<min($0 + 200, names.count)]) }) {
      let targets = try wikiTargets(Set(chunk))
      for name in chunk {
        let entries = targets.entries(named: name)
        if entries.count > 1 { found.append((name, entries.sorted { $0.date.instant < $1.date.instant })) }
      }
    }
    return found
  }

  /// Entries written on this month and day in years before `day`'s, newest first.
  public func entries(onThisDay day: String) throws(IndexError) -> [IndexedEntry] {
    try fetch(
      "SELECT \(EntryRow.selectList) FROM entry e WHERE substr(e.day, 6) = ? AND e.day < ? ORDER BY e.instant DESC",
      [String(day.dropFirst(5)), String(day.prefix(4)) + "-01-01"])
  }

  /// Every tag with the number of entries that carry it, most used first.
  public func tagCounts() throws(IndexError) -> [(tag: String, count: Int)] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT tag, entries FROM tag_count ORDER BY entries DESC, tag")
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
        return (row[0], EntryRow.unitSeparated(paths))
      }
    }
  }

  /// Entries with notes (a `date:` that is no date), with the notes.
  public func notes() throws(IndexError) -> [(path: String, notes: [String])] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT path, notes FROM entry WHERE notes != '' ORDER BY path").map { row in
        let notes: String = row[1]
        return (row[0], EntryRow.unitSeparated(notes))
      }
    }
  }

  /// How many entries the index holds.
  public func count() throws(IndexError) -> Int {
    try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") ?? 0 }
  }
}

extension EntryIndex {
  /// What remaking the pages of the entries at `paths` takes, newest first: every entry of
  /// their years (each year's book holds them all), each one's newer and older neighbour (its
  /// page links them), and the `newest` entries (the feed); or `nil` when a path is not indexed.
  /// Read in one transaction, so the rows agree with each other.
  public func entriesAround(_ paths: [String], newest: Int) throws(IndexError) -> [(entry: IndexedEntry, hash: Int64)]?
  {
    try read { db in
      let select = "SELECT \(EntryRow.selectList), e.hash FROM entry e"
      let newestFirst = "ORDER BY e.instant DESC, e.path DESC"
      let at = "(SELECT instant, path FROM entry WHERE path = ?)"
      var rows = try Self.entries(db, "\(select) \(newestFirst) LIMIT ?", [newest], hashes: true)
      var years: Set<String> = []
      for path in paths {
        guard let day = try String.fetchOne(db, sql: "SELECT day FROM entry WHERE path = ?", arguments: [path]) else {
          return nil
        }
        years.insert(String(day.prefix(4)))
        rows += try Self.entries(
          db, "\(select) WHERE (e.instant, e.path) > \(at) ORDER BY e.instant, e.path LIMIT 1", [path], hashes: true)
        rows += try Self.entries(
          db, "\(select) WHERE (e.instant, e.path) < \(at) \(newestFirst) LIMIT 1", [path], hashes: true)
      }
      for year in years {
        rows += try Self.entries(
          db, "\(select) WHERE e.day >= ? AND e.day <= ? \(newestFirst)", [year + "-01-01", year + "-12-31"],
          hashes: true)
      }
      var seen = Set<PathKey>()
      rows = rows.filter { seen.insert(PathKey($0.entry.path.rawValue)).inserted }
      // The order of `entriesWithHashes`: SQLite compares the paths' bytes.
      rows.sort { a, b in
        let (x, y) = (a.entry.date.instant, b.entry.date.instant)
        if x != y { return x > y }
        return b.entry.path.rawValue.utf8.lexicographicallyPrecedes(a.entry.path.rawValue.utf8)
      }
      return rows
    }
  }
}
