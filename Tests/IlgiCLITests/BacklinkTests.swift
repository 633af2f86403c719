import Foundation
import IlgiTestSupport
import Testing

/// Wiki links both ways: `ilgi links`, the backlinks on the site's pages, and `doctor` on a name
/// several entries answer to.
@Suite struct BacklinkTests {
  static let river = "---\nid: R\ndate: 2026-11-02T09:00:00+09:00\n---\nHan River\n\nWater.\n\n## Evening\n\nCold.\n"
  static let walk =
    "---\nid: W\ndate: 2026-11-20T09:00:00+09:00\n---\nWalk\n\nBy [[han river#Evening|the river]], not [[Nowhere]]."
    + " ![[map.png]]\n\n![[Han River]]\n\n`[[Code]]`\n"

  static func harness() throws -> Harness {
    let h = try Harness()
    try h.journal.write("2026/11/river.md", river)
    try h.journal.write("2026/11/walk.md", walk)
    try h.journal.write("2026/11/map.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    return h
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// `ilgi links` prints where an entry's links lead and which entries link to it, in both
  /// directions and as JSON, from the index.
  @Test func linksPrintsBothDirections() throws {
    let h = try Self.harness()
    let out = h.call("links", "2026/11/walk.md")
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout.contains("Links to (4):"), "\(out.stdout)")
    #expect(
      out.stdout.contains("→ han river › Evening  r  2026-11-02 09:00  Han River  (2026/11/river.md)"), "\(out.stdout)")
    #expect(out.stdout.contains("→ Nowhere  no such entry yet"))
    #expect(out.stdout.contains("→ map.png  a file beside the entry"))
    #expect(!out.stdout.contains("Code"))
    let back = h.call("links", "2026/11/river.md")
    #expect(
      back.stdout.contains("Linked from (1):\n  ← w  2026-11-20 09:00  Walk  (2026/11/walk.md)"), "\(back.stdout)")
    let json = try Self.json(h.call("links", "2026/11/walk.md", "--json").stdout)
    let links = try #require(json["links"] as? [[String: Any]])
    #expect(links.map { $0["name"] as? String } == ["han river", "Nowhere", "map.png", "Han River"])
    #expect((links[0]["entry"] as? [String: Any])?["path"] as? String == "2026/11/river.md")
    #expect(links[1]["entry"] == nil && links[2]["file"] as? String == "map.png")
    #expect(links[3]["embeds"] as? Bool == true && links[0]["heading"] as? String == "Evening")
    let backJSON = try Self.json(h.call("links", "2026/11/river.md", "--json").stdout)
    #expect((backJSON["backlinks"] as? [[String: Any]])?.map { $0["path"] as? String } == ["2026/11/walk.md"])
    let lonely = h.call("links", "2026/11/walk.md", "--json")
    #expect((try Self.json(lonely.stdout)["backlinks"] as? [Any])?.isEmpty == true)
  }

  /// Of two entries one name answers to, a link leads to the nearer in time, and only that
  /// one lists it; `doctor` names the name and the entries.
  @Test func anAmbiguousNameLeadsToTheNearestAndDoctorSaysSo() throws {
    let h = try Self.harness()
    try h.journal.write("2025/03/river.md", "---\nid: Q\ndate: 2025-03-01T09:00:00+09:00\n---\nHan river\n\nOld.\n")
    try h.journal.write(
      "2025/03/visit.md", "---\nid: V\ndate: 2025-03-02T09:00:00+09:00\n---\nVisit\n\n[[HAN RIVER]]\n")
    let new = try Self.json(h.call("links", "2026/11/river.md", "--json").stdout)
    #expect((new["backlinks"] as? [[String: Any]])?.map { $0["path"] as? String } == ["2026/11/walk.md"])
    let old = try Self.json(h.call("links", "2025/03/river.md", "--json").stdout)
    #expect((old["backlinks"] as? [[String: Any]])?.map { $0["path"] as? String } == ["2025/03/visit.md"])
    let doctor = h.call("doctor")
    #expect(doctor.status != 0)
    #expect(
      doctor.stdout.contains(
        "wiki links to [[Han river]] could mean any of 2 entries (2025/03/river.md, 2026/11/river.md)"),
      "\(doctor.stdout)")
  }

  /// An entry's page on the site lists the entries linking to it and shows an entry in place;
  /// an edit of the linking entry's text that drops its link is seen on the other page at the
  /// next export, and a change to an entry shown in place on the page showing it.
  @Test func theSiteListsBacklinksAndKeepsThemCurrent() throws {
    let h = try Self.harness()
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    let river = SiteTests.text(out + "/entries/2026/11/river.html")
    #expect(river.contains("<nav class=\"entry-backlinks\" aria-label=\"Linked from\">"), "\(river)")
    #expect(river.contains("<li><a href=\"../../../entries/2026/11/walk.html\">Walk</a>"), "\(river)")
    #expect(river.contains("<h2><a class=\"heading-anchor\" id=\"h-evening\"></a>Evening</h2>"))
    let walk = SiteTests.text(out + "/entries/2026/11/walk.html")
    #expect(walk.contains("<a href=\"../../../entries/2026/11/river.html#h-evening\">the river</a>"), "\(walk)")
    #expect(walk.contains("<figure class=\"wiki-embed\"><figcaption><a href=\"../../../entries/2026/11/river.html\">"))
    #expect(walk.contains("<p>Water.</p>"))

    try h.journal.write("2026/11/river.md", Self.river.replacingOccurrences(of: "Water.", with: "Ice."))
    #expect(h.call("export", "html", "--out", out).status == 0)
    let shownAgain = SiteTests.text(out + "/entries/2026/11/walk.html")
    #expect(shownAgain.contains("<p>Ice.</p>") && !shownAgain.contains("<p>Water.</p>"), "\(shownAgain)")
    #expect(SiteTests.text(out + "/archive/2026.html").contains("</figcaption>\n<p>Ice.</p>"))

    try h.journal.write(
      "2026/11/walk.md",
      Self.walk.replacingOccurrences(of: "[[han river#Evening|the river]]", with: "it")
        .replacingOccurrences(of: "![[Han River]]", with: "Nothing."))
    #expect(h.call("export", "html", "--out", out).status == 0)
    #expect(!SiteTests.text(out + "/entries/2026/11/river.html").contains("entry-backlinks"))
    // Made again in whole, the same bytes.
    let again = h.journal.base + "/site2"
    #expect(h.call("export", "html", "--out", again).status == 0)
    #expect(
      SiteTests.text(again + "/entries/2026/11/river.html") == SiteTests.text(out + "/entries/2026/11/river.html"))
    #expect(SiteTests.text(again + "/archive/2026.html") == SiteTests.text(out + "/archive/2026.html"))
  }

  /// A title beyond ASCII, written otherwise cased or composed, is found all the same: the link
  /// resolves and the entry lists its backlink.
  @Test func aTitleBeyondASCIIIsFoundInAnyCaseOrComposition() throws {
    let h = try Harness()
    try h.journal.write("2026/11/emile.md", "---\nid: E\ndate: 2026-11-02T09:00:00+09:00\n---\nÉmile\n\nHello.\n")
    try h.journal.write(
      "2026/11/visit.md",
      "---\nid: V\ndate: 2026-11-03T09:00:00+09:00\n---\nVisit\n\nSaw [[e\u{301}mile]] and [[ÉMILE]].\n")
    let json = try Self.json(h.call("links", "2026/11/emile.md", "--json").stdout)
    #expect((json["backlinks"] as? [[String: Any]])?.map { $0["path"] as? String } == ["2026/11/visit.md"])
    let out = try Self.json(h.call("links", "2026/11/visit.md", "--json").stdout)
    #expect(
      (out["links"] as? [[String: Any]])?.allSatisfy {
        ($0["entry"] as? [String: Any])?["path"] as? String == "2026/11/emile.md"
      } == true)
  }
}
