import Foundation
import Testing

@testable import IlgiCore

@Suite struct FrontMatterTests {
  static let documents: [String] = [
    "---\nid: A\ndate: 2026-11-21T09:30:00+09:00\nweather: Clear\ntags: [running, morning]\n---\nMorning run\n\nCold but bright.\n",
    "---\r\nid: B\r\ndate: 2026-11-21\r\n---\r\n# Title\r\n\r\nBody\r\n",
    "\u{FEFF}---\nid: C\n# a comment the user wrote\nmood: 7\npeople: [Minji, Tom]\ntags:\n  - 산책\n  - 가족\n---\n비 오는 금요일\n\n본문입니다.\n",
    "No front matter at all\n\nJust text.",
    "---\nid: D\n---\n",
    "---\n---\nEmpty block\n",
    "",
  ]

  @Test(arguments: documents)
  func parsingThenWritingGivesTheSameBytes(_ text: String) throws {
    let document = try EntryDocument(bytes: Array(text.utf8))
    #expect(document.bytes == Array(text.utf8))
  }

  @Test func readsValuesWithoutResolvingYAMLTypes() throws {
    let document = try EntryDocument(bytes: Array(Self.documents[2].utf8))
    let front = try #require(document.frontMatter)
    #expect(document.hasByteOrderMark)
    #expect(front.string("id") == "C")
    #expect(front.string("mood") == "7")
    #expect(front.words("tags") == ["산책", "가족"])
    #expect(front.keys == ["id", "mood", "people", "tags"])
    #expect(document.content == "비 오는 금요일\n\n본문입니다.\n")
  }

  @Test func tagsMayBeOneStringOfWords() throws {
    let document = try EntryDocument(bytes: Array("---\ntags: running, morning walk\nkeywords: a b\n---\n".utf8))
    #expect(document.frontMatter?.words("tags") == ["running", "morning", "walk"])
    #expect(document.frontMatter?.words("keywords") == ["a", "b"])
  }

  @Test func settingAKeyChangesOnlyItsLines() throws {
    let text = Self.documents[2]
    var document = try EntryDocument(bytes: Array(text.utf8))
    try document.set("tags", yaml: YAMLScalar.flowList(["walk"]))
    let expected = text.replacingOccurrences(of: "tags:\n  - 산책\n  - 가족\n", with: "tags: [walk]\n")
    #expect(String(decoding: document.bytes, as: UTF8.self) == expected)
    #expect(document.frontMatter?.words("tags") == ["walk"])
  }

  @Test func aNewKeyGoesLastInTheFilesLineEnding() throws {
    var document = try EntryDocument(bytes: Array(Self.documents[1].utf8))
    try document.set("weather", yaml: YAMLScalar.quoted("Rain: heavy"))
    #expect(
      String(decoding: document.bytes, as: UTF8.self)
        == "---\r\nid: B\r\ndate: 2026-11-21\r\nweather: \"Rain: heavy\"\r\n---\r\n# Title\r\n\r\nBody\r\n")
    #expect(document.frontMatter?.string("weather") == "Rain: heavy")
  }

  @Test func removingAKeyKeepsTheRest() throws {
    var document = try EntryDocument(bytes: Array(Self.documents[0].utf8))
    try document.frontMatter!.remove("weather")
    #expect(
      String(decoding: document.bytes, as: UTF8.self)
        == "---\nid: A\ndate: 2026-11-21T09:30:00+09:00\ntags: [running, morning]\n---\nMorning run\n\nCold but bright.\n"
    )
  }

  @Test func aFileWithoutFrontMatterGetsOne() throws {
    var document = try EntryDocument(bytes: Array("Title\r\nBody\r\n".utf8))
    try document.set("id", yaml: "X")
    #expect(String(decoding: document.bytes, as: UTF8.self) == "---\r\nid: X\r\n---\r\nTitle\r\nBody\r\n")
  }

  @Test(arguments: [
    ("---\nid: \"unclosed\n---\nx\n", 2, "front matter is not valid YAML"),
    ("---\nid: A\n- list item\n---\n", 3, "front matter is not valid YAML"),
    ("---\n- a\n- b\n---\n", 2, "front matter must be `key: value` lines"),
    ("---\nid: A\nno closing fence\n", 1, "front matter opened with `---` is never closed by a `---` line"),
    ("---\nid: A\nid: B\n---\n", 2, "front matter is not valid YAML"),
  ])
  func malformedFrontMatterNamesTheLine(_ text: String, _ line: Int, _ summary: String) throws {
    #expect {
      _ = try EntryDocument(bytes: Array(text.utf8))
    } throws: { error in
      guard case .frontMatter(let problem) = error as? EntryDocument.DecodingProblem else { return false }
      return problem.line == line && problem.summary.hasPrefix(summary)
    }
  }

  @Test func binaryAndNonUTF8AreRefused() {
    #expect(throws: EntryDocument.DecodingProblem.binary) { try EntryDocument(bytes: [0x89, 0x50, 0x4E, 0x47, 0, 0]) }
    #expect(throws: EntryDocument.DecodingProblem.invalidUTF8(offset: 3)) {
      try EntryDocument(bytes: [0x61, 0x62, 0x63, 0xFF, 0x64])
    }
  }

  @Test(arguments: [
    "plain", "with: colon", "#hash", "true", "3.5", "", " padded", "[x]", "안녕", "a \"quote\"", "tab\there",
  ])
  func quotedScalarsReadBackAsTheSameString(_ value: String) throws {
    let text = "---\nkey: \(YAMLScalar.quoted(value))\nlist: \(YAMLScalar.flowList([value, "b,c"]))\n---\n"
    let front = try #require(try EntryDocument(bytes: Array(text.utf8)).frontMatter)
    #expect(front.string("key") == value)
    if !value.isEmpty { #expect(front.words("list") == [value.trimmingCharacters(in: .whitespaces), "b,c"]) }
  }
}

/// Property: for generated front matter, no edit gives identical bytes, and setting one key
/// keeps every other line byte for byte. The seed is printed so a failure can be replayed.
@Suite struct FrontMatterPropertyTests {
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return state >> 33
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
  }

  static let values = [
    "Clear", "맑음, 4°C", "\"quoted: yes\"", "'single'", "7", "2026-11-21", "[a, b]", "가족 여행", "x # trailing comment",
  ]
  static let extraKeys = ["mood", "location", "people", "steps", "title2", "자리"]

  func makeDocument(_ g: inout Generator) -> (text: String, keys: [String]) {
    let newline = g.next() % 5 == 0 ? "\r\n" : "\n"
    var lines: [String] = []
    var keys: [String] = []
    for key in (["id", "date", "weather", "tags"] + Self.extraKeys).shuffled(using: &g) where g.next() % 3 != 0 {
      keys.append(key)
      switch g.next() % 4 {
      case 0: lines.append("\(key):\(newline)  - \(g.pick(["a", "산책", "b c"]))\(newline)  - z")
      case 1: lines.append("# comment before \(key)\(newline)\(key): \(g.pick(Self.values))")
      default: lines.append("\(key): \(g.pick(Self.values))")
      }
    }
    let bom = g.next() % 7 == 0 ? "\u{FEFF}" : ""
    let body = g.pick(["Title\(newline)\(newline)Body #tag\(newline)", "# 제목\(newline)본문", "", "\(newline)\(newline)x"])
    let yaml = lines.map { $0 + newline }.joined()
    return (bom + "---" + newline + yaml + "---" + newline + body, keys)
  }

  @Test func editsKeepEveryOtherByte() throws {
    let seed = UInt64(Date().timeIntervalSince1970)
    print("front matter property seed: \(seed)")
    var g = Generator(state: seed)
    for _ in 0..<500 {
      let (text, keys) = makeDocument(&g)
      let original = Array(text.utf8)
      var document = try EntryDocument(bytes: original)
      #expect(document.bytes == original, "seed \(seed): round trip changed \(text.debugDescription)")
      guard let key = keys.isEmpty ? nil : g.pick(keys) else { continue }
      let before = document.frontMatter!.lines
      let range = document.frontMatter!.lineRange(of: key)!
      try document.set(key, yaml: "\"new value\"")
      let after = document.frontMatter!.lines
      #expect(Array(before[..<range.lowerBound]) == Array(after[..<range.lowerBound]), "seed \(seed)")
      #expect(Array(before[range.upperBound...]) == Array(after[(range.lowerBound + 1)...]), "seed \(seed)")
      #expect(document.frontMatter!.string(key) == "new value", "seed \(seed): \(text.debugDescription)")
      #expect(document.content == (try EntryDocument(bytes: original)).content)
      #expect(document.hasByteOrderMark == original.starts(with: [0xEF, 0xBB, 0xBF]))
    }
  }
}

extension FrontMatterPropertyTests.Generator: RandomNumberGenerator {}
