import Foundation
import IlgiMarkdown
import IlgiStrings

/// A request as the app and the site see it, before routing: no HTTP library types.
public struct ServerRequest: Sendable {
  /// `GET`, `POST`, ...
  public var method: String
  /// The raw target: `/a%20b.html?x=1`.
  public var target: String
  /// Header fields by lower-cased name (the last of a repeated field).
  public var headers: [String: String]
  /// The body, already limited in size by the listener.
  public var body: [UInt8]

  /// Makes a request.
  /// A request whose target may be in absolute form (`GET http://127.0.0.1:8080/write`, which
  /// RFC 9112 has a server take): its authority is then the request's `Host`, whatever the
  /// header said, and its path and query the target.
  public init(method: String, absoluteOrOrigin target: String, headers: [String: String]) {
    let lower = target.lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      let start = target.range(of: "://")?.upperBound
    else {
      self.init(method: method, target: target, headers: headers)
      return
    }
    let rest = target[start...]
    let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    var fields = headers
    fields["host"] = String(rest[..<end])
    let path = rest[end...]
    self.init(method: method, target: path.hasPrefix("/") ? String(path) : "/" + path, headers: fields)
  }

  /// A request for `target` in origin form (`/write?x=1`), with header names in any case.
  public init(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
    self.method = method
    self.target = target
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.body = body
  }

  /// The target's path, still percent-encoded.
  public var rawPath: String {
    target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
  }

  /// The target's query, after `?`.
  public var query: String? {
    target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
  }

  /// A header field's value.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// A query parameter, decoded (`+` is a space, as forms send it); the first when repeated.
  public func parameter(_ name: String) -> String? {
    query.flatMap { Self.parameter(name, in: $0) }
  }

  /// Every value of a query parameter given more than once (`id=A&id=B`), decoded, in order.
  public func parameters(_ name: String) -> [String] {
    guard let query else { return [] }
    return query.split(separator: "&").compactMap { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts[0] == name, parts.count > 1 else { return nil }
      return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
  }

  /// A field of a form's body (`application/x-www-form-urlencoded`), decoded.
  public func formField(_ name: String) -> String? {
    guard header("content-type")?.hasPrefix("application/x-www-form-urlencoded") == true else { return nil }
    return Self.parameter(name, in: String(decoding: body, as: UTF8.self))
  }

  /// The first language of the browser's (`Accept-Language`) that ilgi speaks, else `otherwise`.
  public func language(otherwise: Language) -> Language {
    for part in (header("accept-language") ?? "").split(separator: ",") {
      let tag = part.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
      if let language = Language.named(tag) { return language }
    }
    return otherwise
  }

  /// The value of `name` in `query` (`a=1&b=2`), decoded; the first when repeated.
  static func parameter(_ name: String, in query: String) -> String? {
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts[0] == name else { continue }
      let value = parts.count > 1 ? String(parts[1]) : ""
      return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
    return nil
  }
}

/// What a request gets back, before HTTP: status, headers and body.
public struct Reply: Sendable {
  /// The HTTP status code.
  public var status: Int
  /// Header names and values.
  public var headers: [(String, String)]
  /// The body.
  public var body: [UInt8]

  /// Makes a reply.
  public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Plain text, one line a person can read.
  public static func text(_ status: Int, _ message: String) -> Reply {
    Reply(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(message.utf8))
  }

  /// An HTML page.
  public static func html(_ page: String, status: Int = 200) -> Reply {
    Reply(status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8))
  }

  /// `value` as JSON, its keys sorted.
  public static func json<Value: Encodable>(_ status: Int, _ value: Value, type: String = "application/json") -> Reply {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Reply(status: status, headers: [("Content-Type", type)], body: Array(data))
  }

  /// A JSON error: `{"error": message}`.
  public static func problem(_ status: Int, _ message: String) -> Reply {
    json(status, Problem(error: message))
  }

  /// The body of every JSON error.
  struct Problem: Encodable {
    var error: String
  }

  /// A redirect to `location` (a path of this server).
  public static func redirect(_ location: String) -> Reply {
    Reply(status: 303, headers: [("Location", location)])
  }

  /// A page that sends the browser on to `location` (a path of this server) by itself, with
  /// no script: how a token brought from another site's page or a file becomes the cookie.
  /// A redirect would not do there: the browser leaves a SameSite=Strict cookie off the
  /// requests of a chain another site began, so the page after it would ask for the token.
  public static func onward(_ location: String) -> Reply {
    let target = MarkdownRenderer.escapeHTML(location)
    return .html(
      "<!doctype html>\n<meta charset=\"utf-8\">\n<meta name=\"referrer\" content=\"no-referrer\">\n"
        + "<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">\n<title>ilgi</title>\n"
        + "<p><a href=\"\(target)\">\(target)</a></p>\n")
  }

  /// The reply with `headers` added before its own, less those it names itself: a picture's own
  /// `Cache-Control` is not joined by the common `no-store` (a browser takes the stricter).
  /// `Set-Cookie` may be given more than once.
  func adding(_ headers: [(String, String)]) -> Reply {
    let own = Set(self.headers.map { $0.0.lowercased() })
    var copy = self
    copy.headers =
      headers.filter { $0.0.lowercased() == "set-cookie" || !own.contains($0.0.lowercased()) } + self.headers
    return copy
  }
}
