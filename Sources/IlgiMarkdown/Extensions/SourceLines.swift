import CCmark

/// The lines of the text a document was parsed from, to read a block back as it was written:
/// libcmark keeps where each block starts and ends, not the text of a paragraph's lines.
struct SourceLines {
  /// Each line's bytes, without its line ending.
  let lines: [ArraySlice<UInt8>]

  init(_ bytes: [UInt8]) {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(bytes[start..<index])
        if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count { lines.append(bytes[start..<bytes.count]) }
    self.lines = lines
  }

  /// Where the block `node` starts in the text: its UTF-8 offset.
  func offset(of node: OpaquePointer) -> Int? {
    let (line, column) = (Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)))
    guard line > 0, line <= lines.count, column > 0, column - 1 <= lines[line - 1].count else { return nil }
    return lines[line - 1].startIndex + column - 1
  }

  /// The lines of the paragraph `node` as written, each without the markers of the block
  /// quotes around it and without leading space; the first from where the paragraph starts.
  func paragraph(_ node: OpaquePointer) -> [ArraySlice<UInt8>] { block(node).map(Self.trimmingLeadingSpace) }

  /// The lines of the block `node` as written, each without the markers of the block quotes
  /// around it; the first from where the block starts.
  func block(_ node: OpaquePointer) -> [ArraySlice<UInt8>] {
    let first = Int(cmark_node_get_start_line(node)) - 1
    let last = Int(cmark_node_get_end_line(node)) - 1
    guard first >= 0, first <= last, last < lines.count else { return [] }
    let quotes = Self.quoteDepth(node)
    let column = max(Int(cmark_node_get_start_column(node)) - 1, 0)
    return (first...last).map { number in
      var line = lines[number]
      if number == first {
        line = line.dropFirst(min(column, line.count))
      } else {
        for _ in 0..<quotes { line = Self.droppingQuoteMarker(line) }
      }
      return line
    }
  }

  /// How many block quotes hold `node`.
  static func quoteDepth(_ node: OpaquePointer) -> Int {
    var quotes = 0
    var parent = cmark_node_parent(node)
    while let container = parent {
      if cmark_node_get_type(container) == CMARK_NODE_BLOCK_QUOTE { quotes += 1 }
      parent = cmark_node_parent(container)
    }
    return quotes
  }

  /// The columns of leading space of `line`, a tab to the next multiple of four.
  static func indentation(_ line: ArraySlice<UInt8>) -> Int {
    var columns = 0
    for byte in line {
      if byte == 0x20 {
        columns += 1
      } else if byte == 0x09 {
        columns += 4 - columns % 4
      } else {
        break
      }
    }
    return columns
  }

  /// `line` after one block quote marker (up to three spaces, `>` and one space), when it has
  /// one: a lazy line has none.
  static func droppingQuoteMarker(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let rest = trimmingLeadingSpace(line)
    guard rest.first == UInt8(ascii: ">"), line.count - rest.count <= 3 else { return line }
    let after = rest.dropFirst()
    return after.first == UInt8(ascii: " ") ? after.dropFirst() : after
  }

  static func trimmingLeadingSpace(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.drop { $0 == 0x20 || $0 == 0x09 }
  }

  /// The reference definitions the text may hold (`[label]: destination`), for parsing a
  /// table's cells or a footnote apart from the document with the links it defines.
  var referenceDefinitions: ReferenceDefinitions {
    var definitions = ReferenceDefinitions()
    for line in lines {
      var rest = Self.trimmingLeadingSpace(line)
      while rest.first == UInt8(ascii: ">") { rest = Self.trimmingLeadingSpace(rest.dropFirst()) }
      guard rest.first == UInt8(ascii: "["), let close = rest.firstIndex(of: UInt8(ascii: "]")),
        rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == UInt8(ascii: ":")
      else { continue }
      let label = ReferenceDefinitions.key(
        String(decoding: rest[rest.index(after: rest.startIndex)..<close], as: UTF8.self))
      definitions.byLabel[label, default: ""] += "\n\n" + String(decoding: rest, as: UTF8.self)
    }
    return definitions
  }
}

/// A text's reference definitions by label: a part of it parsed apart is given those its own
/// brackets name, so a table or a footnote costs as much as its own text, not the document's.
struct ReferenceDefinitions {
  var byLabel: [String: String] = [:]

  /// A label as references match it: case folded, runs of space one.
  static func key(_ label: String) -> String {
    label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
  }

  /// The definitions of the labels `text` puts in brackets, each a paragraph of its own.
  func used(by text: String) -> String {
    guard !byLabel.isEmpty else { return "" }
    var out = ""
    var seen = Set<String>()
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "[") {
      rest = rest[rest.index(after: open)...]
      guard let close = rest.firstIndex(of: "]") else { break }
      let label = Self.key(String(rest[..<close]))
      if let definition = byLabel[label], seen.insert(label).inserted { out += definition }
    }
    return out
  }
}
