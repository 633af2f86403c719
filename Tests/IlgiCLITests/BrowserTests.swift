import Foundation
import IlgiFormat
import IlgiServer
import IlgiSite
import IlgiSystem
import IlgiTestSupport
import Testing

/// The exported and the served site in a real headless browser (Debian's chromium, which
/// `make setup` installs): the search runs in the page, offline, under the site's CSP, and
/// screenshots of the index and an entry are saved to `.build/screenshots/`.
@Suite(.serialized) struct BrowserTests {
  static var screenshots: String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    return ProcessInfo.processInfo.environment["ILGI_SCREENSHOTS"] ?? root + "/.build/screenshots"
  }

  /// Runs headless chromium on `url` with its own profile and no network beyond 127.0.0.1.
  static func chromium(_ arguments: [String], _ url: String, profile: String) throws -> ChildProcess.Result {
    let binary = try TestTools.chromium
    return try ChildProcess.run(
      [
        "timeout", "120", binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile, "--virtual-time-budget=5000",
        "--proxy-server=http://0.0.0.0:9", "--proxy-bypass-list=127.0.0.1",
      ] + arguments + [url])
  }

  /// What the page's search showed for `query`: the count it set and the titles listed.
  static func search(_ base: String, _ query: String, profile: String) throws -> (
    count: Int?, titles: [String], dom: String
  ) {
    let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
    let address = base + "search.html?q=" + encoded
    let dumped = try chromium(["--dump-dom"], address, profile: profile)
    let dom = dumped.stdout
    var count: Int?
    if let range = dom.range(of: #"data-count="[0-9]+""#, options: .regularExpression) {
      count = Int(dom[range].dropFirst(12).dropLast())
    }
    var titles: [String] = []
    var rest = dom[...]
    if let results = rest.range(of: "id=\"search-results\"") { rest = rest[results.upperBound...] }
    while let start = rest.range(of: "<span class=\"entry-title\">") {
      let after = rest[start.upperBound...]
      guard let end = after.range(of: "</span>") else { break }
      titles.append(String(after[..<end.lowerBound]))
      rest = after[end.upperBound...]
    }
    return (count, titles, dom)
  }

  static func screenshot(_ url: String, to name: String, width: Int, profile: String) throws {
    try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
    let file = screenshots + "/" + name
    try? FileManager.default.removeItem(atPath: file)
    let shot = try chromium(["--screenshot=" + file, "--window-size=\(width),1300"], url, profile: profile)
    let bytes = FileManager.default.contents(atPath: file) ?? Data()
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "no PNG at \(file): \(shot.stderr.suffix(300))")
    #expect(bytes.count > 20_000, "\(file) is \(bytes.count) bytes")
  }

  @Test func theExportedAndTheServedSiteSearchInTheBrowser() throws {
    let corpus = try GeneratedCorpus.make(entries: 300, seed: 4)
    var h = try Harness()
    h.environment["ILGI_JOURNAL"] = corpus.journal
    let out = h.journal.base + "/site"
    let made = try h.run("export", "html", "--out", out)
    #expect(made.status == 0, "\(made.stderr)")
    let profile = h.journal.base + "/chromium"
    let latest = try #require(corpus.manifest.latest.first)
    // Two words of the newest entry's title, as a person would type them.
    let words = latest.title.split(separator: " ").prefix(2).joined(separator: " ")

    let exported = "file://" + out + "/"
    let found = try Self.search(exported, words, profile: profile)
    #expect(found.count != nil, "the search script did not run: \(found.dom.prefix(500))")
    #expect(found.titles.contains(latest.title), "\(words) -> \(found.titles)")
    #expect(found.count == found.titles.count)
    // Entries whose title holds one of the words come first, as `ilgi search` weighs titles.
    let holdsAWord = { (title: String) in
      title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { word in
        words.lowercased().split(separator: " ").contains { word.hasPrefix($0) }
      }
    }
    let lastTitled = found.titles.lastIndex(where: holdsAWord) ?? -1
    let firstUntitled = found.titles.firstIndex { !holdsAWord($0) } ?? found.titles.count
    #expect(lastTitled < firstUntitled, "\(words) -> \(found.titles)")
    let nothing = try Self.search(exported, "zzqqxxnothing", profile: profile)
    #expect(nothing.count == 0)
    #expect(nothing.dom.contains("Nothing found."))
    // A tag query finds exactly the tag's entries.
    let tagged = try Self.search(exported, "tag:travel", profile: profile)
    #expect(tagged.count == min(corpus.manifest.perTag["travel"] ?? -1, 200))
    #expect(try Self.search(exported, "#Travel", profile: profile).count == tagged.count)
    // A plain word finds what `ilgi search` finds: words in the title and text, not the names of
    // the tags in the front matter.
    for word in ["travel", "gratitude"] {
      let cli = try h.run("search", word, "--json", "-n", "100000")
      let listed = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [Any]
      let site = try Self.search(exported, word, profile: profile)
      #expect(site.count == min(listed?.count ?? -1, 200), "\(word): \(cli.stderr)")
    }
    let untagged = try Self.search(exported, "-tag:travel", profile: profile)
    #expect(untagged.count == min(corpus.manifest.entries - (corpus.manifest.perTag["travel"] ?? 0), 200))
    // The query is read as `ilgi search` reads it: a quoted phrase finds its words together and
    // in that order, NOT leaves out the entries that hold a word, OR takes either.
    let titleWords = latest.title.split(separator: " ").prefix(2).map(String.init)
    try #require(titleWords.count == 2 && titleWords[0].lowercased() != titleWords[1].lowercased())
    let phrase = try Self.search(exported, "\"\(words)\"", profile: profile)
    #expect(phrase.titles.contains(latest.title), "\"\(words)\" -> \(phrase.titles)")
    let backwards = try Self.search(exported, "\"\(titleWords[1]) \(titleWords[0])\"", profile: profile)
    #expect(!backwards.titles.contains(latest.title), "\(backwards.titles)")
    let excluded = try Self.search(exported, "\(words) NOT \(titleWords[0])", profile: profile)
    #expect(excluded.count == 0, "\(excluded.titles)")
    let notExcluded = try Self.search(exported, "\(words) -zzqqxxnothing", profile: profile)
    #expect(notExcluded.titles.contains(latest.title), "\(notExcluded.titles)")
    // A term without a letter or digit is no term, as for the server: a lone dash finds nothing.
    let dash = try Self.search(exported, "-", profile: profile)
    #expect(dash.titles.isEmpty, "\(dash.titles)")
    let either = try Self.search(exported, "zzqqxxnothing OR \"\(words)\"", profile: profile)
    #expect(either.titles.contains(latest.title), "\(either.titles)")
    // A word only in the entries' text (a planted needle, past the preview) is found through
    // the year scripts of full text the page loads when someone searches.
    let needle = try #require(corpus.manifest.needles["quindlemoss"])
    #expect(needle.count > 0)
    let inText = try Self.search(exported, "Quindlemoss", profile: profile)
    #expect(inText.count == needle.count, "\(inText.titles)")

    // Nothing in the console of an exported page: the policy in its `<meta>` is one a browser
    // takes whole (it ignores `frame-ancestors` there, and says so on every page).
    let pages = ["index.html", Site.entryPage(JournalPath(latest.path)), "search.html"].map { exported + $0 }
    let console = try ChildProcess.run(
      ["timeout", "120", try TestTools.browserPython, TestTools.repository + "/Tests/Browser/console_test.py"] + pages)
    #expect(console.status == 0, "\(console.stdout)\(console.stderr)")

    try Self.screenshot(exported + "index.html", to: "index.png", width: 1100, profile: profile)
    let entry = Site.entryPage(JournalPath(latest.path))
    try Self.screenshot(exported + entry, to: "entry.png", width: 1100, profile: profile)
    try Self.screenshot(exported + "index.html", to: "index-phone.png", width: 390, profile: profile)

    // The served site: the same search, over HTTP, under the CSP header.
    let server = try ServeTests.Server(h, ["--read-only"])
    #expect(server.port > 0, "\(server.printed)")
    // Opened as a person opens the printed address (Tests/Browser/site_test.py): the token is
    // kept for this port alone and the site's worker sends it with each request.
    let calendar = Self.screenshots + "/calendar.png"
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let run = try ChildProcess.run(
      [
        "timeout", "120", try TestTools.browserPython, TestTools.repository + "/Tests/Browser/site_test.py",
        "http://127.0.0.1:\(server.port)/", server.token, words, "calendar/\(latest.date.prefix(4)).html", calendar,
      ], environment: environment)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr.suffix(1500))")
    struct Served: Decodable {
      var count: Int
      var titles: [String]
    }
    let served = try JSONDecoder().decode(Served.self, from: Data(run.stdout.utf8))
    #expect(served.titles == found.titles)
    #expect(served.count == found.count)
    #expect((FileManager.default.contents(atPath: calendar)?.count ?? 0) > 20_000)
    #expect(server.stop().status == 0)
  }
}
