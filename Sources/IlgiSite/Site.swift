import Foundation
import IlgiFormat
import IlgiIndex
import IlgiMarkdown
import IlgiStore
import IlgiStrings
import IlgiSystem
import Mustache

/// A journal as a website: the pages `ilgi export html` writes and `ilgi serve` serves.
///
/// Made from the index alone (titles, dates, previews, tags, weather and each file's
/// fingerprint); only entry pages and year books read their files, when they are rendered.
/// Every link is relative, so the site works from `file://` and from any sub-path.
///
/// Layout: `index.html` and `page/N.html` (newest first), `entries/<journal path>.html`,
/// pictures and other media of the entries' folders beside their pages, `archive/index.html`, `archive/YYYY.html` (a year as a book), `archive/YYYY-MM.html`,
/// `tags/index.html`, `tags/<tag>.html` (then `tags/<tag>.2.html`, ...), `calendar/YYYY.html`,
/// `search.html` with `search/YYYY.js` (the index, a year each) and `search.js`, `feed.xml`
/// (Atom), `style.css`.
public final class Site: Sendable {
  /// What shapes the whole site.
  public struct Options: Sendable {
    /// The language of labels and dates.
    public var language: Language
    /// The site's name, in the header and the feed.
    public var title: String
    /// Entries on each page of the newest-first list.
    public var pageSize = 100
    /// Entries in the Atom feed.
    public var feedSize = 20
    /// Whether raw HTML in entries passes through (off by default, as everywhere in ilgi).
    public var allowsRawHTML = false
    /// Whether what one page made is kept for the others: a body rendered for an entry's page, in
    /// the form its year book shows it; an entry's list row, for every list that shows it. An
    /// export makes every page once and wants this; a server, which makes pages one at a time,
    /// does not.
    public var keepsFragments = false
    /// The site folder, where each year's book keeps its entries' rendered bodies between
    /// exports (`BookCache`); `nil` (a server) keeps none.
    public var bookCache: String?

    /// Makes options.
    public init(language: Language, title: String, allowsRawHTML: Bool = false) {
      self.language = language
      self.title = title
      self.allowsRawHTML = allowsRawHTML
    }
  }

  /// The Content-Security-Policy of every page: scripts only from the site's own files (the
  /// shipped search script and its index), no inline script, nothing from another host; in
  /// the page's `<meta>` (an exported site, wherever it is hosted).
  public static let pageContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; base-uri 'none'; form-action 'self'"
  /// The same policy as a header (`ilgi serve` of a site), which also keeps the pages out of
  /// other sites' frames: a browser ignores `frame-ancestors` in a `<meta>`, and says so in the
  /// console of every page.
  public static let contentSecurityPolicy = pageContentSecurityPolicy + "; frame-ancestors 'none'"

  /// The templates a site is made with; a journal may override any of them.
  public static let templateNames = [
    "site-page.html", "site-list.html", "site-row.html", "site-entry.html", "site-archive.html", "site-year.html",
    "site-tags.html", "site-calendar.html", "site-search.html", "site-feed.xml",
  ]
  /// Files of the site made of templates as they are, joined (each overridable): the search's
  /// script begins with the query reader the app's offline search shares.
  public static let assetNames = ["style.css": ["site.css"], "search.js": ["search-query.js", "site-search.js"]]

  let entries: [Row]
  /// Pictures and other media beside the entries, copied to the same place under `entries/`.
  let attachments: [(path: JournalPath, signature: FileSignature)]
  /// Those of them that are pictures an entry links beside it, by path: each has smaller
  /// copies for lists and pages (`SitePictures`).
  let pictures: Set<String>
  let store: JournalStore
  let options: Options
  let templates: [String: SiteTemplate]
  let assets: [String: [UInt8]]
  let text: SiteText
  let base: UInt64
  /// The file name of each tag's pages (by the tag in lower case), in the order tags were met.
  let slugs: [String: String]
  let bodies = BodyCache()
  let books: BookCache?
  let rows = RowCache()
  let shells = ShellCache()
  /// Whether the shell takes its title and content as they are (see `shell`).
  let shellHasHoles: Bool
  /// The entries wiki links may name, and each one's page.
  let wikiTargets: WikiTargets
  let pageOf: [JournalPath: String]
  /// The entries whose wiki links lead to each entry, newest first.
  let backlinks: [JournalPath: [IndexedEntry]]

  /// One entry as the site sees it (a class: the pages share rows rather than copy them).
  final class Row: Sendable {
    let entry: IndexedEntry
    let hash: Int64
    /// `entries/2026/11/....html`.
    let page: String
    /// The tags as (name, page) pairs.
    let tags: [(name: String, page: String)]
    /// Where the entry stands in the newest-first list.
    let position: Int
    /// What every page showing the entry takes from it: its file, bytes, date and tag pages.
    let fingerprint: UInt64
    /// What a list shows of it: its file, date, title, preview, tags and weather.
    let shown: UInt64
    /// What its rendered body is made from: its bytes, and where its wiki links lead (and the
    /// bytes of entries it shows in place), for the year book's kept bodies.
    let bodyHash: Int64

    init(
      entry: IndexedEntry, hash: Int64, page: String, tags: [(name: String, page: String)], position: Int,
      links: UInt64? = nil
    ) {
      self.entry = entry
      self.hash = hash
      bodyHash = links.map { hash ^ Int64(bitPattern: $0) } ?? hash
      self.page = page
      self.tags = tags
      self.position = position
      var key = StableHash()
      key.add(entry.path.rawValue)
      key.add(hash)
      key.add(entry.date.instant.timeIntervalSince1970.bitPattern)
      key.add(Int64(entry.date.offset))
      for tag in tags { key.add(tag.page) }
      if let links { key.add(Int64(bitPattern: links)) }
      fingerprint = key.value
      var shown = StableHash()
      shown.add(entry.path.rawValue)
      shown.add(entry.date.instant.timeIntervalSince1970.bitPattern)
      shown.add(Int64(entry.date.offset))
      shown.add(entry.title)
      shown.add(entry.preview)
      shown.add(entry.weather ?? "\u{0}")
      for tag in tags {
        shown.add(tag.name)
        shown.add(tag.page)
      }
      self.shown = shown.value
    }
  }

  /// Makes the site of `entries` (newest first, with their fingerprints, as
  /// `EntryIndex.entriesWithHashes` gives them). `slugs` are the tags' file names of a site made
  /// before, for a part of it made again (see `SiteWriter.export`), which makes only some kinds of
  /// page and compiles only their templates (`compiling`).
  public init(
    entries: [(entry: IndexedEntry, hash: Int64)], attachments: [(path: JournalPath, signature: FileSignature)] = [],
    store: JournalStore, templates: TemplateRenderer, options: Options, slugs given: [String: String] = [:],
    compiling: Set<String>? = nil
  ) throws(JournalError) {
    self.store = store
    // Only media in (or under) folders that hold an entry of this site: an export of one tag
    // carries no photos of other entries' folders.
    self.attachments = Self.media(attachments, besideAnyOf: entries.map(\.entry))
    pictures = Self.linkedPictures(of: entries.map(\.entry), among: self.attachments)
    self.options = options
    text = SiteText(language: options.language)
    var compiled: [String: SiteTemplate] = [:]
    var shellSource = ""
    var seed = StableHash()
    seed.add("ilgi-site-4")
    seed.add(options.language.rawValue)
    seed.add(options.title)
    seed.add(options.allowsRawHTML ? "raw" : "safe")
    for name in Self.templateNames {
      let (source, path) = try templates.source(name)
      if compiling?.contains(name) ?? true {
        compiled[name] = try SiteTemplate(source, path: path ?? "Templates/\(name)")
      }
      if name == "site-page.html" { shellSource = source }
      seed.add(source)
    }
    var assets: [String: [UInt8]] = [:]
    for (file, names) in Self.assetNames {
      var joined: [String] = []
      for name in names { joined.append(try templates.source(name).text) }
      assets[file] = Array(joined.joined(separator: "\n").utf8)
    }
    self.templates = compiled
    shellHasHoles = !shellSource.contains("pageTitle)") && !shellSource.contains("content)")
    self.assets = assets

    let targets = WikiTargets(entries.map(\.entry))
    let backlinks = Self.backlinks(of: entries.map(\.entry), targets: targets)
    let hashes = Dictionary(entries.map { ($0.entry.path, $0.hash) }, uniquingKeysWith: { first, _ in first })
    (self.entries, self.slugs) = Self.rows(entries, slugs: given) { entry in
      Self.linksDigest(entry, targets: targets, backlinks: backlinks[entry.path] ?? [], hashes: hashes)
    }
    let rows = self.entries
    wikiTargets = targets
    self.backlinks = backlinks
    pageOf = Dictionary(rows.map { ($0.entry.path, $0.page) }, uniquingKeysWith: { first, _ in first })
    if let newest = rows.first { seed.add(String(newest.entry.date.fields.year)) }
    base = seed.value
    books = options.bookCache.map { BookCache(site: $0, base: seed.value) }
  }

  /// The files of `attachments` in (or under) folders that hold one of `entries`, by path: an
  /// export of one tag carries no photos of other entries' folders.
  static func media(_ attachments: [(path: JournalPath, signature: FileSignature)], besideAnyOf entries: [IndexedEntry])
    -> [(path: JournalPath, signature: FileSignature)]
  {
    let folders = Set(entries.map { JournalPath.folder(of: $0.path.rawValue) })
    return attachments.filter { attachment in
      var folder = JournalPath.folder(of: attachment.path.rawValue)
      while !folder.isEmpty {
        if folders.contains(folder) { return true }
        folder = JournalPath.folder(of: folder)
      }
      return folders.contains("")
    }
    .sorted { $0.path.rawValue < $1.path.rawValue }
  }

  /// The pictures among `media` that an entry links as its own (beside it): they have copies;
  /// a picture elsewhere, in a folder the person arranged, is carried as it is.
  static func linkedPictures(of entries: [IndexedEntry], among media: [(path: JournalPath, signature: FileSignature)])
    -> Set<String>
  {
    var linked = Set<String>()
    for entry in entries {
      let folder = entry.path.folder
      for name in entry.links where SitePictures.isPicture(name) {
        linked.insert(folder.isEmpty ? name : folder + "/" + name)
      }
    }
    return Set(media.map(\.path.rawValue).filter(linked.contains))
  }

  /// The site's rows of `entries`, and the tags' file names: tags are grouped without regard to
  /// case, and each gets a file name of its own (those in `slugs` keep theirs).
  static func rows(
    _ entries: [(entry: IndexedEntry, hash: Int64)], slugs given: [String: String],
    links: (IndexedEntry) -> UInt64? = { _ in nil }
  ) -> ([Row], [String: String]) {
    var slugs = given
    var taken = Set(given.values)
    var rows: [Row] = []
    rows.reserveCapacity(entries.count)
    for (entry, hash) in entries {
      var tags: [(String, String)] = []
      for tag in entry.tags {
        let key = tag.lowercased()
        let slug: String
        if let known = slugs[key] {
          slug = known
        } else {
          slug = Self.uniqueSlug(tag, taken: &taken)
          slugs[key] = slug
        }
        tags.append((tag, "tags/\(slug).html"))
      }
      rows.append(
        Row(
          entry: entry, hash: hash, page: Self.entryPage(entry.path), tags: tags, position: rows.count,
          links: links(entry)))
    }
    return (rows, slugs)
  }

  /// The entries whose wiki links lead to each of `entries` (newest first, as they come).
  static func backlinks(of entries: [IndexedEntry], targets: WikiTargets) -> [JournalPath: [IndexedEntry]] {
    var backlinks: [JournalPath: [IndexedEntry]] = [:]
    for entry in entries where !entry.wikiLinks.isEmpty {
      var seen = Set<JournalPath>()
      for name in entry.linkedNames.sorted() {
        guard let target = targets.entry(named: name, near: entry.date), target.path != entry.path,
          seen.insert(target.path).inserted
        else { continue }
        backlinks[target.path, default: []].append(entry)
      }
    }
    return backlinks
  }

  /// What an entry's page takes from other entries: where its wiki links lead, the bytes of
  /// those it shows in place, and the entries linking to it (their pages and titles); nil when
  /// it takes nothing.
  static func linksDigest(
    _ entry: IndexedEntry, targets: WikiTargets, backlinks: [IndexedEntry], hashes: [JournalPath: Int64]
  ) -> UInt64? {
    guard !entry.wikiLinks.isEmpty || !backlinks.isEmpty else { return nil }
    var key = StableHash()
    for name in entry.wikiLinks {
      let embeds = name.hasPrefix("!")
      let target = targets.entry(named: embeds ? String(name.dropFirst()) : name, near: entry.date)
      key.add(name)
      key.add(target?.path.rawValue ?? "-")
      if embeds, let target { key.add(hashes[target.path] ?? 0) }
    }
    for source in backlinks {
      key.add(source.path.rawValue)
      key.add(source.title)
      key.add(source.date.instant.timeIntervalSince1970.bitPattern)
    }
    return key.value
  }

  /// A template compiled to escape with `SiteEscaping`; a template that does not parse is an
  /// error naming its file, line and column.
  /// What every template is compiled after: its escapes are `SiteEscaping`'s.
  static let contentTypePragma = "{{%CONTENT_TYPE:\(SiteEscaping.name)}}"

  static func compile(_ source: String, path: String) throws(JournalError) -> MustacheTemplate {
    _ = SiteEscaping.registered
    do {
      return try MustacheTemplate(string: contentTypePragma + source)
    } catch {
      // Parsed again without the pragma, so the line and column are the file's own.
      var problem: any Error = error
      do { _ = try MustacheTemplate(string: source) } catch { problem = error }
      if let parse = problem as? MustacheTemplate.ParserError {
        let where_ = "line \(parse.context.lineNumber), column \(parse.context.columnNumber)"
        throw JournalError(path: path, reason: .template("\(where_): \(parse.error)"))
      }
      throw JournalError(path: path, reason: .template("\(problem)"))
    }
  }

  /// The site page of the entry at `path`: `2026/11/x.md` is `entries/2026/11/x.html`.
  public static func entryPage(_ path: JournalPath) -> String {
    // By bytes: a Foundation `contains` here costs more than the rest of making a row.
    let name = path.rawValue.utf8
    var end = name.endIndex
    if let dot = name.lastIndex(of: UInt8(ascii: ".")), !name[dot...].contains(UInt8(ascii: "/")) { end = dot }
    return "entries/" + String(Substring(name[..<end])) + ".html"
  }

  /// A file name for `tag`: lower case letters and digits of any script, `-` for the rest.
  static func uniqueSlug(_ tag: String, taken: inout Set<String>) -> String {
    var slug = ""
    for character in tag.nfc.lowercased() {
      if character.isLetter || character.isNumber || character == "_" {
        slug.append(character)
      } else if !slug.hasSuffix("-") {
        slug.append("-")
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    while slug.hasPrefix("-") { slug.removeFirst() }
    if slug.isEmpty { slug = "tag" }
    var candidate = slug
    var attempt = 1
    while taken.contains(candidate) {
      attempt += 1
      candidate = "\(slug)-\(attempt)"
    }
    taken.insert(candidate)
    return candidate
  }

  /// `path` as an `href`: every byte outside the unreserved set percent-encoded.
  static func href(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(path.utf8.count * 2)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(byte)
      default:
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 15)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// From a page at `path` back to the site's root: `""`, `"../"`, `"../../../"`.
  static func root(of path: String) -> String {
    String(repeating: "../", count: path.utf8.filter { $0 == UInt8(ascii: "/") }.count)
  }
}

/// A rendered shell cut at its stand-ins for the page's title and content.
struct ShellShape: Sendable {
  /// Stand-ins no page holds: private-use characters around a letter and an ampersand, which escaping
  /// turns into `&amp;`, so an escaped hole can be told from a raw one.
  static let titleHole = "\u{E000}T&\u{E000}"
  static let contentHole = "\u{E000}C&\u{E000}"

  enum Hole: Sendable { case title, escapedTitle, content, escapedContent }

  /// The text between holes: one more than there are holes.
  var parts: [[UInt8]] = []
  var holes: [Hole] = []

  init(_ rendered: String) {
    let bytes = Array(rendered.utf8)
    let forms: [([UInt8], Hole)] = [
      (Array(Self.titleHole.utf8), .title), (Array(SiteEscaping.escape(Self.titleHole).utf8), .escapedTitle),
      (Array(Self.contentHole.utf8), .content), (Array(SiteEscaping.escape(Self.contentHole).utf8), .escapedContent),
    ]
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == forms[0].0[0], let (form, hole) = forms.first(where: { bytes[index...].starts(with: $0.0) }) {
        parts.append(Array(bytes[start..<index]))
        holes.append(hole)
        index += form.count
        start = index
      } else {
        index += 1
      }
    }
    parts.append(Array(bytes[start...]))
  }

  func fill(title: String, content: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(parts.reduce(content.count) { $0 + $1.count } + title.utf8.count * holes.count)
    for (number, part) in parts.enumerated() {
      out.append(contentsOf: part)
      guard number < holes.count else { break }
      switch holes[number] {
      case .title: out.append(contentsOf: title.utf8)
      case .escapedTitle: out.append(contentsOf: SiteEscaping.escape(title).utf8)
      case .content: out.append(contentsOf: content)
      case .escapedContent: out.append(contentsOf: SiteEscaping.escape(String(decoding: content, as: UTF8.self)).utf8)
      }
    }
    return out
  }
}

/// Shells cut into parts, one for each root, kind and scripts.
final class ShellCache: @unchecked Sendable {
  private let lock = NSLock()
  private var shapes: [String: ShellShape] = [:]

  func shape(_ key: String, make: () -> ShellShape) -> ShellShape {
    lock.lock()
    let known = shapes[key]
    lock.unlock()
    if let known { return known }
    let shape = make()
    lock.lock()
    shapes[key] = shape
    lock.unlock()
    return shape
  }
}

/// List rows rendered once for each depth of page that shows them (see `Options.keepsFragments`).
final class RowCache: @unchecked Sendable {
  private let lock = NSLock()
  private var rows: [Int: String] = [:]

  /// The row of the entry at `position` for pages `depth` folders down, made by `render` once.
  func row(_ position: Int, depth: Int, keep: Bool, render: () -> String) -> String {
    let key = position &* 16 &+ depth
    if keep {
      lock.lock()
      let known = rows[key]
      lock.unlock()
      if let known { return known }
    }
    let row = render()
    if keep {
      lock.lock()
      rows[key] = row
      lock.unlock()
    }
    return row
  }
}

/// Mustache's HTML escaping done on bytes: the same five characters (`<`, `>`, `&`, `"`, `'`)
/// and the same replacements as the library's own, which walks grapheme clusters through a
/// dictionary and took a seventh of an export's time.
struct SiteEscaping: MustacheContentType {
  static let name = "ILGI_HTML"
  static let registered: Bool = {
    MustacheContentTypes.register(SiteEscaping(), named: name)
    return true
  }()

  func escapeText(_ text: String) -> String { Self.escape(text) }

  static func escape(_ text: String) -> String { MarkdownRenderer.escapeHTML(text) }
}

/// Bodies an entry's page rendered for its year's book too, kept until the book takes them, so
/// a body is read and rendered once per export. A page made alone (`ilgi serve`) keeps none.
final class BodyCache: @unchecked Sendable {
  private let lock = NSLock()
  /// Keyed by the entry's place in the site (hashing its path would cost more), with the prefix
  /// its relative links were given.
  private var bodies: [Int: (prefix: String, html: String)] = [:]

  /// Keeps the body of the entry at `position`, rendered with `prefix` before its relative links.
  func keep(_ position: Int, prefix: String, html: String) {
    lock.lock()
    bodies[position] = (prefix, html)
    lock.unlock()
  }

  /// The body of the entry at `position` rendered with `prefix`, taken out of the cache; `nil`
  /// when none was kept with that prefix.
  func take(_ position: Int, prefix: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    guard let kept = bodies[position], kept.prefix == prefix else { return nil }
    bodies.removeValue(forKey: position)
    return kept.html
  }

  /// Drops the body of the entry at `position`, when what needed it was found elsewhere.
  func discard(_ position: Int) {
    lock.lock()
    bodies.removeValue(forKey: position)
    lock.unlock()
  }
}
