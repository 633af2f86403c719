import Foundation

/// Who may ask what of a server: the one place its rules of access are kept.
///
/// - With a token, every request carries it: `Authorization: Bearer`, the `ilgi_token` cookie,
///   or `?token=` once, which sets the cookie (HttpOnly, SameSite=Strict).
/// - Without one (loopback only), the `Host` must name this computer, so a web page elsewhere
///   cannot reach the journal by pointing a name of its own at 127.0.0.1.
/// - A write also needs the `X-Ilgi-Request` header, which no cross-site form can send (and a
///   cross-site script cannot without a preflight this server never grants), an `Origin` equal
///   to this server's, and a JSON body.
public struct RequestGate: Sendable {
  /// The token requests must carry, if any.
  public let token: String?

  /// The header every write carries.
  public static let writeHeader = "X-Ilgi-Request"
  /// The cookie the token is kept in.
  public static let cookieName = "ilgi_token"

  /// Makes a gate; `token` nil for a loopback-only server.
  public init(token: String?) { self.token = token }

  /// What letting `request` in needs: a refusal, or the headers to add (a cookie to set).
  public enum Verdict: Sendable {
    /// In; these headers go on the reply.
    case admit([(String, String)])
    /// Out, with this reply.
    case refuse(Reply)
  }

  /// Whether `request` may be answered at all.
  public func check(_ request: ServerRequest) -> Verdict {
    guard let token else {
      guard let host = request.header("host"), Self.isLoopback(host: host) else {
        return .refuse(.text(421, "421 this server answers only to its own address (127.0.0.1, localhost)\n"))
      }
      return .admit([])
    }
    let cookie = Self.cookie(request.header("cookie"))
    let given = Self.bearer(request.header("authorization")) ?? cookie ?? request.parameter("token")
    guard let given, Self.same(given, token) else {
      return .refuse(.text(401, "401 this journal needs its token: add ?token=... to the address\n"))
    }
    if cookie.map({ Self.same($0, token) }) == true { return .admit([]) }
    return .admit([
      ("Set-Cookie", "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000")
    ])
  }

  /// Whether a write (any method but GET and HEAD) may go ahead, after `check` let it in.
  public func checkWrite(_ request: ServerRequest) -> Reply? {
    guard request.header(Self.writeHeader) == "1" else {
      return .problem(403, "a write needs the \(Self.writeHeader) header")
    }
    guard let origin = request.header("origin"), let host = request.header("host"), origin == "http://" + host
    else {
      return .problem(403, "a write must come from a page of this server (Origin)")
    }
    guard request.body.isEmpty || request.header("content-type")?.hasPrefix("application/json") == true else {
      return .problem(415, "a write's body is JSON (Content-Type: application/json)")
    }
    return nil
  }

  /// Whether a `Host` header names this computer: 127.0.0.1, ::1 or localhost, any port.
  static func isLoopback(host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("[") {
      guard let close = name.firstIndex(of: "]") else { return false }
      name = String(name[name.index(after: name.startIndex)..<close])
    } else if let colon = name.lastIndex(of: ":") {
      name = String(name[..<colon])
    }
    return ["127.0.0.1", "::1", "localhost"].contains(name)
  }

  static func bearer(_ header: String?) -> String? {
    guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
    return String(header.dropFirst(7).trimmed)
  }

  static func cookie(_ header: String?) -> String? {
    guard let header else { return nil }
    for part in header.split(separator: ";") {
      let pair = part.trimmed
      if pair.hasPrefix(cookieName + "=") { return String(pair.dropFirst(cookieName.count + 1)) }
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
}
