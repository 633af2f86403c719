import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// What answers the requests a listener takes: the app (`AppServer`) or the site (`SiteServer`).
public protocol ServerResponder: Sendable {
  /// The reply to `request`.
  func reply(_ request: ServerRequest) async -> Reply
  /// The largest body taken for `request` (its headers only, before the body is read), when
  /// it may be larger than the listener's own limit: the app's uploads.
  func bodyLimit(for request: ServerRequest) -> Int?
  /// The reply for a request the listener refuses itself (a body too large), through the same
  /// funnel as the responder's own refusals: its words, its language and its headers.
  func refuse(_ problem: ServerProblem, _ request: ServerRequest) -> Reply
}

extension ServerResponder {
  /// The listener's own limit for every request.
  public func bodyLimit(for request: ServerRequest) -> Int? { nil }
}

/// Serves a responder over HTTP/1.1 on one address, through Hummingbird: the one place that
/// knows HTTP types. Bodies over `bodyLimit` bytes are refused (413) before the responder sees
/// them, in the responder's words; a HEAD gets the headers a GET would, `Content-Length`
/// included, and no body.
public enum HTTPListener {
  /// The largest request body taken by default: an entry is far smaller.
  public static let defaultBodyLimit = 1 << 20

  /// Serves on `host`:`port` until the task is cancelled (SIGINT, SIGTERM); `listening` gets
  /// the port bound (the one asked for, or the system's choice for 0).
  public static func run(
    host: String, port: Int, bodyLimit: Int = defaultBodyLimit, responder: any ServerResponder,
    listening: @escaping @Sendable (Int) -> Void
  ) async throws {
    var logger = Logger(label: "ilgi.serve")
    logger.logLevel = .critical
    let callback = CallbackResponder { (request: Request, _: BasicRequestContext) -> Response in
      var headers: [String: String] = [:]
      for field in request.headers { headers[field.name.canonicalName] = field.value }
      // HTTP/1.1's Host arrives as the request's authority.
      if let authority = request.head.authority { headers["host"] = authority }
      var asked = ServerRequest(method: request.method.rawValue, target: request.uri.string, headers: headers)
      let reply: Reply
      let limit = max(bodyLimit, responder.bodyLimit(for: asked) ?? 0)
      if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
        reply = responder.refuse(.tooLarge(limit: limit), asked)
      } else {
        do {
          asked.body = Array(buffer: try await request.body.collect(upTo: limit))
          reply = await responder.reply(asked)
        } catch {
          reply = responder.refuse(.tooLarge(limit: limit), asked)
        }
      }
      var fields = HTTPFields()
      for (name, value) in reply.headers {
        if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
      }
      fields[.contentLength] = String(reply.body.count)
      let isHead = request.method == .head
      return Response(
        status: HTTPResponse.Status(code: reply.status), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: isHead ? [] : reply.body)))
    }
    let application = Application(
      responder: callback,
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "ilgi"),
      onServerRunning: { channel in listening(channel.localAddress?.port ?? port) },
      logger: logger)
    try await application.runService()
  }

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
}
