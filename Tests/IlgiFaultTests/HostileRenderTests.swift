import Foundation
import IlgiMarkdown
import IlgiTestSupport
import Testing

/// Every CommonMark spec example and a collection of hostile HTML come out of the renderer
/// (in-process and through `ilgi render`) inert: no script, no event handler, no dangerous URL,
/// no tag beyond what Markdown makes.
@Suite(.serialized) struct HostileRenderTests {
  /// Hostile input: scripts, event handlers, `javascript:`/`data:` URLs, SVG, unclosed tags.
  static let hostile = [
    // GitHub Flavored Markdown's tables, strikethrough, task items and bare addresses.
    "| <script>alert(1)</script> | b |\n| --- | :-: |\n| [a](javascript:alert(1)) | ![x](javascript:y) |",
    "| a |\n| - |\n| <img src=x onerror=alert(1)> \\| x |",
    "www.example.com/\"onmouseover=\"alert(1) and http://x.example/'><script>alert(1)</script>",
    "javascript:alert(1)//www.example.com and a@b.co<script>",
    "~~<img src=x onerror=alert(1)>~~ ~<svg onload=alert(1)>~",
    "- [x] <script>alert(1)</script>\n- [ ] [x](javascript:alert(1))",
    "[^\"><script>alert(1)</script>] [^a\"onclick=alert(1)]\n\n[^\"><script>alert(1)</script>]: <img src=x onerror=alert(1)>\n"
      + "[^a\"onclick=alert(1)]: [x](javascript:alert(1))\n",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)><circle r=5/></svg>",
    "<svg><script>alert(1)</script></svg>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "<javascript:alert(1)>",
    "[x](jav&#x09;ascript:alert(1))",
    "[x](&#106;avascript:alert(1))",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
    "![x](javascript:alert(1))",
    "[x]: javascript:alert(1)\n\n[link][x]",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<iframe src=\"https://example.com\"></iframe>",
    "<div onclick=\"alert(1)\">x</div>",
    "<b onmouseover=alert(1)>x</b>",
    "<style>body{display:none}</style>",
    "<object data=\"x.swf\"></object>",
    "<embed src=\"x.swf\">",
    "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
    "<form action=\"javascript:alert(1)\"><button>x</button></form>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<base href=\"javascript:alert(1)//\">",
    "<link rel=stylesheet href=\"https://example.com/x.css\">",
    "text <unclosed <script",
    "<scr<script>ipt>alert(1)</script>",
    "<!-- <script>alert(1)</script> -->",
    "<![CDATA[<script>alert(1)</script>]]>",
    "<img src=\"x\" alt=\"`<script>`\">",
    "*<img src=x onerror=alert(1)>*",
    "> <script>alert(1)</script>",
    "- [x](javascript:alert(1))\n- <svg/onload=alert(1)>",
    "```html\n<script>alert(1)</script>\n```",
    "<details open ontoggle=alert(1)>",
    "[x](\"javascript:alert(1)\")",
    "<a href='&#x6A;avascript:alert(1)'>x</a>",
  ]

  /// The tags Markdown itself makes (GitHub Flavored Markdown's tables, strikethrough and task
  /// list checkboxes among them), and the attributes it gives them.
  static let allowedTags: Set<String> = [
    "p", "em", "strong", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "del", "input", "sup", "section",
  ]
  static let allowedAttributes: Set<String> = [
    "href", "src", "alt", "title", "start", "class", "align", "type", "checked", "disabled", "id",
  ]

  /// What makes `html` not inert, or nil.
  static func danger(in html: String) -> String? {
    let withoutComments = html.replacingOccurrences(of: "<!-- raw HTML omitted -->", with: "")
    if withoutComments.contains("<!") || withoutComments.contains("<?") { return "a comment or declaration" }
    // swift-format-ignore: NeverUseForceTry
    let tag = try! NSRegularExpression(pattern: #"<\s*/?\s*([A-Za-z][A-Za-z0-9:-]*)([^>]*)>"#)
    // swift-format-ignore: NeverUseForceTry
    let attribute = try! NSRegularExpression(pattern: #"([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*"([^"]*)""#)
    let text = withoutComments as NSString
    for match in tag.matches(in: withoutComments, range: NSRange(location: 0, length: text.length)) {
      let name = text.substring(with: match.range(at: 1)).lowercased()
      guard allowedTags.contains(name) else { return "tag <\(name)>" }
      let attributes = text.substring(with: match.range(at: 2))
      let rest = attribute.stringByReplacingMatches(
        in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length), withTemplate: "")
      if rest.contains(where: { !$0.isWhitespace && $0 != "/" }) {
        return "unquoted attribute in <\(name)\(attributes)>"
      }
      for pair in attribute.matches(
        in: attributes, range: NSRange(location: 0, length: (attributes as NSString).length))
      {
        let key = (attributes as NSString).substring(with: pair.range(at: 1)).lowercased()
        guard allowedAttributes.contains(key) else { return "attribute \(key) on <\(name)>" }
        guard key == "href" || key == "src" else { continue }
        let value = decodeEntities((attributes as NSString).substring(with: pair.range(at: 2)))
          .filter { !$0.isWhitespace && !($0.asciiValue.map { $0 < 0x20 } ?? false) }.lowercased()
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] where value.hasPrefix(scheme) {
          let safeImage = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
          if key == "src" && safeImage.contains(where: { value.hasPrefix($0) }) { continue }
          return "\(key)=\(value) on <\(name)>"
        }
      }
    }
    return nil
  }

  /// `&amp;`, `&#106;`, `&#x6A;` and the few named entities cmark writes.
  static func decodeEntities(_ text: String) -> String {
    var out = text
    // swift-format-ignore: NeverUseForceTry
    let numeric = try! NSRegularExpression(pattern: "&#([xX]?)([0-9A-Fa-f]+);")
    while let match = numeric.firstMatch(in: out, range: NSRange(location: 0, length: (out as NSString).length)) {
      let hex = (out as NSString).substring(with: match.range(at: 1)) != ""
      let digits = (out as NSString).substring(with: match.range(at: 2))
      let scalar = UInt32(digits, radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init) ?? " "
      out = (out as NSString).replacingCharacters(in: match.range, with: String(Character(scalar)))
    }
    for (entity, character) in [("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
      out = out.replacingOccurrences(of: entity, with: character)
    }
    return out
  }

  @Test func theCheckerItselfCatchesWhatItMust() {
    #expect(Self.danger(in: "<p><script>x</script></p>") != nil)
    #expect(Self.danger(in: "<p><a href=\"&#106;avascript:x\">x</a></p>") != nil)
    #expect(Self.danger(in: "<img src=\"x\" onerror=\"y\" />") != nil)
    #expect(Self.danger(in: "<img src=x onerror=y>") != nil)
    #expect(Self.danger(in: "<p><a href=\"https://example.com\">x</a> &lt;script&gt;</p>") == nil)
  }

  @Test func everyCommonMarkExampleAndEveryHostileInputIsInert() throws {
    let examples = try CommonMarkSpec.examples()
    #expect(examples.count >= 600, "the spec has about 650 examples; found \(examples.count)")
    let renderer = MarkdownRenderer()
    var dangerous: [String] = []
    for (number, markdown) in examples.enumerated() {
      if let danger = Self.danger(in: renderer.html(markdown)) { dangerous.append("example \(number + 1): \(danger)") }
    }
    for markdown in Self.hostile {
      if let danger = Self.danger(in: renderer.html(markdown)) {
        dangerous.append("\(markdown.debugDescription): \(danger)")
      }
    }
    #expect(dangerous.isEmpty, "\(dangerous.prefix(10))")
    FaultRow(
      suite: "hostile input: renderer", trials: examples.count + Self.hostile.count, faults: Self.hostile.count,
      bytesLost: 0, detail: "\(dangerous.count) not inert"
    ).record()
  }

  @Test func theBinaryRendersThemInertToo() throws {
    let harness = try Harness()
    let examples = try CommonMarkSpec.examples()
    // All spec examples as one entry, then each hostile input as its own, in front matter too.
    var files = ["spec.md": "Spec examples\n\n" + examples.joined(separator: "\n\n")]
    for (number, markdown) in Self.hostile.enumerated() {
      files["hostile-\(number).md"] =
        "---\ntitle: \"<script>alert(\(number))</script>\"\nweather: \"<img src=x onerror=alert(1)>\"\n---\n" + markdown
        + "\n"
    }
    var dangerous: [String] = []
    for (name, text) in files.sorted(by: { $0.key < $1.key }) {
      try harness.journal.write(name, text)
      let result = try harness.run("render", harness.journal.root + "/" + name)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      if let danger = Self.danger(in: result.stdout) { dangerous.append("\(name): \(danger)") }
    }
    #expect(dangerous.isEmpty, "\(dangerous.prefix(10))")
    FaultRow(
      suite: "hostile input: ilgi render", trials: files.count, faults: Self.hostile.count, bytesLost: 0,
      detail: "\(examples.count) spec examples in one file, \(dangerous.count) not inert"
    ).record()
  }
}

/// The CommonMark spec's examples, from the spec text `make setup` installs (the `commonmark`
/// package's sdist on PyPI carries it).
enum CommonMarkSpec {
  /// The Markdown of every example.
  static func examples() throws -> [String] {
    let path = try TestTools.commonMarkSpec
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var examples: [String] = []
    var current: [String]?
    var inMarkdown = false
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("````````````````````````````````") && line.hasSuffix("example") {
        current = []
        inMarkdown = true
      } else if line == "````````````````````````````````", current != nil {
        current = nil
      } else if inMarkdown, line == "." {
        examples.append((current ?? []).joined(separator: "\n").replacingOccurrences(of: "→", with: "\t"))
        inMarkdown = false
      } else if inMarkdown {
        current?.append(line)
      }
    }
    return examples
  }
}
