import Foundation
import IlgiTestSupport
import Testing

/// `ilgi init`, `ilgi new` (text, stdin, editor sessions, drafts) through the built binary.
@Suite struct WritingTests {
  /// The editor opens below the front matter: a person who just starts typing in vim or vi
  /// writes the entry, not a line above its front matter.
  @Test(arguments: ["vim", "vi"])
  func theEditorOpensWhereWritingStarts(_ program: String) throws {
    let h = try Harness()
    let typing = "\(program) -c 'normal iTyped at once' -c 'wq'"
    let made = try h.runOnTerminal("new --no-weather", env: ["EDITOR": typing, "TERM": "xterm"])
    #expect(made.status == 0, "\(made.stdout)")
    let raw = try h.run("show", "last", "--raw").stdout
    #expect(raw.hasPrefix("---\n"))
    #expect(raw.components(separatedBy: "---\n").count == 3, "one front matter: \(raw)")
    #expect(raw.hasSuffix("---\nTyped at once\n"), "\(raw)")
    // Editing an entry opens at its title, below the front matter, too.
    let edit = "\(program) -c 'normal IFirst: ' -c 'wq'"
    #expect(try h.runOnTerminal("edit last", env: ["EDITOR": edit, "TERM": "xterm"]).status == 0)
    #expect(try h.run("show", "last", "--raw").stdout.hasSuffix("---\nFirst: Typed at once\n"))
  }

  @Test func initMakesAJournalAndIsSafeToRepeat() throws {
    let h = try Harness()
    let target = h.journal.base + "/diary"
    let first = h.call("init", target)
    #expect(first.status == 0)
    // The harness's journal (ILGI_JOURNAL) stays the default, so init says how to change that.
    #expect(
      first.stdout
        == "Made a new journal at \(target).\nTo write there without -J: ilgi config set journal \(target) --global\n")
    #expect(FileManager.default.fileExists(atPath: target + "/.ilgi"))
    let gitignore = try String(contentsOfFile: target + "/.gitignore", encoding: .utf8)
    #expect(gitignore.contains(".ilgi/index.sqlite*"))
    let again = h.call("init", target)
    #expect(again.status == 0)
    #expect(again.stdout == "The journal at \(target) is already set up.\n")
    #expect(try String(contentsOfFile: target + "/.gitignore", encoding: .utf8) == gitignore)
  }

  /// The default journal is made by the first command that writes; one that only reads says
  /// where it will be, succeeds, and makes nothing.
  @Test func theDefaultJournalIsMadeByTheFirstWrite() throws {
    var h = try Harness()
    h.environment["ILGI_JOURNAL"] = nil
    let folder = h.environment["HOME"]! + "/ilgi"
    let note =
      "ilgi: no journal at ~/ilgi yet: `ilgi new` makes it there with your first entry (or choose another with --journal or ILGI_JOURNAL)\n"
    for arguments in [
      ["list"], ["search", "rain"], ["show", "last"], ["stats"], ["tags"], ["doctor"], ["index"], ["onthisday"],
      ["export", "--format", "json"], ["trash"], ["drafts"], ["sync"], ["config", "unset", "site.title"], ["templates"],
    ] {
      let result = InProcess.run(arguments, environment: h.environment, directory: h.journal.base)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stderr == note, "\(arguments)")
      #expect(!FileManager.default.fileExists(atPath: folder), "\(arguments)")
    }
    let made = h.call("new", "First")
    #expect(made.status == 0)
    #expect(made.stderr == "ilgi: made a new journal at ~/ilgi (choose another with --journal or ILGI_JOURNAL)\n")
    #expect(FileManager.default.fileExists(atPath: folder + "/.ilgi"))
    #expect(h.call("list").stdout.contains("First"))
  }

  @Test func newWithTextWritesTheEntryAtOnce() throws {
    let h = try Harness()
    let result = h.call(
      "new", "Morning run", "--tag", "running", "--tag", "#morning", "--weather", "Clear, 4°C", "--date",
      "2026-11-21T09:30+09:00")
    #expect(result.status == 0)
    #expect(result.stdout == "2026/11/2026-11-21-0930-morning-run.md\n")
    let text = try #require(h.journal.text("2026/11/2026-11-21-0930-morning-run.md"))
    let lines = text.components(separatedBy: "\n")
    #expect(lines[0] == "---")
    #expect(UUID(uuidString: String(lines[1].dropFirst(4))) != nil)
    #expect(
      Array(lines[2...]) == [
        "date: 2026-11-21T09:30:00+09:00", "weather: Clear, 4°C", "tags: [running, morning]", "---", "Morning run", "",
      ])
    #expect(h.journal.snapshot()["2026/11/2026-11-21-0930-morning-run.md"]?.mode == 0o600)
  }

  @Test func newReadsStandardInputAndKeepsTheBody() throws {
    let h = try Harness()
    let result = h.call("new", "--date", "2026-11-21T22:14+09:00", input: "저녁 산책\n\n강을 따라 걸었다. #산책\n")
    #expect(result.status == 0)
    #expect(result.stdout == "2026/11/2026-11-21-2214-저녁-산책.md\n")
    let listed = h.call("list", "--json")
    let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]
    #expect(json.count == 1)
    #expect(json[0]["title"] as? String == "저녁 산책")
    #expect(json[0]["preview"] as? String == "강을 따라 걸었다. #산책")
    #expect(json[0]["tags"] as? [String] == ["산책"])
  }

  @Test func aClashGetsANumber() throws {
    let h = try Harness()
    #expect(h.call("new", "Same", "--date", "2026-01-01T10:00+09:00").stdout == "2026/01/2026-01-01-1000-same.md\n")
    #expect(
      h.call("new", "Same", "--date", "2026-01-01T10:00+09:00").stdout == "2026/01/2026-01-01-1000-same-2.md\n")
  }

  /// A temporary file a killed writer left beside an entry is removed by the next write in that
  /// folder; one whose writer still runs is left alone, and git ignores both meanwhile.
  @Test func aKilledWritersTemporaryIsSweptByTheNextWrite() throws {
    let h = try Harness()
    let dead = "2026/11/.2026-11-23-0120-trial.md.ilgi-4194000-BCFFC2B2.tmp"
    let alive = "2026/11/.2026-11-23-0121-other.md.ilgi-\(getpid())-0A0B0C0D.tmp"
    try h.journal.write(dead, "half")
    try h.journal.write(alive, "being written")
    let made = h.call("new", "Next", "--date", "2026-11-23T09:00+09:00")
    #expect(made.status == 0)
    #expect(h.journal.text(dead) == nil)
    #expect(h.journal.text(alive) == "being written")
    #expect(h.journal.text(".gitignore")?.contains(".*.ilgi-*.tmp") == true)
  }

  /// `new --star` writes `starred: true`; `list --starred` keeps starred entries (written by
  /// ilgi, by hand or by an import) and lists mark them.
  @Test func starredEntriesAreWrittenFoundAndMarked() throws {
    let h = try Harness(["hand.md": "---\nid: H\ndate: 2026-01-01T09:00:00+09:00\nstarred: yes\n---\nBy hand\n"])
    let made = h.call("new", "Best day", "--star", "--date", "2026-02-01T10:00+09:00")
    #expect(made.status == 0)
    let path = made.stdout.trimmingCharacters(in: .newlines)
    #expect(h.journal.text(path)?.contains("\nstarred: true\n---\n") == true)
    _ = h.call("new", "Plain day", "--date", "2026-02-02T10:00+09:00")
    let starred = h.call("list", "--starred")
    #expect(starred.stdout.split(separator: "\n").map { $0.contains("★") } == [true, true])
    #expect(starred.stdout.contains("Best day") && starred.stdout.contains("By hand"))
    #expect(!starred.stdout.contains("Plain day"))
    let all = h.call("list")
    #expect(all.stdout.split(separator: "\n").filter { $0.contains("★") }.count == 2)
    // A template of one's own without a `starred` line still gets one.
    try h.journal.write(".ilgi/templates/new-entry.md", "---\nid: {{{id}}}\ndate: {{{date}}}\n---\n{{{text}}}\n")
    let own = h.call("new", "Own template", "--star")
    #expect(h.journal.text(own.stdout.trimmingCharacters(in: .newlines))?.contains("\nstarred: true\n---\n") == true)
  }

  /// `--date` takes words and a time of day, in both languages; the file goes where that day is.
  @Test func newTakesNaturalDatesWithATimeOfDay() throws {
    let h = try Harness()
    let korean = h.call("new", "저녁 산책", "--date", "2025년 3월 28일 저녁 9시")
    #expect(korean.status == 0, "\(korean.stderr)")
    #expect(korean.stdout == "2025/03/2025-03-28-2100-저녁-산책.md\n")
    let english = h.call("new", "Late train", "--date", "March 27, 2025 9:30pm")
    #expect(english.stdout == "2025/03/2025-03-27-2130-late-train.md\n")
    #expect(
      h.journal.text("2025/03/2025-03-27-2130-late-train.md")?.contains("date: 2025-03-27T21:30:00+09:00") == true)
    let yesterday = h.call("new", "Yesterday", "--date", "yesterday 07:05")
    #expect(yesterday.status == 0)
    #expect(yesterday.stdout.contains("-0705-yesterday.md"))
    #expect(yesterday.stderr == "", "a moment already past says nothing: \(yesterday.stderr)")
    // Tomorrow is taken, as jrnl takes it, and a moment ahead of now is said.
    let plan = h.call("new", "Plan", "--date", "tomorrow 9am")
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(
      plan.stderr.hasPrefix("ilgi: note: the entry is dated ")
        && plan.stderr.contains("later than now; for a time already past, name its day: --date \"yesterday 9pm\""),
      "\(plan.stderr)")
    let koreanPlan = h.call("new", "계획", "--date", "내일 아침 7시", env: ["LANG": "ko_KR.UTF-8"])
    #expect(koreanPlan.status == 0, "\(koreanPlan.stderr)")
    #expect(koreanPlan.stderr.contains("지금보다 나중입니다"), "\(koreanPlan.stderr)")
  }

  /// jrnl's habit: a day before a colon dates the entry (`yesterday: Forgot my keys`), in
  /// both languages, quoted or not; a colon after words that are no day is the title's.
  @Test func aLeadingDayAndColonDateTheEntryAsInJrnl() throws {
    let h = try Harness()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
    let day = calendar.dateComponents([.year, .month, .day], from: Date().addingTimeInterval(-86_400))
    let yesterday = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    let cases: [([String], String, String)] = [
      (["yesterday: Forgot my keys"], "Forgot my keys", "-forgot-my-keys.md"),
      (["yesterday:", "Forgot", "my", "wallet."], "Forgot my wallet.", "-forgot-my-wallet.md"),
      (["yesterday 21:30: Dinner with Minji"], "Dinner with Minji", "-2130-dinner-with-minji.md"),
      (["어제 저녁 9시: 산책"], "산책", "-2100-산책.md"),
      // A night said as jrnl users say it: never a title dated now.
      (["last night: Watched a movie"], "Watched a movie", "-2100-watched-a-movie.md"),
      (["yesterday morning: Ran"], "Ran", "-0800-ran.md"),
      (["지난밤: 영화를 봤다"], "영화를 봤다", "-2100-영화를-봤다.md"),
    ]
    for (arguments, title, name) in cases {
      let made = InProcess.run(
        ["new", "--no-weather"] + arguments, environment: h.environment, directory: h.journal.base)
      #expect(made.status == 0, "\(arguments): \(made.stderr)")
      let path = made.stdout.trimmingCharacters(in: .newlines)
      #expect(path.contains("/" + yesterday + "-") && path.hasSuffix(name), "\(arguments): \(path)")
      let text = h.journal.text(path) ?? ""
      #expect(text.contains("---\n" + title + "\n"), "\(arguments): \(text)")
    }
    // Not a day: the colon is the title's, and the entry is dated now.
    let note = h.call("new", "--no-weather", "Note: buy milk")
    #expect(h.journal.text(note.stdout.trimmingCharacters(in: .newlines))?.contains("\nNote: buy milk\n") == true)
    // With --date given, the text is taken as it is.
    let given = h.call("new", "--no-weather", "--date", "2026-11-01", "yesterday: as typed")
    #expect(given.stdout.hasPrefix("2026/11/2026-11-01-"), "\(given.stdout)")
    #expect(h.journal.text(given.stdout.trimmingCharacters(in: .newlines))?.contains("\nyesterday: as typed\n") == true)
  }

  @Test(
    arguments: [
      (
        ["new"], "   \n\n",
        "ilgi: nothing to write: give the text as arguments or on standard input, or run on a terminal to open your editor\n",
        Int32(64)
      ),
      (
        ["new", "x", "--date", "someday"], nil,
        "Error: --date `someday` is not a date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM, or words like `yesterday 21:30` or `Nov 18`\n",
        Int32(64)
      ),
      (
        ["new", "x", "--tag", "a,b"], nil, "Error: --tag `a,b` is not a tag; use one word, without spaces or commas\n",
        Int32(64)
      ),
      (
        ["new", "x", "--tag", "two words"], nil,
        "Error: --tag `two words` is not a tag; use one word, without spaces or commas\n", Int32(64)
      ),
      (
        ["new", "x", "--tag", ""], nil, "Error: --tag `` is not a tag; use one word, without spaces or commas\n",
        Int32(64)
      ),
    ] as [([String], String?, String, Int32)])
  func badNewInputChangesNothing(_ arguments: [String], _ input: String?, _ message: String, _ status: Int32) throws {
    let h = try Harness()
    let before = h.journal.snapshot()
    let result = try IlgiProcess.run(arguments, environment: h.environment, input: input ?? "")
    #expect(result.status == status)
    #expect(result.stderr.hasPrefix(message))
    #expect(h.journal.snapshot() == before)
  }

  /// Text piped in beside TEXT is the body under TEXT's title; a time left outside --date's
  /// quotes is refused rather than made a title; nothing on disk changes when refused.
  @Test func pipedTextIsNeverThrownAway() throws {
    let h = try Harness()
    let both = try h.run(
      "new", "--no-weather", "--date", "2026-11-21T19:00", "Dinner", input: "With Minji, at the market.\n")
    #expect(both.status == 0, "\(both.stderr)")
    let path = both.stdout.trimmingCharacters(in: .newlines)
    #expect(
      h.journal.text(path)?.hasSuffix("---\nDinner\n\nWith Minji, at the market.\n") == true,
      "\(h.journal.text(path) ?? "")")
    let before = h.journal.snapshot()
    let split = try h.run("new", "--no-weather", "--date", "yesterday", "21:30", input: "Dinner with Minji\n")
    #expect(split.status == 64)
    #expect(
      split.stderr.contains(
        "`21:30` after --date yesterday reads as part of the date; quote it: --date \"yesterday 21:30\""),
      "\(split.stderr)")
    #expect(h.journal.snapshot() == before)
    let quoted = try h.run("new", "--no-weather", "--date", "yesterday 21:30", input: "Dinner with Minji\n")
    #expect(quoted.status == 0, "\(quoted.stderr)")
    #expect(quoted.stdout.contains("-2130-dinner-with-minji.md"))
  }

  /// `--edit` with TEXT opens the editor on that text, and keeps it even when the editor
  /// changes nothing.
  @Test func newWithTextAndEditStartsTheEditorFromTheText() throws {
    let h = try Harness()
    let appending = try h.editor("printf '\\nAnd a second line.\\n' >> \"$1\"")
    let edited = try h.run("new", "--no-weather", "--edit", "Morning run", env: ["EDITOR": appending])
    #expect(edited.status == 0, "\(edited.stderr)")
    let text = h.journal.text(edited.stdout.trimmingCharacters(in: .newlines)) ?? ""
    #expect(text.hasSuffix("Morning run\n\nAnd a second line.\n"), "\(text)")
    let untouched = try h.run("new", "--no-weather", "--edit", "Evening tea", env: ["EDITOR": try h.editor("true")])
    #expect(untouched.status == 0, "\(untouched.stderr)")
    #expect(h.journal.text(untouched.stdout.trimmingCharacters(in: .newlines))?.hasSuffix("Evening tea\n") == true)
  }

  @Test func theEditorWritesANewEntry() throws {
    let h = try Harness()
    let editor = try h.editor("printf 'Morning run\\n\\nCold but bright. **Eight kilometres**.\\n' >> \"$1\"")
    let result = try h.run("new", "--edit", env: ["EDITOR": editor])
    #expect(result.status == 0)
    let path = result.stdout.trimmingCharacters(in: .newlines)
    #expect(
      path.range(of: #"^\d{4}/\d{2}/\d{4}-\d{2}-\d{2}-\d{4}-morning-run\.md$"#, options: .regularExpression) != nil)
    let text = try #require(h.journal.text(path))
    #expect(text.hasPrefix("---\nid: "))
    #expect(text.contains("\ndate: "))
    #expect(text.hasSuffix("---\n\nMorning run\n\nCold but bright. **Eight kilometres**.\n"))
    // The draft is gone once the entry is safe.
    #expect(h.journal.snapshot().keys.filter { $0.hasPrefix(".ilgi/drafts/") && $0.hasSuffix(".md") }.isEmpty)
    let shown = h.call("show", "last")
    #expect(shown.stdout.contains("Cold but bright. **Eight kilometres**."))
  }

  @Test func visualWinsAndEditorValuesMayCarryArguments() throws {
    let h = try Harness()
    let editor = try h.editor("[ \"$1\" = \"--flag\" ] || exit 9; printf 'With flag\\n' >> \"$2\"")
    let result = try h.run("new", "--edit", env: ["VISUAL": "\(editor) --flag", "EDITOR": "false"])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("-with-flag.md\n"))
  }

  @Test func anUntouchedOrEmptiedEntryIsNotKept() throws {
    let h = try Harness()
    let before = h.journal.snapshot()
    let untouched = try h.run("new", "--edit", env: ["EDITOR": try h.editor("exit 0")])
    #expect(untouched.status == 0)
    #expect(untouched.stdout == "")
    #expect(untouched.stderr == "Nothing written: the new entry was left as it was.\n")
    let emptied = try h.run("new", "--edit", env: ["EDITOR": try h.editor(": > \"$1\"")])
    #expect(emptied.status == 0)
    #expect(emptied.stderr == "Nothing written: the new entry is empty.\n")
    let blankBody = try h.run("new", "--edit", env: ["EDITOR": try h.editor("printf '\\n   \\n' >> \"$1\"")])
    #expect(blankBody.stderr == "Nothing written: the new entry is empty.\n")
    #expect(h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/drafts") } == before)
    #expect(h.journal.entryFiles().isEmpty)
  }

  @Test func aFailedEditorKeepsTheDraftAndSaysHowToResume() throws {
    let h = try Harness()
    let failing = try h.editor("printf 'Half a thought\\n' >> \"$1\"; exit 3")
    let result = try h.run("new", "--edit", env: ["EDITOR": failing])
    #expect(result.status == 1)
    let draftLine = try #require(result.stderr.firstMatch(of: /\.ilgi\/drafts\/new-[0-9-]+-[0-9A-F]{8}\.md/))
    let draft = String(draftLine.output)
    #expect(
      result.stderr
        == "ilgi: the editor exited with status 3; your draft is kept in \(draft). Resume it with `ilgi new --resume` or list drafts with `ilgi drafts`\n"
    )
    #expect(h.journal.text(draft)?.hasSuffix("---\n\nHalf a thought\n") == true)
    #expect(h.journal.entryFiles().isEmpty)

    let drafts = h.call("drafts")
    #expect(drafts.stdout == "\(draft)  Half a thought  (new entry)\n")

    let finishing = try h.editor("printf 'and the rest.\\n' >> \"$1\"")
    // Without a terminal the editor opens only when asked for with --edit, as for a new entry.
    let refused = try h.run("new", "--resume", env: ["EDITOR": finishing])
    #expect(refused.status == 64)
    #expect(
      refused.stderr == "ilgi: --resume opens your editor, which needs a terminal; run it on one, or add --edit\n")
    let resumed = try h.run("new", "--resume", "--edit", env: ["EDITOR": finishing])
    #expect(resumed.status == 0)
    let path = resumed.stdout.trimmingCharacters(in: .newlines)
    #expect(h.journal.text(path)?.hasSuffix("Half a thought\nand the rest.\n") == true)
    #expect(h.journal.text(draft) == nil)
    #expect(
      h.call("new", "--resume").stderr == "ilgi: there is no draft to resume; start a new entry with `ilgi new`\n")
  }

  @Test func aKilledEditorKeepsTheDraft() throws {
    let h = try Harness()
    let killed = try h.editor("printf 'Before the crash\\n' >> \"$1\"; kill -KILL $$")
    let result = try h.run("new", "--edit", env: ["EDITOR": killed])
    #expect(result.status == 1)
    #expect(result.stderr.contains("your draft is kept in .ilgi/drafts/new-"))
    #expect(h.call("drafts").stdout.contains("Before the crash  (new entry)"))
  }

  @Test func aMissingEditorIsNamedAndLeavesNoDraft() throws {
    let h = try Harness()
    let result = try h.run("new", "--edit", env: ["EDITOR": "no-such-editor-here"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "ilgi: the editor `no-such-editor-here` was not found; set VISUAL or EDITOR to an editor you have\n")
    #expect(h.call("drafts").stderr == "No drafts.\n")
  }

  @Test func onATerminalNewOpensTheEditor() throws {
    let h = try Harness()
    let editor = try h.editor("printf 'From a terminal\\n' >> \"$1\"")
    let result = try h.runOnTerminal("new", env: ["EDITOR": editor])
    #expect(result.status == 0)
    #expect(result.stdout.contains("-from-a-terminal.md"))
    #expect(h.journal.entryFiles().count == 1)
  }

  @Test func aUserTemplateOverridesTheShippedOne() throws {
    let h = try Harness()
    try h.journal.write(".ilgi/templates/new-entry.md", "---\nid: {{{id}}}\ndate: {{{date}}}\nmood:\n---\n{{{text}}}\n")
    let path = h.call("new", "Templated", "--date", "2026-02-03T04:05+09:00").stdout.trimmingCharacters(
      in: .newlines)
    #expect(h.journal.text(path)?.hasSuffix("date: 2026-02-03T04:05:00+09:00\nmood:\n---\nTemplated\n") == true)
  }
}

/// An installed binary is a copy without the build folder beside it; the template must come along.
@Suite struct InstalledBinaryTests {
  @Test func aCopiedBinaryStillHasItsTemplates() throws {
    let h = try Harness()
    let copy = h.journal.base + "/bin/ilgi"
    try FileManager.default.createDirectory(atPath: h.journal.base + "/bin", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: IlgiProcess.binary, toPath: copy)
    var environment = h.environment
    environment["ILGI_BINARY"] = copy
    let process = Process()
    process.executableURL = URL(fileURLWithPath: copy)
    process.arguments = ["new", "From an installed copy", "--date", "2026-03-04T05:06+09:00"]
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(path == "2026/03/2026-03-04-0506-from-an-installed-copy.md\n")
    let text = try #require(h.journal.text("2026/03/2026-03-04-0506-from-an-installed-copy.md"))
    #expect(text.hasSuffix("date: 2026-03-04T05:06:00+09:00\n---\nFrom an installed copy\n"))
  }
}
