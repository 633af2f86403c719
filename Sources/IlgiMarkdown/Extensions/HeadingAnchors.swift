import CCmark
import Foundation

/// Gives each heading an anchor a link can lead to (`[[Title#Evening walk]]` leads to
/// `#h-evening-walk`): its text in lower case, letters and digits of any script kept, spaces
/// and hyphens as `-`, the rest left out, as GitHub names headings; a second heading of the
/// same name gets `-1`, a third `-2`.
struct HeadingAnchors {
  /// What opens an anchor's `id` in the HTML, for renaming (`MarkdownRenderer.namingAnchors`).
  static let marker = "<a class=\"heading-anchor\" id="

  /// The anchor of a heading whose text is `text`, before any suffix.
  static func name(_ text: String) -> String {
    var name = "h-"
    for character in text.precomposedStringWithCanonicalMapping.lowercased() {
      if character.isLetter || character.isNumber || character == "_" {
        name.append(character)
      } else if character == " " || character == "-" {
        name.append("-")
      }
    }
    return name
  }

  /// Puts an empty anchor at the start of every heading of the document.
  func apply(to root: OpaquePointer) {
    var taken: [String: Int] = [:]
    var headings: [OpaquePointer] = []
    Markdown.walk(root) { node, entering in
      if entering, cmark_node_get_type(node) == CMARK_NODE_HEADING { headings.append(node) }
      return true
    }
    for heading in headings {
      var name = Self.name(Self.text(of: heading))
      if let count = taken[name] {
        taken[name] = count + 1
        name += "-\(count)"
      } else {
        taken[name] = 1
      }
      guard let anchor = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
      // The id as written; a link's fragment percent-encoded, which the browser decodes to it.
      cmark_node_set_on_enter(anchor, Self.marker + "\"" + MarkdownRenderer.escapeHTML(name) + "\"></a>")
      cmark_node_set_on_exit(anchor, "")
      if let first = cmark_node_first_child(heading) {
        cmark_node_insert_before(first, anchor)
      } else {
        cmark_node_append_child(heading, anchor)
      }
    }
  }

  /// The text a reader sees in `heading`.
  private static func text(of heading: OpaquePointer) -> String {
    var text = ""
    Markdown.walk(heading) { node, entering in
      let type = cmark_node_get_type(node)
      if entering, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(node) {
        text += String(cString: literal)
      }
      return true
    }
    return text
  }
}

extension MarkdownRenderer {
  /// Where `[[...#heading]]` leads on the entry's page: its anchor (`#h-evening-walk`), percent
  /// encoded; nil for a block reference (`^abc123`), which names no heading.
  public static func headingFragment(_ heading: String) -> String? {
    guard !heading.isEmpty, !heading.hasPrefix("^") else { return nil }
    let name = HeadingAnchors.name(heading)
    return "#" + (name.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? name)
  }
}
