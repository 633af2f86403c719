import CCmark
import Foundation

/// A wiki link as Obsidian, Logseq and Foam write them: `[[Title]]`, `[[Title|shown text]]`,
/// `[[Title#Heading]]`, `[[#Heading]]`, `[[2026-11-20]]`, and `![[picture.png]]` or
/// `![[Title]]` to show what it names in place.
public struct WikiLink: Sendable, Equatable {
  /// What it names: a title, a file name or a day; empty for a heading of the same entry.
  public var target: String
  /// The heading it leads to, if any.
  public var heading: String?
  /// The text shown in its place, when it gives one.
  public var label: String?
  /// Whether it shows what it names in place (`![[...]]`).
  public var embeds: Bool

  /// The text shown for it: its label, else its target and heading.
  public var shown: String {
    if let label, !label.isEmpty { return label }
    guard let heading else { return target }
    return target.isEmpty ? heading : target + " › " + heading
  }

  /// Reads the text between the brackets (`Title#Heading|label`).
  init?(_ inner: String, embeds: Bool) {
    guard !inner.isEmpty, !inner.contains("\n"), !inner.contains("[") else { return nil }
    var name = Substring(inner)
    if let bar = name.firstIndex(of: "|") {
      label = String(name[name.index(after: bar)...]).trimmingCharacters(in: .whitespaces)
      name = name[..<bar]
    }
    if let hash = name.firstIndex(of: "#") {
      heading = String(name[name.index(after: hash)...]).trimmingCharacters(in: .whitespaces)
      name = name[..<hash]
    }
    target = String(name).trimmingCharacters(in: .whitespaces)
    self.embeds = embeds
    guard !target.isEmpty || heading?.isEmpty == false else { return nil }
  }
}

/// Where a wiki link leads, as the page showing it knows: a link, a picture shown in place, or
/// nothing it names (with, where there is one, where a new entry of that title is begun).
public enum WikiResolution: Sendable, Equatable {
  case link(String)
  case picture(String)
  case unresolved(begin: String?)
}

/// Where a page's wiki links lead (`MarkdownRenderer.wikiLinks`).
public final class WikiResolver: Sendable {
  let resolve: @Sendable (WikiLink) -> WikiResolution

  /// A resolver that asks `resolve`.
  public init(_ resolve: @escaping @Sendable (WikiLink) -> WikiResolution) {
    self.resolve = resolve
  }
}

/// Wiki links made links, pictures or marked as naming nothing, by the page's own resolver;
/// a heading's part becomes the anchor libcmark gives no heading, so it is left to the page.
struct WikiLinkExtension {
  let resolve: (WikiLink) -> WikiResolution

  /// Replaces the wiki links in the document's text outside links, pictures and code.
  func apply(to root: OpaquePointer) {
    for text in Markdown.texts(in: root) { replaceLinks(in: text) }
  }

  /// Splits the text `node` around its wiki links.
  private func replaceLinks(in node: OpaquePointer) {
    guard let pointer = cmark_node_get_literal(node) else { return }
    let text = String(cString: pointer)
    guard Markdown.find("[[", in: text.utf8) else { return }
    var rest = Substring(text)
    var before = ""
    var made = false
    while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
      let embeds = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "!"
      guard let link = WikiLink(String(rest[open.upperBound..<close.lowerBound]), embeds: embeds) else {
        before += rest[..<open.upperBound]
        rest = rest[open.upperBound...]
        continue
      }
      before += rest[..<(embeds ? rest.index(before: open.lowerBound) : open.lowerBound)]
      Markdown.insertText(before, before: node)
      before = ""
      if let made = makeNode(link) { cmark_node_insert_before(node, made) }
      rest = rest[close.upperBound...]
      made = true
    }
    guard made else { return }
    Markdown.insertText(before + rest, before: node)
    cmark_node_free(node)
  }

  /// The node for `link`: a link or a picture where it resolves, else its text marked.
  private func makeNode(_ link: WikiLink) -> OpaquePointer? {
    let node: OpaquePointer?
    switch resolve(link) {
    case .link(let url):
      node = cmark_node_new(CMARK_NODE_LINK)
      cmark_node_set_url(node, url)
    case .picture(let url):
      node = cmark_node_new(CMARK_NODE_IMAGE)
      cmark_node_set_url(node, url)
    case .unresolved(let begin):
      node = ExtendedNode.unresolvedLink(begin: begin).make()
    }
    guard let node, let text = cmark_node_new(CMARK_NODE_TEXT) else { return node }
    NodeMark.wikiLink.put(on: node)
    cmark_node_set_literal(text, link.shown)
    cmark_node_append_child(node, text)
    return node
  }
}
