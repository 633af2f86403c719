import Testing

@testable import IlgiMarkdown

/// Wiki links as Obsidian, Logseq and Foam write them, led where the page's resolver says.
@Suite struct WikiLinkTests {
  /// A resolver that knows the entries "Han river" and "2026-11-20" and the picture map.png.
  static let renderer: MarkdownRenderer = {
    var renderer = MarkdownRenderer()
    renderer.wikiLinks = WikiResolver { link in
      switch link.target.lowercased() {
      case "han river": .link("/entry/A" + (link.heading.map { "#" + $0 } ?? ""))
      case "2026-11-20": .link("/day/2026-11-20")
      case "map.png": .picture("map.png")
      case "": .link("#" + (link.heading ?? ""))
      default: .unresolved(begin: "/write?title=" + link.target)
      }
    }
    return renderer
  }()

  @Test(arguments: [
    ("[[Han river]]", "<p><a href=\"/entry/A\">Han river</a></p>\n"),
    ("[[han river|the river]]", "<p><a href=\"/entry/A\">the river</a></p>\n"),
    ("[[Han river#Evening]]", "<p><a href=\"/entry/A#Evening\">Han river › Evening</a></p>\n"),
    ("[[#Evening|below]]", "<p><a href=\"#Evening\">below</a></p>\n"),
    ("On [[2026-11-20]].", "<p>On <a href=\"/day/2026-11-20\">2026-11-20</a>.</p>\n"),
    ("![[map.png]]", "<p><img src=\"map.png\" alt=\"map.png\" /></p>\n"),
    ("[[Nowhere]]", "<p><a class=\"wiki-link unresolved\" href=\"/write?title=Nowhere\">Nowhere</a></p>\n"),
    ("`[[Han river]]` [[[Han river]]](x)", "<p><code>[[Han river]]</code> <a href=\"x\">[[Han river]]</a></p>\n"),
    ("[[]] [[ | x]] [[a\nb]]", "<p>[[]] [[ | x]] [[a\nb]]</p>\n"),
  ])
  func wikiLinksLeadWhereThePageSays(_ markdown: String, _ html: String) {
    #expect(Self.renderer.html(markdown) == html)
  }

  @Test func withoutAResolverTheyStayAsWrittenButPreviewsReadTheirText() {
    let plain = MarkdownRenderer()
    #expect(plain.html("[[Han river|the river]]\n") == "<p>[[Han river|the river]]</p>\n")
    #expect(plain.plainText("Walked by [[Han river|the river]] and [[Seoul]].\n") == "Walked by the river and Seoul.")
  }

  @Test func theTerminalShowsWhereALinkLeadsAndMarksOneThatLeadsNowhere() {
    #expect(
      Self.renderer.terminal("[[Han river]] and [[Nowhere]]\n", style: .plain) == "Han river </entry/A> and Nowhere")
  }
}
