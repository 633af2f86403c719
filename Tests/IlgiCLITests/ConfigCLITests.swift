import Foundation
import IlgiStore
import IlgiTestSupport
import Testing

/// `ilgi config` and how settings reach commands, through the built binary.
struct ConfigCLITests {
  /// `git.sync_interval` takes a length of time (`30s`, `5m`, `1h`, seconds alone, `0` for
  /// never) and refuses anything else in one line, changing nothing.
  @Test func aSyncIntervalIsALengthOfTime() throws {
    let h = try Harness()
    for (given, seconds) in [("30s", 30.0), ("5m", 300), ("1h", 3_600), ("90", 90), ("0", 0), ("1.5m", 90)] {
      #expect(ConfigKey.seconds(given) == seconds, "\(given)")
    }
    #expect(ConfigKey.seconds("soon") == nil && ConfigKey.seconds("-5m") == nil && ConfigKey.seconds("5d") == nil)
    let set = h.call("config", "set", "git.sync_interval", "10m")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(h.call("config", "get", "git.sync_interval").stdout == "10m\n")
    let before = h.journal.snapshot()
    let bad = h.call("config", "set", "git.sync_interval", "soon")
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("a length of time such as 30s, 5m or 1h"), "\(bad.stderr)")
    #expect(bad.stderr.split(separator: "\n").count == 1)
    #expect(h.journal.snapshot() == before)
  }

  func globalConfig(_ harness: Harness) -> String {
    (harness.environment["XDG_CONFIG_HOME"] ?? "") + "/ilgi/config.toml"
  }

  func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func setKeepsTheCommentsAndChangesOneLine() throws {
    let harness = try Harness()
    let path = globalConfig(harness)
    let original = "# weather for my diary\n[weather]\nplace = \"Busan\"  # where I grew up\nunits = \"metric\"\n"
    try write(original, to: path)
    let result = harness.call("config", "set", "weather.place", "Seoul")
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "weather.place = \"Seoul\" (in ~/.config/ilgi/config.toml): this device's own setting, kept out of the journal's file, which syncs\n"
    )
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# weather for my diary\n[weather]\nplace = \"Seoul\" # where I grew up\nunits = \"metric\"\n")
    #expect(harness.call("config", "get", "weather.place").stdout == "Seoul\n")
    let unset = harness.call("config", "unset", "weather.units")
    #expect(unset.status == 0)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# weather for my diary\n[weather]\nplace = \"Seoul\" # where I grew up\n")
  }

  @Test func setGlobalMakesTheFileOwnerOnly() throws {
    let harness = try Harness()
    let result = harness.call("config", "set", "locale", "ko", "--global")
    #expect(result.status == 0)
    let path = globalConfig(harness)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "locale = \"ko\"\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test(arguments: [
    (
      ["config", "set", "weather.units", "kelvin"],
      "ilgi: `weather.units` cannot be \"kelvin\"; it takes metric or imperial\n", Int32(64)
    ),
    (
      ["config", "set", "weather.latitude", "north"],
      "ilgi: `weather.latitude` cannot be \"north\"; it takes a number\n", 64
    ),
    (["config", "set", "locale", "fr"], "ilgi: `locale` cannot be \"fr\"; it takes en or ko\n", 64),
    (
      ["config", "set", "colour", "red"],
      "ilgi: `colour` is not a setting; the settings are: journal, editor, locale, raw_html, weather.place, weather.latitude, weather.longitude, weather.provider, weather.key, weather.units, weather.timeout, weather.enabled, weather.url, weather.archive_url, weather.geocoding_url, git.autocommit, git.sync_interval, site.title, attachments.max_mb, attachments.keep_location, encryption.recipients, app.offline, app.offline_entries, new.template, remind.url\n",
      64
    ),
    (["config", "set", "journal", "~/x"], "ilgi: `journal` is a global setting; add --global\n", 64),
    (["config", "get", "editor"], "ilgi: `editor` is not set\n", 1),
  ])
  func badConfigCommandsSayWhatToDoAndChangeNothing(_ arguments: [String], _ message: String, _ status: Int32) throws {
    let harness = try Harness()
    let before = harness.journal.snapshot()
    let result = InProcess.run(arguments, environment: harness.environment)
    #expect(result.stderr == message)
    #expect(result.status == status)
    #expect(harness.journal.snapshot() == before)
    #expect(!FileManager.default.fileExists(atPath: globalConfig(harness)))
  }

  @Test func aBrokenConfigIsRefusedBySetAndOnlyWarnedAboutElsewhere() throws {
    let harness = try Harness([
      "2026/11/a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "Run")
    ])
    let path = harness.journal.root + "/.ilgi/config.toml"
    try write("editor = \"vi\"\nlocale = \n", to: path)
    let set = try harness.run("config", "set", "site.title", "River")
    #expect(set.status == 65)
    #expect(set.stderr.hasPrefix("ilgi: \(path):2:"))
    #expect(set.stderr.hasSuffix("its settings are ignored until that line is fixed\n"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "editor = \"vi\"\nlocale = \n")
    let list = harness.call("list")
    #expect(list.status == 0)
    #expect(list.stdout.contains("Run"))
    #expect(list.stderr.hasPrefix("ilgi: warning: \(path):2:"))
  }

  @Test func unknownKeysAndWrongTypesAreOneWarningEachWithTheLine() throws {
    let harness = try Harness()
    let path = globalConfig(harness)
    try write("colour = \"red\"\n[weather]\nlatitude = \"north\"\n", to: path)
    let result = harness.call("list")
    #expect(result.status == 0)
    #expect(
      result.stderr.split(separator: "\n").prefix(2) == [
        "ilgi: warning: \(path):1: unknown key `colour`, ignored; see `ilgi config list` for the keys",
        "ilgi: warning: \(path):3: `weather.latitude` cannot be \"north\"; it takes a number; the setting is ignored",
      ])
  }

  @Test func listShowsWhereEachValueComesFrom() throws {
    var harness = try Harness()
    try write("locale = \"en\"\neditor = \"nano\"\n", to: globalConfig(harness))
    try write("site.title = \"River\"\n", to: harness.journal.root + "/.ilgi/config.toml")
    harness.environment["ILGI_WEATHER_UNITS"] = "imperial"
    harness.environment["ILGI_WEATHER_KEY"] = "very-secret"
    let result = harness.call("config", "list")
    let lines = result.stdout.split(separator: "\n").map {
      $0.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
    }
    #expect(lines.contains("site.title = \"River\" # journal config \(harness.journal.root)/.ilgi/config.toml"))
    #expect(lines.contains("editor = \"nano\" # global config \(globalConfig(harness))"))
    // The journal's keys first, then this device's own, each under a line that says which.
    let journalHeading = try #require(lines.firstIndex { $0.hasPrefix("# The journal's settings") })
    let deviceHeading = try #require(lines.firstIndex { $0.hasPrefix("# This device's own settings") })
    let editorLine = try #require(lines.firstIndex { $0.hasPrefix("editor = ") })
    let titleLine = try #require(lines.firstIndex { $0.hasPrefix("site.title = ") })
    #expect(journalHeading < titleLine && titleLine < deviceHeading && deviceHeading < editorLine)
    #expect(lines.contains("locale = \"en\" # global config \(globalConfig(harness))"))
    #expect(lines.contains("weather.units = \"imperial\" # environment ILGI_WEATHER_UNITS"))
    #expect(lines.contains("weather.provider = \"open-meteo\" # default"))
    #expect(lines.contains("weather.key = (set, not shown) # environment ILGI_WEATHER_KEY"))
    #expect(!result.stdout.contains("very-secret"))
    #expect(harness.call("config", "get", "weather.key").stdout == "(set, not shown)\n")
  }

  /// `init` of a journal ilgi would not open by itself says how to make it the default; a
  /// folder inside a journal names that journal, with a note, and no second index is made.
  @Test func initSaysHowToMakeItTheDefaultAndSubfoldersUseTheirJournal() throws {
    var h = try Harness()
    h.environment["ILGI_JOURNAL"] = nil
    let home = h.environment["HOME"]!
    let made = h.call("init", home + "/diary")
    #expect(
      made.stdout
        == "Made a new journal at ~/diary.\nTo write there without -J: ilgi config set journal ~/diary --global\n")
    #expect(h.call("init", home + "/diary").stdout == "The journal at ~/diary is already set up.\n")
    try FileManager.default.createDirectory(atPath: home + "/diary/2026", withIntermediateDirectories: true)
    let inside = h.call("-J", home + "/diary/2026", "new", "Inside", "--date", "2026-01-01T10:00+09:00")
    #expect(inside.status == 0)
    #expect(inside.stderr == "ilgi: note: ~/diary/2026 is inside the journal ~/diary; using that journal\n")
    #expect(inside.stdout == "2026/01/2026-01-01-1000-inside.md\n")
    #expect(FileManager.default.fileExists(atPath: home + "/diary/2026/01/2026-01-01-1000-inside.md"))
    #expect(!FileManager.default.fileExists(atPath: home + "/diary/2026/.ilgi"))
    #expect(h.call("-J", home + "/diary/2026", "list").stdout.contains("Inside"))
  }

  @Test func theGlobalJournalKeyPicksTheJournal() throws {
    var harness = try Harness([
      "2026/11/a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "From config")
    ])
    harness.environment["ILGI_JOURNAL"] = nil
    try write("journal = \"\(harness.journal.root)\"\n", to: globalConfig(harness))
    let result = harness.call("list")
    #expect(result.status == 0)
    #expect(result.stdout.contains("From config"))
  }

  /// Journals by name, as jrnl's `journals:`: `-J work` (before or after the command, or in
  /// ILGI_JOURNAL) opens the folder the global config names; `./work` is a folder.
  @Test func namedJournalsOpenByName() throws {
    var harness = try Harness([
      "2026/11/a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "Personal")
    ])
    let work = harness.journal.base + "/work-diary"
    #expect(harness.call("init", work).status == 0)
    #expect(harness.call("new", "At the office", "-J", work).status == 0)
    try write(
      "journal = \"\(harness.journal.root)\"\n[journals]\nwork = \"\(work)\"\n\"일\" = \"\(work)\"\n",
      to: globalConfig(harness))
    harness.environment["ILGI_JOURNAL"] = nil
    #expect(harness.call("list").stdout.contains("Personal"))
    for arguments in [["-J", "work", "list"], ["list", "-J", "work"], ["--journal", "일", "list"]] {
      let listed = InProcess.run(arguments, environment: harness.environment, directory: harness.journal.base)
      #expect(listed.status == 0, "\(arguments): \(listed.stderr)")
      #expect(listed.stdout.contains("At the office") && !listed.stdout.contains("Personal"), "\(arguments)")
    }
    #expect(harness.call("list", env: ["ILGI_JOURNAL": "work"]).stdout.contains("At the office"))
    // `./work` is a folder beside the command, not the name.
    let folder = harness.call("list", "-J", "./work")
    #expect(folder.status != 0)
    #expect(folder.stderr.contains(harness.journal.base + "/work"), "\(folder.stderr)")
  }

  /// `config set/get/unset/list` name journals (`journals.NAME`) in the global file, where `-J`
  /// reads them; a name in a journal's own file, a dotted or empty name and an empty folder are
  /// refused with one line, and the file is left as it was.
  @Test func configNamesJournals() throws {
    var harness = try Harness()
    let work = harness.journal.base + "/work-diary"
    #expect(harness.call("init", work).status == 0)
    #expect(harness.call("new", "At the office", "-J", work).status == 0)
    let path = globalConfig(harness)
    try write("# mine\nlocale = \"en\"\n", to: path)
    let set = harness.call("config", "set", "journals.work", work, "--global")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(harness.call("config", "set", "journals.여행", "~/travel", "--global").status == 0)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# mine\nlocale = \"en\"\n\n[journals]\nwork = \"\(work)\"\n\"여행\" = \"~/travel\"\n")
    #expect(harness.call("config", "get", "journals.work").stdout == work + "\n")
    harness.environment["ILGI_JOURNAL"] = nil
    #expect(harness.call("-J", "work", "list").stdout.contains("At the office"))
    let listed = harness.call("config", "list")
    #expect(listed.stdout.contains("journals.work = \"\(work)\""), "\(listed.stdout)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(harness.call("config", "list", "--json").stdout.utf8))
        as? [String: Any])
    #expect((json["journals.여행"] as? [String: Any])?["value"] as? String == "~/travel")
    // Set again, the line is changed in place.
    #expect(harness.call("config", "set", "journals.work", "~/w", "--global").status == 0)
    #expect(harness.call("config", "get", "journals.work").stdout == "~/w\n")
    let before = try String(contentsOfFile: path, encoding: .utf8)
    for (arguments, message) in [
      (["config", "set", "journals.x", "~/x"], "`journals.x` is a global setting; add --global"),
      (["config", "set", "journals.a.b", "~/x", "--global"], "`journals.a.b` is not a journal's name"),
      (["config", "set", "journals.", "~/x", "--global"], "`journals.` is not a journal's name"),
      (["config", "set", "journals.a\"b", "~/x", "--global"], "`journals.a\"b` is not a journal's name"),
      (["config", "set", "journals.x", " ", "--global"], "`journals.x` needs a folder"),
      (["config", "get", "journals.none"], "`journals.none` is not set"),
      (["config", "unset", "journals.none", "--global"], "`journals.none` is not set"),
    ] {
      let refused = InProcess.run(arguments, environment: harness.environment, directory: harness.journal.base)
      #expect(refused.status != 0, "\(arguments)")
      #expect(refused.stderr.hasPrefix("ilgi: " + message), "\(arguments): \(refused.stderr)")
      #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == before, "\(arguments)")
    }
    #expect(harness.call("config", "unset", "journals.work", "--global").status == 0)
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# mine\nlocale = \"en\"\n\n[journals]\n\"여행\" = \"~/travel\"\n")
    #expect(harness.call("-J", "work", "list").status != 0)
    // Journals named in an inline table: a `[journals]` header added would define it twice.
    try write("journals = { home = \"~/home\" }\n", to: path)
    let inline = harness.call("config", "set", "journals.work", "~/w", "--global")
    #expect(inline.status != 0 && inline.stderr.contains("edit that file by hand"), "\(inline.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "journals = { home = \"~/home\" }\n")
  }

  @Test func theEditorSettingWinsOverEDITOR() throws {
    let harness = try Harness()
    let used = harness.journal.base + "/used"
    let configured = try harness.editor("echo configured > '\(used)'\nprintf 'Configured editor\\n' > \"$1\"\n")
    let other = try harness.editor("echo other > '\(used)'\nprintf 'Other\\n' > \"$1\"\n")
    try write("editor = \"\(configured)\"\n", to: globalConfig(harness))
    let result = try harness.run("new", "--edit", env: ["EDITOR": other])
    #expect(result.status == 0)
    #expect(try String(contentsOfFile: used, encoding: .utf8) == "configured\n")
  }
}
