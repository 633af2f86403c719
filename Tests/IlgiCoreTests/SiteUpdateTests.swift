import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiIndex
@testable import IlgiSite
@testable import IlgiStore

/// An export after an edit that changed only bodies makes only the pages showing them, and the
/// site it leaves is byte for byte the one a whole export makes; any other change makes it all.
@Suite struct SiteUpdateTests {
  let corpus: GeneratedCorpus
  let store: JournalStore
  let folder: String

  init() throws {
    corpus = try GeneratedCorpus.make(entries: 300, seed: 11)
    store = try JournalStore(root: corpus.journal, reader: EntryReader(timeZone: TimeZone.seoul))
    folder = corpus.journal + "/../site"
  }

  func export(_ folder: String, filter: EntryFilter = EntryFilter()) throws -> SiteWriter.Report {
    var options = Site.Options(language: .english, title: "Diary")
    options.keepsFragments = true
    let (index, report) = try EntryIndex.load(store, attachments: true)
    return try SiteWriter(folder: folder).export(
      index: index, attachments: report.attachments, store: store, templates: TemplateRenderer(overrideFolder: nil),
      options: options, filter: filter)
  }

  /// Every file of a site folder and its bytes, the state file left out.
  func contents(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue,
        path != SiteWriter.stateName
      {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
      }
    }
    return files
  }

  /// Exports into the site folder and into a new one, and checks that both hold the same files.
  func exportAndCompare(_ round: Int) throws -> SiteWriter.Report {
    let report = try export(folder)
    let whole = try export(folder + "-whole-\(round)")
    #expect(!whole.partial && whole.written == whole.total)
    let (made, expected) = (try contents(folder), try contents(folder + "-whole-\(round)"))
    #expect(made.count == expected.count, "round \(round)")
    for (path, bytes) in expected where made[path] != bytes { Issue.record("round \(round): \(path) differs") }
    return report
  }

  func append(_ text: String, to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: corpus.journal + "/" + path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  /// The journal's own style sheet, changed after an export, is in the next one, with nothing
  /// else written.
  @Test func aChangedStyleSheetIsWrittenAgain() throws {
    let first = try export(folder)
    let templates = corpus.journal + "/.ilgi/templates"
    try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
    let css = try TemplateRenderer(overrideFolder: nil).source("site.css").text + "\nbody { color: teal; }\n"
    try css.write(toFile: templates + "/site.css", atomically: true, encoding: .utf8)
    var options = Site.Options(language: .english, title: "Diary")
    options.keepsFragments = true
    let (index, report) = try EntryIndex.load(store, attachments: true)
    let again = try SiteWriter(folder: folder).export(
      index: index, attachments: report.attachments, store: store,
      templates: TemplateRenderer(overrideFolder: templates), options: options, filter: EntryFilter())
    #expect(again.partial && again.written == 1 && again.unchanged == first.total - 1)
    #expect(try String(contentsOfFile: folder + "/style.css", encoding: .utf8).hasSuffix("body { color: teal; }\n"))
  }

  @Test func bodyEditsRemakeOnlyTheirPagesAndLeaveTheSameSite() throws {
    let first = try export(folder)
    #expect(!first.partial && first.written == first.total)
    let again = try export(folder)
    #expect(again.partial && again.written == 0 && again.unchanged == first.total)

    // Entries with long bodies, so a line added at the end leaves their previews as they were.
    let paths = store.scan().files.map(\.rawValue).filter {
      ((try? Data(contentsOf: URL(fileURLWithPath: corpus.journal + "/" + $0)))?.count ?? 0) > 1500
    }
    try #require(paths.count >= 6)
    var partial = 0
    for round in 0..<4 {
      // One entry in the first rounds, two of different years after.
      for path in [paths[round * 7 % paths.count], paths[(round * 13 + 5) % paths.count]].prefix(round < 2 ? 1 : 2) {
        try append("\nA line added in round \(round).\n", to: path)
      }
      let report = try exportAndCompare(round)
      if report.partial {
        partial += 1
        // Each entry's page, its year's book and full-text script (the feed only when the entry
        // is in it).
        #expect(report.written >= (round < 2 ? 2 : 3) && report.written <= 7, "round \(round): \(report)")
      }
    }
    #expect(partial == 4)
  }

  @Test func otherChangesMakeTheWholeSite() throws {
    _ = try export(folder)
    let path = store.scan().files[40].rawValue
    var text = try String(contentsOfFile: corpus.journal + "/" + path, encoding: .utf8)

    // A new title: lists show it.
    let bodyStart = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 4)..<text.endIndex)!
      .upperBound
    text.insert(contentsOf: "# A new title\n\n", at: bodyStart)
    try text.write(toFile: corpus.journal + "/" + path, atomically: true, encoding: .utf8)
    #expect(try !exportAndCompare(10).partial)

    // A page removed by hand is made again by a whole export.
    #expect(try export(folder).partial)
    unlink(folder + "/archive/index.html")
    let mended = try export(folder)
    #expect(!mended.partial && mended.written == 1)

    // A new entry.
    try append("", to: path)
    try "---\nid: NEW\ndate: 2020-05-05T10:00+09:00\n---\nNew\n".write(
      toFile: corpus.journal + "/2020-new.md", atomically: true, encoding: .utf8)
    #expect(try !exportAndCompare(11).partial)

    // A rebuilt index is another index: its log says nothing of the site.
    _ = try EntryIndex.load(store, rebuild: true)
    #expect(try !exportAndCompare(12).partial)

    // A filtered export leaves no state, so the next export of the whole journal makes it all.
    let tagged = corpus.journal + "/../tagged"
    _ = try export(tagged, filter: EntryFilter(tags: ["work"]))
    #expect(!FileManager.default.fileExists(atPath: tagged + "/" + SiteWriter.stateName))
    #expect(try !export(tagged).partial)
    #expect(try export(tagged).partial)
  }

  @Test func yearBooksTakeTheBodiesKeptForTheSameBytesOnly() throws {
    _ = try export(folder)
    let state = try #require(SiteWriter(folder: folder).readState())
    let cache = BookCache(site: folder, base: state.base)
    // A year with two entries long enough that a line added leaves their previews alone.
    var found: (year: Int, kept: [String: (hash: Int64, html: String)], first: String, second: String)?
    for year in 1990...2030 where found == nil {
      let kept = cache.load(year)
      let long = kept.keys.sorted().filter {
        ((try? Data(contentsOf: URL(fileURLWithPath: corpus.journal + "/" + $0)))?.count ?? 0) > 1500
      }
      if long.count >= 2 { found = (year, kept, long[0], long[1]) }
    }
    let (year, kept, first, second) = try #require(found)
    let book = folder + "/archive/\(year).html"
    // A body kept for the book is taken as it was kept (here changed by hand, to tell it apart).
    var changed = kept.map { (path: $0.key, hash: $0.value.hash, html: $0.value.html) }.sorted { $0.path < $1.path }
    let index = try #require(changed.firstIndex { $0.path == first })
    changed[index].html = "<p>As kept</p>"
    cache.save(year, changed)
    try append("\nA line for the second entry.\n", to: second)
    #expect(try export(folder).partial)
    var html = try String(contentsOfFile: book, encoding: .utf8)
    #expect(html.contains("<p>As kept</p>"))
    #expect(html.contains("A line for the second entry."))
    #expect(cache.load(year)[second]?.hash != kept[second]?.hash)
    // Its file changed, the body is rendered again.
    try append("\nA line for the first entry.\n", to: first)
    #expect(try export(folder).partial)
    html = try String(contentsOfFile: book, encoding: .utf8)
    #expect(!html.contains("<p>As kept</p>") && html.contains("A line for the first entry."))
    // Kept bodies that cannot be read, or of other settings, are left aside.
    try Data("not a book".utf8).write(to: URL(fileURLWithPath: folder + "/" + SiteWriter.booksName + "/\(year)"))
    #expect(cache.load(year).isEmpty && BookCache(site: folder, base: state.base &+ 1).load(year - 1).isEmpty)
    try append("\nAnother line.\n", to: second)
    #expect(try exportAndCompare(20).partial)
  }

  @Test func theStateReadsBackAsItWasWritten() {
    let state = SiteWriter.State(
      mark: EntryIndex.ChangeMark(identity: -42, change: 7), base: .max, attachments: 3,
      slugs: ["산책": "산책", "a\tb": "a-b", "c\\d\ne\r": "c-d-e", "": "x"],
      folders: ["entries/2026": 1_700_000_000_123_456_789, "a\nb": -1, "tags": 0], manifest: [120, -1])
    #expect(SiteWriter.State(text: state.text) == state)
    #expect(SiteWriter.State(text: String(state.text.dropLast())) == nil)
    #expect(SiteWriter.State(text: state.text.replacingOccurrences(of: "mark\t-42", with: "mark\tx")) == nil)
    #expect(SiteWriter.State(text: "{}") == nil)
  }

}
