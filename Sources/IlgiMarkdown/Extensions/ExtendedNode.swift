import CCmark

/// What a pass says of a node it made or moved, kept in the node's user data (a fixed number
/// nothing reads as an address).
enum NodeMark: Int {
  /// A link an address made (`AutolinkExtension`): what it took in is not Markdown.
  case autolink = 0xA070
  /// A link or picture a wiki link made.
  case wikiLink = 0xA071
  /// A task's box read again after a table: its place is not the text's.
  case readAgain = 0xA072

  /// Marks `node` so.
  func put(on node: OpaquePointer) { cmark_node_set_user_data(node, UnsafeMutableRawPointer(bitPattern: rawValue)) }

  /// The mark on `node`, if a pass put one.
  static func of(_ node: OpaquePointer) -> NodeMark? {
    cmark_node_get_user_data(node).flatMap { NodeMark(rawValue: Int(bitPattern: $0)) }
  }
}

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
  /// A reference to a footnote, by its number, and which reference to it this is (1 for the
  /// first: a second one's anchor is `fnref1-2`, so every anchor is one).
  case footnoteReference(Int, occurrence: Int)
  /// The list of footnotes at the end (a custom block).
  case footnotes
  /// A footnote in the list (a custom block).
  case footnote(Int)
  /// The link from a footnote back to its reference: after a space at the end of its last
  /// paragraph, or a block of its own.
  case backReference(Int, inParagraph: Bool)
  /// A wiki link that names nothing the page knows: its text, marked, and a link that begins
  /// an entry of that title where the page has one (HTML-escaped).
  case unresolvedLink(begin: String?)

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
    case .footnoteReference(let number, let occurrence):
      (
        "<sup class=\"footnote-ref\"><a href=\"#fn\(number)\" id=\"fnref\(number)"
          + (occurrence > 1 ? "-\(occurrence)" : "") + "\">\(number)</a></sup>", ""
      )
    case .footnotes: ("<section class=\"footnotes\">\n<ol>", "</ol>\n</section>")
    case .footnote(let number): ("<li id=\"fn\(number)\">", "</li>")
    case .unresolvedLink(let begin):
      begin.map { ("<a class=\"wiki-link unresolved\" href=\"\($0)\">", "</a>") }
        ?? ("<span class=\"wiki-link unresolved\">", "</span>")
    case .backReference(let number, let inParagraph):
      ((inParagraph ? " " : "") + "<a href=\"#fnref\(number)\" class=\"footnote-backref\">↩</a>", "")
    }
  }

  /// The numbered kinds, by the start of their HTML.
  private static let numbered: [(prefix: String, make: @Sendable (Int) -> ExtendedNode)] = [
    ("<sup class=\"footnote-ref\"><a href=\"#fn", { .footnoteReference($0, occurrence: 1) }),
    ("<li id=\"fn", ExtendedNode.footnote), ("<a href=\"#fnref", { .backReference($0, inParagraph: false) }),
    (" <a href=\"#fnref", { .backReference($0, inParagraph: true) }),
  ]

  /// Every kind, for reading a node's HTML back.
  private static let all: [ExtendedNode] =
    [
      .table, .section(head: true), .section(head: false), .row, .checkbox(checked: true), .checkbox(checked: false),
      .strikethrough, .footnotes,
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
    if let kind = Self.all.first(where: { $0.html.enter == enter }) {
      self = kind
      return
    }
    if enter.hasPrefix("<a class=\"wiki-link unresolved\"") || enter == "<span class=\"wiki-link unresolved\">" {
      self = .unresolvedLink(begin: nil)
      return
    }
    for (prefix, make) in Self.numbered where enter.hasPrefix(prefix) {
      guard let number = Int(enter.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }) else { continue }
      if make(number).html.enter == enter {
        self = make(number)
        return
      }
      // A later reference to the same footnote: its anchor says which.
      if let dash = enter.range(of: "id=\"fnref\(number)-"),
        let occurrence = Int(enter[dash.upperBound...].prefix { $0.isASCII && $0.isNumber }),
        ExtendedNode.footnoteReference(number, occurrence: occurrence).html.enter == enter
      {
        self = .footnoteReference(number, occurrence: occurrence)
        return
      }
    }
    return nil
  }

  /// Whether text on either side of the node reads as words apart (a cell, a row, a
  /// footnote), not as one word (struck text, a reference's number).
  var separatesWords: Bool {
    switch self {
    case .table, .section, .row, .cell, .footnotes, .footnote: true
    case .checkbox, .strikethrough, .footnoteReference, .backReference, .unresolvedLink: false
    }
  }

  /// Whether the kind is a block: what holds blocks, or stands among them.
  private var isBlock: Bool {
    switch self {
    case .table, .footnotes, .footnote, .backReference(_, inParagraph: false): true
    default: false
    }
  }

  /// A new node of this kind, with nothing in it.
  func make() -> OpaquePointer? {
    let node = cmark_node_new(isBlock ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE)
    guard let node else { return nil }
    let (enter, exit) = html
    cmark_node_set_on_enter(node, enter)
    cmark_node_set_on_exit(node, exit)
    return node
  }
}
