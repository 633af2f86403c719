import Foundation
import IlgiFormat
import IlgiIndex
import IlgiMarkdown
import IlgiStore
import Mustache

extension Site {
  /// `rows` in pages of `size`; no rows make one empty page.
  static func chunks(_ rows: [Row], of size: Int) -> [[Row]] {
    stride(from: 0, to: max(rows.count, 1), by: size).map { Array(rows[$0..<min($0 + size, rows.count)]) }
  }

  /// Page `number` (from 0) of the tag whose first page is `first`: `tags/x.html`, `tags/x.2.html`.
  static func tagPage(_ first: String, _ number: Int) -> String {
    number == 0 ? first : String(first.dropLast(".html".count)) + ".\(number + 1).html"
  }

  /// The script of a year's entries' full text (`search/text-2026.js`), which the search page
  /// loads only when someone searches: it maps each entry's page to its body, for the words the
  /// index of titles and previews does not hold. Its key is its entries' files and bytes only,
  /// so an export that remakes a few entries' pages makes the same key from the index's rows.
  static func searchTextPage(year: Int, entries: [(entry: IndexedEntry, hash: Int64)], store: JournalStore) -> SitePage
  {
    let path = "search/text-\(pad(year, 4)).js"
    // By path, so the key and bytes do not depend on how the rows came.
    let entries = entries.sorted { $0.entry.path.rawValue < $1.entry.path.rawValue }
    var key = StableHash()
    key.add("ilgi-search-text-1")
    key.add(path)
    for (entry, hash) in entries {
      key.add(entry.path.rawValue)
      key.add(hash)
    }
    return SitePage(path: path, key: key.value, contentType: "text/javascript; charset=utf-8") {
      var out = Array("window.ilgiSearchText = window.ilgiSearchText || {};\n(function (t) {\n".utf8)
      for (entry, _) in entries {
        out.append(contentsOf: "t[".utf8)
        appendJSON(href(entryPage(entry.path)), to: &out)
        out.append(contentsOf: "] = ".utf8)
        appendJSON((try? store.readBody(entry.path)) ?? "", to: &out)
        out.append(contentsOf: ";\n".utf8)
      }
      out.append(contentsOf: "})(window.ilgiSearchText);\n".utf8)
      return out
    }
  }

  /// The scripts of the search index, a year each (`search/2026.js`), newest first.
  static func searchIndexPage(_ year: Int) -> String { "search/\(pad(year, 4)).js" }

  static func listPage(_ number: Int) -> String { number == 0 ? "index.html" : "page/\(number + 1).html" }

  /// A year's book: every entry in full, oldest first.
  static func bookPage(_ year: Int) -> String { "archive/\(year).html" }

  static func monthPage(_ year: Int, _ month: Int) -> String { "archive/\(pad(year, 4))-\(pad(month)).html" }

  /// The fingerprint of a page made of `rows`: the site's templates and settings, the page's
  /// path, and each row's file, bytes and date; or, for a page that shows rows but no bodies
  /// (`shown`), what the row shows, so an edit that leaves the title, preview, tags and weather
  /// as they were does not remake every list the entry is on.
  func keyed(_ path: String, _ rows: [Row], shown: Bool = false) -> StableHash {
    var key = StableHash(base)
    key.add(path)
    for row in rows { key.add(shown ? row.shown : row.fingerprint) }
    return key
  }

  /// A page rendered through a content template and the page shell.
  func html(
    _ path: String, key: StableHash, kind: String, title: @autoclosure @escaping @Sendable () -> String,
    template: String,
    scripts: [String] = [],
    values: @escaping @Sendable (_ root: String) throws -> [String: Any?]
  ) -> SitePage {
    SitePage(path: path, key: key.value) {
      let root = Self.root(of: path)
      var context: [String: Any] = ["root": root, "label": self.text.labels]
      for (name, value) in try values(root) { if let value { context[name] = value } }
      let content = self.renderBytes(template, context)
      return self.shell(title: title(), kind: kind, root: root, content: content, scripts: scripts)
    }
  }

  /// A page: `content` inside the shell (`site-page.html`), with the page's title.
  ///
  /// The shell is rendered once for each root, kind and scripts with stand-ins for the title
  /// and the content, and each page fills them in, escaped where the template escapes them; a
  /// shell that transforms either (`{{lowercased(pageTitle)}}`) is rendered for every page, and so
  /// is a page whose title or content is empty.
  func shell(title: String, kind: String, root: String, content: [UInt8], scripts: [String]) -> [UInt8] {
    let pageTitle = title == options.title ? options.title : "\(title) · \(options.title)"
    // (An empty title or content would make a `{{#pageTitle}}` section vanish; the stand-in would not.)
    guard shellHasHoles, !pageTitle.isEmpty, !content.isEmpty else {
      let content = String(decoding: content, as: UTF8.self)
      return Array(renderShell(pageTitle: pageTitle, content: content, kind: kind, root: root, scripts: scripts).utf8)
    }
    let shape = shells.shape(root + "\u{0}" + kind + "\u{0}" + scripts.joined(separator: "\u{0}")) {
      ShellShape(
        renderShell(
          pageTitle: ShellShape.titleHole, content: ShellShape.contentHole, kind: kind, root: root, scripts: scripts))
    }
    return shape.fill(title: pageTitle, content: content)
  }

  func renderShell(pageTitle: String, content: String, kind: String, root: String, scripts: [String]) -> String {
    var context: [String: Any] = [
      "lang": options.language.rawValue, "siteTitle": options.title, "root": root, "kind": kind,
      "label": text.labels, "content": content, "csp": Self.pageContentSecurityPolicy, "pageTitle": pageTitle,
      "scripts": scripts.map { root + $0 },
    ]
    if let newest = entries.first { context["latestYear"] = String(newest.entry.date.fields.year) }
    return render("site-page.html", context)
  }

  /// List rows whose first entry of each day carries the day's anchor (`#d-2026-03-14`), the
  /// target of the calendar's and entry pages' links.
  func rowsWithDayAnchors(_ rows: [Row], root: String) -> [[String: Any]] {
    var previousDay = ""
    return rows.map { row in
      var values = self.listRow(row, root: root)
      if row.entry.date.day != previousDay { values["anchor"] = "d-" + row.entry.date.day }
      previousDay = row.entry.date.day
      return values
    }
  }

  /// An entry in a list: its row, made with `site-row.html` once for every list at the same
  /// depth and put in without its last line break.
  func listRow(_ row: Row, root: String) -> [String: Any] {
    let html = rows.row(row.position, depth: root.utf8.count / 3, keep: options.keepsFragments) {
      var html = self.render(
        "site-row.html",
        self.row(row, root: root).merging(["root": root, "label": self.text.labels]) { $1 })
      if html.hasSuffix("\n") { html.removeLast() }
      return html
    }
    return ["row": html]
  }

  /// What a list shows of an entry.
  func row(_ row: Row, root: String) -> [String: Any] {
    let entry = row.entry
    var values: [String: Any] = [
      "url": root + Self.href(row.page), "title": entry.title.isEmpty ? text(.untitled) : entry.title,
      "date": text.dates.long(entry.date), "fullDate": text.dates.full(entry.date),
      "iso": entry.date.hasTime ? entry.date.iso8601 : entry.date.day,
      "tags": row.tags.map { ["name": $0.name, "url": root + Self.href($0.page)] },
    ]
    if entry.date.hasTime { values["time"] = text.dates.time(entry.date) }
    if !row.tags.isEmpty { values["hasTags"] = true }
    if !entry.preview.isEmpty { values["preview"] = entry.preview }
    if let weather = entry.weather, !weather.isEmpty { values["weather"] = weather }
    if let place = entry.place { values["place"] = place }
    if let picture = linkedPictures(of: entry).first {
      values["thumbnail"] = root + Self.href("entries/" + SitePictures.small(picture))
    }
    return values
  }

  /// The pictures beside `entry` that it links and the site carries, in the order linked.
  func linkedPictures(of entry: IndexedEntry) -> [JournalPath] {
    guard !entry.links.isEmpty else { return [] }
    let folder = entry.path.folder
    return entry.links.map { JournalPath(folder.isEmpty ? $0 : folder + "/" + $0) }.filter {
      pictures.contains($0.rawValue)
    }
  }

  /// An entry with its rendered body, read from its file. An export renders it for the year's
  /// book at the same time as for the entry's own page, and the book takes it (`BodyCache`).
  func fullEntry(_ row: Row, root: String, page: String) throws -> [String: Any] {
    // The body's own relative links lead from its file's folder; elsewhere they are rebased.
    let folder = JournalPath.folder(of: row.page)
    let prefix = folder == JournalPath.folder(of: page) ? "" : root + folder + "/"
    if let kept = bodies.take(row.position, prefix: prefix) { return fullEntry(row, root: root, body: kept) }
    let body = try store.readBody(row.entry.path)
    // Photos as page-sized copies; names a link writes otherwise than as they are keep theirs.
    let copied = linkedPictures(of: row.entry).map(\.fileName).filter {
      SitePictures.hasPageCopy($0) && Self.href($0) == $0
    }
    var renderer = MarkdownRenderer(allowsRawHTML: options.allowsRawHTML).forBody(of: row.entry.title)
    renderer.headingAnchors = true
    // A wiki link leads to the page of the entry it names, from this page; one shown in place
    // brings that entry's body, its links leading from this page too.
    let (targets, pageOf, entry, store, shown) = (wikiTargets, pageOf, row.entry, store, renderer)
    let embed = { @Sendable (target: IndexedEntry) -> String? in
      guard target.path != entry.path, let page = pageOf[target.path], let body = try? store.readBody(target.path)
      else { return nil }
      return shown.embedded(
        body, title: target.title, id: target.id.rawValue, rebasing: root + JournalPath.folder(of: page) + "/")
    }
    renderer.wikiLinks = WikiResolver { link in
      targets.resolve(link, near: entry.date, entryURL: { root + (pageOf[$0.path] ?? "") }, embed: embed)
    }
    var html: String
    // An entry shown in place is rebased from its page's own place: each page renders it apart.
    if options.keepsFragments, page == row.page, !row.entry.wikiLinks.contains(where: { $0.hasPrefix("!") }) {
      let book = Self.bookPage(row.entry.date.fields.year)
      let bookPrefix = Self.root(of: book) + folder + "/"
      let both = renderer.html(body, alsoRebasing: bookPrefix)
      bodies.keep(
        row.position, prefix: bookPrefix,
        html: MarkdownRenderer.withAudioPlayers(
          SitePictures.withPageCopies(
            MarkdownRenderer.namingAnchors(both.rebased, apart: Self.anchorName(row)), prefix: bookPrefix,
            names: copied)))
      html = both.html
    } else {
      html = prefix.isEmpty ? renderer.html(body) : renderer.html(body, rebasing: prefix)
    }
    // A page of many entries (a year's book) names each one's footnotes apart.
    if page != row.page { html = MarkdownRenderer.namingAnchors(html, apart: Self.anchorName(row)) }
    return fullEntry(
      row, root: root,
      body: MarkdownRenderer.withAudioPlayers(SitePictures.withPageCopies(html, prefix: prefix, names: copied)))
  }

  /// The name that keeps an entry's anchors apart from the other entries' on one page.
  static func anchorName(_ row: Row) -> String {
    String(row.entry.id.rawValue.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(8))
  }

  /// An entry with its body rendered as `body`, and the entries linking to it.
  func fullEntry(_ row: Row, root: String, body: String) -> [String: Any] {
    var values = self.row(row, root: root)
    values["body"] = body
    values["source"] = row.entry.path.rawValue
    if let linking = backlinks[row.entry.path], !linking.isEmpty {
      values["backlinks"] = linking.map { source in
        [
          "url": root + Self.href(pageOf[source.path] ?? Self.entryPage(source.path)),
          "title": source.title.isEmpty ? text(.untitled) : source.title, "date": text.dates.long(source.date),
          "iso": source.date.hasTime ? source.date.iso8601 : source.date.day,
        ]
      }
      values["hasBacklinks"] = true
    }
    return values
  }

  func entryPage(_ row: Row, newer: Row?, older: Row?, key: StableHash) -> SitePage {
    let title = row.entry.title.isEmpty ? text(.untitled) : row.entry.title
    return html(row.page, key: key, kind: "entry", title: title, template: "site-entry.html") { root in
      var values: [String: Any?] = try self.fullEntry(row, root: root, page: row.page)
      let fields = row.entry.date.fields
      values["month"] = root + Self.monthPage(fields.year, fields.month) + "#d-" + row.entry.date.day
      values["monthLabel"] = self.text.month(fields.year, fields.month)
      values["newer"] = newer.map {
        ["url": root + Self.href($0.page), "title": $0.entry.title.isEmpty ? self.text(.untitled) : $0.entry.title]
      }
      values["older"] = older.map {
        ["url": root + Self.href($0.page), "title": $0.entry.title.isEmpty ? self.text(.untitled) : $0.entry.title]
      }
      return values
    }
  }

  /// A year as twelve month grids, Monday first, days with entries linked and shaded by count
  /// (`perDay`: the year's days with entries).
  func calendar(_ year: Int, perDay: [String: Int], months: Set<Int>, oldest: Int, newest: Int, root: String)
    -> [String: Any?]
  {
    var grids: [[String: Any]] = []
    for month in 1...12 {
      let first = "\(pad(year, 4))-\(pad(month))-01"
      guard let start = DayRange.date(first) else { continue }
      let lead = DayRange.weekday(start)
      let length = DayRange.calendar.range(of: .day, in: .month, for: start)?.count ?? 30
      var cells: [[String: Any]] = Array(repeating: ["blank": true], count: lead)
      for day in 1...length {
        let name = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
        var cell: [String: Any] = ["day": String(day)]
        if let count = perDay[name] {
          cell["url"] = root + Self.monthPage(year, month) + "#d-" + name
          cell["level"] = String(min(count, 4))
          cell["count"] = text.count(count)
        }
        cells.append(cell)
      }
      while cells.count % 7 != 0 { cells.append(["blank": true]) }
      let weeks = stride(from: 0, to: cells.count, by: 7).map { ["days": Array(cells[$0..<$0 + 7])] }
      var grid: [String: Any] = ["name": text.months[month - 1], "weeks": weeks]
      if months.contains(month) { grid["url"] = root + Self.monthPage(year, month) }
      grids.append(grid)
    }
    let total = perDay.values.reduce(0, +)
    return [
      "heading": String(year), "subheading": text.count(total), "weekdays": text.weekdays, "months": grids,
      "older": year > oldest ? root + "calendar/\(year - 1).html" : nil, "olderLabel": String(year - 1),
      "newer": year < newest ? root + "calendar/\(year + 1).html" : nil, "newerLabel": String(year + 1),
      "book": months.isEmpty ? nil : root + Self.bookPage(year),
    ]
  }

  /// A script of the search index: each entry of `rows` as its page, title, day, long date,
  /// preview, tags and weather, added to `window.ilgiSearchIndex` (a page opened from `file://`
  /// may not fetch a JSON file, but it may load a script).
  func searchIndex(_ rows: [Row]) -> [UInt8] {
    var out = Array("window.ilgiSearchIndex = (window.ilgiSearchIndex || []).concat([".utf8)
    out.reserveCapacity(rows.count * 300)
    for (number, row) in rows.enumerated() {
      let entry = row.entry
      out.append(contentsOf: number == 0 ? "\n[".utf8 : ",\n[".utf8)
      for (field, value) in [
        Self.href(row.page), entry.title.isEmpty ? text(.untitled) : entry.title, entry.date.day,
        text.dates.long(entry.date), entry.preview,
      ].enumerated() {
        if field > 0 { out.append(UInt8(ascii: ",")) }
        Self.appendJSON(value, to: &out)
      }
      out.append(contentsOf: ",[".utf8)
      for (number, tag) in entry.tags.enumerated() {
        if number > 0 { out.append(UInt8(ascii: ",")) }
        Self.appendJSON(tag, to: &out)
      }
      out.append(contentsOf: "],".utf8)
      Self.appendJSON(entry.weather ?? "", to: &out)
      out.append(UInt8(ascii: "]"))
    }
    out.append(contentsOf: "]);\n".utf8)
    return out
  }

  /// `text` as a JSON string, safe inside a script: control characters, `<`, `>`, `&` and the
  /// line separators U+2028 and U+2029 escaped.
  static func appendJSON(_ text: String, to out: inout [UInt8]) {
    var text = text
    out.append(UInt8(ascii: "\""))
    text.withUTF8 { bytes in
      // Runs of bytes that need nothing are copied at once: most of an entry's text.
      var run = 0
      var index = 0
      func flush() { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index])) }
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x22, 0x5C, 0..<0x20, 0x3C, 0x3E, 0x26:
          flush()
          appendJSONEscape(byte, to: &out)
          index += 1
          run = index
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
          flush()
          out.append(contentsOf: (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
          index += 3
          run = index
        default:
          index += 1
        }
      }
      flush()
    }
    out.append(UInt8(ascii: "\""))
  }

  /// The escape of one ASCII byte in a JSON string.
  private static func appendJSONEscape(_ byte: UInt8, to out: inout [UInt8]) {
    switch byte {
    case 0x22: out.append(contentsOf: "\\\"".utf8)
    case 0x5C: out.append(contentsOf: "\\\\".utf8)
    case 0x0A: out.append(contentsOf: "\\n".utf8)
    case 0x0D: out.append(contentsOf: "\\r".utf8)
    case 0x09: out.append(contentsOf: "\\t".utf8)
    default:
      func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
      out.append(contentsOf: "\\u00".utf8)
      out.append(hex(byte >> 4))
      out.append(hex(byte & 15))
    }
  }

  /// The Atom feed of the newest entries, their bodies rendered.
  func feed(_ rows: [Row]) throws -> [UInt8] {
    let feedID = StableHash.fnv1a(options.title)
    var items: [[String: Any]] = []
    for row in rows {
      var values = try fullEntry(row, root: "", page: "feed.xml")
      values["id"] = "urn:uuid:" + row.entry.id.rawValue.lowercased()
      values["updated"] = row.entry.date.iso8601
      items.append(values)
    }
    let context: [String: Any] = [
      "title": options.title, "lang": options.language.rawValue, "entries": items,
      "updated": rows.first?.entry.date.iso8601 ?? "1970-01-01T00:00:00Z",
      // The feed's id stays the same when templates change, so feed readers keep following it.
      "id": "urn:ilgi:site:" + String(feedID, radix: 16),
    ]
    return Array(render("site-feed.xml", context).utf8)
  }

  /// `template` filled from `context`. Every page kind asks only for templates `init` compiled
  /// for it (see `compiling`), so a missing one is a bug in ilgi, not in a journal.
  func render(_ template: String, _ context: [String: Any]) -> String {
    compiled(template).render(context)
  }

  /// `render`, as UTF-8.
  func renderBytes(_ template: String, _ context: [String: Any]) -> [UInt8] {
    compiled(template).renderBytes(context)
  }

  private func compiled(_ template: String) -> SiteTemplate {
    guard let compiled = templates[template] else { preconditionFailure("\(template) was not compiled") }
    return compiled
  }
}
