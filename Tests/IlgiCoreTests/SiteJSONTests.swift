import Foundation
import Testing

@testable import IlgiSite

/// The site's search scripts carry entries' text as JSON strings inside `<script>`: each must
/// read back as the same text and hold nothing that ends a script or a line of it.
@Suite struct SiteJSONTests {
  @Test(arguments: [
    "", "plain", "quote \" and backslash \\", "</script><!-- & -->", "tab\tline\nreturn\r", "\u{0}\u{1}\u{1F}\u{7F}",
    "line\u{2028}paragraph\u{2029}end", "\u{2028}", "\u{2029}\u{2028}", "ends in E2 80 \u{2027}", "…—“”",
    "산책 漢字 😀 é", String(repeating: "long run ", count: 500) + "<",
  ])
  func readsBackAsTheSameTextAndIsSafeInAScript(text: String) throws {
    var out: [UInt8] = []
    Site.appendJSON(text, to: &out)
    let decoded = try JSONDecoder().decode(String.self, from: Data(out))
    #expect(decoded == text)
    let written = String(decoding: out, as: UTF8.self)
    for unsafe in ["<", ">", "&", "\u{2028}", "\u{2029}", "\n", "\r"] { #expect(!written.contains(unsafe)) }
    #expect(!out.contains { $0 < 0x20 })
  }
}
