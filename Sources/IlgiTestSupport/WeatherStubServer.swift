import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 that answers the way the weather services document
/// (or fail the way they can), or stands in for ntfy and Apprise, and records every request it
/// gets with its headers and body.
public final class WeatherStubServer: @unchecked Sendable {
  /// How the server answers a path.
  public enum Answer: Sendable {
    /// A status and a JSON (or any) body.
    case body(status: Int, String)
    /// A body of `count` bytes of `x`.
    case large(count: Int)
    /// Reads the request and never answers (until the server stops).
    case hang
  }

  /// A request the server got.
  public struct Request: Sendable {
    /// Path and query, e.g. `/v1/forecast?latitude=...`.
    public var target: String
    /// When it arrived.
    public var arrived: Date
    /// `GET`, `POST`.
    public var method = "GET"
    /// The header lines, as sent (`Title: ...`).
    public var headers: [String] = []
    /// The body, as sent.
    public var body: [UInt8] = []

    /// The value of header `name` (any case), if sent.
    public func header(_ name: String) -> String? {
      headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map {
        String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
      }
    }
  }

  /// The port the server listens on.
  public let port: Int
  /// `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  private let listener: Int32
  private let lock = NSLock()
  private var answers: [(prefix: String, answer: Answer)]
  private var received: [Request] = []
  private var open: [Int32] = []
  private var stopped = false

  /// Starts a server answering paths that start with each prefix; anything else is a 404.
  public init(answers: [(String, Answer)]) throws {
    self.answers = answers.map { (prefix: $0.0, answer: $0.1) }
    #if canImport(Glibc)
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    self.listener = listener
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit { stop() }

  /// A port on 127.0.0.1 where nothing listens (connections are refused).
  public static func closedPort() throws -> Int {
    let server = try WeatherStubServer(answers: [])
    let port = server.port
    server.stop()
    return port
  }

  /// Every request so far.
  public var requests: [Request] { lock.withLock { received } }

  /// Changes the answers for later requests.
  public func answer(_ answers: [(String, Answer)]) {
    lock.withLock { self.answers = answers.map { (prefix: $0.0, answer: $0.1) } }
  }

  /// Stops listening and ends every open connection. Sockets are only shut down here, which
  /// wakes the threads blocked on them; each is closed by the thread that uses it, so its number
  /// is never reused (by another test's socket) while that thread may still read or close it.
  public func stop() {
    let sockets: [Int32] = lock.withLock {
      if stopped { return [] }
      stopped = true
      return open + [listener]
    }
    for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
  }

  private func acceptLoop() {
    defer { close(listener) }
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      let keep = lock.withLock { () -> Bool in
        if stopped { return false }
        open.append(client)
        return true
      }
      guard keep else {
        close(client)
        return
      }
      Thread { [self] in serve(client) }.start()
    }
  }

  private func serve(_ client: Int32) {
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while request.firstRange(of: [13, 10, 13, 10]) == nil {
      let count = read(client, &buffer, buffer.count)
      if count <= 0 { return finish(client) }
      request += buffer[0..<count]
    }
    let head = String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n")
    let line = head.first ?? ""
    let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    var got = Request(
      target: target, arrived: Date(), method: String(line.split(separator: " ").first ?? "GET"),
      headers: Array(head.dropFirst().filter { !$0.isEmpty }))
    // A body as long as its Content-Length says: what came with the head, then the rest.
    let end = (request.firstRange(of: [13, 10, 13, 10])?.upperBound ?? request.count)
    got.body = Array(request[end...])
    let length = got.header("Content-Length").flatMap { Int($0) } ?? 0
    while got.body.count < length {
      let count = read(client, &buffer, min(buffer.count, length - got.body.count))
      if count <= 0 { break }
      got.body += buffer[0..<count]
    }
    let answer: Answer? = lock.withLock {
      received.append(got)
      return answers.first { target.hasPrefix($0.prefix) }?.answer
    }
    switch answer {
    case .none:
      send(client, status: 404, body: Array(#"{"error":true,"reason":"Not Found"}"#.utf8))
    case .body(let status, let text):
      send(client, status: status, body: Array(text.utf8))
    case .large(let count):
      send(client, status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: count))
    case .hang:
      // Wait for the client to give up (or the server to stop).
      while read(client, &buffer, buffer.count) > 0 {}
    }
    finish(client)
  }

  private func send(_ client: Int32, status: Int, body: [UInt8]) {
    let head =
      "HTTP/1.1 \(status) Stub\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let bytes = Array(head.utf8) + body
    let total = bytes.count
    var offset = 0
    while offset < total {
      let written = bytes.withUnsafeBytes { write(client, $0.baseAddress.map { $0 + offset }, total - offset) }
      if written <= 0 { return }
      offset += written
    }
  }

  private func finish(_ client: Int32) {
    let owned = lock.withLock { () -> Bool in
      guard let index = open.firstIndex(of: client) else { return false }
      open.remove(at: index)
      return true
    }
    if owned { close(client) }
  }
}

/// Answers in the weather services' documented shapes.
public enum WeatherStubAnswers {
  /// Open-Meteo geocoding for one place.
  public static func geocoding(name: String = "Seoul", latitude: Double = 37.566, longitude: Double = 126.9784)
    -> String
  {
    #"{"results":[{"id":1835848,"name":"\#(name)","latitude":\#(latitude),"longitude":\#(longitude),"country_code":"KR","timezone":"Asia/Seoul"}],"generationtime_ms":0.5}"#
  }

  /// Open-Meteo geocoding that found nothing.
  public static let geocodingEmpty = #"{"generationtime_ms":0.4}"#

  /// Open-Meteo current conditions.
  public static func current(temperature: Double = 4.2, code: Int = 0) -> String {
    #"{"latitude":37.55,"longitude":127.0,"timezone":"GMT","current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},"current":{"time":"2026-11-21T09:00","interval":900,"temperature_2m":\#(temperature),"weather_code":\#(code)}}"#
  }

  /// Open-Meteo archive: every hour of the UTC days `first`...`last` with the same values.
  public static func archive(first: String, last: String, temperature: Double = 12.3, code: Int = 61) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = calendar.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    guard var day = formatter.date(from: first), let end = formatter.date(from: last) else {
      preconditionFailure("archive(first:last:) takes yyyy-MM-dd days, not \(first) and \(last)")
    }
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
    var times: [String] = []
    while day <= end.addingTimeInterval(23 * 3600) {
      times.append("\"\(formatter.string(from: day))\"")
      day.addTimeInterval(3600)
    }
    let temps = Array(repeating: "\(temperature)", count: times.count).joined(separator: ",")
    let codes = Array(repeating: "\(code)", count: times.count).joined(separator: ",")
    return
      #"{"latitude":37.55,"longitude":127.0,"timezone":"GMT","hourly_units":{"time":"iso8601","temperature_2m":"°C","weather_code":"wmo code"},"hourly":{"time":[\#(times.joined(separator: ","))],"temperature_2m":[\#(temps)],"weather_code":[\#(codes)]}}"#
  }

  /// OpenWeatherMap current weather.
  public static func openWeatherMap(id: Int = 500, temperature: Double = 7.6) -> String {
    #"{"coord":{"lon":126.98,"lat":37.57},"weather":[{"id":\#(id),"main":"Rain","description":"light rain","icon":"10d"}],"base":"stations","main":{"temp":\#(temperature),"feels_like":5.1,"humidity":81},"name":"Seoul","cod":200}"#
  }

  /// OpenWeatherMap's answer to a bad key (sent with HTTP 401).
  public static let openWeatherMapBadKey =
    #"{"cod":401,"message":"Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
}
