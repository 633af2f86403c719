import Foundation
import GRDB
import IlgiTestSupport
import Testing

@testable import IlgiIndex
@testable import IlgiStore
@testable import IlgiStrings

/// The index against a generated 1,000-entry journal and its manifest, and every way files change.
@Suite struct EntryIndexTests {
  static let seoul = TimeZone.seoul

  func store(_ root: String) throws -> JournalStore {
    try JournalStore(root: root, reader: EntryReader(timeZone: Self.seoul))
  }

  @Test func everyFilterCountMatchesTheManifest() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    let store = try store(corpus.journal)
    let (index, report) = try EntryIndex.load(store)
    #expect(report.total == corpus.manifest.entries)
    #expect(report.added == corpus.manifest.entries)
    #expect(report.skipped.isEmpty)
    for (year, count) in corpus.manifest.perYear {
      #expect(
        try index.entries(EntryFilter(fromDay: year + "-01-01", toDay: year + "-12-31")).count == count, "year \(year)")
    }
    for (tag, count) in corpus.manifest.perTag {
      #expect(try index.entries(EntryFilter(tags: [tag])).count == count, "tag \(tag)")
    }
    for (weather, count) in corpus.manifest.perWeather {
      #expect(try index.entries(EntryFilter(weather: weather)).count == count, "weather \(weather)")
    }
    for (day, count) in corpus.manifest.sampleDays {
      #expect(try index.entries(EntryFilter(fromDay: day, toDay: day)).count == count, "day \(day)")
    }
    var starred = EntryFilter()
    starred.starred = true
    #expect(try index.entries(starred).count == corpus.manifest.starred)
    let counts = Dictionary(uniqueKeysWithValues: try index.tagCounts().map { ($0.tag, $0.count) })
    #expect(counts == corpus.manifest.perTag)
    // Two tags: AND is at most the smaller, OR at least the larger.
    let both = try index.entries(EntryFilter(tags: ["work", "family"])).count
    let either = try index.entries(EntryFilter(tags: ["work", "family"], anyTag: true)).count
    #expect(both + either == corpus.manifest.perTag["work"]! + corpus.manifest.perTag["family"]!)
    // Newest first, and the limit and order flags.
    let latest = try index.entries(EntryFilter(limit: 20))
    #expect(latest.map(\.id.rawValue) == corpus.manifest.latest.map(\.id))
    let oldest = try index.entries(EntryFilter(limit: 1, reverse: true))
    #expect(oldest.first?.date.iso8601 == corpus.manifest.firstDate)
  }

  @Test func needlesAreFoundExactly() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    let store = try store(corpus.journal)
    let (index, _) = try EntryIndex.load(store)
    for (word, needle) in corpus.manifest.needles {
      let hits = try index.search(try SearchQuery(word), filter: EntryFilter(), store: store)
      // By path: a file without front matter has an id derived from its path, not the generator's.
      #expect(Set(hits.map(\.entry.path.rawValue)) == Set(needle.paths), "needle \(word)")
      #expect(hits.count == needle.count)
      #expect(hits.allSatisfy { $0.snippet.localizedCaseInsensitiveContains(word) }, "snippet of \(word)")
      #expect(hits.map(\.rank) == Array(1...hits.count))
    }
  }

  /// A search the index works on longer than its bound is stopped with a problem the person
  /// can act on, and the index answers the next one as before.
  @Test func aSearchLongerThanItsBoundIsStopped() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    let store = try store(corpus.journal)
    let (index, _) = try EntryIndex.load(store)
    // Every letter as a prefix: each matches much of the journal.
    let wide = try SearchQuery("abcdefghijklmnopst".map(String.init).joined(separator: " OR "))
    #expect(throws: SearchQuery.Problem(.tookTooLong)) {
      try index.search(wide, filter: EntryFilter(), store: store, within: .zero)
    }
    #expect(try !index.search(wide, filter: EntryFilter(), store: store).isEmpty)
    let (word, needle) = try #require(corpus.manifest.needles.first)
    #expect(try index.search(try SearchQuery(word), filter: EntryFilter(), store: store).count == needle.count)
  }

  @Test func koreanStemsNFDAndDiacriticsAreFound() throws {
    let journal = try TempJournal([
      "a.md": "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\n산책\n\n오늘은 학교에서 공원까지 산책을 했다.\n",
      "b.md": "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nCafé notes\n\nA crème brûlée at the CAFÉ.\n",
      "c.md":
        "---\nid: C\ndate: 2026-01-03T09:00+09:00\ntags: [walk]\n---\nWalk in the rain\n\nRain again, and a walk.\n",
      "d.md": "---\nid: D\ndate: 2026-01-04T09:00+09:00\n---\nSnow\n\nsnow and a walking trip\n",
    ])
    let store = try store(journal.root)
    let (index, _) = try EntryIndex.load(store)
    func ids(_ text: String, _ filter: EntryFilter = EntryFilter()) throws -> [String] {
      try index.search(try SearchQuery(text), filter: filter, store: store).map(\.entry.id.rawValue)
    }
    #expect(try ids("학교") == ["A"])
    #expect(try ids("산책") == ["A"])
    #expect(try ids("\u{1109}\u{1161}\u{11AB}\u{110E}\u{1162}\u{11A8}") == ["A"])  // 산책 typed as NFD
    #expect(try ids("cafe") == ["B"])
    #expect(try ids("CREME brulee") == ["B"])
    #expect(try ids("walk").sorted() == ["C", "D"])
    #expect(try ids("walk").first == "C")  // the title weighs more
    #expect(try ids("\"walk in the rain\"") == ["C"])
    #expect(try ids("\"walking in\"") == [])
    #expect(try ids("rain OR snow").sorted() == ["C", "D"])
    #expect(try ids("walk -rain") == ["D"])
    #expect(try ids("walk NOT rain") == ["D"])
    #expect(try ids("tag:walk") == ["C"])
    #expect(try ids("walk", EntryFilter(fromDay: "2026-01-04")) == ["D"])
    let hit = try #require(try index.search(try SearchQuery("학교"), filter: EntryFilter(), store: store).first)
    #expect(hit.snippet == "오늘은 학교에서 공원까지 산책을 했다.")
    // The title is shown beside the snippet: it is in the snippet only when it alone matches.
    let both = try #require(try index.search(try SearchQuery("walk"), filter: EntryFilter(), store: store).first)
    #expect(both.snippet == "Rain again, and a walk.")
    let titled = try #require(try index.search(try SearchQuery("notes"), filter: EntryFilter(), store: store).first)
    #expect(titled.snippet == "Café notes A crème brûlée at the CAFÉ.")
    #expect(titled.highlights.map { String(titled.snippet[$0]) } == ["notes"])
    #expect(hit.highlights.map { String(hit.snippet[$0]) } == ["학교"])
  }

  /// An activity or a weather is found in any case, in any script: SQLite's `lower` knows
  /// ASCII letters only, so `école` once missed an entry done at `École`.
  @Test func activitiesAndWeatherAreFoundInAnyCase() throws {
    let journal = try TempJournal([
      "2026/01/a.md":
        "---\nid: A\ndate: 2026-01-01T09:00+09:00\nweather: Éclaircies, 12°C\nactivities: [École, Swim, 등산]\n---\nA\n",
      // Decomposed, as some editors write accents: A and a combining diaeresis.
      "2026/01/b.md":
        "---\nid: B\ndate: 2026-01-02T09:00+09:00\nweather: Rain, 8°C\nactivities: [A\u{308}rger]\n---\nB\n",
    ])
    let (index, _) = try EntryIndex.load(try store(journal.root))
    func found(_ filter: EntryFilter) throws -> [String] { try index.entries(filter).map(\.title).sorted() }
    func doing(_ activity: String) throws -> [String] {
      var filter = EntryFilter()
      filter.activities = [activity]
      return try found(filter)
    }
    #expect(try doing("école") == ["A"])
    #expect(try doing("ÉCOLE") == ["A"])
    #expect(try doing("swim") == ["A"])
    #expect(try doing("등산") == ["A"])
    #expect(try doing("ärger") == ["B"])
    #expect(try doing("A\u{308}RGER") == ["B"])
    #expect(try doing("ecole") == [])
    #expect(try found(EntryFilter(weather: "éclaircies")) == ["A"])
    #expect(try found(EntryFilter(weather: "RAIN")) == ["B"])
  }

  /// A wiki link finds a file by its name whatever the name holds: `_` and `%` are letters of
  /// it, not LIKE's wildcards, and a capital `É` is the `é` the link's key has.
  @Test func wikiLinksFindFilesByAnyName() throws {
    let journal = try TempJournal([
      "2026/01/my_walk.md": "---\nid: W\ndate: 2026-01-01T09:00+09:00\n---\nA walk\n",
      "2026/01/100%.md": "---\nid: P\ndate: 2026-01-02T09:00+09:00\n---\nFull\n",
      "2026/01/École.md": "---\nid: E\ndate: 2026-01-03T09:00+09:00\n---\nSchool\n",
    ])
    let (index, _) = try EntryIndex.load(try store(journal.root))
    for (name, id) in [("my_walk", "W"), ("100%", "P"), ("école", "E"), ("ÉCOLE", "E")] {
      let key = WikiTargets.key(name)
      let found = try index.wikiTargets([key]).entries(named: key).map(\.id.rawValue)
      #expect(found == [id], "[[\(name)]] found \(found)")
    }
  }

  @Test func refreshFollowsEveryKindOfChange() throws {
    let journal = try TempJournal([
      "2026/01/a.md": "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha\n\nfirst words\n",
      "2026/01/b.md": "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nBeta\n",
    ])
    let store = try store(journal.root)
    func load() throws -> (EntryIndex, IndexReport) { try EntryIndex.load(store) }
    func titles() throws -> [String] { try load().0.entries().map(\.title) }

    var (_, report) = try load()
    #expect((report.added, report.total) == (2, 2))
    (_, report) = try load()
    #expect((report.added, report.updated, report.removed, report.moved) == (0, 0, 0, 0))

    // Added.
    try journal.write("2026/01/c.md", "---\nid: C\ndate: 2026-01-03T09:00+09:00\n---\nGamma\n")
    (_, report) = try load()
    #expect(report.added == 1)
    #expect(try titles() == ["Gamma", "Beta", "Alpha"])

    // Edited in place (the same inode, another size).
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal.root + "/2026/01/a.md"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("zeppelin\n".utf8))
    try handle.close()
    (_, report) = try load()
    #expect(report.updated == 1)
    #expect(
      try load().0.search(try SearchQuery("zeppelin"), filter: EntryFilter(), store: store).map(\.entry.title) == [
        "Alpha"
      ])
    // The old text is gone from search even though its postings stay behind.
    #expect(try load().0.search(try SearchQuery("first"), filter: EntryFilter(), store: store).count == 1)

    // Edited by rename, as vim does: a new file replaces the old path.
    try journal.write("2026/01/.b.md.swp", "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nBeta renamed\n")
    rename(journal.root + "/2026/01/.b.md.swp", journal.root + "/2026/01/b.md")
    (_, report) = try load()
    #expect(report.updated == 1)
    #expect(try titles() == ["Gamma", "Beta renamed", "Alpha"])

    // Moved to another folder: recognised without reading.
    try FileManager.default.createDirectory(atPath: journal.root + "/archive", withIntermediateDirectories: true)
    rename(journal.root + "/2026/01/c.md", journal.root + "/archive/c.md")
    (_, report) = try load()
    #expect((report.moved, report.added, report.removed) == (1, 0, 0))
    #expect(try load().0.entries(matching: .id("C")).map(\.path.rawValue) == ["archive/c.md"])

    // Deleted.
    unlink(journal.root + "/archive/c.md")
    (_, report) = try load()
    #expect(report.removed == 1)
    #expect(try titles() == ["Beta renamed", "Alpha"])

    // Touched without a change: the row stays, nothing is counted as updated.
    let path = journal.root + "/2026/01/a.md"
    var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0)]
    utimensat(AT_FDCWD, path, &times, 0)
    (_, report) = try load()
    #expect((report.updated, report.added, report.removed) == (0, 0, 0))

    // A file that turns bad is dropped with a reason, and comes back when fixed.
    try journal.write("2026/01/a.md", "---\nid: [A\n---\nAlpha\n")
    (_, report) = try load()
    #expect(report.skipped.map(\.path.rawValue) == ["2026/01/a.md"])
    #expect(try titles() == ["Beta renamed"])
    (_, report) = try load()
    #expect(report.skipped.map(\.path.rawValue) == ["2026/01/a.md"])  // still reported, not re-read
    try journal.write("2026/01/a.md", "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha again\n")
    (_, report) = try load()
    #expect(report.skipped.isEmpty)
    #expect(try titles() == ["Beta renamed", "Alpha again"])
  }

  /// A refresh of many changed entries writes their text to the full-text table a few times,
  /// not once per entry: FTS5 writes out what it holds at every statement journal, and the
  /// rows each entry replaces are cleared before any text is added (`IndexWriter.write`).
  @Test func manyChangedEntriesReachTheFullTextTableInFewWrites() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    let store = try store(corpus.journal)
    let before = try Self.fullTextWrites(try EntryIndex.load(store).0)
    let files = try FileManager.default.subpathsOfDirectory(atPath: corpus.journal).filter {
      $0.hasSuffix(".md") && !$0.hasPrefix(".")
    }.sorted()
    let changed = files.enumerated().filter { $0.offset % 3 == 0 }.map(\.element).prefix(600)
    for path in changed {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: corpus.journal + "/" + path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("\nA line from the laptop: quetzal.\n".utf8))
      try handle.close()
    }
    let (index, report) = try EntryIndex.load(store)
    #expect(report.updated == changed.count)
    let hits = try index.search(try SearchQuery("quetzal"), filter: EntryFilter(), store: store)
    #expect(hits.count == changed.count)
    // Written in turn, this counter grew by more than half the entries changed (339 for these
    // 600); in three passes by 78.
    let after = try Self.fullTextWrites(index)
    #expect(after - before < changed.count / 4, "\(before) -> \(after)")
  }

  /// Every change of an entry leaves its old postings in the contentless full-text table;
  /// past the mark (`needsCompaction`) the table is written again from the files, so it holds
  /// one text per entry, and search finds the latest words and none of the replaced ones.
  @Test func replacedTextIsDroppedFromTheFullTextTableInTime() throws {
    let entries = 200
    var files: [String: String] = [:]
    func text(_ number: Int, _ round: Int) -> String {
      "---\nid: E\(number)\ndate: 2026-01-01T09:00+09:00\n---\nEntry \(number)\n\nround\(round) words\n"
    }
    for number in 0..<entries { files["2026/01/e\(number).md"] = text(number, 0) }
    let journal = try TempJournal(files)
    let store = try store(journal.root)
    func counts(_ index: EntryIndex) throws -> (stale: Int, texts: Int) {
      try index.queue.read { db in
        (
          try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'stale'") ?? -1,
          try Int.fetchOne(db, sql: "SELECT count(*) FROM entry_text_docsize") ?? -1
        )
      }
    }
    var (index, _) = try EntryIndex.load(store)
    var compacted = false
    for round in 1...8 {
      for number in 0..<entries { try journal.write("2026/01/e\(number).md", text(number, round)) }
      (index, _) = try EntryIndex.load(store)
      let (stale, texts) = try counts(index)
      // Before the mark, each change's old text is kept and counted; at it, all of it goes.
      #expect(texts == entries + stale, "round \(round)")
      if stale == 0 { compacted = true }
      #expect(!EntryIndex.needsCompaction(stale: stale, total: entries))
    }
    #expect(compacted)
    #expect(try index.search(try SearchQuery("round8"), filter: EntryFilter(), store: store).count == entries)
    for round in 0...7 {
      #expect(try index.search(try SearchQuery("round\(round)"), filter: EntryFilter(), store: store).isEmpty)
    }
  }

  /// A row whose file does not hold the text it was made from when the table is written again
  /// (changed in a way the walk cannot see, moved, unreadable for a moment) is not given that
  /// text: the next refresh reads its file again. Here A's file is rewritten in place with its
  /// time kept, the table is written again, and the file then put back the same way: A is
  /// found by its own words, never by the ones it held for a moment.
  @Test func aRowWhoseFileChangedUnseenIsReadAgainAfterTheCompaction() throws {
    let front = "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha\n\n"
    let journal = try TempJournal([
      "2026/01/a.md": front + "kestrel\n",
      "2026/01/b.md": "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nBeta\n\nosprey\n",
    ])
    let store = try store(journal.root)
    let (index, _) = try EntryIndex.load(store)
    /// Writes `text` over A's file in place (the same inode and size) and puts its time back.
    func overwriteUnseen(_ text: String) throws {
      let path = journal.root + "/2026/01/a.md"
      var info = stat()
      stat(path, &info)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.write(contentsOf: Data(text.utf8))
      try handle.close()
      var times = [info.st_atim, info.st_mtim]
      utimensat(AT_FDCWD, path, &times, 0)
    }
    try overwriteUnseen(front + "harrier\n")
    try index.queue.write { try $0.execute(sql: "UPDATE meta SET value = 100000 WHERE key = 'stale'") }
    // A change the walk sees, so the refresh writes, and the table is written again after it.
    try journal.write("2026/01/b.md", "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nBeta\n\nheron\n")
    _ = try EntryIndex.load(store)
    #expect(try index.queue.read { try Int.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'stale'") } == 0)
    try overwriteUnseen(front + "kestrel\n")
    func found(_ word: String) throws -> [String] {
      try EntryIndex.load(store).0.search(try SearchQuery(word), filter: EntryFilter(), store: store).map(\.entry.title)
    }
    #expect(try found("kestrel") == ["Alpha"])
    #expect(try found("harrier").isEmpty)
    #expect(try found("heron") == ["Beta"])
  }

  /// FTS5's count of what it has written to the full-text table (the write counter of its
  /// structure record, row 10 of `entry_text_data`: a 4-byte cookie, a version mark in newer
  /// SQLite, then the counts of levels and segments and the counter, as varints).
  static func fullTextWrites(_ index: EntryIndex) throws -> Int {
    let record = try index.queue.read { db in
      try [UInt8](Data.fetchOne(db, sql: "SELECT block FROM entry_text_data WHERE id = 10") ?? Data())
    }
    var at = record.count > 8 && record[4..<8] == [0xFF, 0xFF, 0xFF, 0xF0] ? 8 : 4
    func varint() -> Int {
      var value = 0
      for step in 0..<9 {
        let byte = Int(record[at])
        at += 1
        if step == 8 { return value << 8 | byte }
        value = value << 7 | byte & 0x7F
        if byte < 0x80 { break }
      }
      return value
    }
    _ = (varint(), varint())
    return varint()
  }

  /// An empty index is filled without logging each entry: it takes a new identity instead, so a
  /// mark from before tells nothing; changes after the fill are logged; a rebuild is another
  /// index again, and an edit after it is logged once.
  @Test func theLogOfChangesSpansFillsAndRebuilds() throws {
    let journal = try TempJournal(["notes.txt": "not an entry\n"])
    let store = try store(journal.root)
    let (empty, _) = try EntryIndex.load(store)
    let before = try empty.changes(since: nil).now
    try journal.write("2026/01/a.md", "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha\n")
    try journal.write("2026/01/b.md", "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nBeta\n")

    let (index, report) = try EntryIndex.load(store)
    #expect(report.total == 2)
    let filled = try index.changes(since: before)
    #expect(filled.changes == nil)
    #expect(filled.now.identity != before.identity)
    #expect(try index.changes(since: filled.now).changes?.isEmpty == true)

    try journal.write("2026/01/b.md", "---\nid: B\ndate: 2026-01-02T09:00+09:00\n---\nBeta\n\nmore words\n")
    let (edited, _) = try EntryIndex.load(store)
    #expect(try edited.changes(since: filled.now).changes?.map(\.path) == ["2026/01/b.md"])

    let (rebuilt, rebuiltReport) = try EntryIndex.load(store, rebuild: true)
    #expect((rebuiltReport.added, rebuiltReport.total, rebuiltReport.rebuilt) == (2, 2, true))
    let mark = try rebuilt.changes(since: nil).now
    #expect(mark.identity != filled.now.identity)
    #expect(try rebuilt.changes(since: filled.now).changes == nil)
    #expect(try rebuilt.entries().map(\.title) == ["Beta", "Alpha"])
    try journal.write("2026/01/c.md", "---\nid: C\ndate: 2026-01-03T09:00+09:00\n---\nGamma\n")
    #expect(try EntryIndex.load(store).0.changes(since: mark).changes?.map(\.path) == ["2026/01/c.md"])
  }

  /// A fill drops the indexes by date, id, day, tag, link and title and makes them again at the end: the
  /// schema after a fill, a rebuild and an incremental refresh is the one a new index has, and
  /// the queries that list by date and find by id and tag go through those indexes.
  @Test func aFillEndsWithTheSchemaOfANewIndex() throws {
    let journal = try TempJournal(["notes.txt": "not an entry\n"])
    let store = try store(journal.root)
    func schema(_ index: EntryIndex) throws -> [String] {
      try index.queue.read { db in
        try String.fetchAll(
          db, sql: "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name")
      }
    }
    let made = try schema(try EntryIndex.open(for: store))
    #expect(made.filter { $0.hasPrefix("index entry_") }.count == 6)
    #expect(try schema(try EntryIndex.load(store).0) == made)
    for day in 1...3 {
      try journal.write(
        "2026/01/\(day).md", "---\nid: E\(day)\ndate: 2026-01-0\(day)T09:00+09:00\ntags: [walk]\n---\nDay \(day)\n")
    }
    let (filled, report) = try EntryIndex.load(store)
    #expect(report.added == 3)
    #expect(try schema(filled) == made)
    let plans = try filled.queue.read { db in
      try [
        "SELECT path FROM entry ORDER BY instant, path", "SELECT path FROM entry WHERE id = 'E2'",
        "SELECT path FROM entry WHERE day = '2026-01-02'", "SELECT tag FROM entry_tag WHERE entry = 1",
      ].map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined() }
    }
    #expect(plans[0].contains("entry_by_instant"))
    #expect(plans[1].contains("entry_by_id"))
    #expect(plans[2].contains("entry_by_day"))
    #expect(plans[3].contains("entry_tag_by_entry"))
    #expect(try filled.entries().map(\.title) == ["Day 3", "Day 2", "Day 1"])

    let (rebuilt, _) = try EntryIndex.load(store, rebuild: true)
    #expect(try schema(rebuilt) == made)
    try journal.write("2026/01/4.md", "---\nid: E4\ndate: 2026-01-04T09:00+09:00\n---\nDay 4\n")
    let (refreshed, later) = try EntryIndex.load(store)
    #expect(later.added == 1)
    #expect(try schema(refreshed) == made)
    #expect(try refreshed.entries(EntryFilter(tags: ["walk"])).count == 3)
  }

  /// A new index has pages of `EntryIndex.pageSize`; one made with SQLite's 4 KB keeps its size
  /// and is read, refreshed and rebuilt as well.
  @Test func aNewIndexHasLargePagesAndAnOldOneKeepsItsOwn() throws {
    func pageSize(_ index: EntryIndex) throws -> Int {
      try index.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0 }
    }
    let entry = "---\nid: P1\ndate: 2026-01-01T09:00+09:00\ntags: [walk]\n---\nDay 1\n\nA walk by the river.\n"
    let new = try TempJournal(["2026/01/1.md": entry])
    let newStore = try store(new.root)
    let made = try EntryIndex.load(newStore).0
    #expect(try pageSize(made) == EntryIndex.pageSize)
    #expect(try made.search(try SearchQuery("river"), filter: EntryFilter(), store: newStore).count == 1)

    let old = try TempJournal(["2026/01/1.md": entry])
    try FileManager.default.createDirectory(atPath: old.root + "/.ilgi", withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.journalMode = .wal
    try DatabaseQueue(path: old.root + "/.ilgi/index.sqlite", configuration: configuration).write { db in
      try db.execute(sql: "CREATE TABLE made_before (x)")
    }
    let oldStore = try store(old.root)
    let (kept, report) = try EntryIndex.load(oldStore)
    #expect(report.added == 1)
    #expect(try pageSize(kept) == 4096)
    try old.write("2026/01/2.md", "---\nid: P2\ndate: 2026-01-02T09:00+09:00\n---\nDay 2\n\nRiver again.\n")
    let (rebuilt, again) = try EntryIndex.load(oldStore, rebuild: true)
    #expect(again.added == 2)
    #expect(try pageSize(rebuilt) == 4096)
    #expect(try rebuilt.search(try SearchQuery("river"), filter: EntryFilter(), store: oldStore).count == 2)
    #expect(try rebuilt.entries(EntryFilter(tags: ["walk"])).map(\.title) == ["Day 1"])
  }

  /// A fill works with a larger page cache and leaves the connection's as it found it, for the
  /// commands (`ilgi serve`) that go on reading through it.
  @Test func aFillLeavesTheCacheAsItWas() throws {
    let journal = try TempJournal(["2026/01/1.md": "---\nid: C1\ndate: 2026-01-01T09:00+09:00\n---\nDay 1\n"])
    let store = try store(journal.root)
    let index = try EntryIndex.open(for: store)
    func cacheSize() throws -> Int {
      try index.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
    }
    let before = try cacheSize()
    #expect(before != IndexWriter.fillCacheSize)
    #expect(try index.refresh(store, rebuild: true, progress: nil).added == 1)
    #expect(try cacheSize() == before)
    try journal.write("2026/01/2.md", "---\nid: C2\ndate: 2026-01-02T09:00+09:00\n---\nDay 2\n")
    #expect(try index.refresh(store, progress: nil).added == 1)
    #expect(try cacheSize() == before)
  }

  /// A rebuild empties and fills the index in one transaction: a command reading beside it, at
  /// any moment, sees every entry (the index before, then the index after), never an empty one.
  @Test func aRebuildNeverShowsAnotherConnectionAnEmptyIndex() throws {
    var files: [String: String] = [:]
    for day in 1...28 {
      files["2026/02/\(day).md"] =
        "---\nid: R\(day)\ndate: 2026-02-\(day < 10 ? "0" : "")\(day)T09:00+09:00\n---\nDay \(day)\n"
    }
    let journal = try TempJournal(files)
    let store = try store(journal.root)
    let (first, _) = try EntryIndex.load(store)
    let identity = try first.changes(since: nil).now.identity
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var counts: [Int] = []
    }
    let seen = Seen()
    let (rebuilt, report) = try EntryIndex.load(store, rebuild: true) { done, total in
      // Called as the last file is read, while the rebuild's transaction is still open.
      let count = (try? EntryIndex.open(for: store).entries().count) ?? -1
      seen.lock.withLock { seen.counts.append(count) }
    }
    #expect(seen.counts == [28])
    #expect(report.rebuilt && report.added == 28 && report.total == 28)
    #expect(try EntryIndex.open(for: store).entries().count == 28)
    #expect(try rebuilt.changes(since: nil).now.identity != identity)
  }

  /// A refresh that reads what the index knows, walks, and finds the index rebuilt by another
  /// process before it writes starts again from the rebuilt index: the change it found is
  /// already there, so it writes nothing and counts nothing twice.
  @Test func aRefreshThatMeetsAnotherRebuildStartsAgain() throws {
    let journal = try TempJournal([
      "2026/03/a.md": "---\nid: A\ndate: 2026-03-01T09:00+09:00\n---\nFirst\n",
      "2026/03/b.md": "---\nid: B\ndate: 2026-03-02T09:00+09:00\n---\nSecond\n",
    ])
    let store = try store(journal.root)
    _ = try EntryIndex.load(store)
    try journal.write("2026/03/a.md", "---\nid: A\ndate: 2026-03-01T09:00+09:00\n---\nFirst, changed\n")
    let index = try EntryIndex.open(for: store)
    var rebuilds = 0
    index.afterWalk = {
      if rebuilds == 0 { _ = try EntryIndex.load(store, rebuild: true) }
      rebuilds += 1
    }
    let report = try index.refresh(store, progress: nil)
    // The second walk finds nothing to write and does not get as far.
    #expect(rebuilds == 1)
    #expect(report.updated == 0 && report.added == 0 && report.total == 2)
    #expect(try index.entries().map(\.title) == ["Second", "First, changed"])
  }

  @Test func foldersWhoseDigestIsUnchangedAreSkippedAndTheOthersCompared() throws {
    let journal = try TempJournal([
      "top.md": "---\nid: T\ndate: 2026-01-05T09:00+09:00\n---\nTop\n",
      "2026/01/a.md": "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha\n",
      "2026/01/sub/s.md": "---\nid: S\ndate: 2026-01-02T09:00+09:00\n---\nSub\n",
      "2026/02/b.md": "---\nid: B\ndate: 2026-02-01T09:00+09:00\n---\nBeta\n",
      "2026/02/bad.md": "---\nid: [B\n---\nBroken\n",
    ])
    let store = try store(journal.root)
    func load() throws -> IndexReport { try EntryIndex.load(store).1 }
    func counts(_ report: IndexReport) -> [Int] {
      [report.added, report.updated, report.removed, report.moved, report.total]
    }
    var report = try load()
    #expect(counts(report) == [4, 0, 0, 0, 4])
    #expect(report.skipped.map(\.path.rawValue) == ["2026/02/bad.md"])
    let (index, _) = try EntryIndex.load(store)
    #expect(try index.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM folder") } == 5)

    // An edit in a folder whose subfolder holds entries: the subfolder's rows are not lost, and
    // the unreadable file of a folder that did not change is still reported.
    try journal.write("2026/01/a.md", "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha edited\n")
    report = try load()
    #expect(counts(report) == [0, 1, 0, 0, 4])
    #expect(report.skipped.map(\.path.rawValue) == ["2026/02/bad.md"])
    try journal.write("2026/01/sub/s.md", "---\nid: S\ndate: 2026-01-02T09:00+09:00\n---\nSub edited\n")
    #expect(counts(try load()) == [0, 1, 0, 0, 4])
    try journal.write("top.md", "---\nid: T\ndate: 2026-01-05T09:00+09:00\n---\nTop edited\n")
    #expect(counts(try load()) == [0, 1, 0, 0, 4])
    #expect(
      try EntryIndex.load(store).0.entries().map(\.title) == ["Beta", "Top edited", "Sub edited", "Alpha edited"])

    // A whole folder renamed: its entry is moved, its unreadable file reported at the new path.
    try FileManager.default.createDirectory(atPath: journal.root + "/2025", withIntermediateDirectories: true)
    #expect(rename(journal.root + "/2026/02", journal.root + "/2025/12") == 0)
    report = try load()
    #expect(counts(report) == [0, 0, 0, 1, 4])
    #expect(report.skipped.map(\.path.rawValue) == ["2025/12/bad.md"])
    #expect(try EntryIndex.load(store).0.entries(matching: .id("B")).map(\.path.rawValue) == ["2025/12/b.md"])

    // An index of an older version is made again, with a notice, and then kept.
    try index.queue.write { try $0.execute(sql: "DROP TABLE folder; PRAGMA user_version = 3") }
    let (upgraded, upgrade) = try EntryIndex.load(store)
    #expect(upgraded.notices == [.rebuiltOtherVersion])
    #expect(counts(upgrade) == [4, 0, 0, 0, 4])
    try journal.write("2026/01/a.md", "---\nid: A\ndate: 2026-01-01T09:00+09:00\n---\nAlpha again\n")
    #expect(counts(try load()) == [0, 1, 0, 0, 4])

    // A rebuild forgets the digests too, so every file is read again; its tables are made
    // anew, stale postings gone, tags and words found, and FTS5 told to keep 32 MB of postings.
    let rebuilt = try EntryIndex.load(store, rebuild: true).1
    #expect(counts(rebuilt) == [4, 0, 0, 0, 4])
    #expect(counts(try load()) == [0, 0, 0, 0, 4])
    let (after, _) = try EntryIndex.load(store)
    #expect(
      try after.queue.read { db in
        try Int.fetchOne(db, sql: "SELECT v FROM entry_text_config WHERE k = 'hashsize'")
      } == 33_554_432)
    #expect(try after.queue.read { try Int.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'stale'") } == 0)
    #expect(
      try after.search(try SearchQuery("again"), filter: EntryFilter(), store: store).map(\.entry.path.rawValue) == [
        "2026/01/a.md"
      ])
  }

  /// A date written as a day alone (a blog post's `date: 2020-01-02`, a file named by its day)
  /// is listed without a time, and an index of an older version, which did not know, is made
  /// again (8 had the time but not the links).
  @Test func aDateWithoutATimeIsListedWithoutOne() throws {
    let journal = try TempJournal([
      "2020/01/post.md": "---\ndate: 2020-01-02\ntitle: A post\n---\nWords.\n",
      "2020/01/2020-01-03-named.md": "Named by its day\n",
      "2020/01/timed.md": "---\nid: T\ndate: 2020-01-04T00:00:00+09:00\n---\nAt midnight\n",
    ])
    let store = try store(journal.root)
    let dates = DateStyle(locale: Locale(identifier: "en_US"))
    func shown() throws -> [String] {
      try EntryIndex.load(store).0.entries().map { "\($0.title): [\(dates.time($0.date))]" }
    }
    let expected = ["At midnight: [00:00]", "Named by its day: []", "A post: []"]
    #expect(try shown() == expected)
    try EntryIndex.open(for: store).queue.write { db in
      try db.execute(sql: "ALTER TABLE entry DROP COLUMN links; PRAGMA user_version = 8")
    }
    let (again, report) = try EntryIndex.load(store)
    #expect(again.notices == [.rebuiltOtherVersion])
    #expect(report.added == 3)
    #expect(try shown() == expected)
  }

  @Test func aGitCheckoutOfAnOlderVersionIsSeen() throws {
    let journal = try TempJournal(["entry.md": "---\nid: G\ndate: 2026-01-01T09:00+09:00\n---\nFirst version\n"])
    func git(_ arguments: String...) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      process.arguments = ["-C", journal.root, "-c", "user.name=ilgi", "-c", "user.email=ilgi@example.org"] + arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "git \(arguments)")
    }
    try git("init", "-q")
    try git("add", "entry.md")
    try git("commit", "-qm", "first")
    try journal.write("entry.md", "---\nid: G\ndate: 2026-01-01T09:00+09:00\n---\nSecond version\n")
    try git("commit", "-qam", "second")
    let store = try store(journal.root)
    #expect(try EntryIndex.load(store).0.entries().map(\.title) == ["Second version"])
    try git("checkout", "-q", "HEAD~1", "--", "entry.md")
    #expect(try EntryIndex.load(store).0.entries().map(\.title) == ["First version"])
  }

  @Test(arguments: ["missing", "truncated", "random", "older", "empty"])
  func aBrokenIndexIsRebuilt(_ damage: String) throws {
    let corpus = try GeneratedCorpus.make(entries: 200, seed: 3)
    let store = try store(corpus.journal)
    let path = corpus.journal + "/.ilgi/index.sqlite"
    _ = try EntryIndex.load(store)
    switch damage {
    case "missing": unlink(path)
    case "truncated": truncate(path, 8192)
    case "random":
      var generator = SystemRandomNumberGenerator()
      try Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(
        to: URL(fileURLWithPath: path))
    case "older":
      let (index, _) = try EntryIndex.load(store)
      try index.queue.write { try $0.execute(sql: "PRAGMA user_version = 99") }
    default: truncate(path, 0)
    }
    let (index, report) = try EntryIndex.load(store)
    #expect(report.total == 200)
    #expect(try index.count() == 200)
    if damage == "older" || damage == "random" { #expect(!index.notices.isEmpty) }
    // And it stays healthy.
    #expect(try EntryIndex.load(store).1.added == 0)
  }

  @Test func aReadOnlyJournalStillWorks() throws {
    let journal = try TempJournal(["a.md": "---\nid: A\n---\nReadable\n"], initialize: false)
    let store = try store(journal.root)
    let index = try EntryIndex.inMemory(reader: store.reader)
    #expect(try index.refresh(store, progress: nil).total == 1)
    #expect(try index.entries().map(\.title) == ["Readable"])
  }
}
