import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiServer
@testable import IlgiSite
@testable import IlgiStore

/// The app as a phone's share target: what the share sheet posts to `/share` (a title, a text,
/// a link, photos) becomes one new entry holding them, and no other site's page can post it.
@Suite struct ShareTargetTests {
  typealias App = AppRepliesTests.App
  static let boundary = "----ilgiShare7MA4YWxkTrZu0gW"

  /// A `multipart/form-data` body as a browser sends a share: text fields, then files.
  static func form(_ fields: [(String, String)], files: [(String, [UInt8])] = []) -> [UInt8] {
    var body: [UInt8] = []
    for (name, value) in fields {
      body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }
    for (name, bytes) in files {
      body += Array(
        ("--\(boundary)\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"\(name)\"\r\n"
          + "Content-Type: image/jpeg\r\n\r\n").utf8)
      body += bytes + Array("\r\n".utf8)
    }
    return body + Array("--\(boundary)--\r\n".utf8)
  }

  /// A share as the share sheet's navigation sends it: no write header, the browser's own.
  static func share(_ app: App, _ body: [UInt8], headers: [String: String] = [:]) async -> Reply {
    await app.ask(
      "POST", "/share",
      headers: [
        "Content-Type": "multipart/form-data; boundary=\(boundary)", "Sec-Fetch-Site": "none",
        "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
      ].merging(headers) { $1 }, body: body)
  }

  @Test func aShareOfTextALinkAndTwoPhotosIsOneEntryHoldingThem() async throws {
    let app = try App()
    let body = Self.form(
      [
        ("title", "Cherry blossoms"), ("text", "By the river, first of the year."),
        ("url", "https://example.com/sakura"),
      ],
      files: [("IMG_0412.JPG", AttachTests.phoneJPEG), ("IMG_0413.JPG", AttachTests.plainJPEG)])
    let before = Set(app.journal.entryFiles())
    let reply = await Self.share(app, body)
    #expect(reply.status == 303, "\(AppRepliesTests.text(reply))")
    let location = try #require(AppRepliesTests.header(reply, "Location"))
    #expect(location.hasPrefix("/write/"))
    let made = Set(app.journal.entryFiles()).subtracting(before)
    #expect(made.count == 1, "\(made)")
    let path = try #require(made.first)
    let text = try #require(app.journal.text(path))
    #expect(
      text.contains("\nCherry blossoms\n\nBy the river, first of the year.\n\n<https://example.com/sakura>\n"),
      "\(text)")
    let links = text.matches(of: /!\[\]\(([0-9a-f]{32}\.jpeg)\)/).map { String($0.output.1) }
    #expect(links.count == 2, "\(text)")
    let folder = (path as NSString).deletingLastPathComponent
    for name in links {
      let kept = try #require(app.journal.bytes(folder + "/" + name), "\(name) beside the entry")
      #expect(!AttachTests.contains(kept, AttachTests.latitude), "the position is gone")
    }
    #expect(app.journal.snapshot().keys.filter { $0.hasPrefix(".ilgi/cache/uploads/") }.isEmpty)
    // The page it goes on to is the entry's, to write on.
    let page = await app.ask("GET", location)
    #expect(page.status == 200)
    #expect(AppRepliesTests.text(page).contains("Cherry blossoms"))
  }

  /// A form's text breaks lines as CRLF: its first line is the title, the rest the body, and
  /// the entry's lines end in LF.
  @Test func aSharedTextOfSeveralLinesTakesItsFirstAsTheTitle() async throws {
    let app = try App()
    let body = Self.form([("text", "Notes from the talk\r\nFirst point.\r\nSecond point.")])
    #expect(await Self.share(app, body).status == 303)
    let texts = app.journal.entryFiles().compactMap { app.journal.text($0) }
    #expect(texts.contains { $0.hasSuffix("---\nNotes from the talk\n\nFirst point.\nSecond point.\n") }, "\(texts)")
    #expect(!texts.contains { $0.contains("\r") })
  }

  @Test func aLinkAloneOrPhotosAloneMakeAnEntryToo() async throws {
    let app = try App()
    // Android's sheet puts the link in the text; it is not written twice.
    let link = await Self.share(app, Self.form([("text", "https://example.com/a-read")]))
    #expect(link.status == 303)
    let photos = await Self.share(app, Self.form([], files: [("a.jpg", AttachTests.plainJPEG)]))
    #expect(photos.status == 303, "\(AppRepliesTests.text(photos))")
    let texts = app.journal.entryFiles().compactMap { app.journal.text($0) }
    #expect(texts.contains { $0.hasSuffix("---\nhttps://example.com/a-read\n") }, "\(texts)")
    #expect(texts.contains { $0.contains("---\nShared photos\n\n![](") }, "\(texts)")
  }

  @Test func aShareFromAnotherSiteOrOfNothingIsRefusedWithNothingWritten() async throws {
    let app = try App()
    let body = Self.form([("text", "planted")], files: [("x.jpg", AttachTests.plainJPEG)])
    let before = app.journal.snapshot()
    let refusals: [(String, [String: String], Bool, Int)] = [
      ("another site's form", ["Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"], true, 403),
      ("another port of this machine", ["Sec-Fetch-Site": "same-site", "Origin": "http://127.0.0.1:9999"], true, 403),
      ("an old browser's form elsewhere", ["Sec-Fetch-Site": "", "Origin": "http://evil.example"], true, 403),
      ("an old browser's form with no referrer", ["Sec-Fetch-Site": "", "Origin": "null"], true, 403),
      ("no token", [:], false, 401),
    ]
    for (what, headers, token, status) in refusals {
      var fields = [
        "Content-Type": "multipart/form-data; boundary=\(Self.boundary)", "Sec-Fetch-Site": "none",
      ].merging(headers) { $1 }
      fields = fields.filter { !$0.value.isEmpty }
      let reply = await app.ask("POST", "/share", headers: fields, body: body, token: token)
      #expect(reply.status == status, "\(what): \(AppRepliesTests.text(reply))")
    }
    // Not a form, an empty form, a file that is not the picture it says: refused in words.
    let empty = await Self.share(app, Self.form([("title", ""), ("other", "x")]))
    #expect(empty.status == 400 && AppRepliesTests.text(empty).contains("Nothing was shared"))
    let json = await Self.share(app, Array("{}".utf8), headers: ["Content-Type": "application/json"])
    #expect(json.status == 400)
    for boundary in ["", "\"\"", String(repeating: "b", count: 71)] {
      let odd = await Self.share(app, body, headers: ["Content-Type": "multipart/form-data; boundary=" + boundary])
      #expect(odd.status == 400, "boundary \(boundary)")
    }
    let fake = await Self.share(app, Self.form([("text", "x")], files: [("IMG.jpg", Array("not a picture".utf8))]))
    #expect(fake.status == 422, "\(AppRepliesTests.text(fake))")
    #expect(AppRepliesTests.text(fake).contains("IMG.jpg"))
    #expect(AppRepliesTests.header(fake, "Content-Type")?.hasPrefix("text/html") == true, "a page, for a navigation")
    #expect(app.journal.snapshot() == before)
    // The listener takes a share's photos only from someone let in, and only the share sheet's.
    let asked = ServerRequest(
      method: "POST", target: "/share", headers: ["Host": AppRepliesTests.host, "Sec-Fetch-Site": "none"])
    #expect(app.server.bodyLimit(for: asked) == nil, "no token")
    var withToken = asked
    withToken.headers["authorization"] = "Bearer " + AppRepliesTests.token
    #expect(app.server.bodyLimit(for: withToken) == 4 * AttachmentIntake.defaultLimit)
    withToken.headers["sec-fetch-site"] = "cross-site"
    #expect(app.server.bodyLimit(for: withToken) == nil)
  }

  @Test func shareParametersAreReadQuotedOrNot() {
    #expect(SharedItems.parameter("boundary", of: "multipart/form-data; boundary=abc") == "abc")
    #expect(SharedItems.parameter("boundary", of: "multipart/form-data; charset=utf-8; boundary=\"a;b=c\"") == "a;b=c")
    #expect(
      SharedItems.parameter("filename", of: "form-data; name=\"photos\"; filename=\"a \\\"b\\\";=.jpg\"")
        == "a \"b\";=.jpg")
    #expect(SharedItems.parameter("name", of: "form-data; filename=\"name=x\"") == nil)
  }
  /// The form's parts as browsers send them, and bodies that are not whole: a part's bytes come
  /// back exactly, line breaks and dashes inside them included.

  @Test func aFormIsSplitIntoItsPartsOrRefusedWhole() {
    let boundary = "xYz"
    // Bytes that look like the start of a delimiter, a bare line break, every byte value.
    let binary: [UInt8] = Array("\r\n--xY\r\n-\r--".utf8) + (0...255).map(UInt8.init) + [13, 10]
    let body =
      Array("a preamble\r\n--xYz\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nline one\r\nline two".utf8)
      + Array("\r\n--xYz  \r\ncontent-type: image/jpeg\r\nCONTENT-DISPOSITION: form-data; name=\"photos\"; ".utf8)
      + Array("filename=\"a.jpg\"\r\n\r\n".utf8) + binary
      + Array("\r\n--xYz\r\n\r\nno headers\r\n--xYz--\r\nan epilogue".utf8)
    let parts = SharedItems.parts(of: body, boundary: boundary)
    #expect(
      parts?.map(\.disposition) == ["form-data; name=\"text\"", "form-data; name=\"photos\"; filename=\"a.jpg\"", ""])
    #expect(parts?.map(\.body) == [Array("line one\r\nline two".utf8), binary, Array("no headers".utf8)])
    #expect(SharedItems.parts(of: Array("--xYz--\r\n".utf8), boundary: boundary)?.isEmpty == true)
    let broken = [
      "no delimiter at all", "--xYz", "--xYz\r\nContent-Disposition: form-data; name=\"a\"",
      "--xYz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nnever closed",
      "--xYzjunk\r\n\r\nx\r\n--xYz--",
    ]
    for text in broken { #expect(SharedItems.parts(of: Array(text.utf8), boundary: boundary) == nil, "\(text)") }
  }
}
