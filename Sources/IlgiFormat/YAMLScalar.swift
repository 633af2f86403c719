import Foundation

/// Writes YAML scalars and flow lists the way ilgi puts values into front matter.
///
/// Plain where YAML reads the text back unchanged as a string, double-quoted otherwise.
public enum YAMLScalar {
  /// The text as a YAML scalar that reads back as exactly this string, except for U+FEFF
  /// (a stray byte-order mark), which YAML parsers drop even when escaped and so is left out.
  public static func quoted(_ text: String, inFlow: Bool = false) -> String {
    let text = text.contains("\u{FEFF}") ? String(text.unicodeScalars.filter { $0 != "\u{FEFF}" }) : text
    return needsQuotes(text, inFlow: inFlow) ? doubleQuoted(text) : text
  }

  /// A flow sequence, `[running, morning]`.
  public static func flowList(_ items: [String]) -> String {
    "[" + items.map { quoted($0, inFlow: true) }.joined(separator: ", ") + "]"
  }

  /// A value that must stay plain but is written exactly as given (ids, ISO dates).
  package static func doubleQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFEFF:
        out += String(format: "\\u%04X", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  private static let reserved: Set<String> = [
    "", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n",
  ]

  private static func needsQuotes(_ text: String, inFlow: Bool) -> Bool {
    if reserved.contains(text.lowercased()) { return true }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else {
      return true
    }
    if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return true }
    if first == " " || last == " " || first == "\t" || last == "\t" || last == ":" { return true }
    // Looked for in bytes: `text.contains(" #")` compares Characters, and `#` followed by a
    // combining mark is another Character, though YAML still sees a comment there.
    let bytes = Array(text.utf8)
    if zip(bytes, bytes.dropFirst()).contains(where: { ($0 == 0x3A && $1 == 0x20) || ($0 == 0x20 && $1 == 0x23) }) {
      return true
    }
    if inFlow && text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) {
      return true
    }
    if text.unicodeScalars.contains(where: {
      $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFEFF || $0 == "\u{85}"
        || $0 == "\u{2028}" || $0 == "\u{2029}"
    }) {
      return true
    }
    // Anything YAML would read as a number or a timestamp stays a string only when quoted.
    if Double(text) != nil || text.hasPrefix("0x") || text.hasPrefix("0o") || text.hasPrefix(".") {
      return true
    }
    return false
  }
}
