import Foundation
import Mustache

/// A journal as a website: the pages `ilgi export html` writes and `ilgi serve` serves.
///
/// Made from the index alone (titles, dates, previews, tags, weather and each file's
/// fingerprint); only entry pages and year books read their files, when they are rendered.
/// Every link is relative, so the site works from `file://` and from any sub-path.
///
/// Layout: `index.html` and `page/N.html` (newest first), `entries/<journal path>.html`,
/// pictures and other media of the entries' folders beside their pages, `archive/index.html`, `archive/YYYY.html` (a year as a book), `archive/YYYY-MM.html`,
/// `tags/index.html`, `tags/<tag>.html`, `calendar/YYYY.html`, `search.html` with
/// `search-index.js` and `search.js`, `feed.xml` (Atom), `style.css`.
public struct Site: Sendable {
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
    /// Whether a body read for an entry's page is kept for its year book (an export makes every
    /// page once; a server, which makes pages one at a time, reads each time).
    public var keepsBodies = false

    /// Makes options.
    public init(language: Language, title: String, allowsRawHTML: Bool = false) {
      self.language = language
      self.title = title
      self.allowsRawHTML = allowsRawHTML
    }
  }

  /// The Content-Security-Policy of every page: scripts only from the site's own files (the
  /// shipped search script and its index), no inline script, nothing from another host.
  public static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

  /// The templates a site is made with; a journal may override any of them.
  public static let templateNames = [
    "site-page.html", "site-list.html", "site-entry.html", "site-archive.html", "site-year.html",
    "site-tags.html", "site-calendar.html", "site-search.html", "site-feed.xml",
  ]
  /// Files copied into the site as they are (also overridable).
  public static let assetNames = ["style.css": "site.css", "search.js": "site-search.js"]

  let entries: [Row]
  /// Pictures and other media beside the entries, copied to the same place under `entries/`.
  let attachments: [(path: JournalPath, signature: FileSignature)]
  let store: JournalStore
  let options: Options
  let templates: [String: MustacheTemplate]
  let assets: [String: [UInt8]]
  let text: SiteText
  let base: UInt64
  let bodies = BodyCache()

  /// One entry as the site sees it.
  struct Row: Sendable {
    var entry: IndexedEntry
    var hash: Int64
    /// `entries/2026/11/....html`.
    var page: String
    /// The tags as (name, page) pairs.
    var tags: [(name: String, page: String)]
  }

  /// Makes the site of `entries` (newest first, with their fingerprints, as
  /// `EntryIndex.entriesWithHashes` gives them).
  public init(
    entries: [(entry: IndexedEntry, hash: Int64)], attachments: [(path: JournalPath, signature: FileSignature)] = [],
    store: JournalStore, templates: TemplateRenderer, options: Options
  ) throws(JournalError) {
    self.store = store
      // Only media in (or under) folders that hold an entry of this site: an export of one tag
    // carries no photos of other entries' folders.
    let folders = Set(entries.map { Self.folder(of: $0.entry.path.rawValue) })
    self.attachments = attachments.filter { attachment in
      var folder = Self.folder(of: attachment.path.rawValue)
      while !folder.isEmpty {
        if folders.contains(folder) { return true }
        folder = Self.folder(of: folder)
      }
      return folders.contains("")
    }
    .sorted { $0.path.rawValue < $1.path.rawValue }
    self.options = options
    text = SiteText(language: options.language)
    var compiled: [String: MustacheTemplate] = [:]
    var seed = StableHash()
    seed.add("ilgi-site-1")
    seed.add(options.language.rawValue)
    seed.add(options.title)
    seed.add(options.allowsRawHTML ? "raw" : "safe")
    for name in Self.templateNames {
      let (source, path) = try templates.source(name)
      do {
        compiled[name] = try MustacheTemplate(string: source)
      } catch {
        throw JournalError(path: path ?? "Templates/\(name)", reason: .template("\(error)"))
      }
      seed.add(source)
    }
    var assets: [String: [UInt8]] = [:]
    for (file, name) in Self.assetNames {
      assets[file] = Array(try templates.source(name).text.utf8)
    }
    self.templates = compiled
    self.assets = assets

    // Tags are grouped without regard to case; each gets a file name of its own.
    var slugs: [String: String] = [:]
    var taken: Set<String> = []
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
      rows.append(Row(entry: entry, hash: hash, page: Self.entryPage(entry.path), tags: tags))
    }
    self.entries = rows
    if let newest = rows.first { seed.add(String(newest.entry.date.fields.year)) }
    base = seed.value
  }

  /// The site page of the entry at `path`: `2026/11/x.md` is `entries/2026/11/x.html`.
  public static func entryPage(_ path: JournalPath) -> String {
    var name = path.rawValue
    if let dot = name.lastIndex(of: "."), !name[dot...].contains("/") { name = String(name[..<dot]) }
    return "entries/" + name + ".html"
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
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.unicodeScalars.append(UnicodeScalar(byte))
      default:
        let hex = Array("0123456789ABCDEF")
        out.append("%")
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 15)])
      }
    }
    return out
  }

  /// The folder part of a relative path: `2026/03` of `2026/03/x.md`, `""` of `x.md`.
  static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
  }

  /// From a page at `path` back to the site's root: `""`, `"../"`, `"../../../"`.
  static func root(of path: String) -> String {
    String(repeating: "../", count: path.utf8.filter { $0 == UInt8(ascii: "/") }.count)
  }
}

/// Bodies read for entry pages, kept until the year book that shows them again takes them, so a
/// body is read once per export. A page made alone (`ilgi serve`) finds nothing and reads.
final class BodyCache: @unchecked Sendable {
  private let lock = NSLock()
  private var bodies: [String: String] = [:]

  /// The body of `path`: taken out of the cache when there, else read; kept for later when `keep`.
  func take(_ path: JournalPath, keep: Bool, read: () throws(EntryReadError) -> String) throws(EntryReadError) -> String {
    lock.lock()
    let cached = bodies.removeValue(forKey: path.rawValue)
    lock.unlock()
    if let cached { return cached }
    let body = try read()
    if keep {
      lock.lock()
      bodies[path.rawValue] = body
      lock.unlock()
    }
    return body
  }
}
