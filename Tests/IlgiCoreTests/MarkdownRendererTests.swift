import Testing

@testable import IlgiCore

@Suite struct MarkdownRendererTests {
  let renderer = MarkdownRenderer()

  @Test func rendersCommonMark() {
    #expect(
      renderer.html("# Hi\n\n**bold** _em_ `code`\n")
        == "<h1>Hi</h1>\n<p><strong>bold</strong> <em>em</em> <code>code</code></p>\n")
  }

  @Test(arguments: [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "[x](vbscript:msgbox)",
    "<a href=\"javascript:alert(1)\">x</a>",
    "![x](data:text/html;base64,PHNjcmlwdD4=)",
  ])
  func rawHTMLAndScriptLinksStayOut(_ markdown: String) {
    let html = renderer.html(markdown).lowercased()
    #expect(!html.contains("<script"))
    #expect(!html.contains("onerror"))
    #expect(!html.contains("javascript:"))
    #expect(!html.contains("vbscript:"))
    #expect(!html.contains("data:text/html"))
  }

  @Test func rawHTMLPassesWhenAllowed() {
    #expect(MarkdownRenderer(allowsRawHTML: true).html("<b>x</b>\n") == "<p><b>x</b></p>\n")
    #expect(renderer.html("<b>x</b>\n") == "<p><!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n")
  }

  @Test func plainTerminalOutputHasNoEscapeCodes() {
    let text = renderer.terminal(
      "# Title\n\nSome *em* and **strong** and `code` and [a link](https://x.example).\n\n- one\n- two\n\n> quoted\n\n```\nlet x = 1\n```\n\nEvil \u{1B}[2J text",
      style: .plain)
    #expect(
      text == """
        # Title

        Some _em_ and **strong** and `code` and a link <https://x.example>.

        • one
        • two

        │ quoted

            let x = 1

        Evil [2J text
        """)
  }

  @Test func ansiTerminalOutputDecorates() {
    let text = renderer.terminal("# Title\n\n**strong**", style: .ansi)
    #expect(text == "\u{1B}[1;4;35mTitle\u{1B}[0m\n\n\u{1B}[1mstrong\u{1B}[22m")
  }

  @Test func orderedListsKeepTheirNumbers() {
    #expect(renderer.terminal("3. c\n4. d\n", style: .plain) == "3. c\n4. d")
  }
}
