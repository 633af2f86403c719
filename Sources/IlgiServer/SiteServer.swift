import Foundation
import HTTPTypes
import Hummingbird
import IlgiCore
import Logging
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ilgi serve`: the pages of `ilgi export html`, made on request from the index and the files.
///
/// Read-only. Only paths the site has are answered; anything else, `..` and its encodings
/// included, is a 404 or a 400 before a file is looked at. When a token is set, a request must
/// carry it (`Authorization: Bearer`, the `ilgi_token` cookie, or `?token=` once, which sets the
/// cookie). Every page goes out with the site's Content-Security-Policy.
public final class SiteServer: Sendable {
  /// What a request gets back, before HTTP: status, headers and body.
  public struct Reply: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header names and values.
    public var headers: [(String, String)]
    /// The body.
    public var body: [UInt8]
  }

  /// The token requests must carry, if any.
  public let token: String?
  /// The site's pages as they are now (the caller refreshes the index and remakes the site
  /// only when something changed).
  let pages: @Sendable () throws -> [String: SitePage]
  /// Told about pages that could not be made (an entry that cannot be read, a broken template).
  let report: @Sendable (String) -> Void

  /// Makes a server of the pages `pages` returns.
  public init(
    token: String?, pages: @escaping @Sendable () throws -> [String: SitePage],
    report: @escaping @Sendable (String) -> Void
  ) {
    self.token = token
    self.pages = pages
    self.report = report
  }

  /// The reply to a request: `method`, the raw request target (`/a%20b.html?x=1`), and the
  /// `Authorization` and `Cookie` headers.
  public func reply(method: String, target: String, authorization: String?, cookie: String?) -> Reply {
    let (rawPath, query) = Self.split(target)
    var headers: [(String, String)] = [
      ("Content-Security-Policy", Site.contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
      ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ]
    guard method == "GET" || method == "HEAD" else {
      headers.append(("Allow", "GET, HEAD"))
      return Self.text(405, "405 method not allowed: this server only reads\n", headers)
    }
    if let token {
      let given = Self.bearer(authorization) ?? Self.cookie(cookie) ?? Self.parameter("token", in: query)
      guard let given, Self.same(given, token) else {
        return Self.text(401, "401 this journal needs its token: add ?token=... to the address\n", headers)
      }
      if Self.cookie(cookie).map({ Self.same($0, token) }) != true {
        headers.append(("Set-Cookie", "ilgi_token=\(token); Path=/; HttpOnly; SameSite=Strict"))
      }
    }
    guard let path = Self.sitePath(rawPath) else {
      return Self.text(400, "400 not a path of this site\n", headers)
    }
    let site: [String: SitePage]
    do {
      site = try pages()
    } catch {
      report("\(error)")
      return Self.text(500, "500 the site could not be made: \(error)\n", headers)
    }
    guard let page = site[path] else {
      return Self.text(404, "404 no page \(path) in this journal\n", headers)
    }
    do {
      let body = try page.render()
      headers.append(("Content-Type", page.contentType))
      // HEAD says how long the GET body is, without sending it.
      headers.append(("Content-Length", String(body.count)))
      return Reply(status: 200, headers: headers, body: method == "HEAD" ? [] : body)
    } catch {
      report("\(path): \(error)")
      return Self.text(500, "500 \(path) could not be made: \(error)\n", headers)
    }
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

  static func split(_ target: String) -> (path: String, query: String?) {
    guard let mark = target.firstIndex(of: "?") else { return (target, nil) }
    return (String(target[..<mark]), String(target[target.index(after: mark)...]))
  }

  static func bearer(_ header: String?) -> String? {
    guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
    return String(header.dropFirst(7).trimmed)
  }

  static func cookie(_ header: String?) -> String? {
    guard let header else { return nil }
    for part in header.split(separator: ";") {
      let pair = part.trimmed
      if pair.hasPrefix("ilgi_token=") { return String(pair.dropFirst("ilgi_token=".count)) }
    }
    return nil
  }

  static func parameter(_ name: String, in query: String?) -> String? {
    guard let query else { return nil }
    for pair in query.split(separator: "&") where pair.hasPrefix(name + "=") {
      return String(pair.dropFirst(name.count + 1)).removingPercentEncoding
    }
    return nil
  }

  /// Compares without stopping at the first difference, so timing tells nothing of the token.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
    return difference == 0
  }

  static func text(_ status: Int, _ message: String, _ headers: [(String, String)]) -> Reply {
    Reply(status: status, headers: headers + [("Content-Type", "text/plain; charset=utf-8")], body: Array(message.utf8))
  }

  // MARK: HTTP

  /// Listens on `host`:`port` until SIGINT or SIGTERM; `listening` is told the bound port.
  /// Why the server could not start, in plain words: the system's reason for a socket error
  /// (`address already in use`), the error's own text otherwise.
  public static func reason(_ error: any Error) -> String {
    if let failure = error as? IOError { return String(cString: strerror(failure.errnoCode)).lowercased() }
    return "\(error)"
  }

  /// The addresses other devices can reach this machine at: IPv4 addresses of interfaces that
  /// are up, loopback left out. What `serve --host 0.0.0.0` prints for a phone to open.
  public static func networkAddresses() -> [String] {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return [] }
    defer { freeifaddrs(list) }
    var addresses: [String] = []
    for interface in sequence(first: first, next: { $0.pointee.ifa_next }) {
      let flags = Int32(interface.pointee.ifa_flags)
      guard let address = interface.pointee.ifa_addr, address.pointee.sa_family == UInt8(AF_INET),
        flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
      else { continue }
      var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      if getnameinfo(
        address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
      {
        let text = String(cString: host)
        if !addresses.contains(text) { addresses.append(text) }
      }
    }
    return addresses
  }

  /// Serves on `host`:`port` until the task is cancelled; `listening` gets the port bound
  /// (the one asked for, or the system's choice for 0).
  public func run(host: String, port: Int, listening: @escaping @Sendable (Int) -> Void) async throws {
    var logger = Logger(label: "ilgi.serve")
    logger.logLevel = .critical
    let responder = CallbackResponder { (request: Request, _: BasicRequestContext) -> Response in
      let reply = self.reply(
        method: request.method.rawValue, target: request.uri.string,
        authorization: request.headers[.authorization], cookie: request.headers[.cookie])
      var fields = HTTPFields()
      for (name, value) in reply.headers {
        if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
      }
      return Response(
        status: HTTPResponse.Status(code: reply.status), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
    let application = Application(
      responder: responder,
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "ilgi"),
      onServerRunning: { channel in listening(channel.localAddress?.port ?? port) },
      logger: logger)
    try await application.runService()
  }
}
