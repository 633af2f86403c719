import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiMarkdown
@testable import IlgiStore

@Suite struct EntryReaderTests {
  let reader = EntryReader(timeZone: TimeZone.seoul)
  let mtime = Date(timeIntervalSince1970: 1_700_000_000)

  func read(_ text: String, path: String = "2026/11/x.md") throws -> Entry {
    try reader.read(Array(text.utf8), path: JournalPath(path), modified: mtime)
  }

  /// An Obsidian note (no `title`, no leading heading) is titled by its first line, as every
  /// diary entry is; its file name names it only through `title:` (docs/FORMAT.md).
  @Test func aNoteFromObsidianIsTitledByItsFirstLine() throws {
    let note = try read(
      "Met Jin at the café. We talked about the trip.\n\nMore later.\n", path: "Vault/Meeting with Jin.md")
    #expect(note.title == "Met Jin at the café. We talked about the trip.")
    #expect(note.body == "More later.\n")
    let titled = try read(
      "---\ntitle: Meeting with Jin\n---\nMet Jin at the café.\n", path: "Vault/Meeting with Jin.md")
    #expect(titled.title == "Meeting with Jin")
    #expect(titled.body.hasPrefix("Met Jin at the café."))
  }

  @Test func readsTheEntryOfFormatMD() throws {
    let entry = try read(
      "---\nid: 0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2026-11-21T09:30:00+09:00\nweather: Clear\ntags: [running, morning]\n---\nMorning run along the river\n\nCold but bright. **Eight kilometres**, new best.\n"
    )
    #expect(entry.id.rawValue == "0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D")
    #expect(!entry.idIsDerived)
    #expect(entry.date.iso8601 == "2026-11-21T09:30:00+09:00")
    #expect(entry.weather == "Clear")
    #expect(entry.tags == ["running", "morning"])
    #expect(entry.title == "Morning run along the river")
    #expect(entry.body == "Cold but bright. **Eight kilometres**, new best.\n")
    #expect(entry.preview == "Cold but bright. Eight kilometres, new best.")
  }

  @Test(arguments: [
    ("# Heading title\n\nBody", "Heading title", "Body"),
    ("\n\n  \nFirst non-blank\nTight body", "First non-blank", "Tight body"),
    ("## Closed heading ##\nx", "Closed heading", "x"),
    ("#hashtag is not a heading\nx", "#hashtag is not a heading", "x"),
    ("", "", ""),
    ("Only a title", "Only a title", ""),
    ("# Walk by [[Han river|the river]]\nx", "Walk by the river", "x"),
  ])
  func titleIsTheFirstNonBlankLine(_ content: String, _ title: String, _ body: String) throws {
    let entry = try read("---\nid: X\n---\n" + content)
    #expect(entry.title == title)
    #expect(entry.body == body)
  }

  @Test func frontMatterTitleWins() throws {
    let entry = try read("---\ntitle: From Hugo\ndate: 2024-05-01 10:00\n---\nFirst line stays in the body\n")
    #expect(entry.title == "From Hugo")
    #expect(entry.body == "First line stays in the body\n")
    #expect(entry.date.iso8601 == "2024-05-01T10:00:00+09:00")
  }

  @Test func previewIsOneLineOfPlainText() throws {
    let long = String(repeating: "word ", count: 60)
    let entry = try read("T\n\n## Sub\n\n- [link](https://x.example) and `code`\n- <b>raw</b>\n\n\(long)")
    #expect(entry.preview.hasPrefix("Sub link and code raw word word"))
    #expect(!entry.preview.contains("\n"))
    #expect(entry.preview.hasSuffix("…"))
    #expect(entry.preview.count <= EntryReader.previewLength + 1)
  }

  @Test func inlineTagsCountOnlyInText() throws {
    let entry = try read(
      """
      ---
      tags: Work
      ---
      # Title #titletag

      A day of #running and #산책, not #1 or a#b.

      `#inlinecodetag` and <span style="color:#ecf1e8">x</span> [link](#anchor)

      ```
      #fencedtag
      ```
      #work again #running
      """)
    #expect(entry.tags == ["Work", "titletag", "running", "산책"])
  }

  @Test func aFileWithoutFrontMatterTakesItsDateFromItsName() throws {
    let entry = try read("Notes on the evening\n\nBody", path: "2023/11/2023-11-17.md")
    #expect(entry.idIsDerived)
    #expect(entry.id == EntryID.derived(from: JournalPath("2023/11/2023-11-17.md")))
    #expect(entry.date.iso8601 == "2023-11-17T00:00:00+09:00")
    let timed = try read("x", path: "old/2023-11-10-0643-evening-run.md")
    #expect(timed.date.iso8601 == "2023-11-10T06:43:00+09:00")
    let plain = try read("x", path: "notes/untitled.md")
    #expect(plain.date.instant == mtime)
  }

  @Test func derivedIdsAreStableAndDistinct() {
    let a = EntryID.derived(from: JournalPath("2023/11/2023-11-17.md"))
    #expect(a == EntryID.derived(from: JournalPath("2023/11/2023-11-17.md")))
    #expect(a != EntryID.derived(from: JournalPath("2023/11/2023-11-18.md")))
    #expect(UUID(uuidString: a.rawValue) != nil)
  }

  @Test func aDateThatIsNoDateFallsBackAndIsNoted() throws {
    let entry = try read("---\nid: X\ndate: last tuesday\n---\nT", path: "2022/01/2022-01-05-1200-t.md")
    #expect(entry.date.iso8601 == "2022-01-05T12:00:00+09:00")
    #expect(entry.notes.count == 1)
  }

  @Test func aListWhereTheIdShouldBeIsAnError() throws {
    #expect {
      try read("---\nweather: x\nid: [1, 2]\n---\nT")
    } throws: { error in
      (error as? EntryReadError)?.summary == "2026/11/x.md:3:1: front matter key `id` must be one value, a UUID"
    }
  }

  @Test func crlfAndBOMEntriesReadCleanly() throws {
    let entry = try read(
      "\u{FEFF}---\r\nid: X\r\ndate: 2023-11-10T09:25:00+00:00\r\n---\r\n# Title\r\n\r\nBody #tag\r\n")
    #expect(entry.title == "Title")
    #expect(entry.tags == ["tag"])
    #expect(entry.date.iso8601 == "2023-11-10T09:25:00+00:00")
    #expect(entry.preview == "Body #tag")
  }

  @Test func theTitleAndBodyFoundInTheBytesAreThoseOfTheLines() {
    // Blank lines of spaces, tabs, CRs and Unicode spaces, Hangul and Han titles, headings.
    let pieces = [
      " ", "\t", "\r", "\n", "\r\n", "#", "a", "산책", "漢", "\u{3000}", "\u{A0}", "\u{0B}", "\u{2028}", "😀", "é",
    ]
    var state: UInt64 = 42
    var unsure = 0
    for _ in 0..<3000 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for step in 0..<Int(state >> 59) {
        let pick = Int((state >> UInt64(step % 50)) % UInt64(pieces.count))
        text += pieces[pick]
      }
      let lines = EntryReader.splitLines(text)
      #expect(EntryReader.splitTitle(text) == lines, "\(Array(text.unicodeScalars))")
      if let quick = EntryReader.quickSplit(text) { #expect(quick == lines) } else { unsure += 1 }
    }
    for text in [
      "", "\n\n", "Title", "Title\n", "  \n# Title\n\n\nBody\n", "\u{3000}\n산책\r\n\r\n본문\n", "\t\n\u{A0}x\nb",
    ] {
      #expect(EntryReader.splitTitle(text) == EntryReader.splitLines(text))
    }
    // Most of the random texts take the quick way; lines of possible Unicode spaces do not.
    #expect(unsure > 0 && unsure < 1500)
    #expect(EntryReader.quickSplit("\u{3000}\nTitle\n").map(\.title) == nil)
  }
}

@Suite struct DateParserTests {
  let parser = DateParser(timeZone: TimeZone(identifier: "America/New_York") ?? .gmt)

  @Test(arguments: [
    ("2026-11-21T09:30:00+09:00", "2026-11-21T09:30:00+09:00"),
    ("2026-11-21 09:30:00 +0900", "2026-11-21T09:30:00+09:00"),
    ("2026-11-21T09:30Z", "2026-11-21T09:30:00+00:00"),
    ("2026-11-21t09:30:15.250-05:00", "2026-11-21T09:30:15-05:00"),
    ("2026-11-21T09:30+05:30", "2026-11-21T09:30:00+05:30"),
    ("2026-11-21", "2026-11-21T00:00:00-05:00"),
    ("2026-07-04 18:00", "2026-07-04T18:00:00-04:00"),
    ("  2026-11-21T09:30:00+09  ", "2026-11-21T09:30:00+09:00"),
  ])
  func readsDatesGenerously(_ text: String, _ iso: String) throws {
    #expect(try #require(parser.parse(text)).iso8601 == iso)
  }

  @Test(arguments: [
    "", "tomorrow", "2026-13-01", "2026-02-30", "2026-11-21T25:00", "2026-11-21T09:30+2500", "2026/11/31", "20261121",
  ])
  func rejectsWhatIsNoDate(_ text: String) {
    #expect(parser.parse(text) == nil)
  }

  /// Dates with an offset are computed without Foundation's calendar; on 20,000 random dates
  /// (leap days, month ends, leap seconds, offsets up to ±18 hours, years 1583 to 9999) they
  /// must be what the calendar makes of them, instant and offset, or no date for both.
  @Test func arithmeticDatesAreTheCalendars() {
    var random = SystemRandomNumberGenerator()
    var withDate = 0
    for _ in 0..<20_000 {
      let year = [
        Int.random(in: 1583...9999, using: &random), Int.random(in: 1890...2100, using: &random), 2000, 1900, 2024,
        2100,
      ][Int.random(in: 0..<6, using: &random)]
      let month = Int.random(in: 1...12, using: &random)
      let day = [Int.random(in: 1...31, using: &random), 28, 29, 30, 31][Int.random(in: 0..<5, using: &random)]
      let hour = Int.random(in: 0...23, using: &random)
      let minute = [Int.random(in: 0...59, using: &random), 59][Int.random(in: 0..<2, using: &random)]
      let second = [Int.random(in: 0...59, using: &random), 60, 59][Int.random(in: 0..<3, using: &random)]
      let offsetHours = Int.random(in: -18...18, using: &random)
      let offsetMinutes = [0, 30, 45, Int.random(in: 0...59, using: &random)][Int.random(in: 0..<4, using: &random)]
      let zone = [
        "Z", "+\(pad(abs(offsetHours))):\(pad(offsetMinutes))", "-\(pad(abs(offsetHours)))\(pad(offsetMinutes))",
        "+\(pad(abs(offsetHours)))",
      ][Int.random(in: 0..<4, using: &random)]
      let text = "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))\(zone)"
      let fast = parser.parse(text)
      let reference = parser.parse(text, calendarAlways: true)
      #expect(fast == reference, "\(text)")
      if fast != nil { withDate += 1 }
    }
    // Most are dates (not February 30): the comparison covers both outcomes.
    #expect(withDate > 15_000)
  }

  @Test func fileNamesGiveDates() {
    #expect(parser.parseFileName("2026-11-21-0930-run.md")?.iso8601 == "2026-11-21T09:30:00-05:00")
    #expect(parser.parseFileName("2026-11-21.md")?.iso8601 == "2026-11-21T00:00:00-05:00")
    #expect(parser.parseFileName("2026-11-21-run.md")?.iso8601 == "2026-11-21T00:00:00-05:00")
    #expect(parser.parseFileName("notes.md") == nil)
  }
}

/// What real blog and notes folders hold that is no tag and no preview.
@Suite struct SiteMarkupTests {
  func read(_ text: String) throws -> Entry {
    try EntryReader(timeZone: TimeZone.seoul).read(
      Array(text.utf8), path: JournalPath("post.md"), modified: Date(timeIntervalSince1970: 0))
  }

  @Test func attributeListsColoursAndFragmentsAreNoTags() throws {
    let entry = try read(
      """
      Notes

      ## Setup {#my-alias}

      The box is painted color: #ecf1e8; and the border #fa0 too.
      See https://example.org/page?#alarm: and [the alarm](?#alarm) for #cafe and #work-notes.
      {: .lead}
      """)
    #expect(entry.tags == ["cafe", "work-notes"])
  }

  @Test func jekyllsTableOfContentsAndARepeatedTitleAreNeitherPreviewNorShown() throws {
    let entry = try read("---\ntitle: Hello world\n---\n* TOC\n{:toc}\n\n# Hello world\n\nFirst words here.\n")
    #expect(entry.title == "Hello world")
    #expect(entry.preview == "First words here.")
    // Nor shown: the body rendered (terminal, HTML, the site) starts at the text.
    #expect(entry.body == "First words here.\n")
    #expect(MarkdownRenderer().html(entry.body) == "<p>First words here.</p>\n")
    #expect(entry.document.content.contains("* TOC\n{:toc}"), "the file keeps it")
    let other = try read("---\ntitle: Hello world\n---\n# Another heading\n\nText.\n")
    #expect(other.preview.hasPrefix("Another heading"))
  }
}

/// Dates in the forms blogs and other tools write them, as docs/FORMAT.md lists.
@Suite struct WrittenDateTests {
  @Test(arguments: [
    "Mar 28, 2025", "March 28, 2025", "28 Mar 2025", "2025/03/28", "2025-3-28", "2025년 3월 28일", "'Mar 28, 2025'",
    "Friday, March 28, 2025", "28 march 2025",
  ])
  func blogDatesAreThatDayInTheJournalsZone(_ text: String) throws {
    let parser = DateParser(timeZone: TimeZone.seoul)
    let value = text.hasPrefix("'") ? String(text.dropFirst().dropLast()) : text
    #expect(parser.parse(value)?.iso8601 == "2025-03-28T00:00:00+09:00", "\(text)")
    let entry = try EntryReader(timeZone: TimeZone.seoul).read(
      Array("---\ndate: \(text)\n---\nPost\n".utf8), path: JournalPath("2000/post.md"),
      modified: Date(timeIntervalSince1970: 0))
    #expect(entry.date.day == "2025-03-28", "\(text)")
    #expect(entry.notes.isEmpty)
  }

  @Test(arguments: ["Mar 32, 2025", "2025/13/01", "Smarch 28, 2025", "28 Mar", "next week", "2025/03", "1200-01-01"])
  func whatIsNoDateStaysNoDate(_ text: String) {
    #expect(DateParser(timeZone: TimeZone.seoul).parse(text) == nil, "\(text)")
  }
}

@Suite struct SlugTests {
  @Test(arguments: [
    ("Morning run", "morning-run"),
    ("저녁 산책", "저녁-산책"),
    ("Q3 planning: what's next?", "q3-planning-what-s-next"),
    ("Coffee ☕ with Priya", "coffee-with-priya"),
    ("  --!!  ", ""),
    ("Cafe\u{301} au lait", "café-au-lait"),
    (
      "A very long title about the golden song, the bright garden, the ordinary library",
      "a-very-long-title-about-the-golden-song-the-bright-garden"
    ),
    (
      "오늘은 아침 일찍 일어나서 도서관에 가서 공부를 하고 오후에는 시험을 봤다",
      "오늘은-아침-일찍-일어나서-도서관에-가서"
    ),
  ])
  func slugsFollowFormatMD(_ title: String, _ slug: String) {
    #expect(Slug(title: title).rawValue == slug)
    #expect(Slug(title: title).rawValue.utf8.count <= 60)
  }

  @Test func longKoreanSlugsCutOnACharacterBoundary() {
    let slug = Slug(title: String(repeating: "가", count: 40)).rawValue
    #expect(slug == String(repeating: "가", count: 20))
  }

  @Test func layoutNamesFilesFromTheEntrysOwnDate() throws {
    let date = try #require(DateParser(timeZone: .current).parse("2026-11-21T22:14:00+09:00"))
    #expect(JournalLayout.path(for: date, title: "저녁 산책").rawValue == "2026/11/2026-11-21-2214-저녁-산책.md")
    #expect(JournalLayout.path(for: date, title: "", attempt: 2).rawValue == "2026/11/2026-11-21-2214-2.md")
    // Without a slug, the id's first characters: two devices in one minute make two names.
    let id = EntryID("3F9A1C2B-0000-4000-8000-000000000000")
    #expect(JournalLayout.path(for: date, title: "!!", id: id).rawValue == "2026/11/2026-11-21-2214-3f9a1c.md")
    #expect(
      JournalLayout.path(for: date, title: "저녁 산책", id: id, encrypted: true).rawValue
        == "2026/11/2026-11-21-2214-3f9a1c.md.age")
    #expect(JournalLayout.path(for: date, title: "저녁 산책", id: id).rawValue == "2026/11/2026-11-21-2214-저녁-산책.md")
  }
}
