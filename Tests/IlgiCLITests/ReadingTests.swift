import Foundation
import IlgiSystem
import IlgiTestSupport
import Testing

/// `list`, `show`, selectors, locales, colour and `render` through the built binary.
@Suite struct ReadingTests {
  static let files = [
    "2026/11/a.md": entry(
      "0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D", "2026-11-21T09:30:00+09:00", "Morning run along the river",
      body: "Cold but bright. **Eight kilometres**, new best.", extra: "weather: Clear\ntags: [running, morning]\n"),
    "2026/11/b.md": entry(
      "0F8B7777-0000-4000-8000-000000000002", "2026-11-21T22:14:00+09:00", "# 저녁 산책",
      body: "강을 따라 걸었다.\n\n- 하나\n- 둘\n\n```\ncode here\n```\n\n[link](https://example.org)"),
    "2026/10/c.md": entry(
      "1234ABCD-0000-4000-8000-000000000003", "2026-10-01T08:00:00-04:00", "October", body: "Plain."),
    "old/2020-05-06.md": "No front matter\n\nwritten long ago #memory\n",
  ]

  @Test func listShowsNewestFirstWithLocalisedDates() throws {
    let h = try Harness(Self.files)
    let result = h.call("list")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.components(separatedBy: "\n")
    #expect(lines[0] == "0f8b7777  November 21, 2026 22:14  저녁 산책")
    #expect(lines[1] == "          강을 따라 걸었다. 하나 둘 code here link")
    #expect(lines[2] == "0f8b6c0e  November 21, 2026 09:30  Morning run along the river  · ☀ Clear")
    #expect(lines[3] == "          Cold but bright. Eight kilometres, new best.")
    #expect(lines[4] == "1234abcd  October 1, 2026 08:00  October")
    #expect(lines[5] == "          Plain.")
    // Dated by its file name, a day without a time: no time is shown.
    #expect(lines[6].hasSuffix("  May 6, 2020  No front matter"))
    #expect(lines[7] == "          written long ago #memory")
    #expect(lines.count == 9)
    #expect(!result.stdout.contains("\u{1B}"))

    let korean = h.call("list", "-n", "1", env: ["LANG": "ko_KR.UTF-8"])
    #expect(korean.stdout.hasPrefix("0f8b7777  2026년 11월 21일 22:14  저녁 산책\n"))
    let flag = h.call("list", "-n", "1", "--locale", "ko_KR", env: ["LC_ALL": "C"])
    #expect(flag.stdout == korean.stdout)
    let lcAll = h.call("list", "-n", "1", env: ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"])
    #expect(lcAll.stdout == korean.stdout)
  }

  /// The options every command takes come before its name too (`git -C` reads so): they are
  /// moved after it. Without a command's name after them they are `list`'s, as before.
  @Test func optionsEveryCommandTakesComeBeforeItsName() throws {
    let h = try Harness(Self.files)
    var environment = h.environment
    let root = h.journal.root
    environment["ILGI_JOURNAL"] = nil
    func run(_ arguments: String...) throws -> IlgiProcess.Result {
      InProcess.run(arguments, environment: environment)
    }
    let indexed = try run("--journal", root, "index", "--rebuild")
    #expect(indexed.status == 0)
    #expect(indexed.stdout.hasPrefix("4 entries indexed: 4 added"))
    let korean = try run("-J", root, "--locale", "ko_KR", "list", "-n", "1")
    #expect(korean.stdout.hasPrefix("0f8b7777  2026년 11월 21일 22:14  저녁 산책\n"))
    // A command's own command (`trash list`) and the one it runs when none is named.
    let trash = try run("--journal=\(root)", "trash", "list")
    #expect(trash.status == 0)
    #expect(trash.stdout == (try run("trash", "list", "--journal", root)).stdout)
    let attached = try run("-J\(root)", "trash")
    #expect(attached.status == 0, "\(attached.stderr)")
    #expect(attached.stdout == trash.stdout && attached.stderr == trash.stderr)
    let tagged = try run("--journal", root, "--tag", "running")
    #expect(tagged.status == 0)
    #expect(tagged.stdout.hasPrefix("0f8b6c0e  November 21, 2026 09:30  Morning run along the river"))
    // No journal was made at the default place.
    #expect(!FileManager.default.fileExists(atPath: environment["HOME"]! + "/ilgi"))
  }

  @Test func listJSONHasTheDocumentedSchema() throws {
    let h = try Harness(Self.files)
    let result = h.call("list", "--json", "-n", "2")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(json.count == 2)
    for item in json { #expect(Set(item.keys) == ["id", "date", "title", "preview", "tags", "weather", "path"]) }
    #expect(json[1]["id"] as? String == "0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D")
    #expect(json[1]["date"] as? String == "2026-11-21T09:30:00+09:00")
    #expect(json[1]["tags"] as? [String] == ["running", "morning"])
    #expect(json[1]["weather"] as? String == "Clear")
    #expect(json[1]["path"] as? String == "2026/11/a.md")
    #expect(json[0]["weather"] is NSNull)
    // Dates keep the offset they were written in.
    let all = try JSONSerialization.jsonObject(with: Data(h.call("list", "--json").stdout.utf8)) as! [[String: Any]]
    #expect(all.map { $0["date"] as! String }.contains("2026-10-01T08:00:00-04:00"))
  }

  @Test(arguments: [
    ("last", "2026/11/b.md"), ("0f8b6c0e", "2026/11/a.md"), ("0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D", "2026/11/a.md"),
    ("1234", "2026/10/c.md"), ("2026/10/c.md", "2026/10/c.md"), ("2026-10-01", "2026/10/c.md"),
    ("2020-05-06", "old/2020-05-06.md"),
  ])
  func everySelectorFormFindsItsEntry(_ selector: String, _ path: String) throws {
    let h = try Harness(Self.files)
    let result = h.call("show", selector, "--json")
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    #expect(json["path"] as? String == path)
    #expect(json["body"] is String)
  }

  /// `today`, `yesterday`, `3 days ago`, `어제` name the entry of that day, as `--on` takes them.
  @Test func wordsForDaysAreSelectors() throws {
    let seoul = TimeZone.seoul
    func day(_ offset: Int) -> String {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = seoul
      let date = calendar.date(byAdding: .day, value: offset, to: Date())!
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
    let h = try Harness([
      "t.md": entry("7777AAAA", day(0) + "T12:00:00+09:00", "Today's"),
      "y.md": entry("7777BBBB", day(-1) + "T12:00:00+09:00", "Yesterday's"),
      "3.md": entry("7777CCCC", day(-3) + "T12:00:00+09:00", "Three days back"),
    ])
    for (selector, title) in [
      ("today", "Today's"), ("yesterday", "Yesterday's"), ("3 days ago", "Three days back"), ("오늘", "Today's"),
      ("어제", "Yesterday's"), ("3일 전", "Three days back"),
    ] {
      let shown = h.call("show", selector, "--json")
      #expect(shown.status == 0, "\(selector): \(shown.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
      #expect(json?["title"] as? String == title, "\(selector)")
    }
  }

  /// Two ids that share their first 8 characters: the suggested name picks one.
  @Test func anAmbiguousPrefixSuggestsANameThatIsNot() throws {
    let h = try Harness([
      "a.md": entry("ABCD1234-0000-4000-8000-000000000001", "2026-01-01T09:00:00+09:00", "First"),
      "b.md": entry("ABCD1234-1111-4000-8000-000000000002", "2026-01-02T09:00:00+09:00", "Second"),
    ])
    let ambiguous = h.call("show", "abcd")
    #expect(ambiguous.status == 1)
    let suggested = try #require(ambiguous.stderr.firstMatch(of: /e\.g\. `ilgi show ([^`]+)`/)?.1)
    #expect(suggested == "abcd1234-1")
    #expect(h.call("show", String(suggested), "--json").status == 0)
  }

  @Test func trashRestoreOfSomethingNotInTheTrashSaysWhereToLook() throws {
    let h = try Harness(Self.files)
    let result = h.call("trash", "restore", "0f8b6c0e")
    #expect(result.status == 66)
    #expect(result.stderr == "ilgi: nothing in the trash matches `0f8b6c0e`; `ilgi trash` lists what is there\n")
  }

  @Test func selectorFailuresSayWhatToDo() throws {
    let h = try Harness(Self.files)
    let before = h.journal.snapshot()
    let ambiguous = h.call("show", "2026-11-21")
    #expect(ambiguous.status == 1)
    #expect(
      ambiguous.stderr == """
        ilgi: `2026-11-21` matches 2 entries:
          0f8b7777  2026-11-21 22:14  저녁 산책  (2026/11/b.md)
          0f8b6c0e  2026-11-21 09:30  Morning run along the river  (2026/11/a.md)
        ilgi: name one by its id or path, e.g. `ilgi show 0f8b7777`

        """)
    let prefix = h.call("show", "0f8b")
    #expect(prefix.status == 1)
    #expect(prefix.stderr.hasPrefix("ilgi: `0f8b` matches 2 entries:\n"))
    let missing = h.call("show", "ffff0000")
    #expect(missing.status == 66)
    #expect(missing.stderr == "ilgi: no entry matches `ffff0000`; see `ilgi list` for ids, dates and paths\n")
    let invalid = h.call("show", "abc")
    #expect(invalid.status == 64)
    #expect(
      invalid.stderr
        == "ilgi: `abc` is not an entry selector; use an id (4+ characters), `last`, a path like 2026/11/….md, a date YYYY-MM-DD, or a day like `today` or `yesterday`\n"
    )
    let escape = h.call("show", "../outside.md")
    #expect(escape.status == 64)
    let both = h.call("show", "last", "--raw", "--json")
    #expect(both.status == 64)
    #expect(both.stderr.hasPrefix("Error: choose one of --html, --raw and --json\n"))
    #expect(h.journal.snapshot() == before)
  }

  /// `show --all` reads a day or a span whole, as jrnl prints full entries: every entry, oldest
  /// first, in each of show's formats.
  @Test func showAllReadsEveryEntryOfADayOrASpan() throws {
    let h = try Harness(Self.files)
    let day = h.call("show", "--all", "2026-11-21")
    #expect(day.status == 0, "\(day.stderr)")
    let morning = try #require(day.stdout.range(of: "Morning run along the river"))
    let evening = try #require(day.stdout.range(of: "저녁 산책"))
    #expect(morning.lowerBound < evening.lowerBound, "oldest first")
    #expect(day.stdout.contains("Eight kilometres") && day.stdout.contains("강을 따라 걸었다."))
    #expect(!day.stdout.contains("October"))
    let month = h.call("show", "--all", "2026-11", "--json")
    let objects = try JSONSerialization.jsonObject(with: Data(month.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(objects.compactMap { $0["title"] as? String } == ["Morning run along the river", "저녁 산책"])
    let raw = h.call("show", "--all", "2026-11-21", "--raw")
    #expect(raw.stdout == (h.journal.text("2026/11/a.md") ?? "") + (h.journal.text("2026/11/b.md") ?? ""))
    let year = h.call("show", "--all", "2026", "--html")
    #expect(year.stdout.components(separatedBy: "<h1>").count == 4, "\(year.stdout)")
    let empty = h.call("show", "--all", "2026-11-22")
    #expect(empty.status == 0)
    #expect(empty.stderr == "No entries on 2026-11-22.\n")
    let bad = h.call("show", "--all", "someday")
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "ilgi: `someday` is not a day or a span for --all; use today, yesterday, 2026-11-21, 2026-11, 2026 or 'last week'\n"
    )
  }

  @Test func showRendersForTheTerminalWithoutEscapesWhenPiped() throws {
    let h = try Harness(Self.files)
    // One entry's header has room for the weekday, in the language's own order.
    #expect(h.call("show", "last", "--locale", "ko").stdout.contains("2026년 11월 21일 토요일 22:14\n"))
    let result = h.call("show", "last")
    #expect(
      result.stdout == """
        저녁 산책
        Saturday, November 21, 2026 22:14
        2026/11/b.md

        강을 따라 걸었다.

        • 하나
        • 둘

            code here

        link <https://example.org>

        """)
    let raw = h.call("show", "last", "--raw")
    #expect(raw.stdout == Self.files["2026/11/b.md"])
    let html = h.call("show", "0f8b6c0e", "--html")
    #expect(
      html.stdout
        == "<h1>Morning run along the river</h1>\n<p>Cold but bright. <strong>Eight kilometres</strong>, new best.</p>\n"
    )
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
    let h = try Harness(Self.files)
    let coloured = try h.runOnTerminal("show 0f8b6c0e", env: ["TERM": "xterm"])
    #expect(coloured.stdout.contains("\u{1B}[1mEight kilometres\u{1B}[22m"))
    let plain = try h.runOnTerminal("show 0f8b6c0e", env: ["TERM": "xterm", "NO_COLOR": "1"])
    #expect(plain.status == 0)
    #expect(!plain.stdout.contains("\u{1B}"))
    #expect(plain.stdout.contains("**Eight kilometres**"))
  }

  /// A search on a terminal highlights the words found with colour, in both languages, while an
  /// escape written in the entry still never reaches the terminal.
  @Test(arguments: [("river", "river"), ("강을", "강을")])
  func searchHighlightsOnATerminal(_ query: String, _ highlighted: String) throws {
    var files = Self.files
    files["2026/11/x.md"] = entry(
      "EEEE0001", "2026-11-22T08:00:00+09:00", "Bridge", body: "By the river \u{1B}[2J again, 강을 보며.")
    let h = try Harness(files)
    let result = try h.runOnTerminal("search \(query)", env: ["TERM": "xterm"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}[1;33m\(highlighted)\u{1B}[0m"), "\(result.stdout)")
    #expect(!result.stdout.replacingOccurrences(of: "\u{1B}[1;33m", with: "").contains("[1;33m"))
    #expect(!result.stdout.contains("\u{1B}[2J"))
  }

  /// An empty list in JSON is `[]`, as every JSON tool writes it (Foundation wrote `[`, a blank
  /// line and `]`), and so is an entry's empty list inside.
  @Test func emptyJSONListsAreWrittenAsBrackets() throws {
    let h = try Harness(Self.files)
    #expect(h.call("search", "--json", "zzzznothing").stdout == "[]\n")
    #expect(h.call("list", "--json", "--tag", "nosuchtag").stdout == "[]\n")
    let shown = h.call("show", "--json", "last").stdout
    #expect(!shown.contains("[\n\n"), "\(shown)")
  }

  /// ilgi writes UTF-8 whatever the locale: under a `LANG` whose locale the machine lacks, the
  /// real less still shows Korean (it is told `LESSCHARSET=utf-8`), not `<EB><85>`.
  @Test func theRealLessShowsKoreanUnderALocaleTheMachineLacks() throws {
    let h = try Harness([
      "2026/11/walk.md": entry("AAAA7777", "2026-11-21T09:30:00+09:00", "저녁 산책", body: "강가를 걸었다.")
    ])
    var environment = h.environment.merging(["TERM": "xterm", "PAGER": "less", "LESS": "R"]) { $1 }
    environment["LANG"] = "ko_KR.UTF-8"
    environment["LC_ALL"] = "ko_KR.UTF-8"
    environment["LESSCHARSET"] = nil
    let result = try ChildProcess.run(
      ["/usr/bin/script", "-qec", "timeout --foreground 20 '\(IlgiProcess.binary)' list", "/dev/null"],
      environment: environment, input: Array("q".utf8), mergingErrors: true)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("저녁 산책"), "\(result.stdout)")
    #expect(!result.stdout.contains("<EC>"), "\(result.stdout)")
  }

  /// The real less on a pseudo-terminal: it is started in ilgi's own process group, the
  /// terminal's foreground one, so it shows the list and quits on `q` (in a group of its own it
  /// was stopped the moment it touched the terminal, and ilgi waited for it for ever).
  @Test(arguments: ["list", "search river"])
  func theRealLessShowsTheOutputAndQuits(_ command: String) throws {
    let h = try Harness(Self.files)
    let result = try ChildProcess.run(
      ["/usr/bin/script", "-qec", "timeout --foreground 20 '\(IlgiProcess.binary)' \(command)", "/dev/null"],
      environment: h.environment.merging(["TERM": "xterm", "PAGER": "less", "LESS": "R"]) { $1 },
      input: Array("q".utf8), mergingErrors: true)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("Morning run"), "\(result.stdout)")
  }

  /// On a terminal, long output goes through the pager (ILGI_PAGER before PAGER), never with
  /// --no-pager or into a pipe; previews are cut to the terminal's width there, whole elsewhere.
  @Test func outputIsPagedOnATerminalAndPreviewsFitIt() throws {
    var files = Self.files
    let body = String(repeating: "산책 and a walk by the river. ", count: 12)
    files["2026/11/long.md"] = entry("AAAA9999", "2026-11-22T08:00:00+09:00", "Long", body: body)
    let h = try Harness(files)
    let pager = try h.journal.script("pager.sh", "#!/bin/sh\necho PAGED-BY-ILGI-PAGER\ncat\n")
    let terminal = ["TERM": "dumb", "ILGI_PAGER": pager, "PAGER": "false", "COLUMNS": "50"]
    func width(_ line: Substring) -> Int {
      line.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
    for command in ["list", "search river", "show last", "onthisday 2027-11-21"] {
      let paged = try h.runOnTerminal(command, env: terminal)
      #expect(paged.stdout.contains("PAGED-BY-ILGI-PAGER"), "\(command): \(paged.stdout)")
      let direct = try h.runOnTerminal(command + " --no-pager", env: terminal)
      #expect(!direct.stdout.contains("PAGED-BY-ILGI-PAGER"), "\(command)")
    }
    let listed = try h.runOnTerminal("list", env: terminal).stdout.replacingOccurrences(of: "\r", with: "")
    let previews = listed.split(separator: "\n").filter { $0.hasPrefix("          ") }
    #expect(previews.count == 5)
    for line in previews { #expect(width(line) <= 50, "`\(line)`") }
    #expect(previews.contains { $0.hasSuffix("…") })
    // A search's snippets too.
    let searched = try h.runOnTerminal("search river --no-pager", env: terminal).stdout
      .replacingOccurrences(of: "\r", with: "")
    let snippets = searched.split(separator: "\n").filter { $0.hasPrefix("          ") }
    #expect(!snippets.isEmpty, "\(searched)")
    for line in snippets { #expect(width(line) <= 50, "`\(line)`") }
    #expect(snippets.contains { $0.hasSuffix("…") }, "\(searched)")
    let piped = h.call("list", env: ["ILGI_PAGER": pager, "COLUMNS": "50"])
    #expect(!piped.stdout.contains("PAGED-BY-ILGI-PAGER"))
    #expect(piped.stdout.contains("산책 and a walk by the river. 산책 and a walk by the river. 산책"))
  }

  @Test func escapeSequencesInEntriesNeverReachTheTerminal() throws {
    let h = try Harness([
      "x.md": entry("EEEE0000", "2026-01-01T00:00:00Z", "Title \u{1B}]0;pwned\u{07}", body: "Body \u{1B}[2J cleared")
    ])
    let list = h.call("list")
    let show = h.call("show", "last")
    #expect(!list.stdout.contains("\u{1B}"))
    #expect(!show.stdout.contains("\u{1B}"))
  }

  /// A bidirectional override (U+202E) or isolate in an entry would reorder what the terminal
  /// shows (`txt.exe` for `exe.txt`): each reaches the terminal as a visible mark of itself.
  @Test func bidirectionalControlsReachTheTerminalAsMarks() throws {
    let h = try Harness([
      "x.md": entry(
        "EEEE0001", "2026-01-01T00:00:00Z", "Invoice \u{202E}fdp.exe",
        body: "Open \u{2067}this\u{2069} file \u{202B}now")
    ])
    for arguments in [["list"], ["show", "last"], ["search", "file"], ["tags"]] {
      let result = InProcess.run(arguments, environment: h.environment, directory: h.journal.base)
      let bidi = result.stdout.unicodeScalars.filter {
        (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      }
      #expect(bidi.isEmpty, "\(arguments): \(result.stdout)")
    }
    #expect(h.call("list").stdout.contains("Invoice <U+202E>fdp.exe"))
    #expect(h.call("show", "last").stdout.contains("Open <U+2067>this<U+2069> file <U+202B>now"))
  }

  @Test func renderTurnsAnyMarkdownIntoTheEntryHTML() throws {
    let h = try Harness()
    let stdin = h.call("render", input: "**bold** <script>alert(1)</script> [x](javascript:alert(1))\n")
    #expect(
      stdin.stdout
        == "<p><strong>bold</strong> <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --> <a href=\"\">x</a></p>\n"
    )
    let allowed = h.call("render", "--allow-raw-html", input: "<b>x</b>\n")
    #expect(allowed.stdout == "<p><b>x</b></p>\n")
    try h.journal.write("note.md", "---\nid: X\n---\n# Heading\n")
    let file = h.call("render", h.journal.root + "/note.md")
    #expect(file.stdout == "<h1>Heading</h1>\n")
    let missing = h.call("render", "nope.md")
    #expect(missing.status == 66)
    #expect(missing.stderr == "ilgi: nope.md: no such file or directory; check the path\n")
    try h.journal.write("bin.md", [0x00, 0x01])
    let binary = h.call("render", h.journal.root + "/bin.md")
    #expect(binary.status == 65)
    #expect(binary.stderr == "ilgi: \(h.journal.root)/bin.md: is a binary file, not Markdown text; convert it first\n")
  }

  /// `--help` in Korean is Korean throughout, for ilgi itself and for a command, and the
  /// paragraphs of every command's help wrap evenly instead of at the catalog's own line ends.
  @Test func helpIsInOneLanguageAndWrapsEvenly() throws {
    let h = try Harness()
    let root = h.call("--locale", "ko", "--help")
    #expect(root.stdout.hasPrefix("개요: 평범한 마크다운 파일로 쓰는 일기장."), "\(root.stdout.prefix(200))")
    let list = h.call("--locale", "ko", "list", "--help")
    #expect(list.stdout.hasPrefix("개요: 일기 목록을 최근 것부터"), "\(list.stdout.prefix(200))")
    #expect(!list.stdout.contains("Files that cannot be read"))
    let commands = [
      "init", "new", "list", "search", "show", "edit", "delete", "trash", "drafts", "onthisday", "tags", "stats",
      "doctor", "index", "render", "config", "weather", "import", "export", "serve", "templates", "share", "sync",
      "log",
    ]
    for locale in ["en", "ko"] {
      for command in commands {
        let help = h.call(command, "--help", "--locale", locale).stdout
        let prose = help.components(separatedBy: locale == "en" ? "USAGE:" : "사용법:")[0]
          .split(separator: "\n", omittingEmptySubsequences: false)
        for (line, next) in zip(prose, prose.dropFirst())
        where !line.isEmpty && !next.isEmpty && !line.hasPrefix(" ") && !next.hasPrefix(" ") && !line.hasSuffix(":")
          && !next.hasPrefix("- ")
        {
          #expect(line.count >= (locale == "en" ? 60 : 30), "\(command) --help (\(locale)): `\(line)`")
        }
      }
    }
  }

  @Test func helpTeachesByExample() throws {
    let h = try Harness()
    for command in ["init", "new", "list", "show", "edit", "delete", "trash", "drafts", "render"] {
      let help = h.call(command, "--help")
      #expect(help.status == 0)
      #expect(help.stdout.contains("Example"), "\(command) --help has no example")
    }
    let root = h.call("--help")
    #expect(root.stdout.contains("Exit status: 0 success, 1 failure, 64 bad usage"))
  }
}
