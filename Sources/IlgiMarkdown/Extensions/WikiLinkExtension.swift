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

  /// `line` with each wiki link as the text it shows (`[[Han river|the river]]` is "the river"):
  /// a title written with one is titled by what a reader sees.
  public static func shownText(of line: String) -> String {
    var rest = Substring(line)
    var out = ""
    while let (link, range) = WikiLinkExtension.next(in: rest) {
      out += rest[..<range.lowerBound]
      out += link?.shown ?? String(rest[range])
      rest = rest[range.upperBound...]
    }
    return out + rest
  }

  /// A name as it is matched: Unicode composed, case folded, spaces at the ends off.
  public static func key(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.lowercased().trimmingCharacters(in: .whitespaces)
  }
}

/// Where a wiki link leads, as the page showing it knows: a link, a picture shown in place, or
/// nothing it names (with, where there is one, where a new entry of that title is begun).
public enum WikiResolution: Sendable, Equatable {
  case link(String)
  case picture(String)
  /// An entry shown in place (`![[Title]]`): its page and its body as HTML.
  case embed(url: String, html: String)
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

/// Wiki links made links, pictures or marked as naming nothing, by the page's own resolver; an
/// entry shown in place (`![[Title]]`) on a line of its own becomes a figure holding its body,
/// and elsewhere in a line a link to it.
struct WikiLinkExtension {
  let resolve: (WikiLink) -> WikiResolution

  /// Replaces the wiki links in the document's text outside links, pictures and code.
  func apply(to root: OpaquePointer) {
    var embeds: [(link: OpaquePointer, html: String)] = []
    for text in Markdown.texts(in: root) { replaceLinks(in: text, embeds: &embeds) }
    for (link, html) in embeds { showInPlace(link, html: html) }
  }

  /// The wiki links of the document's text outside links, pictures and code, in order.
  static func links(in root: OpaquePointer) -> [WikiLink] {
    var links: [WikiLink] = []
    for node in Markdown.texts(in: root) {
      guard let pointer = cmark_node_get_literal(node), strstr(pointer, "[[") != nil else { continue }
      var rest = Substring(String(cString: pointer))
      while let (link, range) = next(in: rest) {
        if let link { links.append(link) }
        rest = rest[range.upperBound...]
      }
    }
    return links
  }

  /// The first `[[...]]` of `text` (nil when what it holds is no link, as `[[a[b]]`) and where it
  /// stands, a `!` before it included.
  static func next(in text: Substring) -> (WikiLink?, Range<Substring.Index>)? {
    guard let open = text.range(of: "[["), let close = text[open.upperBound...].range(of: "]]") else { return nil }
    let embeds = open.lowerBound > text.startIndex && text[text.index(before: open.lowerBound)] == "!"
    guard let link = WikiLink(String(text[open.upperBound..<close.lowerBound]), embeds: embeds) else {
      return (nil, open.lowerBound..<open.upperBound)
    }
    return (link, (embeds ? text.index(before: open.lowerBound) : open.lowerBound)..<close.upperBound)
  }

  /// Splits the text `node` around its wiki links; notes the entries shown in place.
  private func replaceLinks(in node: OpaquePointer, embeds: inout [(link: OpaquePointer, html: String)]) {
    guard let pointer = cmark_node_get_literal(node) else { return }
    let text = String(cString: pointer)
    guard Markdown.find("[[", in: text.utf8) else { return }
    var rest = Substring(text)
    var before = ""
    var made = false
    while let (link, range) = Self.next(in: rest) {
      guard let link else {
        before += rest[..<range.upperBound]
        rest = rest[range.upperBound...]
        continue
      }
      before += rest[..<range.lowerBound]
      Markdown.insertText(before, before: node)
      before = ""
      if let (made, html) = makeNode(link) {
        cmark_node_insert_before(node, made)
        if let html { embeds.append((made, html)) }
      }
      rest = rest[range.upperBound...]
      made = true
    }
    guard made else { return }
    Markdown.insertText(before + rest, before: node)
    cmark_node_free(node)
  }

  /// The node for `link`: a link or a picture where it resolves, else its text marked; with the
  /// HTML of an entry it shows in place.
  private func makeNode(_ link: WikiLink) -> (OpaquePointer, String?)? {
    let node: OpaquePointer?
    var embedded: String?
    switch resolve(link) {
    case .link(let url):
      node = cmark_node_new(CMARK_NODE_LINK)
      cmark_node_set_url(node, url)
    case .embed(let url, let html):
      node = cmark_node_new(CMARK_NODE_LINK)
      cmark_node_set_url(node, url)
      embedded = html
    case .picture(let url):
      node = cmark_node_new(CMARK_NODE_IMAGE)
      cmark_node_set_url(node, url)
    case .unresolved(let begin):
      node = ExtendedNode.unresolvedLink(begin: begin).make()
    }
    guard let node else { return nil }
    if let text = cmark_node_new(CMARK_NODE_TEXT) {
      NodeMark.wikiLink.put(on: node)
      cmark_node_set_literal(text, link.shown)
      cmark_node_append_child(node, text)
    }
    return (node, embedded)
  }

  /// Puts the entry `link` leads to in place of the paragraph that holds nothing else: a figure
  /// of its body (`html`) captioned with the link. A link among other text stays a link.
  private func showInPlace(_ link: OpaquePointer, html: String) {
    guard let paragraph = cmark_node_parent(link), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
      cmark_node_first_child(paragraph) == link, cmark_node_last_child(paragraph) == link,
      let url = cmark_node_get_url(link), let figure = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
    else { return }
    let shown = cmark_node_first_child(link).flatMap(cmark_node_get_literal).map { String(cString: $0) } ?? ""
    let caption =
      "<figure class=\"wiki-embed\"><figcaption><a href=\""
      + MarkdownRenderer.escapeHTML(String(cString: url)) + "\">" + MarkdownRenderer.escapeHTML(shown)
      + "</a></figcaption>\n"
    cmark_node_set_on_enter(figure, caption + html)
    cmark_node_set_on_exit(figure, "</figure>")
    cmark_node_insert_before(paragraph, figure)
    cmark_node_free(paragraph)
  }
}
