import CMicroHTTPD
import Foundation

/// Keeps one listener's connections within bounds, so that what anyone who can reach the port
/// opens never stands between the owner and the app: a connection costs a thread, and a
/// program on the same machine (or, with `--host 0.0.0.0`, on the network) can open a thousand.
///
/// A connection *waits* while it holds no request let in: before its first request's headers
/// have arrived, between two requests, and while a refused request's body is read and dropped.
/// A waiting connection is closed when it has waited `waitSeconds` (headers sent a byte at a
/// time, an idle keep-alive, a body no token came with), and, the oldest first, when more than
/// `waiting` connections wait, or more than `waitingPerAddress` from one address. A request
/// let in (the token, or a page anyone may have) is never cut short while its reply is made;
/// its body must arrive within `bodySeconds`.
final class ConnectionWatch: @unchecked Sendable {
  /// The bounds.
  struct Limits: Sendable {
    /// Connections that may wait at once.
    var waiting = 128
    /// Connections from one address that may wait at once: a browser opens six, and a script's
    /// burst of requests each waits a moment for its headers to be read.
    var waitingPerAddress = 64
    /// How long a connection may wait for its next request's headers, in seconds.
    var waitSeconds: Double = 10
    /// How long a request let in may take to send its body, in seconds: a large photo over a
    /// slow phone connection.
    var bodySeconds: Double = 600
  }

  /// Where a connection is.
  enum Phase: Equatable {
    /// No request let in: see the type.
    case waiting
    /// A request let in, its body on its way.
    case receiving
    /// A request whose reply is being made or sent: never cut.
    case answering
    /// Told to close; gone once libmicrohttpd says so.
    case closing
  }

  private struct Connection {
    let socket: Int32
    let address: String
    let order: UInt64
    var phase: Phase
    var since: Double
  }

  let limits: Limits
  private let lock = NSLock()
  private var open: [UInt: Connection] = [:]
  private var opened: UInt64 = 0
  private var closedSinceTrim = false
  /// Ends a connection: its socket shut down, which libmicrohttpd's thread for it sees as the
  /// other end gone, and closes. Called with the lock held, so the socket is still the
  /// connection's (it is closed only after `closed`).
  private let end: (Int32) -> Void
  /// The time, in seconds, on a clock that never goes back.
  private let clock: () -> Double

  init(
    limits: Limits = Limits(), end: @escaping (Int32) -> Void = { _ = shutdown($0, Int32(SHUT_RDWR)) },
    clock: @escaping () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  ) {
    self.limits = limits
    self.end = end
    self.clock = clock
  }

  /// A connection opened: it waits, and the oldest waiting ones beyond the bounds are closed.
  func opened(_ key: UInt, socket: Int32, address: String) {
    lock.withLock {
      opened += 1
      open[key] = Connection(socket: socket, address: address, order: opened, phase: .waiting, since: clock())
      trim(address: address)
    }
  }

  /// Its request's headers were let in: its body is on its way.
  func receiving(_ key: UInt) { move(key, to: .receiving) }

  /// Its request is whole and handed over: nothing cuts it now.
  func answering(_ key: UInt) { move(key, to: .answering) }

  /// Its request is over: it waits for the next.
  func waiting(_ key: UInt) {
    lock.withLock {
      move(key, to: .waiting, locked: true)
      if let address = open[key]?.address { trim(address: address) }
    }
  }

  /// libmicrohttpd closed it (its socket is closed right after).
  func closed(_ key: UInt) {
    lock.withLock {
      open[key] = nil
      closedSinceTrim = true
    }
  }

  /// Closes each connection past its deadline. Returns whether every connection is gone after
  /// some closed since the last time it said so: the moment to give freed memory back.
  @discardableResult func sweep() -> Bool {
    lock.withLock {
      let now = clock()
      for (key, connection) in open {
        let allowed: Double
        switch connection.phase {
        case .waiting: allowed = limits.waitSeconds
        case .receiving: allowed = limits.bodySeconds
        case .answering, .closing: continue
        }
        if now - connection.since > allowed { close(key) }
      }
      guard open.isEmpty, closedSinceTrim else { return false }
      closedSinceTrim = false
      return true
    }
  }

  /// How many connections are in each phase: what a test looks at.
  var counts: [Phase: Int] {
    lock.withLock { open.values.reduce(into: [:]) { $0[$1.phase, default: 0] += 1 } }
  }

  private func move(_ key: UInt, to phase: Phase, locked: Bool = false) {
    let change = {
      guard var connection = self.open[key], connection.phase != .closing else { return }
      connection.phase = phase
      connection.since = self.clock()
      self.open[key] = connection
    }
    if locked { change() } else { lock.withLock(change) }
  }

  /// With the lock held: the oldest waiting connections closed until at most `waiting` wait,
  /// and at most `waitingPerAddress` from `address`.
  private func trim(address: String) {
    let waiting = open.filter { $0.value.phase == .waiting }.sorted { $0.value.order < $1.value.order }
    let fromThere = waiting.filter { $0.value.address == address }
    var closing = Set(fromThere.prefix(max(0, fromThere.count - limits.waitingPerAddress)).map(\.key))
    let left = waiting.filter { !closing.contains($0.key) }
    closing.formUnion(left.prefix(max(0, left.count - limits.waiting)).map(\.key))
    for key in closing { close(key) }
  }

  /// With the lock held.
  private func close(_ key: UInt) {
    guard var connection = open[key] else { return }
    connection.phase = .closing
    open[key] = connection
    end(connection.socket)
  }
}

extension ConnectionWatch {
  /// Sweeps once a second until cancelled; once every connection is gone, the memory their
  /// requests took is given back to the system.
  func sweepEverySecond() -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(200))
    timer.setEventHandler { [self] in
      if sweep() { ilgi_http_give_back_memory() }
    }
    timer.resume()
    return timer
  }
}
