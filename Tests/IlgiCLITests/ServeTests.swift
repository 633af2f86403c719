import Foundation
import IlgiCore
import IlgiTestSupport
import Testing

/// `ilgi serve` over a real socket on 127.0.0.1, asked with curl: pages, 404s, traversal
/// attempts, the token, concurrent requests, edits on reload, Ctrl-C.
@Suite struct ServeTests {
  /// A running `ilgi serve` and the address it printed.
  final class Server {
    let process = Process()
    let errors = Pipe()
    var port = 0
    var printed = ""

    init(_ h: Harness, _ arguments: [String]) throws {
      process.executableURL = URL(fileURLWithPath: IlgiProcess.binary)
      process.arguments = ["serve", "--port", "0"] + arguments
      process.environment = h.environment
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // Read stderr until the line that names the port (or the process ends).
      let handle = errors.fileHandleForReading
      let wantsToken = arguments.contains("--host")
      // On every address, the loopback address is printed last.
      while !printed.contains("Ctrl-C")
        || (wantsToken && (!printed.hasSuffix("\n") || !printed.contains("http://127.0.0.1:")))
      {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        printed += String(decoding: chunk, as: UTF8.self)
      }
      if let range = printed.range(of: #":[0-9]+/"#, options: .regularExpression) {
        port = Int(printed[range].dropFirst().dropLast()) ?? 0
      }
    }

    /// Stops it as Ctrl-C does; its exit status and what it printed last.
    func stop() -> (status: Int32, stderr: String) {
      if process.isRunning { kill(process.processIdentifier, SIGINT) }
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
    let text = result.stdout
    guard let split = text.range(of: "\r\n\r\n") else { return Reply(status: 0, headers: [:], body: text) }
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

  @Test func servesTheSitePagesAndNothingElse() throws {
    let h = try SiteTests.goldenHarness()
    let server = try Server(h, ["--read-only"])
    #expect(server.port > 0, "\(server.printed)")
    #expect(server.printed.contains("Serving \(h.journal.root) at http://127.0.0.1:\(server.port)/ (Ctrl-C stops)"))

    let index = try Self.get(server.port, "/")
    #expect(index.status == 200)
    #expect(index.headers["content-type"] == "text/html; charset=utf-8")
    #expect(index.headers["content-security-policy"] == Site.contentSecurityPolicy)
    #expect(index.body.contains("Morning run"))
    // The same bytes as the exported page.
    let out = h.journal.base + "/site"
    #expect(try h.run("export", "html", "--out", out).status == 0)
    #expect(index.body == SiteTests.text(out + "/index.html"))
    let korean = try Self.get(server.port, "/entries/2026/03/2026-03-15-2210-%EC%82%B0%EC%B1%85.html")
    #expect(korean.status == 200)
    #expect(korean.body == SiteTests.text(out + "/entries/2026/03/2026-03-15-2210-산책.html"))
    #expect(try Self.get(server.port, "/style.css").headers["content-type"] == "text/css; charset=utf-8")
    #expect(try Self.get(server.port, "/archive/").body == SiteTests.text(out + "/archive/index.html"))

    let picture = try Self.get(server.port, "/entries/2026/03/photos/route.png")
    #expect(picture.status == 200)
    #expect(picture.headers["content-type"] == "image/png")
    // HEAD gives the length GET sends; a picture copied beside an entry shows at once.
    let source = h.journal.root + "/2026/03/photos/route.png"
    let size = try #require(FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
    let head = try Self.get(server.port, "/entries/2026/03/photos/route.png", method: "HEAD")
    #expect(head.status == 200)
    #expect(head.headers["content-length"] == String(size))
    #expect(
      try Self.get(server.port, "/index.html", method: "HEAD").headers["content-length"]
        == String(index.body.utf8.count))
    try FileManager.default.copyItem(atPath: source, toPath: h.journal.root + "/2026/03/photos/copied.png")
    #expect(try Self.get(server.port, "/entries/2026/03/photos/copied.png").status == 200)
    // A link beside the entries that points out of the journal is neither copied nor served.
    #expect(try Self.get(server.port, "/entries/2026/03/photos/passwd.png").status == 404)
    #expect(try Self.get(server.port, "/no-such-page.html").status == 404)
    #expect(try Self.get(server.port, "/entries/2026/03/2026-03-14-0930-morning-run.md").status == 404)
    for attempt in [
      "/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "/entries/..%2f..%2f.ilgi/index.sqlite",
      "/./index.html", "/..\\..\\etc\\passwd", "/index.html%00.css", "/%ff%fe", "//etc/passwd", "/.ilgi/index.sqlite",
      "/entries/%2e%2e/%2e%2e/%2e%2e/.ilgi/config.toml",
    ] {
      let reply = try Self.get(server.port, attempt)
      #expect(reply.status == 400 || reply.status == 404, "\(attempt): \(reply.status)")
      #expect(!reply.body.contains("root:"), "\(attempt)")
    }
    #expect(try Self.get(server.port, "/", method: "POST").status == 405)
    #expect(try Self.get(server.port, "/", method: "DELETE").status == 405)

    // Read-only: the journal's files are as they were.
    let before = h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/index") }
    _ = try Self.get(server.port, "/search/2026.js")
    #expect(h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/index") } == before)

    let stopped = server.stop()
    #expect(stopped.status == 0)
    #expect(stopped.stderr.contains("Stopped."))
  }

  @Test func editsOnDiskShowOnReloadAndConcurrentRequestsAllSucceed() throws {
    let h = try SiteTests.goldenHarness()
    let server = try Server(h, ["--read-only"])
    let page = "/entries/2025/12/2025-12-31-2350-year-end.html"
    #expect(try Self.get(server.port, page).body.contains("Quiet night."))
    let path = "2025/12/2025-12-31-2350-year-end.md"
    try h.journal.write(
      path, h.journal.text(path)!.replacingOccurrences(of: "Quiet night.", with: "Fireworks at midnight."))
    let reloaded = try Self.get(server.port, page)
    #expect(reloaded.body.contains("Fireworks at midnight."))
    #expect(!reloaded.body.contains("Quiet night."))
    // A new entry appears in the list.
    try h.journal.write(
      "2026/04/2026-04-01-0800-new.md", "---\ndate: 2026-04-01T08:00:00+09:00\n---\n# Brand new\n\nHello.\n")
    #expect(try Self.get(server.port, "/").body.contains("Brand new"))

    let paths = [
      "/", page, "/tags/index.html", "/calendar/2026.html", "/search/2026.js", "/style.css", "/feed.xml",
      "/archive/2026.html",
    ]
    let expected = try paths.map { try Self.get(server.port, $0).body }
    let port = server.port
    let lock = NSLock()
    nonisolated(unsafe) var failures: [String] = []
    DispatchQueue.concurrentPerform(iterations: 32) { n in
      let path = paths[n % paths.count]
      let reply = try? Self.get(port, path)
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
    let first = try Self.get(server.port, "/?token=s3cret-token")
    #expect(first.status == 200)
    #expect(
      first.headers["set-cookie"]?.hasPrefix("ilgi_token=s3cret-token; Path=/; HttpOnly; SameSite=Strict") == true)
    #expect(try Self.get(server.port, "/tags/index.html", headers: ["Cookie: ilgi_token=s3cret-token"]).status == 200)
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
}
