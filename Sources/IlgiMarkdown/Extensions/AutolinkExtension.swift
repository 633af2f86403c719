import CCmark

/// Links written without brackets, as GitHub Flavored Markdown finds them ("Autolinks
/// (extension)"): `www.` addresses (linked with `http://`), `http://`, `https://` and `ftp://`
/// addresses, and e-mail addresses (linked with `mailto:`), by cmark-gfm's rules for where an
/// address ends: trailing punctuation, an unmatched `)` and an entity-like `&name;` are left out.
///
/// Web addresses are found in the text as written, where libcmark kept where it was: as in
/// cmark-gfm, an address takes a backslash or an entity as written (`http://a.example/\|`).
/// E-mail addresses are found in the text as read, as cmark-gfm finds them.
struct AutolinkExtension {
  /// The text the document was parsed from.
  let source: SourceLines
  /// The options it was parsed with.
  let options: Int32

  /// Links the addresses in the document's text outside links, pictures and table cells (a
  /// cell's text was parsed apart, and linked there).
  func apply(to root: OpaquePointer) {
    for text in Markdown.texts(in: root, cells: false) {
      for rest in linkAddresses(in: text) { linkEmails(in: rest) }
    }
  }

  // MARK: Web addresses

  /// The text of `node` as written, when libcmark kept where it was and it reads back as the
  /// node's text.
  private func written(_ node: OpaquePointer, literal: String) -> [UInt8]? {
    let line = Int(cmark_node_get_start_line(node))
    let (start, end) = (Int(cmark_node_get_start_column(node)), Int(cmark_node_get_end_column(node)))
    guard line > 0, line == Int(cmark_node_get_end_line(node)), line <= source.lines.count, start > 0, end >= start
    else { return nil }
    let text = source.lines[line - 1]
    guard end <= text.count else { return nil }
    var bytes = Array(text[(text.startIndex + start - 1)..<(text.startIndex + end)])
    if bytes.elementsEqual(literal.utf8) || read(bytes) == literal { return bytes }
    // Without the spaces a line's start, a break or the paragraph's end took off.
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    if read(bytes) == literal { return bytes }
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
    return read(bytes) == literal ? bytes : nil
  }

  /// Text as written as libcmark reads it: a backslash before punctuation escapes it, and an
  /// entity (`&amp;`, `&#35;`) is the character it names, read by libcmark itself.
  private func read(_ written: some Collection<UInt8>) -> String? {
    let bytes = Array(written)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, Self.isASCIIPunctuation(bytes[index + 1]) {
        out.append(bytes[index + 1])
        index += 2
      } else if byte == UInt8(ascii: "&"), let end = bytes[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")),
        end > index + 1, bytes[(index + 1)..<end].allSatisfy({ Self.isAlphanumeric($0) || $0 == UInt8(ascii: "#") }),
        let character = entity(bytes[index...end])
      {
        out += character.utf8
        index = end + 1
      } else {
        out.append(byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The character the entity `text` names, as libcmark reads it; nil when it names none.
  private func entity(_ text: ArraySlice<UInt8>) -> String? {
    let markdown = String(decoding: text, as: UTF8.self)
    let length = markdown.utf8.count
    guard let document = markdown.withCString({ cmark_parse_document($0, length, options) }) else { return nil }
    defer { cmark_node_free(document) }
    guard let paragraph = cmark_node_first_child(document), let text = cmark_node_first_child(paragraph),
      cmark_node_next(text) == nil, cmark_node_get_type(text) == CMARK_NODE_TEXT,
      let literal = cmark_node_get_literal(text)
    else { return nil }
    let character = String(cString: literal)
    return character == markdown ? nil : character
  }

  /// Splits `node` around its `www.` and scheme addresses; the text nodes left.
  private func linkAddresses(in node: OpaquePointer) -> [OpaquePointer] {
    guard let pointer = cmark_node_get_literal(node) else { return [node] }
    let literal = String(cString: pointer)
    guard Markdown.find("://", in: literal.utf8) || Markdown.find("www.", in: literal.utf8) else {
      return [node]
    }
    let written = written(node, literal: literal)
    let data = written ?? Array(literal.utf8)
    var pieces: [(range: Range<Int>, url: String?)] = []
    var start = 0
    var index = 0
    while index < data.count {
      var found: (begin: Int, end: Int, url: String)?
      if data[index] == UInt8(ascii: ":") {
        found = Self.schemeAddress(data, colon: index, from: start)
      } else if data[index] == UInt8(ascii: "w") {
        let before: UInt8? = index > 0 ? data[index - 1] : Self.edgeBefore(node)
        found = Self.wwwAddress(data, at: index, before: before)
      }
      guard let (begin, end, url) = found else {
        index += 1
        continue
      }
      if begin > start { pieces.append((start..<begin, nil)) }
      pieces.append((begin..<end, url))
      start = end
      index = end
    }
    guard !pieces.isEmpty else { return [node] }
    if start < data.count { pieces.append((start..<data.count, nil)) }
    // The text between addresses as read; an address as written.
    let asRead = written.map { !$0.elementsEqual(literal.utf8) } ?? false
    return replace(node, with: pieces, in: data) { range in
      asRead
        ? read(data[range]) ?? String(decoding: data[range], as: UTF8.self)
        : String(decoding: data[range], as: UTF8.self)
    }
  }

  /// The character before a text node's start, as its syntax had it: nil at the start of a
  /// line, a space after a break; emphasis and strikethrough end in `*`, `_` or `~`, after
  /// which an address may start; anything else in a character that stops it.
  private static func edgeBefore(_ node: OpaquePointer) -> UInt8? {
    guard let previous = cmark_node_previous(node) else { return nil }
    switch cmark_node_get_type(previous) {
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return UInt8(ascii: " ")
    case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_CUSTOM_INLINE: return UInt8(ascii: "*")
    default: return UInt8(ascii: "`")
    }
  }

  /// An address with a scheme whose `:` is at `colon`: its bounds and its link.
  static func schemeAddress(_ data: [UInt8], colon: Int, from start: Int) -> (Int, Int, String)? {
    guard colon + 3 < data.count + 1, colon + 2 < data.count, data[colon + 1] == UInt8(ascii: "/"),
      data[colon + 2] == UInt8(ascii: "/")
    else { return nil }
    var begin = colon
    while begin > start, isAlpha(data[begin - 1]) { begin -= 1 }
    let scheme = String(decoding: data[begin..<colon], as: UTF8.self).lowercased()
    guard ["http", "https", "ftp"].contains(scheme), colon + 3 < data.count, isHostCharacter(data, colon + 3) else {
      return nil
    }
    let domain = domainLength(data, from: colon + 3, allowsShort: true)
    guard domain > 0 else { return nil }
    var end = colon + 3 + domain
    while end < data.count, !isSpace(data[end]) { end += 1 }
    end = begin + trimmedEnd(Array(data[begin..<end]))
    guard end > begin else { return nil }
    return (begin, end, String(decoding: data[begin..<end], as: UTF8.self))
  }

  /// A `www.` address at `index` (after `before`, nil at the text's start): its bounds and its
  /// link.
  static func wwwAddress(_ data: [UInt8], at index: Int, before: UInt8?) -> (Int, Int, String)? {
    if let before, !isSpace(before), !"*_~(".utf8.contains(before) { return nil }
    guard data.count - index >= 4, data[index..<(index + 4)].elementsEqual("www.".utf8) else { return nil }
    var end = domainLength(data, from: index, allowsShort: false)
    guard end > 0 else { return nil }
    end += index
    while end < data.count, !isSpace(data[end]) { end += 1 }
    end = index + trimmedEnd(Array(data[index..<end]))
    guard end > index else { return nil }
    return (index, end, "http://" + String(decoding: data[index..<end], as: UTF8.self))
  }

  /// How far a domain goes from `start` (cmark-gfm's `check_domain`): host characters, `-`,
  /// `_` and dots, with no `_` in its last two parts; 0 when it is no domain (no dot, unless
  /// `allowsShort`).
  private static func domainLength(_ data: [UInt8], from start: Int, allowsShort: Bool) -> Int {
    let size = data.count - start
    var (dots, underscoresBefore, underscores) = (0, 0, 0)
    var index = 1
    // No domain is longer than 253 bytes: a longer run is read no further, so that every start
    // in a long run costs the same.
    while index < size - 1, index < 256 {
      let byte = data[start + index]
      if byte == UInt8(ascii: "_") {
        underscores += 1
      } else if byte == UInt8(ascii: ".") {
        underscoresBefore = underscores
        underscores = 0
        dots += 1
      } else if !isHostCharacter(data, start + index), byte != UInt8(ascii: "-") {
        break
      }
      index += 1
    }
    if underscoresBefore > 0 || underscores > 0 { return 0 }
    return allowsShort || dots > 0 ? index : 0
  }

  /// Where an address found in `data` ends once what follows it in prose is left out: from the
  /// first `<`, trailing punctuation, an entity-like `&name;`, and a `)` with no `(` to match.
  static func trimmedEnd(_ data: [UInt8]) -> Int {
    var end = data.firstIndex(of: UInt8(ascii: "<")) ?? data.count
    // Counted once: each `)` taken off the end is one fewer.
    var opening = data[..<end].count { $0 == UInt8(ascii: "(") }
    var closing = data[..<end].count { $0 == UInt8(ascii: ")") }
    while end > 0 {
      let last = data[end - 1]
      if "?!.,:*_~'\"".utf8.contains(last) {
        end -= 1
      } else if last == UInt8(ascii: ";") {
        var start = end - 2
        while start > 0, isAlpha(data[start]) { start -= 1 }
        let cut = start < end - 2 && data[start] == UInt8(ascii: "&") ? start : end - 1
        opening -= data[cut..<end].count { $0 == UInt8(ascii: "(") }
        closing -= data[cut..<end].count { $0 == UInt8(ascii: ")") }
        end = cut
      } else if last == UInt8(ascii: ")") {
        if closing <= opening { break }
        closing -= 1
        end -= 1
      } else {
        break
      }
    }
    return end
  }

  // MARK: E-mail addresses

  /// Links the e-mail addresses of the text `node` (cmark-gfm's rules: a local part of letters,
  /// digits and `.+-_`, one `@`, a domain with a dot, ending in a letter).
  private func linkEmails(in node: OpaquePointer) {
    guard let literal = cmark_node_get_literal(node) else { return }
    let data = Array(String(cString: literal).utf8)
    guard data.contains(UInt8(ascii: "@")) else { return }
    var pieces: [(range: Range<Int>, url: String?)] = []
    var start = 0
    var from = 0
    while let at = data[from...].firstIndex(of: UInt8(ascii: "@")) {
      from = at + 1
      guard let (begin, end) = Self.emailAddress(data, at: at, from: start) else { continue }
      if begin > start { pieces.append((start..<begin, nil)) }
      pieces.append((begin..<end, "mailto:" + String(decoding: data[begin..<end], as: UTF8.self)))
      start = end
      from = end
    }
    guard !pieces.isEmpty else { return }
    if start < data.count { pieces.append((start..<data.count, nil)) }
    _ = replace(node, with: pieces, in: data) { String(decoding: data[$0], as: UTF8.self) }
  }

  /// The bounds of the e-mail address whose `@` is at `at`, found no earlier than `start`.
  static func emailAddress(_ data: [UInt8], at: Int, from start: Int) -> (Int, Int)? {
    var begin = at
    while begin > start {
      let byte = data[begin - 1]
      if isAlphanumeric(byte) || ".+-_".utf8.contains(byte) {
        begin -= 1
      } else if byte == UInt8(ascii: "/") {
        return nil
      } else {
        break
      }
    }
    guard begin < at else { return nil }
    var end = at
    var (ats, dots) = (0, 0)
    while end < data.count {
      let byte = data[end]
      if isAlphanumeric(byte) {
      } else if byte == UInt8(ascii: "@") {
        // A second `@` makes it no address: no need to read on.
        ats += 1
        if ats > 1 { return nil }
      } else if byte == UInt8(ascii: "."), end < data.count - 1, isAlphanumeric(data[end + 1]) {
        dots += 1
      } else if byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_") {
        break
      }
      end += 1
    }
    let length = end - at
    guard length >= 2, ats == 1, dots > 0, isAlpha(data[end - 1]) || data[end - 1] == UInt8(ascii: ".") else {
      return nil
    }
    let trimmed = trimmedEnd(Array(data[at..<end]))
    guard trimmed > 0 else { return nil }
    return (begin, at + trimmed)
  }

  // MARK: Nodes and characters

  /// Puts text and link nodes for `pieces` of `data` in place of `node`, the text between
  /// links as `reading` gives it; the text nodes made.
  private func replace(
    _ node: OpaquePointer, with pieces: [(range: Range<Int>, url: String?)], in data: [UInt8],
    reading: (Range<Int>) -> String
  ) -> [OpaquePointer] {
    var texts: [OpaquePointer] = []
    for (range, url) in pieces {
      guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
      cmark_node_set_literal(text, url == nil ? reading(range) : String(decoding: data[range], as: UTF8.self))
      if let url, let link = cmark_node_new(CMARK_NODE_LINK) {
        cmark_node_set_url(link, url)
        NodeMark.autolink.put(on: link)
        cmark_node_append_child(link, text)
        cmark_node_insert_before(node, link)
      } else {
        cmark_node_insert_before(node, text)
        texts.append(text)
      }
    }
    cmark_node_free(node)
    return texts
  }

  private static func isAlpha(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }
  private static func isAlphanumeric(_ byte: UInt8) -> Bool { isAlpha(byte) || (0x30...0x39).contains(byte) }
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// Whether the character starting at `index` may be in a host name: neither space nor
  /// punctuation. A byte inside a character's UTF-8 is not one (as cmark-gfm reads it).
  private static func isHostCharacter(_ data: [UInt8], _ index: Int) -> Bool {
    let byte = data[index]
    if byte < 0x80 { return !isSpace(byte) && !isASCIIPunctuation(byte) && byte > 0x20 }
    guard byte & 0xC0 == 0xC0 else { return false }
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
    guard index + length <= data.count,
      let scalar = String(validating: data[index..<(index + length)], as: UTF8.self)?.unicodeScalars.first
    else { return false }
    if scalar.properties.isWhitespace { return false }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return false
    default: return true
    }
  }

  private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }
}
