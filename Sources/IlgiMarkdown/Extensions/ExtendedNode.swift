import CCmark

/// The nodes the GitHub Flavored Markdown passes add to libcmark's tree, told apart by the HTML
/// they open with: libcmark keeps a custom node's HTML, which is what it renders, and the
/// terminal and plain-text walks read the same HTML back to know what the node is.
enum ExtendedNode: Equatable {
  /// A table (a custom block holding its sections).
  case table
  /// The head or the body of a table.
  case section(head: Bool)
  /// A row of a table.
  case row
  /// A cell: a header cell or not, and its column's alignment.
  case cell(header: Bool, alignment: Alignment)
  /// A task list item's checkbox, ticked or not.
  case checkbox(checked: Bool)
  /// Struck-through text.
  case strikethrough

  /// A column's alignment, from the delimiter row's colons.
  enum Alignment: Equatable {
    case none, left, center, right

    /// The attribute cmark-gfm writes on a cell, with its leading space.
    var attribute: String {
      switch self {
      case .none: ""
      case .left: " align=\"left\""
      case .center: " align=\"center\""
      case .right: " align=\"right\""
      }
    }
  }

  /// The HTML written entering and leaving the node, as cmark-gfm renders it.
  var html: (enter: String, exit: String) {
    switch self {
    case .table: ("<table>", "</table>")
    case .section(let head): head ? ("<thead>\n", "</thead>\n") : ("<tbody>\n", "</tbody>\n")
    case .row: ("<tr>\n", "</tr>\n")
    case .cell(let header, let alignment):
      header ? ("<th\(alignment.attribute)>", "</th>\n") : ("<td\(alignment.attribute)>", "</td>\n")
    case .checkbox(let checked):
      (
        checked
          ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> " : "<input type=\"checkbox\" disabled=\"\" /> ", ""
      )
    case .strikethrough: ("<del>", "</del>")
    }
  }

  /// Every kind, for reading a node's HTML back.
  private static let all: [ExtendedNode] =
    [
      .table, .section(head: true), .section(head: false), .row, .checkbox(checked: true), .checkbox(checked: false),
      .strikethrough,
    ]
    + [true, false].flatMap { header in
      [Alignment.none, .left, .center, .right].map { ExtendedNode.cell(header: header, alignment: $0) }
    }

  /// What `node` is, when one of the passes made it.
  init?(_ node: OpaquePointer) {
    let type = cmark_node_get_type(node)
    guard type == CMARK_NODE_CUSTOM_BLOCK || type == CMARK_NODE_CUSTOM_INLINE,
      let pointer = cmark_node_get_on_enter(node)
    else { return nil }
    let enter = String(cString: pointer)
    guard let kind = Self.all.first(where: { $0.html.enter == enter }) else { return nil }
    self = kind
  }

  /// A new node of this kind, with nothing in it.
  func make() -> OpaquePointer? {
    let node = cmark_node_new(self == .table ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE)
    guard let node else { return nil }
    let (enter, exit) = html
    cmark_node_set_on_enter(node, enter)
    cmark_node_set_on_exit(node, exit)
    return node
  }
}
