import Testing

@testable import IlgiFormat
@testable import IlgiIndex

@Suite struct SearchQueryTests {
  @Test(
    arguments: [
      ("river", "\"river\"*", nil, [String]()),
      ("산책 강", "\"산책\"* AND \"강\"*", nil, []),
      ("\"new best\" run", "\"new best\" AND \"run\"*", nil, []),
      ("rain OR snow walk", "(\"rain\"* OR \"snow\"*) AND \"walk\"*", nil, []),
      ("walk -rain NOT snow", "\"walk\"*", "\"rain\"* OR \"snow\"*", []),
      ("tag:travel seoul", "\"seoul\"*", nil, ["travel"]),
      ("#work", nil, nil, ["work"]),
      ("-rain", nil, "\"rain\"*", []),
      ("say \"he said \"\"hi\"\"\"", "\"say\"* AND \"he said \" AND \"hi\"", nil, []),
      ("col:umn (x) ^y", "\"col:umn\"* AND \"(x)\"* AND \"^y\"*", nil, []),
      ("café", "\"café\"*", nil, []),
      ("\u{1109}\u{1161}\u{11AB}\u{110E}\u{1162}\u{11A8}", "\"산책\"*", nil, []),
      // A Korean word's particle or ending is taken off: its stem finds every form.
      ("산책을", "\"산책\"*", nil, []),
      ("산책하며 바다에서", "\"산책\"* AND \"바다\"*", nil, []),
      ("산책했다", "\"산책\"*", nil, []),
      // Two syllables are left at least, and a phrase is searched as written.
      ("가을", "\"가을\"*", nil, []),
      ("고양이", "\"고양이\"*", nil, []),
      ("경기도", "\"경기도\"*", nil, []),
      ("여행 -경기도에서", "\"여행\"*", "\"경기도에서\"*", []),
      ("\"산책을 했다\"", "\"산책을 했다\"", nil, []),
      ("walking", "\"walking\"*", nil, []),
    ] as [(String, String?, String?, [String])])
  func queriesBecomeFTS5(_ text: String, _ match: String?, _ exclude: String?, _ tags: [String]) throws {
    let query = try SearchQuery(text)
    #expect(query.match == match)
    #expect(query.exclude == exclude)
    #expect(query.tags == tags)
  }

  /// `-tag:x`, `-#x` and `NOT tag:x` leave out the entries tagged x; alone they are a query.
  @Test(arguments: [
    ("walk -tag:Rain", ["Rain"]), ("-#work", ["work"]), ("NOT tag:travel -tag:home", ["travel", "home"]),
  ])
  func excludedTags(_ text: String, _ excluded: [String]) throws {
    let query = try SearchQuery(text)
    #expect(query.excludedTags == excluded)
    #expect(query.tags.isEmpty && query.exclude == nil)
  }

  @Test(arguments: [
    ("", "nothing to search for; give a word, a \"phrase\" or tag:name"),
    ("\"open", "a quote is not closed; add the closing \" after the phrase"),
    ("OR rain", "`OR` needs a word on each side, as in `rain OR snow`"),
    ("rain OR", "`OR` at the end needs a word after it, as in `rain OR snow`"),
    ("walk NOT", "`NOT` at the end needs a word after it, as in `walk NOT rain`"),
    ("tag:", "`tag:` needs a name, as in tag:travel"),
    ("rain OR -tag:x", "`tag:` cannot follow `OR`; use --any-tag for either of several tags"),
    ("NOT -tag:x", "`NOT NOT` means nothing; write `NOT word` once"),
    ("NOT NOT tag:x", "`NOT NOT` means nothing; write `NOT word` once"),
    ("!!! ???", "nothing to search for; give a word, a \"phrase\" or tag:name"),
  ])
  func badQueriesSayWhatToFix(_ text: String, _ message: String) {
    let problem = #expect(throws: SearchQuery.Problem.self) { try SearchQuery(text) }
    #expect(problem?.message == message)
  }
}

@Suite struct DayRangeTests {
  // 2026-11-21 is a Saturday.
  @Test(arguments: [
    ("2024-05-01", "2024-05-01", "2024-05-01"), ("2024-05", "2024-05-01", "2024-05-31"),
    ("2024-02", "2024-02-01", "2024-02-29"), ("2024", "2024-01-01", "2024-12-31"),
    ("today", "2026-11-21", "2026-11-21"), ("오늘", "2026-11-21", "2026-11-21"),
    ("yesterday", "2026-11-20", "2026-11-20"), ("어제", "2026-11-20", "2026-11-20"),
    ("그저께", "2026-11-19", "2026-11-19"), ("3 days ago", "2026-11-18", "2026-11-18"),
    ("3일 전", "2026-11-18", "2026-11-18"), ("last monday", "2026-11-16", "2026-11-16"),
    ("지난 월요일", "2026-11-16", "2026-11-16"), ("last saturday", "2026-11-14", "2026-11-14"),
    ("지난주", "2026-11-09", "2026-11-15"), ("last week", "2026-11-09", "2026-11-15"),
    ("this week", "2026-11-16", "2026-11-22"), ("last month", "2026-10-01", "2026-10-31"),
  ])
  func naturalDaysResolve(_ text: String, _ first: String, _ last: String) throws {
    let range = try #require(DayRange(parsing: text, today: "2026-11-21"))
    #expect(range == DayRange(first: first, last: last))
  }

  @Test(arguments: ["someday", "2024-13", "2024-02-30", "last funday", ""])
  func rejectsTheRest(_ text: String) {
    #expect(DayRange(parsing: text, today: "2026-11-21") == nil)
  }
}

@Suite struct JournalStatsTests {
  @Test func streaksAndCounts() {
    let days = [
      ("2026-11-21", 1, 10), ("2026-11-20", 2, 5), ("2026-11-18", 1, 1), ("2025-12-31", 1, 1),
      ("2026-01-01", 1, 1), ("2026-01-02", 1, 1), ("2026-01-03", 1, 1),
    ].map { (day: $0.0, entries: $0.1, words: $0.2) }
    let stats = JournalStats(days: days, today: "2026-11-21")
    #expect(stats.entries == 8)
    #expect(stats.words == 20)
    #expect(stats.days == 7)
    #expect(stats.longestStreak == .init(days: 4, from: "2025-12-31", to: "2026-01-03"))
    #expect(stats.currentStreak == .init(days: 2, from: "2026-11-20", to: "2026-11-21"))
    #expect(stats.perYear == ["2025": 1, "2026": 7])
    #expect(stats.perMonth["2026-11"] == 4)
    let later = JournalStats(days: days, today: "2026-11-25")
    #expect(later.currentStreak.days == 0)
    // An entry dated tomorrow (a plan) is counted, and neither ends the streak nor lengthens it.
    let planned = JournalStats(days: days + [(day: "2026-11-22", entries: 1, words: 3)], today: "2026-11-21")
    #expect(planned.entries == 9)
    #expect(planned.currentStreak == .init(days: 2, from: "2026-11-20", to: "2026-11-21"))
    #expect(planned.longestStreak == stats.longestStreak)
  }

  @Test func aCalendarYearHasEveryDayOnce() {
    let calendar = YearCalendar(year: 2024)
    let days = calendar.rows.flatMap { $0 }.compactMap { $0 }
    #expect(days.count == 366)
    #expect(Set(days).count == 366)
    #expect(calendar.rows[0][0] == "2024-01-01")  // a Monday
    #expect(calendar.monthStarts.count == 12)
  }
}
