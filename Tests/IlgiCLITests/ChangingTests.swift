import Foundation
import IlgiTestSupport
import Testing

/// `edit`, outside edits, `delete` and the trash through the built binary.
@Suite struct ChangingTests {
  static let run = entry(
    "0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D", "2026-11-21T09:30:00+09:00", "Morning run", body: "Cold but bright.",
    extra: "# kept comment\nmood: 7\n")

  @Test func anEditorEditUpdatesTheFileInPlaceAndKeepsEverythingElse() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    let editor = try h.editor("sed -i 's/Cold but bright/Warm and grey/' \"$1\"")
    let result = try h.run("edit", "0f8b", env: ["EDITOR": editor])
    #expect(result.status == 0)
    #expect(result.stdout == "2026/11/run.md\n")
    #expect(
      h.journal.text("2026/11/run.md") == Self.run.replacingOccurrences(of: "Cold but bright", with: "Warm and grey"))
    #expect(h.journal.entryFiles() == ["2026/11/run.md"])
    #expect(h.journal.snapshot().keys.filter { $0.hasPrefix(".ilgi/drafts/edit/") }.isEmpty)
  }

  @Test func editDefaultsToTheNewestAndReportsNoChange() throws {
    let h = try Harness(["2026/11/run.md": Self.run, "old.md": entry("AAAA0000", "2020-01-01", "Old")])
    let before = h.journal.snapshot()
    let result = try h.run("edit", env: ["EDITOR": try h.editor("[ \"$(basename \"$1\")\" = run.md ] || exit 4")])
    #expect(result.status == 0)
    #expect(result.stderr == "No changes to 2026/11/run.md.\n")
    #expect(
      h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/drafts") }
        == before.filter { !$0.key.hasPrefix(".ilgi/drafts") })
  }

  @Test func aFileChangedDuringTheEditIsNotOverwritten() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    let original = h.journal.root + "/2026/11/run.md"
    let editor = try h.editor("printf 'Written by another editor\\n' >> '\(original)'; printf 'Mine\\n' >> \"$1\"")
    let result = try h.run("edit", "last", env: ["EDITOR": editor])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "ilgi: 2026/11/run.md changed on disk while you were editing; it was not overwritten. Your version is in .ilgi/drafts/edit/2026/11/run.md; `ilgi edit 2026/11/run.md --resume` merges the two\n"
    )
    #expect(h.journal.text("2026/11/run.md") == Self.run + "Written by another editor\n")
    #expect(h.journal.text(".ilgi/drafts/edit/2026/11/run.md") == Self.run + "Mine\n")
    #expect(h.call("drafts").stdout == ".ilgi/drafts/edit/2026/11/run.md  Morning run  (edit of 2026/11/run.md)\n")

    // Resuming merges: both added a line at the end, so both lines stay (the one on disk
    // first) and the entry is saved without the editor; no marker is ever written.
    let resolved = try h.run("edit", "2026/11/run.md", "--resume", env: ["EDITOR": "false"])
    #expect(resolved.status == 0, "\(resolved.stderr)")
    #expect(
      resolved.stderr == "ilgi: note: 2026/11/run.md changed since your edit began; your edit was merged with it\n")
    #expect(h.journal.text("2026/11/run.md") == Self.run + "Written by another editor\nMine\n")
    #expect(h.call("drafts").stderr == "No drafts.\n")
  }

  /// Both changed one line: resuming opens the editor on both versions, one after the other,
  /// without conflict markers, and saves what the person keeps.
  @Test func resumingAfterBothChangedOneLineShowsBothVersions() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    let original = h.journal.root + "/2026/11/run.md"
    let editor = try h.editor(
      "sed -i 's/^Morning run$/Morning run, theirs/' '\(original)'; sed -i 's/^Morning run$/Morning run, mine/' \"$1\"")
    #expect(try h.run("edit", "last", env: ["EDITOR": editor]).status == 1)
    let resumed = try h.run("edit", "2026/11/run.md", "--resume", env: ["EDITOR": "true"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(
      resumed.stderr.hasPrefix(
        "ilgi: note: 2026/11/run.md changed since your edit began, in the same lines; both versions stand one after the other"
      ),
      "\(resumed.stderr)")
    let text = try #require(h.journal.text("2026/11/run.md"))
    #expect(text.contains("Morning run, theirs\nMorning run, mine\n") && !text.contains("<<<<<<<"), "\(text)")
  }

  /// An interrupted edit of an entry that changed elsewhere in the meantime is merged with it
  /// and saved without opening the editor when the two changed different lines.
  @Test func resumingMergesAnEditWithChangesMadeSince() throws {
    let text = "---\nid: M\n---\nTitle\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n"
    let h = try Harness(["m.md": text])
    let failing = try h.editor("sed -i 's/First paragraph./First, edited./' \"$1\"; exit 3")
    #expect(try h.run("edit", "m.md", env: ["EDITOR": failing]).status == 1)
    try h.journal.write("m.md", text.replacingOccurrences(of: "Third paragraph.", with: "Third, from the phone."))
    let resumed = try h.run("edit", "m.md", "--resume", env: ["EDITOR": "false"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout == "m.md\n")
    #expect(resumed.stderr == "ilgi: note: m.md changed since your edit began; your edit was merged with it\n")
    #expect(
      h.journal.text("m.md")
        == text.replacingOccurrences(of: "First paragraph.", with: "First, edited.")
        .replacingOccurrences(of: "Third paragraph.", with: "Third, from the phone."))
    #expect(h.call("drafts").stderr == "No drafts.\n")
  }

  /// A file whose front matter is broken opens in the editor all the same; saving it says
  /// whether it is mended.
  @Test func anEntryWithBrokenFrontMatterCanBeEdited() throws {
    let h = try Harness(["bad.md": "---\nid: [\n---\nBroken\n"])
    let stillBroken = try h.run("edit", "bad.md", env: ["EDITOR": try h.editor("printf 'more\\n' >> \"$1\"")])
    #expect(stillBroken.status == 0)
    #expect(stillBroken.stdout == "bad.md\n")
    #expect(stillBroken.stderr.hasPrefix("ilgi: warning: bad.md:2:"), "\(stillBroken.stderr)")
    #expect(h.journal.text("bad.md") == "---\nid: [\n---\nBroken\nmore\n")
    let mended = try h.run("edit", "bad.md", env: ["EDITOR": try h.editor("sed -i 's/^id: \\[$/id: FIXED/' \"$1\"")])
    #expect(mended.status == 0)
    #expect(mended.stderr == "")
    #expect(h.journal.text("bad.md") == "---\nid: FIXED\n---\nBroken\nmore\n")
    #expect(h.call("show", "bad.md", "--raw").status == 0)
  }

  @Test func anEditorThatFailsWithoutChangesKeepsNoCopy() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    let result = try h.run("edit", env: ["EDITOR": "false"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "ilgi: the editor did not finish cleanly; 2026/11/run.md is unchanged and nothing was kept\n")
    #expect(h.call("drafts").stderr == "No drafts.\n")
    #expect(try h.run("edit", env: ["EDITOR": "true"]).status == 0)
  }

  @Test func draftsAreDiscardedAfterAsking() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    #expect(try h.run("edit", env: ["EDITOR": try h.editor("printf 'partial' >> \"$1\"; exit 2")]).status == 1)
    let name = ".ilgi/drafts/edit/2026/11/run.md"
    let refused = h.call("drafts", "discard", name)
    #expect(refused.status == 64)
    #expect(refused.stderr == "ilgi: not deleting \(name) without confirmation; run on a terminal or pass --yes\n")
    #expect(h.journal.text(name) != nil)
    let kept = try h.runOnTerminal("drafts discard \(name)", input: "n\n")
    #expect(kept.stdout.contains("Delete the draft \(name) (Morning run)?"))
    #expect(h.journal.text(name) != nil)
    let discarded = try h.runOnTerminal("drafts discard run.md", input: "y\n")
    #expect(discarded.stdout.contains("Deleted the draft \(name)."), "\(discarded.stdout)")
    #expect(h.journal.text(name) == nil)
    #expect(h.call("drafts").stderr == "No drafts.\n")
    #expect(h.call("drafts", "discard", "nothing.md", "--yes").status == 66)
    #expect(try h.run("edit", env: ["EDITOR": "true"]).status == 0)
  }

  @Test func aFailedEditLeavesTheEntryAlone() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    let result = try h.run("edit", env: ["EDITOR": try h.editor("printf 'partial' >> \"$1\"; exit 2")])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "ilgi: the editor did not finish cleanly; 2026/11/run.md is unchanged and your edited copy is in .ilgi/drafts/edit/2026/11/run.md; `ilgi edit 2026/11/run.md --resume` reopens it\n"
    )
    #expect(h.journal.text("2026/11/run.md") == Self.run)
  }

  @Test func theFirstEditOfAPlainFileAddsFrontMatter() throws {
    let h = try Harness(["notes/2024-05-12.md": "Plain notes\r\n\r\nBody\r\n"])
    let result = h.call(
      "edit", "notes/2024-05-12.md", env: ["EDITOR": try h.editor("printf 'More\\r\\n' >> \"$1\"")])
    #expect(result.status == 0)
    let text = try #require(h.journal.text("notes/2024-05-12.md"))
    let match = try #require(
      text.wholeMatch(
        of:
          /---\r\nid: ([0-9A-F-]{36})\r\ndate: 2024-05-12T00:00:00\+09:00\r\n---\r\nPlain notes\r\n\r\nBody\r\nMore\r\n/
      ))
    #expect(UUID(uuidString: String(match.output.1)) != nil)
    // Reading alone never added it.
    let h2 = try Harness(["plain.md": "Plain\n"])
    _ = h2.call("list")
    _ = h2.call("show", "last")
    #expect(h2.journal.text("plain.md") == "Plain\n")
  }

  @Test func anEditMadeOutsideIlgiShowsUp() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    let sed = Process()
    sed.executableURL = URL(fileURLWithPath: "/bin/sed")
    sed.arguments = [
      "-i", "s/Morning run/Evening run/; s/Cold but bright/Dark and calm/", h.journal.root + "/2026/11/run.md",
    ]
    try sed.run()
    sed.waitUntilExit()
    let list = h.call("list")
    #expect(list.stdout == "0f8b6c0e  November 21, 2026 09:30  Evening run\n          Dark and calm.\n")
  }

  @Test func deleteAsksMovesToTrashAndRestoreBringsItBack() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    // Without a terminal and without --yes nothing happens.
    let before = h.journal.snapshot()
    let refused = h.call("delete", "last")
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "ilgi: not deleting 2026/11/run.md without confirmation; run on a terminal or pass --yes\n")
    #expect(h.journal.snapshot() == before)

    // On a terminal it asks; "n" keeps the entry.
    let kept = try h.runOnTerminal("delete last", input: "n\n")
    #expect(kept.stdout.contains("Move “Morning run” (November 21, 2026, 2026/11/run.md) to the trash? [y/N]"))
    #expect(kept.stdout.contains("Kept 2026/11/run.md."))
    #expect(h.journal.text("2026/11/run.md") == Self.run)

    let deleted = try h.runOnTerminal("delete last", input: "y\n")
    #expect(deleted.status == 0)
    #expect(deleted.stdout.contains("Moved 2026/11/run.md to the trash. Undo: ilgi trash restore 0f8b6c0e"))
    #expect(h.journal.text("2026/11/run.md") == nil)
    #expect(h.journal.text(".ilgi/trash/2026/11/run.md") == Self.run)
    #expect(h.call("list").stdout == "")

    let trash = h.call("trash")
    #expect(trash.stdout == "0f8b6c0e  2026-11-21 09:30  Morning run  (2026/11/run.md)\n")
    let restored = h.call("trash", "restore", "0f8b6c0e")
    #expect(restored.status == 0)
    #expect(restored.stdout == "2026/11/run.md\n")
    #expect(h.journal.text("2026/11/run.md") == Self.run)
    #expect(h.call("trash").stderr == "The trash is empty.\n")

    // "ㅛ" and "ㅛㄷㄴ" are y and yes typed with the Korean keyboard on: yes too.
    for answer in ["ㅛ", "ㅛㄷㄴ"] {
      let korean = try h.runOnTerminal("delete last", input: answer + "\n")
      #expect(korean.status == 0, "\(answer): \(korean.stdout)")
      #expect(h.journal.text("2026/11/run.md") == nil, "\(answer)")
      #expect(h.call("trash", "restore", "0f8b6c0e").status == 0)
    }
  }

  @Test func emptyingTheTrashNeedsConsent() throws {
    let h = try Harness(["a.md": entry("AAAA0000", "2026-01-01", "A"), "b.md": entry("BBBB0000", "2026-01-02", "B")])
    #expect(h.call("delete", "aaaa", "--yes").status == 0)
    #expect(h.call("delete", "bbbb", "-y").status == 0)
    let before = h.journal.snapshot()
    let refused = h.call("trash", "empty")
    #expect(refused.status == 1)
    #expect(refused.stderr == "ilgi: not emptying the trash without confirmation; run on a terminal or pass --yes\n")
    #expect(h.journal.snapshot() == before)
    let emptied = h.call("trash", "empty", "--yes")
    #expect(emptied.stdout == "Deleted 2 entries for good.\n")
    #expect(h.journal.text(".ilgi/trash/a.md") == nil)
    #expect(h.call("trash", "restore", "aaaa").status == 66)
  }

  @Test func restoringOntoAFileThatCameBackIsRefused() throws {
    let h = try Harness(["a.md": entry("AAAA0000", "2026-01-01", "A")])
    #expect(h.call("delete", "aaaa", "--yes").status == 0)
    try h.journal.write("a.md", "new file")
    let before = h.journal.snapshot()
    let result = h.call("trash", "restore", "aaaa")
    #expect(result.status == 1)
    #expect(result.stderr == "ilgi: a.md exists again; move that file away, then restore\n")
    #expect(h.journal.snapshot() == before)
  }
}
