import CCmark

/// libcmark's tree for a text, with GitHub Flavored Markdown's tables, task list items,
/// autolinks, strikethrough and footnotes made by passes over it (`TableExtension`,
/// `TaskListExtension`, `AutolinkExtension`, `StrikethroughExtension`, `FootnoteExtension`);
/// their nodes render as cmark-gfm renders them. A pass runs only when the text holds the
/// characters its syntax needs.
enum Markdown {
  /// The passes a reading needs.
  struct Passes: OptionSet {
    let rawValue: Int
    static let tables = Passes(rawValue: 1)
    static let tasks = Passes(rawValue: 2)
    static let autolinks = Passes(rawValue: 4)
    static let strikethrough = Passes(rawValue: 8)
    static let footnotes = Passes(rawValue: 16)
    /// What is shown: every pass.
    static let all: Passes = [.tables, .tasks, .autolinks, .strikethrough, .footnotes]
    /// What plain text reads differently: cells apart, no task marks or tildes, notes at the end.
    static let text: Passes = [.tables, .tasks, .strikethrough, .footnotes]
  }

  /// What syntax a text may hold, from one look at its bytes.
  struct Marks {
    var pipe = false
    var bracket = false
    var tilde = false
    var address = false
    var footnote = false
    var wiki = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "|"): pipe = true
        case UInt8(ascii: "["):
          bracket = true
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "^") { footnote = true }
          if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") { wiki = true }
        case UInt8(ascii: "~"): tilde = true
        case UInt8(ascii: "@"): address = true
        case UInt8(ascii: ":"):
          if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
            address = true
          }
        case UInt8(ascii: "w"):
          if !address, index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "w"),
            bytes[index + 2] == UInt8(ascii: "w"), bytes[index + 3] == UInt8(ascii: ".")
          {
            address = true
          }
        default: break
        }
        index += 1
      }
    }
  }

  /// The document parsed from `markdown` with `passes`, or nil; the caller frees it. Its
  /// footnotes' definitions are taken out and listed at its end (`FootnoteExtension`), those
  /// `preceding` (text shown before it) refers to first.
  static func parse(
    _ markdown: String, options: Int32, passes: Passes = .all, after preceding: String = "",
    wikiLinks: (@Sendable (WikiLink) -> WikiResolution)? = nil
  ) -> OpaquePointer? {
    var markdown = markdown
    var marks =
      markdown.utf8.withContiguousStorageIfAvailable(Marks.init)
      ?? Array(markdown.utf8).withUnsafeBufferPointer(Marks.init)
    let notes = passes.contains(.footnotes) && marks.footnote ? FootnoteExtension(markdown) : nil
    if let notes {
      markdown = notes.body
      marks = Array(markdown.utf8).withUnsafeBufferPointer(Marks.init)
    }
    let length = markdown.utf8.count
    let parsed = markdown.withCString { cmark_parse_document($0, length, options) }
    let tables = passes.contains(.tables) && marks.pipe
    let tasks = passes.contains(.tasks) && marks.bracket
    let autolinks = passes.contains(.autolinks) && marks.address
    let strikethrough = passes.contains(.strikethrough) && marks.tilde
    // A bracket libcmark matched to no link is a text node of its own: joined, `[[a]]` is one.
    if let parsed, marks.bracket { cmark_consolidate_text_nodes(parsed) }
    let wiki = marks.wiki ? wikiLinks : nil
    guard let root = parsed, tables || tasks || autolinks || strikethrough || notes != nil || wiki != nil else {
      return parsed
    }
    let source = SourceLines(Array(markdown.utf8))
    if !marks.bracket { cmark_consolidate_text_nodes(root) }
    if tables { TableExtension(source: source, options: options).apply(to: root) }
    if let wiki { WikiLinkExtension(resolve: wiki).apply(to: root) }
    if autolinks { AutolinkExtension(source: source, options: options).apply(to: root) }
    if tasks { TaskListExtension(source: source).apply(to: root) }
    if strikethrough { StrikethroughExtension().apply(to: root) }
    notes?.apply(
      to: root, after: preceding, references: source.referenceDefinitions, options: options, wikiLinks: wikiLinks)
    return root
  }

  /// Whether `bytes` hold `needle` (ASCII): a plain scan, as the text is long and most of it
  /// holds none (the standard library's generic search costs more than the parse).
  static func find(_ needle: StaticString, in bytes: some Collection<UInt8>) -> Bool {
    let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
    guard let first = pattern.first else { return true }
    let found: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
      guard buffer.count >= pattern.count else { return false }
      var index = 0
      let last = buffer.count - pattern.count
      while index <= last {
        if buffer[index] == first {
          var same = 1
          while same < pattern.count, buffer[index + same] == pattern[same] { same += 1 }
          if same == pattern.count { return true }
        }
        index += 1
      }
      return false
    }
    return found ?? find(needle, in: Array(bytes))
  }

  /// The text nodes of `root` a pass may change: outside links, pictures and code, and with
  /// `cells`, inside a table's cells too (parsed apart, where their own pass ran).
  static func texts(in root: OpaquePointer, cells: Bool = true) -> [OpaquePointer] {
    var texts: [OpaquePointer] = []
    var inside = 0
    walk(root) { node, entering in
      switch cmark_node_get_type(node) {
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE: inside += entering ? 1 : -1
      case CMARK_NODE_CUSTOM_INLINE:
        if !cells, case .cell = ExtendedNode(node) { inside += entering ? 1 : -1 }
      case CMARK_NODE_TEXT where entering && inside == 0: texts.append(node)
      default: break
      }
      return true
    }
    return texts
  }

  /// Puts a text node of `text` before `node`, unless `text` is empty.
  static func insertText(_ text: String, before node: OpaquePointer) {
    guard !text.isEmpty, let made = cmark_node_new(CMARK_NODE_TEXT) else { return }
    cmark_node_set_literal(made, text)
    cmark_node_insert_before(node, made)
  }

  /// Visits nodes depth first; `visit` returns false to stop.
  static func walk(_ root: OpaquePointer, _ visit: (OpaquePointer, Bool) -> Bool) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { return }
      guard let node = cmark_iter_get_node(iterator) else { return }
      if !visit(node, event == CMARK_EVENT_ENTER) { return }
    }
  }

  /// Moves the inlines of the first paragraph of `document` to the end of `target`.
  static func moveInlines(of document: OpaquePointer, into target: OpaquePointer) {
    guard let paragraph = cmark_node_first_child(document) else { return }
    while let child = cmark_node_first_child(paragraph) { cmark_node_append_child(target, child) }
  }
}
