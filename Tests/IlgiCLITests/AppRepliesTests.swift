import Foundation
import IlgiFormat
import IlgiMarkdown
import IlgiServer
import IlgiSite
import IlgiStore
import IlgiStrings
import IlgiTestSupport
import Testing

/// What the diary app answers, asked inside this process: every route of `AppServer.reply`
/// over a journal in a temporary folder, with the status, the security headers on every reply
/// (refusals included) and the shape of each body; errors in the page's language, never a
/// Swift value or a path; and the limits that keep a page of another site from stalling it.
@Suite struct AppRepliesTests {
  /// A query of more words than a search takes is one line and a usage status in the CLI,
  /// and is refused before it reaches the index.
  @Test func aSearchOfMoreThanTheTermLimitIsOneLineInTheCLI() throws {
    let h = try Harness(["2026/03/2026-03-01-0900-walk.md": entry(Self.id, "2026-03-01T09:00:00+09:00", "Walk")])
    let words = (1...65).map { "w\($0)" }
    let refused = InProcess.run(["search"] + words, environment: h.environment, directory: h.journal.base)
    #expect(refused.status == 64)
    #expect(
      refused.stderr == "ilgi: search: the search has 65 words and tags; ask with at most 64\n", "\(refused.stderr)")
    // At the limit, the search runs.
    let most = ["walk"] + (1...63).flatMap { ["OR", "w\($0)"] }
    let asked = InProcess.run(["search"] + most, environment: h.environment, directory: h.journal.base)
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.stdout.contains("Walk"))
  }

  static let id = "A1B2C3D4-0000-4000-8000-000000000001"
  static let token = "t0ken-for-tests"
  static let host = "127.0.0.1:8080"

  /// The app over a journal in a temporary folder holding one entry (`id`, "Walk"), behind a
  /// loopback gate; what it reports (its log) is kept.
  final class App: @unchecked Sendable {
    let journal: TempJournal
    let server: AppServer
    private let lock = NSLock()
    private var lines: [String] = []

    init(
      files: [String: String]? = nil, templates: [String: String] = [:], appTemplates: [String: String] = [:],
      token: String = AppRepliesTests.token, encrypted: Bool = false, offline: OfflineKeeping = OfflineKeeping(),
      newTemplate: String? = nil
    ) throws {
      journal = try TempJournal(
        files ?? ["2026/03/2026-03-01-0900-walk.md": entry(AppRepliesTests.id, "2026-03-01T09:00:00+09:00", "Walk")])
      for (name, text) in templates { try journal.write(".ilgi/templates/" + name, text) }
      // The diary is made before `self` can be named in the closure that keeps its reports.
      let relay = Relay()
      let hooks = Diary.Hooks(
        weather: { _, _ in "Clear, 4°C" }, report: { relay.send($0) })
      let diary = Diary(
        store: try journal.store(), templates: TemplateRenderer(overrideFolder: journal.root + "/.ilgi/templates"),
        effects: .none, zone: .seoul, now: { Date() }, hooks: hooks)
      server = AppServer(
        diary: diary, gate: RequestGate(token: token, checksHost: true), language: .english,
        renderer: MarkdownRenderer(), encrypted: encrypted, offline: offline,
        templates: TemplateRenderer(
          overrideFolder: nil, shipped: TemplateRenderer.shippedFiles.merging(appTemplates) { $1 }),
        newTemplate: newTemplate)
      relay.send = { [weak self] line in self?.lock.withLock { self?.lines.append(line) } }
    }

    /// Passes a report on to whoever is set to take it.
    final class Relay: @unchecked Sendable {
      var send: (String) -> Void = { _ in }
    }

    /// What the app reported (to the terminal of `ilgi serve`).
    var reported: [String] { lock.withLock { lines } }

    /// The reply to `method target`, asked from this computer with `headers`; with the token
    /// (`Authorization: Bearer`) unless `token` is false.
    func ask(
      _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = [], token: Bool = true
    ) async -> Reply {
      var fields = ["Host": AppRepliesTests.host]
      if token { fields["Authorization"] = "Bearer " + AppRepliesTests.token }
      fields.merge(headers) { $1 }
      return await server.reply(ServerRequest(method: method, target: target, headers: fields, body: body))
    }

    /// The listener's own refusal of a request the app's page sent with the token (a body too
    /// large), made through the app's funnel.
    func refused(_ problem: ServerProblem, _ method: String, _ target: String, token: Bool = true) -> Reply {
      var fields = ["Host": AppRepliesTests.host]
      if token { fields["Authorization"] = "Bearer " + AppRepliesTests.token }
      return server.refuse(problem, ServerRequest(method: method, target: target, headers: fields))
    }

    /// A write as the app's page sends it: the write header, this server's origin, JSON.
    func write(_ method: String, _ target: String, _ object: [String: Any], headers: [String: String] = [:]) async
      -> Reply
    {
      let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
      let fields = [
        "X-Ilgi-Request": "1", "Origin": "http://" + AppRepliesTests.host, "Content-Type": "application/json",
      ].merging(headers) { $1 }
      return await ask(method, target, headers: fields, body: Array(body))
    }
  }

  /// A reply's header, by name in any case.
  static func header(_ reply: Reply, _ name: String) -> String? {
    reply.headers.last { $0.0.lowercased() == name.lowercased() }?.1
  }

  static func text(_ reply: Reply) -> String { String(decoding: reply.body, as: UTF8.self) }

  static func json(_ reply: Reply) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(reply.body))) as? [String: Any] ?? [:]
  }

  /// A journal that cannot seal what it is given (its config unreadable beside a sealed index)
  /// refuses the save in words that say so, not as an empty entry; nothing is written.
  @Test func aSealingFailureIsNotShownAsAnEmptyEntry() async throws {
    let app = try App()
    try app.journal.write(".ilgi/config.toml", "<<<<<<< HEAD\n[encryption]\nrecipients = \"age1x\"\n")
    let made = await app.write("POST", "/api/entries", ["content": "Secret words\n\nmore"])
    #expect(made.status == 500)
    let error = Self.json(made)["error"] as? String ?? ""
    #expect(error == Catalog(.english).text(.appNotSealed, []), "\(error)")
    #expect(!error.contains("empty"))
    #expect(app.journal.entryFiles() == ["2026/03/2026-03-01-0900-walk.md"])
    #expect(app.reported.contains { $0.contains("cannot be read") }, "\(app.reported)")
  }

  // MARK: Who may ask

  /// Every account of this computer reaches 127.0.0.1: a loopback server wants its token too,
  /// and says so in the browser's language; only the shipped script, style and icon are free.
  @Test func aLoopbackServerAnswersOnlyWithItsToken() async throws {
    let app = try App()
    let refused = await app.ask("GET", "/", token: false)
    #expect(refused.status == 401)
    #expect(Self.header(refused, "content-type") == "text/html; charset=utf-8")
    #expect(Self.text(refused).contains("This diary needs its token"), "\(Self.text(refused))")
    #expect(!Self.text(refused).contains("Walk"))
    let korean = await app.ask("GET", "/entry/" + Self.id, headers: ["Accept-Language": "ko-KR,ko;q=0.9"], token: false)
    #expect(korean.status == 401)
    #expect(Self.text(korean).contains("토큰이 필요합니다"), "\(Self.text(korean))")
    let api = await app.ask("GET", "/api/entries/" + Self.id, token: false)
    #expect(api.status == 401)
    #expect(Self.json(api)["error"] as? String == Catalog(.english).text(.appTokenNeeded, []))
    let write = await app.write("POST", "/api/entries", ["content": "Sneaky"], headers: ["Authorization": ""])
    #expect(write.status == 401)
    #expect(app.journal.entryFiles() == ["2026/03/2026-03-01-0900-walk.md"])
    #expect(await app.ask("GET", "/", headers: ["Authorization": "Bearer wrong"], token: false).status == 401)
    #expect(await app.ask("GET", "/", headers: ["Cookie": "ilgi_token_8080=wrong"], token: false).status == 401)
    // The token as a script sends it, and as the cookie keeps it.
    #expect(await app.ask("GET", "/").status == 200)
    let cookie = await app.ask("GET", "/", headers: ["Cookie": "a=b; ilgi_token_8080=" + Self.token], token: false)
    #expect(cookie.status == 200)
    #expect(Self.text(cookie).contains("Walk"))
    // The page asking for the token is whole: its style, script and icon need none.
    for asset in ["/app/app.css", "/app/app.js", "/app/icon.svg", "/manifest.webmanifest"] {
      #expect(await app.ask("GET", asset, token: false).status == 200, "\(asset)")
    }
    #expect(await app.ask("GET", "/app/nothing.js", token: false).status == 401)
    // The icon as PNG at the sizes a phone installs the app with, drawn from the SVG by libvips.
    for (name, side) in [("icon-192.png", 192), ("icon-512.png", 512), ("apple-touch-icon.png", 180)] {
      let icon = await app.ask("GET", "/app/" + name, token: false)
      #expect(icon.status == 200 && Self.header(icon, "Content-Type") == "image/png", "\(name)")
      let png = icon.body
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 24, "\(name) is a PNG")
      let width = png.count > 24 ? png[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
      let height = png.count > 24 ? png[20..<24].reduce(0) { $0 << 8 | Int($1) } : 0
      #expect(width == side && height == side, "\(name) is \(width)×\(height)")
    }
    #expect(Self.text(await app.ask("GET", "/")).contains(#"rel="apple-touch-icon" href="/app/apple-touch-icon.png""#))
    // Another name for this computer (DNS rebinding) is not this server, token or not.
    #expect(await app.ask("GET", "/", headers: ["Host": "diary.evil.example:8080"]).status == 421)
  }

  /// A page that closes while its save is on its way sends its last text at once, numbered
  /// after that save and on the same base: written on top of the page's own save, whichever
  /// arrives first; a save of another page on that base is a conflict, as ever.
  @Test func twoSavesOfOnePageThatRaceLandInItsOrder() async throws {
    let app = try App()
    let made = await app.write("POST", "/api/entries", ["content": "Tea\n\nGreen."])
    let id = try #require(Self.json(made)["id"] as? String)
    let base = try #require(Self.json(made)["version"] as? String)
    func save(_ text: String, page: String, _ sequence: Int64) async -> Reply {
      await app.write(
        "PUT", "/api/entries/" + id,
        ["content": text, "base": base, "page": page, "sequence": sequence, "settled": true])
    }
    func file() throws -> String {
      let paths = app.journal.snapshot().keys.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
      return try #require(paths.compactMap { app.journal.text($0) }.first { $0.contains("\nTea\n") })
    }
    // In order: the autosave, then the last text as the page closed.
    #expect(await save("Tea\n\nGreen, then", page: "one", 10).status == 200)
    #expect(await save("Tea\n\nGreen, then oolong.", page: "one", 11).status == 200)
    #expect(try file().contains("Green, then oolong."))
    // The autosave arriving late writes nothing over the later text.
    #expect(await save("Tea\n\nGreen, then", page: "one", 10).status == 200)
    #expect(try file().contains("Green, then oolong."))
    // Another page on that base: a conflict.
    #expect(await save("Tea\n\nSomething else.", page: "two", 1).status == 409)
    #expect(try file().contains("Green, then oolong."))
  }

  /// An entry a sync left holding two versions of one passage (`unsettled:`): its writing page
  /// says so, and a save that says the person resolved it takes the line out, every other line
  /// of the front matter as it was; a save that does not say so keeps it.
  @Test func aSaveThatResolvesTwoVersionsTakesTheMarkOut() async throws {
    let front = "---\nunsettled: \"two versions\"\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\ntags: [sea]\n---\n"
    let app = try App(files: ["2026/03/walk.md": front + "Walk\n\nLaptop.\nPhone.\n"])
    let page = Self.text(await app.ask("GET", "/write/" + Self.id))
    #expect(page.contains("id=\"two-versions\""), "\(page)")
    var version = try #require(Self.json(await app.ask("GET", "/api/entries/" + Self.id))["version"] as? String)
    let kept = await app.write(
      "PUT", "/api/entries/" + Self.id, ["content": "Walk\n\nLaptop.\nPhone.", "base": version])
    #expect(kept.status == 200)
    #expect(app.journal.text("2026/03/walk.md")?.contains("unsettled:") == true)
    version = try #require(Self.json(kept)["version"] as? String)
    let resolved = await app.write(
      "PUT", "/api/entries/" + Self.id,
      ["content": "Walk\n\nPhone.", "base": version, "resolved": true, "settled": true])
    #expect(resolved.status == 200)
    #expect(
      app.journal.text("2026/03/walk.md")
        == "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\ntags: [sea]\n---\nWalk\n\nPhone.\n")
    #expect(!Self.text(await app.ask("GET", "/write/" + Self.id)).contains("two-versions"))
  }

  /// A task list's box ticked in the entry's page ticks it in the file, through the save every
  /// page makes: only that mark changes; the page's count of boxes leaves the title line's and
  /// a footnote's out; a file changed since the page was shown is a conflict that writes
  /// nothing; a box the entry does not have is refused.
  @Test func aTaskTickedInThePageIsTickedInTheFile() async throws {
    let front = "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\n---\n"
    let text =
      "- [ ] Pack\n\n- [ ] Buy bread\n- [x] Call Mina[^1]\n  - [ ] Ask about *Sunday*\n\n[^1]: - [ ] not this\n"
    let app = try App(files: ["2026/03/todo.md": front + text])
    let page = Self.text(await app.ask("GET", "/entry/" + Self.id))
    #expect(page.components(separatedBy: "type=\"checkbox\"").count == 5, "\(page)")
    var version = try #require(Self.json(await app.ask("GET", "/api/entries/" + Self.id))["version"] as? String)
    #expect(page.contains("data-version=\"\(version)\""))
    let ticked = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 2, "checked": true, "base": version])
    #expect(ticked.status == 200)
    #expect(
      app.journal.text("2026/03/todo.md")
        == front + text.replacingOccurrences(of: "  - [ ] Ask", with: "  - [x] Ask"))
    let stale = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 0, "checked": true, "base": version])
    #expect(stale.status == 409)
    #expect(app.journal.text("2026/03/todo.md")?.contains("- [ ] Buy bread") == true)
    version = try #require(Self.json(ticked)["version"] as? String)
    let untick = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 1, "checked": false, "base": version])
    #expect(untick.status == 200)
    #expect(app.journal.text("2026/03/todo.md")?.contains("- [ ] Call Mina[^1]") == true)
    version = try #require(Self.json(untick)["version"] as? String)
    let none = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 3, "checked": true, "base": version])
    #expect(none.status == 422)
    #expect(app.journal.text("2026/03/todo.md")?.hasSuffix("[^1]: - [ ] not this\n") == true)
  }

  /// The New page offers the templates and starts from the default one; a template's start
  /// comes with today's prompt; a save or a create carries the mood and activities into the
  /// front matter; the list keeps entries by mood and activity; the writing page offers the
  /// activities written lately.
  @Test func templatesMoodsAndActivitiesInTheApp() async throws {
    let app = try App(
      templates: ["standup.md": "---\ntags: [work]\nmood: 3\n---\nStandup\n\n{{prompt}}\n"], newTemplate: "standup")
    let page = Self.text(await app.ask("GET", "/write"))
    #expect(page.contains("<option value=\"gratitude\">gratitude · Three good things</option>"), "\(page)")
    #expect(page.contains("<option value=\"standup\">standup · Standup</option>"))
    #expect(page.contains("autofocus>\nStandup\n\n"), "\(page)")
    #expect(page.contains("<input type=\"radio\" name=\"mood\" value=\"3\" checked>"))
    #expect(page.contains("name=\"tags\" value=\"work\""))
    // A default that names no template here (a sync may bring one) starts the page empty.
    let gone = try App(newTemplate: "nope")
    let empty = await gone.ask("GET", "/write")
    #expect(empty.status == 200 && Self.text(empty).contains("autofocus>\n</textarea>"))
    let begun = Self.text(await app.ask("GET", "/write?title=Ghost"))
    #expect(begun.contains("autofocus>\nGhost\n\n</textarea>"), "a wiki link's page starts from its title")
    let start = Self.json(await app.ask("GET", "/api/templates/evening"))
    #expect((start["content"] as? String)?.hasPrefix("Evening, ") == true && start["tags"] as? String == "evening")
    #expect((await app.ask("GET", "/api/templates/nope")).status == 404)
    let made = await app.write(
      "POST", "/api/entries", ["content": "Run\n\nFast.", "tags": "", "mood": 5, "activities": "run, Friends , run"])
    #expect(made.status == 201)
    let id = try #require(Self.json(made)["id"] as? String)
    let path = try #require(app.journal.snapshot().keys.first { $0.hasSuffix("-run.md") })
    #expect(
      app.journal.text(path)?.contains("\nmood: 5\nactivities: [run, Friends]\n---\nRun\n") == true,
      "\(app.journal.text(path) ?? "")")
    let version = try #require(Self.json(made)["version"] as? String)
    let saved = await app.write(
      "PUT", "/api/entries/\(id)",
      ["content": "Run\n\nFast.", "tags": "", "base": version, "mood": 2, "activities": ""])
    #expect(saved.status == 200)
    #expect(app.journal.text(path)?.contains("\nmood: 2\n---\n") == true, "\(app.journal.text(path) ?? "")")
    let kept = Self.text(await app.ask("GET", "/?mood=1..2"))
    #expect(kept.contains(">Run<") && !kept.contains(">Walk<"), "\(kept)")
    #expect(!Self.text(await app.ask("GET", "/?activity=run")).contains(">Run<"))
    let again = await app.write(
      "PUT", "/api/entries/\(id)",
      [
        "content": "Run\n\nFast.", "tags": "", "base": Self.json(saved)["version"] as? String ?? "",
        "activities": "swim",
      ])
    #expect(again.status == 200 && app.journal.text(path)?.contains("\nmood: 2\nactivities: [swim]\n") == true)
    #expect(Self.text(await app.ask("GET", "/?activity=SWIM")).contains(">Run<"))
    #expect(Self.text(await app.ask("GET", "/write/\(id)")).contains("data-activity=\"swim\""))
  }

  /// The calendar: a month of weeks, Monday first, each day with entries shaded by its mood
  /// (when the month has moods, else by words), today marked; a day chosen lists its entries;
  /// the year as the heat map; a month that is none is no page.
  @Test func theCalendarShowsTheMonthsDaysAndADaysEntries() async throws {
    let entry = { (id: String, day: String, title: String, extra: String) in
      "---\nid: \(id)\ndate: \(day)T09:00:00+09:00\n\(extra)---\n\(title)\n\nText.\n"
    }
    let app = try App(files: [
      "2026/03/a.md": entry("A0000000-0000-4000-8000-000000000001", "2026-03-02", "Monday run", "mood: 5\n"),
      "2026/03/b.md": entry("A0000000-0000-4000-8000-000000000002", "2026-03-02", "Monday rain", "mood: 2\n"),
      "2026/03/c.md": entry("A0000000-0000-4000-8000-000000000003", "2026-03-31", "Last day", ""),
      "2025/03/d.md": entry("A0000000-0000-4000-8000-000000000004", "2025-03-02", "A year before", ""),
    ])
    let month = Self.text(await app.ask("GET", "/calendar/2026-03?day=2026-03-02"))
    #expect(month.contains("<h1 class=\"heading\">March 2026</h1>"), "\(month)")
    // March 2026 starts on a Sunday: six blank days, then the 1st.
    #expect(
      month.contains(
        String(repeating: "<td class=\"blank\"></td>", count: 6)
          + "<td class=\"day\"><a href=\"/calendar/2026-03?day=2026-03-01#day\">"))
    #expect(
      month.contains(
        "<td class=\"day has-entries mood-4 chosen\"><a href=\"/calendar/2026-03?day=2026-03-02#day\"><span class=\"number\">2</span><span class=\"count\">2</span>"
      ), "\(month)")
    #expect(month.contains("<td class=\"day has-entries \"><a href=\"/calendar/2026-03?day=2026-03-31#day\">"))
    #expect(
      month.contains("<h2>Monday, March 2, 2026</h2>") && month.contains(">Monday run<")
        && month.contains(">Monday rain<"))
    #expect(month.contains("href=\"/onthisday?day=2026-03-02\""))
    #expect(month.contains("data-previous=\"/calendar/2026-02\" data-next=\"/calendar/2026-04\""))
    let words = Self.text(await app.ask("GET", "/calendar/2026-03?by=words"))
    #expect(words.contains("<td class=\"day has-entries words-1\"><a href=\"/calendar/2026-03?day=2026-03-31#day\">"))
    let year = Self.text(await app.ask("GET", "/calendar/2026"))
    #expect(year.contains("<a href=\"/calendar/2026-03?day=2026-03-02#day\" title=\"2026-03-02 · 2\""), "\(year)")
    let before = Self.text(await app.ask("GET", "/onthisday?day=2026-03-02"))
    #expect(before.contains(">A year before<"), "\(before)")
    for bad in ["/calendar/2026-13", "/calendar/26", "/calendar/2026-3", "/calendar/x"] {
      #expect((await app.ask("GET", bad)).status == 404, "\(bad)")
    }
    #expect((await app.ask("GET", "/calendar")).status == 200)
  }

  /// The page counts a box by the words its item reads: a count that names another item (a
  /// page whose boxes were counted otherwise) ticks the item that reads so, never the one at
  /// the count.
  @Test func aBoxIsTickedByItsWordsWhenTheCountDisagrees() async throws {
    let front = "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\n---\n"
    let app = try App(files: ["2026/03/todo.md": front + "Todo\n\n- [ ] Pack\n- [ ] Buy bread\n"])
    let version = try #require(Self.json(await app.ask("GET", "/api/entries/" + Self.id))["version"] as? String)
    let ticked = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 0, "checked": true, "base": version, "text": "Buy bread"])
    #expect(ticked.status == 200)
    #expect(app.journal.text("2026/03/todo.md") == front + "Todo\n\n- [ ] Pack\n- [x] Buy bread\n")
  }

  /// A recording is sent as what it is, shown in place, in the parts a player asks for; the
  /// entry's page plays it.
  @Test func aRecordingIsSentInThePartsAPlayerAsks() async throws {
    let recording = Array(
      try Data(contentsOf: URL(fileURLWithPath: TestTools.repository + "/Tests/IlgiCoreTests/Audio/tone.webm")))
    let name = "6fa836236e04812b4348efdc3308192d.webm"
    let app = try App(files: [
      "2026/03/walk.md":
        "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\n---\nWalk\n\n[Voice note 0:02](\(name))\n"
    ])
    try app.journal.write("2026/03/" + name, recording)
    let whole = await app.ask("GET", "/file/\(Self.id)/\(name)")
    #expect(whole.status == 200 && whole.body == recording)
    #expect(Self.header(whole, "content-type") == "audio/webm" && Self.header(whole, "accept-ranges") == "bytes")
    #expect(Self.header(whole, "content-disposition") == nil)
    let part = await app.ask("GET", "/file/\(Self.id)/\(name)", headers: ["Range": "bytes=100-199"])
    #expect(part.status == 206 && part.body == Array(recording[100...199]))
    #expect(Self.header(part, "content-range") == "bytes 100-199/\(recording.count)")
    let tail = await app.ask("GET", "/file/\(Self.id)/\(name)", headers: ["Range": "bytes=-10"])
    #expect(tail.status == 206 && tail.body == Array(recording.suffix(10)))
    let past = await app.ask("GET", "/file/\(Self.id)/\(name)", headers: ["Range": "bytes=999999-"])
    #expect(past.status == 416 && Self.header(past, "content-range") == "bytes */\(recording.count)")
    let page = Self.text(await app.ask("GET", "/entry/" + Self.id))
    #expect(
      page.contains(
        "<figure class=\"voice\"><audio controls preload=\"metadata\" src=\"/file/\(Self.id)/\(name)\"></audio>"),
      "\(page)")
  }

  /// A box tapped on a page older than the file (another device or vim added an item above it)
  /// is ticked where the item that reads so now stands, and the rest of the change is kept; an
  /// item that no longer reads so, or reads so twice, is a conflict that writes nothing.
  @Test func aTapOnAnOlderPageIsCarriedToTheItemThatReadsSo() async throws {
    let front = "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\n---\n"
    let app = try App(files: ["2026/03/todo.md": front + "Todo\n\n- [ ] Pack\n- [ ] Buy [[bread]]\n"])
    let version = try #require(Self.json(await app.ask("GET", "/api/entries/" + Self.id))["version"] as? String)
    try app.journal.write("2026/03/todo.md", front + "Todo\n\n- [x] Water plants\n- [ ] Pack\n- [ ] Buy [[bread]]\n")
    let carried = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 1, "checked": true, "base": version, "text": " Buy  bread "])
    #expect(carried.status == 200)
    #expect(Self.json(carried)["changedElsewhere"] as? Bool == true)
    #expect(
      app.journal.text("2026/03/todo.md") == front + "Todo\n\n- [x] Water plants\n- [ ] Pack\n- [x] Buy [[bread]]\n")
    let twice = front + "Todo\n\n- [ ] Pack\n- [ ] Pack\n"
    try app.journal.write("2026/03/todo.md", twice)
    let stale = await app.write(
      "POST", "/api/entries/\(Self.id)/task", ["index": 0, "checked": true, "base": version, "text": "Pack"])
    #expect(stale.status == 409, "\(Self.text(stale))")
    #expect(app.journal.text("2026/03/todo.md") == twice)
  }

  /// A wiki link on an entry's page leads to the entry it names (by title, any case), or to a
  /// new entry's page begun with that title; a picture's is shown in place.
  @Test func wikiLinksLeadToEntriesOrBeginThem() async throws {
    let other = "0F8B6C0E-1111-4222-8333-944455556666"
    let app = try App(files: [
      "2026/03/walk.md":
        "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\n---\nWalk\n\nTo [[han river|the river]], "
        + "[[Café & co]] and ![[map.png]].\n",
      "2026/03/river.md": "---\nid: \(other)\ndate: 2026-03-02T09:00:00+09:00\n---\nHan River\n\nWater.\n",
    ])
    let page = Self.text(await app.ask("GET", "/entry/" + Self.id))
    #expect(page.contains("<a href=\"/entry/\(other)\">the river</a>"), "\(page)")
    #expect(
      page.contains("<a class=\"wiki-link unresolved\" href=\"/write?title=Caf%C3%A9%20%26%20co\">Café &amp; co</a>"),
      "\(page)")
    #expect(page.contains("src=\"/file/\(Self.id)/map.png"), "\(page)")
    // The entry named lists the one linking to it; one shown in place is shown.
    let river = Self.text(await app.ask("GET", "/entry/" + other))
    #expect(river.contains("<nav class=\"backlinks\" aria-label=\"Linked from\">"), "\(river)")
    #expect(river.contains("<li><a href=\"/entry/\(Self.id)\">Walk</a>"), "\(river)")
    try app.journal.write(
      "2026/03/later.md",
      "---\nid: 1F8B6C0E-1111-4222-8333-944455556666\ndate: 2026-03-03T09:00:00+09:00\n---\nLater\n\n"
        + "![[Han river]]\n\n[[Han river#Deep water]]\n")
    let later = Self.text(await app.ask("GET", "/entry/1F8B6C0E-1111-4222-8333-944455556666"))
    #expect(
      later.contains(
        "<figure class=\"wiki-embed\"><figcaption><a href=\"/entry/\(other)\">Han river</a></figcaption>\n<p>Water.</p>"
      ),
      "\(later)")
    #expect(later.contains("<a href=\"/entry/\(other)#h-deep-water\">Han river › Deep water</a>"), "\(later)")
    let begun = Self.text(await app.ask("GET", "/write?title=Caf%C3%A9%20%26%20%3Cb%3E"))
    #expect(begun.contains("Café &amp; &lt;b&gt;\n\n</textarea>"), "\(begun)")
  }

  /// The address `ilgi serve` prints holds the token: opened, it is the page that keeps the
  /// token in the browser's storage for this origin alone and goes on to the same page without
  /// it (`TokenPage`); no cookie holds it, as a cookie for 127.0.0.1 goes to every port of it, and
  /// one an older ilgi set is dropped. Only `/app/session`, for a browser that runs no worker,
  /// sets the cookie; after a restart (a new token) the new address wins over a kept cookie,
  /// and a wrong one in the address is refused even with a good cookie.
  @Test func theTokenInTheAddressIsKeptByThePageAndTheCookieOnlyByTheSession() async throws {
    let app = try App()
    let first = await app.ask("GET", "/search?q=walk&token=" + Self.token, token: false)
    #expect(first.status == 200)
    #expect(Self.header(first, "location") == nil)
    #expect(Self.header(first, "set-cookie") == "ilgi_token_8080=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0")
    let page = Self.text(first)
    #expect(page.contains(#"<script src="/app/token.js" defer></script>"#))
    #expect(page.contains(#"<script src="/app/enter.js" defer></script>"#))
    #expect(page.contains(#"data-worker="/sw.js?keep="#))
    #expect(page.contains(#"<a href="/search?q=walk">"#))
    // Without script, a refresh to the session, which is the page's only other way on.
    #expect(page.contains(#"url=/app/session?to=%2Fsearch%3Fq%3Dwalk&amp;token=\#(Self.token)""#))
    // The scripts need no token: the page asking for it is whole.
    for script in ["/app/token.js", "/app/enter.js"] {
      #expect(await app.ask("GET", script, token: false).status == 200, "\(script)")
    }
    let session = await app.ask("GET", "/app/session?to=%2Fsearch%3Fq%3Dwalk&token=" + Self.token, token: false)
    #expect(session.status == 303)
    #expect(Self.header(session, "location") == "/search?q=walk")
    #expect(
      Self.header(session, "set-cookie")
        == "ilgi_token_8080=\(Self.token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000")
    // An old server's cookie, and this server's address.
    let restarted = await app.ask(
      "GET", "/app/session?token=" + Self.token, headers: ["Cookie": "ilgi_token_8080=an-old-token"], token: false)
    #expect(restarted.status == 303, "the cookie of an earlier run hid the printed address")
    #expect(Self.header(restarted, "set-cookie")?.hasPrefix("ilgi_token_8080=\(Self.token);") == true)
    for path in ["/?token=an-old-token", "/app/session?token=an-old-token"] {
      let wrong = await app.ask("GET", path, headers: ["Cookie": "ilgi_token_8080=" + Self.token], token: false)
      #expect(wrong.status == 401, "\(path)")
    }
    // Sent to the session by another site's page or a file: a page that goes on by itself,
    // since a redirect would lose the SameSite=Strict cookie on the way.
    let fromFile = await app.ask(
      "GET", "/app/session?to=%2Fwrite&token=" + Self.token,
      headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"],
      token: false)
    #expect(fromFile.status == 200)
    #expect(Self.header(fromFile, "set-cookie")?.hasPrefix("ilgi_token_8080=\(Self.token);") == true)
    #expect(Self.text(fromFile).contains("<meta http-equiv=\"refresh\" content=\"0; url=/write\">"))
    #expect(!Self.text(fromFile).contains(Self.token))
    // A token with characters a cookie cannot hold is kept encoded.
    let odd = try App(token: "a b;c")
    let set = await odd.ask("GET", "/app/session?token=a%20b%3Bc", token: false)
    #expect(Self.header(set, "set-cookie")?.hasPrefix("ilgi_token_8080=a%20b%3Bc;") == true)
    #expect(await odd.ask("GET", "/", headers: ["Cookie": "ilgi_token_8080=a%20b%3Bc"], token: false).status == 200)
    // A page asked for without the token says so, and can ask again through the worker.
    let refused = await app.ask("GET", "/write", token: false)
    #expect(refused.status == 401)
    #expect(Self.text(refused).contains(#"data-token-needed="1""#))
  }

  /// The address the browser is sent on to is always a path of this server, from the token's
  /// page as from the session's `to`: `//write` would be the host `write` to a browser,
  /// `/\\evil.example` too.
  @Test(arguments: [
    ("//write?token=T", "/write"), ("///evil.example/x?token=T&q=1", "/evil.example/x?q=1"),
    ("/\\evil.example?token=T", "/%5Cevil.example"), ("/%2F%2Fevil.example?token=T", "/%2F%2Fevil.example"),
    ("/?q=a%20b&token=T&tag=x", "/?q=a%20b&tag=x"), ("/search?q=<script>&token=T", "/search?q=%3Cscript%3E"),
    ("/\t/evil.example?token=T", "/%09/evil.example"),
  ])
  func theAddressWithoutTheTokenIsAPathOfThisServer(_ target: String, _ expected: String) async throws {
    let app = try App()
    let asked = target.replacingOccurrences(of: "token=T", with: "token=" + Self.token)
    let page = await app.ask("GET", asked, token: false)
    #expect(page.status == 200)
    #expect(Self.text(page).contains("<a href=\"\(MarkdownRenderer.escapeHTML(expected))\">"), "\(Self.text(page))")
    let session = await app.ask(
      "GET", "/app/session?to=" + RequestGate.encoded(asked) + "&token=" + Self.token, token: false)
    #expect(session.status == 303)
    let location = try #require(Self.header(session, "location"))
    #expect(location == expected)
    #expect(location.hasPrefix("/") && !location.hasPrefix("//") && !location.hasPrefix("/\\"))
  }

  // MARK: Every reply

  /// The headers no reply of the app goes without.
  static let securityHeaders = [
    ("Content-Security-Policy", AppServer.contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
  ]

  static func expectSecurityHeaders(_ reply: Reply, _ what: String) {
    // Each header once: a second `Cache-Control` would overrule the first.
    let names = reply.headers.map { $0.0.lowercased() }.filter { $0 != "set-cookie" }
    #expect(Set(names).count == names.count, "\(what) (\(reply.status)) names a header twice: \(names)")
    for (name, value) in securityHeaders {
      #expect(header(reply, name) == value, "\(what) (\(reply.status)) has \(name): \(header(reply, name) ?? "none")")
    }
  }

  /// Every route, every method, and every refusal and failure the app makes, the listener's
  /// too: each has the security headers, its status, and a body of the kind it should be.
  @Test func everyReplyCarriesTheSecurityHeaders() async throws {
    let app = try App(appTemplates: ["app-search.html": "{{#broken}}"])
    let entry = "/api/entries/" + Self.id
    let html = "text/html; charset=utf-8"
    let json = "application/json"
    let reads: [(String, Int, String)] = [
      ("/", 200, html), ("/entry/" + Self.id, 200, html), ("/write", 200, html), ("/write/" + Self.id, 200, html),
      ("/search", 500, html), ("/onthisday", 200, html), (entry, 200, json), (entry + "/share", 200, json),
      ("/api/search?q=walk", 200, json), ("/api/weather", 200, json),
      ("/app/app.js", 200, "text/javascript; charset=utf-8"),
      ("/app/app.css", 200, "text/css; charset=utf-8"), ("/app/icon.svg", 200, "image/svg+xml"),
      ("/manifest.webmanifest", 200, "application/manifest+json"), ("/entry/..%2F..%2Fx", 400, html),
      ("/nothing", 404, html), ("/entry/NO-SUCH-ENTRY", 404, html), ("/api/entries/NO-SUCH-ENTRY", 404, json),
      ("/api/nothing", 404, json), ("/app/nothing.js", 404, html), ("/api/weather?lat=100&lon=0", 400, json),
    ]
    for (target, status, type) in reads {
      for method in ["GET", "HEAD"] {
        let reply = await app.ask(method, target)
        #expect(reply.status == status, "\(method) \(target): \(reply.status) \(Self.text(reply))")
        #expect(Self.header(reply, "content-type") == type, "\(method) \(target)")
        Self.expectSecurityHeaders(reply, "\(method) \(target)")
      }
    }
    let made = await app.write("POST", "/api/entries", ["content": "Tea\n\nGreen."])
    let id = try #require(Self.json(made)["id"] as? String)
    let version = try #require(Self.json(made)["version"] as? String)
    let writes: [(String, String, [String: Any], Int)] = [
      ("PUT", "/api/entries/" + id, ["content": "Tea\n\nOolong.", "base": version], 200),
      ("PUT", "/api/entries/" + id, ["content": "Tea\n\nLost.", "base": version], 409),
      ("PUT", "/api/entries/" + id, ["content": " ", "base": version], 422),
      ("PUT", "/api/entries/" + id, ["content": "x"], 400),
      ("POST", "/api/entries/" + id + "/settle", [:], 200),
      ("POST", "/api/merge", ["base": "a\n", "mine": "a\nb\n", "theirs": "c\na\n"], 200),
      ("POST", "/api/merge", ["base": "a"], 400),
      ("PATCH", "/api/entries/" + id, [:], 405),
      ("DELETE", "/api/entries/NO-SUCH-ENTRY", [:], 404),
    ]
    Self.expectSecurityHeaders(made, "POST /api/entries")
    for (method, target, body, status) in writes {
      let reply = await app.write(method, target, body)
      #expect(reply.status == status, "\(method) \(target): \(reply.status) \(Self.text(reply))")
      #expect(Self.header(reply, "content-type") == json, "\(method) \(target)")
      Self.expectSecurityHeaders(reply, "\(method) \(target)")
    }
    let deleted = await app.write("DELETE", "/api/entries/" + id, [:])
    #expect(deleted.status == 200)
    let restored = await app.write("POST", "/api/restore", ["trash": Self.json(deleted)["trash"] ?? ""])
    #expect(restored.status == 200)
    Self.expectSecurityHeaders(restored, "POST /api/restore")
    // Refusals: no token, another name, no write header, a form's type, a body too large
    // (which the listener refuses before the app sees it, through the app's own funnel).
    let refusals: [(Reply, Int)] = [
      (await app.ask("GET", "/", token: false), 401),
      (await app.ask("GET", "/", headers: ["Host": "evil.example"]), 421),
      (await app.ask("POST", "/api/entries", body: Array("{}".utf8)), 403),
      (await app.write("POST", "/api/entries", [:], headers: ["Content-Type": "text/plain"]), 415),
      (app.refused(.tooLarge(limit: 1 << 20), "POST", "/api/entries"), 413),
      // Who asks comes first: without the token, a body too large is told about the token.
      (app.refused(.tooLarge(limit: 1 << 20), "POST", "/api/entries", token: false), 401),
    ]
    for (reply, status) in refusals {
      #expect(reply.status == status)
      Self.expectSecurityHeaders(reply, "the \(status)")
    }
    #expect(Self.json(refusals[4].0)["error"] as? String == Catalog(.english).text(.appTooLarge, ["1 MiB"]))
    // An upload's limit is a file's, and so are the words.
    let upload = app.refused(.tooLarge(limit: 50_000_000), "POST", "/api/uploads")
    #expect(Self.json(upload)["error"] as? String == Catalog(.english).text(.appFilesTooLarge, ["50 MB"]))
  }

  /// A new entry is dated when its text was begun, by the page's clock and in the writer's
  /// offset (typed offline, it arrives later); a time later than now, or not a time, is not
  /// taken, and the entry is dated when it arrives.
  @Test func aNewEntryIsDatedWhenItsTextWasBegun() async throws {
    let app = try App()
    func dated(_ written: String) async throws -> String {
      let made = await app.write(
        "POST", "/api/entries",
        ["content": "Typed \(written)", "key": UUID().uuidString.lowercased(), "written": written])
      #expect(made.status == 201, "\(Self.text(made))")
      let path = try #require(Self.json(made)["path"] as? String)
      let text = try #require(app.journal.text(path))
      return String(text.split(separator: "\n").first { $0.hasPrefix("date: ") }?.dropFirst(6) ?? "")
    }
    #expect(try await dated("2026-03-01T21:15:40-05:00") == "2026-03-01T21:15:40-05:00")
    let now = Date()
    for refused in ["2999-01-01T00:00:00+09:00", "yesterday", "2026-03-01"] {
      let date = try #require(DateParser(timeZone: .seoul).parse(try await dated(refused)))
      #expect(abs(date.instant.timeIntervalSince(now)) < 60, "\(refused) gave \(date.iso8601)")
    }
  }

  /// What went wrong is said in the page's language, in words that say what to do; the
  /// detail (a Swift value, an absolute path) goes to the server's log only.
  @Test func errorsAreInThePagesWordsAndTheirDetailInTheLog() async throws {
    let app = try App(appTemplates: ["app-list.html": "{{#broken}}"])
    let korean = ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"]
    let failed = await app.ask("GET", "/", headers: korean)
    #expect(failed.status == 500)
    let page = Self.text(failed)
    #expect(page.contains(Catalog(.korean).text(.appFailed, [])), "\(page)")
    #expect(
      !page.contains(app.journal.base) && !page.contains("JournalError") && !page.contains("template("), "\(page)")
    #expect(app.reported.contains { $0.hasPrefix("GET /: ") && $0.contains("app-list.html") }, "\(app.reported)")

    // A trashed entry whose place is taken again: 409, the place named within the journal.
    let deleted = await app.write("DELETE", "/api/entries/" + Self.id, [:])
    let trash = try #require(Self.json(deleted)["trash"] as? String)
    try app.journal.write("2026/03/2026-03-01-0900-walk.md", "Someone else's file.\n")
    let occupied = await app.write("POST", "/api/restore", ["trash": trash], headers: korean)
    #expect(occupied.status == 409)
    let message = try #require(Self.json(occupied)["error"] as? String)
    #expect(message == Catalog(.korean).text(.appOccupied, ["2026/03/2026-03-01-0900-walk.md"]), "\(message)")
    #expect(!message.contains(app.journal.base) && !message.contains("JournalError"))
    #expect(app.journal.text("2026/03/2026-03-01-0900-walk.md") == "Someone else's file.\n")

    // A body that is not JSON, a restore without what it needs, an unknown request.
    let garbled = await app.ask(
      "POST", "/api/entries",
      headers: ["X-Ilgi-Request": "1", "Origin": "http://" + Self.host, "Content-Type": "application/json"]
        .merging(korean) { $1 }, body: Array("{not json".utf8))
    #expect(garbled.status == 400)
    #expect(Self.json(garbled)["error"] as? String == Catalog(.korean).text(.appNotJSON, []))
    let bare = await app.write("POST", "/api/restore", [:])
    #expect(
      Self.json(bare)["error"] as? String
        == "This request needs \"trash\" in its JSON body; if a page sent it, reload the page.")
    let unknown = await app.write("POST", "/api/nothing", [:])
    #expect(unknown.status == 405)
    #expect(Self.json(unknown)["error"] as? String == Catalog(.english).text(.appNoSuchRequest, ["POST /api/nothing"]))

    // A query the search cannot run: the page and the API say why.
    let long = (1...65).map { "w\($0)" }.joined(separator: "+")
    let searched = await app.ask("GET", "/search?q=" + long)
    #expect(searched.status == 400)
    #expect(Self.text(searched).contains("the search has 65 words and tags; ask with at most 64"))
    let asked = await app.ask("GET", "/api/search?q=" + long)
    #expect(asked.status == 400)
    #expect(
      Self.json(asked)["error"] as? String
        == "The search cannot be run: the search has 65 words and tags; ask with at most 64")
    // An unclosed quote, as typed into the search box: what is wrong, not "Nothing found".
    let typed = await app.write("POST", "/api/search", ["q": "\"by the"])
    #expect(typed.status == 400)
    #expect(
      Self.json(typed)["error"] as? String
        == "The search cannot be run: a quote is not closed; add the closing \" after the phrase")
  }

  // MARK: Another site's page

  /// What a browser marks as asked by another site's page (an `<img>`, a frame, a fetch) is
  /// refused before the index is touched; the person following a link to the app is not.
  @Test func aPageOfAnotherSiteCannotMakeTheAppRead() async throws {
    let app = try App()
    let image = ["Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"]
    let long = (1...64).map { "w\($0)" }.joined(separator: "+OR+")
    for site in ["cross-site", "same-site"] {
      for target in ["/", "/search?q=" + long, "/api/search?q=" + long, "/api/entries/" + Self.id, "/app/icon.svg"] {
        let reply = await app.ask("GET", target, headers: image.merging(["Sec-Fetch-Site": site]) { $1 })
        #expect(reply.status == 403, "\(site) \(target): \(reply.status)")
        #expect(Self.text(reply).contains("A page of another site asked for this"), "\(target)")
        Self.expectSecurityHeaders(reply, "\(site) \(target)")
      }
    }
    let framed = await app.ask(
      "GET", "/entry/" + Self.id,
      headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"])
    #expect(framed.status == 403)
    let fetched = await app.ask("GET", "/api/entries/" + Self.id, headers: ["Origin": "http://evil.example"])
    #expect(fetched.status == 403)
    // A link followed from elsewhere, the app's own pages, a bookmark, a script without a browser.
    let followed = ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"]
    #expect(await app.ask("GET", "/entry/" + Self.id, headers: followed).status == 200)
    for site in ["same-origin", "none"] {
      #expect(await app.ask("GET", "/api/search?q=walk", headers: ["Sec-Fetch-Site": site]).status == 200)
    }
    #expect(await app.ask("GET", "/api/search?q=walk", headers: ["Origin": "http://" + Self.host]).status == 200)
    #expect(await app.ask("GET", "/api/search?q=walk").status == 200)
  }

  // MARK: An encrypted journal

  /// The browser keeps every page's title and address in its history (and syncs it): for an
  /// encrypted journal, no title of an entry and no searched word goes into either. The search
  /// form is a POST, the page's script asks with the query in the body, and the
  /// Content-Security-Policy allows both.
  @Test(arguments: [false, true])
  func anEncryptedJournalKeepsTitlesAndQueriesOutOfAddresses(_ encrypted: Bool) async throws {
    let app = try App(
      files: [
        "2026/03/2026-03-01-0900-walk.md": entry(Self.id, "2026-03-01T09:00:00+09:00", "Walk", extra: "tags: [river]\n")
      ], encrypted: encrypted)
    let title = (encrypted ? "<title>Diary</title>" : "<title>Walk</title>")
    for page in ["/entry/" + Self.id, "/write/" + Self.id] {
      let html = Self.text(await app.ask("GET", page))
      #expect(html.contains(title), "\(page): \(html.prefix(400))")
    }
    let search = await app.ask("GET", "/search")
    #expect(Self.text(search).contains("method=\"\(encrypted ? "post" : "get")\" action=\"/search\""))
    let policy = try #require(Self.header(search, "content-security-policy"))
    #expect(policy.contains("form-action 'self'") && policy.contains("connect-src 'self'"))
    // The form's POST, from this server's page: the results, with nothing in the address.
    let form = [
      "Origin": "http://" + Self.host, "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document",
    ]
    // (A page whose Referrer-Policy is no-referrer sends `Origin: null` with its forms.)
    for origin in ["http://" + Self.host, "null"] {
      let posted = await app.ask(
        "POST", "/search", headers: form.merging(["Origin": origin]) { $1 }, body: Array("q=walk".utf8))
      #expect(posted.status == 200)
      #expect(Self.text(posted).contains("<mark>Walk</mark>"), "\(Self.text(posted))")
    }
    // Another site's form cannot ask (its Origin), and one without an Origin is no form.
    for origin in ["http://evil.example", "null"] {
      let foreign = form.merging(["Origin": origin, "Sec-Fetch-Site": "cross-site"]) { $1 }
      let refused = await app.ask("POST", "/search", headers: foreign, body: Array("q=walk".utf8))
      #expect(refused.status == 403)
      #expect(Self.header(refused, "content-type") == "text/html; charset=utf-8")
    }
    let bare = ["Content-Type": "application/x-www-form-urlencoded"]
    #expect(await app.ask("POST", "/search", headers: bare, body: Array("q=walk".utf8)).status == 403)
    // The script's search as you type: the query in the body.
    let typed = await app.write("POST", "/api/search", ["q": "wal"])
    #expect(typed.status == 200)
    let hits = try #require(Self.json(typed)["hits"] as? [[String: Any]])
    #expect(hits.first?["title"] as? String == "Walk")
    #expect(await app.write("POST", "/api/search", [:]).status == 400)
  }

  // MARK: Typed bodies

  static func keys(_ reply: Reply) -> [String] { json(reply).keys.sorted() }

  /// Every API reply has exactly the keys the page's script reads, written as JSON writes
  /// them (`/` as it is); every request body is read as its type, so a field missing or of
  /// the wrong kind is refused by name, and nothing is written.
  @Test func theAPIsBodiesHaveFixedShapes() async throws {
    let app = try App()
    let made = await app.write("POST", "/api/entries", ["content": "Tea\n\nGreen.", "tags": "tea, home"])
    #expect(made.status == 201)
    #expect(Self.keys(made) == ["href", "id", "path", "version"])
    let id = try #require(Self.json(made)["id"] as? String)
    #expect(Self.text(made).hasPrefix("{\"href\":\"/entry/\(id)\",\"id\":"), "\(Self.text(made))")
    let entry = await app.ask("GET", "/api/entries/" + Self.id)
    #expect(Self.keys(entry) == ["content", "date", "id", "iso", "path", "tags", "title", "version", "weather"])
    #expect(Self.json(entry)["weather"] is NSNull)
    #expect(Self.keys(await app.ask("GET", "/api/entries/" + Self.id + "/share")) == ["text", "title"])
    #expect(Self.text(await app.ask("GET", "/api/weather")) == #"{"weather":"Clear, 4°C"}"#)
    for search in [await app.ask("GET", "/api/search?q=walk"), await app.write("POST", "/api/search", ["q": "walk"])] {
      let hits = try #require(Self.json(search)["hits"] as? [[String: Any]])
      #expect(hits.count == 1)
      #expect(hits.first?.keys.sorted() == ["date", "href", "id", "iso", "preview", "snippet", "tags", "title"])
      let pieces = try #require(hits.first?["snippet"] as? [[String: Any]])
      #expect(pieces.contains { $0["mark"] as? Bool == true && $0["text"] as? String == "Walk" }, "\(pieces)")
    }
    let version = try #require(Self.json(made)["version"] as? String)
    let saved = await app.write("PUT", "/api/entries/" + id, ["content": "Tea\n\nOolong.", "base": version])
    #expect(saved.status == 200)
    #expect(Self.keys(saved) == ["href", "id", "path", "version"])
    let conflict = await app.write("PUT", "/api/entries/" + id, ["content": "Tea\n\nLost.", "base": version])
    #expect(conflict.status == 409)
    #expect(Self.keys(conflict) == ["content", "error", "tags", "version"])
    #expect(Self.text(await app.write("POST", "/api/entries/" + id + "/settle", [:])) == "{}")
    let merged = await app.write("POST", "/api/merge", ["base": "a\n", "mine": "a\nb\n", "theirs": "c\na\n"])
    #expect(Self.keys(merged) == ["clean", "content"])
    #expect(Self.json(merged)["clean"] as? Bool == true)
    let deleted = await app.write("DELETE", "/api/entries/" + id, [:])
    #expect(Self.keys(deleted) == ["trash"])
    let restored = await app.write("POST", "/api/restore", ["trash": Self.json(deleted)["trash"] ?? ""])
    #expect(Self.keys(restored) == ["href", "id"])
    #expect(
      Self.text(await app.ask("GET", "/manifest.webmanifest"))
        == ##"{"background_color":"#fbfaf7","display":"standalone","icons":[{"purpose":"any","sizes":"any","##
        + ##""src":"/app/icon.svg","type":"image/svg+xml"},{"purpose":"maskable","sizes":"any","src":"/app/icon.svg","##
        + ##""type":"image/svg+xml"},{"purpose":"any","sizes":"192x192","src":"/app/icon-192.png","type":"image/png"},"##
        + ##"{"purpose":"any","sizes":"512x512","src":"/app/icon-512.png","type":"image/png"}],"##
        + ##""lang":"en","name":"Diary","scope":"/","##
        + ##""share_target":{"action":"/share","enctype":"multipart/form-data","method":"POST","##
        + ##""params":{"files":[{"accept":["image/*"],"name":"photos"}],"text":"text","title":"title","url":"url"}},"##
        + ##""short_name":"Diary","start_url":"/","##
        + ##""theme_color":"#3b5b7a"}"##)

    // Bodies of the wrong shape: refused by name, nothing written.
    let before = app.journal.entryFiles()
    let refused: [(String, String, [String: Any], String)] = [
      ("POST", "/api/entries", ["content": 5], Catalog(.english).text(.appNotJSON, [])),
      ("POST", "/api/entries", ["content": "x", "tags": 5], Catalog(.english).text(.appNotJSON, [])),
      ("POST", "/api/entries", ["content": "x", "weather": ["Rain"]], Catalog(.english).text(.appNotJSON, [])),
      ("POST", "/api/entries", ["tags": "x"], Catalog(.english).text(.appMissingFields, ["\"content\""])),
      ("POST", "/api/entries", ["content": NSNull()], Catalog(.english).text(.appMissingFields, ["\"content\""])),
      ("PUT", "/api/entries/" + Self.id, ["content": "x"], Catalog(.english).text(.appMissingFields, ["\"base\""])),
      (
        "PUT", "/api/entries/" + Self.id, ["content": "x", "base": version, "settled": "yes"],
        Catalog(.english).text(.appNotJSON, [])
      ),
      ("POST", "/api/merge", ["base": "a"], Catalog(.english).text(.appMissingFields, ["\"mine\""])),
      ("POST", "/api/search", ["q": 1], Catalog(.english).text(.appNotJSON, [])),
    ]
    for (method, target, body, message) in refused {
      let reply = await app.write(method, target, body)
      #expect(reply.status == 400, "\(method) \(target) \(body): \(reply.status)")
      #expect(Self.json(reply)["error"] as? String == message, "\(method) \(target) \(body): \(Self.text(reply))")
    }
    #expect(app.journal.entryFiles() == before)
  }

  // MARK: Many writers

  /// A create sent again with its key (a retry, the last save of a page being left, a draft
  /// offered back) is the same entry: the text lands on it, never in a second one. A key that
  /// is not one is refused, nothing written.
  @Test func aCreateSentAgainWithItsKeyIsOneEntry() async throws {
    let app = try App()
    let before = app.journal.entryFiles()
    let key = "k-0123456789abcdef"
    let made = await app.write("POST", "/api/entries", ["content": "Tea\n\nGreen.", "key": key])
    #expect(made.status == 201)
    let id = try #require(Self.json(made)["id"] as? String)
    let path = try #require(Self.json(made)["path"] as? String)
    for content in ["Tea\n\nGreen.", "Tea\n\nGreen, then more.", "Tea\n\nGreen, then more."] {
      let again = await app.write("POST", "/api/entries", ["content": content, "key": key])
      #expect(again.status == 200, "\(Self.text(again))")
      #expect(Self.json(again)["id"] as? String == id)
    }
    #expect(app.journal.entryFiles().count == before.count + 1)
    #expect(app.journal.text(path)?.contains("Green, then more.") == true)
    // Saved from the page since: a late create of the same key is based on that save.
    let version = try #require(Self.json(await app.ask("GET", "/api/entries/" + id))["version"] as? String)
    let saved = await app.write("PUT", "/api/entries/" + id, ["content": "Tea\n\nOolong.", "base": version])
    #expect(saved.status == 200)
    let late = await app.write("POST", "/api/entries", ["content": "Tea\n\nOolong, hot.", "key": key])
    #expect(late.status == 200, "\(Self.text(late))")
    #expect(app.journal.text(path)?.contains("Oolong, hot.") == true)
    #expect(app.journal.entryFiles().count == before.count + 1)

    // An older create of the key that arrives after a newer one writes nothing over it.
    let ordered = "k-fedcba9876543210"
    let newer = await app.write(
      "POST", "/api/entries", ["content": "Soup\n\nHot, with rice.", "key": ordered, "sequence": 2])
    #expect(newer.status == 201)
    let older = await app.write("POST", "/api/entries", ["content": "Soup\n\nHot", "key": ordered, "sequence": 1])
    #expect(older.status == 200)
    #expect(Self.json(older)["id"] as? String == Self.json(newer)["id"] as? String)
    let soup = try #require(Self.json(newer)["path"] as? String)
    #expect(app.journal.text(soup)?.hasSuffix("Hot, with rice.\n") == true, "\(app.journal.text(soup) ?? "")")
    let later = await app.write(
      "POST", "/api/entries", ["content": "Soup\n\nHot, with rice and kimchi.", "key": ordered, "sequence": 3])
    #expect(later.status == 200)
    #expect(app.journal.text(soup)?.hasSuffix("kimchi.\n") == true)

    // A page that kept a text it sent asks for the key's entry: what it holds now, or nothing
    // for a key no create of which arrived (or one that is not a key).
    let asked = await app.ask("GET", "/api/created/" + ordered)
    #expect(asked.status == 200)
    #expect(Self.json(asked)["content"] as? String == "Soup\n\nHot, with rice and kimchi.\n", "\(Self.text(asked))")
    #expect(await app.ask("GET", "/api/created/k-00000000000000ff").status == 404)
    #expect(await app.ask("GET", "/api/created/short").status == 404)

    let files = app.journal.entryFiles()
    for bad in ["short", "has space in it", String(repeating: "k", count: 65)] {
      let refused = await app.write("POST", "/api/entries", ["content": "Other", "key": bad])
      #expect(refused.status == 400, "\(bad)")
    }
    #expect(app.journal.entryFiles() == files)
  }

  /// On this day's page groups the entries under "N years ago", newest first, as the terminal's
  /// `onthisday` and Day One do; every row of a list shows the entry's time.
  @Test func onThisDayGroupsEntriesByYearsAgo() async throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .seoul
    let now = calendar.dateComponents([.year, .month, .day], from: Date())
    func day(_ back: Int, _ time: String) -> String {
      String(format: "%04d-%02d-%02dT%@:00+09:00", (now.year ?? 0) - back, now.month ?? 0, now.day ?? 0, time)
    }
    // Four and eight years back: leap years both, should today be February 29.
    let app = try App(files: [
      "a.md": entry("A1B2C3D4-0000-4000-8000-00000000000A", day(4, "07:15"), "Four years back"),
      "b.md": entry("A1B2C3D4-0000-4000-8000-00000000000B", day(8, "21:40"), "Eight years back"),
      "c.md": entry("A1B2C3D4-0000-4000-8000-00000000000C", day(8, "06:05"), "Eight years back, morning"),
    ])
    let page = Self.text(await app.ask("GET", "/onthisday"))
    let four = try #require(page.range(of: "<h2 class=\"years-ago\">4 years ago</h2>"), "\(page)")
    let eight = try #require(page.range(of: "<h2 class=\"years-ago\">8 years ago</h2>"))
    #expect(four.lowerBound < eight.lowerBound)
    #expect(page.components(separatedBy: "class=\"years-ago\"").count == 3, "one heading a year")
    #expect(page.contains("07:15") && page.contains("21:40"), "rows show the time")
    // The home list has no such headings.
    #expect(!Self.text(await app.ask("GET", "/")).contains("years-ago"))
    // A journal with entries, none on this day in earlier years, says so, as the terminal does.
    let other = try App(files: [
      "a.md": entry(
        "A1B2C3D4-0000-4000-8000-00000000000D",
        String(format: "2020-%02d-15T09:00:00+09:00", (now.month ?? 0) % 12 + 1),
        "Another month")
    ])
    let empty = Self.text(await other.ask("GET", "/onthisday"))
    #expect(empty.contains("Nothing written on ") && empty.contains(" in earlier years."), "\(empty)")
    #expect(!empty.contains("Write the first one"))
  }

  /// An entry's page says where it was written (`location`, as Day One's import keeps it).
  @Test func anEntrysPageSaysWhereItWasWritten() async throws {
    let app = try App(files: [
      "2026/03/walk.md":
        "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\nlocation: Central Park, New York\n---\nWalk\n"
    ])
    let page = Self.text(await app.ask("GET", "/entry/" + Self.id))
    #expect(page.contains("<span class=\"place\">Central Park, New York</span>"), "\(page)")
    #expect(page.contains("09:00</time>"), "the time of day: \(page)")
  }

  /// An entry's pictures show in its page, served from `/file/ID/NAME`: only the files it links
  /// beside it, a picture as itself and anything else only as a download.
  @Test func anEntrysPicturesShowInItsPage() async throws {
    let jpeg = "0123456789abcdef0123456789abcdef.jpeg"
    let page = "fedcba9876543210fedcba9876543210.html"
    let app = try App(files: [
      "2026/03/walk.md": entry(Self.id, "2026-03-01T09:00:00+09:00", "Walk", body: "![](\(jpeg))\n\n[notes](\(page))"),
      "2026/03/other.md": entry("A1B2C3D4-0000-4000-8000-000000000002", "2026-03-02T09:00:00+09:00", "Other"),
    ])
    try app.journal.write("2026/03/" + jpeg, AttachTests.plainJPEG)
    try app.journal.write("2026/03/" + page, "<script>alert(1)</script>")
    try app.journal.write("2026/03/unlinked.jpeg", AttachTests.plainJPEG)
    let shown = Self.text(await app.ask("GET", "/entry/" + Self.id))
    #expect(shown.contains("<img loading=\"lazy\" src=\"/file/\(Self.id)/\(jpeg)?size=1600\" alt=\"\" />"), "\(shown)")
    let picture = await app.ask("GET", "/file/\(Self.id)/\(jpeg)")
    #expect(picture.status == 200)
    #expect(picture.body == AttachTests.plainJPEG)
    #expect(Self.header(picture, "Content-Type") == "image/jpeg")
    #expect(Self.header(picture, "Content-Security-Policy") != nil)
    // Kept an hour by the browser: its own Cache-Control, not joined by every reply's no-store.
    #expect(picture.headers.filter { $0.0.lowercased() == "cache-control" }.map(\.1) == ["private, max-age=3600"])
    let download = await app.ask("GET", "/file/\(Self.id)/\(page)")
    #expect(Self.header(download, "Content-Type") == "application/octet-stream")
    #expect(Self.header(download, "Content-Disposition")?.hasPrefix("attachment") == true)
    for target in [
      "/file/\(Self.id)/unlinked.jpeg", "/file/A1B2C3D4-0000-4000-8000-000000000002/\(jpeg)",
      "/file/\(Self.id)/..%2Fwalk.md", "/file/\(Self.id)/%2E%2E",
    ] {
      let refused = await app.ask("GET", target)
      #expect(refused.status == 404 || refused.status == 400, "\(target): \(refused.status)")
      #expect(refused.body != AttachTests.plainJPEG)
    }
    #expect(await app.ask("GET", "/file/\(Self.id)/\(jpeg)", token: false).status != 200)

    // The list shows a small copy of the first picture: upright, no larger than asked, and
    // without the photo's metadata.
    try app.journal.write("2026/03/" + jpeg, AttachTests.phoneJPEG)
    let list = Self.text(await app.ask("GET", "/"))
    let small = "/file/\(Self.id)/\(jpeg)?size=160"
    #expect(list.contains("<img class=\"row-picture\" src=\"\(small)\""), "\(list)")
    #expect(list.components(separatedBy: "row-picture").count == 2, "only the entry with a picture")
    let thumbnail = await app.ask("GET", small)
    #expect(Self.header(thumbnail, "Content-Type") == "image/jpeg")
    #expect(try PictureDecoder.decode(thumbnail.body) == PictureSize(width: 8, height: 16))
    #expect(!AttachTests.contains(thumbnail.body, AttachTests.latitude))
    let huge = await app.ask("GET", "/file/\(Self.id)/\(jpeg)?size=99999")
    #expect(try PictureDecoder.decode(huge.body) == PictureSize(width: 8, height: 16), "never enlarged")

    // Each copy is made once and kept in the journal's cache (a plain journal's, on disk).
    let cached = app.journal.snapshot().keys.filter { $0.hasPrefix(PictureCache.folder + "/") }
    #expect(cached.count == 2, "\(cached)")
    for file in cached { try app.journal.write(file, Array("kept".utf8)) }
    #expect(await app.ask("GET", small).body == Array("kept".utf8), "served from the cache")
  }

  /// A photo sent from the writing page waits, by its content's name, until a save links it;
  /// then it is beside the entry. Sent again it is the same file; a bad one is refused in the
  /// page's words with nothing kept; only this server's pages may send one.
  @Test func anUploadWaitsUntilASaveLinksItThenLivesBesideTheEntry() async throws {
    let app = try App()
    func upload(_ name: String, _ bytes: [UInt8], headers: [String: String] = [:]) async -> Reply {
      await app.ask(
        "POST", "/api/uploads?name=" + name,
        headers: [
          "X-Ilgi-Request": "1", "Origin": "http://" + Self.host, "Content-Type": "application/octet-stream",
        ].merging(headers) { $1 }, body: bytes)
    }
    let sent = await upload("IMG_1.jpg", AttachTests.phoneJPEG)
    #expect(sent.status == 201, "\(Self.text(sent))")
    let name = try #require(Self.json(sent)["name"] as? String)
    #expect(Self.json(sent)["link"] as? String == "![](\(name))")
    let again = await upload("IMG_1.jpg", AttachTests.phoneJPEG)
    #expect(Self.json(again)["name"] as? String == name)
    let waiting = app.journal.snapshot().keys.filter { $0.hasPrefix(".ilgi/cache/uploads/") }
    #expect(waiting == [".ilgi/cache/uploads/" + name], "\(waiting)")
    let stored = try #require(app.journal.bytes(".ilgi/cache/uploads/" + name))
    #expect(!AttachTests.contains(stored, AttachTests.latitude), "the position is gone")

    // A save that links it files it beside the entry.
    let page = Self.text(await app.ask("GET", "/write/" + Self.id))
    let version = try #require(page.firstMatch(of: /data-version="([^"]+)"/).map { String($0.output.1) })
    let saved = await app.write(
      "PUT", "/api/entries/" + Self.id, ["content": "Walk\n\n![](\(name))\n", "base": version, "settled": true])
    #expect(saved.status == 200, "\(Self.text(saved))")
    #expect(app.journal.bytes("2026/03/" + name) == stored)
    #expect(app.journal.bytes(".ilgi/cache/uploads/" + name) == nil)

    // Refused, in words, with nothing kept.
    let before = app.journal.snapshot()
    let fake = await upload("fake.jpg", Array("not a picture".utf8))
    #expect(fake.status == 422)
    #expect((Self.json(fake)["error"] as? String)?.contains("fake.jpg: its name says image/jpeg") == true)
    let other = await upload("IMG_2.jpg", AttachTests.plainJPEG, headers: ["Origin": "http://evil.example"])
    #expect(other.status == 403)
    #expect(app.journal.snapshot() == before)
    // The listener takes an upload larger than an entry only from someone let in.
    let asked = ServerRequest(
      method: "POST", target: "/api/uploads?name=a.jpg",
      headers: ["Host": Self.host, "X-Ilgi-Request": "1", "Origin": "http://" + Self.host])
    #expect(app.server.bodyLimit(for: asked) == nil, "no token")
    var withToken = asked
    withToken.headers["authorization"] = "Bearer " + Self.token
    #expect(app.server.bodyLimit(for: withToken) == AttachmentIntake.defaultLimit)
  }

  /// The list offers Undo for a deleted entry while it is in the trash: not after the undo, so
  /// a reload (or Back) of the `?deleted=` address does not offer it again.
  @Test func undoIsOfferedOnlyWhileTheEntryIsInTheTrash() async throws {
    let app = try App()
    let deleted = await app.write("DELETE", "/api/entries/" + Self.id, [:])
    let trash = try #require(Self.json(deleted)["trash"] as? String)
    let address = "/?deleted=" + (trash.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? trash)
    #expect(Self.text(await app.ask("GET", address)).contains("class=\"undo\""))
    #expect(await app.write("POST", "/api/restore", ["trash": trash]).status == 200)
    let again = await app.ask("GET", address)
    #expect(again.status == 200)
    #expect(!Self.text(again).contains("class=\"undo\""), "\(Self.text(again))")
  }

  /// An entry deleted elsewhere whose per-minute name another entry took since: deleting the
  /// first by id is "no such entry", and the other stays where it is.
  @Test func deletingAGoneIdNeverMovesTheEntryThatTookItsName() async throws {
    let app = try App()
    let path = "2026/03/2026-03-01-0900-walk.md"
    // The app has read the entry, so it knows where it is.
    #expect(await app.ask("GET", "/api/entries/" + Self.id).status == 200)
    let other = entry("B1B2C3D4-0000-4000-8000-000000000002", "2026-03-01T09:00:00+09:00", "Other walk")
    try app.journal.write(path, other)
    let deleted = await app.write("DELETE", "/api/entries/" + Self.id, [:])
    #expect(deleted.status == 404, "\(Self.text(deleted))")
    #expect(app.journal.text(path) == other)
  }

  /// Keep both joins the texts without conflict markers: two additions at the end are both
  /// texts, the file's first, clean to save; two changes of one line are both versions, one
  /// after the other, not clean (the person sees them before saving).
  @Test func keepBothNeverWritesConflictMarkers() async throws {
    let app = try App()
    let ends = await app.write(
      "POST", "/api/merge",
      ["base": "Day\n\nMorning.\n", "mine": "Day\n\nMorning.\nMine.\n", "theirs": "Day\n\nMorning.\nTheirs.\n"])
    #expect(Self.json(ends)["content"] as? String == "Day\n\nMorning.\nTheirs.\nMine.\n", "\(Self.text(ends))")
    #expect(Self.json(ends)["clean"] as? Bool == true)
    let same = await app.write(
      "POST", "/api/merge", ["base": "Day\n\nRain.\n", "mine": "Day\n\nSnow.\n", "theirs": "Day\n\nSun.\n"])
    let text = try #require(Self.json(same)["content"] as? String)
    #expect(Self.json(same)["clean"] as? Bool == false)
    #expect(text.contains("Snow.") && text.contains("Sun.") && !text.contains("<<<<<<<") && !text.contains(">>>>>>>"))
  }

  /// A delete and a save of one entry at once are taken in order: a save that says it saved
  /// was first, and its text is what the delete put in the trash; a save after the delete is
  /// "no such entry". Twenty rounds, each a fresh entry.
  @Test func aDeleteRacingASaveNeverLosesTheSavedText() async throws {
    let app = try App()
    for round in 0..<20 {
      let made = await app.write("POST", "/api/entries", ["content": "Round \(round)\n\nFirst."])
      let id = try #require(Self.json(made)["id"] as? String)
      let version = try #require(Self.json(made)["version"] as? String)
      let text = "Round \(round)\n\nSaved while deleted."
      async let save = app.write("PUT", "/api/entries/" + id, ["content": text, "base": version])
      async let delete = app.write("DELETE", "/api/entries/" + id, [:])
      let (saved, deleted) = await (save, delete)
      #expect(deleted.status == 200)
      let trash = try #require(Self.json(deleted)["trash"] as? String)
      let trashed = app.journal.text(".ilgi/trash/" + trash) ?? ""
      if saved.status == 200 {
        #expect(trashed.contains("Saved while deleted."), "round \(round)")
      } else {
        #expect(saved.status == 404, "round \(round): \(Self.text(saved))")
        #expect(!trashed.contains("Saved while deleted."), "round \(round)")
      }
    }
  }

  /// A save changes only what was edited: an entry with tags inline in its text and a blank
  /// line after its front matter keeps both as they were; only the typed words are new.
  @Test func aSaveChangesOnlyWhatWasEdited() async throws {
    let path = "2026/03/2026-03-01-0900-walk.md"
    let original = "---\nid: \(Self.id)\ndate: 2026-03-01T09:00:00+09:00\n---\n\nWalk\n\nBy the river #test #ilgi\n"
    let app = try App(files: [path: original])
    let loaded = Self.json(await app.ask("GET", "/api/entries/" + Self.id))
    let content = try #require(loaded["content"] as? String)
    let tags = try #require(loaded["tags"] as? String)
    let version = try #require(loaded["version"] as? String)
    let saved = await app.write(
      "PUT", "/api/entries/" + Self.id,
      ["content": content.replacingOccurrences(of: "river", with: "river, slowly"), "tags": tags, "base": version])
    #expect(saved.status == 200, "\(Self.text(saved))")
    #expect(app.journal.text(path) == original.replacingOccurrences(of: "river", with: "river, slowly"))
  }
}
