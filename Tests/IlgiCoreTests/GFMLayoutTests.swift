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

        • ☑ Bake the apple pie
        • ☐ Buy cherries at www.market.example
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

  @Test func strikethroughNeedsMatchingRunsAndNoSpaceInside() {
    #expect(renderer.html("~~a~~ ~b~ ~~c~ ~ d ~ ~~~e~~~\n") == "<p><del>a</del> <del>b</del> ~~c~ ~ d ~ ~~~e~~~</p>\n")
  }
}
