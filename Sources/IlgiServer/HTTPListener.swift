import CMicroHTTPD
import Dispatch
import Foundation

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
  /// Why a request that sends a body is refused from its headers alone (no token), if it is:
  /// its body is then read and dropped, never kept.
  func refusalBeforeBody(_ request: ServerRequest) -> ServerProblem?
}

extension ServerResponder {
  /// The listener's own limit for every request.
  public func bodyLimit(for request: ServerRequest) -> Int? { nil }
  /// Every request's body is read.
  public func refusalBeforeBody(_ request: ServerRequest) -> ServerProblem? { nil }
}

/// Serves a responder over HTTP/1.1 on one address, through libmicrohttpd (Debian:
/// libmicrohttpd-dev): the one place that knows HTTP. Each connection has a thread of its own,
/// on which the responder makes its reply. Bodies over `bodyLimit` bytes are refused (413) before
/// the responder sees them, in the responder's words; a HEAD gets the headers a GET would,
/// `Content-Length` included, and no body.
public enum HTTPListener {
  /// The largest request body taken by default: an entry is far smaller.
  public static let defaultBodyLimit = 1 << 20

  /// How long a connection may stay idle before it is closed, in seconds: a reply the other
  /// end does not read. `ConnectionWatch` closes waiting connections sooner.
  static let idleSeconds: UInt32 = 120

  /// The most connections open at once, each a thread: one more is closed as it arrives.
  /// `ConnectionWatch` keeps those without a request far fewer, so the owner's get in.
  static let connectionLimit: UInt32 = 512

  /// Why the server could not start: the address could not be found or bound.
  public struct ListenError: Error, CustomStringConvertible {
    /// The system's reason, in its words (`address already in use`).
    public var description: String
  }

  /// Serves on `host`:`port` until SIGINT or SIGTERM arrives or the task is cancelled;
  /// `listening` gets the port bound (the one asked for, or the system's choice for 0), and
  /// `draining`, once stopping, the number of requests whose replies it waits for (when any).
  public static func run(
    host: String, port: Int, bodyLimit: Int = defaultBodyLimit, responder: any ServerResponder,
    draining: @escaping @Sendable (Int) -> Void = { _ in }, listening: @escaping @Sendable (Int) -> Void
  ) async throws {
    guard ilgi_http_load() != 0 else {
      throw ListenError(description: "libmicrohttpd is not installed (Debian: libmicrohttpd12)")
    }
    let (socket, bound) = try listen(host: host, port: port)
    // Replies are made in this task's group, so they see its task-local values (the
    // invocation, the language), whichever of libmicrohttpd's threads asked for them.
    let (jobs, queue) = AsyncStream.makeStream(of: Exchanges.Job.self)
    let exchanges = Exchanges(responder: responder, bodyLimit: bodyLimit, queue: queue)
    let context = Unmanaged.passRetained(exchanges)
    defer { context.release() }
    // libmicrohttpd closes the socket itself when it cannot start.
    guard
      let daemon = ilgi_http_start(
        socket, Exchanges.answer, context.toOpaque(), Exchanges.begin, Exchanges.end, Exchanges.connections,
        idleSeconds, connectionLimit)
    else { throw ListenError(description: "the HTTP server could not start") }
    let sweeping = exchanges.watch.sweepEverySecond()
    defer { sweeping.cancel() }
    // Caught before anyone is told the address: a Ctrl-C at once stops the server as any other.
    let stopSignal = StopSignal.catching()
    listening(bound)
    // The daemon is stopped once, from the thread below.
    nonisolated(unsafe) let running = daemon
    await withDiscardingTaskGroup { group in
      group.addTask {
        await stopSignal.wait()
        let quiesced = stopTaking(running, socket: socket, exchanges)
        // Told from this task, which has the invocation's language.
        let answering = exchanges.answering
        if answering > 0 { draining(answering) }
        await onThread { stop(running, socket: socket, quiesced: quiesced, exchanges) }
        queue.finish()
      }
      for await job in jobs {
        // Run by the thread of the request's connection (`Job.wait`), so a reply that blocks
        // (a write waiting for the journal's lock) holds up that connection only, never the
        // few threads every other reply needs.
        group.addTask(executorPreference: job) { job.finish(await responder.reply(job.request)) }
      }
    }
  }

  /// Stops as a person expects of Ctrl-C, in two steps. This one takes no new connection (they
  /// are refused at once) and answers a request that begins on an open connection 503 without
  /// reading it; it tells whether the listening socket is the listener's to close.
  private static func stopTaking(_ daemon: OpaquePointer, socket: Int32, _ exchanges: Exchanges) -> Bool {
    // Still open, the socket would take connections nobody answers. When libmicrohttpd could
    // not give it back, it closes it itself.
    let quiesced = ilgi_http_quiesce(daemon) >= 0
    if quiesced { Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
    exchanges.stopping()
    return quiesced
  }

  /// Then every request the responder has is answered, however long it takes (a write waiting
  /// for the journal's lock is done and says so, so a script never sends again what was saved;
  /// a second signal ends the process at once, `StopSignal`), and every connection is closed.
  private static func stop(_ daemon: OpaquePointer, socket: Int32, quiesced: Bool, _ exchanges: Exchanges) {
    exchanges.waitUntilAnswered()
    ilgi_http_stop(daemon)
    if quiesced { close(socket) }
  }

  /// `work`, done on a thread of its own: it blocks, and must not hold one of the pool's few.
  private static func onThread(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        work()
        done.resume()
      }
    }
  }

  /// Why the server could not start, in plain words: the system's reason for a socket error
  /// (`address already in use`), the error's own text otherwise.
  public static func reason(_ error: any Error) -> String {
    (error as? ListenError)?.description ?? "\(error)"
  }

  /// A socket listening on `host`:`port` (a name or an address; the first of its addresses
  /// that can be bound), with the port it got.
  static func listen(host: String, port: Int) throws -> (socket: Int32, port: Int) {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &found)
    guard status == 0, let first = found else {
      throw ListenError(description: String(cString: gai_strerror(status)).lowercased())
    }
    defer { freeaddrinfo(found) }
    // The reason told is the most telling of the addresses' (`localhost` has two).
    var failure = EADDRNOTAVAIL
    for candidate in sequence(first: first, next: { $0.pointee.ai_next }) {
      let address = candidate.pointee
      let socket = Glibc.socket(address.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard socket >= 0 else {
        if failure != EADDRINUSE { failure = errno }
        continue
      }
      var on: Int32 = 1
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
      guard bind(socket, address.ai_addr, address.ai_addrlen) == 0, Glibc.listen(socket, 128) == 0 else {
        if failure != EADDRINUSE { failure = errno }
        close(socket)
        continue
      }
      var bound = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      withUnsafeMutablePointer(to: &bound) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socket, $0, &length) }
      }
      let port =
        withUnsafePointer(to: &bound) { pointer -> UInt16 in
          pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
      // sin_port and sin6_port lie at the same offset.
      return (socket, Int(UInt16(bigEndian: port)))
    }
    throw ListenError(description: String(cString: strerror(failure)).lowercased())
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
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !addresses.contains(text) { addresses.append(text) }
      }
    }
    return addresses
  }
}

/// The requests of one listener as libmicrohttpd hands them over: each begins with its raw
/// target, is answered once its body has arrived, and ends.
private final class Exchanges: @unchecked Sendable {
  /// One request on its way in.
  final class Exchange {
    /// The raw target: `/a%20b.html?x=1`.
    let target: String
    /// The request, once its headers are read; its body is `body`.
    var request: ServerRequest?
    /// The body as it arrives.
    var body: [UInt8] = []
    /// The largest body taken for it.
    var limit = 0
    /// Its body got larger than `limit`; what came after was dropped.
    var tooLarge = false
    /// Refused from its headers, its reply queued: what comes after is dropped unread.
    var refused = false
    /// Refused from its headers (no token), its reply sent once its body is read and dropped.
    var refusal: ServerProblem?
    /// The responder has it: it is counted in `answering` until it is over (its reply sent,
    /// or its connection gone), so a stop never cuts a reply short.
    var handedOver = false

    init(target: String) { self.target = target }
  }

  /// A whole request, whose reply is made on its connection's thread: the executor its reply's
  /// task prefers, run by `wait` until the reply is there.
  final class Job: TaskExecutor, @unchecked Sendable {
    let request: ServerRequest
    private let lock = NSLock()
    private var work: [UnownedJob] = []
    private var reply: Reply?
    /// Signalled once for each piece of work and once for the reply.
    private let ready = DispatchSemaphore(value: 0)

    init(_ request: ServerRequest) { self.request = request }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      lock.withLock { work.append(job) }
      ready.signal()
    }

    func finish(_ reply: Reply) {
      lock.withLock { self.reply = reply }
      ready.signal()
    }

    /// Runs the reply's work on the calling thread until the reply is made, and returns it.
    func wait() -> Reply {
      while true {
        ready.wait()
        let (next, made) = lock.withLock { (work.isEmpty ? nil : work.removeFirst(), reply) }
        if let next {
          next.runSynchronously(on: asUnownedTaskExecutor())
        } else if let made {
          return made
        }
      }
    }
  }

  let responder: any ServerResponder
  let bodyLimit: Int
  let queue: AsyncStream<Job>.Continuation
  let watch = ConnectionWatch()

  init(responder: any ServerResponder, bodyLimit: Int, queue: AsyncStream<Job>.Continuation) {
    self.responder = responder
    self.bodyLimit = bodyLimit
    self.queue = queue
  }

  /// A request line has arrived: its exchange begins, holding the target as sent (libmicrohttpd
  /// hands the handler a decoded path without its query).
  static let begin:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) ->
      UnsafeMutableRawPointer? = { _, uri, _ in
        Unmanaged.passRetained(Exchange(target: uri.map { String(cString: $0) } ?? "/")).toOpaque()
      }

  /// A request is over (answered, or its connection closed): its exchange is let go, and its
  /// connection waits for the next.
  static let end: MHD_RequestCompletedCallback = { context, connection, state, _ in
    guard let context else { return }
    let exchanges = Unmanaged<Exchanges>.fromOpaque(context).takeUnretainedValue()
    exchanges.watch.waiting(UInt(bitPattern: connection))
    guard let state, let exchange = state.pointee else { return }
    if Unmanaged<Exchange>.fromOpaque(exchange).takeUnretainedValue().handedOver { exchanges.answered() }
    Unmanaged<Exchange>.fromOpaque(exchange).release()
    state.pointee = nil
  }

  /// A connection opened or closed: the watch keeps count.
  static let connections: MHD_NotifyConnectionCallback = { context, connection, _, code in
    guard let context, let connection else { return }
    let watch = Unmanaged<Exchanges>.fromOpaque(context).takeUnretainedValue().watch
    if ilgi_http_opened(code) != 0 {
      var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let written = ilgi_http_peer(connection, &text, text.count) == 0
      let bytes = written ? text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) } : []
      let address = String(decoding: bytes, as: UTF8.self)
      watch.opened(UInt(bitPattern: connection), socket: ilgi_http_socket(connection), address: address)
    } else {
      watch.closed(UInt(bitPattern: connection))
    }
  }

  private let counting = NSCondition()
  private var handedOver = 0
  private var stopped = false
  /// Requests handed to the responder and not yet over: their replies are not yet sent.
  var answering: Int { counting.withLock { handedOver } }
  /// From now on no request is handed to the responder, and every reply closes its connection.
  func stopping() { counting.withLock { stopped = true } }
  var isStopping: Bool { counting.withLock { stopped } }
  /// Whether a whole request may go to the responder (not once stopping), counted if so: a
  /// stop that reads `answering` as 0 after `stopping()` has nothing left to wait for.
  private func handOver() -> Bool {
    counting.withLock {
      if stopped { return false }
      handedOver += 1
      return true
    }
  }
  private func answered() {
    counting.withLock {
      handedOver -= 1
      if handedOver == 0 { counting.broadcast() }
    }
  }
  /// Returns once every request handed to the responder is over.
  func waitUntilAnswered() {
    counting.withLock { while handedOver > 0 { counting.wait() } }
  }

  /// Called with the headers, with each piece of the body, and once more when it is whole.
  static let answer: MHD_AccessHandlerCallback = { context, connection, _, method, _, data, size, state in
    guard let context, let connection, let method, let size, let state, let opaque = state.pointee else {
      return .NO
    }
    let exchanges = Unmanaged<Exchanges>.fromOpaque(context).takeUnretainedValue()
    let exchange = Unmanaged<Exchange>.fromOpaque(opaque).takeUnretainedValue()
    return exchanges.respond(connection, method: String(cString: method), exchange, data, size)
  }

  private func respond(
    _ connection: OpaquePointer, method: String, _ exchange: Exchange, _ data: UnsafePointer<CChar>?,
    _ size: UnsafeMutablePointer<Int>
  ) -> MHD_Result {
    guard var request = exchange.request else { return admit(connection, method: method, exchange) }
    if exchange.refused {
      size.pointee = 0
      return .YES
    }
    if size.pointee > 0, exchange.refusal != nil {
      size.pointee = 0
      return .YES
    }
    if let refusal = exchange.refusal {
      return send(responder.refuse(refusal, request), on: connection)
    }
    if size.pointee > 0 {
      if let data, !exchange.tooLarge, exchange.body.count + size.pointee <= exchange.limit {
        data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
          exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
        }
      } else {
        exchange.tooLarge = true
        exchange.body = []
      }
      size.pointee = 0
      return .YES
    }
    if exchange.tooLarge {
      return send(responder.refuse(.tooLarge(limit: exchange.limit), request), on: connection)
    }
    request.body = exchange.body
    exchange.body = []
    guard handOver() else { return send(responder.refuse(.stopping, request), on: connection) }
    exchange.handedOver = true
    watch.answering(UInt(bitPattern: connection))
    let job = Job(request)
    guard case .enqueued = queue.yield(job) else { return .NO }
    return send(job.wait(), on: connection)
  }

  /// The first call for a request, with its headers: reads the request and either refuses it
  /// from them or lets its body in.
  private func admit(_ connection: OpaquePointer, method: String, _ exchange: Exchange) -> MHD_Result {
    let (headers, repeated) = Self.headers(of: connection)
    let request = ServerRequest(method: method, absoluteOrOrigin: exchange.target, headers: headers)
    exchange.request = request
    // Said once, or not taken: libmicrohttpd and the responder could each read another one.
    if let name = repeated.first(where: Self.singleHeaders.contains) {
      exchange.refused = true
      return send(responder.refuse(.repeatedHeader(name), request), on: connection)
    }
    exchange.limit = max(bodyLimit, responder.bodyLimit(for: request) ?? 0)
    // Refused from its headers (below), the connection goes on waiting.
    if let problem = responder.refusalBeforeBody(request) {
      exchange.refusal = problem
      // A client that waits for `100 Continue` is answered before it sends the body.
      if request.header("expect")?.lowercased() == "100-continue" {
        exchange.refused = true
        return send(responder.refuse(problem, request), on: connection)
      }
      return .YES
    }
    if let length = request.header("content-length").flatMap(Int.init) {
      if length > exchange.limit {
        exchange.tooLarge = true
        // A client that waits for `100 Continue` is answered before it sends the body;
        // one that sends it at once has it read and dropped, as a reply before the body is
        // read would reach it as a reset connection.
        if request.header("expect")?.lowercased() == "100-continue" {
          return send(responder.refuse(.tooLarge(limit: exchange.limit), request), on: connection)
        }
      } else {
        exchange.body.reserveCapacity(length)
      }
    }
    // Let in: its body has the body's time, dropped unread when too large.
    watch.receiving(UInt(bitPattern: connection))
    return .YES
  }

  /// The headers that say one thing each, which a request must not send twice.
  static let singleHeaders: Set<String> = [
    "host", "content-length", "transfer-encoding", "content-type", "authorization", "cookie", "origin",
    "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "x-ilgi-request", "expect",
  ]

  /// Every header field of the request, by name, and the names sent more than once.
  private static func headers(of connection: OpaquePointer) -> ([String: String], Set<String>) {
    final class Fields {
      var all: [String: String] = [:]
      var repeated: Set<String> = []
    }
    let fields = Fields()
    let each: MHD_KeyValueIterator = { context, _, key, value in
      guard let context, let key else { return .YES }
      let fields = Unmanaged<Fields>.fromOpaque(context).takeUnretainedValue()
      let name = String(cString: key).lowercased()
      if fields.all[name] != nil { fields.repeated.insert(name) }
      fields.all[name] = value.map { String(cString: $0) } ?? ""
      return .YES
    }
    withExtendedLifetime(fields) {
      _ = ilgi_http_headers(connection, each, Unmanaged.passUnretained(fields).toOpaque())
    }
    return (fields.all, fields.repeated)
  }

  /// Queues `reply`; libmicrohttpd adds `Content-Length` and leaves the body out for a HEAD.
  /// Once stopping, the connection is closed after it. Being sent, it is not cut.
  private func send(_ reply: Reply, on connection: OpaquePointer) -> MHD_Result {
    watch.answering(UInt(bitPattern: connection))
    let response = reply.body.withUnsafeBytes {
      ilgi_http_response($0.baseAddress, $0.count)
    }
    guard let response else { return .NO }
    defer { ilgi_http_destroy(response) }
    for (name, value) in reply.headers { _ = ilgi_http_add_header(response, name, value) }
    if isStopping { _ = ilgi_http_add_header(response, "Connection", "close") }
    return ilgi_http_queue(connection, UInt32(reply.status), response)
  }
}

/// Waits for SIGINT or SIGTERM (Ctrl-C, a service manager) or the task's cancellation. The
/// signals stay caught from then on: a second one, while the server waits for replies under
/// way, ends the process at once.
private final class StopSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  private var waiting: CheckedContinuation<Void, Never>?

  /// Catches the signals from now on; a signal before `wait` is kept for it.
  static func catching() -> StopSignal {
    let stop = StopSignal()
    stop.sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { stop.fire(signal: number) }
      source.resume()
      return source
    }
    return stop
  }

  /// Returns once a signal came (before this too) or the task is cancelled.
  func wait() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { hold($0) }
    } onCancel: {
      fire(signal: nil)
    }
  }

  /// The signals' sources, kept for the second signal.
  private var sources: [any DispatchSourceSignal] = []

  private func hold(_ continuation: CheckedContinuation<Void, Never>) {
    lock.lock()
    if stopped {
      lock.unlock()
      continuation.resume()
    } else {
      waiting = continuation
      lock.unlock()
    }
  }

  private func fire(signal: Int32?) {
    lock.lock()
    if stopped, let signal {
      _exit(128 + signal)
    }
    stopped = true
    let continuation = waiting
    waiting = nil
    lock.unlock()
    continuation?.resume()
  }
}
