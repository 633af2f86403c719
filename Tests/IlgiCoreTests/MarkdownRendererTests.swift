import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiMarkdown
@testable import IlgiStore

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

  @Test(arguments: [
    "No links at all.\n", "[away](https://example.com) and <https://example.com/x>\n",
    "![walk](walk.jpg) by [the river](../2025/river.md#top)\n", "[ref]\n\n[ref]: notes/a.md \"A\"\n",
    "[mail](mailto:a@example.com) [here](#anchor) [root](/x.html)\n", "<b>raw</b> [x](y.png)\n", "",
  ])
  func rendersForItsPageAndRebasedFromOneReading(markdown: String) {
    for renderer in [renderer, MarkdownRenderer(allowsRawHTML: true)] {
      for base in ["../entries/2026/03/", ""] {
        let both = renderer.html(markdown, alsoRebasing: base)
        #expect(both.html == renderer.html(markdown))
        #expect(both.rebased == renderer.html(markdown, rebasing: base))
      }
    }
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
      "a", "Z", "0", " ", "\t", "\r\n", "\n", "\n\n", "한", "글", "漢", "\u{3000}", "\u{A0}", "e\u{301}",
      "e\u{301}\u{302}", "\u{1}",
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

/// Shortcuts that spare cmark reading text, each against the full reading on random Markdown.
@Suite struct MarkdownShortcutTests {
  /// Lines of Markdown that matter to where blocks end and what text they hold.
  static let lines = [
    "The river was quiet this morning, and the bridge was cold.", "산책을 했다. 오늘은 바람이 불었다.", "",
    "", "  ", "\t", "```", "~~~", "    indented code line", "- item one", "1. first", "> quoted words", "# Heading",
    "## Small wins ##", "===", "---", "[ref]: /url \"Title\"", "see [ref] and [ref][] here", "<div>", "</div>",
    "<!-- a comment", "-->", "*emphasis that may close", "later* text", "**strong**", "`code`", "&amp; &#35;tag #tag",
    "a line ending in a backslash\\", "a line ending in two spaces  ", "* [x] done", "![photo](photos/a.jpg)",
    String(repeating: "long words without end ", count: 20), String(repeating: "한글 ", count: 60), "|a|b|",
    "[link\nacross]", "\u{3000}", "e\u{301}",
  ]

  static func body(_ state: inout UInt64, of lines: [String] = lines) -> String {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    var text = ""
    let count = Int(state >> 57)  // up to 127 lines
    for _ in 0..<count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text += lines[Int((state >> 33) % UInt64(lines.count))]
      text += (state >> 20) % 17 == 0 ? "\r\n" : "\n"
    }
    return text
  }

  /// The preview read from the start of a body is the one read from its first 4 KB; over 5,000
  /// random bodies, most of them long enough for the shortcut to be taken.
  @Test func previewsFromTheStartAreThoseOfTheWholeBody() {
    let reader = EntryReader(timeZone: TimeZone.seoul)
    var state: UInt64 = 11
    var short = 0
    for _ in 0..<5000 {
      let body = Self.body(&state)
      let whole = EntryReader.preview(from: reader.wholePreviewText(body))
      if let text = reader.shortPreviewText(body) {
        short += 1
        #expect(EntryReader.preview(from: text) == whole, "\(body)")
      }
      #expect(reader.makePreview(body) == whole)
    }
    #expect(short > 400)
  }

  /// Plain text for a preview stops in the middle of a paragraph once it holds enough
  /// characters; the preview is the one the whole text gives, also where a combining mark
  /// follows the cut (3,000 random bodies, over a third of them cut short).
  @Test func plainTextCutShortGivesTheWholePreview() {
    let renderer = MarkdownRenderer()
    let lines = Self.lines + ["*강*\u{301}이", "\u{301}", "word\u{301} and more", "**굵게**\u{302}끝 ", "漢字 漢字\u{308}"]
    var state: UInt64 = 5
    var cutShort = 0
    for _ in 0..<3000 {
      let body = Self.body(&state, of: lines)
      let whole = renderer.plainText(body)
      let cut = renderer.plainText(body, limit: EntryReader.previewLength + 1)
      if cut.utf8.count < whole.utf8.count { cutShort += 1 }
      #expect(whole.utf8.starts(with: cut.utf8), "\(body)")
      #expect(EntryReader.preview(from: cut) == EntryReader.preview(from: whole), "\(body)")
    }
    #expect(cutShort > 1000)
  }

  /// jrnl's `@tags` are tags as `#tags` are, in running text only: not an e-mail address,
  /// code, a link's target, or an `@` before a space or a digit.
  @Test func atTagsAreTagsInRunningText() {
    let renderer = MarkdownRenderer()
    #expect(renderer.inlineTags("notes @work #meeting") == ["work", "meeting"])
    #expect(renderer.inlineTags("@coffee with @Coffee and #coffee") == ["coffee"])
    #expect(renderer.inlineTags("write to bob@example.com or <ann@example.com>") == [])
    #expect(renderer.inlineTags("`@code` and\n\n    @indented\n\n[a](https://x.example/@path)") == [])
    #expect(renderer.inlineTags("meet @ 3pm, cost @5, #@x, npm i @types/node") == [])
    #expect(renderer.inlineTags("산책 @산책로에서") == ["산책로에서"])
  }

  /// Text in which no `#` or `@` is followed by a letter or digit, and no `&num;` or `&commat;`
  /// stands, holds no tag cmark would find.
  @Test func textWithoutAHashBeforeALetterHasNoTags() {
    let renderer = MarkdownRenderer()
    let pieces = [
      "#", "##", "&#35;", "&#x23;", "\\#", "a", "7", "한", "-", "_", " ", "\n", "`", "```\n", "[", "](", ")", "é",
      "&num;", "@", "&#64;", "&commat;", "\\@",
    ]
    var state: UInt64 = 5
    var skipped = 0
    var found = 0
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var text = ""
      for step in 0..<Int(state >> 60) + 1 {
        text += pieces[Int((state >> UInt64(step * 5 % 55)) % UInt64(pieces.count))]
      }
      let tags = renderer.parsedInlineTags(text)
      if !tags.isEmpty { found += 1 }
      if !MarkdownRenderer.mayHoldTags(text) {
        skipped += 1
        #expect(tags.isEmpty, "\(text)")
      }
      #expect(renderer.inlineTags(text) == tags)
    }
    #expect(skipped > 2000 && found > 1000, "skipped \(skipped), found \(found)")
  }
}

/// Text handled from its UTF-8 bytes against the same done over Characters or scalars.
@Suite struct TextShortcutTests {
  static let pieces = [
    " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{3000}", "\u{2028}", "a", "Z", "9", "한", "漢",
    "\u{301}",
    "x y", "\u{1}", "\u{1100}\u{1161}", "\u{2009}", "\u{1680}", "\u{205F}", "\u{200B}", "\u{FEFF}", "\u{2029}", "ä",
    "٣", "😀", "\u{FE20}", "\u{0915}\u{093F}", "ﬁ", "Ⅻ", "-", "'", "가", "닭", "줄", "\u{A960}", "\u{D7B0}",
    "\u{4DC0}", "\u{5000}", "\u{9FFF}", "\u{CFFF}",
  ]

  static func text(_ state: inout UInt64) -> String {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    var text = ""
    for step in 0..<Int(state >> 60) + 1 {
      text += pieces[Int((state >> UInt64(step * 5 % 55)) % UInt64(pieces.count))]
    }
    return text
  }

  /// A preview cut from the bytes of ASCII, Hangul and Han is the one cut by Characters; other
  /// text (carriage returns, combining marks, emoji) is cut by Characters (4,000 random texts of
  /// up to 255 pieces, half of them of the simple pieces only).
  @Test func previewsCutFromBytesAreThoseCutByCharacters() {
    let simple = ["word", "한국어", "漢字", " ", "  ", "a", "9", "-", "\t", "한", "long-hyphenated-word"]
    var state: UInt64 = 9
    var fromBytes = 0
    for round in 0..<4000 {
      let pieces = round % 2 == 0 ? simple : simple + Self.pieces
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for _ in 0..<Int(state >> 56) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int((state >> 33) % UInt64(pieces.count))]
      }
      let preview = EntryReader.preview(from: text)
      #expect(preview == EntryReader.characterPreview(from: text), "\(Array(text.unicodeScalars))")
      if preview.hasSuffix("…"), round % 2 == 0 { fromBytes += 1 }
    }
    #expect(fromBytes > 1000)
  }

  /// Words counted over the bytes are those counted over the scalars, and the NFC check over
  /// the bytes normalizes the same texts.
  @Test func wordsAndNormalizationReadFromBytesAreAsFromScalars() {
    func words(_ text: String) -> Int {
      var count = 0
      var inWord = false
      for scalar in text.unicodeScalars {
        let wordish = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        if wordish && !inWord { count += 1 }
        inWord = wordish
      }
      return count
    }
    func needsNormalizing(_ text: String) -> Bool {
      text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x300...0x36F, 0x1100...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0x3099...0x309A,
          0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFE20...0xFE2F, 0x0483...0x0489, 0x0591...0x05C7, 0x0610...0x061A,
          0x064B...0x065F, 0x0900...0x0DFF, 0x0F00...0x0FFF:
          return true
        default: return false
        }
      }
    }
    var state: UInt64 = 9
    var normalized = 0
    for _ in 0..<20_000 {
      let text = Self.text(&state)
      #expect(IndexedEntry.countWords(text) == words(text), "\(Array(text.unicodeScalars))")
      let expected = needsNormalizing(text) ? text.precomposedStringWithCanonicalMapping : text
      #expect(Array(text.nfc.unicodeScalars) == Array(expected.unicodeScalars), "\(Array(text.unicodeScalars))")
      if needsNormalizing(text) { normalized += 1 }
    }
    #expect(normalized > 2000)
    // Long runs of ASCII, read eight bytes at a time, with every byte at the edges of digits
    // and letters and now and then a letter or mark beyond ASCII.
    let edges = Array("/09:@AZ[`az{ \n\t\u{7F}-_'.") + ["한", "é", "\u{301}", "\u{A0}"]
    for _ in 0..<5_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var text = ""
      var bits = state
      for step in 0..<Int(state >> 58) {
        if step % 10 == 9 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; bits = state }
        let index = Int(bits % 64)
        bits >>= 6
        text.append(index < edges.count ? edges[index] : Character(Unicode.Scalar(UInt8(0x61 + index % 26))))
      }
      #expect(IndexedEntry.countWords(text) == words(text), "\(Array(text.unicodeScalars))")
      let expected = needsNormalizing(text) ? text.precomposedStringWithCanonicalMapping : text
      #expect(Array(text.nfc.unicodeScalars) == Array(expected.unicodeScalars), "\(Array(text.unicodeScalars))")
    }
  }

  /// Trimming ASCII ends in Swift gives what Foundation's trimming gives, on random strings of
  /// ASCII spaces and controls, Unicode spaces, NEL, combining marks, letters and digits.
  @Test func trimmingSpacesIsFoundations() {
    var state: UInt64 = 7
    for _ in 0..<20_000 {
      let text = Self.text(&state)
      #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
      #expect(
        text.trimmingSpaces(newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines),
        "\(Array(text.unicodeScalars))")
    }
  }

  /// Looking for a piece of text by bytes finds what a search by scalars finds, on random
  /// texts and needles of ASCII, Hangul, combining marks and the markers the index looks for.
  @Test func holdsFindsWhatAScalarSearchFinds() {
    let pieces = ["<", "<<<<<<<", "](", "]", ":", "a", "한", "e\u{301}", " ", "\n", "<<<"]
    var state: UInt64 = 11
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    for _ in 0..<5_000 {
      let text = (0..<next() % 12).map { _ in pieces[next() % pieces.count] }.joined()
      let needle = (0..<next() % 3 + 1).map { _ in pieces[next() % pieces.count] }.joined()
      let scalars = Array(text.unicodeScalars)
      let wanted = Array(needle.unicodeScalars)
      let expected =
        scalars.count >= wanted.count
        && (0...(scalars.count - wanted.count)).contains { Array(scalars[$0..<$0 + wanted.count]) == wanted }
      #expect(text.holds(needle) == expected, "\(text) / \(needle)")
    }
    #expect("".holds("") && "x".holds("") && !"".holds("x"))
  }

  /// The look before parsing for links to files beside an entry drops only texts whose links
  /// name none: on random texts of link syntax, escapes, entities and slashes, the names found
  /// are those a parse of every text finds.
  @Test func attachmentLinksAreFoundWithoutParsingTextsThatLinkNone() {
    let found = [
      "![a](a.jpg?x/y)": "a.jpg", "![a](a.jpg#x/y)": "a.jpg", "![b](b.png&quest;c/d)": "b.png",
      "![b](b.png&#63;c/d)": "b.png", "![g](g.jpg\\?x/y)": "g.jpg", "[c](<c d.gif>)": "c d.gif",
      "![f](\nf.jpg)": "f.jpg", "[e]\n\n[e]:\n  e.mp3 \"E\"\n": "e.mp3",
    ]
    // A separator followed by a combining mark is one Character, and still a separator.
    #expect(AttachmentLinks.names(in: "[x](a/\u{301}x.jpg) [y](b.jpg)") == ["b.jpg"])
    #expect(AttachmentLinks.names(in: "[x](.\u{301}d.jpg) [y](c.jpg?\u{301}x)") == ["c.jpg"])
    for (text, name) in found {
      #expect(AttachmentLinks.names(in: text) == [name], "\(text.debugDescription)")
    }
    for linkingNone in ["![p](photos/1.jpg) [w](https://example.com/a) [r]: /x.png", "[x] (y.png)", "no links"] {
      #expect(!AttachmentLinks.mayLink(linkingNone), "\(linkingNone)")
    }
    // A link or a definition with a destination of random pieces, among random text.
    let around = ["x", "](", "]:", "[", "/", "#", "\\", "<", " ", "\n", ")", "(", "> ", "- ", "\u{0C}"]
    let openers = ["(", "( ", "(\n", "(<", ":", ": <", ":\n  "]
    let destination = [
      "a.jpg", "/", "?", "#", "&quest;", "&#47;", "%2F", "\\", "\\?", " ", "\n", "photos", ".", "x", ")", "(", "<",
      ">", "\u{0B}", "\"t\"", "/\u{301}", "?\u{301}", ".\u{301}",
    ]
    let closers = [")", "", ">)", " \"t\")", "\n"]
    var state: UInt64 = 29
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    func pieces(_ from: [String], most: Int) -> String {
      (0..<next() % (most + 1)).map { _ in from[next() % from.count] }.joined()
    }
    var linking = 0
    for _ in 0..<20_000 {
      let opener = openers[next() % openers.count]
      let link =
        (opener.hasPrefix(":") ? "[r]\n\n[r]" : "[r]") + opener + pieces(destination, most: 4)
        + closers[next() % closers.count]
      let text = pieces(around, most: 3) + link + pieces(around, most: 3)
      let parsed = AttachmentLinks.parsedNames(in: text)
      if !parsed.isEmpty { linking += 1 }
      #expect(AttachmentLinks.names(in: text) == parsed, "\(text.debugDescription)")
    }
    #expect(linking > 100, "the random texts link files: \(linking)")
  }
}
