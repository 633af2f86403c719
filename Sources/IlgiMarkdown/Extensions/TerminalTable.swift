import CCmark
import IlgiFormat

/// A table laid out for a terminal: each column as wide as its widest cell, the widest
/// narrowed first until the table fits the width, a cell too long for its column wrapped onto
/// lines of its own; columns apart by ` │ `, the head underlined by a rule.
struct TerminalTable {
  /// The cells' text, row by row, the head first.
  private var rows: [[String]] = []
  private var alignments: [ExtendedNode.Alignment] = []
  private let layout: TerminalLayout

  /// The table of the node `table` (a table's custom block), its cells' inlines as `layout`
  /// shows them.
  init(_ table: OpaquePointer, layout: TerminalLayout) {
    self.layout = layout
    for section in layout.children(table) {
      for row in layout.children(section) {
        var cells: [String] = []
        for cell in layout.children(row) {
          if case .cell(let header, let alignment) = ExtendedNode(cell) {
            if rows.isEmpty { alignments.append(alignment) }
            let text = layout.inlines(cell).replacingOccurrences(of: "\n", with: " ")
            cells.append(header ? layout.ansi("1", text, reset: "22") : text)
          }
        }
        rows.append(cells)
      }
    }
  }

  /// The table's lines, within `width` columns where its columns can be narrowed to fit.
  func lines(width: Int) -> [String] {
    guard let head = rows.first, !head.isEmpty else { return [] }
    let separator = layout.ansi("2", " │ ")
    var widths = head.indices.map { column in rows.map { Self.width(of: $0[column]) }.max() ?? 0 }
    let available = width - 3 * (widths.count - 1)
    while widths.reduce(0, +) > available, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > 4
    {
      widths[widest] -= 1
    }
    var lines: [String] = []
    for (number, row) in rows.enumerated() {
      // A cell wrapped onto lines loses its colours: a colour left open would run on.
      let wrapped = row.indices.map { column in
        let text = row[column]
        return Self.width(of: text) > widths[column] ? Self.wrap(Self.withoutColours(text), to: widths[column]) : [text]
      }
      for line in 0..<(wrapped.map(\.count).max() ?? 1) {
        let cells = wrapped.indices.map { column in
          pad(line < wrapped[column].count ? wrapped[column][line] : "", to: widths[column], alignments[column])
        }
        lines.append(Self.trimmingTrailingSpace(cells.joined(separator: separator)))
      }
      if number == 0 {
        lines.append(layout.ansi("2", widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")))
      }
    }
    return lines
  }

  private func pad(_ text: String, to width: Int, _ alignment: ExtendedNode.Alignment) -> String {
    let missing = max(0, width - Self.width(of: text))
    switch alignment {
    case .right: return String(repeating: " ", count: missing) + text
    case .center:
      return String(repeating: " ", count: missing / 2) + text + String(repeating: " ", count: missing - missing / 2)
    case .none, .left: return text + String(repeating: " ", count: missing)
    }
  }

  /// The columns `text` takes, its escape sequences (colours) taking none.
  static func width(of text: String) -> Int { DisplayWidth.of(withoutColours(text)) }

  /// `text` without its escape sequences.
  static func withoutColours(_ text: String) -> String {
    guard text.utf8.contains(0x1B) else { return text }
    var out = ""
    var escaped = false
    for character in text {
      if escaped {
        if character.isLetter { escaped = false }
      } else if character == "\u{1B}" {
        escaped = true
      } else {
        out.append(character)
      }
    }
    return out
  }

  /// `text` in lines of at most `width` columns, broken after the last space that fits, else
  /// between characters; an escape sequence is never cut.
  static func wrap(_ text: String, to width: Int) -> [String] {
    guard Self.width(of: text) > width, width > 0 else { return [text] }
    var lines: [String] = []
    var line = ""
    var used = 0
    var escape = ""
    for character in text {
      if !escape.isEmpty || character == "\u{1B}" {
        escape.append(character)
        if character.isLetter {
          line += escape
          escape = ""
        }
        continue
      }
      let columns = DisplayWidth.of(character)
      if used + columns > width {
        // Back to the last space, so that no word is cut that a line of its own would hold.
        if let space = line.lastIndex(of: " "), space > line.startIndex {
          lines.append(String(line[..<space]))
          line = String(line[line.index(after: space)...])
          used = Self.width(of: line)
        } else {
          lines.append(line)
          line = ""
          used = 0
        }
      }
      line.append(character)
      used += columns
    }
    lines.append(line + escape)
    return lines
  }

  private static func trimmingTrailingSpace(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
