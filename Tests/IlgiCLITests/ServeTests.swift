import Foundation
import IlgiServer
import IlgiSite
import IlgiStrings
import IlgiSystem
import IlgiTestSupport
import Testing

/// `ilgi serve` over a real socket on 127.0.0.1, asked with curl: pages, 404s, traversal
/// attempts, the token, concurrent requests, edits on reload, Ctrl-C.
@Suite struct ServeTests {
  /// A running `ilgi serve`, the address it printed and the token in it.
  final class Server {
    let process = Process()
    let errors = Pipe()
    var port = 0
    var token = ""
    var printed = ""

    /// Whether ilgi runs under another program (`prefix`), whose child it is.
    let wrapped: Bool

    init(_ h: Harness, _ arguments: [String], env: [String: String] = [:], prefix: [String] = []) throws {
      wrapped = !prefix.isEmpty
      process.executableURL = URL(fileURLWithPath: prefix.first ?? IlgiProcess.binary)
      process.arguments =
        Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [IlgiProcess.binary])
        + ["serve", "--port", "0"] + arguments
      process.environment = h.environment.merging(env) { $1 }
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // Read stderr until the whole line of the loopback address with its token (printed last
      // on every address), or until the process ends.
      let handle = errors.fileHandleForReading
      while !printed.contains("Ctrl-C") || !printed.hasSuffix("\n")
        || printed.range(of: #"http://127\.0\.0\.1:[0-9]+/\?token="#, options: .regularExpression) == nil
      {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        printed += String(decoding: chunk, as: UTF8.self)
      }
      if let range = printed.range(of: #":[0-9]+/"#, options: .regularExpression) {
        port = Int(printed[range].dropFirst().dropLast()) ?? 0
      }
      if let range = printed.range(of: #"\?token=[^\s]+"#, options: .regularExpression) {
        token = String(printed[range].dropFirst(7)).removingPercentEncoding ?? ""
      }
    }

    /// The address to open, as printed: `http://127.0.0.1:PORT/?token=...`.
    var address: String { "http://127.0.0.1:\(port)/?token=" + RequestGate.encoded(token) }

    /// Stops it as Ctrl-C does; its exit status and what it printed last.
    func stop() -> (status: Int32, stderr: String) {
      // Under strace, ilgi is strace's child: Ctrl-C goes to it, and strace ends with it.
      let pid = process.processIdentifier
      if wrapped, let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) {
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGINT) }
      }
      if process.isRunning, !wrapped { kill(pid, SIGINT) }
      process.waitUntilExit()
      let rest = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      return (process.terminationStatus, rest)
    }

    deinit {
      if process.isRunning { process.terminate() }
    }
  }

  struct Reply {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  /// One request through curl carrying the server's token, as a script would
  /// (`Authorization: Bearer`).
  static func get(
    _ server: Server, _ path: String, headers: [String] = [], method: String = "GET", body: [UInt8]? = nil
  ) throws -> Reply {
    try get(server.port, path, headers: ["Authorization: Bearer " + server.token] + headers, method: method, body: body)
  }

  /// One request through curl, the path sent exactly as given.
  static func get(
    _ port: Int, _ path: String, headers: [String] = [], method: String = "GET", body: [UInt8]? = nil
  ) throws -> Reply {
    var arguments =
      ["curl", "-s", "--path-as-is", "-i", "--max-time", "30"] + (method == "HEAD" ? ["-I"] : ["-X", method])
    for header in headers { arguments += ["-H", header] }
    if body != nil { arguments += ["--data-binary", "@-"] }
    arguments.append("http://127.0.0.1:\(port)\(path)")
    let result = try ChildProcess.run(arguments, input: body)
    var text = Substring(result.stdout)
    // curl -i prints an interim reply (`100 Continue` to a body sent with `Expect`) before the
    // final one.
    while text.hasPrefix("HTTP/1.1 1"), let end = text.range(of: "\r\n\r\n") { text = text[end.upperBound...] }
    guard let split = text.range(of: "\r\n\r\n") else { return Reply(status: 0, headers: [:], body: String(text)) }
    let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
      if let colon = line.firstIndex(of: ":") {
        fields[line[..<colon].lowercased()] = String(line[line.index(after: colon)...]).trimmingCharacters(
          in: .whitespaces)
      }
    }
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    return Reply(status: status, headers: fields, body: String(text[split.upperBound...]))
  }

  /// `request` sent as it is over a socket (python's), and what came back until the server
  /// closed the connection; its status.
  static func raw(_ port: Int, _ request: String) throws -> (status: Int, text: String) {
    let script =
      "import socket, sys\n" + "s = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=10)\n"
      + "s.sendall(sys.stdin.buffer.read())\n" + "data = b''\n" + "while True:\n" + "    chunk = s.recv(65536)\n"
      + "    if not chunk: break\n" + "    data += chunk\n" + "sys.stdout.write(data.decode('utf-8', 'replace'))\n"
    let result = try ChildProcess.run(["python3", "-c", script, String(port)], input: Array(request.utf8))
    let status = Int(result.stdout.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, result.stdout)
  }

  /// A request a reader could take two ways is refused, one way, everywhere: a `Host` that is
  /// not `name[:port]` alone, a header that says one thing sent twice (two `Host`s, two
  /// `Content-Length`s). A target in absolute form (RFC 9112) is taken, its authority the host.
  @Test func anAmbiguousRequestIsRefused() throws {
    let h = try Harness([
      "2026/03/2026-03-01-0900-walk.md": entry(AppRepliesTests.id, "2026-03-01T09:00:00+09:00", "Walk")
    ])
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let port = server.port
    func ask(_ target: String = "/", hosts: [String], extra: [String] = []) throws -> (status: Int, text: String) {
      let lines =
        ["GET \(target) HTTP/1.1"] + hosts.map { "Host: " + $0 } + [
          "Authorization: Bearer " + server.token, "Connection: close",
        ] + extra
      return try Self.raw(port, lines.joined(separator: "\r\n") + "\r\n\r\n")
    }
    #expect(try ask(hosts: ["127.0.0.1:\(port)"]).status == 200)
    #expect(try ask(hosts: ["localhost:\(port)"]).status == 200)
    #expect(try ask(hosts: ["[::1]:\(port)"]).status == 200)
    for host in [
      "localhost:80@evil.example", "127.0.0.1:\(port), evil.example", "localhost:abc", "localhost:",
      "127.0.0.1:\(port)/evil", "[::1]evil:\(port)", "localhost:123456",
    ] {
      let reply = try ask(hosts: [host])
      #expect(reply.status == 421, "Host: \(host): \(reply.text.prefix(200))")
      #expect(!reply.text.contains("Walk"))
    }
    let twoHosts = try ask(hosts: ["127.0.0.1:\(port)", "evil.example"])
    #expect(twoHosts.status == 400 && twoHosts.text.contains("sends host more than once"), "\(twoHosts.text)")
    let twoLengths = try Self.raw(
      port,
      "POST /api/entries HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(server.token)\r\n"
        + "Content-Length: 2\r\nContent-Length: 30\r\nConnection: close\r\n\r\n{}")
    #expect(twoLengths.status == 400, "\(twoLengths.text)")
    #expect(h.journal.snapshot().keys.filter { $0.hasSuffix(".md") }.count == 1)
    // Absolute form: the authority is the host, whatever the header says.
    #expect(try ask("http://127.0.0.1:\(port)/", hosts: ["evil.example"]).status == 200)
    #expect(try ask("http://evil.example/", hosts: ["127.0.0.1:\(port)"]).status == 421)
  }

  /// Bodies from connections without the token are read and dropped, never kept: 48
  /// connections each half way through a body of a megabyte hold no megabytes in the server
  /// (each was kept whole before the token was looked at), and the owner is answered meanwhile.
  @Test func bodiesWithoutTheTokenAreNotKept() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }
    func resident() throws -> Int {
      let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    _ = try Self.get(server, "/")
    let before = try resident()
    let script = """
      import socket, sys, time
      port = int(sys.argv[1])
      held = []
      for _ in range(48):
          s = socket.create_connection(('127.0.0.1', port), timeout=10)
          s.sendall(b'POST /api/entries HTTP/1.1\\r\\nHost: 127.0.0.1:%d\\r\\nContent-Type: application/json\\r\\n' % port
                    + b'X-Ilgi-Request: 1\\r\\nContent-Length: 1000000\\r\\n\\r\\n' + b'x' * 500000)
          held.append(s)
      print('held', flush=True)
      sys.stdin.readline()
      """
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    holder.arguments = ["-c", script, String(server.port)]
    let output = Pipe()
    let input = Pipe()
    holder.standardOutput = output
    holder.standardInput = input
    try holder.run()
    _ = output.fileHandleForReading.availableData  // "held"
    usleep(500_000)
    let during = try resident()
    let start = Date()
    #expect(try Self.get(server, "/").status == 200)
    #expect(Date().timeIntervalSince(start) < 2, "the owner waited")
    input.fileHandleForWriting.write(Data("\n".utf8))
    holder.waitUntilExit()
    #expect(during - before < 16_000, "48 half bodies without the token took \(during - before) kB")
  }

  /// The owner's body that is too large, sent slowly (a phone's upload), is read to its end and
  /// answered 413 in words, never cut as a connection that waits for nothing.
  @Test func theOwnersSlowBodyTooLargeIsAnsweredNotCut() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let script = """
      import socket, sys, time
      port, token = int(sys.argv[1]), sys.argv[2]
      size = 2 * 1024 * 1024
      s = socket.create_connection(('127.0.0.1', port), timeout=30)
      s.sendall(('POST /api/entries HTTP/1.1\\r\\nHost: 127.0.0.1:%d\\r\\nAuthorization: Bearer %s\\r\\n'
                 'X-Ilgi-Request: 1\\r\\nOrigin: http://127.0.0.1:%d\\r\\nContent-Type: application/json\\r\\n'
                 'Content-Length: %d\\r\\n\\r\\n' % (port, token, port, size)).encode())
      start, sent, chunk = time.monotonic(), 0, size // 13
      while sent < size:
          s.sendall(b'x' * min(chunk, size - sent))
          sent += chunk
          time.sleep(1)
      reply = b''
      while True:
          part = s.recv(65536)
          if not part: break
          reply += part
          if b'\\r\\n\\r\\n' in reply and len(reply) > 200: break
      print(round(time.monotonic() - start), reply.split(b'\\r\\n')[0].decode())
      """
    let result = try ChildProcess.run(["timeout", "60", "python3", "-c", script, String(server.port), server.token])
    #expect(result.stdout.contains("HTTP/1.1 413"), "\(result.stdout)\(result.stderr)")
    #expect(Int(result.stdout.split(separator: " ").first ?? "") ?? 0 >= 11, "\(result.stdout)")
  }

  /// Whatever anyone who can reach the port opens never keeps the owner out
  /// (Tests/Network/flood.py): with a thousand idle connections, a hundred bodies sent slowly
  /// without the token and headers sent a byte a second held, the owner is answered within a
  /// second, the server keeps a bounded number of threads, and every connection with no
  /// request let in is closed once it has waited ten seconds. Ctrl-C then stops it at once.
  @Test func aFloodOfConnectionsNeverKeepsTheOwnerOut() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let result = try ChildProcess.run([
      "timeout", "90", "python3", TestTools.repository + "/Tests/Network/flood.py", String(server.port),
      String(server.process.processIdentifier), server.token,
    ])
    let figures = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    #expect(figures["owner_statuses"] as? [Int] == [200, 200, 200], "\(figures)")
    #expect((figures["owner_slowest_seconds"] as? Double ?? 99) < 1, "\(figures)")
    // At most `waitingPerAddress` connections from 127.0.0.1 wait, each a thread.
    #expect((figures["threads_held"] as? Int ?? 9999) < 100, "\(figures)")
    #expect((figures["memory_held_kb"] as? Int ?? .max) < 150_000, "\(figures)")
    #expect((figures["idle_closed"] as? Int ?? 0) >= 900, "\(figures)")
    let dribbled = figures["dribble_closed_after_seconds"] as? Double ?? 0
    #expect(dribbled > 5 && dribbled < 20, "\(figures)")
    #expect(figures["slow_closed"] as? Int == 100, "\(figures)")
    #expect(figures["owner_after"] as? Int == 200, "\(figures)")
    #expect((figures["threads_after"] as? Int ?? 9999) <= (figures["threads_before"] as? Int ?? 0) + 2, "\(figures)")
    let start = Date()
    #expect(server.stop().status == 0)
    #expect(Date().timeIntervalSince(start) < 3)
  }

  /// A save from the app reads the entry's file once (`strace` counts its opens for reading):
  /// the save's own read, its parse reused for the uploads it links and for a settled save's
  /// commit, never the file read again.
  @Test func anAutosaveReadsTheEntryOnce() throws {
    let id = "A1B2C3D4-0000-4000-8000-00000000000A"
    var h = try Harness(["2026/03/walk.md": entry(id, "2026-03-01T09:00:00+09:00", "Walk", body: "By the river.")])
    let git = try ChildProcess.run(["git", "-C", h.journal.root, "init", "-q"], environment: h.environment)
    #expect(git.status == 0)
    h.environment["GIT_AUTHOR_NAME"] = "Minji"
    h.environment["GIT_AUTHOR_EMAIL"] = "minji@example.org"
    h.environment["GIT_COMMITTER_NAME"] = "Minji"
    h.environment["GIT_COMMITTER_EMAIL"] = "minji@example.org"
    let log = h.journal.base + "/strace.log"
    let server = try Server(h, [], prefix: ["/usr/bin/strace", "-f", "-qq", "-e", "trace=openat", "-o", log])
    defer { _ = server.stop() }
    #expect(server.port > 0, "\(server.printed)")
    func reads() -> Int {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").filter {
        $0.contains("/2026/03/walk.md\"") && $0.contains("O_RDONLY") && !$0.contains("O_CREAT")
      }.count
    }
    let shown = try Self.get(server, "/api/entries/" + id)
    var version = try #require(
      (try JSONSerialization.jsonObject(with: Data(shown.body.utf8)) as? [String: Any])?["version"] as? String)
    for (text, settled) in [("Walk\n\nBy the river, slowly.", false), ("Walk\n\nBy the river, slowly, at dusk.", true)]
    {
      let before = reads()
      let body = try JSONSerialization.data(withJSONObject: [
        "content": text, "tags": "", "base": version, "settled": settled,
      ])
      let saved = try Self.get(
        server, "/api/entries/" + id,
        headers: [
          "Content-Type: application/json", "X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(server.port)",
        ], method: "PUT", body: Array(body))
      #expect(saved.status == 200, "\(saved.body)")
      #expect(reads() - before == 1, "settled \(settled): \(reads() - before) reads")
      version = try #require(
        (try JSONSerialization.jsonObject(with: Data(saved.body.utf8)) as? [String: Any])?["version"] as? String)
    }
    let subjects = try ChildProcess.run(
      ["git", "-C", h.journal.root, "log", "--format=%s"], environment: h.environment)
    #expect(subjects.stdout.hasPrefix("ilgi: edit 2026-03-01 Walk"), "\(subjects.stdout)")
  }

  @Test func servesTheSitePagesAndNothingElse() throws {
    let h = try SiteTests.goldenHarness()
    let server = try Server(h, ["--read-only"])
    #expect(server.port > 0, "\(server.printed)")
    #expect(server.printed.contains("Serving \(h.journal.root) at http://127.0.0.1:\(server.port)/ (Ctrl-C stops)"))

    let index = try Self.get(server, "/")
    #expect(index.status == 200)
    #expect(index.headers["content-type"] == "text/html; charset=utf-8")
    #expect(index.headers["content-security-policy"] == Site.contentSecurityPolicy)
    #expect(index.body.contains("Morning run"))
    // The same bytes as the exported page.
    let out = h.journal.base + "/site"
    #expect(try h.run("export", "html", "--out", out).status == 0)
    #expect(index.body == SiteTests.text(out + "/index.html"))
    let korean = try Self.get(server, "/entries/2026/03/2026-03-15-2210-%EC%82%B0%EC%B1%85.html")
    #expect(korean.status == 200)
    #expect(korean.body == SiteTests.text(out + "/entries/2026/03/2026-03-15-2210-산책.html"))
    #expect(try Self.get(server, "/style.css").headers["content-type"] == "text/css; charset=utf-8")
    #expect(try Self.get(server, "/archive/").body == SiteTests.text(out + "/archive/index.html"))

    let picture = try Self.get(server, "/entries/2026/03/photos/route.png")
    #expect(picture.status == 200)
    #expect(picture.headers["content-type"] == "image/png")
    // HEAD gives the length GET sends; a picture copied beside an entry shows at once.
    let source = h.journal.root + "/2026/03/photos/route.png"
    let size = try #require(FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
    let head = try Self.get(server, "/entries/2026/03/photos/route.png", method: "HEAD")
    #expect(head.status == 200)
    #expect(head.headers["content-length"] == String(size))
    #expect(
      try Self.get(server, "/index.html", method: "HEAD").headers["content-length"]
        == String(index.body.utf8.count))
    try FileManager.default.copyItem(atPath: source, toPath: h.journal.root + "/2026/03/photos/copied.png")
    #expect(try Self.get(server, "/entries/2026/03/photos/copied.png").status == 200)
    // A link beside the entries that points out of the journal is neither copied nor served.
    #expect(try Self.get(server, "/entries/2026/03/photos/passwd.png").status == 404)
    let missing = try Self.get(server, "/no-such-page.html", headers: ["Accept-Language: ko"])
    #expect(missing.status == 404)
    // A refusal carries the headers of every page, and says what to do in the browser's language.
    #expect(missing.headers["content-security-policy"] == Site.contentSecurityPolicy)
    #expect(missing.headers["x-frame-options"] == "DENY")
    #expect(missing.headers["x-content-type-options"] == "nosniff")
    #expect(missing.body == "그런 페이지가 없습니다. 목록으로 돌아가세요.\n", "\(missing.body)")
    #expect(try Self.get(server, "/entries/2026/03/2026-03-14-0930-morning-run.md").status == 404)
    for attempt in [
      "/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "/entries/..%2f..%2f.ilgi/index.sqlite",
      "/./index.html", "/..\\..\\etc\\passwd", "/index.html%00.css", "/%ff%fe", "//etc/passwd", "/.ilgi/index.sqlite",
      "/entries/%2e%2e/%2e%2e/%2e%2e/.ilgi/config.toml",
    ] {
      let reply = try Self.get(server, attempt)
      #expect(reply.status == 400 || reply.status == 404, "\(attempt): \(reply.status)")
      #expect(!reply.body.contains("root:"), "\(attempt)")
    }
    #expect(try Self.get(server, "/", method: "POST").status == 405)
    #expect(try Self.get(server, "/", method: "DELETE").status == 405)

    // Read-only: the journal's files are as they were.
    let before = h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/index") }
    _ = try Self.get(server, "/search/2026.js")
    #expect(h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/index") } == before)

    let stopped = server.stop()
    #expect(stopped.status == 0)
    #expect(stopped.stderr.contains("Stopped."))
  }

  @Test func editsOnDiskShowOnReloadAndConcurrentRequestsAllSucceed() throws {
    let h = try SiteTests.goldenHarness()
    let server = try Server(h, ["--read-only"])
    let page = "/entries/2025/12/2025-12-31-2350-year-end.html"
    #expect(try Self.get(server, page).body.contains("Quiet night."))
    let path = "2025/12/2025-12-31-2350-year-end.md"
    try h.journal.write(
      path, h.journal.text(path)!.replacingOccurrences(of: "Quiet night.", with: "Fireworks at midnight."))
    let reloaded = try Self.get(server, page)
    #expect(reloaded.body.contains("Fireworks at midnight."))
    #expect(!reloaded.body.contains("Quiet night."))
    // A new entry appears in the list.
    try h.journal.write(
      "2026/04/2026-04-01-0800-new.md", "---\ndate: 2026-04-01T08:00:00+09:00\n---\n# Brand new\n\nHello.\n")
    #expect(try Self.get(server, "/").body.contains("Brand new"))

    let paths = [
      "/", page, "/tags/index.html", "/calendar/2026.html", "/search/2026.js", "/style.css", "/feed.xml",
      "/archive/2026.html",
    ]
    let expected = try paths.map { try Self.get(server, $0).body }
    let port = server.port
    let token = server.token
    let lock = NSLock()
    nonisolated(unsafe) var failures: [String] = []
    DispatchQueue.concurrentPerform(iterations: 32) { n in
      let path = paths[n % paths.count]
      let reply = try? Self.get(port, path, headers: ["Authorization: Bearer " + token])
      if reply?.status != 200 || reply?.body != expected[n % paths.count] {
        lock.lock()
        failures.append("\(path): \(reply?.status ?? -1)")
        lock.unlock()
      }
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(server.stop().status == 0)
  }

  @Test func anotherAddressNeedsTheToken() throws {
    let h = try SiteTests.goldenHarness()
    let server = try Server(h, ["--read-only", "--host", "0.0.0.0", "--token", "s3cret-token"])
    #expect(server.port > 0, "\(server.printed)")
    #expect(server.printed.contains("?token=s3cret-token"))
    // The addresses a phone can open are printed, never 0.0.0.0; only 127.0.0.1 is connected to.
    let lines = server.printed.split(separator: "\n")
    #expect(
      !lines.contains { $0.contains("open http://0.0.0.0") || $0.contains("or http://0.0.0.0") }, "\(server.printed)")
    let offered = lines.filter { $0.contains("?token=s3cret-token") }
    #expect(offered.last?.hasSuffix("http://127.0.0.1:\(server.port)/?token=s3cret-token") == true, "\(server.printed)")
    #expect(offered.allSatisfy { $0.contains(":\(server.port)/?token=") })
    let without = try Self.get(server.port, "/")
    #expect(without.status == 401)
    #expect(!without.body.contains("Morning run"))
    #expect(try Self.get(server.port, "/?token=wrong").status == 401)
    #expect(try Self.get(server.port, "/", headers: ["Authorization: Bearer wrong"]).status == 401)
    // The token in the address opens the page that keeps it for this port alone, and its
    // scripts and worker need none; the session sets the cookie for a browser without a worker.
    let first = try Self.get(server.port, "/tags/index.html?token=s3cret-token")
    #expect(first.status == 200)
    #expect(first.body.contains(#"data-worker="/sw.js""#) && first.body.contains(#"<a href="/tags/index.html">"#))
    #expect(!first.body.contains("Morning run"))
    for shipped in ["/app/token.js", "/app/enter.js", "/sw.js"] {
      let script = try Self.get(server.port, shipped)
      #expect(script.status == 200 && script.body.contains("ilgiToken"), "\(shipped): \(script.status)")
    }
    #expect(
      try Self.get(server.port, "/tags/index.html", headers: ["Accept: text/html"]).body.contains("data-token-needed"))
    let session = try Self.get(server.port, "/app/session?to=%2Ftags%2Findex.html&token=s3cret-token")
    #expect(session.status == 303)
    #expect(session.headers["location"] == "/tags/index.html")
    let cookie = "ilgi_token_\(server.port)=s3cret-token"
    #expect(session.headers["set-cookie"]?.hasPrefix(cookie + "; Path=/; HttpOnly; SameSite=Strict") == true)
    #expect(try Self.get(server.port, "/tags/index.html", headers: ["Cookie: " + cookie]).status == 200)
    #expect(try Self.get(server.port, "/style.css", headers: ["Authorization: Bearer s3cret-token"]).status == 200)
    #expect(server.stop().status == 0)

    // Without --token, one is made up and printed.
    let made = try Server(h, ["--read-only", "--host", "0.0.0.0"])
    let token = made.printed.range(of: #"\?token=[0-9a-f]+"#, options: .regularExpression).map {
      String(made.printed[$0].dropFirst(7))
    }
    #expect((token?.count ?? 0) >= 16, "\(made.printed)")
    #expect(try Self.get(made.port, "/").status == 401)
    #expect(try Self.get(made.port, "/?token=\(token ?? "")").status == 200)
    #expect(try Self.get(made.port, "/app/session?token=\(token ?? "")").status == 303)
    #expect(try Self.get(made.port, "/", headers: ["Authorization: Bearer \(token ?? "")"]).status == 200)
    #expect(made.stop().status == 0)
  }

  @Test func badPortsAndBusyAddressesAreOneLine() throws {
    let h = try SiteTests.goldenHarness()
    let bad = try h.run("serve", "--port", "70000")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("70000 is not a port; use a number from 0 to 65535"))
    let first = try Server(h, [])
    let busy = try IlgiProcess.run(
      ["serve", "--port", String(first.port)], environment: h.environment, prefix: ["timeout", "30"])
    #expect(busy.status != 0)
    #expect(
      busy.stderr
        == "ilgi: cannot listen on 127.0.0.1:\(first.port): address already in use; choose another --port or --host\n")
    #expect(first.stop().status == 0)
  }

  /// `ilgi serve` with the given arguments and environment, stopped after `seconds` if it
  /// starts at all: a refused token must end it at once, with one line.
  static func refused(_ h: Harness, _ arguments: [String], env: [String: String] = [:]) throws -> IlgiProcess.Result {
    try IlgiProcess.run(
      ["serve", "--port", "0"] + arguments, environment: h.environment.merging(env) { $1 }, prefix: ["timeout", "10"])
  }

  @Test func anEmptyTokenIsRefusedWhereverItComesFrom() throws {
    let h = try Harness()
    let flag = try Self.refused(h, ["--host", "0.0.0.0", "--token", ""])
    #expect(flag.status == 64, "an empty --token served: \(flag.stderr)")
    #expect(
      flag.stderr
        == "ilgi: --token is empty, and an empty token would let anyone in; give a token, or leave --token out and one is made up\n"
    )
    let variable = try Self.refused(h, ["--host", "0.0.0.0"], env: ["ILGI_TOKEN": ""])
    #expect(variable.status == 64)
    #expect(variable.stderr.hasPrefix("ilgi: ILGI_TOKEN is empty"), "\(variable.stderr)")
    let file = h.journal.base + "/token"
    try "\n".write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o600)
    let empty = try Self.refused(h, ["--token-file", file])
    #expect(empty.status == 64)
    #expect(empty.stderr.hasPrefix("ilgi: --token-file \(file) is empty"), "\(empty.stderr)")
    #expect(empty.stderr.split(separator: "\n").count == 1)
  }

  /// A token on the command line is in /proc/PID/cmdline, which every account can read; the
  /// file (owner-only) and the variable keep it out, and --help says so.
  @Test func theTokenComesFromAnOwnerOnlyFileOrTheEnvironment() throws {
    let h = try Harness()
    let file = h.journal.base + "/token"
    try "from-the-file-t0ken\n".write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o640)
    let open = try Self.refused(h, ["--token-file", file])
    #expect(open.status == 64)
    #expect(
      open.stderr == "ilgi: \(file) can be read by other users; make it yours only with `chmod 600 \(file)`\n",
      "\(open.stderr)")
    let missing = try Self.refused(h, ["--token-file", file + ".missing"])
    #expect(missing.status == 64)
    #expect(
      missing.stderr
        == "ilgi: \(file).missing cannot be read: no such file or directory; give --token-file a file that holds the token\n"
    )
    let both = try Self.refused(h, ["--token-file", file, "--token", "x"])
    #expect(both.status == 64)
    #expect(both.stderr == "ilgi: --token and --token-file both give the token; keep one of them\n")

    chmod(file, 0o600)
    for (arguments, env) in [(["--token-file", file], [:]), ([], ["ILGI_TOKEN": "from-the-file-t0ken"])] {
      let server = try Server(h, arguments, env: env)
      #expect(server.token == "from-the-file-t0ken", "\(server.printed)")
      let cmdline = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(server.process.processIdentifier)/cmdline"))
      #expect(!String(decoding: cmdline, as: UTF8.self).contains("t0ken"), "the token is in the process list")
      #expect(try Self.get(server.port, "/").status == 401)
      #expect(try Self.get(server, "/").status == 200)
      #expect(server.stop().status == 0)
    }
    let help = try h.run("serve", "--help")
    #expect(help.stdout.contains("--token-file"))
    #expect(help.stdout.contains("process list"), "\(help.stdout)")
    // What a script's write carries besides the token, as the gate checks it (read across the
    // help's line breaks).
    let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("X-Ilgi-Request: 1") && words.contains("'Origin: http://127.0.0.1:8080'"), "\(words)")
    // Its last example writes an entry: its lines joined where each ends in a backslash, as a
    // shell reads them, it sends what the gate checks and a JSON body with the field a create
    // needs.
    let start = try #require(help.stdout.range(of: "curl ")).lowerBound
    let example = help.stdout[start...].replacingOccurrences(of: "\\\n", with: " ").prefix { $0 != "\n" }
      .split(separator: " ").joined(separator: " ")
    #expect(example.hasPrefix("curl http://127.0.0.1:8080/api/entries "), "\(example)")
    #expect(example.contains("-H 'X-Ilgi-Request: 1'"), "\(example)")
    #expect(example.contains("-H 'Origin: http://127.0.0.1:8080'"), "\(example)")
    #expect(example.contains("-H \"Authorization: Bearer $ILGI_TOKEN\""), "\(example)")
    let body = try #require(example.range(of: " -d '")).upperBound
    let end = try #require(example[body...].firstIndex(of: "'"))
    let fields = try JSONSerialization.jsonObject(with: Data(example[body..<end].utf8)) as? [String: String]
    #expect(fields?["content"] == "Title\n\nText", "\(example)")
    // Run by a shell as it is, on this server's port, it writes the entry.
    let server = try Server(h, [], env: ["ILGI_TOKEN": "from-the-file-t0ken"])
    let command = example.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
    let ran = try ChildProcess.run(
      ["/bin/sh", "-c", command + " -s -o /dev/null -w '%{http_code}'"],
      environment: ["ILGI_TOKEN": "from-the-file-t0ken", "PATH": "/usr/bin:/bin"])
    #expect(ran.stdout == "201", "\(ran.stdout) \(ran.stderr)")
    #expect(server.stop().status == 0)
    #expect(try h.run("list").stdout.contains("Title"))
  }

  /// On 127.0.0.1 too every request needs the token: the printed address holds it (256
  /// random bits unless given), and nothing is answered without it.
  @Test func aLoopbackServerPrintsTheAddressWithItsToken() throws {
    let h = try Harness([
      "2026/03/2026-03-01-0900-walk.md": entry(AppRepliesTests.id, "2026-03-01T09:00:00+09:00", "Walk")
    ])
    let server = try Server(h, [])
    defer { _ = server.stop() }
    #expect(server.token.range(of: #"^[0-9a-f]{64}$"#, options: .regularExpression) != nil, "\(server.printed)")
    #expect(
      server.printed.contains("ilgi: Every request needs the token; open \(server.address)\n"), "\(server.printed)")
    let without = try Self.get(server.port, "/")
    #expect(without.status == 401)
    #expect(!without.body.contains("Walk"))
    #expect(try Self.get(server.port, "/api/entries/" + AppRepliesTests.id).status == 401)
    let opened = try Self.get(server.port, "/?token=" + server.token)
    #expect(opened.status == 200)
    #expect(opened.body.contains(#"<script src="/app/enter.js" defer></script>"#) && !opened.body.contains("Walk"))
    #expect(try Self.get(server, "/").body.contains("Walk"))
    // Another server, another token: two journals at once keep a cookie each (by port).
    let second = try Server(h, [])
    defer { _ = second.stop() }
    #expect(second.token != server.token)
    #expect(
      try Self.get(second.port, "/", headers: ["Cookie: ilgi_token_\(server.port)=\(server.token)"]).status == 401)
  }

  /// `--open` hands the browser an owner-only page that goes on to the address with the token,
  /// never the token itself (a browser's command line is in the process list too); Chromium
  /// opening it lands on the list, the token kept on the way.
  @Test func openGivesTheBrowserTheTokenInAnOwnerOnlyPage() throws {
    let h = try Harness([
      "2026/03/2026-03-01-0900-walk.md": entry(AppRepliesTests.id, "2026-03-01T09:00:00+09:00", "Walk")
    ])
    let bin = h.journal.base + "/bin"
    let runtime = h.journal.base + "/run"
    for folder in [bin, runtime] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    chmod(runtime, 0o700)
    let seen = h.journal.base + "/seen"
    try
      "#!/bin/sh\nstat -c %a \"$1\" > '\(seen).mode'\ncp \"$1\" '\(seen).html'\nprintf %s \"$1\" > '\(seen).argument'\n"
      .write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
    chmod(bin + "/xdg-open", 0o755)
    let server = try Server(
      h, ["--open"], env: ["PATH": bin + ":/usr/local/bin:/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime])
    defer { _ = server.stop() }
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: seen + ".argument") && Date() < deadline { usleep(50_000) }
    let argument = try String(contentsOfFile: seen + ".argument", encoding: .utf8)
    #expect(argument.hasPrefix(runtime + "/"), "\(argument)")
    #expect(!argument.contains(server.token))
    #expect(try String(contentsOfFile: seen + ".mode", encoding: .utf8) == "600\n")
    let page = try String(contentsOfFile: seen + ".html", encoding: .utf8)
    #expect(page.contains("url=" + server.address), "\(page)")
    // A browser opening the page arrives at the list, signed in, the token out of the address.
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let opened = try ChildProcess.run(
      [
        "timeout", "60", try TestTools.browserPython, TestTools.repository + "/Tests/Browser/open_test.py",
        seen + ".html", "http://127.0.0.1:\(server.port)/",
      ], environment: environment)
    #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr.suffix(1500))")
    #expect(opened.stdout.contains("\"passed\""), "\(opened.stdout)")
    #expect(server.stop().status == 0)
    #expect(!FileManager.default.fileExists(atPath: argument), "the page with the token outlived the server")
  }

  /// A page on another port of 127.0.0.1 (another site's server, another account's) is the
  /// same site to a browser, so the cookie would go along: Chromium's `Sec-Fetch-Site` marks
  /// what such a page asks for, and the app refuses it.
  @Test func aPageOfAnotherSiteCannotMakeChromiumRead() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let other = h.journal.base + "/other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    let probe = "http://127.0.0.1:\(server.port)/app/icon.svg"
    try """
    <!doctype html><title>asking</title>
    <img src="\(probe)" onload="document.title='answered'" onerror="document.title='refused'">
    """.write(toFile: other + "/page.html", atomically: true, encoding: .utf8)
    let site = Process()
    site.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    site.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", other]
    let out = Pipe()
    site.standardOutput = out
    site.standardError = FileHandle.nullDevice
    try site.run()
    // SIGKILL: the child inherits the test's blocked signals, SIGTERM among them, and outlived
    // every run.
    defer {
      kill(site.processIdentifier, SIGKILL)
      site.waitUntilExit()
    }
    var said = ""
    while !said.contains("port ") || !said.hasSuffix("\n") {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      said += String(decoding: chunk, as: UTF8.self)
    }
    let port = try #require(said.range(of: #"port [0-9]+"#, options: .regularExpression).map { said[$0].dropFirst(5) })
    // The app's own page may load the icon; the other site's may not.
    #expect(try Self.get(server, "/app/icon.svg", headers: ["Sec-Fetch-Site: same-origin"]).status == 200)
    let dom = try BrowserTests.chromium(
      ["--dump-dom"], "http://127.0.0.1:\(port)/page.html", profile: h.journal.base + "/chromium")
    #expect(dom.stdout.contains("<title>refused</title>"), "\(dom.stdout.prefix(400)) \(dom.stderr.suffix(400))")
  }
}
