import Foundation
import IlgiSite
import IlgiStrings

/// `ilgi serve --read-only`: the pages of `ilgi export html`, made on request from the index
/// and the files.
///
/// Only paths the site has are answered; anything else, `..` and its encodings included, is a
/// 404 or a 400 before a file is looked at. Who may ask is the `RequestGate`'s to say. Every reply
/// goes out with the site's Content-Security-Policy and the other security headers; every
/// refusal is one line in the browser's language, and what went wrong in detail goes to the log.
public final class SiteServer: ServerResponder {
  /// Who may ask.
  public let gate: RequestGate
  /// The site's pages as they are now (the caller refreshes the index and remakes the site
  /// only when something changed).
  let pages: @Sendable () throws -> [String: SitePage]
  /// Told about pages that could not be made (an entry that cannot be read, a broken template).
  let report: @Sendable (String) -> Void
  /// The journal's language.
  let language: Language

  /// Makes a server of the pages `pages` returns, letting in what `gate` does; its refusals
  /// are in `language` (the journal's) unless the browser asks for another ilgi speaks.
  public init(
    gate: RequestGate, language: Language, pages: @escaping @Sendable () throws -> [String: SitePage],
    report: @escaping @Sendable (String) -> Void
  ) {
    self.gate = gate
    self.language = language
    self.pages = pages
    self.report = report
  }

  /// The headers every reply of the site carries.
  static let commonHeaders: [(String, String)] = [
    ("Content-Security-Policy", Site.contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
  ]

  /// The reply to `request`.
  public func reply(_ request: ServerRequest) -> Reply {
    guard request.method == "GET" || request.method == "HEAD" else {
      return refuse(.readOnly, request).adding([("Allow", "GET, HEAD")])
    }
    var headers = Self.commonHeaders
    if let shipped = Self.shipped(request.rawPath) {
      if case .refuse(let problem) = gate.check(request, shipped: true) {
        return refusal(problem, request).adding(headers)
      }
      return shipped.adding(headers)
    }
    switch gate.check(request) {
    case .refuse(.tokenNeeded) where TokenPage.isPage(request):
      let text = ServerProblem.tokenNeeded.text(Catalog(request.language(otherwise: language)))
      return TokenPage.needed(text, language: request.language(otherwise: language)).adding(headers)
    case .refuse(let problem): return refusal(problem, request).adding(headers)
    case .enter:
      return TokenPage.entering(request, worker: "/sw.js", language: request.language(otherwise: language))
        .adding(headers)
    case .exchange(let cookie): return AppServer.onward(request).adding(headers + [("Set-Cookie", cookie)])
    case .admit: break
    }
    // Each page is made anew from the index when a file changed: no page of another site
    // gets to ask for that.
    if let problem = gate.checkRead(request) { return refusal(problem, request).adding(headers) }
    guard let path = Self.sitePath(request.rawPath) else { return refusal(.badPath, request).adding(headers) }
    do {
      guard let page = try pages()[path] else { return refusal(.noSuchPage, request).adding(headers) }
      let body = try page.render()
      headers.append(("Content-Type", page.contentType))
      return Reply(status: 200, headers: headers, body: body)
    } catch {
      // The detail (which file, which template, why) is for the log, not the browser.
      report("\(path): \(error)")
      return refusal(.failed, request).adding(headers)
    }
  }

  /// The files a site's page needs before it is let in: the scripts that keep the token and
  /// the worker that sends it (`TokenPage`). They hold nothing of the journal.
  static func shipped(_ path: String) -> Reply? {
    if path == "/sw.js" { return AppAssets.siteWorker() }
    guard path.hasPrefix("/app/"), TokenPage.scripts.contains(String(path.dropFirst(5))) else { return nil }
    return AppAssets.reply(String(path.dropFirst(5)), templates: .shippedOnly)
  }

  /// A refusal the listener makes itself (a body too large), with the headers of every reply.
  public func refuse(_ problem: ServerProblem, _ request: ServerRequest) -> Reply {
    refusal(problem, request).adding(Self.commonHeaders)
  }

  /// A refusal as one line of text in the browser's language (or the journal's).
  func refusal(_ problem: ServerProblem, _ request: ServerRequest) -> Reply {
    .text(problem.status, problem.text(Catalog(request.language(otherwise: language))) + "\n")
  }

  /// The site path a request names: percent-decoded, `/` is `index.html`, a folder its
  /// `index.html`; `nil` for anything that tries to leave the site (`..`, `.`, a backslash, a
  /// NUL, bytes that are not UTF-8).
  static func sitePath(_ raw: String) -> String? {
    guard raw.hasPrefix("/") else { return nil }
    var bytes: [UInt8] = []
    var utf8 = Array(raw.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
          return nil
        }
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    guard let decoded = String(validating: bytes, as: UTF8.self), !decoded.contains("\0"), !decoded.contains("\\")
    else { return nil }
    let parts = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    if parts.contains(where: { $0 == ".." || $0 == "." }) { return nil }
    var path = parts.filter { !$0.isEmpty }.joined(separator: "/")
    if path.isEmpty || decoded.hasSuffix("/") { path += path.isEmpty ? "index.html" : "/index.html" }
    return path
  }
}
