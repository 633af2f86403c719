import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiIndex
@testable import IlgiMarkdown
@testable import IlgiStore

/// What a wiki link names among a journal's entries: one rule for the app, the site and `ilgi
/// show`.
@Suite struct WikiTargetTests {
  static func date(_ iso: String) -> EntryDate {
    EntryDate(instant: ISO8601DateFormatter().date(from: iso) ?? Date(), in: .seoul)
  }

  static func entry(_ path: String, _ title: String, _ iso: String) -> IndexedEntry {
    let date = date(iso)
    return IndexedEntry(
      path: JournalPath(path), id: EntryID(UUID().uuidString), date: date, title: title, preview: "", tags: [],
      weather: nil, words: 1, starred: false, links: [], place: nil)
  }

  static let targets = WikiTargets([
    entry("2026/11/2026-11-20-0900-han-river.md", "Han River", "2026-11-20T09:00:00+09:00"),
    entry("2025/03/2025-03-01-0800-han-river.md", "Han River", "2025-03-01T08:00:00+09:00"),
    entry("2026/11/walk-notes.md.age", "산책", "2026-11-21T07:00:00+09:00"),
    entry("2026/11/cafe\u{0301}.md", "Cafe\u{0301}", "2026-11-22T07:00:00+09:00"),
  ])

  func resolve(_ markdown: String, near iso: String? = nil) -> WikiResolution? {
    guard let open = markdown.range(of: "[["), let close = markdown.range(of: "]]"),
      let link = WikiLink(String(markdown[open.upperBound..<close.lowerBound]), embeds: markdown.hasPrefix("!"))
    else { return nil }
    return Self.targets.resolve(
      link, near: iso.map(Self.date), entryURL: { $0.path.rawValue }, begin: { "new:" + $0 })
  }

  @Test func aLinkNamesAnEntryByTitleFileNameOrDay() {
    #expect(
      resolve("[[han river]]", near: "2026-11-19T00:00:00+09:00") == .link("2026/11/2026-11-20-0900-han-river.md"))
    #expect(
      resolve("[[HAN RIVER]]", near: "2025-04-01T00:00:00+09:00") == .link("2025/03/2025-03-01-0800-han-river.md"))
    #expect(resolve("[[산책]]") == .link("2026/11/walk-notes.md.age"))
    #expect(resolve("[[walk-notes]]") == .link("2026/11/walk-notes.md.age"))
    #expect(resolve("[[Café|coffee]]") == .link("2026/11/cafe\u{0301}.md"))
    #expect(resolve("[[2026-11-21]]") == .link("2026/11/walk-notes.md.age"))
    #expect(resolve("![[river map.png]]") == .picture("river%20map.png"))
    #expect(resolve("[[notes.pdf]]") == .link("notes.pdf"))
    #expect(resolve("[[#Evening]]") == .link("#h-evening"))
    #expect(resolve("[[Nowhere]]") == .unresolved(begin: "new:Nowhere"))
  }

  /// `[[Title#Heading]]` leads to the heading's anchor on that entry's page (a block reference,
  /// `#^abc123`, to the page); `![[Title]]` brings the entry's body where the page can show it.
  @Test func aHeadingLeadsToItsAnchorAndAnEmbedBringsTheBody() {
    let near = "2026-11-19T00:00:00+09:00"
    #expect(
      resolve("[[Han River#Evening walk]]", near: near) == .link("2026/11/2026-11-20-0900-han-river.md#h-evening-walk"))
    #expect(resolve("[[Han River#^abc123]]", near: near) == .link("2026/11/2026-11-20-0900-han-river.md"))
    #expect(resolve("[[산책#저녁 길]]") == .link("2026/11/walk-notes.md.age#h-%EC%A0%80%EB%85%81-%EA%B8%B8"))
    let link = WikiLink("Han River", embeds: true)!
    let embedded = Self.targets.resolve(
      link, near: Self.date(near), entryURL: { $0.path.rawValue }, embed: { "<p>\($0.title)</p>" })
    #expect(embedded == .embed(url: "2026/11/2026-11-20-0900-han-river.md", html: "<p>Han River</p>"))
    #expect(
      Self.targets.resolve(link, near: nil, entryURL: { $0.path.rawValue })
        == .link("2026/11/2026-11-20-0900-han-river.md"))
  }

  /// An entry answers to its title, its file name and its day: what its backlinks are found by.
  @Test func anEntryAnswersToItsTitleFileNameAndDay() {
    let entry = Self.entry("2026/11/walk-notes.md.age", "Evening Walk", "2026-11-21T07:00:00+09:00")
    #expect(WikiTargets.names(of: entry) == ["evening walk", "walk-notes", "2026-11-21"])
    #expect(
      IndexedEntry.wikiNames(in: "[[A]] [[a|again]] ![[B]] [[#Top]] `[[code]]` [link [[C]]](x) [[D#h]]")
        == ["a", "!b", "d"])
  }

  @Test func theNamesOfATextsLinksAreFoundWithoutParsingIt() {
    #expect(
      WikiTargets.names(in: "[[Han River#Evening|x]] and ![[map.png]], [[#top]], [[a\nb]]") == ["han river", "map.png"])
  }
}
