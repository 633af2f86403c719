import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiFormat
@testable import IlgiStore

/// Saves based on a version (what the browser app sends), and the watcher that tells a server
/// when its index needs a refresh.
@Suite struct EntrySaveTests {
  static let entry =
    "---\nid: \"E1\"\ndate: 2026-11-21T09:30:00+09:00\nmood: calm  # kept\ntags: [a, b]\n---\nTitle\n\nBody.\n"

  @Test func aVersionIsTheBytesAndTravelsAsText() throws {
    let one = EntryVersion(of: Array("abc".utf8))
    #expect(one == EntryVersion(of: Array("abc".utf8)))
    #expect(one != EntryVersion(of: Array("abd".utf8)))
    #expect(one != EntryVersion(of: Array("abc ".utf8)))
    #expect(EntryVersion(rawValue: one.rawValue) == one)
    #expect(one.rawValue.hasSuffix("-3"))
    for bad in [
      "", "abc", "0123456789abcdef", "0123456789abcdeg-1", "0123456789abcdef-", "0123456789abcdef-1-2", "../x",
    ] {
      #expect(EntryVersion(rawValue: bad) == nil, "\(bad)")
    }
  }

  @Test func aSaveReplacesTheTextAndKeepsEveryOtherLine() throws {
    let journal = try TempJournal(["2026/11/e.md": Self.entry])
    let store = try journal.store()
    let path = JournalPath("2026/11/e.md")
    let base = try store.versioned(path).version
    let outcome = try store.save(
      EntryChanges(content: "New title\n\nNew body.\n\n\n", tags: nil, weather: "Rain, 8°C"), to: path, basedOn: base)
    let text = (journal.text(path.rawValue) ?? "")
    #expect(
      text
        == "---\nid: \"E1\"\ndate: 2026-11-21T09:30:00+09:00\nmood: calm  # kept\ntags: [a, b]\nweather: Rain, 8°C\n---\nNew title\n\nNew body.\n"
    )
    #expect(outcome == .saved(EntryVersion(of: Array(text.utf8)), id: EntryID("E1")))

    // Tags replaced, then removed; the weather of the creation is never replaced.
    let second = try store.versioned(path).version
    _ = try store.save(EntryChanges(content: "New title\n", tags: ["c"], weather: "Snow"), to: path, basedOn: second)
    #expect((journal.text(path.rawValue) ?? "").contains("tags: [c]\nweather: Rain, 8°C\n"))
    let third = try store.versioned(path).version
    _ = try store.save(EntryChanges(content: "New title\n", tags: []), to: path, basedOn: third)
    #expect(!(journal.text(path.rawValue) ?? "").contains("tags:"))
  }

  /// A sync's merge marks an entry `unsettled:` first in its front matter (above `id:`, so
  /// another device's change to the last key merges beside it), and only the person takes the
  /// mark off: a save of the text through the app leaves it.
  @Test func aSyncsUnsettledMarkGoesFirstAndStaysUntilDeleted() throws {
    let merged = JournalStore.markedUnsettled(Array(Self.entry.utf8))
    let marked = String(decoding: merged, as: UTF8.self)
    #expect(
      marked
        == "---\nunsettled: two versions of one passage, kept by ilgi sync; keep one, then delete this line\n"
        + Self.entry.dropFirst(4))
    #expect(JournalStore.markedUnsettled(merged) == merged)
    let journal = try TempJournal(["2026/11/e.md": marked])
    let store = try journal.store()
    let path = JournalPath("2026/11/e.md")
    #expect(try store.read(path).notes == [EntryNote.unsettled.encoded])
    _ = try store.save(
      EntryChanges(content: "Title\n\nBody, one version.\n"), to: path, basedOn: store.versioned(path).version)
    #expect(try store.read(path).notes == [EntryNote.unsettled.encoded])
    try journal.write(
      "2026/11/e.md",
      (journal.text(path.rawValue) ?? "").replacingOccurrences(of: marked.split(separator: "\n")[1] + "\n", with: ""))
    #expect(try store.read(path).notes.isEmpty)
  }

  @Test func aSaveBasedOnAnOlderVersionChangesNothing() throws {
    let journal = try TempJournal(["e.md": Self.entry])
    let store = try journal.store()
    let path = JournalPath("e.md")
    let base = try store.versioned(path).version
    try journal.write("e.md", Array(Self.entry.replacingOccurrences(of: "Body.", with: "Vim's body.").utf8))
    let outcome = try store.save(EntryChanges(content: "Mine\n"), to: path, basedOn: base)
    guard case .conflict(let current) = outcome else {
      Issue.record("expected a conflict, got \(outcome)")
      return
    }
    #expect(String(decoding: current, as: UTF8.self).contains("Vim's body."))
    #expect((journal.text("e.md") ?? "").contains("Vim's body."))
    #expect(try store.save(EntryChanges(content: "Mine\n"), to: JournalPath("gone.md"), basedOn: base) == .missing)
    #expect(throws: JournalError.self) { try store.save(EntryChanges(content: " \n"), to: path, basedOn: base) }
  }

  @Test func aFileInCRLFStaysInCRLF() throws {
    let crlf = Self.entry.replacingOccurrences(of: "\n", with: "\r\n")
    let journal = try TempJournal(["e.md": crlf])
    let store = try journal.store()
    let base = try store.versioned(JournalPath("e.md")).version
    _ = try store.save(EntryChanges(content: "One\n\nTwo"), to: JournalPath("e.md"), basedOn: base)
    #expect((journal.text("e.md") ?? "").hasSuffix("---\r\nOne\r\n\r\nTwo\r\n"))
    #expect(!(journal.text("e.md") ?? "").replacingOccurrences(of: "\r\n", with: "").contains("\n"))
  }
}
