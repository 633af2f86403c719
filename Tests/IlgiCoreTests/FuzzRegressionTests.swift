import Foundation
import IlgiFormat
import IlgiFuzz
import IlgiTestSupport
import Testing

/// Inputs the fuzzers found, kept so the bugs they showed stay fixed, and a short seeded run
/// of every fuzz target so CI guards them (`make fuzz` runs a million inputs).
struct FuzzRegressionTests {
  @Test func aValueWithAByteOrderMarkIsWrittenWithoutIt() throws {
    // Found by ilgi-fuzz: YAML parsers drop U+FEFF even when escaped, so the value came back
    // different from what was written.
    var document = try EntryDocument(bytes: Array("---\nid: x\n---\nBody\n".utf8))
    try document.set("weather", yaml: YAMLScalar.quoted("\u{FEFF}Rain, 12°C"))
    let reread = try EntryDocument(bytes: document.bytes)
    #expect(reread.frontMatter?.string("weather") == "Rain, 12°C")
  }

  @Test func aYearBeforeTheGregorianCalendarIsNoDate() throws {
    // Found by ilgi-fuzz: "0026-11-21T09:30Z" parsed (Julian) and wrote back two days off.
    let parser = DateParser(timeZone: TimeZone.seoul)
    #expect(parser.parse("0026-11-21T09:30Z") == nil)
    #expect(parser.parse("1582-10-20") == nil)
    #expect(parser.parse("1583-01-01") != nil)
  }

  @Test func anOffsetWithSecondsIsWrittenInWholeMinutes() throws {
    // Found by libFuzzer: Seoul's 1705 offset is +08:27:52; written as +08:27, it read back 52 s off.
    let parser = DateParser(timeZone: TimeZone.seoul)
    let date = try #require(parser.parse("1705-11-21 09:30"))
    #expect(date.offset % 60 == 0)
    #expect(parser.parse(date.iso8601) == date)
  }

  @Test func aCarriageReturnInsideAFrontMatterLineIsNotEdited() throws {
    // Found by libFuzzer: YAML reads a lone \r as a line break, so `weather: x\rtags: [a]` holds
    // two keys; replacing the "weather line" dropped the tags. Such a block is now refused.
    let file = "---\nweather: old\rtags: [a, b]\n---\nBody\n"
    var document = try EntryDocument(bytes: Array(file.utf8))
    #expect(document.frontMatter?.words("tags") == ["a", "b"])
    #expect(throws: FrontMatterError(line: 2, column: 13, problem: .loneCarriageReturn)) {
      try document.set("weather", yaml: "new")
    }
    #expect(document.bytes == Array(file.utf8))
    // CRLF files are edited as before.
    var crlf = try EntryDocument(bytes: Array("---\r\nweather: old\r\ntags: [a]\r\n---\r\nBody\r\n".utf8))
    try crlf.set("weather", yaml: "new")
    #expect(String(decoding: crlf.bytes, as: UTF8.self) == "---\r\nweather: new\r\ntags: [a]\r\n---\r\nBody\r\n")
  }

  @Test func aCommentMarkFollowedByACombiningMarkIsQuoted() throws {
    // Found by libFuzzer on a fresh corpus: " #" then U+0327 is one Character, so the check for
    // " #" missed it, the value was written plain, and YAML cut it at the comment.
    for value in ["Rain 12 #\u{327}dB", "a:\u{301} b", "x :\u{20}y"] {
      var document = try EntryDocument(bytes: Array("---\nid: x\n---\nBody\n".utf8))
      try document.set("weather", yaml: YAMLScalar.quoted(value))
      #expect(try EntryDocument(bytes: document.bytes).frontMatter?.string("weather") == value)
    }
  }

  @Test func aKeyLineInsideAMultiLineValueIsNotTakenForTheKey() throws {
    // Found by libFuzzer on a fresh corpus: `weather: ...` inside a quoted title spanning lines
    // was replaced as if it were the weather key, changing the title and setting nothing.
    let file = "---\ntitle: \"Quoted\nweather: inside the title\n  still title\"\nid: x\n---\nBody\n"
    var document = try EntryDocument(bytes: Array(file.utf8))
    let title = document.frontMatter?.string("title")
    try document.set("weather", yaml: "Rain")
    let reread = try EntryDocument(bytes: document.bytes)
    #expect(reread.frontMatter?.string("weather") == "Rain")
    #expect(reread.frontMatter?.string("title") == title)
    // Replacing a value that spans lines takes all of them.
    try document.set("title", yaml: "Short")
    #expect(String(decoding: document.bytes, as: UTF8.self) == "---\ntitle: Short\nid: x\nweather: Rain\n---\nBody\n")
  }

  @Test func aDayWithATrailingNewlineIsNoDayAndNoCrash() {
    // Found by libFuzzer: "2026-19-21\n" passed the day pattern (`$` matches before a final
    // newline), split into two numbers, and indexing the third crashed.
    #expect(DayRange(parsing: "2026-19-21\n", today: "2026-11-21") == nil)
    #expect(DayRange(parsing: "2026-11-21\n", today: "2026-11-21") == nil)
    #expect(DayRange(parsing: "2026-11-21", today: "2026-11-21") == DayRange(first: "2026-11-21", last: "2026-11-21"))
    #expect(DayRange(parsing: "2026-02-30", today: "2026-11-21") == nil)
    #expect(DayRange(parsing: "2024\n", today: "2026-11-21") == nil)
    #expect(DayRange(parsing: "2024-05\n", today: "2026-11-21") == nil)
  }

  @Test func everyFoundInputStaysFixed() throws {
    for (name, input) in Self.found {
      do throws(FuzzTargets.FuzzFinding) {
        try FuzzTargets.run(input)
      } catch {
        Issue.record("\(name): \(error)")
      }
    }
  }

  @Test func aSeededRunOfEveryTargetFindsNothing() throws {
    var mutator = SeededMutator(seed: 20_261_121, seeds: FuzzSeeds.all)
    var findings: [String] = []
    for _ in 0..<20_000 {
      let input = mutator.input()
      do throws(FuzzTargets.FuzzFinding) {
        try FuzzTargets.run(input)
      } catch {
        findings.append("\(error) for \(input)")
      }
    }
    #expect(findings.isEmpty, "\(findings.prefix(3))")
  }

  /// The inputs, as the fuzzer saved them (first byte: the target).
  static let found: [(String, [UInt8])] = [
    (
      "weather with a byte-order mark",
      [1] + Array("\u{FEFF}Rain, 12°C".utf8) + [0] + Array("---\nid: x\n---\nBody\n".utf8)
    ),
    ("year 26", [3] + Array("0026-11-21T09:30Z".utf8)),
    ("local mean time", [3] + Array("1705-11-21 09:30".utf8)),
    (
      "comment mark with a combining mark",
      [1] + Array("Rain 12 #\u{327}dB".utf8) + [0] + Array("---\nid: x\n---\nBody\n".utf8)
    ),
    (
      "key line inside a quoted value",
      [1] + Array("Rain, 12°C".utf8) + [0] + [0xEF, 0xBB, 0xBF]
        + Array(
          "---\r\ntitle: \"Quoted:ree\nweather: 맑음,thd: [0, 2]\r\n---er: 맑음,  title\"\r\nded: [0, 2]\r\n---\r\nBody\n"
            .utf8)
    ),
    ("day with a trailing newline", [4] + Array("2026-19-21\n".utf8)),
    (
      "lone carriage return",
      [1] + Array("Rain".utf8) + [0] + Array("---\nweather:  #x\rtags: [running, m/rning]\n---\nMo\n".utf8)
    ),
  ]
}
