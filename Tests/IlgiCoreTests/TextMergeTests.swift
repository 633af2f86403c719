import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiCore

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
