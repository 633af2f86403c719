import Foundation
import Testing

@testable import IlgiMarkdown

/// GitHub Flavored Markdown's own suites (`GFM/`): every example of the extensions ilgi
/// renders, byte for byte as cmark-gfm renders it, and every CommonMark example as before.
/// Raw HTML is let through, as in the suites; ilgi drops it unless asked.
@Suite struct GFMSpecTests {
  /// One example of a suite.
  struct Example: CustomStringConvertible {
    var file: String
    var number: Int
    var section: String
    var tag: String
    var markdown: String
    var html: String

    var description: String { "\(file) example \(number) (\(section))" }
  }

  /// The section of `extensions.txt` that is not compared: the tag filter (ilgi drops raw HTML
  /// unless asked, and lets it all through when asked).
  static let sectionsNotCompared: Set<String> = ["HTML tag filter"]

  @Test func everyExtensionExampleRendersAsCmarkGFMDoes() throws {
    let examples =
      try Self.examples("spec.txt").filter { ["table", "strikethrough", "autolink"].contains($0.tag) }
      + Self.examples("extensions.txt").filter { !Self.sectionsNotCompared.contains($0.section) }
    #expect(examples.count == 48)
    let renderer = MarkdownRenderer(allowsRawHTML: true)
    for example in examples {
      let html = renderer.html(example.markdown)
      // An input the suite only asks to be survived.
      if example.html == "<IGNORE>\n" { continue }
      #expect(html == example.html, "\(example)")
    }
  }

  /// Every CommonMark example renders as the spec says, but five where GFM's extended
  /// autolinks find an address inside what CommonMark leaves as text (`<http://foo.bar/baz bim>`),
  /// which render as cmark-gfm renders them.
  @Test func commonMarkExamplesRenderAsTheSpecSays() throws {
    let examples = try Self.examples("spec.txt").filter { $0.tag.isEmpty }
    #expect(examples.count == 649)
    let renderer = MarkdownRenderer(allowsRawHTML: true)
    var different: [Int: String] = [:]
    for example in examples where renderer.html(example.markdown) != example.html {
      different[example.number] = renderer.html(example.markdown)
    }
    #expect(
      different == [
        610: "<p>&lt;<a href=\"http://foo.bar/baz\">http://foo.bar/baz</a> bim&gt;</p>\n",
        614: "<p>&lt;<a href=\"mailto:foo+@bar.example.com\">foo+@bar.example.com</a>&gt;</p>\n",
        616: "<p>&lt; <a href=\"http://foo.bar\">http://foo.bar</a> &gt;</p>\n",
        619: "<p><a href=\"http://example.com\">http://example.com</a></p>\n",
        620: "<p><a href=\"mailto:foo@bar.example.com\">foo@bar.example.com</a></p>\n",
      ])
  }

  /// The inputs' names (a case's arguments are printed: the inputs are made when it runs).
  static let pathologicalNames = [
    "cmark-gfm's pathological table", "a wide table", "links in cells", "unmatched tildes",
    "an address and its parentheses", "at signs", "tables after code after tables", "tildes of both lengths",
    "a long run of www", "footnotes among references",
  ]

  /// The input named `name`.
  static func pathological(_ name: String) -> String {
    switch name {
    case "cmark-gfm's pathological table": return String(repeating: "aaa\rbbb\n-\u{0B}\n", count: 30_000)
    case "a wide table":
      let row = "|" + String(repeating: " x |", count: 3_000) + "\n"
      return "|" + String(repeating: " a |", count: 3_000) + "\n|" + String(repeating: "---|", count: 3_000) + "\n"
        + String(repeating: row, count: 30)
    case "links in cells":
      return (0..<20_000).map { "[\($0)]: u\n" }.joined() + "\n| a | b |\n|---|---|\n"
        + String(repeating: "| [0] | [1] www.a.com |\n", count: 5_000)
    case "unmatched tildes": return String(repeating: "~~a ", count: 30_000) + String(repeating: "a~ ", count: 30_000)
    case "an address and its parentheses": return "http://x.com" + String(repeating: ")", count: 50_000)
    case "at signs": return String(repeating: "x@", count: 50_000) + String(repeating: " www.a.com;", count: 10_000)
    case "tables after code after tables": return "a|b\n-|-\n" + String(repeating: "    x\nc|d\n-|-\n", count: 1_500)
    case "tildes of both lengths":
      return String(repeating: "~a ", count: 8_000) + String(repeating: "~~b~~ ", count: 8_000)
    case "a long run of www": return "x " + String(repeating: "www._", count: 20_000)
    case "footnotes among references":
      return (0..<2_000).map { "[r\($0)]: /u\n" }.joined() + "\n"
        + (0..<2_000).map { "x[^\($0)]\n\n[^\($0)]: note\n\n" }.joined()
    default: return ""
    }
  }

  /// Inputs that make a quadratic parser take minutes render in seconds (a debug build, a busy
  /// machine): cmark-gfm's own pathological table (its `pathological_tests.py`), a table of
  /// many columns, cells and footnotes among many reference definitions, tildes, an address
  /// closed by many `)`, many `@`, a long run of `www.`, tables read again after code.
  @Test(arguments: pathologicalNames)
  func pathologicalInputsRenderInLinearTime(_ name: String) {
    let markdown = Self.pathological(name)
    #expect(!markdown.isEmpty)
    let clock = ContinuousClock()
    let took = clock.measure { _ = MarkdownRenderer().html(markdown) }
    #expect(took < .seconds(20), "\(name): \(took)")
  }

  /// The examples of `file` in `GFM/`, with `→` as the tab it stands for.
  static func examples(_ file: String) throws -> [Example] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GFM")
    let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    let fence = String(repeating: "`", count: 32)
    var examples: [Example] = []
    var section = ""
    var current: Example?
    var inMarkdown = false
    var number = 0
    for line in text.components(separatedBy: "\n") {
      if current == nil, line.hasPrefix("#") {
        section = String(line.drop { $0 == "#" }.dropFirst())
      } else if current == nil, line.hasPrefix(fence + " example") {
        number += 1
        let tag = String(line.dropFirst(fence.count + " example".count)).trimmingCharacters(in: .whitespaces)
        current = Example(file: file, number: number, section: section, tag: tag, markdown: "", html: "")
        inMarkdown = true
      } else if line == fence, var example = current {
        example.markdown = example.markdown.replacingOccurrences(of: "→", with: "\t")
        example.html = example.html.replacingOccurrences(of: "→", with: "\t")
        examples.append(example)
        current = nil
      } else if inMarkdown, line == "." {
        inMarkdown = false
      } else if inMarkdown {
        current?.markdown += line + "\n"
      } else if current != nil {
        current?.html += line + "\n"
      }
    }
    return examples
  }
}
