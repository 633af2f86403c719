import Foundation
import Testing

@testable import IlgiMarkdown

/// Headings' anchors and entries shown in place, as pages render them.
@Suite struct WikiEmbedTests {
  /// A page's headings carry anchors named as GitHub names them, any script, a second of one
  /// name numbered; the GFM suites' rendering gives none.
  @Test func headingsCarryAnchorsOnPagesOnly() {
    var renderer = MarkdownRenderer()
    let text = "# Evening walk!\n\n## 저녁 `산책`\n\n## Evening walk\n"
    #expect(!renderer.html(text).contains("heading-anchor"))
    renderer.headingAnchors = true
    let html = renderer.html(text)
    #expect(html.contains("<h1><a class=\"heading-anchor\" id=\"h-evening-walk\"></a>Evening walk!</h1>"), "\(html)")
    #expect(html.contains("<h2><a class=\"heading-anchor\" id=\"h-저녁-산책\"></a>저녁 <code>산책</code></h2>"), "\(html)")
    #expect(html.contains("id=\"h-evening-walk-1\""), "\(html)")
    let named = MarkdownRenderer.namingAnchors(html + "<a href=\"#h-evening-walk\">x</a>", apart: "0f8b6c0e")
    #expect(named.contains("id=\"h-0f8b6c0e-evening-walk\"") && named.contains("href=\"#h-0f8b6c0e-evening-walk\""))
    #expect(!named.contains("id=\"h-evening-walk\""))
  }

  /// `![[Title]]` on a line of its own becomes a figure of the entry's body under its link; in a
  /// sentence it stays a link; a link in code is no link.
  @Test func anEmbedOnItsOwnLineShowsTheEntry() {
    var renderer = MarkdownRenderer()
    renderer.wikiLinks = WikiResolver { link in
      link.embeds ? .embed(url: "/entry/R", html: "<p>Water &amp; stones.</p>\n") : .link("/entry/R")
    }
    let html = renderer.html("Before.\n\n![[Han & River]]\n\nSee ![[Han River]] here. `![[code]]`\n")
    #expect(
      html.contains(
        "<figure class=\"wiki-embed\"><figcaption><a href=\"/entry/R\">Han &amp; River</a></figcaption>\n"
          + "<p>Water &amp; stones.</p>\n</figure>"), "\(html)")
    #expect(html.contains("<p>See <a href=\"/entry/R\">Han River</a> here. <code>![[code]]</code></p>"), "\(html)")
    #expect(!html.contains("<p><figure"))
  }

  /// The links an index keeps are those a reader sees: not in code, nor in a link's text.
  @Test func theLinksOfATextAreThoseOutsideCode() {
    let links = MarkdownRenderer.wikiLinks(in: "[[A#h|x]]\n\n```\n[[B]]\n```\n\n| [[C]] | ![[D]] |\n|---|---|\n")
    #expect(links.map(\.target) == ["A", "C", "D"])
    #expect(links.map(\.embeds) == [false, false, true])
    #expect(links.first?.heading == "h")
  }

  /// A title written with wiki links is titled by what they show, never by their marks.
  @Test func aTitlesWikiLinksAreTheirText() {
    #expect(
      WikiLink.shownText(of: "[[Han river]] walk with [[Mina|my sister]] ![[map.png]]")
        == "Han river walk with my sister map.png")
    #expect(WikiLink.shownText(of: "[[a[b]] and [[Notes#Evening]]") == "[[a[b]] and Notes › Evening")
  }
}
