import CCmark

/// Tables, as GitHub Flavored Markdown writes them ("Tables (extension)" of its spec), made
/// from the paragraphs libcmark parsed: where a line of a paragraph is followed by a delimiter
/// row (`| --- | :-: |`) of as many cells, the paragraph becomes a table from that line on, and
/// the lines before it stay a paragraph. Each cell is parsed as inline Markdown on its own, with
/// the document's reference definitions, and a table's node renders as cmark-gfm renders one.
struct TableExtension {
  let source: SourceLines
  let options: Int32

  /// Turns every paragraph of the document at `root` that holds a table into one, and every
  /// heading underlined with `-` or `=` whose lines hold one (after a table, `---` is a rule and
  /// `===` a row).
  func apply(to root: OpaquePointer) {
    var blocks: [OpaquePointer] = []
    Markdown.walk(root) { node, entering in
      let type = cmark_node_get_type(node)
      if entering, type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { blocks.append(node) }
      return true
    }
    lazy var references = source.referenceDefinitions
    var taken: Set<OpaquePointer> = []
    for block in blocks where !taken.contains(block) {
      if let paragraph = convert(block, references) { taken.insert(paragraph) }
    }
  }

  /// Makes the table `block` holds, if it holds one: the lines before it stay a paragraph, and
  /// the lines after it that start a block after a table (though not after a paragraph) are
  /// parsed as blocks again. A heading's underline is a row, a rule or a list item after a
  /// table, as its rows say, and the paragraph right after it more rows: that paragraph, taken
  /// into the table, is returned.
  @discardableResult
  private func convert(_ block: OpaquePointer, _ references: ReferenceDefinitions) -> OpaquePointer? {
    var lines = source.block(block)
    var taken: OpaquePointer?
    if cmark_node_get_type(block) == CMARK_NODE_HEADING {
      // libcmark may end a heading's place a line late: it ends at its underline.
      guard let underline = lines.indices.dropFirst().first(where: { Self.isUnderline(Self.trimmed(lines[$0])) })
      else { return nil }
      lines.removeSubrange((underline + 1)...)
      let line = cmark_node_get_start_line(block) + Int32(underline) + 1
      if let next = cmark_node_next(block), cmark_node_get_type(next) == CMARK_NODE_PARAGRAPH,
        cmark_node_get_start_line(next) == line
      {
        taken = next
        lines += source.block(next)
      }
    }
    // Lines that were reference definitions are no part of it.
    if let first = cmark_node_first_child(block) {
      let definitions = Int(cmark_node_get_start_line(first) - cmark_node_get_start_line(block))
      if definitions > 0 { lines.removeFirst(min(definitions, lines.count)) }
    }
    let rows = lines.map(Self.trimmed)
    guard rows.count >= 2, let (start, header, alignments) = Self.findHeader(rows) else { return nil }
    // Where the block's text is indented from: code starts four columns in.
    let base = max(0, Int(cmark_node_get_start_column(block)) - 1 - 2 * SourceLines.quoteDepth(block))
    var end = start + 2
    while end < lines.count, Self.cells(rows[end]) != nil, !Self.startsBlockAfterTable(lines[end], base: base) {
      end += 1
    }
    guard let table = makeTable(header: header, alignments: alignments, rows: rows[(start + 2)..<end], references)
    else { return nil }
    if let taken { cmark_node_free(taken) }
    cmark_node_insert_after(block, table)
    var last = table
    if end < lines.count {
      let rest = lines[end...].map {
        String(decoding: $0.dropFirst(min(base, SourceLines.indentation($0))), as: UTF8.self)
      }
      // Read again without the table pass (no table in it becomes one: reading the rest of
      // the rest again would not end), and marked: their places are the rest's, not the text's.
      let text = rest.joined(separator: "\n") + "\n"
      let passes = Markdown.Passes.all.subtracting([.tables, .footnotes])
      if let document = Markdown.parse(text + references.used(by: text), options: options, passes: passes) {
        Markdown.walk(document) { node, entering in
          if entering, case .checkbox = ExtendedNode(node) {
            NodeMark.readAgain.put(on: node)
          }
          return true
        }
        while let child = cmark_node_first_child(document) {
          cmark_node_insert_after(last, child)
          last = child
        }
        cmark_node_free(document)
      }
    }
    keepParagraph(before: table, of: block, lines: rows[..<start], references)
    return taken
  }

  /// Leaves `lines`, the lines of `block` before its table, as the paragraph before `table`,
  /// or nothing when there are none.
  private func keepParagraph(
    before table: OpaquePointer, of block: OpaquePointer, lines: ArraySlice<ArraySlice<UInt8>>,
    _ references: ReferenceDefinitions
  ) {
    guard !lines.isEmpty,
      let (document, parsed) = inlineDocument([lines.map(Self.text).joined(separator: "\n")], references),
      let paragraph = cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH ? block : cmark_node_new(CMARK_NODE_PARAGRAPH)
    else {
      cmark_node_free(block)
      return
    }
    defer { cmark_node_free(document) }
    while let child = cmark_node_first_child(paragraph) { cmark_node_free(child) }
    while let child = cmark_node_first_child(parsed[0]) { cmark_node_append_child(paragraph, child) }
    if paragraph != block {
      cmark_node_insert_before(table, paragraph)
      cmark_node_free(block)
    }
  }

  /// Whether `text` underlines a heading: `-` or `=` only.
  private static func isUnderline(_ text: ArraySlice<UInt8>) -> Bool {
    guard let mark = text.first, mark == UInt8(ascii: "-") || mark == UInt8(ascii: "=") else { return false }
    var rest = text
    while let last = rest.last, isSpace(last) { rest = rest.dropLast() }
    return rest.allSatisfy { $0 == mark }
  }

  /// Whether `line` starts a block after a table's row, where after a paragraph's line it
  /// would not: code indented four columns past `base`, an ordered list not starting at 1, an
  /// empty list item, a line of one HTML tag, and a rule of `-` (after a paragraph, a heading's
  /// underline).
  static func startsBlockAfterTable(_ line: ArraySlice<UInt8>, base: Int) -> Bool {
    if SourceLines.indentation(line) >= base + 4 { return true }
    let text = trimmed(line)
    if text.count == 1, let mark = text.first, "-+*".utf8.contains(mark) { return true }
    if text.filter({ $0 == UInt8(ascii: "-") }).count >= 3, text.allSatisfy({ $0 == UInt8(ascii: "-") || isSpace($0) })
    {
      return true
    }
    let digits = text.prefix { (0x30...0x39).contains($0) }
    if (1...9).contains(digits.count), let mark = text.dropFirst(digits.count).first,
      mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")")
    {
      let after = text.dropFirst(digits.count + 1)
      if after.isEmpty { return true }
      if let space = after.first, isSpace(space), Int(String(decoding: digits, as: UTF8.self)) != 1 { return true }
    }
    return isTagLine(text)
  }

  /// Whether `text` is one opening or closing HTML tag and nothing else.
  private static func isTagLine(_ text: ArraySlice<UInt8>) -> Bool {
    guard text.first == UInt8(ascii: "<"), text.last == UInt8(ascii: ">"), text.count >= 3 else { return false }
    var name = text.dropFirst().dropLast()
    if name.first == UInt8(ascii: "/") { name = name.dropFirst() }
    if name.last == UInt8(ascii: "/") { name = name.dropLast() }
    guard let first = name.first, first | 0x20 >= 0x61, first | 0x20 <= 0x7A else { return false }
    let tag = name.prefix { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A || (0x30...0x39).contains($0) || $0 == 0x2D }
    return tag.count == name.count || isSpace(name[tag.endIndex]) && !name.contains(UInt8(ascii: "<"))
  }

  /// Where the table starts in `lines`: the first line followed by a delimiter row with as many
  /// cells, with its cells and the columns' alignments.
  static func findHeader(_ lines: [ArraySlice<UInt8>]) -> (
    Int, [ArraySlice<UInt8>], [ExtendedNode.Alignment]
  )? {
    for index in 1..<lines.count where isDelimiterRow(lines[index]) {
      guard let marks = cells(lines[index]), let header = cells(lines[index - 1]), header.count == marks.count
      else { continue }
      let alignments = marks.map { mark -> ExtendedNode.Alignment in
        switch (mark.first == UInt8(ascii: ":"), mark.last == UInt8(ascii: ":")) {
        case (true, true): .center
        case (true, false): .left
        case (false, true): .right
        case (false, false): .none
        }
      }
      return (index - 1, header, alignments)
    }
    return nil
  }

  /// The table node: the head, and the body when there are rows. Every cell's text is parsed
  /// in one document, so a table costs one parse whatever its size.
  private func makeTable(
    header: [ArraySlice<UInt8>], alignments: [ExtendedNode.Alignment], rows: ArraySlice<ArraySlice<UInt8>>,
    _ references: ReferenceDefinitions
  ) -> OpaquePointer? {
    // As many cells as the table has columns: those beyond are dropped, those missing empty.
    let grid = ([header] + rows.compactMap(Self.cells)).map { cells in
      alignments.indices.map { $0 < cells.count ? Self.text(Self.unescapingPipes(cells[$0])) : "" }
    }
    guard let (document, paragraphs) = inlineDocument(grid.flatMap { $0 }, references) else { return nil }
    guard let table = ExtendedNode.table.make() else {
      cmark_node_free(document)
      return nil
    }
    defer { cmark_node_free(document) }
    var next = paragraphs.makeIterator()
    var section: OpaquePointer?
    for number in grid.indices {
      // The head, then the body from the first row on.
      if number <= 1 {
        section = ExtendedNode.section(head: number == 0).make()
        cmark_node_append_child(table, section)
      }
      let row = ExtendedNode.row.make()
      cmark_node_append_child(section, row)
      for alignment in alignments {
        guard let cell = ExtendedNode.cell(header: number == 0, alignment: alignment).make() else { continue }
        cmark_node_append_child(row, cell)
        if let paragraph = next.next() {
          while let child = cmark_node_first_child(paragraph) { cmark_node_append_child(cell, child) }
        }
      }
    }
    return table
  }

  /// `texts` parsed as the inline content of one paragraph each, whatever each starts with
  /// (`1.`, `#`): a zero-width space in front keeps libcmark from reading a block's start, and
  /// is taken out again. The document's reference definitions follow, so `[label][]` links
  /// resolve. The document, and its paragraphs in order; nil when they are not one to a text.
  func inlineDocument(_ texts: [String], _ references: ReferenceDefinitions) -> (OpaquePointer, [OpaquePointer])? {
    let prefix = "&#8203;"
    let used = references.used(by: texts.joined(separator: " "))
    let markdown = texts.map { prefix + $0 }.joined(separator: "\n\n") + used
    let length = markdown.utf8.count
    guard let document = markdown.withCString({ cmark_parse_document($0, length, options) }) else { return nil }
    var paragraphs: [OpaquePointer] = []
    var child = cmark_node_first_child(document)
    while let paragraph = child, paragraphs.count < texts.count {
      guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH, let first = cmark_node_first_child(paragraph),
        cmark_node_get_type(first) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(first)
      else { break }
      let rest = String(String(cString: literal).unicodeScalars.dropFirst())
      if rest.isEmpty { cmark_node_free(first) } else { cmark_node_set_literal(first, rest) }
      paragraphs.append(paragraph)
      child = cmark_node_next(paragraph)
    }
    guard paragraphs.count == texts.count else {
      cmark_node_free(document)
      return nil
    }
    cmark_consolidate_text_nodes(document)
    // Addresses as written in the cells; the zero-width spaces are no part of them.
    let spaces = String(repeating: " ", count: prefix.utf8.count)
    let written = texts.map { spaces + $0 }.joined(separator: "\n\n") + used
    AutolinkExtension(source: SourceLines(Array(written.utf8)), options: options).apply(to: document)
    return (document, paragraphs)
  }

  static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

  // MARK: Rows, as cmark-gfm's scanners read them

  private static let pipe = UInt8(ascii: "|")
  private static let backslash = UInt8(ascii: "\\")

  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }

  /// The cells of a row, trimmed and with their escaped pipes (`\|`) as they are; nil when the
  /// line is no row. A leading and a trailing pipe are optional; `\|` is no separator.
  static func cells(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
    var cells: [ArraySlice<UInt8>] = []
    var offset = line.startIndex + cellEnd(line, from: line.startIndex)
    var expectsMore = true
    while offset < line.endIndex, expectsMore {
      let cell = cellLength(line, from: offset)
      let pipe = cellEnd(line, from: offset + cell)
      if cell > 0 || pipe > 0 { cells.append(trimmed(line[offset..<(offset + cell)])) }
      offset += cell + pipe
      if pipe == 0 {
        // The rest must be spaces to the line's end.
        guard line[offset...].allSatisfy(isSpace) else { return nil }
        offset = line.endIndex
        expectsMore = false
      }
    }
    return cells.isEmpty ? nil : cells
  }

  /// The length of a cell's text from `start`: escaped characters and anything but a pipe.
  private static func cellLength(_ line: ArraySlice<UInt8>, from start: Int) -> Int {
    var index = start
    while index < line.endIndex {
      let byte = line[index]
      if byte == backslash, index + 1 < line.endIndex, isEscapable(line[index + 1]) {
        index += 2
      } else if byte == pipe {
        break
      } else {
        index += 1
      }
    }
    return index - start
  }

  /// The length of a pipe and the spaces after it at `start`; 0 when there is no pipe.
  private static func cellEnd(_ line: ArraySlice<UInt8>, from start: Int) -> Int {
    guard start < line.endIndex, line[start] == pipe else { return 0 }
    var index = start + 1
    while index < line.endIndex, isSpace(line[index]) { index += 1 }
    return index - start
  }

  private static func isEscapable(_ byte: UInt8) -> Bool {
    byte >= 0x21 && byte <= 0x7E && !(byte >= 0x30 && byte <= 0x39) && !(byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
  }

  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var bytes = bytes
    while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
    while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
    return bytes
  }

  /// A cell's text with `\|` made `|`, before its inlines are parsed: so a pipe stays one in
  /// code too.
  static func unescapingPipes(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard bytes.contains(backslash) else { return bytes }
    var out: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == backslash, index + 1 < bytes.endIndex, bytes[index + 1] == pipe {
        out.append(pipe)
        index += 2
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out[...]
  }

  /// Whether `line` is a delimiter row: cells of dashes with an optional colon at either end,
  /// between optional pipes.
  static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
    var index = line.startIndex
    func skipSpaces() { while index < line.endIndex, isSpace(line[index]) { index += 1 } }
    if index < line.endIndex, line[index] == pipe { index += 1 }
    var markers = 0
    while true {
      skipSpaces()
      let cell = index
      if index < line.endIndex, line[index] == UInt8(ascii: ":") { index += 1 }
      let dashes = index
      while index < line.endIndex, line[index] == UInt8(ascii: "-") { index += 1 }
      guard index > dashes else {
        index = cell
        break
      }
      if index < line.endIndex, line[index] == UInt8(ascii: ":") { index += 1 }
      skipSpaces()
      markers += 1
      guard index < line.endIndex, line[index] == pipe else { break }
      index += 1
    }
    skipSpaces()
    return markers > 0 && index == line.endIndex
  }
}
