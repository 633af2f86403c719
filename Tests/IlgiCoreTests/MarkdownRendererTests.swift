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

  /// Plain text of paragraphs is their words, split at spaces and controls as Characters and
  /// joined by one space: for ASCII read byte by byte, for Hangul and Han without lookups, and
  /// for the rest by the Character's properties (random texts of all three; combining marks only
  /// after letters, since cmark drops the spaces a paragraph starts with, and a mark after one).
  @Test func plainTextSplitsWordsAtSpacesAndControls() {
    let pieces = [
      "a", "Z", "0", " ", "\t", "\r\n", "\n", "\n\n", "한", "글", "漢", "\u{3000}", "\u{A0}", "e\u{301}", "e\u{301}\u{302}", "\u{1}",
      "\u{85}", "😀", "\u{2028}", "\u{7F}", "é",
    ]
    var state: UInt64 = 3
    let renderer = MarkdownRenderer()
    for _ in 0..<3000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for step in 0..<Int(state >> 60) {
        text += pieces[Int((state >> UInt64(step * 4 % 56)) % UInt64(pieces.count))]
      }
      let words = text.split(whereSeparator: { character in
        character.isWhitespace || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
      })
      #expect(renderer.plainText(text) == words.joined(separator: " "), "\(Array(text.unicodeScalars))")
    }
  }

  /// Hangul syllables and Han count as letters without a lookup, as Unicode has them.
  @Test func hangulAndHanAreLetters() {
    for value in Array(0xAC00...0xD7A3) + Array(0x4E00...0x9FFF) {
      #expect(Unicode.Scalar(value)!.properties.isAlphabetic)
    }
    #expect(IndexedEntry.countWords("산책을 했다. 漢字 two 3") == 5)
  }
}
