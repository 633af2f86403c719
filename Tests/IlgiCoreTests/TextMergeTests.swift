import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore
@testable import IlgiSystem

/// Two versions of one entry joined without conflict markers, through the real `git merge-file`.
@Suite struct TextMergeTests {
  static let git = ChildProcess.find("git", path: "/usr/bin:/bin:/usr/local/bin")

  func combine(_ base: String, _ first: String, _ second: String) throws -> (text: String, overlapping: Bool) {
    let scratch = try TempJournal().base + "/scratch"
    let git = try #require(Self.git)
    let joined = try #require(
      TextMerge.combine(
        base: Array(base.utf8), first: Array(first.utf8), second: Array(second.utf8), git: git, scratch: scratch))
    #expect(!FileManager.default.fileExists(atPath: scratch), "the texts are not left behind")
    return (String(decoding: joined.text, as: UTF8.self), joined.overlapping)
  }

  @Test func changesToDifferentLinesBothStay() throws {
    let merged = try combine("one\n\ntwo\n\nthree\n", "one, A\n\ntwo\n\nthree\n", "one\n\ntwo\n\nthree, B\n")
    #expect(merged.text == "one, A\n\ntwo\n\nthree, B\n")
    #expect(!merged.overlapping)
  }

  @Test func twoAdditionsAtOnePlaceAreBothTextsFirstThenSecond() throws {
    let merged = try combine("Title\n", "Title\n\nLunch.\n", "Title\n\nTea.\n")
    #expect(merged.text == "Title\n\nLunch.\n\nTea.\n")
    #expect(!merged.overlapping)
  }

  @Test func twoVersionsOfOneLineStandOneAfterTheOther() throws {
    let merged = try combine("a\nb\nc\n", "a\nb, first\nc\n", "a\nb, second\nc\n")
    #expect(merged.text == "a\nb, first\nb, second\nc\n")
    #expect(merged.overlapping)
  }

  /// Each version's last line ends with a newline once they stand one after the other.
  /// git writes its markers with the file's CRLF line ends; they are found all the same, and a
  /// text with CRLF markers is noted as holding a conflict.
  @Test func twoVersionsOfOneLineInCRLFStandOneAfterTheOther() throws {
    let merged = try combine("a\r\nb\r\nc\r\n", "a\r\nb, first\r\nc\r\n", "a\r\nb, second\r\nc\r\n")
    #expect(merged.text == "a\r\nb, first\r\nb, second\r\nc\r\n")
    #expect(merged.overlapping)
    #expect(EntryReader.hasConflictMarkers("x\r\n<<<<<<< HEAD\r\nA\r\n=======\r\nB\r\n>>>>>>> other\r\n"))
    #expect(!EntryReader.hasConflictMarkers("x\r\n<<<<<<< HEAD\r\nA\r\n"))
  }

  @Test func linesThatLookLikeMarkersAreText() throws {
    let base = "<<<<<<< mine\n=======\nend"
    let merged = try combine(base, "<<<<<<< mine\n=======\nend, A", "<<<<<<< mine\n=======\nend, B")
    #expect(merged.text == "<<<<<<< mine\n=======\nend, A\nend, B\n")
    #expect(merged.overlapping)
    #expect(try combine("x\n", "x\n", "y\n").text == "y\n")
    #expect(try combine("x\n", "y\n", "x\n").text == "y\n")
  }
}

/// Two devices' changes to one entry's front matter merged key by key: neighbouring keys changed
/// on each side both stay, once each, where a merge of lines would write both sides' lines.
@Suite struct FrontMatterMergeTests {
  static let base = "---\nid: E1\ndate: 2026-11-21T08:00:00+09:00\ntags: [walk]\n---\nPicnic\n\nBread.\n"

  func combine(_ first: String, _ second: String, base: String = Self.base) throws -> (text: String, overlapping: Bool)
  {
    let scratch = try TempJournal().base + "/scratch"
    let git = try #require(TextMergeTests.git)
    let joined = try #require(
      JournalStore.combineEntries(Array(base.utf8), Array(first.utf8), Array(second.utf8), git: git, scratch: scratch))
    let text = String(decoding: joined.text, as: UTF8.self)
    #expect((try? EntryDocument(bytes: joined.text)) != nil, "reads as an entry: \(text)")
    return (text, joined.overlapping)
  }

  func with(_ old: String, _ new: String) -> String { Self.base.replacingOccurrences(of: old, with: new) }

  @Test func neighbouringKeysChangedOnEachSideBothStayOnce() throws {
    let merged = try combine(with("T08:00", "T08:30"), with("[walk]", "[walk, rain]"))
    #expect(merged.text == with("T08:00", "T08:30").replacingOccurrences(of: "[walk]", with: "[walk, rain]"))
    #expect(!merged.overlapping)
    // Starring (a line after the last key) on one side, retagging on the other.
    let starred = try combine(with("tags: [walk]\n", "tags: [walk]\nstarred: true\n"), with("[walk]", "[park]"))
    #expect(starred.text == with("tags: [walk]\n", "tags: [park]\nstarred: true\n"))
    #expect(!starred.overlapping)
  }

  /// Nothing either side wrote is lost: the second's value stays beside the first's, as a comment.
  @Test func aKeyBothChangedKeepsTheFirstWithTheSecondBesideItAndIsUnsettled() throws {
    let merged = try combine(with("[walk]", "[run]"), with("[walk]", "[swim]"))
    #expect(merged.text == with("tags: [walk]\n", "tags: [run]\n# tags: [swim]\n"))
    #expect(merged.overlapping)
  }

  /// A key removed leaves its blank and comment lines behind; they are no part of the key
  /// before them, whose change on the other side still stays.
  @Test func aRemovedKeysTrailingLinesLeaveTheKeyBeforeItAlone() throws {
    let base = "---\nid: E1\ndate: 2026-11-21T08:00:00+09:00\ntags: [walk]\n\nweather: Rain\n---\nPicnic\n"
    let cleared = base.replacingOccurrences(of: "tags: [walk]\n", with: "")
    let redated = base.replacingOccurrences(of: "T08:00", with: "T09:30")
    for (first, second) in [(cleared, redated), (redated, cleared)] {
      let merged = try combine(first, second, base: base)
      #expect(merged.text == cleared.replacingOccurrences(of: "T08:00", with: "T09:30"), "\(merged.text)")
      #expect(!merged.overlapping)
    }
  }

  /// Both sides gave a file without front matter one (each its own id): both blocks' keys
  /// merge into one block, the second's id beside the first's, and the text follows once.
  @Test func frontMatterBothSidesAddedBecomesOneBlock() throws {
    let base = "Picnic\n\nBread.\n"
    let merged = try combine(
      "---\nid: A\n---\nPicnic\n\nBread.\n", "---\nid: B\n---\nPicnic\n\nBread, warm.\n", base: base)
    #expect(merged.text == "---\nid: A\n# id: B\n---\nPicnic\n\nBread, warm.\n", "\(merged.text)")
    // A closing fence that ended the file gets its line end when the other side wrote text.
    let ended = try combine("---\nid: E1\ntags: [a]\n---", "---\nid: E1\n---\nNow text.\n", base: "---\nid: E1\n---")
    #expect(ended.text == "---\nid: E1\ntags: [a]\n---\nNow text.\n", "\(ended.text)")
  }

  @Test func keysRemovedAndAddedOnOneSideAreSo() throws {
    let removed = try combine(with("tags: [walk]\n", ""), with("Bread.", "Bread and tea."))
    #expect(removed.text == with("tags: [walk]\n", "").replacingOccurrences(of: "Bread.", with: "Bread and tea."))
    let added = try combine(with("Bread.", "Bread, warm."), with("tags: [walk]\n", "tags: [walk]\nweather: Rain\n"))
    #expect(
      added.text
        == with("tags: [walk]\n", "tags: [walk]\nweather: Rain\n").replacingOccurrences(
          of: "Bread.", with: "Bread, warm."))
    // Removed on one side, changed on the other: the change comes back, and is to be settled.
    let back = try combine(with("tags: [walk]\n", ""), with("[walk]", "[walk, rain]"))
    #expect(back.text.contains("tags: [walk, rain]\n") && back.overlapping)
  }

  /// A value holding line breaks YAML counts and a split at "\n" does not (U+2028) gives keys
  /// that cannot be told apart by line: the whole files are merged by lines, without a trap.
  @Test func keysTheParserPlacesElsewhereFallBackToLines() throws {
    let base = "---\na: \"x\u{2028}y\u{2028}z\"\nb: 1\n---\nTitle\n\nText.\n"
    let merged = try combine(
      base.replacingOccurrences(of: "b: 1", with: "b: 2"), base.replacingOccurrences(of: "Text.", with: "More text."),
      base: base)
    #expect(merged.text.contains("b: 2\n") && merged.text.contains("More text.") && !merged.overlapping)
  }

  /// A file without front matter on any side is merged line by line, as before.
  @Test func filesWithoutFrontMatterMergeByLines() throws {
    let merged = try combine("Title\n\nB, first.\n", "Title\n\nB, second.\n", base: "Title\n\nB.\n")
    #expect(merged.text == "Title\n\nB, first.\nB, second.\n" && merged.overlapping)
  }
}
