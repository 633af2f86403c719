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

  /// A name as it is matched: Unicode composed, case folded, spaces at the ends off.
  public static func key(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.lowercased().trimmingCharacters(in: .whitespaces)
  }

  /// A file's name without its folder and extension (`2026/11/walk.md.age` is `walk`).
  static func stem(_ path: JournalPath) -> String {
    var name = Substring(path.rawValue.split(separator: "/").last ?? "")
    for suffix in [".age", ".md"] where name.hasSuffix(suffix) { name = name.dropLast(suffix.count) }
    return String(name)
  }

  /// The entry `link` names, nearest in time to `date` of those that answer to its name.
  public func entry(for link: WikiLink, near date: EntryDate?) -> IndexedEntry? {
    let named = byName[Self.key(link.target)] ?? []
    if named.isEmpty { return byDay[link.target.trimmingCharacters(in: .whitespaces)] }
    guard let date else { return named.first }
    return named.min { Self.distance($0, date) < Self.distance($1, date) }
  }

  /// Where `link` leads on a page: to `entryURL` of the entry it names, to a file beside the
  /// entry (a picture is shown in place), to a heading of the same entry, or nowhere, with
  /// `begin` of its name where the page can begin an entry so titled.
  public func resolve(
    _ link: WikiLink, near date: EntryDate?, entryURL: (IndexedEntry) -> String, begin: ((String) -> String)? = nil
  ) -> WikiResolution {
    let encoded = link.target.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? link.target
    if link.target.isEmpty { return .link("#" + (link.heading ?? "")) }
    let kind = link.target.split(separator: ".").last.map { $0.lowercased() } ?? ""
    if link.target.contains("."), Self.pictures.contains(kind) { return .picture(encoded) }
    if let entry = entry(for: link, near: date) { return .link(entryURL(entry)) }
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
