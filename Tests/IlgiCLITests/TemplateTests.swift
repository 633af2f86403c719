import Foundation
import IlgiTestSupport
import Testing

/// Templates and prompts (`new --template`, `ilgi templates`, `ilgi prompt`), and the mood and
/// activities an entry is written with and found by.
@Suite struct TemplateTests {
  static func entries(_ h: Harness) -> [String: String] {
    h.journal.snapshot().keys.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
      .reduce(into: [:]) { $0[$1] = h.journal.text($1) ?? "" }
  }

  /// A built-in template gives the entry its title, sections, tag and today's prompt (the one
  /// `ilgi prompt` prints for its day), the words given after it; mood and activities are
  /// front matter lines.
  @Test func aBuiltInTemplateStartsTheEntryWithTheDaysPrompt() throws {
    let h = try Harness()
    let made = h.call(
      "new", "--template", "gratitude", "--mood", "good", "--activity", "run", "--activity", "walk the dog",
      "--tag", "family", "--date", "2026-11-21T21:00+09:00", "Mina called.")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout == "2026/11/2026-11-21-2100-three-good-things.md\n")
    let text = try #require(h.journal.text("2026/11/2026-11-21-2100-three-good-things.md"))
    let prompt = h.call("prompt", "2026-11-21").stdout.trimmingCharacters(in: .newlines)
    #expect(!prompt.isEmpty)
    #expect(
      text.contains("\ntags: [gratitude, family]\nmood: 4\nactivities: [run, walk the dog]\n---\nThree good things\n"))
    #expect(text.contains("**A question for today:** \(prompt)\n\nMina called.\n"), "\(text)")
    #expect(!text.contains("{{"))
  }

  /// In a Korean journal the built-ins are Korean, their dates too; the journal's own template
  /// (front matter tags, mood, activities; `{{date}}`, `{{weekday}}`) wins over a built-in of its
  /// name; `new.template` starts every entry from one, and `--no-template` from none.
  @Test func theJournalsOwnTemplatesAndLanguage() throws {
    var h = try Harness()
    h.environment["LANG"] = "ko_KR.UTF-8"
    #expect(h.call("new", "--template", "evening", "--date", "2026-11-21T21:00+09:00", "산책").status == 0)
    let evening = try #require(Self.entries(h).values.first)
    #expect(evening.contains("\n---\n토요일 저녁 일기\n"), "\(evening)")
    try h.journal.write(
      ".ilgi/templates/evening.md",
      "---\ntags: [work]\nmood: 3\nactivities: meetings, code review\n---\n{{weekday}} 기록 {{date}}\n\n{{prompt}}\n")
    let own = h.call("new", "--template", "evening", "--date", "2026-11-22T21:00+09:00", "--no-weather")
    #expect(own.status == 0, "\(own.stderr)")
    _ = own
    h.environment["ILGI_NEW_TEMPLATE"] = "evening"
    let piped = h.call("new", "--date", "2026-11-23T21:00+09:00", input: "비가 왔다.\n")
    #expect(piped.status == 0, "\(piped.stderr)")
    let text = try #require(h.journal.text(piped.stdout.trimmingCharacters(in: .newlines)))
    let prompt = h.call("prompt", "2026-11-23").stdout.trimmingCharacters(in: .newlines)
    #expect(
      text.hasSuffix(
        "tags: [work]\nmood: 3\nactivities: [meetings, code review]\n---\n월요일 기록 2026년 11월 23일 월요일\n\n\(prompt)\n\n비가 왔다.\n"
      ),
      "\(text)")
    // A default a sync brought that names no template here (or a link out of the journal) is
    // said and left out; the entry is written.
    try FileManager.default.createSymbolicLink(
      atPath: h.journal.root + "/.ilgi/templates/evil.md", withDestinationPath: "/etc/passwd")
    for missing in ["standup", "evil"] {
      h.environment["ILGI_NEW_TEMPLATE"] = missing
      let written = h.call("new", "--date", "2026-11-25T21:00+09:00", "쓴다 \(missing)")
      #expect(written.status == 0 && written.stderr.contains("new.template"), "\(written.stderr)")
      #expect(
        h.journal.text(written.stdout.trimmingCharacters(in: .newlines))?.hasSuffix("---\n쓴다 \(missing)\n") == true)
    }
    #expect(h.call("new", "--template", "evil", "x").status == 64)
    h.environment["ILGI_NEW_TEMPLATE"] = nil
    let plain = h.call("new", "--no-template", "--date", "2026-11-24T21:00+09:00", "그냥")
    #expect(h.journal.text(plain.stdout.trimmingCharacters(in: .newlines))?.hasSuffix("---\n그냥\n") == true)
    let listed = h.call("templates").stdout
    #expect(listed.contains("  evening      {{weekday}} 기록 {{date}}  (내 것: "), "\(listed)")
    #expect(listed.contains("  gratitude    감사한 세 가지  (기본)"))
    #expect(!listed.contains("entry-") && !listed.contains("prompts-"))
  }

  /// A template that is not there, a mood that is none, an activity with a comma: one line
  /// that says what to give, exit 64, nothing written.
  @Test func badTemplatesAndMoodsWriteNothing() throws {
    let h = try Harness()
    let before = h.journal.snapshot()
    let missing = h.call("new", "--template", "standup", "Text")
    #expect(missing.status == 64)
    #expect(
      missing.stderr
        == "ilgi: no template named `standup`; the templates are: gratitude, evening, morning, dream, travel, weekly (`ilgi templates` lists them)\n"
    )
    for arguments in [
      ["new", "--mood", "7", "x"], ["new", "--mood", "glad", "x"], ["new", "--activity", "a,b", "x"],
      ["new", "--template", "../x", "x"], ["new", "--template", "a", "--no-template", "x"], ["list", "--mood", "0..9"],
    ] {
      let result = InProcess.run(arguments, environment: h.environment, directory: h.journal.base)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count <= 3, "\(result.stderr)")
    }
    #expect(Self.entries(h).isEmpty)
    #expect(
      h.journal.snapshot().keys.filter { !$0.hasPrefix(".ilgi") } == before.keys.filter { !$0.hasPrefix(".ilgi") })
    #expect(h.call("prompt", "this week").status == 64)
  }

  /// A deck walks a prompt a day and repeats none until all have come: the built-in decks'
  /// 140 days in a row, and a journal's own deck of three (comments and blank lines left out).
  @Test func noPromptComesAgainUntilTheDeckIsUsedUp() throws {
    let h = try Harness()
    #expect(h.call("new", "x").status == 0)
    var seen = Set<String>()
    var day = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withFullDate]
    for _ in 0..<140 {
      seen.insert(h.call("prompt", format.string(from: day)).stdout)
      day += 86_400
    }
    #expect(seen.count == 140)
    try h.journal.write(
      ".ilgi/prompts.txt", "# mine\nWho made you laugh?\n\nWhat did you cook?\n  Where did you walk?  \n")
    var own: [String] = []
    for offset in 0..<6 {
      own.append(h.call("prompt", format.string(from: day + Double(offset) * 86_400)).stdout)
    }
    let asked = ["Who made you laugh?\n", "What did you cook?\n", "Where did you walk?\n"]
    // Any three days in a row hold each prompt once.
    for start in 0...3 { #expect(Set(own[start..<start + 3]) == Set(asked), "\(own)") }
  }

  /// Entries are found by mood (one, a word, a range) and activity, in `list` and in search.
  @Test func entriesAreFoundByMoodAndActivity() throws {
    let h = try Harness()
    for (day, mood, activity) in [(1, "5", "run"), (2, "2", "friends"), (3, "1", "run"), (4, "4", "Walk the dog")] {
      #expect(
        h.call("new", "--date", "2026-11-0\(day)T09:00+09:00", "--mood", mood, "--activity", activity, "Day \(day)")
          .status == 0)
    }
    #expect(h.call("new", "--date", "2026-11-05T09:00+09:00", "No mood").status == 0)
    func titles(_ arguments: String...) -> [String] {
      let listed = InProcess.run(
        Array(arguments) + ["--json"], environment: h.environment, directory: h.journal.base)
      let items = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
      return items.compactMap { $0["title"] as? String }
    }
    #expect(titles("list", "--mood", "1..2") == ["Day 3", "Day 2"])
    #expect(titles("list", "--mood", "great") == ["Day 1"])
    #expect(titles("list", "--activity", "RUN") == ["Day 3", "Day 1"])
    #expect(titles("list", "--activity", "walk the dog", "--mood", "3..5") == ["Day 4"])
    #expect(
      titles("search", "mood:4..5", "day") == ["Day 4", "Day 1"]
        || titles("search", "mood:4..5", "day") == ["Day 1", "Day 4"])
    #expect(titles("search", "activity:run", "mood:1") == ["Day 3"])
    let json = h.call("list", "--mood", "5", "--json").stdout
    #expect(json.contains("\"mood\" : 5") && json.contains("\"activities\" : [\n      \"run\"\n    ]"), "\(json)")
  }

  /// `stats --mood`: each month's average, and an activity's days against the others' once each
  /// side has enough days; a journal without moods says how to give one.
  @Test func statsCompareTheDaysOfEachActivity() throws {
    let h = try Harness()
    #expect(h.call("new", "x").status == 0)
    #expect(h.call("stats", "--mood").stderr.contains("No entry has a mood yet"))
    for day in 1...12 {
      let (mood, activity) = day <= 6 ? ("5", "run") : day <= 11 ? ("2", "read") : ("3", "yoga")
      let date = String(format: "2026-10-%02dT09:00+09:00", day)
      #expect(h.call("new", "--date", date, "--mood", mood, "--activity", activity, "Day \(day)").status == 0)
    }
    let shown = h.call("stats", "--mood").stdout
    #expect(shown.hasPrefix("Average mood 3.6   Days 12\n\n2026-10  3.6  ██████████████  12 days\n"), "\(shown)")
    #expect(
      shown.hasSuffix(
        "Activities (days with and without):\n  days with run: 5.0 (6), without: 2.2 (6)\n"
          + "  days with read: 2.0 (5), without: 4.7 (7)\n"), "\(shown)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(h.call("stats", "--mood", "--json").stdout.utf8)) as? [String: Any])
    #expect((json["activities"] as? [[String: Any]])?.map { $0["activity"] as? String } == ["run", "read"])
    #expect(json["average"] as? Double == 3.6 && json["days"] as? Int == 12)
  }

  /// Moods and activities travel: a Day One JSON's `mood` and `activities` (as ilgi's export
  /// writes them beside Day One's own keys) come in as front matter; the JSON export carries them.
  @Test func importsAndExportsCarryMoodAndActivities() throws {
    let h = try Harness()
    let file = h.journal.base + "/Journal.json"
    try #"""
    {"metadata": {"version": "1.0"}, "entries": [{"uuid": "A1B2C3D4E5F60718293A4B5C6D7E8F90",
     "creationDate": "2026-05-01T00:30:00Z", "timeZone": "Asia/Seoul", "text": "Picnic\n\nSun.",
     "mood": 5, "activities": ["friends", "walk the dog"]}]}
    """#.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = h.call("import", file)
    #expect(imported.status == 0, "\(imported.stderr)")
    let path = try #require(h.journal.snapshot().keys.first { $0.hasSuffix("-picnic.md") })
    let text = h.journal.text(path) ?? ""
    #expect(text.contains("\nmood: 5\n") && text.contains("\nactivities: [friends, walk the dog]\n"), "\(text)")
    let exported = h.call("export", "--format", "json").stdout
    #expect(exported.contains("\"mood\" : 5") && exported.contains("\"walk the dog\""), "\(exported)")
    let dayOne = h.journal.base + "/again.json"
    #expect(h.call("export", "--format", "dayone", "--out", dayOne).status == 0)
    let items = try #require(
      (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dayOne))) as? [String: Any])?[
        "entries"] as? [[String: Any]])
    #expect(items.first?["mood"] as? Int == 5 && (items.first?["activities"] as? [String])?.count == 2)
  }

  /// In an encrypted journal a template's entry is sealed like any other, its mood and
  /// activities with it, and still found by them.
  @Test func aSealedJournalsTemplatedEntryIsSealedAndFoundByMood() throws {
    let h = try Harness()
    try h.run("key", "new").expectSuccess()
    try h.run("init").expectSuccess()
    try h.run("encrypt").expectSuccess()
    let made = try h.run("new", "--template", "gratitude", "--mood", "5", "--activity", "run", "Sealed.")
    #expect(made.status == 0, "\(made.stderr)")
    let path = made.stdout.trimmingCharacters(in: .newlines)
    #expect(path.hasSuffix(".md.age"), "\(path)")
    let bytes = h.journal.bytes(path) ?? []
    #expect(
      !String(decoding: bytes, as: UTF8.self).contains("gratitude")
        && !String(decoding: bytes, as: UTF8.self).contains("mood"))
    #expect(try h.run("list", "--mood", "5", "--activity", "run").stdout.contains("Three good things"))
    #expect(try h.run("stats", "--mood").stdout.hasPrefix("Average mood 5.0"))
  }
}
