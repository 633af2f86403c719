import Foundation
import IlgiFormat
import IlgiServer
import IlgiSystem
import IlgiTestSupport
import Testing

/// The diary app's HTTP surface, asked with curl over 127.0.0.1: the token, writes from
/// elsewhere, bodies too large, paths that try to leave, HEAD against GET, and the save rules
/// (409 on a changed file, 422 on an empty entry) with the files checked after each.
@Suite struct AppServeTests {
  typealias Server = ServeTests.Server

  static func get(
    _ port: Int, _ path: String, headers: [String] = [], method: String = "GET", body: [UInt8]? = nil
  ) throws -> ServeTests.Reply {
    try ServeTests.get(port, path, headers: headers, method: method, body: body)
  }

  /// A request carrying `server`'s token.
  static func get(
    _ server: Server, _ path: String, headers: [String] = [], method: String = "GET", body: [UInt8]? = nil
  ) throws -> ServeTests.Reply {
    try ServeTests.get(server, path, headers: headers, method: method, body: body)
  }

  /// A write as the app's page sends it, with no token but the ones in `extra`.
  static func write(
    _ port: Int, _ method: String, _ path: String, _ object: [String: Any], extra: [String] = [],
    origin: String? = nil
  ) throws -> (status: Int, json: [String: Any]) {
    let body = try JSONSerialization.data(withJSONObject: object)
    let reply = try get(
      port, path,
      headers: [
        "X-Ilgi-Request: 1", "Origin: " + (origin ?? "http://127.0.0.1:\(port)"), "Content-Type: application/json",
      ] + extra, method: method, body: Array(body))
    let json = (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) as? [String: Any] ?? [:]
    return (reply.status, json)
  }

  /// A write as the app's page sends it, carrying `server`'s token.
  static func write(_ server: Server, _ method: String, _ path: String, _ object: [String: Any]) throws -> (
    status: Int, json: [String: Any]
  ) {
    try write(server.port, method, path, object, extra: ["Authorization: Bearer " + server.token])
  }

  static func entryFiles(_ h: Harness) -> [String] {
    (FileManager.default.enumerator(atPath: h.journal.root)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
  }

  @Test func savesRefuseAChangedFileAndNeverKeepAnEmptyEntry() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }

    #expect(try Self.write(server, "POST", "/api/entries", ["content": "  \n\n "]).status == 422)
    #expect(Self.entryFiles(h).isEmpty, "an empty entry was written")

    let made = try Self.write(
      server, "POST", "/api/entries", ["content": "Tea time\n\nGreen tea.", "tags": "tea, home"])
    #expect(made.status == 201)
    let path = try #require(made.json["path"] as? String)
    let id = try #require(made.json["id"] as? String)
    let version = try #require(made.json["version"] as? String)
    let file = h.journal.root + "/" + path
    let first = try String(contentsOfFile: file, encoding: .utf8)
    #expect(first.contains("tags: [tea, home]\n"), "\(first)")
    #expect(first.hasSuffix("---\nTea time\n\nGreen tea.\n"), "\(first)")
    #expect(try h.run("list").stdout.contains("Tea time"), "the CLI does not see the browser's entry")

    // A save based on the version it read goes through; one based on an older version does not.
    let saved = try Self.write(
      server, "PUT", "/api/entries/" + id, ["content": "Tea time\n\nOolong.", "base": version])
    #expect(saved.status == 200)
    let stale = try Self.write(server, "PUT", "/api/entries/" + id, ["content": "Tea time\n\nLost?", "base": version])
    #expect(stale.status == 409)
    #expect((stale.json["content"] as? String)?.contains("Oolong.") == true, "\(stale.json)")
    #expect(stale.json["version"] as? String == saved.json["version"] as? String)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Oolong."))
    #expect(try !String(contentsOfFile: file, encoding: .utf8).contains("Lost?"))

    // A change by another editor: the next save is refused, the file keeps the editor's text.
    let edited = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "Oolong.", with: "Sencha.")
    try edited.write(toFile: file, atomically: true, encoding: .utf8)
    let refused = try Self.write(
      server, "PUT", "/api/entries/" + id, ["content": "Tea time\n\nOolong!", "base": saved.json["version"] ?? ""])
    #expect(refused.status == 409)
    #expect((refused.json["content"] as? String)?.contains("Sencha.") == true)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == edited)

    // Bad saves: no base, a base that is no version, an empty text, an unknown entry.
    #expect(try Self.write(server, "PUT", "/api/entries/" + id, ["content": "x"]).status == 400)
    #expect(try Self.write(server, "PUT", "/api/entries/" + id, ["content": "x", "base": "../x"]).status == 400)
    let now = try #require(refused.json["version"] as? String)
    #expect(try Self.write(server, "PUT", "/api/entries/" + id, ["content": " ", "base": now]).status == 422)
    #expect(try Self.write(server, "PUT", "/api/entries/NO-SUCH-ID", ["content": "x", "base": now]).status == 404)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == edited, "a refused save changed the file")

    // Delete goes to the trash; restore puts it back; neither takes a path out of the journal.
    let deleted = try Self.write(server, "DELETE", "/api/entries/" + id, [:])
    #expect(deleted.status == 200)
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/trash/" + path))
    for escape in ["../../outside.md", "/etc/passwd.md", "2026/../../x.md"] {
      let refused = try Self.write(server, "POST", "/api/restore", ["trash": escape])
      #expect(refused.status >= 400, "restore of \(escape) was \(refused.status)")
    }
    let restored = try Self.write(server, "POST", "/api/restore", ["trash": deleted.json["trash"] ?? ""])
    #expect(restored.status == 200)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == edited)
  }

  /// The journal's lock held as another process holds it (an import, the CLI), until unlocked.
  static func holdLock(_ h: Harness) throws -> FileLock {
    try LocalFileSystem().lockExclusively(atPath: h.journal.root + "/" + JournalLayout.lockFile, wait: true)
  }

  /// Waits until `count` requests of the server wait for the journal's lock (`/proc/locks`
  /// shows each blocked `flock` on the lock file with `->`).
  static func waitForWaiters(_ h: Harness, _ count: Int) throws {
    var info = stat()
    stat(h.journal.root + "/" + JournalLayout.lockFile, &info)
    let inode = ":\(info.st_ino) "
    let deadline = Date().addingTimeInterval(20)
    var waiting = 0
    while Date() < deadline {
      let locks = try String(contentsOfFile: "/proc/locks", encoding: .utf8)
      waiting = locks.split(separator: "\n").filter { $0.contains("->") && $0.contains(inode) }.count
      if waiting >= count { return }
      usleep(20_000)
    }
    Issue.record("\(waiting) requests wait for the lock, not \(count)")
  }

  /// Creates sent at once, each by a curl of its own, as tabs and scripts send them (started
  /// here, not through a thread pool that the waiting ones could fill).
  struct Creates {
    private var sent: [(curl: Process, status: String)] = []

    init(_ server: Server, _ texts: [String], folder: String) throws {
      for (number, text) in texts.enumerated() {
        let body = folder + "/create-\(number).json"
        let status = folder + "/create-\(number).status"
        try JSONSerialization.data(withJSONObject: ["content": text, "tags": ""]).write(to: URL(fileURLWithPath: body))
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = [
          "-s", "--max-time", "30", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST",
          "-H", "Authorization: Bearer " + server.token, "-H", "X-Ilgi-Request: 1",
          "-H", "Origin: http://127.0.0.1:\(server.port)", "-H", "Content-Type: application/json",
          "--data-binary", "@" + body,
          "http://127.0.0.1:\(server.port)/api/entries",
        ]
        _ = FileManager.default.createFile(atPath: status, contents: nil)
        curl.standardOutput = FileHandle(forWritingAtPath: status)
        try curl.run()
        sent.append((curl, status))
      }
    }

    /// Each create's HTTP status once all are done, in order (0 when no reply came).
    func statuses() -> [Int] {
      sent.map { curl, status in
        curl.waitUntilExit()
        try? (curl.standardOutput as? FileHandle)?.close()
        return Int((try? String(contentsOfFile: status, encoding: .utf8)) ?? "") ?? 0
      }
    }
  }

  /// Writes waiting for the journal's lock hold up nothing else: every page and read is
  /// answered meanwhile, and each write is done once the lock is let go. More writes wait than
  /// the machine has cores, so none of them may hold a thread that other replies need.
  @Test func writesWaitingForTheLockHoldUpNoRead() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }
    // The index is made at the first page, under the lock; a server running is past that.
    #expect(try Self.get(server, "/").status == 200)
    let lock = try Self.holdLock(h)
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let creates = try Creates(server, (1...count).map { "Waiting \($0)\n\nFor the lock." }, folder: h.journal.base)
    try Self.waitForWaiters(h, count)
    for path in ["/", "/write", "/api/search?q=lock", "/app/app.css"] {
      let started = Date()
      #expect(try Self.get(server, path).status == 200, "\(path)")
      let seconds = Date().timeIntervalSince(started)
      #expect(seconds < 5, "\(path) took \(seconds) s while writes waited for the lock")
    }
    #expect(Self.entryFiles(h).isEmpty, "a write went ahead of the lock")
    lock.unlock()
    #expect(creates.statuses() == Array(repeating: 201, count: count))
    #expect(Self.entryFiles(h).count == count)
  }

  /// Ctrl-C while writes wait for the lock: new connections are refused at once, the writes
  /// under way are done and each gets its reply (a script never sends again what was saved),
  /// then the server ends.
  @Test func ctrlCAnswersTheWritesUnderWayAndTakesNoMore() throws {
    let h = try Harness()
    let server = try Server(h, [])
    #expect(try Self.get(server, "/").status == 200)
    let lock = try Self.holdLock(h)
    let creates = try Creates(server, ["Under way one\n\nText.", "Under way two\n\nText."], folder: h.journal.base)
    try Self.waitForWaiters(h, 2)
    kill(server.process.processIdentifier, SIGINT)
    // curl exits 7 when the connection is refused; the server stops taking them at once.
    let deadline = Date().addingTimeInterval(5)
    var refused: Int32 = 0
    while refused != 7, Date() < deadline {
      refused = try ChildProcess.run(["curl", "-s", "--max-time", "2", "http://127.0.0.1:\(server.port)/"]).status
      if refused != 7 { usleep(50_000) }
    }
    #expect(refused == 7, "a connection after Ctrl-C was not refused: curl exit \(refused)")
    #expect(server.process.isRunning, "the server ended before the writes under way were answered")
    lock.unlock()
    #expect(creates.statuses() == [201, 201])
    #expect(Self.entryFiles(h).count == 2)
    // It ends by itself (a second Ctrl-C would end it at once).
    server.process.waitUntilExit()
    let printed = String(decoding: server.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(server.process.terminationStatus == 0)
    #expect(printed.contains("Stopped."), "\(printed)")
    // While it waits it says for what, and how not to.
    let waiting = "ilgi: Stopping once the 2 requests under way are answered"
    let waitingAt = try #require(printed.range(of: waiting)?.lowerBound, "\(printed)")
    let stoppedAt = try #require(printed.range(of: "Stopped.")?.lowerBound)
    #expect(waitingAt < stoppedAt)
  }

  /// A page's create keys outlive the server: a text kept in the browser from before a
  /// restart is known as the entry it made (so the New page drops it, and a create of it again
  /// is that entry, never a copy); one changed elsewhere since is refused with that entry's id
  /// and text.
  @Test func createKeysOutliveARestart() throws {
    let h = try Harness()
    let key = "k-restart-0123456789"
    var server = try Server(h, [])
    let made = try Self.write(
      server, "POST", "/api/entries", ["content": "Kept\n\nFrom before.", "key": key, "sequence": 1])
    #expect(made.status == 201)
    let id = try #require(made.json["id"] as? String)
    let path = try #require(made.json["path"] as? String)
    _ = server.stop()

    server = try Server(h, [])
    defer { _ = server.stop() }
    let asked = try Self.get(server, "/api/created/" + key)
    #expect(asked.status == 200, "\(asked.body)")
    #expect(asked.body.contains("From before."), "\(asked.body)")
    let again = try Self.write(
      server, "POST", "/api/entries", ["content": "Kept\n\nFrom before, and more.", "key": key, "sequence": 2])
    #expect(again.status == 200)
    #expect(again.json["id"] as? String == id)
    #expect(Self.entryFiles(h) == [path])
    // A late copy of the first create, numbered before the one that landed, writes nothing.
    let late = try Self.write(
      server, "POST", "/api/entries", ["content": "Kept\n\nFrom before.", "key": key, "sequence": 1])
    #expect(late.status == 200)
    #expect(h.journal.text(path)?.hasSuffix("From before, and more.\n") == true)
    _ = server.stop()

    // Changed elsewhere, then the key's create once more after a restart: refused, both shown.
    try h.journal.write(path, (h.journal.text(path) ?? "") + "\nWritten in vim.\n")
    server = try Server(h, [])
    let refused = try Self.write(
      server, "POST", "/api/entries", ["content": "Kept\n\nFrom the page.", "key": key, "sequence": 3])
    #expect(refused.status == 409)
    // The page takes the entry up from the refusal, to settle the two texts on it.
    #expect(refused.json["id"] as? String == id)
    #expect((refused.json["content"] as? String)?.contains("Written in vim.") == true)
    #expect(h.journal.text(path)?.contains("Written in vim.") == true)
    #expect(Self.entryFiles(h) == [path])
  }

  @Test func writesFromElsewhereAndOversizedBodiesAreRefused() throws {
    let h = try Harness()
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let port = server.port
    let body = Array(#"{"content":"Sneaky"}"#.utf8)
    // No write header (what a cross-site form sends), another origin, no origin, a form's type.
    let refused = [
      try Self.get(server, "/api/entries", headers: ["Origin: http://127.0.0.1:\(port)"], method: "POST", body: body),
      try Self.get(
        server, "/api/entries",
        headers: ["X-Ilgi-Request: 1", "Origin: http://evil.example", "Content-Type: application/json"],
        method: "POST", body: body),
      try Self.get(
        server, "/api/entries", headers: ["X-Ilgi-Request: 1", "Content-Type: application/json"], method: "POST",
        body: body),
      try Self.get(
        server, "/api/entries",
        headers: [
          "X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(port)", "Content-Type: application/x-www-form-urlencoded",
        ], method: "POST", body: body),
    ]
    #expect(refused.map(\.status) == [403, 403, 403, 415])
    // Another name for this computer (DNS rebinding) is not this server.
    #expect(try Self.get(server, "/", headers: ["Host: diary.evil.example"]).status == 421)
    #expect(try Self.get(server, "/", headers: ["Host: localhost:\(port)"]).status == 200)
    // A body over 1 MiB, declared or not.
    let big = Array("{\"content\":\"\(String(repeating: "a", count: 1_100_000))\"}".utf8)
    let declared = try Self.write(server, "POST", "/api/entries", ["content": String(repeating: "a", count: 1_100_000)])
    #expect(declared.status == 413)
    let writing = [
      "X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(port)", "Content-Type: application/json", "Accept-Language: ko",
    ]
    let declared413 = try Self.get(server, "/api/entries", headers: writing, method: "POST", body: big)
    #expect(declared413.status == 413)
    let chunked = try Self.get(
      server, "/api/entries", headers: writing + ["Transfer-Encoding: chunked"], method: "POST", body: big)
    #expect(chunked.status == 413)
    // As a browser sends it: the body at once, no `Expect: 100-continue` to wait for.
    let unasked = try Self.get(server, "/api/entries", headers: writing + ["Expect:"], method: "POST", body: big)
    #expect(unasked.status == 413)
    // The listener's own refusal goes through the app's: its headers, the browser's language.
    for reply in [declared413, chunked, unasked] {
      #expect(reply.headers["content-security-policy"] == AppServer.contentSecurityPolicy)
      #expect(reply.headers["x-frame-options"] == "DENY")
      #expect(reply.headers["x-content-type-options"] == "nosniff")
      #expect(reply.headers["referrer-policy"] == "no-referrer")
      #expect(reply.headers["cache-control"] == "no-store")
      #expect(reply.body.contains("보낸 것이 1 MiB보다 큽니다"), "\(reply.body)")
    }
    // Without the token, a body too large is told that it needs the token first.
    let tokenless = try Self.get(port, "/api/entries", headers: writing, method: "POST", body: big)
    #expect(tokenless.status == 401, "\(tokenless.body)")
    #expect(Self.entryFiles(h).isEmpty, "a refused write left a file: \(Self.entryFiles(h))")
  }

  @Test func pathsNeverLeaveTheAppAndHeadAgreesWithGet() throws {
    let h = try Harness([
      "2026/03/2026-03-01-0900-walk.md":
        "---\nid: \"A1B2C3D4-0000-4000-8000-000000000001\"\ndate: 2026-03-01T09:00:00+09:00\n---\nWalk\n\nFar.\n"
    ])
    try "secret".write(toFile: h.journal.base + "/outside.md", atomically: true, encoding: .utf8)
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let escapes = [
      "/../outside.md", "/entry/..%2F..%2Foutside.md", "/entry/%2e%2e/%2e%2e/outside.md", "/app/..%2f..%2foutside.md",
      "/app/%2e%2e%2f%2e%2e%2foutside.md", "/entry/..%5c..%5coutside.md", "/entry/%252e%252e%252foutside.md",
      "/entry/%c0%ae%c0%ae/outside.md", "/app/app.js%00.png", "/write/..%2F..%2Foutside", "/%2e%2e/%2e%2e/outside.md",
    ]
    for escape in escapes {
      let reply = try Self.get(server, escape)
      #expect([400, 404].contains(reply.status), "\(escape): \(reply.status)")
      #expect(!reply.body.contains("secret"), "\(escape) read a file outside the journal")
    }
    for page in [
      "/", "/entry/A1B2C3D4-0000-4000-8000-000000000001", "/write", "/search?q=walk", "/onthisday", "/app/app.js",
      "/app/app.css", "/app/icon.svg", "/manifest.webmanifest", "/api/entries/A1B2C3D4-0000-4000-8000-000000000001",
    ] {
      let get = try Self.get(server, "\(page)")
      let head = try Self.get(server, page, method: "HEAD")
      #expect(get.status == 200, "\(page): \(get.status)")
      #expect(head.status == get.status, "\(page)")
      #expect(head.body.isEmpty, "\(page)")
      #expect(head.headers["content-type"] == get.headers["content-type"], "\(page)")
      if !page.hasPrefix("/api/") && page != "/" && !page.hasPrefix("/search") {
        #expect(head.headers["content-length"] == String(get.body.utf8.count), "\(page)")
      }
      #expect(get.headers["content-security-policy"]?.contains("script-src 'self'") == true, "\(page)")
      #expect(get.headers["content-security-policy"]?.contains("unsafe-inline") == false, "\(page)")
    }
    // The pages hold no inline script and load nothing from another host.
    for page in ["/", "/entry/A1B2C3D4-0000-4000-8000-000000000001", "/write", "/search"] {
      let html = try Self.get(server, page).body
      #expect(!html.contains("<script>") && !html.contains("<script type"), "\(page) has inline script")
      #expect(!html.contains("src=\"http") && !html.contains("href=\"http"), "\(page) loads from elsewhere")
      #expect(!html.contains(" on") || html.range(of: #" on[a-z]+=""#, options: .regularExpression) == nil, "\(page)")
    }
    let manifest = try Self.get(server, "/manifest.webmanifest")
    #expect(manifest.headers["content-type"] == "application/manifest+json")
    #expect(manifest.body.contains("\"display\":\"standalone\""))
  }

  @Test func anotherAddressNeedsTheTokenOnceInTheAddress() throws {
    let h = try Harness()
    let server = try Server(h, ["--host", "0.0.0.0", "--token", "t0ken-for-phone"])
    defer { _ = server.stop() }
    let port = server.port
    #expect(try Self.get(port, "/").status == 401)
    #expect(try Self.get(port, "/?token=wrong").status == 401)
    #expect(try Self.get(port, "/", headers: ["Cookie: ilgi_token_\(port)=wrong"]).status == 401)
    // The token in the address opens the page that keeps it; a browser that runs no worker
    // (plain http on a network address) goes on through the session, which sets the cookie.
    let first = try Self.get(port, "/search?q=tea&token=t0ken-for-phone")
    #expect(first.status == 200)
    #expect(first.body.contains(#"url=/app/session?to=%2Fsearch%3Fq%3Dtea&amp;token=t0ken-for-phone"#))
    let session = try Self.get(port, "/app/session?to=%2Fsearch%3Fq%3Dtea&token=t0ken-for-phone")
    #expect(session.status == 303)
    #expect(session.headers["location"] == "/search?q=tea")
    let cookie = try #require(session.headers["set-cookie"])
    #expect(cookie.hasPrefix("ilgi_token_\(port)=t0ken-for-phone; Path=/; HttpOnly; SameSite=Strict"), "\(cookie)")
    #expect(try Self.get(port, "/search?q=tea", headers: ["Cookie: ilgi_token_\(port)=t0ken-for-phone"]).status == 200)
    // A write needs the token as well as the write header and origin.
    let body: [String: Any] = ["content": "From the phone"]
    #expect(try Self.write(port, "POST", "/api/entries", body).status == 401)
    let written = try Self.write(
      port, "POST", "/api/entries", body, extra: ["Cookie: ilgi_token_\(port)=t0ken-for-phone"],
      origin: "http://127.0.0.1:\(port)")
    #expect(written.status == 201)
    #expect(
      try Self.write(
        port, "POST", "/api/entries", body, extra: ["Cookie: ilgi_token_\(port)=t0ken-for-phone"],
        origin: "http://10.0.0.9:\(port)"
      ).status == 403)
  }

  /// Behind a TLS proxy (`tailscale serve`, Caddy) the phone asks for the proxy's name, and its
  /// page's origin is `https://` that name: with `--url` both are this server's, and no other
  /// name or scheme is. What a proxy forwards is sent here through 127.0.0.1.
  @Test func behindATLSProxyTheAddressGivenIsThisServers() throws {
    let h = try Harness()
    let proxy = "https://diary.example.ts.net"
    let server = try Server(h, ["--url", proxy + "/", "--token", "t0ken-for-phone"])
    defer { _ = server.stop() }
    #expect(server.printed.contains(proxy + "/?token=t0ken-for-phone"), "\(server.printed)")
    let port = server.port
    let cookie = "Cookie: ilgi_token=t0ken-for-phone"
    #expect(try Self.get(port, "/", headers: ["Host: diary.example.ts.net", cookie]).status == 200)
    #expect(try Self.get(port, "/", headers: ["Host: diary.evil.example", cookie]).status == 421)
    let body: [String: Any] = ["content": "From the phone, through the proxy"]
    let written = try Self.write(
      port, "POST", "/api/entries", body, extra: ["Host: diary.example.ts.net", cookie], origin: proxy)
    #expect(written.status == 201, "\(written.json)")
    for origin in ["http://diary.example.ts.net", "https://diary.evil.example"] {
      let refused = try Self.write(
        port, "POST", "/api/entries", body, extra: ["Host: diary.example.ts.net", cookie], origin: origin)
      #expect(refused.status == 403, "\(origin)")
    }
    #expect(Self.entryFiles(h).count == 1)
  }

  @Test func anAddressThatIsNotAnOriginIsOneLine() throws {
    let h = try Harness()
    for bad in [
      "diary.example.ts.net", "ftp://diary.example", "https://diary.example/ilgi", "https://x?y=1",
      "https://user@diary.example", "https://[fd7a:115c:a1e0::1]",
    ] {
      let refused = try h.run("serve", "--url", bad)
      #expect(refused.status == 64, "\(bad)")
      #expect(refused.stderr.contains("\(bad) is not an address the app can be served at"), "\(refused.stderr)")
      #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    }
  }

  /// The address given is read as a browser writes its origin: lower case, without the
  /// scheme's own port.
  @Test func theProxysAddressIsReadAsABrowserWritesItsOrigin() {
    #expect(RequestGate.origin(of: "https://Diary.Example.TS.net/") == "https://diary.example.ts.net")
    #expect(RequestGate.origin(of: "HTTPS://diary.example.ts.net:443") == "https://diary.example.ts.net")
    #expect(RequestGate.origin(of: "https://diary.example.ts.net:8443") == "https://diary.example.ts.net:8443")
    #expect(RequestGate.origin(of: "http://diary.lan:80") == "http://diary.lan")
    let gate = RequestGate(
      token: "t", checksHost: true, publicOrigin: RequestGate.origin(of: "https://diary.example:443"))
    let write = ServerRequest(
      method: "POST", target: "/api/entries",
      headers: [
        "Host": "diary.example", "Authorization": "Bearer t", "X-Ilgi-Request": "1",
        "Origin": "https://diary.example", "Content-Type": "application/json",
      ], body: Array("{}".utf8))
    #expect(gate.check(write) == .admit)
    #expect(gate.checkWrite(write) == nil)
    var other = write
    other.headers["host"] = "diary.example.evil"
    #expect(gate.check(other) == .refuse(.wrongHost))
  }

  /// The text of a QR code printed in half blocks, read by zbarimg from a bitmap of it.
  static func readQRCode(_ lines: [String], scratch: String) throws -> String {
    var rows: [[Bool]] = []
    for line in lines {
      let cells = line.replacingOccurrences(of: "\u{1B}[30;47m", with: "").replacingOccurrences(
        of: "\u{1B}[0m", with: "")
      var top: [Bool] = []
      var bottom: [Bool] = []
      for cell in cells {
        top.append(cell == "█" || cell == "▀")
        bottom.append(cell == "█" || cell == "▄")
      }
      rows += [top, bottom]
    }
    // Eight pixels a module, and a wide white border.
    let scale = 8
    let border = 4
    let width = (rows.first?.count ?? 0) + 2 * border
    let height = rows.count + 2 * border
    var pbm = "P1\n\(width * scale) \(height * scale)\n"
    for y in 0..<height * scale {
      let row = y / scale - border
      var line = ""
      for x in 0..<width * scale {
        let column = x / scale - border
        let dark = rows.indices.contains(row) && rows[row].indices.contains(column) && rows[row][column]
        line += dark ? "1 " : "0 "
      }
      pbm += line + "\n"
    }
    let file = scratch + "/qr.pbm"
    try pbm.write(toFile: file, atomically: true, encoding: .ascii)
    let read = try ChildProcess.run([try TestTools.zbarimg, "--raw", "-q", file])
    return read.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func theWeatherAtCreationComesFromThePlaceOrTheBrowsersLocation() throws {
    let stub = try WeatherStubServer(answers: WeatherCLITests.working)
    defer { stub.stop() }
    let h = try WeatherCLITests().harness(stub)
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let place = try Self.get(server, "/api/weather")
    #expect(place.body.contains("\"weather\":\"Clear, 4°C\""), "\(place.body)")
    #expect(stub.requests.contains { $0.target.hasPrefix("/v1/search?") }, "the configured place was not looked up")
    // The phone's location instead: the coordinates go to the service, no place is looked up.
    let located = try Self.get(server, "/api/weather?lat=35.180&lon=129.080")
    #expect(located.body.contains("Clear, 4°C"))
    #expect(stub.requests.contains { $0.target.contains("latitude=35.18") && $0.target.contains("longitude=129.08") })
    #expect(try Self.get(server, "/api/weather?lat=123&lon=0").status == 400)
    // The page sends what it was told; the entry keeps it, and a later save never replaces it.
    let made = try Self.write(server, "POST", "/api/entries", ["content": "Sunny walk", "weather": "Clear, 4°C"])
    #expect(made.status == 201)
    let path = try #require(made.json["path"] as? String)
    #expect(h.journal.text(path)?.contains("\nweather: Clear, 4°C\n") == true)
    let saved = try Self.write(
      server, "PUT", "/api/entries/\(made.json["id"] ?? "")",
      ["content": "Sunny walk\n\nLater.", "weather": "Rain", "base": made.json["version"] ?? ""])
    #expect(saved.status == 200)
    #expect(h.journal.text(path)?.contains("\nweather: Clear, 4°C\n") == true)
    // No weather service at all: the answer is null, at once, and a save does not wait for it.
    let plain = try Harness()
    let quiet = try Server(plain, [])
    defer { _ = quiet.stop() }
    #expect(try Self.get(quiet, "/api/weather").body.contains("\"weather\":null"))
  }

  @Test func browserWritesAreCommittedOncePerSittingAndShareAsTheCLIDoes() throws {
    let h = try GitTests.harness(initialize: false)
    #expect(h.call("init", "--git", h.journal.root).status == 0)
    let server = try Server(h, [])
    defer { _ = server.stop() }
    let made = try Self.write(server, "POST", "/api/entries", ["content": "Bus ride\n\nRain on the window."])
    let id = try #require(made.json["id"] as? String)
    let path = try #require(made.json["path"] as? String)
    #expect(try GitTests.subjects(h).first?.hasPrefix("ilgi: new ") == true)
    #expect(try GitTests.subjects(h).first?.hasSuffix(" Bus ride") == true)
    #expect(try GitTests.lastChange(h) == ["A \(path)"])
    // Saves while typing are not commits; the save on leaving is one.
    var version = try #require(made.json["version"] as? String)
    for word in ["Fog.", "Fog. Then sun."] {
      let saved = try Self.write(
        server, "PUT", "/api/entries/" + id, ["content": "Bus ride\n\n" + word, "base": version])
      version = try #require(saved.json["version"] as? String)
    }
    #expect(try GitTests.subjects(h).count == 2)
    let settled = try Self.write(
      server, "PUT", "/api/entries/" + id, ["content": "Bus ride\n\nFog. Then sun!", "base": version, "settled": true])
    #expect(settled.status == 200)
    #expect(try GitTests.subjects(h).first?.hasPrefix("ilgi: edit ") == true)
    #expect(try GitTests.lastChange(h) == ["M \(path)"])
    // The share text is `ilgi share`'s.
    let shared = try Self.get(server, "/api/entries/" + id + "/share")
    let cli = try h.run("share", id)
    #expect(cli.status == 0, "\(cli.stderr)")
    let text = (try? JSONSerialization.jsonObject(with: Data(shared.body.utf8)) as? [String: Any])?["text"] as? String
    #expect(text == cli.stdout, "\(shared.body) against \(cli.stdout)")
    // Delete and restore are commits too, as in the CLI.
    let deleted = try Self.write(server, "DELETE", "/api/entries/" + id, [:])
    #expect(try GitTests.subjects(h).first?.hasPrefix("ilgi: delete ") == true)
    _ = try Self.write(server, "POST", "/api/restore", ["trash": deleted.json["trash"] ?? ""])
    #expect(try GitTests.subjects(h).first?.hasPrefix("ilgi: restore ") == true)
    #expect(try GitTests.git(h, "status", "--porcelain") == "")
  }

  @Test func theReadOnlySiteRefusesWrites() throws {
    let h = try Harness()
    let server = try Server(h, ["--read-only"])
    defer { _ = server.stop() }
    let reply = try Self.write(server, "POST", "/api/entries", ["content": "No"])
    #expect(reply.status == 405)
    #expect(Self.entryFiles(h).isEmpty)
  }

  @Test func aTerminalGetsAQRCodeOfTheAddressWithItsToken() throws {
    let h = try Harness()
    let command =
      "timeout -s INT 3 '\(IlgiProcess.binary)' serve --port 0 --host 0.0.0.0 --token qr-t0ken"
    let result = try ChildProcess.run(
      ["/usr/bin/script", "-qec", command, "/dev/null"], environment: h.environment, mergingErrors: true)
    #expect(result.stdout.contains("?token=qr-t0ken"), "\(result.stdout)")
    // A terminal ends lines with CR LF, which Swift counts as one character.
    let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
      .filter { $0.contains("\u{1B}[30;47m") }
    // A version 3 or 4 code of a short address, in half blocks: 18 to 21 lines of equal width.
    #expect((15...25).contains(lines.count), "\(lines.count) lines of QR code in \(result.stdout)")
    #expect(Set(lines.map(\.count)).count == 1, "the QR code's lines differ in width")
    // A QR reader (zbar) reads the printed code back as the address with its token.
    let decoded = try Self.readQRCode(lines.map(String.init), scratch: h.journal.base)
    #expect(decoded.hasPrefix("http://"), "zbarimg read \(decoded)")
    #expect(decoded.hasSuffix(":0/?token=qr-t0ken") || decoded.contains("/?token=qr-t0ken"), "zbarimg read \(decoded)")
    #expect(result.stdout.contains(decoded), "the code says \(decoded), which the terminal did not print")
    // Without a terminal, no code.
    let plain = try ChildProcess.run(
      ["timeout", "-s", "INT", "3", IlgiProcess.binary, "serve", "--port", "0", "--host", "0.0.0.0", "--token", "x"],
      environment: h.environment, mergingErrors: true)
    #expect(!plain.stdout.contains("\u{1B}[30;47m"))
    #expect(plain.stdout.contains("?token=x"))
  }
}
