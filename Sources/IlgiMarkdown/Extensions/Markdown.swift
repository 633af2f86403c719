import CCmark

/// libcmark's tree for a text, with GitHub Flavored Markdown's tables, task list items,
/// autolinks, strikethrough and footnotes made by passes over it (`TableExtension`,
/// `TaskListExtension`, `AutolinkExtension`, `StrikethroughExtension`, `FootnoteExtension`);
/// their nodes render as cmark-gfm renders them. A pass runs only when the text holds the
/// characters its syntax needs.
enum Markdown {
  /// The document parsed from `markdown`, or nil; the caller frees it. With `footnotes`, its
  /// footnotes' definitions are taken out and listed at its end (`FootnoteExtension`), those
  /// `preceding` (text shown before it) refers to first.
  static func parse(_ markdown: String, options: Int32, footnotes: Bool = true, after preceding: String = "")
    -> OpaquePointer?
  {
    let notes = footnotes && markdown.utf8.firstRange(of: "[^".utf8) != nil ? FootnoteExtension(markdown) : nil
    let markdown = notes?.body ?? markdown
    let bytes = Array(markdown.utf8)
    let (pipe, bracket, tilde) = (
      bytes.contains(UInt8(ascii: "|")), bytes.contains(UInt8(ascii: "[")), bytes.contains(UInt8(ascii: "~"))
    )
    let address = Markdown.mayHoldAddress(bytes)
    let length = bytes.count
    let parsed = markdown.withCString { cmark_parse_document($0, length, options) }
    guard let root = parsed, pipe || bracket || tilde || address || notes != nil else { return parsed }
    let source = SourceLines(bytes)
    if pipe { TableExtension(source: source, options: options).apply(to: root) }
    cmark_consolidate_text_nodes(root)
    if address { AutolinkExtension(source: source, options: options).apply(to: root) }
    if bracket { TaskListExtension(source: source).apply(to: root) }
    if tilde { StrikethroughExtension().apply(to: root) }
    notes?.apply(to: root, after: preceding, references: source.referenceDefinitions, options: options)
    return root
  }

  /// Whether `bytes` may hold an address to link: `://`, `www.` or `@`.
  static func mayHoldAddress(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.contains(UInt8(ascii: "@")) || bytes.firstRange(of: "://".utf8) != nil
      || bytes.firstRange(of: "www.".utf8) != nil
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
