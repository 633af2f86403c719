import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem

/// The site's entries grouped by local year and month, newest first.
///
/// Entries written in different offsets may interleave around midnight, so the groups are made
/// first and then put in order.
struct SiteArchive {
  /// A year with entries, and its months with entries, newest first.
  struct Year {
    var year: Int
    var months: [Month]
    /// The year's entries, newest first.
    var rows: [Site.Row] { months.flatMap(\.rows) }
  }

  /// A month with entries, newest first.
  struct Month {
    var month: Int
    var rows: [Site.Row]
  }

  let years: [Year]

  init(_ entries: [Site.Row]) {
    var byMonth: [Int: [Site.Row]] = [:]
    for row in entries {
      let fields = row.entry.date.fields
      byMonth[fields.year * 100 + fields.month, default: []].append(row)
    }
    var years: [Year] = []
    for key in byMonth.keys.sorted(by: >) {
      if years.last?.year != key / 100 { years.append(Year(year: key / 100, months: [])) }
      years[years.count - 1].months.append(Month(month: key % 100, rows: byMonth[key] ?? []))
    }
    self.years = years
  }

  /// The months with entries before and after `month` of `years[index]`, across years, as
  /// (year, month).
  func neighbours(ofMonth monthIndex: Int, inYear index: Int) -> (newer: (Int, Int)?, older: (Int, Int)?) {
    let year = years[index]
    let newer: (Int, Int)? =
      monthIndex > 0
      ? (year.year, year.months[monthIndex - 1].month)
      : index > 0 ? years[index - 1].months.last.map { (years[index - 1].year, $0.month) } : nil
    let older: (Int, Int)? =
      monthIndex + 1 < year.months.count
      ? (year.year, year.months[monthIndex + 1].month)
      : index + 1 < years.count ? years[index + 1].months.first.map { (years[index + 1].year, $0.month) } : nil
    return (newer, older)
  }
}

/// The values a content template is filled with, by name.
protocol SitePageModel {
  var values: [String: Any?] { get }
}

/// A list of entries in rows (`site-list.html`): the newest-first list, a month, a tag.
struct SiteListModel: SitePageModel {
  var heading: String
  var subheading: String?
  var rows: [[String: Any]]
  /// Links to the pages before and after, with their names where they have one.
  var newer: String?
  var older: String?
  var newerLabel: String?
  var olderLabel: String?

  var values: [String: Any?] {
    [
      "heading": heading, "subheading": subheading, "rows": rows, "newer": newer, "older": older,
      "newerLabel": newerLabel, "olderLabel": olderLabel,
    ]
  }
}

/// The archive's index (`site-archive.html`): years with their months and counts.
struct SiteArchiveModel: SitePageModel {
  struct Year {
    var year: String
    var count: String
    var book: String
    var calendar: String
    var months: [[String: String]]
  }
  var heading: String
  var years: [Year]

  var values: [String: Any?] {
    [
      "heading": heading,
      "years": years.map {
        ["year": $0.year, "count": $0.count, "book": $0.book, "calendar": $0.calendar, "months": $0.months]
          as [String: Any]
      },
    ]
  }
}

/// A year's book (`site-year.html`): every entry of the year in full, oldest first.
struct SiteBookModel: SitePageModel {
  var heading: String
  var count: String
  var entries: [[String: Any]]
  var calendar: String

  var values: [String: Any?] { ["heading": heading, "count": count, "entries": entries, "calendar": calendar] }
}

/// The tags' index (`site-tags.html`).
struct SiteTagsModel: SitePageModel {
  var heading: String
  var tags: [[String: String]]

  var values: [String: Any?] { ["heading": heading, "tags": tags] }
}

/// A page with a heading only (`site-search.html`).
struct SiteHeadingModel: SitePageModel {
  var heading: String

  var values: [String: Any?] { ["heading": heading] }
}

extension Site {
  /// Every page of the site, each with its fingerprint; nothing is rendered yet.
  public func pages() -> [SitePage] {
    let archive = SiteArchive(entries)
    var pages: [SitePage] = []
    pages.reserveCapacity(entries.count + entries.count / 10 + 64)
    pages += listPages()
    pages.append(archivePage(archive))
    for index in archive.years.indices {
      // A year's entries' pages, then its book, so the bodies the entries' pages rendered for it
      // are still at hand (see `BodyCache`), then its months.
      pages += entryPages(archive.years[index])
      pages.append(bookPage(archive.years[index]))
      pages += monthPages(archive, year: index)
    }
    pages += tagPages()
    pages += calendarPages(archive)
    pages += searchPages(archive)
    pages.append(feedPage())
    pages += attachmentPages()
    pages += assetPages()
    return pages
  }

  /// A page rendered through a content template, filled from the model `values` makes.
  func html<Model: SitePageModel & SendableMetatype>(
    _ path: String, key: StableHash, kind: String, title: @autoclosure @escaping @Sendable () -> String,
    template: String, scripts: [String] = [], model: @escaping @Sendable (_ root: String) throws -> Model
  ) -> SitePage {
    html(path, key: key, kind: kind, title: title(), template: template, scripts: scripts) { root in
      try model(root).values
    }
  }

  /// The newest-first list, in pages (`index.html`, `page/2.html`, ...).
  func listPages() -> [SitePage] {
    let chunks = Self.chunks(entries, of: options.pageSize)
    return chunks.enumerated().map { number, chunk in
      let path = Self.listPage(number)
      var key = keyed(path, chunk, shown: true)
      key.add(UInt64(chunks.count))
      let newer = number > 0 ? Self.listPage(number - 1) : nil
      let older = number + 1 < chunks.count ? Self.listPage(number + 1) : nil
      // Words are made when the page is (most pages of a run are not made at all).
      let heading: @Sendable () -> String = {
        chunks.count > 1 ? self.text(.sitePageOf, number + 1, chunks.count) : self.text.count(self.entries.count)
      }
      return html(
        path, key: key, kind: "list", title: number == 0 ? self.options.title : heading(), template: "site-list.html"
      ) { root in
        let heading = heading()
        return SiteListModel(
          heading: number == 0 ? self.options.title : heading, subheading: number == 0 ? heading : nil,
          rows: chunk.map { self.listRow($0, root: root) }, newer: newer.map { root + Self.href($0) },
          older: older.map { root + Self.href($0) })
      }
    }
  }

  /// The archive's index: every year and month with entries.
  func archivePage(_ archive: SiteArchive) -> SitePage {
    var key = keyed("archive/index.html", [])
    for year in archive.years {
      for month in year.months {
        key.add(UInt64(year.year * 100 + month.month))
        key.add(UInt64(month.rows.count))
      }
    }
    return html(
      "archive/index.html", key: key, kind: "archive", title: self.text(.siteArchive), template: "site-archive.html"
    ) { root in
      SiteArchiveModel(
        heading: self.text(.siteArchive),
        years: archive.years.map { year in
          SiteArchiveModel.Year(
            year: String(year.year), count: self.text.count(year.months.reduce(0) { $0 + $1.rows.count }),
            book: root + Self.bookPage(year.year), calendar: root + "calendar/\(year.year).html",
            months: year.months.map { month in
              [
                "name": self.text.months[month.month - 1], "count": self.text.count(month.rows.count),
                "url": root + Self.monthPage(year.year, month.month),
              ]
            })
        })
    }
  }

  /// One page per entry of `year`, with its older and newer neighbours.
  func entryPages(_ year: SiteArchive.Year) -> [SitePage] {
    year.rows.map { row in
      let position = row.position
      let newer = position > 0 ? entries[position - 1] : nil
      let older = position + 1 < entries.count ? entries[position + 1] : nil
      var key = keyed(row.page, [row])
      for neighbour in [newer, older] {
        key.add(neighbour?.page ?? "-")
        key.add(neighbour?.entry.title ?? "")
      }
      return entryPage(row, newer: newer, older: older, key: key)
    }
  }

  /// A year's book: every entry in full, oldest first.
  func bookPage(_ year: SiteArchive.Year) -> SitePage {
    let oldestFirst = Array(year.rows.reversed())
    let path = Self.bookPage(year.year)
    return html(path, key: keyed(path, oldestFirst), kind: "book", title: String(year.year), template: "site-year.html")
    { root in
      // The bodies are read and rendered on every core: after an edit, the book is most of
      // what is left to make. Those rendered for the book before, from the same bytes, are
      // taken as they were.
      let kept = self.books?.load(year.year) ?? [:]
      var book = try Parallel.map(oldestFirst) { row in
        if let known = kept[row.entry.path.rawValue], known.hash == row.bodyHash {
          self.bodies.discard(row.position)
          return self.fullEntry(row, root: root, body: known.html)
        }
        return try self.fullEntry(row, root: root, page: path)
      }
      if let books = self.books, oldestFirst.contains(where: { kept[$0.entry.path.rawValue]?.hash != $0.bodyHash }) {
        books.save(
          year.year, zip(oldestFirst, book).map { ($0.entry.path.rawValue, $0.bodyHash, $1["body"] as? String ?? "") })
      }
      var previousDay = ""
      for (number, row) in oldestFirst.enumerated() {
        if row.entry.date.day != previousDay { book[number]["anchor"] = "d-" + row.entry.date.day }
        previousDay = row.entry.date.day
      }
      return SiteBookModel(
        heading: String(year.year), count: self.text.count(oldestFirst.count), entries: book,
        calendar: root + "calendar/\(year.year).html")
    }
  }

  /// A list per month of `archive.years[index]`, linked to the neighbouring months.
  func monthPages(_ archive: SiteArchive, year index: Int) -> [SitePage] {
    let year = archive.years[index]
    return year.months.enumerated().map { monthIndex, month in
      let (newer, older) = archive.neighbours(ofMonth: monthIndex, inYear: index)
      let path = Self.monthPage(year.year, month.month)
      var key = keyed(path, month.rows, shown: true)
      for neighbour in [newer, older] { key.add(UInt64(neighbour.map { $0.0 * 100 + $0.1 } ?? 0)) }
      return html(
        path, key: key, kind: "month", title: self.text.month(year.year, month.month), template: "site-list.html"
      ) { root in
        SiteListModel(
          heading: self.text.month(year.year, month.month), subheading: self.text.count(month.rows.count),
          rows: self.rowsWithDayAnchors(month.rows, root: root),
          newer: newer.map { root + Self.monthPage($0.0, $0.1) },
          older: older.map { root + Self.monthPage($0.0, $0.1) },
          newerLabel: newer.map { self.text.month($0.0, $0.1) }, olderLabel: older.map { self.text.month($0.0, $0.1) })
      }
    }
  }

  /// The tags' index with counts, and each tag's entries in pages like the main list's
  /// (`tags/x.html`, `tags/x.2.html`, ...), so an edited entry remakes the one page that shows
  /// it, not a list of thousands.
  func tagPages() -> [SitePage] {
    // Keyed by the page's bytes: hashing a String normalizes it first.
    var tagged: [PathKey: (name: String, rows: [Row])] = [:]
    for row in entries {
      for tag in row.tags {
        tagged[PathKey(tag.page), default: (tag.name, [])].rows.append(row)
      }
    }
    // Most used first, then by page; the types spelled out, which the compiler took over a
    // second to find.
    let tagList: [(key: String, value: (name: String, rows: [Row]))] = tagged.map { ($0.key.text, $0.value) }
      .sorted { (a: (key: String, value: (name: String, rows: [Row])), b) -> Bool in
        let (count, other) = (a.value.rows.count, b.value.rows.count)
        return count != other ? count > other : a.key < b.key
      }
    var tagsKey = keyed("tags/index.html", [])
    for (page, tag) in tagList {
      tagsKey.add(page)
      tagsKey.add(tag.name)
      tagsKey.add(UInt64(tag.rows.count))
    }
    var pages = [
      html("tags/index.html", key: tagsKey, kind: "tags", title: self.text(.siteTags), template: "site-tags.html") {
        root in
        SiteTagsModel(
          heading: self.text(.siteTags),
          tags: tagList.map { page, tag in
            ["name": tag.name, "url": root + Self.href(page), "count": String(tag.rows.count)]
          })
      }
    ]
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
            return SiteListModel(
              heading: "#" + tag.name, subheading: subheading, rows: chunk.map { self.listRow($0, root: root) },
              newer: newer.map { root + Self.href($0) }, older: older.map { root + Self.href($0) })
          })
      }
    }
    return pages
  }

  /// A calendar per year, from the oldest year with entries to the newest.
  func calendarPages(_ archive: SiteArchive) -> [SitePage] {
    guard let newestYear = entries.first?.entry.date.fields.year, let oldestYear = archive.years.last?.year else {
      return []
    }
    // Entries per day, a table per year.
    var counted: [Int: [String: Int]] = [:]
    for year in archive.years {
      var days: [String: Int] = [:]
      for row in year.rows { days[row.entry.date.day, default: 0] += 1 }
      counted[year.year] = days
    }
    return (oldestYear...newestYear).map { year in
      let path = "calendar/\(year).html"
      let perDay = counted[year] ?? [:]
      var key = keyed(path, [])
      for (day, count) in perDay.sorted(by: { $0.key < $1.key }) {
        key.add(day)
        key.add(UInt64(count))
      }
      key.add(UInt64(oldestYear))
      let months = Set(archive.years.first { $0.year == year }?.months.map(\.month) ?? [])
      return html(
        path, key: key, kind: "calendar", title: "\(self.text(.siteCalendar)) \(year)", template: "site-calendar.html"
      ) { root in
        self.calendar(year, perDay: perDay, months: months, oldest: oldestYear, newest: newestYear, root: root)
      }
    }
  }

  /// The search page, and its index in a script per year (so an edited entry remakes its
  /// year's only), with each year's full text beside it.
  func searchPages(_ archive: SiteArchive) -> [SitePage] {
    var searchKey = keyed("search.html", [])
    for year in archive.years { searchKey.add(UInt64(year.year)) }
    var pages = [
      html(
        "search.html", key: searchKey, kind: "search", title: self.text(.siteSearch), template: "site-search.html",
        scripts: archive.years.map { Self.searchIndexPage($0.year) } + ["search.js"]
      ) { _ in
        SiteHeadingModel(heading: self.text(.siteSearch))
      }
    ]
    for year in archive.years {
      let rows = year.rows
      let path = Self.searchIndexPage(year.year)
      var key = keyed(path, rows, shown: true)
      key.add("search-index")
      pages.append(
        SitePage(path: path, key: key.value, contentType: "text/javascript; charset=utf-8") { self.searchIndex(rows) })
      pages.append(Self.searchTextPage(year: year.year, entries: rows.map { ($0.entry, $0.hash) }, store: store))
    }
    return pages
  }

  /// The Atom feed of the newest entries.
  func feedPage() -> SitePage {
    let feedRows = Array(entries.prefix(options.feedSize))
    return SitePage(
      path: "feed.xml", key: keyed("feed.xml", feedRows).value, contentType: "application/atom+xml; charset=utf-8"
    ) {
      try self.feed(feedRows)
    }
  }

  /// The pictures and other media beside the entries, copied as they are but for where a
  /// picture was taken, and each picture's smaller copies (`SitePictures`): for the lists, and
  /// for the pages that show a photo. A site never carries a position, whatever the journal
  /// kept (`attachments.keep_location` on some device, a photo copied in by hand).
  func attachmentPages() -> [SitePage] {
    attachments.flatMap { (path, signature) -> [SitePage] in
      var key = StableHash()
      key.add(path.rawValue)
      key.add(signature.size)
      key.add(signature.modified)
      key.add("without its place")
      let source = store.root + "/" + path.rawValue
      let read: @Sendable () throws -> [UInt8] = {
        guard let data = FileManager.default.contents(atPath: source) else {
          throw JournalError(path: source, reason: .io(FileSystemError(path: source, code: errno, operation: "read")))
        }
        return Array(data)
      }
      var pages = [
        SitePage(path: "entries/" + path.rawValue, key: key.value, contentType: MediaType.of(fileName: path.rawValue)) {
          let bytes = try read()
          guard let picture = MediaType.picture(bytes) else { return bytes }
          return PhotoLocation.removed(from: bytes, mediaType: picture.mediaType)
        }
      ]
      guard pictures.contains(path.rawValue) else { return pages }
      for (copy, side) in SitePictures.copies(of: path) {
        var copyKey = key
        copyKey.add(Int64(side))
        pages.append(
          SitePage(path: "entries/" + copy, key: copyKey.value, contentType: "image/jpeg") {
            let original = try read()
            // A picture libvips cannot read is shown by its original, as it is.
            return (try? PictureDecoder.displayCopy(original, maxSide: side)) ?? original
          })
      }
      return pages
    }
  }

  /// The style sheet and the search script.
  func assetPages() -> [SitePage] {
    assets.sorted(by: { $0.key < $1.key }).map { file, bytes in
      var key = StableHash(base)
      key.add(file)
      key.add(String(decoding: bytes, as: UTF8.self))
      return SitePage(
        path: file, key: key.value,
        contentType: file.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
      ) { bytes }
    }
  }
}
