import Foundation
import IlgiFormat
import IlgiStrings
import Yams

/// The formats `ilgi export` writes that belong to no other tool: every front-matter key as
/// JSON, and one printable Markdown file for a period.
public enum JournalExport {
  /// The front matter as JSON values: numbers, booleans and null as YAML reads them, dates and
  /// everything else as the text written.
  public static func frontMatterJSON(_ entry: Entry) -> [String: JSONValue] {
    guard let text = entry.document.frontMatter?.lines.joined(),
      let node = try? Yams.compose(yaml: text), case .mapping(let mapping) = node
    else { return [:] }
    var out: [String: JSONValue] = [:]
    for (key, value) in mapping {
      guard let name = key.string else { continue }
      out[name] = json(value)
    }
    return out
  }

  private static func json(_ node: Node) -> JSONValue {
    switch node {
    case .scalar(let scalar):
      switch Tag.Name(rawValue: node.tag.rawValue) {
      case .int: return node.int.map(JSONValue.int) ?? .string(scalar.string)
      case .float:
        return node.float.map { $0.isFinite ? .double($0) : .string(scalar.string) } ?? .string(scalar.string)
      case .bool: return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
      case .null: return .null
      default: return .string(scalar.string)
      }
    case .mapping(let mapping):
      var out: [String: JSONValue] = [:]
      for (key, value) in mapping { out[key.string ?? "\(key)"] = json(value) }
      return .object(out)
    case .sequence(let sequence):
      return .array(sequence.map { json($0) })
    default:
      return .null
    }
  }

  /// One Markdown file of `entries`, oldest first: a heading for the period, then each entry's
  /// title as a second-level heading, its date, weather and tags, and its body with its own
  /// headings moved two levels down.
  public static func markdown(_ entries: [Entry], heading: String, dates: DateStyle) -> String {
    var out = "# \(heading)\n"
    for entry in entries.sorted(by: Entry.oldestFirst) {
      out += "\n## " + (entry.title.isEmpty ? dates.long(entry.date) : entry.title) + "\n\n"
      var meta = [dates.withTime(dates.long(entry.date), entry.date)]
      if let weather = entry.weather { meta.append(weather) }
      if !entry.tags.isEmpty { meta.append(entry.tags.map { "#" + $0 }.joined(separator: " ")) }
      out += "*" + meta.joined(separator: " · ").replacingOccurrences(of: "*", with: "\\*") + "*\n"
      let body = demotingHeadings(entry.body.replacingOccurrences(of: "\r\n", with: "\n"))
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if !body.isEmpty { out += "\n" + body + "\n" }
    }
    return out
  }

  /// ATX headings outside fenced code two levels down (at most level 6).
  static func demotingHeadings(_ text: String) -> String {
    var fence: Substring?
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix(while: { $0 == " " })
      let rest = line.dropFirst(indent.count)
      if let open = fence {
        if rest.hasPrefix(open) { fence = nil }
        lines.append(String(line))
        continue
      }
      if indent.count < 4, rest.hasPrefix("```") || rest.hasPrefix("~~~") {
        fence = rest.prefix(3)
        lines.append(String(line))
        continue
      }
      let hashes = rest.prefix(while: { $0 == "#" }).count
      if indent.count < 4, (1...6).contains(hashes), rest.count == hashes || rest.dropFirst(hashes).first == " " {
        lines.append(String(indent) + String(repeating: "#", count: min(6, hashes + 2)) + rest.dropFirst(hashes))
      } else {
        lines.append(String(line))
      }
    }
    return lines.joined(separator: "\n")
  }
}
