import Foundation
import Mustache

extension Site {
  /// Every page of the site, each with its fingerprint; nothing is rendered yet.
  public func pages() -> [SitePage] {
    var pages: [SitePage] = []
    pages.reserveCapacity(entries.count + entries.count / 10 + 64)
    let newestYear = entries.first?.entry.date.fields.year

    // The newest-first list, in pages.
    let chunks = Self.chunks(entries, of: options.pageSize)
    for (number, chunk) in chunks.enumerated() {
      let path = Self.listPage(number)
      var key = keyed(path, chunk, shown: true)
      key.add(UInt64(chunks.count))
      let newer = number > 0 ? Self.listPage(number - 1) : nil
      let older = number + 1 < chunks.count ? Self.listPage(number + 1) : nil
      // Words are made when the page is (most pages of a run are not made at all).
      let heading: @Sendable () -> String = {
        chunks.count > 1 ? self.text(.sitePageOf, number + 1, chunks.count) : self.text.count(self.entries.count)
      }
      pages.append(
        html(
          path, key: key, kind: "list", title: number == 0 ? self.options.title : heading(), template: "site-list.html"
        ) { root in
          let heading = heading()
          return [
            "heading": number == 0 ? self.options.title : heading, "subheading": number == 0 ? heading : nil,
            "rows": chunk.map { self.listRow($0, root: root) },
            "newer": newer.map { root + Self.href($0) }, "older": older.map { root + Self.href($0) },
          ]
        })
    }

    // Archive: years and months, a book per year, a list per month.
    // Grouped by the local year and month of each entry; entries written in different offsets
    // may interleave around midnight, so the groups are made first and then put in order.
    var byMonth: [Int: [Row]] = [:]
    for row in entries {
      let fields = row.entry.date.fields
      byMonth[fields.year * 100 + fields.month, default: []].append(row)
    }
    var grouped: [(year: Int, months: [(month: Int, rows: [Row])])] = []
    for key in byMonth.keys.sorted(by: >) {
      if grouped.last?.year != key / 100 { grouped.append((key / 100, [])) }
      grouped[grouped.count - 1].months.append((key % 100, byMonth[key] ?? []))
    }
    let years = grouped
    var archiveKey = keyed("archive/index.html", [])
    for year in years {
      for month in year.months {
        archiveKey.add(UInt64(year.year * 100 + month.month))
        archiveKey.add(UInt64(month.rows.count))
      }
    }
    pages.append(
      html(
        "archive/index.html", key: archiveKey, kind: "archive", title: self.text(.siteArchive),
        template: "site-archive.html"
      ) { root in
        [
          "heading": self.text(.siteArchive),
          "years": years.map { year in
            [
              "year": String(year.year), "count": self.text.count(year.months.reduce(0) { $0 + $1.rows.count }),
              "book": root + "archive/\(year.year).html", "calendar": root + "calendar/\(year.year).html",
              "months": year.months.map { month in
                [
                  "name": self.text.months[month.month - 1], "count": self.text.count(month.rows.count),
                  "url": root + Self.monthPage(year.year, month.month),
                ]
              },
            ] as [String: Any]
          },
        ]
      })
    for (index, year) in years.enumerated() {
      // One page per entry, with its older and newer neighbours; the year's book right after,
      // so the bodies its entries' pages read are still at hand (see `BodyCache`).
      for month in year.months {
        for row in month.rows {
          let position = row.position
          let newer = position > 0 ? entries[position - 1] : nil
          let older = position + 1 < entries.count ? entries[position + 1] : nil
          var key = keyed(row.page, [row])
          for neighbour in [newer, older] {
            key.add(neighbour?.page ?? "-")
            key.add(neighbour?.entry.title ?? "")
          }
          pages.append(entryPage(row, newer: newer, older: older, key: key))
        }
      }
      let oldestFirst = year.months.reversed().flatMap { $0.rows.reversed() }
      let path = "archive/\(year.year).html"
      let key = keyed(path, oldestFirst)
      pages.append(
        html(path, key: key, kind: "book", title: String(year.year), template: "site-year.html") { root in
          // The bodies are read and rendered on every core: after an edit, the book is most of
          // what is left to make. Those rendered for the book before, from the same bytes, are
          // taken as they were.
          let kept = self.books?.load(year.year) ?? [:]
          var book = try Parallel.map(oldestFirst) { row in
            if let known = kept[row.entry.path.rawValue], known.hash == row.hash {
              self.bodies.discard(row.position)
              return self.fullEntry(row, root: root, body: known.html)
            }
            return try self.fullEntry(row, root: root, page: path)
          }
          if let books = self.books, oldestFirst.contains(where: { kept[$0.entry.path.rawValue]?.hash != $0.hash }) {
            books.save(
              year.year, zip(oldestFirst, book).map { ($0.entry.path.rawValue, $0.hash, $1["body"] as? String ?? "") })
          }
          var previousDay = ""
          for (number, row) in oldestFirst.enumerated() {
            if row.entry.date.day != previousDay { book[number]["anchor"] = "d-" + row.entry.date.day }
            previousDay = row.entry.date.day
          }
          return [
            "heading": String(year.year), "count": self.text.count(oldestFirst.count), "entries": book,
            "calendar": root + "calendar/\(year.year).html",
          ]
        })
      for (monthIndex, month) in year.months.enumerated() {
        // Neighbouring months with entries, across years.
        let newer: (Int, Int)? =
          monthIndex > 0
          ? (year.year, year.months[monthIndex - 1].month)
          : index > 0 ? years[index - 1].months.last.map { (years[index - 1].year, $0.month) } : nil
        let older: (Int, Int)? =
          monthIndex + 1 < year.months.count
          ? (year.year, year.months[monthIndex + 1].month)
          : index + 1 < years.count ? (years[index + 1].year, years[index + 1].months[0].month) : nil
        let path = Self.monthPage(year.year, month.month)
        var key = keyed(path, month.rows, shown: true)
        for neighbour in [newer, older] { key.add(UInt64(neighbour.map { $0.0 * 100 + $0.1 } ?? 0)) }
        pages.append(
          html(
            path, key: key, kind: "month", title: self.text.month(year.year, month.month), template: "site-list.html"
          ) { root in
            let heading = self.text.month(year.year, month.month)
            return [
              "heading": heading, "subheading": self.text.count(month.rows.count),
              "rows": self.rowsWithDayAnchors(month.rows, root: root),
              "newer": newer.map { root + Self.monthPage($0.0, $0.1) },
              "older": older.map { root + Self.monthPage($0.0, $0.1) },
              "newerLabel": newer.map { self.text.month($0.0, $0.1) },
              "olderLabel": older.map { self.text.month($0.0, $0.1) },
            ]
          })
      }
    }

    // Tags: an index with counts and a page per tag.
    // (Keyed by the page's bytes: hashing a String normalizes it first.)
    var tagged: [PathKey: (name: String, rows: [Row])] = [:]
    for row in entries {
      for tag in row.tags {
        tagged[PathKey(tag.page), default: (tag.name, [])].rows.append(row)
      }
    }
    let tagList = tagged.map { (key: $0.key.text, value: $0.value) }
      .sorted {
        $0.value.rows.count != $1.value.rows.count ? $0.value.rows.count > $1.value.rows.count : $0.key < $1.key
      }
    var tagsKey = keyed("tags/index.html", [])
    for (page, tag) in tagList {
      tagsKey.add(page)
      tagsKey.add(tag.name)
      tagsKey.add(UInt64(tag.rows.count))
    }
    pages.append(
      html("tags/index.html", key: tagsKey, kind: "tags", title: self.text(.siteTags), template: "site-tags.html") {
        root in
        [
          "heading": self.text(.siteTags),
          "tags": tagList.map { page, tag in
            ["name": tag.name, "url": root + Self.href(page), "count": String(tag.rows.count)]
          },
        ]
      })
    // A tag's entries in pages like the main list's (`tags/x.html`, `tags/x.2.html`, ...), so an
    // edited entry remakes the one page that shows it, not a list of thousands.
    for (page, tag) in tagList {
      let chunks = Self.chunks(tag.rows, of: options.pageSize)
      for (number, chunk) in chunks.enumerated() {
        let path = Self.tagPage(page, number)
        var key = keyed(path, chunk, shown: true)
        key.add(tag.name)
        key.add(UInt64(chunks.count))
        key.add(UInt64(tag.rows.count))
        let newer = number > 0 ? Self.tagPage(page, number - 1) : nil
        let older = number + 1 < chunks.count ? Self.tagPage(page, number + 1) : nil
        pages.append(
          html(path, key: key, kind: "tag", title: "#" + tag.name, template: "site-list.html") { root in
            let subheading =
              chunks.count > 1
              ? self.text.count(tag.rows.count) + " · " + self.text(.sitePageOf, number + 1, chunks.count)
              : self.text.count(tag.rows.count)
            return [
              "heading": "#" + tag.name, "subheading": subheading, "rows": chunk.map { self.listRow($0, root: root) },
              "newer": newer.map { root + Self.href($0) }, "older": older.map { root + Self.href($0) },
            ]
          })
      }
    }

    // Calendars, one per year from the oldest to the newest.
    if let newestYear, let oldestYear = years.last?.year {
      // Entries per day, a table per year.
      var counted: [Int: [String: Int]] = [:]
      for year in years {
        var days: [String: Int] = [:]
        for month in year.months {
          for row in month.rows { days[row.entry.date.day, default: 0] += 1 }
        }
        counted[year.year] = days
      }
      for year in oldestYear...newestYear {
        let path = "calendar/\(year).html"
        let perDay = counted[year] ?? [:]
        var key = keyed(path, [])
        for (day, count) in perDay.sorted(by: { $0.key < $1.key }) {
          key.add(day)
          key.add(UInt64(count))
        }
        key.add(UInt64(oldestYear))
        let months = Set(years.first { $0.year == year }?.months.map(\.month) ?? [])
        pages.append(
          html(
            path, key: key, kind: "calendar", title: "\(self.text(.siteCalendar)) \(year)",
            template: "site-calendar.html"
          ) { root in
            self.calendar(year, perDay: perDay, months: months, oldest: oldestYear, newest: newestYear, root: root)
          })
      }
    }

    // Search, the feed and the assets.
    // The search index in a script per year, so an edited entry remakes its year's only.
    var searchKey = keyed("search.html", [])
    for year in years { searchKey.add(UInt64(year.year)) }
    let indexScripts = years.map { Self.searchIndexPage($0.year) }
    pages.append(
      html(
        "search.html", key: searchKey, kind: "search", title: self.text(.siteSearch), template: "site-search.html",
        scripts: indexScripts + ["search.js"]
      ) { _ in
        ["heading": self.text(.siteSearch)]
      })
    for year in years {
      let rows = year.months.flatMap(\.rows)
      let path = Self.searchIndexPage(year.year)
      var key = keyed(path, rows, shown: true)
      key.add("search-index")
      pages.append(
        SitePage(path: path, key: key.value, contentType: "text/javascript; charset=utf-8") { self.searchIndex(rows) })
      pages.append(Self.searchTextPage(year: year.year, entries: rows.map { ($0.entry, $0.hash) }, store: store))
    }
    let feedRows = Array(entries.prefix(options.feedSize))
    pages.append(
      SitePage(
        path: "feed.xml", key: keyed("feed.xml", feedRows).value, contentType: "application/atom+xml; charset=utf-8"
      ) {
        try self.feed(feedRows)
      })
    for (path, signature) in attachments {
      var key = StableHash()
      key.add(path.rawValue)
      key.add(signature.size)
      key.add(signature.modified)
      let source = store.root + "/" + path.rawValue
      pages.append(
        SitePage(path: "entries/" + path.rawValue, key: key.value, contentType: Self.mediaType(path.rawValue)) {
          guard let data = FileManager.default.contents(atPath: source) else {
            throw JournalError(path: source, reason: .io(FileSystemError(path: source, code: errno, operation: "read")))
          }
          return Array(data)
        })
    }
    for (file, bytes) in assets.sorted(by: { $0.key < $1.key }) {
      var key = StableHash(base)
      key.add(file)
      key.add(String(decoding: bytes, as: UTF8.self))
      pages.append(
        SitePage(
          path: file, key: key.value,
          contentType: file.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
        ) { bytes })
    }
    return pages
  }

  /// The media type of an attachment, by its extension.
  static func mediaType(_ path: String) -> String {
    switch path.split(separator: ".").last?.lowercased() ?? "" {
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "avif": "image/avif"
    case "heic": "image/heic"
    case "mp3": "audio/mpeg"
    case "m4a": "audio/mp4"
    case "ogg": "audio/ogg"
    case "mp4": "video/mp4"
    case "mov": "video/quicktime"
    case "webm": "video/webm"
    default: "application/octet-stream"
    }
  }

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
      let content = self.render(template, context)
      return self.shell(title: title(), kind: kind, root: root, content: content, scripts: scripts)
    }
  }

  /// A page: `content` inside the shell (`site-page.html`), with the page's title.
  ///
  /// The shell is rendered once for each root, kind and scripts with stand-ins for the title
  /// and the content, and each page fills them in, escaped where the template escapes them; a
  /// shell that transforms either (`{{lowercased(pageTitle)}}`) is rendered for every page, and so
  /// is a page whose title or content is empty.
  func shell(title: String, kind: String, root: String, content: String, scripts: [String]) -> [UInt8] {
    let pageTitle = title == options.title ? options.title : "\(title) · \(options.title)"
    // (An empty title or content would make a `{{#pageTitle}}` section vanish; the stand-in would not.)
    guard shellHasHoles, !pageTitle.isEmpty, !content.isEmpty else {
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
      "label": text.labels, "content": content, "csp": Self.contentSecurityPolicy, "pageTitle": pageTitle,
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
      "date": text.dates.long(entry.date), "fullDate": text.dates.full(entry.date), "time": text.dates.time(entry.date),
      "iso": entry.date.iso8601, "tags": row.tags.map { ["name": $0.name, "url": root + Self.href($0.page)] },
    ]
    if !row.tags.isEmpty { values["hasTags"] = true }
    if !entry.preview.isEmpty { values["preview"] = entry.preview }
    if let weather = entry.weather, !weather.isEmpty { values["weather"] = weather }
    return values
  }

  /// An entry with its rendered body, read from its file.
  func fullEntry(_ row: Row, root: String, page: String) throws -> [String: Any] {
    let body = try bodies.take(row.position, keep: options.keepsFragments && page == row.page) {
      () throws(EntryReadError) in
      try store.readBody(row.entry.path)
    }
    // The body's own relative links lead from its file's folder; elsewhere they are rebased.
    let folder = JournalPath.folder(of: row.page)
    let here = JournalPath.folder(of: page)
    let renderer = MarkdownRenderer(allowsRawHTML: options.allowsRawHTML)
    return fullEntry(
      row, root: root, body: folder == here ? renderer.html(body) : renderer.html(body, rebasing: root + folder + "/"))
  }

  /// An entry with its body rendered as `body`.
  func fullEntry(_ row: Row, root: String, body: String) -> [String: Any] {
    var values = self.row(row, root: root)
    values["body"] = body
    values["source"] = row.entry.path.rawValue
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
      "book": months.isEmpty ? nil : root + "archive/\(year).html",
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
    let hex = Array("0123456789abcdef".utf8)
    let bytes = Array(text.utf8)
    out.append(UInt8(ascii: "\""))
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x22: out.append(contentsOf: "\\\"".utf8)
      case 0x5C: out.append(contentsOf: "\\\\".utf8)
      case 0x0A: out.append(contentsOf: "\\n".utf8)
      case 0x0D: out.append(contentsOf: "\\r".utf8)
      case 0x09: out.append(contentsOf: "\\t".utf8)
      case 0..<0x20, 0x3C, 0x3E, 0x26:
        out.append(contentsOf: "\\u00".utf8)
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 15)])
      case 0xE2
      where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
        out.append(contentsOf: (bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
        index += 2
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
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
    guard let compiled = templates[template] else { preconditionFailure("\(template) was not compiled") }
    return compiled.render(context)
  }
}
