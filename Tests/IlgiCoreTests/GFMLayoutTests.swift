import Testing

@testable import IlgiMarkdown

/// GitHub Flavored Markdown off the page: a table laid out in columns on a terminal, task items
/// with boxes, struck text, and previews that read as text, never as pipes and dashes.
@Suite struct GFMLayoutTests {
  let renderer = MarkdownRenderer()
  static let dayOne = """
    Pie tasting

    | Pie | Result | 비고 |
    |---|:---:|--:|
    | Apple | ~~Good~~ Great | 맛있는 사과 파이 |
    | Cherry | Sour | - |

    - [x] Bake the apple pie
    - [ ] Buy cherries at www.market.example

    """

  @Test func aTableIsLaidOutInColumnsWideCharactersCountingTwice() {
    #expect(
      renderer.terminal(Self.dayOne, style: .plain, width: 80) == """
        Pie tasting

        Pie    │     Result     │             비고
        ───────┼────────────────┼─────────────────
        Apple  │ ~~Good~~ Great │ 맛있는 사과 파이
        Cherry │      Sour      │                -

        ☑ Bake the apple pie
        ☐ Buy cherries at www.market.example
        """)
  }

  @Test func aTableTooWideForTheTerminalWrapsItsWidestCells() {
    let lines = renderer.terminal(Self.dayOne, style: .plain, width: 30).components(separatedBy: "\n")
    #expect(
      Array(lines[2...6]) == [
        "Pie    │  Result   │      비고",
        "───────┼───────────┼──────────",
        "Apple  │ ~~Good~~  │    맛있는",
        "       │   Great   │ 사과 파이",
        "Cherry │   Sour    │         -",
      ])
    #expect(lines[2...6].allSatisfy { TerminalTable.width(of: $0) <= 30 })
  }

  @Test func colouredCellsAreMeasuredWithoutTheirColours() {
    let lines = renderer.terminal("| **a** | b |\n|---|---|\n| `x` | ~~y~~ |\n", style: .ansi, width: 80)
      .components(separatedBy: "\n")
    #expect(lines.count == 3)
    #expect(Set(lines.map(TerminalTable.width(of:))) == [5])
    #expect(lines[2].contains("\u{1B}[9my\u{1B}[29m"))
  }

  @Test func previewsReadTablesAndTasksAsText() {
    #expect(
      renderer.plainText(Self.dayOne)
        == "Pie tasting Pie Result 비고 Apple Good Great 맛있는 사과 파이 Cherry Sour - Bake the apple pie Buy cherries at www.market.example"
    )
  }

  @Test func tagsInTableCellsAndTasksAreFoundOnce() {
    #expect(
      renderer.inlineTags("| #pie | b |\n|---|---|\n| x | #cherry |\n\n- [ ] #todo\n") == ["pie", "cherry", "todo"])
  }

  @Test func footnotesAreNumberedInTheOrderTheyAreReferredTo() {
    let text =
      "Rain[^b] and wind[^a], rain again[^b], [^none].\n\n[^a]: Wind.\n[^b]: Rain,\n    all day.\n\n[^c]: Unused.\n"
    #expect(
      renderer.terminal(text, style: .plain) == """
        Rain[1] and wind[2], rain again[1], [^none].

        ────────────────────
        [1] Rain,
            all day.
        [2] Wind.
        """)
    #expect(renderer.plainText(text) == "Rain and wind, rain again, [^none]. Rain, all day. Wind.")
  }

  /// An entry's body is shown after its title: a footnote the title line refers to is listed.
  @Test func aFootnoteTheTitleRefersToIsListedWithTheBody() {
    let body = "\n[^1]: With Mina.\n"
    #expect(renderer.html(body) == "")
    #expect(
      renderer.forBody(of: "A walk[^1]").html(body)
        == "<section class=\"footnotes\">\n<ol>\n<li id=\"fn1\">\n<p>With Mina.</p>\n</li>\n</ol>\n</section>\n")
  }

  /// Every anchor is one: a second reference to a note has its own, and a page of many entries
  /// names each entry's apart.
  @Test func footnoteAnchorsAreUnique() {
    let html = renderer.html("Rain[^a], rain[^a].\n\n[^a]: Wet.\n")
    #expect(html.contains("id=\"fnref1\"") && html.contains("id=\"fnref1-2\""))
    #expect(renderer.terminal("Rain[^a], rain[^a].\n\n[^a]: Wet.\n", style: .plain).hasPrefix("Rain[1], rain[1]."))
    let named = MarkdownRenderer.namingAnchors(html, apart: "0f8b6c0e")
    #expect(
      named.contains("href=\"#fn-0f8b6c0e-1\" id=\"fn-0f8b6c0e-ref1\"") && named.contains("<li id=\"fn-0f8b6c0e-1\">"))
    #expect(named.contains("href=\"#fn-0f8b6c0e-ref1\" class=\"footnote-backref\""))
    #expect(!named.contains("\"fn1\"") && !named.contains("#fnref"))
  }

  /// What a wiki link holds names a note and its heading, never a tag; tags beside it count.
  /// A link's text names what it leads to, as a vault's authors write a handle: no tag.
  @Test func aLinksTextHoldsNoTag() {
    #expect(
      renderer.inlineTags("Follow [@obsdmd](https://twitter.com/obsdmd) and ![#x](a.png), at @home #walk\n")
        == ["home", "walk"])
  }

  /// A `#` the writer escaped (`\#`) is no tag, as Obsidian and Logseq read it, nor is a
  /// Logseq priority (`[#A]`); one beside them still counts.
  @Test func anEscapedOrBracketedMarkIsNoTag() {
    #expect(
      renderer.inlineTags("- NOW [#A] call, \\#data-safety and \\@handle; #kept `\\#code`\n") == ["kept"])
    #expect(renderer.inlineTags("a \\\\#both\n") == [])
  }

  @Test func aWikiLinkHoldsNoTag() {
    #expect(
      renderer.inlineTags("See [[#Evening]], [[Walks#Han river|#river]] and ![[map.png]] #walk\n[[unclosed #open\n")
        == ["walk", "open"])
  }

  /// A box read again after a table (an ordered list the table's rows could not hold) has no
  /// place in the text that a tap could trust: it is never written, and the others keep their
  /// numbers; a mark not where the text says is never written either.
  @Test func aTaskIsTickedOnlyWhereItsMarkIs() {
    let after = "x\n| a |\n| - |\n2. [ ] one\n- [ ] two\n"
    #expect(renderer.tasks(after).map(\.offset) == [nil, 28])
    #expect(renderer.settingTask(0, checked: true, in: after) == nil)
    #expect(renderer.settingTask(1, checked: true, in: after) == "x\n| a |\n| - |\n2. [ ] one\n- [x] two\n")
    let crlf = "- [ ] one\r\n- [ ] two\r\n"
    #expect(renderer.settingTask(1, checked: true, in: crlf) == "- [ ] one\r\n- [x] two\r\n")
  }

  /// Footnotes in a text whose lines end in `\r\n`, and definitions that raw HTML or code hold,
  /// or that a paragraph's line would have to break: none is taken out of where it stands.
  @Test func footnotesAreReadWhereTheyAreBlocks() {
    let crlf = renderer.html("Hello[^1] world\r\n\r\n[^1]: note\r\n")
    #expect(crlf.hasPrefix("<p>Hello<sup class=\"footnote-ref\"><a href=\"#fn1\" id=\"fnref1\">1</a></sup> world</p>"))
    #expect(crlf.contains("<p>note <a href=\"#fnref1\" class=\"footnote-backref\">↩</a></p>"))
    let raw = MarkdownRenderer(allowsRawHTML: true).html("<pre>\n\n[^1]: x\n</pre>\n\nImportant[^1]\n")
    #expect(raw.contains("[^1]: x") && raw.contains("Important[^1]"), "\(raw)")
    #expect(renderer.html("- ```\n  [^1]: in code\n  ```\n\nSee[^1]\n").contains("[^1]: in code"))
    #expect(renderer.html("Text\n[^1]: not a block\n\nSee[^1]\n").contains("[^1]: not a block"))
    #expect(renderer.inlineTags("See[^1]\n\n[^1]: #gamma\n\n    #beta\n") == ["gamma", "beta"])
  }

  @Test func aFootnoteInACodeBlockIsCode() {
    #expect(renderer.html("```\n[^1]: x\n```\n[^1]\n") == "<pre><code>[^1]: x\n</code></pre>\n<p>[^1]</p>\n")
  }

  @Test func strikethroughNeedsMatchingRunsAndNoSpaceInside() {
    #expect(renderer.html("~~a~~ ~b~ ~~c~ ~ d ~ ~~~e~~~\n") == "<p><del>a</del> <del>b</del> ~~c~ ~ d ~ ~~~e~~~</p>\n")
  }
}
