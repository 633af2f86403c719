import CCmark

/// Footnotes, as cmark-gfm writes them: `[^label]` refers to a definition written as a block,
/// `[^label]: text`, whose later lines are indented four spaces (or lazily continue its
/// paragraph). The definitions are taken out of the text before libcmark reads it (their lines
/// left blank, so every other line keeps its number); each is parsed as a document of its own.
/// A reference to a definition becomes a number, in the order the references come; the
/// definitions referred to are listed at the end in that order, each with a link back, and
/// the others are dropped. A reference to no definition stays text.
struct FootnoteExtension {
  /// A definition: its label as references match it, and its text without the label.
  struct Definition {
    var label: String
    var text: String
  }

  /// The text with the definitions' lines blank.
  let body: String
  /// The definitions, in the order they are written.
  let definitions: [Definition]

  /// The definitions of `markdown` taken out of it; nil when it has none.
  init?(_ markdown: String) {
    // Split at each line feed by its byte: `\r\n` is one Character, and a line keeps its `\r`.
    var lines = markdown.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var definitions: [Definition] = []
    // Code and raw HTML hold no definition; one starts a block of its own, after a blank line
    // (or another definition): a line in a paragraph or an HTML block is never taken out.
    var fence: String?
    var rawEnd: String?
    var afterBlank = true
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let startsABlock = afterBlank
      afterBlank = Self.isBlank(line)
      if let open = fence {
        if Self.fence(Self.withoutMarkers(line)).map({ $0.hasPrefix(open) }) == true { fence = nil }
        index += 1
        continue
      }
      if let end = rawEnd {
        if line.lowercased().contains(end) { rawEnd = nil }
        index += 1
        continue
      }
      if let opened = Self.fence(Self.withoutMarkers(line)) {
        fence = opened
        index += 1
        continue
      }
      if let end = Self.rawBlockEnd(line), !line.lowercased().contains(end) {
        rawEnd = end
        index += 1
        continue
      }
      guard startsABlock, let (label, first) = Self.opening(line) else {
        index += 1
        continue
      }
      let (text, kept) = Self.definitionText(first, after: index, in: &lines)
      definitions.append(Definition(label: ReferenceDefinitions.key(label), text: text))
      index = kept
      fence = nil
      afterBlank = true
    }
    guard !definitions.isEmpty else { return nil }
    self.body = lines.joined(separator: "\n")
    self.definitions = definitions
  }

  /// The text of the definition opening at line `index` (its first line's text `first`) and the
  /// line after it; its lines in `lines` made blank.
  private static func definitionText(_ first: String, after index: Int, in lines: inout [String]) -> (String, Int) {
    var text = [first]
    lines[index] = ""
    var next = index + 1
    var kept = next
    while next < lines.count {
      let line = lines[next]
      if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
        text.append("")
      } else if SourceLines.indentation(Array(line.utf8)[...]) >= 4 {
        text.append(Self.dropIndent(line))
        kept = next + 1
      } else if let last = text.last, !last.isEmpty, !Self.startsBlock(line) {
        text.append(line)
        kept = next + 1
      } else {
        break
      }
      next += 1
    }
    // Blank lines after the definition are no part of it.
    text.removeLast(next - kept)
    for blank in (index + 1)..<kept { lines[blank] = "" }
    return (text.joined(separator: "\n"), kept)
  }

  private static func isBlank(_ line: String) -> Bool {
    line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
  }

  /// `line` without the list and quote markers in front of it (`- `, `1. `, `> `).
  private static func withoutMarkers(_ line: String) -> String {
    var rest = Substring(line)
    while true {
      let trimmed = rest.drop { $0 == " " || $0 == "\t" }
      if let first = trimmed.first, "-*+>".contains(first), trimmed.dropFirst().first.map({ $0 == " " }) ?? false {
        rest = trimmed.dropFirst(2)
      } else if first(digitsOf: trimmed) {
        rest = trimmed.drop { $0.isASCII && $0.isNumber }.dropFirst(2)
      } else {
        return String(rest)
      }
    }
  }

  /// Whether `text` starts with an ordered list's marker (`1. `, `2) `).
  private static func first(digitsOf text: Substring) -> Bool {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let after = text.dropFirst(digits.count)
    return !digits.isEmpty && (after.first == "." || after.first == ")") && after.dropFirst().first == " "
  }

  /// The closing tag of a raw HTML block `line` opens that blank lines do not end (`<pre>`,
  /// `<script>`, `<style>`, `<textarea>`), or nil.
  private static func rawBlockEnd(_ line: String) -> String? {
    let text = line.drop { $0 == " " }.lowercased()
    for tag in ["pre", "script", "style", "textarea"] where text.hasPrefix("<" + tag) {
      let after = text.dropFirst(tag.count + 1).first
      if after == nil || after == ">" || after == " " || after == "\t" || after == "\r" { return "</" + tag + ">" }
    }
    return nil
  }

  /// The label and the rest of the line of a definition's first line (`[^label]: text`, at
  /// most three spaces in).
  private static func opening(_ line: String) -> (String, String)? {
    let bytes = Array(line.utf8)
    let indent = bytes.prefix { $0 == 0x20 }.count
    guard indent <= 3, bytes.count >= indent + 5, bytes[indent] == UInt8(ascii: "["),
      bytes[indent + 1] == UInt8(ascii: "^")
    else { return nil }
    let start = indent + 2
    var end = start
    while end < bytes.count, ![UInt8(ascii: "]"), 0x20, 0x09, 0x0D, 0].contains(bytes[end]) { end += 1 }
    guard end > start, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "]"), bytes[end + 1] == UInt8(ascii: ":")
    else { return nil }
    let rest = bytes[(end + 2)...].drop { $0 == 0x20 || $0 == 0x09 }
    return (String(decoding: bytes[start..<end], as: UTF8.self), String(decoding: rest, as: UTF8.self))
  }

  /// The fence a line opens or closes a fenced code block with (three or more of one of
  /// `` ` `` and `~`, at most three spaces in), or nil.
  private static func fence(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " }
    guard line.count - trimmed.count <= 3, let mark = trimmed.first, mark == "`" || mark == "~" else { return nil }
    let run = trimmed.prefix { $0 == mark }
    return run.count >= 3 ? String(run) : nil
  }

  /// `line` four columns less indented.
  private static func dropIndent(_ line: String) -> String {
    var columns = 0
    var rest = Substring(line)
    while columns < 4, let first = rest.first, first == " " || first == "\t" {
      columns += first == " " ? 1 : 4 - columns % 4
      rest = rest.dropFirst()
    }
    return String(rest)
  }

  /// Whether `line` starts a block, so that it cannot continue a definition's paragraph.
  private static func startsBlock(_ line: String) -> Bool {
    let text = line.drop { $0 == " " }
    guard let first = text.first else { return true }
    if opening(line) != nil || fence(line) != nil || "#>".contains(first) { return true }
    if "-*+".contains(first), text.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? true { return true }
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    if !digits.isEmpty, let mark = text.dropFirst(digits.count).first, mark == "." || mark == ")" { return true }
    let marks = text.filter { $0 != " " }
    return marks.count >= 3
      && (marks.allSatisfy { $0 == "-" } || marks.allSatisfy { $0 == "*" } || marks.allSatisfy { $0 == "_" })
  }

  // MARK: References and the list

  /// Numbers the references of the document at `root` (the text's body, parsed) and lists the
  /// definitions referred to at its end, each parsed with `references` (the text's link
  /// reference definitions). Those `preceding` refers to (an entry's title line, shown apart)
  /// come first, with no link back.
  func apply(
    to root: OpaquePointer, after preceding: String, references: ReferenceDefinitions, options: Int32,
    wikiLinks: (@Sendable (WikiLink) -> WikiResolution)?
  ) {
    var byLabel: [String: Int] = [:]
    for (index, definition) in definitions.enumerated() where byLabel[definition.label] == nil {
      byLabel[definition.label] = index
    }
    var order: [Int] = []
    var occurrences: [Int: Int] = [:]
    var parsed: [Int: OpaquePointer] = [:]
    var pending: [OpaquePointer] = []
    // A definition is read once, when first referred to; its own references come next.
    let read = { (index: Int) in
      guard parsed[index] == nil,
        let note = Markdown.parse(
          definitions[index].text + references.used(by: definitions[index].text), options: options,
          passes: Markdown.Passes.all.subtracting(.footnotes),
          wikiLinks: wikiLinks)
      else { return }
      parsed[index] = note
      pending.append(note)
    }
    for label in Self.labels(in: preceding) {
      guard let index = byLabel[ReferenceDefinitions.key(label)], !order.contains(index) else { continue }
      order.append(index)
      read(index)
    }
    let beforeBody = order.count
    pending.insert(root, at: 0)
    while let document = pending.first {
      pending.removeFirst()
      for text in Markdown.texts(in: document) {
        number(text, byLabel: byLabel, order: &order, occurrences: &occurrences, found: read)
      }
    }
    guard !order.isEmpty, let list = ExtendedNode.footnotes.make() else {
      parsed.values.forEach { cmark_node_free($0) }
      return
    }
    cmark_node_append_child(root, list)
    for (position, index) in order.enumerated() {
      guard let note = parsed[index], let item = ExtendedNode.footnote(position + 1).make() else { continue }
      cmark_node_append_child(list, item)
      while let block = cmark_node_first_child(note) { cmark_node_append_child(item, block) }
      cmark_node_free(note)
      if position < beforeBody { continue }
      if let last = cmark_node_last_child(item), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH,
        let link = ExtendedNode.backReference(position + 1, inParagraph: true).make()
      {
        cmark_node_append_child(last, link)
      } else if let link = ExtendedNode.backReference(position + 1, inParagraph: false).make() {
        cmark_node_append_child(item, link)
      }
    }
  }

  /// The labels `text` refers to (`[^label]`), in order.
  private static func labels(in text: String) -> [String] {
    var labels: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "[^") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: "]") else { break }
      labels.append(String(rest[..<close]))
    }
    return labels
  }

  /// Splits the text `node` around its references to definitions (`[^label]`), each made a
  /// number; `found` is told of each definition referred to, `order` holds them by number.
  private func number(
    _ node: OpaquePointer, byLabel: [String: Int], order: inout [Int], occurrences: inout [Int: Int],
    found: (Int) -> Void
  ) {
    guard let literal = cmark_node_get_literal(node) else { return }
    let text = String(cString: literal)
    guard Markdown.find("[^", in: text.utf8) else { return }
    var rest = Substring(text)
    var before = ""
    var made = false
    while let open = rest.range(of: "[^") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: "]") else { break }
      let label = String(after[..<close])
      guard !label.isEmpty, let index = byLabel[ReferenceDefinitions.key(label)] else {
        before += rest[..<open.upperBound]
        rest = after
        continue
      }
      before += rest[..<open.lowerBound]
      rest = after[after.index(after: close)...]
      if !order.contains(index) {
        order.append(index)
        found(index)
      }
      let number = (order.firstIndex(of: index) ?? 0) + 1
      occurrences[index, default: 0] += 1
      guard let reference = ExtendedNode.footnoteReference(number, occurrence: occurrences[index] ?? 1).make() else {
        continue
      }
      Markdown.insertText(before, before: node)
      cmark_node_insert_before(node, reference)
      before = ""
      made = true
    }
    guard made else { return }
    Markdown.insertText(before + rest, before: node)
    cmark_node_free(node)
  }
}
