import Foundation
import IlgiTestSupport
import Testing

/// `search`, filters, `index`, `tags`, `stats`, `onthisday` and `doctor` through the binary.
@Suite struct IndexCLITests {
  static func environment(_ journal: String) -> [String: String] {
    var environment = IlgiProcess.baseEnvironment(home: NSTemporaryDirectory())
    environment["ILGI_JOURNAL"] = journal
    return environment
  }

  static func count(_ result: IlgiProcess.Result) throws -> Int {
    try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any]).count
  }

  /// jrnl's way of asking, typed as a jrnl user types it, means what jrnl means: one-dash
  /// days, `-contains`, `-starred`, `-N`, `@tags` (any of them, all with `-and`), `-not @tag`;
  /// with no command, after `list` and after `search`. Other commands keep their words.
  @Test func jrnlsOneDashFiltersMeanWhatJrnlMeans() throws {
    let h = try Harness([
      "2024/03/a.md": entry("AAAA0000", "2024-03-02T09:00:00+09:00", "Pears", extra: "tags: [fruit]\n"),
      "2024/03/b.md": entry("BBBB0000", "2024-03-05T09:00:00+09:00", "Apples", extra: "tags: [fruit, walk]\n"),
      "2026/11/c.md": entry("CCCC0000", "2026-11-20T09:00:00+09:00", "River", extra: "tags: [walk]\nstarred: true\n"),
    ])
    func titles(_ arguments: [String]) -> [String] {
      let result = InProcess.run(arguments, environment: h.environment, directory: h.journal.base)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      // A row is `id  date  title`; a starred one's title begins with a star.
      let rows = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
      return rows.compactMap {
        $0.split(separator: "  ").last.map { String($0).replacingOccurrences(of: "★ ", with: "") }
      }
    }
    #expect(titles(["-on", "2024-03-02"]) == ["Pears"])
    #expect(titles(["list", "-on", "2024-03-02"]) == ["Pears"])
    #expect(titles(["-from", "2024-03-03", "-to", "2024-12-31"]) == ["Apples"])
    #expect(titles(["-contains", "pears"]) == ["Pears"])
    #expect(titles(["search", "-contains", "apples", "-on", "2024-03"]) == ["Apples"])
    #expect(titles(["-starred"]) == ["River"])
    #expect(titles(["-2"]) == ["River", "Apples"])
    #expect(titles(["@fruit", "@walk"]) == ["River", "Apples", "Pears"])
    #expect(titles(["@fruit", "@walk", "-and"]) == ["Apples"])
    #expect(titles(["-not", "@fruit"]) == ["River"])
    // After `--` words are words; a search keeps its exclusions, and its `-2024` is one.
    #expect(titles(["search", "-starred", "--", "river"]) == ["River"])
    #expect(titles(["search", "@fruit", "-apples"]) == ["Pears"])
    #expect(titles(["-contains", "Apples", "-not", "2026"]) == ["Apples"])
    let bare = h.call("-contains")
    #expect(bare.status == 64)
    #expect(bare.stderr.hasPrefix("Error: -contains needs what it asks for after it, as in ilgi -contains pears"))
    // Another command's words stay its own.
    let made = h.call("new", "A note -on the way @home")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(h.journal.text(made.stdout.trimmingCharacters(in: .newlines))?.contains("A note -on the way @home") == true)
    // Written with `@` or `#`, a tag is one tag, found written either way.
    #expect(h.call("new", "Standup", "notes @work #meeting, mail bob@example.com").status == 0)
    for tag in ["work", "@work", "#work", "meeting", "@meeting"] {
      #expect(titles(["list", "--tag", tag]) == ["Standup"], "\(tag)")
    }
    #expect(titles(["list", "--tag", "example"]).isEmpty)
    // Listed by name, as `--tag` takes it: neither sigil is put on a tag written with the other.
    #expect(h.call("new", "Coffee", "#work again").status == 0)
    let listed = h.call("tags")
    #expect(listed.status == 0)
    let lines = listed.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("2  work") && lines.contains("1  meeting") && lines.contains("1  home"), "\(lines)")
    #expect(!listed.stdout.contains("#") && !listed.stdout.contains("@"), "\(listed.stdout)")
  }

  @Test func twoProcessesRefreshingAtOnceLoseNothing() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 5)
    let environment = Self.environment(corpus.journal)
    let results = UnsafeMutableBufferPointer<IlgiProcess.Result?>.allocate(capacity: 4)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    nonisolated(unsafe) let output = results
    DispatchQueue.concurrentPerform(iterations: 4) { i in
      output[i] = try? IlgiProcess.run(i % 2 == 0 ? ["index"] : ["list", "--json"], environment: environment)
    }
    for result in results {
      let result = try #require(result)
      #expect(result.status == 0)
      #expect(result.stderr == "")
    }
    #expect(try Self.count(results[1]!) == 1000)
    #expect(try Self.count(results[3]!) == 1000)
    let again = try IlgiProcess.run(["index"], environment: environment)
    #expect(again.stdout.hasPrefix("1000 entries indexed: 0 added, 0 updated, 0 removed, 0 moved, 0 unreadable"))
  }

  /// A rebuild empties the index in one step while other processes read and rebuild it too:
  /// each waits for the other's write, none fails, and every list has every entry.
  @Test func rebuildsBesideReadersLoseNothing() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 7)
    let environment = Self.environment(corpus.journal)
    #expect(try IlgiProcess.run(["index"], environment: environment).status == 0)
    let results = UnsafeMutableBufferPointer<IlgiProcess.Result?>.allocate(capacity: 6)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    nonisolated(unsafe) let output = results
    DispatchQueue.concurrentPerform(iterations: 6) { i in
      output[i] = try? IlgiProcess.run(
        i % 3 == 0 ? ["index", "--rebuild"] : ["list", "--json"], environment: environment)
    }
    for (i, result) in results.enumerated() {
      let result = try #require(result)
      #expect(result.status == 0)
      #expect(result.stderr == "")
      if i % 3 != 0 { #expect(try Self.count(result) == 1000) }
    }
    let again = try IlgiProcess.run(["index"], environment: environment)
    #expect(again.stdout.hasPrefix("1000 entries indexed: 0 added, 0 updated, 0 removed, 0 moved, 0 unreadable"))
  }

  @Test func aRebuildKilledMidwayIsRepairedByTheNextCommand() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 6)
    let environment = Self.environment(corpus.journal)
    for delay in [20_000, 60_000, 120_000] as [useconds_t] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: IlgiProcess.binary)
      process.arguments = ["index", "--rebuild"]
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(delay)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let list = InProcess.run(["list", "--json"], environment: environment)
      #expect(list.status == 0)
      #expect(try Self.count(list) == 1000)
    }
  }

  @Test func searchAndFiltersOnTheGeneratedJournal() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    let environment = Self.environment(corpus.journal)
    for (word, needle) in corpus.manifest.needles {
      let result = InProcess.run(["search", word, "--json"], environment: environment)
      #expect(result.status == 0)
      let hits = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
      #expect(Set(hits.compactMap { $0["path"] as? String }) == Set(needle.paths))
      for hit in hits {
        #expect(Set(hit.keys) == ["id", "date", "title", "preview", "tags", "weather", "path", "snippet", "rank"])
        #expect((hit["snippet"] as? String)?.contains("**") == true)
      }
    }
    for (year, count) in corpus.manifest.perYear {
      #expect(try Self.count(InProcess.run(["list", "--on", year, "--json"], environment: environment)) == count)
    }
    #expect(
      try Self.count(InProcess.run(["list", "--tag", "work", "--json"], environment: environment))
        == corpus.manifest.perTag["work"])
    #expect(
      try Self.count(InProcess.run(["list", "--tag", "산책", "--json"], environment: environment))
        == corpus.manifest.perTag["산책"])
    for (day, count) in corpus.manifest.sampleDays {
      #expect(try Self.count(InProcess.run(["list", "--on", day, "--json"], environment: environment)) == count)
    }
    // A search shows 50 unless told, and says how many there are when there are more.
    let tagged = try #require(corpus.manifest.perTag["work"])
    try #require(tagged > 50)
    let cut = InProcess.run(["search", "tag:work"], environment: environment)
    #expect(cut.status == 0)
    #expect(cut.stdout.components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix(" ") }.count == 50)
    #expect(cut.stderr == "Showed 50 of \(tagged) matches; -n \(tagged) shows them all.\n")
    let all = InProcess.run(["search", "tag:work", "-n", "\(tagged)"], environment: environment)
    #expect(all.stderr == "")
    #expect(InProcess.run(["search", "tag:work", "-n", "7"], environment: environment).stderr == "")
    #expect(try Self.count(InProcess.run(["search", "tag:work", "--json"], environment: environment)) == tagged)
    let few = try #require(corpus.manifest.needles.first { $0.value.paths.count < 50 })
    #expect(InProcess.run(["search", few.key], environment: environment).stderr == "")
    let range = InProcess.run(["list", "--from", "2024", "--to", "2025-12", "--json"], environment: environment)
    #expect(try Self.count(range) == corpus.manifest.perYear["2024"]! + corpus.manifest.perYear["2025"]!)
    let reversed = InProcess.run(["list", "--reverse", "-n", "1", "--json"], environment: environment)
    #expect(reversed.stdout.contains(corpus.manifest.firstDate))
    let tags = InProcess.run(["tags", "--json"], environment: environment)
    let tagCounts = try #require(try JSONSerialization.jsonObject(with: Data(tags.stdout.utf8)) as? [[String: Any]])
    #expect(tagCounts.first?["tag"] as? String == "work")
    #expect(tagCounts.first?["count"] as? Int == corpus.manifest.perTag["work"])
    let stats = InProcess.run(["stats", "--json"], environment: environment)
    let statsJSON = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    #expect(statsJSON["entries"] as? Int == 1000)
    #expect(statsJSON["perYear"] as? [String: Int] == corpus.manifest.perYear)
    let doctor = InProcess.run(["doctor"], environment: environment)
    #expect(doctor.status == 0)
    #expect(doctor.stdout == "1000 entries, no problems found.\n")
  }

  @Test func searchErrorsAndEmptyResults() throws {
    let h = try Harness([
      "a.md": entry(
        "AAAA0000-0000-4000-8000-000000000001", "2026-11-20T09:00:00+09:00", "산책", body: "학교에서 공원까지 산책을 했다. #walk")
    ])
    let bad = h.call("search", "\"open")
    #expect(bad.status == 64)
    #expect(bad.stderr == "ilgi: search: a quote is not closed; add the closing \" after the phrase\n")
    // `-n 0` would list nothing and say no entry matches.
    for arguments in [["search", "학교", "-n", "0"], ["list", "-n", "0"], ["list", "--limit=-3"]] {
      let refused = InProcess.run(arguments, environment: h.environment, directory: h.journal.base)
      #expect(refused.status == 64, "\(arguments)")
      let value = arguments.last!.split(separator: "=").last!
      #expect(refused.stderr.hasPrefix("Error: -n must be 1 or more, not \(value)"), "\(refused.stderr)")
    }
    let badDay = h.call("list", "--from", "someday")
    #expect(badDay.status == 64)
    #expect(badDay.stderr.hasPrefix("Error: --from `someday` is not a day;"))
    let none = h.call("search", "zebra")
    #expect(none.status == 0)
    #expect(none.stderr == "No entries match.\n")
    let found = h.call("search", "학교")
    #expect(found.stdout == "aaaa0000  November 20, 2026 09:00  산책\n          학교에서 공원까지 산책을 했다. #walk\n")
    // A particle or ending typed with the word is taken off, as the text's forms all begin
    // with the stem: `공원을` finds `공원까지`, `산책하며` finds `산책을`.
    for query in ["공원을", "산책하며", "학교에서는"] {
      #expect(h.call("search", query).stdout == found.stdout, "\(query)")
    }
    // An exclusion may come first; an option search does not have is still an error.
    let excluded = h.call("search", "-학교", "산책")
    #expect(excluded.status == 0)
    #expect(excluded.stderr == "No entries match.\n")
    let first = h.call("search", "-bike", "산책", "-n", "5")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("산책"))
    // `-tag:x` and `NOT tag:x` leave out the entries tagged x, in any case.
    for words in [["--", "산책", "-tag:WALK"], ["산책", "NOT", "#walk"], ["--", "-tag:walk"], ["-tag:walk", "산책"]] {
      let untagged = InProcess.run(["search"] + words, environment: h.environment, directory: h.journal.base)
      #expect(untagged.status == 0 && untagged.stderr == "No entries match.\n", "\(words): \(untagged.stderr)")
    }
    // An exclusion whose letters the parser would read as its short options (`-n` takes a
    // value) is an exclusion all the same; `-n 5` is the limit.
    for words in [["산책", "-tag:run"], ["산책", "-run"], ["-nothing", "산책", "-n", "5"], ["산책", "-h1"]] {
      let kept = InProcess.run(["search"] + words, environment: h.environment, directory: h.journal.base)
      #expect(kept.stdout == found.stdout, "\(words): \(kept.stderr)")
    }
    // A word of the query may start with -J; what follows an option that takes a value is that
    // value, never an exclusion (a value that looks like an option is refused, as always).
    let jeju = InProcess.run(["search", "-Jeju", "산책"], environment: h.environment, directory: h.journal.base)
    #expect(jeju.stdout == found.stdout, "\(jeju.stderr)")
    let help = h.call("search", "--help").stdout
    var withValues: [String] = []
    for line in help.split(separator: "\n") where line.contains(" <") {
      let names = line.split(separator: " ").prefix { !$0.hasPrefix("<") }
      withValues += names.map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
        .filter { $0.hasPrefix("-") }
    }
    #expect(withValues.contains("--from") && withValues.contains("-n"), "\(withValues)")
    for option in withValues {
      let refused = InProcess.run(
        ["search", "산책", option, "-x"], environment: h.environment, directory: h.journal.base)
      #expect(refused.status == 64 && !refused.stderr.contains("NOT"), "\(option) -x: \(refused.stderr)")
    }
    // `--` ends the options and is no word of the query, wherever it stands.
    for words in [["--", "산책"], ["산책", "--"], ["--", "-bike", "산책"]] {
      let ended = InProcess.run(["search"] + words, environment: h.environment, directory: h.journal.base)
      #expect(ended.status == 0, "\(words): \(ended.stderr)")
      #expect(ended.stdout == found.stdout, "\(words)")
    }
    let unknown = h.call("search", "산책", "--jsno")
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("Error: `--jsno` is not an option of search; `ilgi search --help` lists them\n"))
    let korean = h.call("list", "--on", "어제", env: ["TZ": "Asia/Seoul"])
    #expect(korean.status == 0)
  }

  @Test func doctorReportsProblemsAndExits1() throws {
    let h = try Harness([
      "a.md": entry("DUPE0000", "2026-01-01T09:00:00+09:00", "One"),
      "b.md": entry("DUPE0000", "2026-01-02T09:00:00+09:00", "Two"),
      "c.md": "---\nid: C\ndate: next week\n---\nThree\n",
      "d.md": "---\nid: [\n---\nFour\n",
    ])
    let result = h.call("doctor")
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        d.md:2: front matter is not valid YAML (while parsing a flow node: did not find expected node content); fix that line
        id DUPE0000 is used by 2 files: a.md, b.md; give each its own id
        c.md: `date: next week` is not a date; using the file's name or time

        """)
    #expect(result.stderr == "ilgi: found 3 problems in 3 entries; see above\n")
  }

  @Test func indexRebuildReportsWhatItDid() throws {
    let h = try Harness(["a.md": entry("AAAA0000", "2026-01-01T09:00:00+09:00", "One")])
    #expect(
      h.call("index").stdout.hasPrefix("1 entry indexed: 1 added, 0 updated, 0 removed, 0 moved, 0 unreadable"))
    #expect(h.call("index", "--rebuild").stdout.hasPrefix("1 entry indexed: 1 added, 0 updated"))
    // No tags: `tags` says so and how to make one, and --json is an empty list.
    let tags = h.call("tags")
    #expect(tags.status == 0 && tags.stdout == "")
    #expect(tags.stderr == "No tags yet. Write `#tag` in an entry, or add one with `ilgi new --tag NAME`.\n")
    #expect(h.call("tags", "--json").stdout.filter { !$0.isWhitespace } == "[]")
    #expect(h.journal.snapshot().isEmpty == false)
    var info = stat()
    #expect(stat(h.journal.root + "/.ilgi/index.sqlite", &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func onThisDayFindsEarlierYears() throws {
    let h = try Harness([
      "a.md": entry("AAAA0000", "2024-05-01T09:00:00+09:00", "Two years before"),
      "b.md": entry("BBBB0000", "2025-05-01T09:00:00+09:00", "A year before"),
      "c.md": entry("CCCC0000", "2026-05-01T09:00:00+09:00", "This year"),
      "d.md": entry("DDDD0000", "2025-05-02T09:00:00+09:00", "Another day"),
    ])
    let result = h.call("onthisday", "2026-05-01")
    #expect(
      result.stdout == """
        1 year ago
        bbbb0000  May 1, 2025 09:00  A year before
                  Body text.

        2 years ago
        aaaa0000  May 1, 2024 09:00  Two years before
                  Body text.

        """)
  }
}

/// What `ilgi stats` draws must fit an 80-column terminal.
@Suite struct StatsLayoutTests {
  /// With a month of 1,000 entries the columns still stand apart, and the month names (wider
  /// in Korean than their characters) stand over their columns.
  @Test func thePerYearTableKeepsItsColumnsAtFourDigits() throws {
    let h = try Harness()
    for number in 0..<1000 {
      let time = String(format: "%02d:%02d", number / 60 % 24, number % 60)
      let day = String(format: "%02d", number % 28 + 1)
      try h.journal.write("bulk/\(number).md", entry("B\(number)", "2026-03-\(day)T\(time):00+09:00", "n"))
    }
    func width(_ text: Substring) -> Int {
      text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
    for locale in ["en", "ko"] {
      let result = h.call("stats", "--locale", locale)
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let row = try #require(lines.first { $0.hasPrefix("2026 ") })
      let header = try #require(lines.first { $0.hasSuffix(locale == "en" ? "Dec" : "12월") })
      let numbers = row.split(separator: " ")
      #expect(numbers.count == 14, "\(row)")  // year, total, twelve months: none run together
      #expect(numbers[4] == "1000", "\(row)")
      // Each month's name ends where its number ends, and the total's column is named.
      #expect(width(header) == width(row), "\(header)\n\(row)")
      let total = locale == "en" ? "Total" : "합계"
      #expect(header.split(separator: " ").first.map(String.init) == total, "\(header)")
      let named = try #require(header.range(of: total))
      let count = try #require(row.range(of: "1000"))
      #expect(width(header[..<named.upperBound]) == width(row[..<count.upperBound]), "\(header)\n\(row)")
    }
  }

  @Test func onThisDaySaysTheDayInTheLanguage() throws {
    let h = try Harness(["a.md": entry("AAAA0000", "2025-01-06T09:00:00+09:00", "One")])
    #expect(h.call("onthisday", "2026-11-23").stderr == "Nothing written on November 23 in earlier years.\n")
    #expect(h.call("onthisday", "2026-11-23", "--locale", "ko").stderr == "지난 해들의 11월 23일에 쓴 일기가 없습니다.\n")
  }

  @Test func theYearCalendarFitsEightyColumns() throws {
    let h = try Harness([
      "a.md": entry("AAAA0000", "2025-01-06T09:00:00+09:00", "One"),
      "b.md": entry("BBBB0000", "2025-12-31T09:00:00+09:00", "Two"),
    ])
    let result = h.call("stats", "--year", "2025")
    #expect(result.status == 0)
    let calendar = result.stdout.components(separatedBy: "2025\n").last ?? ""
    let lines = calendar.split(separator: "\n")
    #expect(lines.count == 9)  // month initials, seven weekdays, the key
    #expect(lines.allSatisfy { $0.count <= 80 })
    // 2025 starts on a Wednesday: the first Monday column is empty, January 6 has one entry.
    #expect(lines[1] == "Mon  ░" + String(repeating: "·", count: 51))
    #expect(lines[0] == "    J   F   M    A   M   J    J   A    S   O   N    D    ")
    #expect(lines[7] == "Sun ·" + String(repeating: "·", count: 51) + " ")
  }
}
