import Foundation
import IlgiSite
import IlgiStore
import IlgiTestSupport
import Testing

/// `ilgi export html`: golden pages, every link of a 1,000-entry site, writing only what
/// changed, refusing folders that are not ours, XSS payloads rendered inert, Korean pages.
@Suite struct SiteTests {
  /// Every file of the site at `folder`, relative, without the manifest.
  static func files(_ folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue,
        path != SiteWriter.manifestName, path != SiteWriter.stateName, !path.hasPrefix(SiteWriter.booksName + "/")
      {
        files.append(path)
      }
    }
    return files.sorted()
  }

  static func text(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// `link` followed from `folder`, `..` taken back: a path inside the site, or `../...` outside.
  static func resolve(_ link: String, from folder: String) -> String {
    var parts = folder.split(separator: "/").map(String.init)
    for part in link.split(separator: "/", omittingEmptySubsequences: false) {
      if part == ".." {
        if parts.isEmpty { return "../" + link } else { parts.removeLast() }
      } else if part != "." && !part.isEmpty {
        parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }

  /// The values of `href="..."`, `src="..."` and `action="..."` in `html`.
  static func links(_ html: String) -> [String] {
    var links: [String] = []
    for attribute in ["href=\"", "src=\"", "action=\""] {
      var rest = html[...]
      while let start = rest.range(of: attribute) {
        let after = rest[start.upperBound...]
        guard let end = after.firstIndex(of: "\"") else { break }
        links.append(String(after[..<end]))
        rest = after[end...]
      }
    }
    return links
  }

  /// A small journal with fixed ids and dates, for the golden pages.
  static let goldenFiles: [String: String] = [
    "2026/03/2026-03-14-0930-morning-run.md": """
    ---
    id: 0F8B6C0E-1111-4A5B-9C3D-000000000001
    date: 2026-03-14T09:30:00+09:00
    weather: Clear 12°C
    tags: [running, spring]
    ---
    # Morning run

    Five kilometres along the *river*, then coffee.

    ![The route](photos/route.png)

    - legs fine
    - #breakfast after

    """,
    "2026/03/2026-03-15-2210-산책.md": """
    ---
    id: 0F8B6C0E-1111-4A5B-9C3D-000000000002
    date: 2026-03-15T22:10:00+09:00
    tags: [산책]
    ---
    # 밤 산책

    학교에서 돌아오는 길에 **벚꽃**을 보았다.

    """,
    "2025/12/2025-12-31-2350-year-end.md": """
    ---
    id: 0F8B6C0E-1111-4A5B-9C3D-000000000003
    date: 2025-12-31T23:50:00+09:00
    ---
    # Year end

    Quiet night. See [the list](https://example.com/list).

    """,
  ]

  static var goldenFolder: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/site").path
  }

  /// The golden journal, with a picture beside an entry and a link that points out of it.
  static func goldenHarness() throws -> Harness {
    let h = try Harness(goldenFiles)
    try h.journal.write("2026/03/photos/route.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    try FileManager.default.createSymbolicLink(
      atPath: h.journal.root + "/2026/03/photos/passwd.png", withDestinationPath: "/etc/passwd")
    return h
  }

  @Test func pagesMatchTheGoldenFiles() throws {
    let h = try Self.goldenHarness()
    let out = h.journal.base + "/site"
    let made = h.call("export", "html", "--out", out)
    #expect(made.status == 0, "\(made.stderr)")
    let pages = [
      "index.html", "entries/2026/03/2026-03-14-0930-morning-run.html", "entries/2026/03/2026-03-15-2210-산책.html",
      "archive/index.html", "archive/2026.html", "archive/2026-03.html", "tags/index.html", "tags/산책.html",
      "calendar/2026.html", "search.html", "search/2026.js", "feed.xml",
    ]
    let update = ProcessInfo.processInfo.environment["ILGI_UPDATE_GOLDEN"] == "1"
    for page in pages {
      let produced = Self.text(out + "/" + page)
      let goldenPath = Self.goldenFolder + "/" + page.replacingOccurrences(of: "/", with: "__")
      if update {
        try FileManager.default.createDirectory(atPath: Self.goldenFolder, withIntermediateDirectories: true)
        try Data(produced.utf8).write(to: URL(fileURLWithPath: goldenPath))
      }
      let golden = Self.text(goldenPath)
      #expect(!golden.isEmpty, "no golden file \(goldenPath); run with ILGI_UPDATE_GOLDEN=1 once")
      #expect(produced == golden, "\(page) differs from \(goldenPath)")
    }
    // Every page there is, and no other.
    #expect(
      Self.files(out) == [
        "archive/2025-12.html", "archive/2025.html", "archive/2026-03.html", "archive/2026.html", "archive/index.html",
        "calendar/2025.html", "calendar/2026.html", "entries/2025/12/2025-12-31-2350-year-end.html",
        "entries/2026/03/2026-03-14-0930-morning-run.html", "entries/2026/03/2026-03-15-2210-산책.html",
        "entries/2026/03/photos/route.png", "feed.xml",
        "index.html", "search.html", "search.js", "search/2025.js", "search/2026.js", "search/text-2025.js",
        "search/text-2026.js", "style.css", "tags/breakfast.html",
        "tags/index.html", "tags/running.html", "tags/spring.html", "tags/산책.html",
      ])
  }

  /// `site.title` names the site in every page and the feed; a change remakes the pages.
  @Test func theSiteTitleIsASetting() throws {
    let h = try Self.goldenHarness()
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    #expect(Self.text(out + "/index.html").contains("Diary"))
    #expect(h.call("config", "set", "site.title", "Minji & the river").status == 0)
    #expect(h.call("export", "html", "--out", out).status == 0)
    for page in ["index.html", "archive/index.html", "entries/2026/03/2026-03-14-0930-morning-run.html", "feed.xml"] {
      #expect(Self.text(out + "/" + page).contains("Minji &amp; the river"), "\(page)")
    }
  }

  /// A post dated by a day alone (Jekyll's `date: 2020-01-02`) shows its day and no "00:00", in
  /// lists and on its page; one written at midnight keeps its time.
  @Test func aPostDatedByItsDayShowsNoTime() throws {
    let h = try Self.goldenHarness()
    try h.journal.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\ndate: 2020-01-02\n---\nA post.\n")
    try h.journal.write("2020/01/midnight.md", "---\nid: M\ndate: 2020-01-03T00:00:00+09:00\n---\nAt midnight\n")
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    let month = Self.text(out + "/archive/2020-01.html")
    #expect(month.contains("<time class=\"entry-date\" datetime=\"2020-01-02\">January 2, 2020</time>"), "\(month)")
    #expect(month.contains("January 3, 2020 00:00</time>"))
    let pages = try FileManager.default.subpathsOfDirectory(atPath: out + "/entries")
    let post = try #require(pages.first { $0.contains("hello") }, "\(pages)")
    #expect(Self.text(out + "/entries/" + post).contains(">Thursday, January 2, 2020</time>"))
  }

  /// A wiki link leads from an entry's page to the page of the entry it names, a picture's
  /// is shown in place, one that names nothing is marked; the year's book and `ilgi show`
  /// lead the same way.
  @Test func wikiLinksLeadToTheEntriesTheyName() throws {
    let h = try Self.goldenHarness()
    try h.journal.write("2020/01/river.md", "---\nid: R\ndate: 2020-01-03T09:00:00+09:00\n---\nHan River\n\nWater.\n")
    try h.journal.write(
      "2020/01/walk.md",
      "---\nid: W\ndate: 2020-01-04T09:00:00+09:00\n---\nWalk\n\nBy [[han river|the river]], "
        + "not [[Nowhere]]. ![[map.png]]\n")
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    let pages = try FileManager.default.subpathsOfDirectory(atPath: out + "/entries")
    let (walk, river) = (
      try #require(pages.first { $0.hasSuffix("walk.html") }), try #require(pages.first { $0.hasSuffix("river.html") })
    )
    let page = Self.text(out + "/entries/" + walk)
    #expect(page.contains("<a href=\"../../../entries/\(river)\">the river</a>"), "\(page)")
    #expect(page.contains("<span class=\"wiki-link unresolved\">Nowhere</span>"))
    #expect(page.contains("<img src=\"map.png\" alt=\"map.png\" />"))
    #expect(Self.text(out + "/archive/2020.html").contains("\(river)\">the river</a>"))
    let shown = h.call("show", "2020/01/walk.md", "--no-pager")
    #expect(shown.stdout.contains("By the river <2020/01/river.md>, not Nowhere."), "\(shown.stdout) \(shown.stderr)")
  }

  @Test func aThousandEntrySiteHasEveryLinkAndNoOtherHost() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 3)
    var h = try Harness()
    h.environment["ILGI_JOURNAL"] = corpus.journal
    let out = h.journal.base + "/site"
    let made = h.call("export", "html", "--out", out)
    #expect(made.status == 0, "\(made.stderr)")
    let files = Self.files(out)
    let fileSet = Set(files)

    // One page per entry, one per tag of the manifest, a list page per 100 entries.
    let entryPages = files.filter { $0.hasPrefix("entries/") && $0.hasSuffix(".html") }
    #expect(entryPages.count == corpus.manifest.entries)
    #expect(files.filter { $0.hasPrefix("page/") }.count == (corpus.manifest.entries + 99) / 100 - 1)
    #expect(made.stdout.hasPrefix("Wrote \(files.count) of \(files.count) pages to \(out) (0 unchanged, 0 removed)"))
    // Nothing changed, nothing written: every page's fingerprint is the same in a new process.
    let again = h.call("export", "html", "--out", out)
    #expect(
      again.stdout.hasPrefix("Wrote 0 of \(files.count) pages to \(out) (\(files.count) unchanged, 0 removed)"),
      "\(again.stdout)")

    // Links the entries themselves hold: to other sites, and to files the journal lacks too.
    var written = ""
    let walk = FileManager.default.enumerator(atPath: corpus.journal)
    while let path = walk?.nextObject() as? String {
      if path.hasSuffix(".md") { written += Self.text(corpus.journal + "/" + path) }
    }
    // Every link target the entries' Markdown writes, `[text](target)`.
    var targets: Set<String> = []
    var rest = written[...]
    while let open = rest.range(of: "](") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ")") else { break }
      targets.insert(String(after[..<close]))
      rest = after[close...]
    }
    var checked = 0
    var missing: [String] = []
    for file in files where file.hasSuffix(".html") || file == "feed.xml" {
      let html = Self.text(out + "/" + file)
      #expect(!html.contains("src=\"http") && !html.contains("src=\"//"), "\(file) loads something from another host")
      let folder = (file as NSString).deletingLastPathComponent
      for link in Self.links(html) {
        if link.contains("//") {
          if !targets.contains(link) { missing.append("\(file): \(link) (another host)") }
          continue
        }
        #expect(!link.hasPrefix("/"), "\(file) has an absolute link: \(link)")
        var target = link
        if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
        if target.isEmpty { continue }
        let decoded = target.removingPercentEncoding ?? target
        let resolved = Self.resolve(decoded, from: folder)
        checked += 1
        if fileSet.contains(resolved) { continue }
        let journalFile = corpus.journal + "/" + resolved.dropFirst("entries/".count)
        // (From a year book or the feed the link was rebased: `../entries/2024/05/` + the link.)
        let written = resolved.split(separator: "/").dropFirst(3).joined(separator: "/")
        if resolved.hasPrefix("entries/"), targets.contains(link) || targets.contains(written),
          !FileManager.default.fileExists(atPath: journalFile)
        {
          continue
        }
        missing.append("\(file): \(link)")
      }
    }
    #expect(missing.isEmpty, "\(missing.count) links do not resolve, first: \(missing.prefix(5))")
    #expect(checked > 20_000)
    // ilgi's own parts (templates, feed, script, index) name no host; the entries' own text
    // (their pages, year books and full-text scripts) may.
    for file in files
    where !file.hasPrefix("entries/") && !file.hasPrefix("archive/2") && !file.hasPrefix("search/text-") {
      // Namespace names (Atom's, SVG's in the style sheet's drawn boxes) are fetched from nowhere.
      let text = Self.text(out + "/" + file).replacingOccurrences(of: "http://www.w3.org/2005/Atom", with: "")
        .replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
      if file == "feed.xml" { continue }
      #expect(!text.contains("http://") && !text.contains("https://"), "\(file) names a host")
    }

    // The search index holds every entry, each pointing at its page, in a script per year.
    let prefix = "window.ilgiSearchIndex = (window.ilgiSearchIndex || []).concat("
    var items: [[Any]] = []
    for file in files where file.hasPrefix("search/") && !file.hasPrefix("search/text-") {
      let script = Self.text(out + "/" + file)
      #expect(script.hasPrefix(prefix) && script.hasSuffix(");\n"), "\(file)")
      let json = String(script.dropFirst(prefix.count).dropLast(3))
      let chunk = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] ?? []
      #expect(
        chunk.allSatisfy { ($0[2] as? String)?.hasPrefix(file.dropFirst("search/".count).dropLast(3)) == true },
        "\(file)")
      items += chunk
    }
    #expect(items.count == corpus.manifest.entries)
    let urls = Set(items.compactMap { ($0.first as? String)?.removingPercentEncoding })
    #expect(urls == Set(entryPages))
    // The search page loads every year's script, then the search script.
    let searchPage = Self.text(out + "/search.html")
    #expect(searchPage.components(separatedBy: "<script src=\"search/").count - 1 == corpus.manifest.perYear.count)
    // Tag pages: the manifest's count of each tag (case folded), as many rows as entries, a
    // hundred to a page.
    var travelRows = 0
    var travelPages = 0
    for file in files
    where file == "tags/travel.html"
      || (file.hasPrefix("tags/travel.") && file.dropFirst("tags/travel.".count).first?.isNumber == true)
    {
      let rows = Self.text(out + "/" + file).components(separatedBy: "class=\"entry-row\"").count - 1
      #expect(rows <= 100)
      travelRows += rows
      travelPages += 1
    }
    #expect(travelRows == corpus.manifest.perTag["travel"])
    #expect(travelPages == ((corpus.manifest.perTag["travel"] ?? 0) + 99) / 100)
    // The years of the archive are the manifest's.
    for (year, count) in corpus.manifest.perYear {
      let book = Self.text(out + "/archive/\(year).html")
      #expect(book.components(separatedBy: "<article class=\"entry book-entry\"").count - 1 == count, "\(year)")
    }
  }

  @Test func aSecondRunWritesOnlyWhatChanged() throws {
    let h = try Self.goldenHarness()
    let out = h.journal.base + "/site"
    let first = h.call("export", "html", "--out", out)
    #expect(first.status == 0, "\(first.stderr)")
    let total = Self.files(out).count
    #expect(
      h.call("export", "html", "--out", out).stdout.hasPrefix(
        "Wrote 0 of \(total) pages to \(out) (\(total) unchanged, 0 removed)"))
    // Page files removed by hand, one in a folder and one at the top, are written again and only they.
    try FileManager.default.removeItem(atPath: out + "/archive/2026-03.html")
    try FileManager.default.removeItem(atPath: out + "/index.html")
    let mended = h.call("export", "html", "--out", out)
    #expect(
      mended.stdout.hasPrefix("Wrote 2 of \(total) pages to \(out) (\(total - 2) unchanged, 0 removed)"),
      "\(mended.stdout)")
    #expect(Self.text(out + "/archive/2026-03.html").contains("morning-run"))
    #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
    // A file of the person's own beside the site is left alone.
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/CNAME"))

    // One entry's body changes: its page, the year book and the feed change; lists don't show bodies.
    let path = "2025/12/2025-12-31-2350-year-end.md"
    try h.journal.write(
      path, h.journal.text(path)!.replacingOccurrences(of: "Quiet night.", with: "Fireworks at midnight."))
    let second = h.call("export", "html", "--out", out)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(Self.text(out + "/entries/2025/12/2025-12-31-2350-year-end.html").contains("Fireworks at midnight."))
    #expect(Self.text(out + "/archive/2025.html").contains("Fireworks at midnight."))
    let written = Int(second.stdout.split(separator: " ")[1]) ?? -1
    #expect(written >= 2 && written <= 7, "\(second.stdout)")
    #expect(Self.text(out + "/search/text-2025.js").contains("Fireworks at midnight."))

    // A deleted entry's page goes; its tag's page too; the person's file stays.
    try FileManager.default.removeItem(atPath: h.journal.root + "/2026/03/2026-03-14-0930-morning-run.md")
    let third = h.call("export", "html", "--out", out)
    #expect(third.status == 0, "\(third.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out + "/entries/2026/03/2026-03-14-0930-morning-run.html"))
    #expect(!FileManager.default.fileExists(atPath: out + "/tags/running.html"))
    #expect(FileManager.default.fileExists(atPath: out + "/CNAME"))
    #expect(third.stdout.contains(" removed)"), "\(third.stdout)")
    #expect(!third.stdout.contains(" 0 removed)"), "\(third.stdout)")
  }

  @Test func aHandEditedManifestCannotMakeIlgiRemoveFilesOutsideTheSite() throws {
    let h = try Self.goldenHarness()
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    // Files beside and above the site, named in the manifest as pages the site no longer has.
    let outside = h.journal.base + "/keep.txt"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
    try FileManager.default.createDirectory(atPath: out + "/mine", withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/mine/notes.txt"))
    let manifest = out + "/" + SiteWriter.manifestName
    var text = Self.text(manifest)
    for hostile in [
      "../keep.txt", "mine/../../keep.txt", "/\(outside.dropFirst())", "..", "mine/..", "zz\t../keep.txt",
    ] {
      text += "0123456789abcdef\t\(hostile)\n"
    }
    text += "not-hex\tmine/notes.txt\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: manifest))
    let again = h.call("export", "html", "--out", out)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains(" 0 removed)"), "\(again.stdout)")
    #expect(FileManager.default.fileExists(atPath: outside))
    #expect(FileManager.default.fileExists(atPath: out + "/mine/notes.txt"))
    // A page the manifest names rightly, gone from the site, is removed.
    text += "0123456789abcdef\tmine/notes.txt\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: manifest))
    #expect(h.call("export", "html", "--out", out).stdout.contains(" 1 removed)"))
    #expect(!FileManager.default.fileExists(atPath: out + "/mine/notes.txt"))
  }

  @Test func badOutputFoldersAreRefusedAndNothingIsWritten() throws {
    let h = try Self.goldenHarness()
    let theirs = h.journal.base + "/theirs"
    try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: URL(fileURLWithPath: theirs + "/notes.txt"))
    let refused = h.call("export", "html", "--out", theirs)
    #expect(refused.status != 0)
    #expect(
      refused.stderr
        == "ilgi: \(theirs) is not empty and holds no site ilgi wrote; choose a new or empty folder for --out\n")
    #expect(Self.files(theirs) == ["notes.txt"])

    let file = h.journal.base + "/file.html"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let onFile = h.call("export", "html", "--out", file)
    #expect(onFile.status != 0)
    #expect(onFile.stderr == "ilgi: \(file) is a file; --out needs a folder for the site\n")
    #expect(Self.text(file) == "x")

    let noOut = h.call("export", "html")
    #expect(noOut.status == 64)
    #expect(noOut.stderr.contains("ilgi export html writes a folder; give it one with --out DIR"))
    let twice = h.call("export", "html", "--format", "json", "--out", h.journal.base + "/x")
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("html and --format json disagree"))
    #expect(!FileManager.default.fileExists(atPath: h.journal.base + "/x"))
  }

  @Test func hostileEntriesAreRenderedInert() throws {
    let payload = "<script>alert(1)</script>"
    let h = try Harness([
      "2026/01/2026-01-01-1200-x.md": """
      ---
      id: 0F8B6C0E-1111-4A5B-9C3D-0000000000AA
      date: 2026-01-01T12:00:00+09:00
      weather: "<img src=x onerror=alert(2)>"
      tags: ["<b onmouseover=alert(3)>", "x\\" onclick=\\"alert(4)"]
      ---
      # \(payload) title

      \(payload)

      <img src=x onerror=alert(5)>

      [click](javascript:alert(6)) and [data](data:text/html;base64,PHNjcmlwdD4=)

      """
    ])
    let out = h.journal.base + "/site"
    let made = h.call("export", "html", "--out", out)
    #expect(made.status == 0, "\(made.stderr)")
    let files = Self.files(out)
    #expect(files.count > 10)
    for file in files where file != "search.js" {
      let text = Self.text(out + "/" + file)
      var markup = text
      if file == "feed.xml" {
        // The feed's content is escaped HTML; once unescaped it must be as clean as a page.
        for part in text.components(separatedBy: "<content type=\"html\">").dropFirst() {
          let html = part.components(separatedBy: "</content>")[0]
          markup += html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        }
      }
      for bad in [
        "<script>alert", "<img src=x onerror", "<b onmouseover", "\" onclick=\"", "javascript:", "data:text/html",
      ] {
        #expect(!markup.contains(bad) || file.hasPrefix("search/"), "\(file) carries \(bad)")
      }
    }
    // In the search index the payloads are JSON strings, shown by the script with textContent only.
    let search = Self.text(out + "/search.js")
    #expect(!search.contains("innerHTML"))
    #expect(search.contains("textContent"))
    let page = Self.text(out + "/entries/2026/01/2026-01-01-1200-x.html")
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; title"))
    #expect(page.contains("&lt;img src=x onerror=alert(2)&gt;"))
  }

  @Test func koreanJournalsGetKoreanPages() throws {
    let h = try Self.goldenHarness()
    let out = h.journal.base + "/site"
    let made = h.call("export", "html", "--out", out, env: ["LANG": "ko_KR.UTF-8"])
    #expect(made.status == 0, "\(made.stderr)")
    let index = Self.text(out + "/index.html")
    #expect(index.contains("<html lang=\"ko\">"))
    #expect(index.contains(">보관함</a>"))
    #expect(index.contains("2026년 3월 15일"))
    #expect(Self.text(out + "/archive/2026-03.html").contains("<h1 class=\"page-heading\">2026년 3월</h1>"))
    #expect(Self.text(out + "/calendar/2026.html").contains("<th scope=\"col\">월</th>"))
  }

  @Test func templatesCopyAndOverride() throws {
    let h = try Self.goldenHarness()
    let copied = h.call("templates", "copy", "site.css")
    #expect(copied.status == 0, "\(copied.stderr)")
    let css = h.journal.root + "/.ilgi/templates/site.css"
    #expect(Self.text(css) == TemplateRenderer.shipped("site.css"))
    #expect(h.call("templates", "copy", "site.css").stdout.contains("exists already; left as it is"))
    try Data("body { color: teal; }\n".utf8).write(to: URL(fileURLWithPath: css))
    let listed = h.call("templates")
    #expect(listed.stdout.contains("site.css"))
    #expect(listed.stdout.contains("yours:"))
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    #expect(Self.text(out + "/style.css") == "body { color: teal; }\n")
    let unknown = h.call("templates", "copy", "nope.html")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("nope.html is not a template"))
    // A broken override names its file.
    try Data("{{#unclosed}}".utf8).write(to: URL(fileURLWithPath: h.journal.root + "/.ilgi/templates/site-entry.html"))
    let broken = h.call("export", "html", "--out", h.journal.base + "/site2")
    #expect(broken.status != 0)
    #expect(broken.stderr.contains(".ilgi/templates/site-entry.html"))
    // With the file's own line and column.
    try Data("<p>\n  {{#unclosed}}".utf8).write(
      to: URL(fileURLWithPath: h.journal.root + "/.ilgi/templates/site-entry.html"))
    let placed = h.call("export", "html", "--out", h.journal.base + "/site2")
    #expect(placed.stderr.contains("line 2, column"), "\(placed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: h.journal.base + "/site2"))
    try FileManager.default.removeItem(atPath: h.journal.root + "/.ilgi/templates/site-entry.html")

    // A shell of one's own: the title raw, escaped and transformed, the content escaped or not,
    // each page filled in as the template says.
    try Data(
      "<title>{{pageTitle}}</title><h>{{{pageTitle}}}</h><u>{{uppercased(pageTitle)}}</u><main>{{{content}}}</main><pre>{{content}}</pre>\n"
        .utf8
    ).write(to: URL(fileURLWithPath: h.journal.root + "/.ilgi/templates/site-page.html"))
    try h.journal.write(
      "2026/03/2026-03-20-0800-fish-and-chips.md",
      "---\nid: 5A1C0E52-5D44-4C32-9E0B-0A5F00D0E6B7\ndate: 2026-03-20T08:00:00+09:00\n---\n# Fish & <chips>\n\nBody *here*.\n"
    )
    #expect(h.call("export", "html", "--out", out).status == 0)
    let page = Self.text(out + "/entries/2026/03/2026-03-20-0800-fish-and-chips.html")
    #expect(page.contains("<title>Fish &amp; &lt;chips&gt; · Diary</title>"), "\(page)")
    #expect(page.contains("<h>Fish & <chips> · Diary</h>"))
    #expect(page.contains("<u>FISH &amp; &lt;CHIPS&gt; · DIARY</u>"))
    #expect(page.contains("<main><article class=\"entry\">"))
    #expect(page.contains("<pre>&lt;article class=&quot;entry&quot;&gt;"))
    #expect(page.contains("<em>here</em>"))
    // Without the transform the shell is cut once and filled in: the same pages.
    try Data(
      "<title>{{pageTitle}}</title><h>{{{pageTitle}}}</h><main>{{{content}}}</main><pre>{{content}}</pre>\n".utf8
    ).write(to: URL(fileURLWithPath: h.journal.root + "/.ilgi/templates/site-page.html"))
    #expect(h.call("export", "html", "--out", out).status == 0)
    let filled = Self.text(out + "/entries/2026/03/2026-03-20-0800-fish-and-chips.html")
    #expect(filled == page.replacingOccurrences(of: "<u>FISH &amp; &lt;CHIPS&gt; · DIARY</u>", with: ""), "\(filled)")
    #expect(
      Self.text(out + "/index.html").hasPrefix(
        "<title>Diary</title><h>Diary</h><main><h1 class=\"page-heading\">Diary</h1>"))
  }
}
