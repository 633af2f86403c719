import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat

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

  /// The byte-level reader of simple front matter (`FrontMatter.parseSimple`) reads what the
  /// YAML parser reads wherever it answers: random blocks of keys, separators and values made of
  /// the characters that matter to YAML (indicators, quotes, comments, tabs, CRs, YAML's own line
  /// breaks, byte-order marks, null words, Hangul, combining marks), and flow lists of them.
  @Test func simpleFrontMatterReadsAsTheYAMLParserReadsIt() {
    let keys = ["id", "date", "tags", "a-b", "x.y", "yes", "1", "_k", "k", "weather", "mood"]
    let oddKeys = ["-k", "\"q\"", "k k", "날씨", "? k", "&a k", "<<"]
    let separators = [":", ":  ", " : ", ":\t", ": \t", ":\r"]
    let plain = ["a", "Z", "0", " ", "맑음", "é", "Rain", "2026-11-21T09:30:00+09:00", "e\u{301}", "😀"]
    let tricky = [
      "#", ":", "-", "?", ",", "[", "]", "{", "}", "'", "\"", "!", "&", "*", "|", ">", "%", "@", "`", "\t", "\r", "~",
      "null", "Null", "NULL", "true", "\u{85}", "\u{2028}", "\u{2029}", "\u{A0}", "\u{FEFF}", "...", "---", " #", ": ",
      "\\", "\u{1}", "\u{7F}", "\u{9F}", "\u{FFFE}", "\u{FFFF}", "  ",
    ]
    var state: UInt64 = 7
    func next(_ count: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(count))
    }
    func piece() -> String { next(3) == 0 ? tricky[next(tricky.count)] : plain[next(plain.count)] }
    var answered = 0
    var blockLists = 0
    var comments = 0
    for _ in 0..<20000 {
      let newline = next(4) == 0 ? "\r\n" : "\n"
      var yaml = ""
      for _ in 0..<(1 + next(4)) {
        switch next(12) {
        case 0: yaml += newline
        case 1: yaml += ["  - ", "- ", "    - ", "  -", "  -  "][next(5)] + piece() + newline
        case 2: yaml += ["# ", "#", "  # "][next(3)] + piece() + newline
        case 3:
          // A key and a block list under it, its items indented alike.
          let indent = ["  - ", "- ", "    - "][next(3)]
          yaml += keys[next(keys.count)] + ":" + newline
          for _ in 0..<(1 + next(3)) { yaml += indent + (0..<(1 + next(2))).map { _ in piece() }.joined() + newline }
        default:
          var value = ""
          if next(3) == 0 {
            let items = (0..<next(4)).map { _ in (0..<(1 + next(2))).map { _ in piece() }.joined() }
            value = "[" + items.joined(separator: [",", ", ", " , "][next(3)]) + (next(8) == 0 ? " ]" : "]")
          } else {
            for _ in 0..<next(4) { value += piece() }
          }
          let key = next(6) == 0 ? oddKeys[next(oddKeys.count)] : keys[next(keys.count)]
          yaml += key + (next(4) == 0 ? separators[next(separators.count)] : ": ") + value + newline
        }
      }
      if next(6) == 0 { yaml = String(yaml.dropLast(newline.count)) }
      guard let simple = FrontMatter.parseSimple(yaml) else { continue }
      answered += 1
      if yaml.contains("- "), simple.1.values.contains(where: { if case .list = $0 { true } else { false } }) {
        blockLists += 1
      }
      if yaml.hasPrefix("#") || yaml.contains("\n#") { comments += 1 }
      do {
        let parsed = try FrontMatter.parseYAML(yaml, yamlFirstLine: 2)
        #expect(simple.0 == parsed.0 && simple.1 == parsed.1 && simple.2 == parsed.2, "\(Array(yaml.unicodeScalars))")
      } catch {
        Issue.record("the YAML parser refuses what the simple reader took: \(Array(yaml.unicodeScalars)): \(error)")
      }
    }
    // Neither nearly everything nor nearly nothing takes the short way.
    #expect(answered > 2500 && answered < 18000, "\(answered)")
    #expect(blockLists > 100 && comments > 500, "\(blockLists) block lists, \(comments) comments")
    // Blocks ilgi writes take it, and block lists and comments on lines of their own; a
    // repeated key, a comment after a value and a list under a key with a value do not.
    #expect(
      FrontMatter.parseSimple("id: A\ndate: 2026-11-21T09:30:00+09:00\nweather: Light rain\ntags: [running, 산책]\n")
        != nil)
    #expect(FrontMatter.parseSimple("id: A\nid: B\n") == nil)
    #expect(FrontMatter.parseSimple("id: A # note\n") == nil)
    #expect(FrontMatter.parseSimple("id: A\n  - a\n") == nil)
    let listed = FrontMatter.parseSimple("# written on the train\ntags:\n  - work\n\n  - 산책\nid: A\n")
    #expect(listed?.0 == ["tags", "id"])
    #expect(listed?.1["tags"] == .list(["work", "산책"]))
    #expect(listed?.2 == ["tags": 1, "id": 5])
  }

  /// Every front matter of a generated journal reads the same both ways; nearly all take the
  /// short way (the generator also writes comments, block lists and quoted values).
  @Test func generatedFrontMatterReadsTheSameWithoutTheYAMLParser() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    var blocks = 0
    var answered = 0
    for case let path as String in FileManager.default.enumerator(atPath: corpus.journal)! where path.hasSuffix(".md") {
      let bytes = try #require(FileManager.default.contents(atPath: corpus.journal + "/" + path))
      guard let front = (try? EntryDocument(bytes: Array(bytes)))?.frontMatter else { continue }
      blocks += 1
      let yaml = front.lines.joined()
      guard let simple = FrontMatter.parseSimple(yaml) else { continue }
      answered += 1
      let parsed = try FrontMatter.parseYAML(yaml, yamlFirstLine: 2)
      #expect(simple.0 == parsed.0 && simple.1 == parsed.1 && simple.2 == parsed.2, "\(path)")
    }
    #expect(blocks > 900)
    #expect(answered * 50 > blocks * 49, "\(answered) of \(blocks)")
  }

  /// A file's parts found in its bytes are those found by splitting it into lines: byte-order
  /// mark, line ending, fences, front matter lines, content, and the same errors.
  @Test func partsFoundInTheBytesAreThoseOfTheLines() {
    let pieces = [
      "---\n", "---\r\n", "---", "id: A\n", "a: b\r\n", "\n", "\r\n", "text", "é", "\r", "--- \n", "----\n", "a: [\n",
    ]
    var state: UInt64 = 5
    for _ in 0..<3000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var text = state & 1 == 0 ? "\u{FEFF}" : ""
      for step in 0..<Int(state >> 61) * 2 {
        text += pieces[Int((state >> UInt64(step * 4 % 56 + 2)) % UInt64(pieces.count))]
      }
      let bytes = Array(text.utf8)
      // The parts as lines: the first line a fence, up to the next fence.
      let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
      let lines = EntryDocument.splitLines(body)
      let fence: (String) -> Bool = { $0 == "---\n" || $0 == "---\r\n" || $0 == "---" }
      let newline = lines.first.map { $0.hasSuffix("\r\n") ? "\r\n" : "\n" } ?? "\n"
      var expected: Result<EntryDocument, EntryDocument.DecodingProblem>
      if let first = lines.first, fence(first) {
        if let close = lines.indices.dropFirst().first(where: { fence(lines[$0]) }) {
          do {
            let front = try FrontMatter(
              opening: first, lines: Array(lines[1..<close]), closing: lines[close], firstLine: 1)
            expected = .success(
              EntryDocument(
                hasByteOrderMark: text.hasPrefix("\u{FEFF}"), newline: newline, frontMatter: front,
                content: lines[(close + 1)...].joined()))
          } catch {
            expected = .failure(.frontMatter(error))
          }
        } else {
          expected = .failure(.frontMatter(FrontMatterError(line: 1, column: 1, problem: .unclosed)))
        }
      } else {
        expected = .success(
          EntryDocument(hasByteOrderMark: text.hasPrefix("\u{FEFF}"), newline: newline, frontMatter: nil, content: body)
        )
      }
      let found: Result<EntryDocument, EntryDocument.DecodingProblem> = Result {
        () throws(EntryDocument.DecodingProblem) in try EntryDocument(bytes: bytes)
      }
      #expect(found == expected, "\(Array(text.unicodeScalars))")
      if case .success(let document) = found { #expect(document.bytes == bytes) }
    }
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
