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
        == "ilgi: 2026/11/run.md changed on disk while you were editing; it was not overwritten. Your version is in .ilgi/drafts/edit/2026/11/run.md; merge the two by hand\n"
    )
    #expect(h.journal.text("2026/11/run.md") == Self.run + "Written by another editor\n")
    #expect(h.journal.text(".ilgi/drafts/edit/2026/11/run.md") == Self.run + "Mine\n")
    #expect(try h.run("drafts").stdout == ".ilgi/drafts/edit/2026/11/run.md  Morning run  (edit of 2026/11/run.md)\n")
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
    let result = try h.run(
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
    _ = try h2.run("list")
    _ = try h2.run("show", "last")
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
    let list = try h.run("list")
    #expect(list.stdout == "0f8b6c0e  November 21, 2026 09:30  Evening run\n          Dark and calm.\n")
  }

  @Test func deleteAsksMovesToTrashAndRestoreBringsItBack() throws {
    let h = try Harness(["2026/11/run.md": Self.run])
    // Without a terminal and without --yes nothing happens.
    let before = h.journal.snapshot()
    let refused = try h.run("delete", "last")
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
    #expect(try h.run("list").stdout == "")

    let trash = try h.run("trash")
    #expect(trash.stdout == "0f8b6c0e  2026-11-21 09:30  Morning run  (2026/11/run.md)\n")
    let restored = try h.run("trash", "restore", "0f8b6c0e")
    #expect(restored.status == 0)
    #expect(restored.stdout == "2026/11/run.md\n")
    #expect(h.journal.text("2026/11/run.md") == Self.run)
    #expect(try h.run("trash").stderr == "The trash is empty.\n")
  }

  @Test func emptyingTheTrashNeedsConsent() throws {
    let h = try Harness(["a.md": entry("AAAA0000", "2026-01-01", "A"), "b.md": entry("BBBB0000", "2026-01-02", "B")])
    #expect(try h.run("delete", "aaaa", "--yes").status == 0)
    #expect(try h.run("delete", "bbbb", "-y").status == 0)
    let before = h.journal.snapshot()
    let refused = try h.run("trash", "empty")
    #expect(refused.status == 1)
    #expect(refused.stderr == "ilgi: not emptying the trash without confirmation; run on a terminal or pass --yes\n")
    #expect(h.journal.snapshot() == before)
    let emptied = try h.run("trash", "empty", "--yes")
    #expect(emptied.stdout == "Deleted 2 entries for good.\n")
    #expect(h.journal.text(".ilgi/trash/a.md") == nil)
    #expect(try h.run("trash", "restore", "aaaa").status == 66)
  }

  @Test func restoringOntoAFileThatCameBackIsRefused() throws {
    let h = try Harness(["a.md": entry("AAAA0000", "2026-01-01", "A")])
    #expect(try h.run("delete", "aaaa", "--yes").status == 0)
    try h.journal.write("a.md", "new file")
    let before = h.journal.snapshot()
    let result = try h.run("trash", "restore", "aaaa")
    #expect(result.status == 1)
    #expect(result.stderr == "ilgi: a.md exists again; move that file away, then restore\n")
    #expect(h.journal.snapshot() == before)
  }
}
