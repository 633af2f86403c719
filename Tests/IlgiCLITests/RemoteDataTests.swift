import Foundation
import IlgiAge
import IlgiFormat
import IlgiStore
import IlgiSystem
import IlgiTestSupport
import Testing

/// What arrives from a git remote is data, never orders. In each test a second clone pushes
/// what someone who controls the remote could (with git alone, as they would), the owner's
/// clone runs `ilgi sync` and goes on writing, and nothing the push said runs, sends, keeps
/// or leads anywhere.
@Suite struct RemoteDataTests {
  /// The owner's journal `a` after a sync that brought `files` (and `links`: path to target),
  /// committed and pushed from the clone `b` by git alone.
  static func pushed(
    _ files: [String: String], links: [String: String] = [:], encrypted: Bool = false,
    editing edit: (String) throws -> Void = { _ in }
  ) throws -> (h: Harness, a: String, b: String, sync: IlgiProcess.Result) {
    var (h, a, b) = try GitTests.twoClones()
    h.environment["ILGI_JOURNAL"] = a
    if encrypted {
      h.environment["XDG_RUNTIME_DIR"] = h.journal.base + "/runtime"
      try FileManager.default.createDirectory(atPath: h.journal.base + "/runtime", withIntermediateDirectories: true)
      #expect(h.call("init", "--encrypt", a).status == 0)
      #expect(h.call("new", "--no-weather", "--date", "2026-11-01T08:00", "Sealed before").status == 0)
      #expect(h.call("sync").status == 0)
    }
    try GitTests.git(h, "pull", "--quiet", in: b)
    try edit(b)
    for (path, text) in files {
      let file = b + "/" + path
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    for (path, target) in links {
      let file = b + "/" + path
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
    }
    try GitTests.git(h, "add", "-A", in: b)
    try GitTests.git(h, "commit", "--quiet", "--allow-empty", "-m", "what the remote wants", in: b)
    try GitTests.git(h, "push", "--quiet", in: b)
    let sync = h.call("sync")
    return (h, a, b, sync)
  }

  @Test func aPushedEditorNeverRunsAndIsNamedOnce() throws {
    let ran = NSTemporaryDirectory() + "ilgi-ran-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: ran) }
    let (h, a, _, sync) = try Self.pushed([
      ".ilgi/config.toml": "editor = \"sh -c 'touch \(ran); printf Theirs > \\\"$1\\\"' sh\"\n"
    ])
    #expect(sync.status == 0, "\(sync.stderr)")
    let mine = try h.editor("printf 'Mine\\n\\nwritten in my editor\\n' > \"$1\"\n")
    let made = try h.run("new", "--no-weather", "--edit", env: ["EDITOR": mine])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(!FileManager.default.fileExists(atPath: ran), "the remote's editor ran")
    let text = try String(contentsOfFile: a + "/" + made.stdout.trimmingCharacters(in: .newlines), encoding: .utf8)
    #expect(text.contains("Mine"), "\(text)")
    let warnings = made.stderr.split(separator: "\n").filter { $0.contains("`editor`") }
    #expect(warnings.count == 1, "\(made.stderr)")
    #expect(warnings.first?.contains("this device's own setting") == true)
  }

  @Test func aPushedConfigNeitherRunsNorSendsNorKeeps() throws {
    let theirs = try WeatherStubServer(answers: [
      ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current())),
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
    ])
    defer { theirs.stop() }
    let mine = try WeatherStubServer(answers: [("/v1/forecast", .body(status: 200, WeatherStubAnswers.current()))])
    defer { mine.stop() }
    let config = """
      editor = "true"
      raw_html = true
      locale = "en"
      [weather]
      place = "Somewhere"
      latitude = 1.5
      longitude = 2.5
      url = "\(theirs.baseURL)"
      geocoding_url = "\(theirs.baseURL)"
      archive_url = "\(theirs.baseURL)"
      provider = "openweathermap"
      key = "theirs"
      [attachments]
      keep_location = true
      [app]
      offline = true
      offline_entries = 5000
      """
    var (h, _, _, sync) = try Self.pushed([
      ".ilgi/config.toml": config + "\n",
      "2026/11/script.md": "---\nid: 5C21A4D2-0000-4000-8000-000000000001\ndate: 2026-11-20T10:00:00+09:00\n---\n"
        + "Script\n\n<script>alert(1)</script>\n",
    ])
    #expect(sync.status == 0, "\(sync.stderr)")
    h.environment["ILGI_WEATHER_LATITUDE"] = "37.5"
    h.environment["ILGI_WEATHER_LONGITUDE"] = "127.0"
    h.environment["ILGI_WEATHER_URL"] = mine.baseURL
    h.environment["ILGI_WEATHER_TIMEOUT"] = "10"

    // The weather is asked of this device's service, never the remote's.
    // A process of its own: in this one the test pool may be too busy to start the request.
    let made = try h.run("new", "Weather here")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(theirs.requests.isEmpty, "\(theirs.requests.map(\.target))")
    #expect(!mine.requests.isEmpty)
    // One warning for each key the journal's file may not set, naming it.
    for key in [
      "editor", "raw_html", "weather.place", "weather.url", "weather.key", "attachments.keep_location", "app.offline",
      "app.offline_entries",
    ] {
      #expect(made.stderr.components(separatedBy: "`\(key)`").count == 2, "\(key): \(made.stderr)")
    }
    #expect(!made.stderr.contains("`locale`"), "the journal's language is the journal's")

    // A photo's place is removed, as this device says.
    let photo = h.journal.base + "/IMG_0001.jpg"
    try Data(AttachTests.phoneJPEG).write(to: URL(fileURLWithPath: photo))
    #expect(h.call("attach", "last", photo).status == 0)
    let stored = try #require(
      FileManager.default.subpaths(atPath: h.environment["ILGI_JOURNAL"]!)?.first { $0.hasSuffix(".jpeg") })
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: h.environment["ILGI_JOURNAL"]! + "/" + stored)))
    #expect(!AttachTests.contains(bytes, AttachTests.latitude), "the position was kept")

    // No script reaches rendered HTML.
    let html = h.call("show", "--html", "2026/11/script.md")
    #expect(html.status == 0, "\(html.stderr)")
    #expect(!html.stdout.contains("<script>"), "\(html.stdout)")

    // `config` says where each comes from: none from the journal's file.
    let listed = h.call("config", "list", "--json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
    for (key, value) in object where !(value is NSNull) {
      let setting = try #require(value as? [String: Any])
      let source = setting["source"] as? String ?? ""
      let scope = setting["scope"] as? String
      #expect(scope == (ConfigKey(rawValue: key)?.isDeviceOnly == true ? "device" : "journal"), "\(key)")
      if scope == "device" { #expect(!source.hasPrefix("journal config"), "\(key) came from \(source)") }
    }
  }

  @Test func aPushedAppNeverReplacesTheBinarysApp() throws {
    let script = "document.body.textContent = 'the remote was here';\n"
    let (h, a, _, sync) = try Self.pushed([
      ".ilgi/templates/app.js": script, ".ilgi/templates/app-sw.js": script,
      ".ilgi/templates/app-page.html": "<html><script>\(script)</script></html>",
      ".ilgi/templates/search-query.js": script, ".ilgi/templates/site-search.js": script,
      ".ilgi/templates/site.css": "body { color: red }\n",
    ])
    #expect(sync.status == 0, "\(sync.stderr)")
    let templates = TemplateRenderer(overrideFolder: a + "/" + JournalLayout.templatesFolder)
    for name in ["app.js", "app-sw.js", "app-page.html", "search-query.js", "site-search.js"] {
      let source = try templates.source(name)
      #expect(source.path == nil && source.text == TemplateRenderer.shipped(name), "\(name) came from the journal")
    }
    #expect(try templates.source("site.css").path != nil, "a site's style is the journal's to shape")
    // `ilgi templates` offers only what a journal may shape.
    let listed = h.call("templates").stdout
    #expect(listed.contains("site.css") && listed.contains("new-entry.md"))
    #expect(!listed.contains("app") && !listed.contains(".js"), "\(listed)")
    #expect(h.call("templates", "copy", "app.js").status == 64)
  }

  @Test func aPushedFolderLinkLeadsNoWriteOutOfTheJournal() throws {
    let outside = NSTemporaryDirectory() + "ilgi-outside-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    let (h, a, _, sync) = try Self.pushed([:], links: ["2025/12": outside])
    #expect(sync.status == 0, "\(sync.stderr)")
    let made = h.call("new", "--no-weather", "--date", "2025-12-05T09:00", "December")
    #expect(made.status != 0)
    #expect(made.stderr.contains("2025/12 is a link"), "\(made.stderr)")
    #expect(made.stderr.split(separator: "\n").count == 1, "\(made.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "a file was written outside")
    // The same for an entry with a photo in that month.
    let photo = h.journal.base + "/p.jpg"
    try Data(AttachTests.plainJPEG).write(to: URL(fileURLWithPath: photo))
    #expect(h.call("new", "--no-weather", "--date", "2025-12-06T09:00", "--attach", photo, "Photo").status != 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    // Another month is written as ever.
    #expect(h.call("new", "--no-weather", "--date", "2025-11-05T09:00", "November").status == 0)
    #expect(try GitTests.titles(h, a).contains("November"))
  }

  @Test func aPushedFileLinkIntoGitIsNoEntryAndIsNeverSaved() throws {
    let (h, a, _, sync) = try Self.pushed(
      [:], links: ["2026/10/x.md": "../../.git/config", "2026/10/y.md": "/etc/hostname"])
    #expect(sync.status == 0, "\(sync.stderr)")
    let gitConfig = try String(contentsOfFile: a + "/.git/config", encoding: .utf8)
    #expect(try !GitTests.titles(h, a).contains { $0.contains("core") || $0.contains("[") })
    let doctor = h.call("doctor")
    #expect(doctor.status != 0)
    #expect(doctor.stdout.contains("2026/10/x.md") || doctor.stderr.contains("2026/10/x.md"), "\(doctor.stdout)")
    // Neither `edit` nor `show` opens it, and the link stays a link to what it was.
    let editor = try h.editor("printf 'changed\\n' >> \"$1\"\n")
    #expect(h.call("edit", "2026/10/x.md", env: ["EDITOR": editor]).status != 0)
    #expect(h.call("show", "2026/10/x.md").status != 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: a + "/2026/10/x.md") == "../../.git/config")
    #expect(try String(contentsOfFile: a + "/.git/config", encoding: .utf8) == gitConfig)
  }

  @Test func lowOrderRecipientsAreRefusedEverywhereAndNothingTraps() throws {
    let zero = "age1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq5cu47z"
    // The key pushed in the journal's list, where anyone could open what is sealed to it.
    let (h, a, _, sync) = try Self.pushed([:], encrypted: true) { b in
      let config = b + "/.ilgi/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      try text.replacingOccurrences(of: "recipients = \"", with: "recipients = \"\(zero) ")
        .write(toFile: config, atomically: true, encoding: .utf8)
    }
    #expect(sync.status == 0, "\(sync.stderr)")
    let added = h.call("key", "add", zero)
    #expect(added.status == 64)
    #expect(added.stderr.contains("low-order point"), "\(added.stderr)")
    // This device goes on sealing to what it accepted; the pushed list cannot be accepted.
    let made = h.call("new", "--no-weather", "--date", "2026-11-20T08:00", "After the push")
    #expect(made.status == 0, "\(made.stderr)")
    let path = a + "/" + made.stdout.trimmingCharacters(in: .newlines)
    #expect(AgeFile.recipientCount(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) == 1)
    let accept = h.call("key", "accept")
    #expect(accept.status == 65 && accept.stderr.contains("encryption.recipients"), "\(accept.stderr)")
    // A new device, which has accepted nothing: its writes stop with a message, never a trap.
    let c = h.journal.base + "/c"
    try GitTests.git(h, "clone", "--quiet", h.journal.base + "/remote.git", c, in: h.journal.base)
    let before = try FileManager.default.subpathsOfDirectory(atPath: c).filter { !$0.hasPrefix(".") }
    let refused = try h.run("new", "--no-weather", "On a new device", env: ["ILGI_JOURNAL": c])
    #expect(refused.status == 65, "\(refused.status) \(refused.stderr)")
    #expect(refused.stderr.contains("encryption.recipients"), "\(refused.stderr)")
    #expect(try FileManager.default.subpathsOfDirectory(atPath: c).filter { !$0.hasPrefix(".") } == before)
  }

  /// Tags written each way an entry may: a flow list, a block list, and inline `#tags`.
  @Test(arguments: ["flow", "block", "inline"])
  func anEntryOfAHundredThousandTagsIsReadInLinearTime(_ form: String) throws {
    let names = (0..<100_000).map { "t\($0)" }
    let front = "---\nid: 7A9D2C10-0000-4000-8000-000000000001\ndate: 2026-11-20T10:00:00+09:00\n"
    let text: String
    switch form {
    case "flow": text = front + "tags: [\(names.joined(separator: ", "))]\n---\nMany tags\n"
    case "block": text = front + "tags:\n" + names.map { "  - \($0)\n" }.joined() + "---\nMany tags\n"
    default: text = front + "---\nMany tags\n\n" + names.map { "#" + $0 }.joined(separator: " ") + "\n"
    }
    let start = Date()
    let (h, _, _, sync) = try Self.pushed(["2026/11/many.md": text])
    #expect(sync.status == 0, "\(sync.stderr)")
    let listed = h.call("list", "--tag", "t99999")
    #expect(listed.status == 0 && listed.stdout.contains("Many tags"), "\(form): \(listed.stdout) \(listed.stderr)")
    #expect(h.call("show", "2026/11/many.md").status == 0)
    #expect(Date().timeIntervalSince(start) < 20, "\(form): \(Date().timeIntervalSince(start)) s")
  }

  @Test func pushedAttributesNeitherRunAFilterNorChangeTheBytes() throws {
    let ran = NSTemporaryDirectory() + "ilgi-filter-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: ran) }
    let pushedEntry =
      "---\nid: 3E1B0A52-0000-4000-8000-000000000001\ndate: 2026-11-19T10:00:00+09:00\n---\nPushed\n\nline\n"
    var (h, a, _, sync) = try Self.pushed([
      ".gitattributes": "*.md filter=evil eol=crlf\n*.md.age filter=evil\n*.jpeg filter=lfs diff=lfs merge=lfs -text\n",
      "2026/11/pushed.md": pushedEntry,
    ])
    #expect(sync.status == 0, "\(sync.stderr)")
    // A filter the person's own git config defines (as git-lfs does) never sees the journal.
    let filter = "touch '\(ran)'; cat"
    try GitTests.git(h, "config", "--global", "filter.evil.clean", filter, in: a)
    try GitTests.git(h, "config", "--global", "filter.evil.smudge", filter, in: a)
    h.environment["ILGI_JOURNAL"] = a
    let made = h.call("new", "--no-weather", "--date", "2026-11-20T08:00", "After the push\n\nline one\nline two")
    #expect(made.status == 0, "\(made.stderr)")
    let path = made.stdout.trimmingCharacters(in: .newlines)
    #expect(!FileManager.default.fileExists(atPath: ran), "the pushed filter ran")
    #expect(
      try GitTests.git(h, "show", "HEAD:" + path, in: a) == String(contentsOfFile: a + "/" + path, encoding: .utf8))
    // A file checked out again keeps its bytes: no CRLF.
    try FileManager.default.removeItem(atPath: a + "/2026/11/pushed.md")
    try GitTests.git(h, "checkout", "--", "2026/11/pushed.md", in: a)
    #expect(try String(contentsOfFile: a + "/2026/11/pushed.md", encoding: .utf8) == pushedEntry)
    #expect(!FileManager.default.fileExists(atPath: ran), "the pushed filter ran")
    // doctor names each line.
    let doctor = h.call("doctor")
    #expect(doctor.status != 0)
    for line in 1...3 { #expect(doctor.stdout.contains(".gitattributes:\(line): "), "\(doctor.stdout)") }
  }

  /// A key of someone else's, made by age itself: (identity file, recipient).
  static func outsider(in folder: String) throws -> (String, String) {
    let file = folder + "/outsider.txt"
    _ = try ChildProcess.run([try TestTools.ageKeygen, "-o", file])
    let recipient = try ChildProcess.run([try TestTools.ageKeygen, "-y", file]).stdout
    return (file, recipient.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Whether age opens the journal file at `path` with the identity file `key`.
  static func opens(_ path: String, with key: String) throws -> Bool {
    try ChildProcess.run([try TestTools.age, "-d", "-i", key, path]).status == 0
  }

  @Test func aPushedRecipientIsNotSealedToUntilAccepted() throws {
    let keys = NSTemporaryDirectory() + "ilgi-outsider-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: keys) }
    let (key, recipient) = try Self.outsider(in: keys)
    let (h, a, _, sync) = try Self.pushed([:], encrypted: true) { b in
      let config = b + "/.ilgi/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      try text.replacingOccurrences(of: "recipients = \"", with: "recipients = \"\(recipient) ")
        .write(toFile: config, atomically: true, encoding: .utf8)
    }
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("recipients changed elsewhere (+ \(recipient))"), "\(sync.stderr)")
    let made = h.call("new", "--no-weather", "--date", "2026-11-20T08:00", "After the push")
    #expect(made.status == 0, "\(made.stderr)")
    let path = a + "/" + made.stdout.trimmingCharacters(in: .newlines)
    #expect(path.hasSuffix(".md.age"))
    #expect(AgeFile.recipientCount(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) == 1)
    #expect(try !Self.opens(path, with: key), "the pushed key opens what the owner wrote")
    #expect(h.call("sync").status == 0)
    let doctor = h.call("doctor")
    #expect(doctor.status == 1 && doctor.stdout.contains("ilgi key accept"), "\(doctor.stdout)")

    // Accepted by the person: shown, then used.
    let accepted = h.call("key", "accept")
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout.hasPrefix("+ \(recipient)\n"), "\(accepted.stdout)")
    let after = h.call("new", "--no-weather", "--date", "2026-11-21T08:00", "After accepting")
    let second = a + "/" + after.stdout.trimmingCharacters(in: .newlines)
    #expect(try Self.opens(second, with: key))
    #expect(h.call("doctor").status == 0)
  }

  @Test func aListRemovedByAPushNeverTurnsTheJournalPlain() throws {
    let (h, _, _, sync) = try Self.pushed([:], encrypted: true) { b in
      let config = b + "/.ilgi/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("recipients") }
      try kept.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
    }
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("recipients changed elsewhere"), "\(sync.stderr)")
    // The device that synced before keeps sealing to what it accepted.
    let made = h.call("new", "--no-weather", "--date", "2026-11-20T08:00", "Still sealed")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.trimmingCharacters(in: .newlines).hasSuffix(".md.age"), "\(made.stdout)")
    #expect(h.call("sync").status == 0)
    // A new device learns it was sealed from the files and the history before it writes.
    let c = h.journal.base + "/c"
    try GitTests.git(h, "clone", "--quiet", h.journal.base + "/remote.git", c, in: h.journal.base)
    _ = h.call("init", c, env: ["ILGI_JOURNAL": c])
    let before = try FileManager.default.subpathsOfDirectory(atPath: c).filter { !$0.hasPrefix(".") }
    let plain = h.call("new", "--no-weather", "--date", "2026-11-22T08:00", "On a new device", env: ["ILGI_JOURNAL": c])
    #expect(plain.status != 0)
    #expect(
      plain.stderr.contains("lists no encryption.recipients, but the journal holds encrypted entries"),
      "\(plain.stderr)")
    #expect(try FileManager.default.subpathsOfDirectory(atPath: c).filter { !$0.hasPrefix(".") } == before)
    // With every sealed file deleted too, the history still says so.
    try GitTests.git(h, "rm", "--quiet", "-r", "2026", in: c)
    try GitTests.git(h, "commit", "--quiet", "-m", "gone", in: c)
    let d = h.journal.base + "/d"
    try GitTests.git(h, "clone", "--quiet", c, d, in: h.journal.base)
    let fresh = h.call("new", "--no-weather", "On a fourth device", env: ["ILGI_JOURNAL": d])
    #expect(fresh.status != 0)
    #expect(fresh.stderr.contains("its history lists them"), "\(fresh.stderr)")
  }

  @Test func aPushedLinkForIlgisOwnFolderOpensNothingAndIsNamed() throws {
    let victim = NSTemporaryDirectory() + "ilgi-victim-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: victim + "/2026/11", withIntermediateDirectories: true)
    try "kept\n".write(toFile: victim + "/2026/11/photo.md", atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: victim) }
    let (h, _, _, sync) = try Self.pushed([:], links: [".ilgi/trash": victim])
    #expect(sync.stderr.contains("the sync brought .ilgi/trash, a link to \(victim)"), "\(sync.stderr)")
    for command in [["trash", "empty", "--yes"], ["delete", "--yes", "last"], ["list"], ["encrypt"]] {
      let result = InProcess.run(command, environment: h.environment, directory: h.journal.base)
      #expect(result.status == 65, "\(command)")
      #expect(result.stderr.contains(".ilgi/trash is a link"), "\(command): \(result.stderr)")
    }
    #expect(try String(contentsOfFile: victim + "/2026/11/photo.md", encoding: .utf8) == "kept\n")
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: victim).sorted() == ["2026", "2026/11", "2026/11/photo.md"])
  }

  @Test func aSealedJournalsSiteIsMadeFromIlgisTemplatesAlone() throws {
    let marker = "REMOTE-TEMPLATE"
    let page =
      "<html><body>\(marker) <meta http-equiv=refresh content=\"0;url=http://127.0.0.1:9/?{{title}}\"></body></html>"
    let (h, a, _, sync) = try Self.pushed(
      [
        ".ilgi/templates/site-page.html": page,
        ".ilgi/templates/new-entry.md": "{{date}}\n\nFrom the journal's template\n",
      ],
      links: [".ilgi/templates/site.css": "/etc/hostname"], encrypted: true)
    #expect(sync.status == 0, "\(sync.stderr)")
    let out = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", out).status == 0)
    let pages = try FileManager.default.subpathsOfDirectory(atPath: out).filter { $0.hasSuffix(".html") }
    #expect(!pages.isEmpty)
    for name in pages {
      #expect(try !String(contentsOfFile: out + "/" + name, encoding: .utf8).contains(marker), "\(name)")
    }
    let hostname = try String(contentsOfFile: "/etc/hostname", encoding: .utf8)
    for name in try FileManager.default.subpathsOfDirectory(atPath: out) where name.hasSuffix(".css") {
      #expect(try String(contentsOfFile: out + "/" + name, encoding: .utf8) != hostname)
    }
    // The journal's template of a new entry is its own: it shapes the text, which stays sealed.
    let editor = try h.editor("printf 'and a line of mine\\n' >> \"$1\"\n")
    let made = try h.run("new", "--no-weather", "--edit", env: ["EDITOR": editor])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      h.call("show", "--raw", made.stdout.trimmingCharacters(in: .newlines)).stdout.contains(
        "From the journal's template"))
    _ = a
  }

  @Test func aJournalWhoseGitIsALinkStillKeepsItsAcceptedList() throws {
    let (h, a, _, sync) = try Self.pushed([:], encrypted: true) { _ in }
    #expect(sync.status == 0)
    // The owner keeps .git elsewhere, as some backups do.
    let moved = h.journal.base + "/a-git"
    try FileManager.default.moveItem(atPath: a + "/.git", toPath: moved)
    try FileManager.default.createSymbolicLink(atPath: a + "/.git", withDestinationPath: moved)
    #expect(AcceptedRecipients(root: a)?.load()?.count == 1)
  }

  @Test func aKeyRemovedOnAnotherDeviceIsLetGoAtOnceAndAPushedListCanBeRejected() throws {
    let keys = NSTemporaryDirectory() + "ilgi-lost-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: keys) }
    let (lost, lostRecipient) = try Self.outsider(in: keys)
    // The owner's journal lists a second device's key; the other clone removes it (the device
    // was lost) and pushes.
    let (h, a, _, _) = try Self.pushed([:], encrypted: true)
    #expect(h.call("key", "add", lostRecipient).status == 0)
    #expect(h.call("sync").status == 0)
    let b = h.journal.base + "/b"
    try GitTests.git(h, "pull", "--quiet", in: b)
    let config = b + "/.ilgi/config.toml"
    let text = try String(contentsOfFile: config, encoding: .utf8)
    try text.replacingOccurrences(of: " " + lostRecipient, with: "").write(
      toFile: config, atomically: true, encoding: .utf8)
    try GitTests.git(h, "commit", "--quiet", "-am", "key remove", in: b)
    try GitTests.git(h, "push", "--quiet", in: b)
    let sync = h.call("sync")
    #expect(sync.status == 0 && !sync.stderr.contains("key accept"), "\(sync.stderr)")
    let made = h.call("new", "--no-weather", "After the removal")
    let path = a + "/" + made.stdout.trimmingCharacters(in: .newlines)
    #expect(try !Self.opens(path, with: lost), "the removed key still opens what is written here")

    // A pushed list that adds a key is rejected: the owner's list goes back in, and is synced.
    try GitTests.git(h, "pull", "--quiet", in: b)
    let again = try String(contentsOfFile: config, encoding: .utf8)
    try again.replacingOccurrences(of: "recipients = \"", with: "recipients = \"\(lostRecipient) ")
      .write(toFile: config, atomically: true, encoding: .utf8)
    try GitTests.git(h, "commit", "--quiet", "-am", "add mine", in: b)
    try GitTests.git(h, "push", "--quiet", in: b)
    #expect(h.call("sync").stderr.contains("ilgi key reject"))
    let rejected = h.call("key", "reject")
    #expect(rejected.status == 0, "\(rejected.stderr)")
    #expect(h.call("sync").status == 0)
    try GitTests.git(h, "pull", "--quiet", in: b)
    #expect(try !String(contentsOfFile: config, encoding: .utf8).contains(lostRecipient))
    // What was pushed before the removal, sealed to the lost key too (a removal made by hand,
    // not by `ilgi key remove`, which seals every file again), is named until it is resealed.
    let doctor = h.call("doctor")
    #expect(doctor.status == 1 && doctor.stdout.contains("sealed for 2 X25519, where the journal lists 1 X25519"))
    #expect(h.call("key", "reseal").status == 0)
    #expect(h.call("doctor").status == 0)
  }

  @Test func aListEmptiedElsewhereIsAcceptedOnlyWithPlain() throws {
    let (h, _, _, sync) = try Self.pushed([:], encrypted: true) { b in
      let config = b + "/.ilgi/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("recipients") }
      try kept.joined(separator: "\n").write(toFile: config, atomically: true, encoding: .utf8)
    }
    #expect(sync.status == 0)
    let asked = h.call("key", "accept")
    #expect(asked.status == 1 && asked.stderr.contains("ilgi key accept --plain"), "\(asked.stderr)")
    // ilgi encrypt does not make a list of this device's own meanwhile.
    #expect(h.call("encrypt").status != 0)
  }

  @Test func aDeviceSettingLeftInAJournalsFileIsRemovedByUnset() throws {
    let (h, a, _, sync) = try Self.pushed([".ilgi/config.toml": "editor = \"vim\"\nsite.title = \"River\"\n"])
    #expect(sync.status == 0)
    let unset = h.call("config", "unset", "editor")
    #expect(unset.status == 0, "\(unset.stderr)")
    #expect(try String(contentsOfFile: a + "/.ilgi/config.toml", encoding: .utf8) == "site.title = \"River\"\n")
    #expect(!h.call("list").stderr.contains("`editor`"))
  }

  @Test func doctorNamesAFolderThatIsALink() throws {
    let outside = NSTemporaryDirectory() + "ilgi-outside-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    let (h, _, _, sync) = try Self.pushed([:], links: ["2025/12": outside])
    #expect(sync.stderr.contains("the sync brought 2025/12, a link to \(outside)"), "\(sync.stderr)")
    let doctor = h.call("doctor")
    #expect(
      doctor.status == 1 && doctor.stdout.contains("2025/12: a folder that is a link (to \(outside))"),
      "\(doctor.stdout)")
  }

  /// Another device that had not heard of a `key remove` pushed a file sealed to the removed
  /// key too: the sync that brings it seals it again, in a commit of its own, before the push.
  @Test func aFileThatArrivesSealedToARemovedKeyIsSealedAgainBySync() throws {
    let keys = NSTemporaryDirectory() + "ilgi-removed-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: keys) }
    let (removed, removedRecipient) = try Self.outsider(in: keys)
    let (h, a, b, _) = try Self.pushed([:], encrypted: true)
    let own = h.call("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try GitTests.git(h, "pull", "--quiet", in: b)
    let text =
      "---\nid: 5E11A1ED-0000-4000-8000-000000000001\ndate: 2026-11-21T08:00:00+09:00\n---\nFrom the old phone\n"
    _ = try ChildProcess.run(
      [try TestTools.age, "-r", own, "-r", removedRecipient, "-o", b + "/2026/11/2026-11-21-0800-5e11a1.md.age"],
      input: Array(text.utf8))
    try GitTests.git(h, "add", "-A", in: b)
    try GitTests.git(h, "commit", "--quiet", "-m", "from the old phone", in: b)
    try GitTests.git(h, "push", "--quiet", in: b)
    let sync = h.call("sync")
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("1 file was sealed to other keys"), "\(sync.stderr)")
    let file = a + "/2026/11/2026-11-21-0800-5e11a1.md.age"
    #expect(try !Self.opens(file, with: removed))
    #expect(try GitTests.subjects(h, in: a).first == "ilgi: seal 1 file to the journal's keys")
    try GitTests.git(h, "pull", "--quiet", in: b)
    #expect(try !Self.opens(b + "/2026/11/2026-11-21-0800-5e11a1.md.age", with: removed))
    #expect(h.call("doctor").status == 0)
  }

  /// Three devices, each with its own key, every one of them ilgi: the phone writes an entry
  /// while the laptop removes the tablet's key (a tablet lost). The phone's next sync brings the
  /// removal and seals its entry again, before its push, to the keys left; the laptop then gets
  /// it, and the lost tablet's key opens nothing written since. `ilgi doctor` is quiet on both.
  @Test func aKeyRemovedOnOneDeviceTravelsToWhatAnotherWroteMeanwhile() throws {
    let keys = NSTemporaryDirectory() + "ilgi-devices-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: keys + "/phone", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: keys + "/tablet", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: keys) }
    let (phoneKey, phone) = try Self.outsider(in: keys + "/phone")
    let (tabletKey, tablet) = try Self.outsider(in: keys + "/tablet")
    let (h, a, b, _) = try Self.pushed([:], encrypted: true)
    let laptopKey = EncryptionTests.identityFile(h)
    let c = h.journal.base + "/c"
    try GitTests.git(h, "clone", "--quiet", h.journal.base + "/remote.git", c, in: h.journal.base)
    func on(_ journal: String, _ key: String, _ arguments: String...) -> IlgiProcess.Result {
      InProcess.run(
        arguments, environment: h.environment.merging(["ILGI_JOURNAL": journal, "ILGI_IDENTITY": key]) { $1 },
        directory: h.journal.base)
    }
    #expect(h.call("key", "add", phone).status == 0)
    #expect(h.call("key", "add", tablet).status == 0)
    #expect(h.call("sync").status == 0)
    // The phone's clone had accepted the laptop's key alone: its owner accepts the two new.
    #expect(on(b, phoneKey, "sync").status == 0)
    #expect(on(b, phoneKey, "key", "accept").status == 0)
    #expect(on(c, tabletKey, "sync").status == 0)
    #expect(on(c, tabletKey, "list").stdout.contains("Sealed before"), "the tablet cannot read the journal")

    // The phone writes, not yet synced; meanwhile the laptop lets the tablet go.
    let written = on(b, phoneKey, "new", "--no-weather", "--date", "2026-11-22T09:00", "From the phone meanwhile")
    #expect(written.status == 0, "\(written.stderr)")
    let path = written.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try Self.opens(b + "/" + path, with: tabletKey), "the phone sealed it to the tablet too, as it knew")
    #expect(h.call("key", "remove", tablet).status == 0)
    #expect(h.call("sync").status == 0)

    let phoneSync = on(b, phoneKey, "sync")
    #expect(phoneSync.status == 0, "\(phoneSync.stderr)")
    #expect(phoneSync.stderr.contains("1 file was sealed to other keys"), "\(phoneSync.stderr)")
    #expect(try !Self.opens(b + "/" + path, with: tabletKey))
    #expect(h.call("sync").status == 0)
    #expect(try Self.opens(a + "/" + path, with: laptopKey) && Self.opens(a + "/" + path, with: phoneKey))
    #expect(try !Self.opens(a + "/" + path, with: tabletKey), "the removed key opens what the phone wrote")
    let remote = try GitTests.git(h, "show", "HEAD:" + path, in: h.journal.base + "/remote.git")
    #expect(!remote.isEmpty)
    for (journal, key) in [(a, laptopKey), (b, phoneKey)] {
      let doctor = on(journal, key, "doctor")
      #expect(doctor.status == 0, "\(journal): \(doctor.stdout)\(doctor.stderr)")
    }
    // The tablet, synced, reads what was there before and none of what came after.
    #expect(on(c, tabletKey, "sync").status == 0)
    #expect(try !Self.opens(c + "/" + path, with: tabletKey))
  }

  /// A pushed link where ilgi reads or writes a file of its own (`.gitattributes`, the index)
  /// stops the sync that brings it, before anything is read or written through it.
  @Test(arguments: [".gitattributes", ".ilgi/index.sqlite", ".gitignore"])
  func aPushedLinkForAFileOfIlgisStopsTheSyncThatBringsIt(_ name: String) throws {
    let outside = NSTemporaryDirectory() + "ilgi-secret-" + UUID().uuidString
    try "SECRET-KEY-MATERIAL\n".write(toFile: outside, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    let (h, _, _, sync) = try Self.pushed([:]) { b in
      try? FileManager.default.removeItem(atPath: b + "/" + name)
      try FileManager.default.createDirectory(atPath: b + "/.ilgi", withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: b + "/" + name, withDestinationPath: outside)
      try GitTests.git(try Harness(), "-C", b, "add", "-f", name)
    }
    #expect(sync.status == 65, "\(sync.stderr)")
    #expect(sync.stderr.contains("\(name) is a link"), "\(sync.stderr)")
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "SECRET-KEY-MATERIAL\n")
    #expect(h.call("sync").status == 65)
    let remote = try GitTests.git(h, "log", "-p", "--all", in: h.journal.base + "/remote.git")
    #expect(!remote.contains("SECRET-KEY-MATERIAL"))
  }

  /// While a list that adds a key waits to be accepted, doctor names the wait, not the files
  /// sealed to the new key, and `key reseal` refuses: sealing to the older list would drop the
  /// key another device was given.
  @Test func aPendingAdditionIsNotUndoneByReseal() throws {
    let keys = NSTemporaryDirectory() + "ilgi-new-device-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: keys) }
    let (_, newRecipient) = try Self.outsider(in: keys)
    let (h, _, _, sync) = try Self.pushed([:], encrypted: true) { b in
      let config = b + "/.ilgi/config.toml"
      let text = try String(contentsOfFile: config, encoding: .utf8)
      try text.replacingOccurrences(of: "recipients = \"", with: "recipients = \"\(newRecipient) ")
        .write(toFile: config, atomically: true, encoding: .utf8)
    }
    #expect(sync.status == 0)
    let doctor = h.call("doctor")
    #expect(doctor.status == 1 && !doctor.stdout.contains("ilgi key reseal"), "\(doctor.stdout)")
    let reseal = h.call("key", "reseal")
    #expect(reseal.status == 1 && reseal.stderr.contains("ilgi key accept"), "\(reseal.stderr)")
  }
}
