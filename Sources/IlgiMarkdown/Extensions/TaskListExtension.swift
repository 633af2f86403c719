import CCmark

/// Task list items, as GitHub Flavored Markdown writes them ("Task list items (extension)"):
/// a list item whose first line starts with `[ ]`, `[x]` or `[X]` and a space gets a checkbox
/// in place of the marker, ticked for `x`.
struct TaskListExtension {
  let source: SourceLines

  /// Puts a checkbox in every task list item of the document at `root`.
  func apply(to root: OpaquePointer) {
    var items: [OpaquePointer] = []
    Markdown.walk(root) { node, entering in
      if entering, cmark_node_get_type(node) == CMARK_NODE_ITEM { items.append(node) }
      return true
    }
    for item in items {
      guard let paragraph = cmark_node_first_child(item), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
        cmark_node_get_start_line(paragraph) == cmark_node_get_start_line(item),
        let line = source.paragraph(paragraph).first, let checked = Self.marker(line),
        let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT,
        let literal = cmark_node_get_literal(text)
      else { continue }
      // The text as parsed starts with the marker too (no link can start with `[ ]`).
      let bytes = Array(String(cString: literal).utf8)
      guard bytes.count >= 3, Self.marker(bytes[...] + [0x20]) != nil else { continue }
      let rest = bytes.dropFirst(3).drop { TableExtension.isSpace($0) }
      if rest.isEmpty {
        cmark_node_free(text)
      } else {
        cmark_node_set_literal(text, String(decoding: rest, as: UTF8.self))
      }
      guard let box = ExtendedNode.checkbox(checked: checked).make() else { continue }
      cmark_node_prepend_child(paragraph, box)
    }
  }

  /// Whether `line` (a list item's text as written) starts with a task marker: whether it is
  /// ticked, or nil when it has none.
  static func marker(_ line: ArraySlice<UInt8>) -> Bool? {
    let bytes = Array(line.prefix(4))
    guard bytes.count == 4, bytes[0] == UInt8(ascii: "["), bytes[2] == UInt8(ascii: "]"),
      TableExtension.isSpace(bytes[3])
    else { return nil }
    switch bytes[1] {
    case UInt8(ascii: " "): return false
    case UInt8(ascii: "x"), UInt8(ascii: "X"): return true
    default: return nil
    }
  }
}
