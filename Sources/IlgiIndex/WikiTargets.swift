import Foundation
import IlgiFormat
import IlgiMarkdown
import IlgiStore

/// What wiki links name among a journal's entries, by one rule for every page that shows them
/// (the app, the site, `ilgi show`): a title (any case, any Unicode composition), else a file
/// name without its extension, else a day (`2026-11-20`, its first entry). Of two entries that
/// answer to one name, the one nearest in time to the entry linking wins.
public struct WikiTargets: Sendable {
  private var byName: [String: [IndexedEntry]] = [:]
  private var byDay: [String: IndexedEntry] = [:]

  /// The targets among `entries`.
  public init(_ entries: [IndexedEntry]) {
    for entry in entries {
      for name in Set([Self.key(entry.title), Self.key(Self.stem(entry.path))]) where !name.isEmpty {
        byName[name, default: []].append(entry)
      }
      if let first = byDay[entry.date.day], first.date.instant <= entry.date.instant { continue }
      byDay[entry.date.day] = entry
    }
  }

  /// The names of the wiki links of `markdown` as targets are looked up (a quick look at its
  /// text, code and all: a name too many costs one lookup).
  public static func names(in markdown: String) -> Set<String> {
    var names = Set<String>()
    var rest = Substring(markdown)
    while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
      let inner = rest[open.upperBound..<close.lowerBound]
      let name = inner.prefix { $0 != "|" && $0 != "#" }
      if !name.isEmpty, !inner.contains("\n") { names.insert(key(String(name))) }
      rest = rest[close.upperBound...]
    }
    return names
  }

  /// A name as it is matched (`WikiLink.key`).
  public static func key(_ name: String) -> String { WikiLink.key(name) }

  /// The names an entry answers to: its title, its file name, its day.
  public static func names(of entry: IndexedEntry) -> Set<String> {
    Set([key(entry.title), key(stem(entry.path)), entry.date.day]).subtracting([""])
  }

  /// A file's name without its folder and extension (`2026/11/walk.md.age` is `walk`).
  static func stem(_ path: JournalPath) -> String {
    var name = Substring(path.rawValue.split(separator: "/").last ?? "")
    for suffix in [".age", ".md"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
    return String(name)
  }

  /// The entry `link` names, nearest in time to `date` of those that answer to its name.
  public func entry(for link: WikiLink, near date: EntryDate?) -> IndexedEntry? {
    entry(named: Self.key(link.target), near: date)
  }

  /// The entry `name` (a key) names, nearest in time to `date` of those that answer to it.
  public func entry(named name: String, near date: EntryDate?) -> IndexedEntry? {
    let named = byName[name] ?? []
    if named.isEmpty { return byDay[name] }
    guard let date else { return named.first }
    return named.min { Self.distance($0, date) < Self.distance($1, date) }
  }

  /// Every entry that answers to `name` (a key) by title or file name, each once.
  public func entries(named name: String) -> [IndexedEntry] {
    var seen = Set<String>()
    return (byName[name] ?? []).filter { seen.insert($0.path.rawValue).inserted }
  }

  /// Where `link` leads on a page: to `entryURL` of the entry it names (and its heading's
  /// anchor), shown in place by `embed` (its body as HTML) where the link embeds it, to a file
  /// beside the entry (a picture is shown in place), to a heading of the same entry, or nowhere,
  /// with `begin` of its name where the page can begin an entry so titled.
  public func resolve(
    _ link: WikiLink, near date: EntryDate?, entryURL: (IndexedEntry) -> String, begin: ((String) -> String)? = nil,
    embed: ((IndexedEntry) -> String?)? = nil
  ) -> WikiResolution {
    let encoded = link.target.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? link.target
    let fragment = link.heading.flatMap(MarkdownRenderer.headingFragment) ?? ""
    if link.target.isEmpty { return .link(fragment.isEmpty ? "#" : fragment) }
    let kind = link.target.split(separator: ".").last.map { $0.lowercased() } ?? ""
    if link.target.contains("."), Self.pictures.contains(kind) { return .picture(encoded) }
    if let entry = entry(for: link, near: date) {
      if link.embeds, let html = embed?(entry) { return .embed(url: entryURL(entry), html: html) }
      return .link(entryURL(entry) + fragment)
    }
    if link.target.contains("."), Self.files.contains(kind) { return .link(encoded) }
    return .unresolved(begin: begin?(link.target))
  }

  /// What a name ending so names: a picture, or another file beside the entry.
  static let pictures: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "heic", "heif", "avif", "svg"]
  static let files: Set<String> = ["pdf", "m4a", "mp3", "ogg", "opus", "wav", "webm", "mp4", "mov", "txt"]

  private static func distance(_ entry: IndexedEntry, _ date: EntryDate) -> TimeInterval {
    abs(entry.date.instant.timeIntervalSince(date.instant))
  }
}
