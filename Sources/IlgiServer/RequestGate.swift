import Foundation
import IlgiFormat

/// Who may ask what of a server: the one place its rules of access are kept.
///
/// - Every request carries the token, on 127.0.0.1 too, since every account on this computer
///   reaches 127.0.0.1: `Authorization: Bearer`, the cookie, or `?token=` in the address. A
///   page's address with it opens the page that keeps it in this origin's own storage
///   (`TokenPage`), from which the service worker puts it on every request as a header: a
///   cookie for 127.0.0.1 would go to every other port of 127.0.0.1 too, and so to whatever
///   program listens there. Only a browser that runs no worker (plain http on a network
///   address, script off) keeps it in the cookie (HttpOnly, SameSite=Strict), by `/app/session`.
/// - On a loopback address the `Host` must also name this computer, so a web page elsewhere
///   cannot reach the journal by pointing a name of its own at 127.0.0.1; or the name of the
///   address a TLS proxy serves the app at (`ilgi serve --url`), given by the person.
/// - A read that a page of another site asked for (`Sec-Fetch-Site`, a foreign `Origin`) is
///   refused before it costs anything, unless it is the person following a link.
/// - A write also needs the `X-Ilgi-Request` header, which no cross-site form can send (and a
///   cross-site script cannot without a preflight this server never grants), an `Origin` equal
///   to this server's, and a JSON body.
public struct RequestGate: Sendable {
  /// The token requests must carry; never empty.
  public let token: String
  /// Whether the `Host` must be 127.0.0.1, ::1 or localhost (a server on a loopback address).
  public let checksHost: Bool
  /// The address a TLS proxy (`tailscale serve`, Caddy, nginx) serves the app at, as
  /// `https://host[:port]` in lower case: its host is let in as this computer's names are, and
  /// its origin is this server's.
  public let publicOrigin: String?

  /// The header every write carries.
  public static let writeHeader = "X-Ilgi-Request"
  /// The start of the cookie's name; the port follows (`ilgi_token_8080`), so two servers on
  /// one computer (two journals) each keep their own.
  public static let cookiePrefix = "ilgi_token"
  /// The address that keeps the token in the cookie, for a browser that runs no worker:
  /// `/app/session?token=...&to=/path`.
  public static let sessionPath = "/app/session"

  /// Makes a gate; `checksHost` for a server on a loopback address, `publicOrigin` for one
  /// behind a TLS proxy (`origin(of:)` makes it).
  public init(token: String, checksHost: Bool, publicOrigin: String? = nil) {
    precondition(!token.isEmpty, "an empty token matches anything")
    self.token = token
    self.checksHost = checksHost
    self.publicOrigin = publicOrigin
  }

  /// The origin of an address the app is served at, as a browser writes it: `https://host`
  /// (or `http://`) in lower case, with its port unless it is the scheme's own. Nil when
  /// `address` is not an origin alone (no host, another scheme, a path, a query, a user) or
  /// names its host by an IPv6 address (a proxy serves a name).
  public static func origin(of address: String) -> String? {
    guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["https", "http"].contains(scheme),
      let host = url.host, !host.isEmpty, !host.contains(":"), !host.contains("["), url.user == nil,
      url.password == nil, url.query == nil, url.fragment == nil, url.path.isEmpty || url.path == "/"
    else { return nil }
    let ownPort = scheme == "https" ? 443 : 80
    return scheme + "://" + host.lowercased() + (url.port.flatMap { $0 == ownPort ? nil : ":\($0)" } ?? "")
  }

  /// Whether a request may be answered at all.
  public enum Verdict: Sendable, Equatable {
    /// In, by its header or cookie, or a write by the token in its address.
    case admit
    /// A page asked for with the token in its address: the reply is the page that keeps it in
    /// this origin's storage and goes on to the page (`TokenPage`).
    case enter
    /// `/app/session` with the token in its address: the reply sets this cookie (a `Set-Cookie`
    /// value) and sends the browser on to its `to`.
    case exchange(cookie: String)
    /// Out, for this reason.
    case refuse(ServerProblem)
  }

  /// Whether `request` may be answered at all. A `shipped` file (the app's script, style and
  /// icon, which hold nothing of the journal) needs no token, so the page asking for it is
  /// whole.
  public func check(_ request: ServerRequest, shipped: Bool = false) -> Verdict {
    if checksHost {
      guard let host = request.header("host"), Self.isLoopback(host: host) || isPublic(host: host) else {
        return .refuse(.wrongHost)
      }
    }
    if shipped { return .admit }
    if let given = Self.bearer(request.header("authorization")) {
      return Self.same(given, token) ? .admit : .refuse(.tokenNeeded)
    }
    // The address before the cookie: a cookie left by an earlier run must not hide it.
    if let given = request.parameter("token") {
      guard Self.same(given, token) else { return .refuse(.tokenNeeded) }
      if request.rawPath == Self.sessionPath { return .exchange(cookie: setCookie(request)) }
      return request.method == "GET" || request.method == "HEAD" ? .enter : .admit
    }
    let name = Self.cookieName(request)
    if let given = Self.cookie(named: name, in: request.header("cookie")), Self.same(given, token) { return .admit }
    return .refuse(.tokenNeeded)
  }

  /// Whether a read (GET, HEAD) may be answered, after `check` let it in; nil when it may.
  ///
  /// A page of another site can make a browser ask anything (`<img src>`), and another port
  /// of 127.0.0.1 is the same site, so the cookie goes along: a search or a list could hold
  /// the index for seconds at a time. What a browser marks as asked by another site's page
  /// (`Sec-Fetch-Site: cross-site` or `same-site`, or an `Origin` not this server's) is refused;
  /// only the person following a link (a top-level navigation) is let through. A client that
  /// sends neither header (curl, a script) is not a browser a page can steer.
  public func checkRead(_ request: ServerRequest) -> ServerProblem? {
    let site = request.header("sec-fetch-site")
    let followed = request.header("sec-fetch-mode") == "navigate" && request.header("sec-fetch-dest") == "document"
    if site == "cross-site" || site == "same-site", !followed { return .crossSite }
    // A form's POST from a page whose Referrer-Policy is no-referrer (every page of the app)
    // says `Origin: null`; `Sec-Fetch-Site`, which no page can set, tells whose it is.
    if let origin = request.header("origin"), !isOwn(origin: origin, request),
      origin != "null" || site != "same-origin"
    {
      return .crossSite
    }
    return nil
  }

  /// Whether a write (any method but GET and HEAD) may go ahead, after `check` let it in.
  public func checkWrite(_ request: ServerRequest) -> ServerProblem? {
    guard request.header(Self.writeHeader) == "1" else { return .writeHeader }
    guard let origin = request.header("origin"), isOwn(origin: origin, request) else { return .writeOrigin }
    // JSON, or a file's bytes (an upload): neither is a type a page of another site may send
    // without asking first (CORS), as it may a form's.
    let type = request.header("content-type") ?? ""
    guard request.body.isEmpty || type.hasPrefix("application/json") || type.hasPrefix("application/octet-stream")
    else {
      return .writeType
    }
    return nil
  }

  /// Whether a share (`POST /share`, the manifest's share target) may go ahead, after `check`
  /// let it in; nil when it may. A phone's share sheet has the browser post a form to the app
  /// itself (`Sec-Fetch-Site: none`), which cannot carry the write header; a form another
  /// site's page posts here says `cross-site` or `same-site` (another port of 127.0.0.1), or
  /// names an origin not this server's, and is refused.
  public func checkShare(_ request: ServerRequest) -> ServerProblem? {
    let site = request.header("sec-fetch-site")
    if site == "cross-site" || site == "same-site" { return .crossSite }
    if let origin = request.header("origin"), !isOwn(origin: origin, request), origin != "null" || site == nil {
      return .crossSite
    }
    return nil
  }

  /// Whether `origin` is this server's: `http://` and the `Host` the request was sent to, or
  /// the address a TLS proxy serves it at.
  func isOwn(origin: String, _ request: ServerRequest) -> Bool {
    if let publicOrigin, origin.lowercased() == publicOrigin { return true }
    guard let host = request.header("host"), !isPublic(host: host) else { return false }
    return origin == "http://" + host
  }

  /// The `Set-Cookie` value that keeps the token for `request`'s server.
  func setCookie(_ request: ServerRequest) -> String {
    "\(Self.cookieName(request))=\(Self.encoded(token)); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
  }

  /// The `Set-Cookie` value that drops the cookie of `request`'s server: the token page sends
  /// it, so a browser that keeps the token in its storage keeps none in a cookie.
  static func droppedCookie(_ request: ServerRequest) -> String {
    "\(cookieName(request))=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
  }

  /// The cookie's name for the port in the request's `Host`: `ilgi_token_8080`, or
  /// `ilgi_token` when the `Host` names none.
  static func cookieName(_ request: ServerRequest) -> String {
    guard let host = request.header("host"), let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") else {
      return cookiePrefix
    }
    let port = host[host.index(after: colon)...]
    guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return cookiePrefix }
    return cookiePrefix + "_" + port
  }

  /// Where to send a browser that brought the token in its address: the same path and query
  /// without `token=`, always a path of this server. Leading slashes and backslashes become one
  /// `/` (`//write` would be another host to a browser) and anything but the characters a path
  /// or query may hold is percent-encoded, so the `Location` can name no other place.
  public static func withoutToken(_ request: ServerRequest) -> String {
    location(path: request.rawPath, query: request.query)
  }

  /// Where `/app/session` sends the browser on to: its `to`, as `withoutToken` makes an address.
  public static func sessionTarget(_ request: ServerRequest) -> String {
    let asked = request.parameter("to") ?? "/"
    guard let mark = asked.firstIndex(of: "?") else { return location(path: asked, query: nil) }
    return location(path: String(asked[..<mark]), query: String(asked[asked.index(after: mark)...]))
  }

  static func location(path: String, query: String?) -> String {
    let path = locationText(path).drop { $0 == "/" }
    let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") }.map {
      locationText(String($0))
    }
    return "/" + path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
  }

  /// `text` with every byte outside a path's or query's own characters percent-encoded (a `%`
  /// already there stays: the text is already encoded).
  static func locationText(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: locationCharacters) ?? ""
  }

  static let locationCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/%")

  /// Whether a `Host` header names the host of the address a TLS proxy serves the app at.
  func isPublic(host: String) -> Bool {
    guard let publicOrigin, let (name, _) = Self.hostAndPort(host), !name.hasPrefix("[") else { return false }
    return name == Self.hostName(publicOrigin)
  }

  /// A `Host` header's name (in lower case, an IPv6 address in its brackets) and port, when it
  /// is `name[:port]` and nothing else: letters, digits, `.` and `-`, or `[::1]`-like, and a
  /// port of 1 to 5 digits. Nil for anything a reader could take two ways
  /// (`localhost:80@evil.example`, `127.0.0.1:8080, evil.example`, `localhost:abc`).
  static func hostAndPort(_ host: String) -> (name: Substring, port: Substring?)? {
    let text = host.lowercased()[...]
    var name: Substring
    var rest: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      name = text[...close]
      rest = text[text.index(after: close)...]
      guard name.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
    } else {
      let colon = text.firstIndex(of: ":") ?? text.endIndex
      name = text[..<colon]
      rest = text[colon...]
      guard name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }) else {
        return nil
      }
    }
    guard !name.isEmpty else { return nil }
    if rest.isEmpty { return (name, nil) }
    let port = rest.dropFirst()
    guard rest.first == ":", (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return (name, port)
  }

  /// The host of an origin, without its scheme and port.
  static func hostName(_ origin: String) -> Substring {
    let afterScheme = origin.range(of: "://").map { origin[$0.upperBound...] } ?? origin[...]
    return afterScheme.split(separator: ":").first ?? afterScheme
  }

  /// Whether a `Host` header names this computer: 127.0.0.1, [::1] or localhost, any port.
  static func isLoopback(host: String) -> Bool {
    guard let (name, _) = hostAndPort(host) else { return false }
    return ["127.0.0.1", "[::1]", "localhost"].contains(name)
  }

  static func bearer(_ header: String?) -> String? {
    guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
    return String(header.dropFirst(7).trimmed)
  }

  /// The value of the cookie `name` in a `Cookie` header, percent-decoded.
  static func cookie(named name: String, in header: String?) -> String? {
    guard let header else { return nil }
    for part in header.split(separator: ";") {
      let pair = part.trimmed
      if pair.hasPrefix(name + "=") { return String(pair.dropFirst(name.count + 1)).removingPercentEncoding }
    }
    return nil
  }

  /// The token as a cookie value or query value: ASCII letters, digits and `-._~` as they are,
  /// every other byte percent-encoded.
  public static func encoded(_ token: String) -> String {
    token.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  static let unreserved = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

  /// Compares without stopping at the first difference, so timing tells nothing of the token.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(x.count == y.count ? 0 : 1)
    for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}
