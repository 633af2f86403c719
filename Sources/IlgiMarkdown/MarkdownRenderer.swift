import CCmark
import Foundation
import IlgiFormat

/// Everything ilgi does with Markdown, through libcmark; the only file that imports CCmark.
///
/// HTML is rendered with cmark's safe default: raw HTML is replaced by a comment and
/// `javascript:`, `vbscript:`, `file:` and non-image `data:` links are dropped, unless the
/// caller allows raw HTML.
public struct MarkdownRenderer: Sendable {
  /// Whether raw HTML in entries passes through to HTML output (off by default).
  public var allowsRawHTML: Bool
  /// Text shown before the Markdown rendered, an entry's title line: the footnotes it refers to
  /// are listed with the body's, though the body never refers to them.
  public var precedingText = ""
  /// Where the text's wiki links (`[[Title]]`) lead, as the page showing it knows; without it
  /// they stay as written.
  public var wikiLinks: WikiResolver?
  /// Whether headings carry anchors (`id="h-evening"`) that `[[Title#Heading]]` leads to; a
  /// page's, not the GFM suites' (cmark-gfm gives headings none).
  public var headingAnchors = false

  /// `text` with `<`, `>`, `&`, `"` and `'` as HTML entities, safe in an element or a quoted
  /// attribute (byte by byte: no grapheme walking, nothing else changed).
  public static func escapeHTML(_ text: String) -> String {
    let utf8 = text.utf8
    guard utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
      return text
    }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count + 16)
    appendEscapedHTML(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `text` to `out` escaped as `escapeHTML` does.
  public static func appendEscapedHTML(_ text: String, to out: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case 0x3C: out.append(contentsOf: "&lt;".utf8)
      case 0x3E: out.append(contentsOf: "&gt;".utf8)
      case 0x26: out.append(contentsOf: "&amp;".utf8)
      case 0x22: out.append(contentsOf: "&quot;".utf8)
      case 0x27: out.append(contentsOf: "&#39;".utf8)
      default: out.append(byte)
      }
    }
  }

  /// This renderer for the body of `entryTitle`'s entry (`precedingText`).
  public func forBody(of entryTitle: String) -> MarkdownRenderer {
    var renderer = self
    renderer.precedingText = entryTitle
    return renderer
  }

  /// The HTML of another entry's `body` shown in place (`![[Title]]`) on a page: its relative
  /// links led from the page (`base`, the entry's folder from there), its anchors named apart by
  /// its `id`, so neither meets the page's own.
  public func embedded(_ body: String, title: String, id: String, rebasing base: String) -> String {
    Self.namingAnchors(forBody(of: title).html(body, rebasing: base), apart: String(id.prefix(8)).lowercased())
  }

  /// `html` (a fragment this renderer made) with its footnotes' and headings' anchors named
  /// apart by `name` (`fn-NAME-1`, `h-NAME-evening`), for a page that shows more than one entry.
  public static func namingAnchors(_ html: String, apart name: String) -> String {
    var html = html
    if Markdown.find("footnote", in: html.utf8) {
      html = html.replacingOccurrences(of: "href=\"#fn", with: "href=\"#fn-\(name)-")
        .replacingOccurrences(of: "id=\"fn", with: "id=\"fn-\(name)-")
    }
    if Markdown.find("=\"#h-", in: html.utf8) || Markdown.find("heading-anchor", in: html.utf8) {
      html = html.replacingOccurrences(of: "href=\"#h-", with: "href=\"#h-\(name)-")
        .replacingOccurrences(of: HeadingAnchors.marker + "\"h-", with: HeadingAnchors.marker + "\"h-\(name)-")
    }
    return html
  }

  /// The extensions of the recordings a page plays (`AudioPlayers`).
  public static let audioExtensions: Set<String> = ["m4a", "mp3", "ogg", "opus", "wav", "webm"]

  /// `html` (a fragment this renderer made) with each paragraph that is only a link to a
  /// recording (`[Voice note 0:12](….webm)`, as `ilgi attach` and the app link one) made a
  /// player: `<audio controls>` over the link.
  public static func withAudioPlayers(_ html: String) -> String {
    guard Markdown.find("<p><a href=\"", in: html.utf8) else { return html }
    var out = ""
    var rest = Substring(html)
    while let open = rest.range(of: "<p><a href=\"") {
      out += rest[..<open.lowerBound]
      let afterOpen = rest[open.upperBound...]
      guard let quote = afterOpen.firstIndex(of: "\""), let close = afterOpen.range(of: "</a></p>"),
        quote < close.lowerBound, !afterOpen[..<close.lowerBound].contains("<"),
        case let url = afterOpen[..<quote],
        audioExtensions.contains(String(url.split(separator: "?").first?.split(separator: ".").last ?? "").lowercased())
      else {
        out += rest[open]
        rest = afterOpen
        continue
      }
      let link = "<a href=\"" + afterOpen[..<close.lowerBound] + "</a>"
      out +=
        "<figure class=\"voice\"><audio controls preload=\"metadata\" src=\"" + url + "\"></audio>"
        + "<figcaption>" + link + "</figcaption></figure>"
      rest = afterOpen[close.upperBound...]
    }
    return out + rest
  }

  /// Makes a renderer; raw HTML stays out unless `allowsRawHTML`.
  public init(allowsRawHTML: Bool = false) {
    self.allowsRawHTML = allowsRawHTML
  }

  /// The HTML fragment for `markdown`: the same for `ilgi show --html`, `ilgi render` and pages.
  public func html(_ markdown: String) -> String {
    var result = ""
    withDocument(markdown) { root in result = renderHTML(root) }
    return result
  }

  /// The HTML fragment for `markdown` shown somewhere other than beside its file: every relative
  /// link and picture gets `base` in front (`../entries/2026/03/`), so it still finds its file.
  public func html(_ markdown: String, rebasing base: String) -> String {
    if base.isEmpty { return html(markdown) }
    var result = ""
    withDocument(markdown) { root in
      rebase(root, onto: base)
      result = renderHTML(root)
    }
    return result
  }

  /// `html(markdown)` and `html(markdown, rebasing: base)` from one reading of the text (an entry's
  /// page and its year's book show the same body); the second is the first when nothing in it is
  /// relative.
  public func html(_ markdown: String, alsoRebasing base: String) -> (html: String, rebased: String) {
    var result = ("", "")
    withDocument(markdown) { root in
      let html = renderHTML(root)
      result = (html, !base.isEmpty && rebase(root, onto: base) ? renderHTML(root) : html)
    }
    return result
  }

  /// Puts `base` in front of every relative link and picture of the document at `root`; whether
  /// there was one.
  @discardableResult
  private func rebase(_ root: OpaquePointer, onto base: String) -> Bool {
    var rebased = false
    walk(root) { node, entering in
      let type = cmark_node_get_type(node)
      if entering, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let pointer = cmark_node_get_url(node) {
        let url = String(cString: pointer)
        if Self.isRelative(url.utf8) {
          cmark_node_set_url(node, base + url)
          rebased = true
        }
      }
      return true
    }
    return rebased
  }

  private func renderHTML(_ root: OpaquePointer) -> String {
    guard let rendered = cmark_render_html(root, allowsRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT) else {
      return ""
    }
    defer { free(rendered) }
    return String(cString: rendered)
  }

  /// The relative destinations of `markdown`'s links and pictures, in order (as written, query
  /// and fragment cut off).
  public func relativeLinks(_ markdown: String) -> [String] {
    var links: [String] = []
    // Links are links with no extension's pass: none adds a relative one.
    withDocument(markdown, passes: []) { root in
      walk(root) { node, entering in
        let type = cmark_node_get_type(node)
        if entering, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let pointer = cmark_node_get_url(node) {
          let url = String(cString: pointer).utf8
          if Self.isRelative(url) {
            links.append(
              String(decoding: url.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }, as: UTF8.self))
          }
        }
        return true
      }
    }
    return links
  }

  /// The wiki links of `markdown` (outside code, links and pictures), in order.
  public static func wikiLinks(in markdown: String) -> [WikiLink] {
    // Read from the text nodes the pass would replace (a cell's text is the same without tables').
    guard Markdown.find("[[", in: markdown.utf8),
      let root = Markdown.parse(markdown, options: CMARK_OPT_DEFAULT, passes: [], wikiLinks: nil)
    else { return [] }
    defer { cmark_node_free(root) }
    return WikiLinkExtension.links(in: root)
  }

  /// The task list items of `markdown` (`- [ ] text`), in the order their checkboxes are shown
  /// (a footnote's aside): where each one's mark is (the UTF-8 offset of the space or `x`
  /// between its brackets; nil for an item whose place the text does not give, one read again
  /// after a table) and whether it is ticked.
  public func tasks(_ markdown: String) -> [(offset: Int?, checked: Bool, text: String)] {
    var tasks: [(Int?, Bool, String)] = []
    let lines = SourceLines(Array(markdown.utf8))
    withDocument(markdown) { root in
      var inFootnotes = 0
      walk(root) { node, entering in
        switch ExtendedNode(node) {
        case .footnotes: inFootnotes += entering ? 1 : -1
        case .checkbox(let checked) where entering && inFootnotes == 0:
          let placed = NodeMark.of(node) != .readAgain
          let offset = placed ? cmark_node_parent(node).flatMap(lines.offset(of:)).map { $0 + 1 } : nil
          tasks.append((offset, checked, cmark_node_parent(node).map(Self.taskText) ?? ""))
        default: break
        }
        return true
      }
    }
    return tasks
  }

  /// The text of a task's first paragraph as a reader sees it, its spaces folded: what tells one
  /// task from another when the text around them changed.
  static func taskText(_ paragraph: OpaquePointer) -> String {
    var text = ""
    Markdown.walk(paragraph) { node, entering in
      let type = cmark_node_get_type(node)
      if entering, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(node) {
        text += String(cString: literal)
      } else if entering, type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
        text += " "
      }
      return true
    }
    return Self.foldingSpaces(text)
  }

  /// `text` with each run of white space one space, none at the ends.
  public static func foldingSpaces(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The number (as `tasks` counts) of the one task of `markdown` whose text is `text` (spaces
  /// folded), or nil when none or several are.
  public func task(saying text: String, in markdown: String) -> Int? {
    let wanted = Self.foldingSpaces(text)
    let found = tasks(markdown).enumerated().filter { $0.element.text == wanted }
    return found.count == 1 ? found[0].offset : nil
  }

  /// `markdown` with its task item `index` (as `tasks` counts) ticked or not; nil when it has
  /// no such item, or its mark is not where the text says (`[ ]`, `[x]`, `[X]`).
  public func settingTask(_ index: Int, checked: Bool, in markdown: String) -> String? {
    let tasks = tasks(markdown)
    guard tasks.indices.contains(index), let offset = tasks[index].offset else { return nil }
    var bytes = Array(markdown.utf8)
    guard offset >= 1, offset + 1 < bytes.count, bytes[offset - 1] == UInt8(ascii: "["),
      bytes[offset + 1] == UInt8(ascii: "]"),
      [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[offset])
    else { return nil }
    if tasks[index].checked != checked { bytes[offset] = checked ? UInt8(ascii: "x") : UInt8(ascii: " ") }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `url` is a path relative to the page: no scheme, not absolute, not a fragment.
  /// Read by bytes: a `/`, `?` or `#` followed by a combining mark is one Character, and is
  /// still a separator in a URL.
  static func isRelative(_ url: String.UTF8View) -> Bool {
    guard let first = url.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "#"), first != UInt8(ascii: "?")
    else { return false }
    let head = url.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    return !head.contains(UInt8(ascii: ":"))
  }

  /// The text a reader sees, Markdown syntax removed, on one line with runs of space folded.
  ///
  /// Stops once `limit` characters are collected, so long bodies cost little.
  public func plainText(_ markdown: String, limit: Int = .max) -> String {
    var text = PlainText(limit: limit)
    withDocument(markdown, passes: .text) { root in
      walk(root) { node, entering in
        if text.isFull { return false }
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
          guard entering, let literal = cmark_node_get_literal(node) else { break }
          let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
          if Self.onlyHangulAndHan(bytes) {
            if !text.appendWords(bytes) { return false }
          } else {
            text.appendCharacters(bytes)
          }
          if type == CMARK_NODE_CODE_BLOCK { text.space() }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
          text.space()
        case CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE:
          // A table's cells are apart, as its blocks and footnotes are.
          if !entering, let kind = ExtendedNode(node), kind.separatesWords { text.space() }
        default:
          if !entering && Self.isBlock(type) { text.space() }
        }
        return true
      }
    }
    return String(decoding: text.out, as: UTF8.self)
  }

  /// What `plainText` collects: UTF-8 bytes, made a string once (appending character by
  /// character to a String cost more than cmark's parse), and the count of characters appended.
  /// Joined, characters can only merge (a combining mark after a letter), so the text's own
  /// characters are counted only once `appended` reaches `limit`.
  private struct PlainText {
    let limit: Int
    var out: [UInt8] = []
    var appended = 0
    /// A space or a break came after text: a space goes before the next.
    var pendingSpace = false

    /// Whether `limit` characters are collected.
    var isFull: Bool { appended >= limit && String(decoding: out, as: UTF8.self).count >= limit }

    /// A space, a control character or a break: it ends a word.
    mutating func space() { pendingSpace = !out.isEmpty }

    /// `bytes`, of `characters` characters, after the space waiting.
    mutating func append(_ bytes: some Collection<UInt8>, characters: Int) {
      if pendingSpace {
        out.append(UInt8(ascii: " "))
        appended += 1
      }
      pendingSpace = false
      out.append(contentsOf: bytes)
      appended += characters
    }

    /// A literal of ASCII with Hangul syllables and Han, where each scalar is a character of its
    /// own and those beyond ASCII are letters: taken a word at a time; false once long enough.
    mutating func appendWords(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var index = 0
      while index < bytes.count {
        if bytes[index] <= 0x20 || bytes[index] == 0x7F {
          space()
          index += 1
          continue
        }
        var end = index + 1
        var characters = bytes[index] & 0xC0 == 0x80 ? 0 : 1
        while end < bytes.count, bytes[end] > 0x20, bytes[end] != 0x7F {
          if bytes[end] & 0xC0 != 0x80 { characters += 1 }
          end += 1
        }
        let wasShort = appended + (pendingSpace ? 1 : 0) < limit
        append(UnsafeBufferPointer(rebasing: bytes[index..<end]), characters: characters)
        index = end
        if wasShort, isFull { return false }
      }
      return true
    }

    /// A literal of any script, a character at a time.
    mutating func appendCharacters(_ bytes: UnsafeBufferPointer<UInt8>) {
      for character in String(decoding: bytes, as: UTF8.self) {
        // Hangul syllables and Han are never spaces nor controls; others are looked up.
        let first = character.unicodeScalars.first?.value ?? 0
        let letter = (0xAC00...0xD7A3).contains(first) || (0x4E00...0x9FFF).contains(first)
        if !letter
          && (character.isWhitespace
            || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }))
        {
          space()
        } else {
          append(character.utf8, characters: 1)
        }
      }
    }
  }

  /// Whether every scalar beyond ASCII in `bytes` (UTF-8) is a Hangul syllable (U+AC00 to
  /// U+D7A3) or Han (U+4E00 to U+9FFF): three bytes each, none joining another into one character.
  package static func onlyHangulAndHan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let (value, length) = bytes.scalar(at: index)
      guard value < 0x80 || (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value) else { return false }
      index += length
    }
    return true
  }

  /// The inline `#tags` and `@tags` (jrnl's) of `markdown`, in order of first appearance, each
  /// once.
  ///
  /// Only text counts (FORMAT.md): not code, raw HTML, link targets or heading markers, so `#1`,
  /// a colour in a style attribute and the `@` of an e-mail address are not tags.
  public func inlineTags(_ markdown: String) -> [String] {
    Self.mayHoldTags(markdown) ? parsedInlineTags(markdown) : []
  }

  /// `inlineTags` found by cmark, without first looking whether any can be there.
  func parsedInlineTags(_ markdown: String) -> [String] {
    var markdown = markdown
    // An escaped `\#` or `\@` is the writer saying "no tag" (Obsidian and Logseq read it so);
    // cmark's text would lose the backslash, so the mark is taken out first.
    if Markdown.find("\\#", in: markdown.utf8) || Markdown.find("\\@", in: markdown.utf8) {
      markdown = markdown.replacingOccurrences(of: "\\#", with: "\u{FFFC}")
        .replacingOccurrences(of: "\\@", with: "\u{FFFC}")
    }
    var tags: [String] = []
    var seen = Set<String>()
    // Tags are in the text as libcmark reads it: a cell's or a task's text is the same with or
    // without the extensions' passes; a footnote's is read as a footnote.
    // A link's text names what it leads to (`[@handle](https://...)`, `[#3](...)`): no tag.
    withDocument(markdown, passes: [.footnotes]) { root in
      var inLink = 0
      walk(root) { node, entering in
        let type = cmark_node_get_type(node)
        if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { inLink += entering ? 1 : -1 }
        // Only text that holds a `#` or an `@` is looked at character by character.
        if entering, inLink == 0, type == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node),
          strchr(literal, Int32(UInt8(ascii: "#"))) != nil || strchr(literal, Int32(UInt8(ascii: "@"))) != nil
        {
          Self.collectTags(in: String(cString: literal), into: &tags, seen: &seen)
        }
        return true
      }
    }
    return tags
  }

  /// Whether `markdown` has a `#` or an `@` followed by a letter anywhere (an ASCII letter or
  /// any character beyond ASCII) or a digit (`&#35;tag` is `#tag` to cmark), or `&num;` or
  /// `&commat;`: text without one holds no tag, and cmark need not read it.
  static func mayHoldTags(_ markdown: String) -> Bool {
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      let beforeALetter = { (at: Int) -> Bool in
        guard at + 1 < bytes.count else { return false }
        let next = bytes[at + 1]
        return next >= 0x80 || (next | 0x20) &- UInt8(ascii: "a") < 26 || next &- UInt8(ascii: "0") < 10
      }
      return bytes.contains(UInt8(ascii: "#"), where: beforeALetter)
        || bytes.contains(UInt8(ascii: "@"), where: beforeALetter)
        || bytes.contains(UInt8(ascii: "&")) { at in
          bytes[(at + 1)...].starts(with: "num;".utf8) || bytes[(at + 1)...].starts(with: "commat;".utf8)
        }
    }
  }

  /// The tags of one text into `tags`, each once: `seen` holds the lower-cased ones already
  /// there, so an entry of 100,000 tags costs linear time.
  static func collectTags(in text: String, into tags: inout [String], seen: inout Set<String>) {
    var previous: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      // A wiki link (`[[Note#Heading]]`, `[[#Heading|see]]`) names a note and its heading: what
      // it holds is never a tag.
      if character == "[", next < text.endIndex, text[next] == "[",
        let close = text[next...].range(of: "]]"), !text[next..<close.lowerBound].contains("\n")
      {
        previous = "]"
        index = close.upperBound
        continue
      }
      // After a space or at the start, as Obsidian, Foam and jrnl read them; then a letter.
      if character == "#" || character == "@", next < text.endIndex, text[next].isLetter,
        previous.map(\.isWhitespace) ?? true
      {
        var end = next
        while end < text.endIndex,
          text[end].isLetter || text[end].isNumber || text[end] == "-" || text[end] == "_"
        {
          end = text.index(after: end)
        }
        var tag = String(text[next..<end])
        while tag.hasSuffix("-") { tag.removeLast() }
        let normalized = tag.nfc
        // `@scope/package` (npm) names a package, not a tag.
        let scoped = character == "@" && end < text.endIndex && text[end] == "/"
        if !scoped && !Self.isColour(normalized) && seen.insert(normalized.lowercased()).inserted {
          tags.append(normalized)
        }
        previous = text[text.index(before: end)]
        index = end
        continue
      }
      previous = character
      index = next
    }
  }

  /// Whether a would-be tag is a CSS colour (`#ecf1e8`, `#fa0`): 3, 4, 6 or 8 hex digits, at
  /// least one of them a digit (so `#cafe` and `#bad` stay tags).
  static func isColour(_ tag: String) -> Bool {
    [3, 4, 6, 8].contains(tag.count) && tag.allSatisfy(\.isHexDigit) && tag.contains(where: \.isNumber)
  }

  // MARK: Terminal

  /// How terminal output is decorated.
  public enum TerminalStyle: Sendable {
    /// ANSI colours and attributes.
    case ansi
    /// Plain text; emphasis and code keep light Markdown marks so they stay visible.
    case plain
  }

  /// `markdown` laid out for a terminal: headings, emphasis, lists, quotes, code and links.
  ///
  /// Control characters from the entry never reach the terminal.
  /// Tables are laid out in columns that fit `width` (terminal columns, wide characters counted
  /// twice), their cells wrapped when they do not.
  public func terminal(_ markdown: String, style: TerminalStyle, width: Int = 80) -> String {
    var lines: [String] = []
    withDocument(markdown) { root in
      lines = TerminalLayout(style: style, width: width).blocks(of: root)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: cmark plumbing

  private func withDocument(
    _ markdown: String, passes: Markdown.Passes = .all, _ body: (OpaquePointer) -> Void
  ) {
    // Plain text reads a wiki link as the text it shows, wherever it leads.
    let asText: @Sendable (WikiLink) -> WikiResolution = { _ in .unresolved(begin: nil) }
    let wiki = passes.contains(.autolinks) ? wikiLinks?.resolve : passes == .text ? asText : nil
    guard
      let root = Markdown.parse(
        markdown, options: CMARK_OPT_DEFAULT, passes: passes, after: precedingText, wikiLinks: wiki)
    else { return }
    defer { cmark_node_free(root) }
    if headingAnchors, passes.contains(.autolinks) { HeadingAnchors().apply(to: root) }
    body(root)
  }

  /// Visits nodes depth first; `visit` returns false to stop.
  private func walk(_ root: OpaquePointer, _ visit: (OpaquePointer, Bool) -> Bool) { Markdown.walk(root, visit) }

  fileprivate static func isBlock(_ type: cmark_node_type) -> Bool {
    switch type {
    case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE,
      CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_LIST:
      return true
    default: return false
    }
  }
}

/// Lays out a cmark tree as terminal lines.
struct TerminalLayout {
  let style: MarkdownRenderer.TerminalStyle
  /// The columns a table may take.
  var width = 80

  func ansi(_ code: String, _ text: String, reset: String = "0") -> String {
    style == .ansi ? "\u{1B}[\(code)m\(text)\u{1B}[\(reset)m" : text
  }

  func children(_ node: OpaquePointer) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var child = cmark_node_first_child(node)
    while let current = child {
      result.append(current)
      child = cmark_node_next(current)
    }
    return result
  }

  private func literal(_ node: OpaquePointer) -> String {
    guard let pointer = cmark_node_get_literal(node) else { return "" }
    return Self.sanitized(String(cString: pointer))
  }

  /// Drops control characters (escape sequences above all) but keeps tabs and newlines, and
  /// shows the bidirectional controls as what they are (`MarkdownRenderer.terminalSafe`).
  static func sanitized(_ text: String) -> String { MarkdownRenderer.terminalSafe(text, keepingLines: true) }

  /// Lines for the blocks under `node`, a blank line between blocks.
  func blocks(of node: OpaquePointer, tight: Bool = false) -> [String] {
    var lines: [String] = []
    for child in children(node) {
      let block = self.block(child)
      if block.isEmpty { continue }
      if !lines.isEmpty && !tight { lines.append("") }
      lines += block
    }
    return lines
  }

  private func block(_ node: OpaquePointer) -> [String] {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_PARAGRAPH:
      return inlines(node).components(separatedBy: "\n")
    case CMARK_NODE_HEADING:
      let level = Int(cmark_node_get_heading_level(node))
      let text = inlines(node)
      if style == .plain { return [String(repeating: "#", count: level) + " " + text] }
      return [ansi(level == 1 ? "1;4;35" : "1;35", text)]
    case CMARK_NODE_BLOCK_QUOTE:
      return blocks(of: node).map { ansi("2", "│ ") + $0 }
    case CMARK_NODE_LIST:
      let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
      var number = Int(cmark_node_get_list_start(node))
      let tight = cmark_node_get_list_tight(node) != 0
      var lines: [String] = []
      for item in children(node) {
        // A task's box stands where a bullet would.
        let marker = ordered ? "\(number). " : isTask(item) ? "" : "• "
        number += 1
        let body = blocks(of: item, tight: tight)
        if !lines.isEmpty && !tight { lines.append("") }
        let indent = String(repeating: " ", count: marker.isEmpty ? 2 : marker.count)
        for (index, line) in body.enumerated() {
          lines.append(
            index == 0 ? (marker.isEmpty ? line : ansi("33", marker) + line) : (line.isEmpty ? "" : indent + line))
        }
        if body.isEmpty { lines.append(ansi("33", marker)) }
      }
      return lines
    case CMARK_NODE_CODE_BLOCK:
      var code = literal(node)
      if code.hasSuffix("\n") { code.removeLast() }
      return code.components(separatedBy: "\n").map { "    " + ansi("36", $0) }
    case CMARK_NODE_HTML_BLOCK:
      var html = literal(node)
      while html.hasSuffix("\n") { html.removeLast() }
      return html.components(separatedBy: "\n").map { ansi("2", $0) }
    case CMARK_NODE_THEMATIC_BREAK:
      return [ansi("2", String(repeating: "─", count: 40))]
    case CMARK_NODE_CUSTOM_BLOCK:
      switch ExtendedNode(node) {
      case .table: return TerminalTable(node, layout: self).lines(width: width)
      case .footnotes: return [ansi("2", String(repeating: "─", count: 20))] + blocks(of: node, tight: true)
      case .footnote(let number):
        let marker = "[\(number)] "
        let indent = String(repeating: " ", count: marker.count)
        return blocks(of: node).enumerated().map { index, line in
          index == 0 ? ansi("33", marker) + line : (line.isEmpty ? "" : indent + line)
        }
      default: return blocks(of: node)
      }
    default:
      return blocks(of: node)
    }
  }

  /// Whether the list item `item` starts with a task's box.
  private func isTask(_ item: OpaquePointer) -> Bool {
    guard let paragraph = cmark_node_first_child(item), let first = cmark_node_first_child(paragraph),
      case .checkbox = ExtendedNode(first)
    else { return false }
    return true
  }

  func inlines(_ node: OpaquePointer) -> String {
    var out = ""
    for child in children(node) {
      switch cmark_node_get_type(child) {
      case CMARK_NODE_TEXT: out += literal(child)
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: out += "\n"
      case CMARK_NODE_CODE:
        out += style == .plain ? "`\(literal(child))`" : ansi("36", literal(child))
      case CMARK_NODE_EMPH:
        out += style == .plain ? "_\(inlines(child))_" : ansi("3", inlines(child), reset: "23")
      case CMARK_NODE_STRONG:
        out += style == .plain ? "**\(inlines(child))**" : ansi("1", inlines(child), reset: "22")
      case CMARK_NODE_LINK:
        let text = inlines(child)
        let url = cmark_node_get_url(child).map { Self.sanitized(String(cString: $0)) } ?? ""
        // A bare address is shown once (`www.example.com` links `http://www.example.com`).
        if url.isEmpty || url == text || url == "http://" + text || url == "mailto:" + text {
          out += ansi("4;34", text.isEmpty ? url : text)
        } else {
          out += ansi("4", text, reset: "24") + " " + ansi("34", "<\(url)>")
        }
      case CMARK_NODE_IMAGE:
        let alt = inlines(child)
        let url = cmark_node_get_url(child).map { Self.sanitized(String(cString: $0)) } ?? ""
        out += ansi("2", "[image: \(alt.isEmpty ? url : alt)]")
      case CMARK_NODE_HTML_INLINE: out += ansi("2", literal(child))
      case CMARK_NODE_CUSTOM_INLINE:
        switch ExtendedNode(child) {
        case .checkbox(let checked): out += ansi("33", checked ? "☑" : "☐") + " "
        case .strikethrough: out += style == .plain ? "~~\(inlines(child))~~" : ansi("9", inlines(child), reset: "29")
        case .footnoteReference(let number, _): out += ansi("33", "[\(number)]")
        case .backReference: break
        case .unresolvedLink: out += ansi("2", inlines(child))
        default: out += inlines(child)
        }
      default: out += inlines(child)
      }
    }
    return out
  }
}

extension MarkdownRenderer {
  /// `text` safe for a terminal: control characters dropped (tabs and newlines kept when
  /// `keepingLines`), and each bidirectional embedding, override or isolate (U+202A to U+202E,
  /// U+2066 to U+2069), which would reorder what the person sees (`abc` shown as `cba`), shown
  /// as a visible mark of its code point, `<U+202E>`.
  public static func terminalSafe(_ text: String, keepingLines: Bool) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
        out.append(contentsOf: "<U+\(String(value, radix: 16, uppercase: true))>".unicodeScalars)
      } else if (keepingLines && (scalar == "\n" || scalar == "\t"))
        || !(value < 0x20 || (0x7F...0x9F).contains(value))
      {
        out.append(scalar)
      }
    }
    return String(out)
  }
}
