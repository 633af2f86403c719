import Foundation
import IlgiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The editor dies, fails or loses its terminal: what was typed survives as a draft that
/// `ilgi drafts` lists and `ilgi new --resume` brings back.
@Suite(.serialized) struct EditorFailureTests {
  enum Failure: String, CaseIterable {
    case editorKilled = "editor killed by SIGKILL"
    case editorFailed = "editor exits 3"
    case hangUp = "SIGHUP to ilgi while the editor runs"
    case terminated = "SIGTERM to ilgi while the editor runs"
  }

  static let typed = "Typed before the failure\n\nEvery word of this must survive.\n"

  /// An editor script that types `typed` into the file, then fails as `failure` says. For the
  /// signals to ilgi it writes its pid and waits to be killed.
  static func editor(_ harness: Harness, _ failure: Failure) throws -> String {
    let base = harness.journal.base
    let typing = "printf '%s' '\(typed)' > \"$1\""
    switch failure {
    case .editorKilled: return try harness.editor("\(typing); kill -KILL $$")
    case .editorFailed: return try harness.editor("\(typing); exit 3")
    case .hangUp, .terminated:
      return try harness.editor("\(typing); echo $$ > '\(base)/editor.pid'; exec sleep 30")
    }
  }

  /// Runs `arguments` with the failing editor; signals ilgi when the failure is a signal to it.
  static func runFailing(_ harness: Harness, _ failure: Failure, _ arguments: [String]) throws -> Int32 {
    let environment = harness.environment.merging(["EDITOR": try editor(harness, failure)]) { $1 }
    let child = try Child.start(arguments, environment: environment)
    let pidFile = harness.journal.base + "/editor.pid"
    switch failure {
    case .editorKilled, .editorFailed:
      return child.wait()
    case .hangUp, .terminated:
      var editorPID: Int32?
      for _ in 0..<500 {
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
          let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
          editorPID = pid
          break
        }
        usleep(10_000)
      }
      #expect(editorPID != nil, "the editor never started")
      kill(child.process.processIdentifier, failure == .hangUp ? SIGHUP : SIGTERM)
      // ilgi passes the signal to the shell that started the editor; the script's own `sleep`
      // would outlive it, and Foundation's wait would wait for it too.
      usleep(300_000)
      if let editorPID { kill(editorPID, SIGKILL) }
      let status = child.wait()
      unlink(pidFile)
      return status
    }
  }

  @Test(arguments: Failure.allCases)
  func aNewEntrysDraftSurvives(_ failure: Failure) throws {
    let harness = try Harness()
    let status = try Self.runFailing(harness, failure, ["new", "--no-weather", "--edit"])
    #expect(status != 0)
    #expect(harness.journal.entryFiles().isEmpty, "nothing half-done is filed as an entry")
    let drafts = try harness.run("drafts")
    #expect(drafts.status == 0)
    #expect(drafts.stdout.contains("Typed before the failure"), "ilgi drafts lists it: \(drafts.stdout)")
    // Resuming with an editor that saves as it is files the entry with every word.
    let resumed = try harness.run("new", "--resume", "--edit", env: ["EDITOR": "true"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let path = resumed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(harness.journal.text(path)?.hasSuffix(Self.typed) == true)
    #expect(try harness.run("drafts").stderr.contains("No drafts"))
  }

  @Test(arguments: Failure.allCases)
  func anEditsCopySurvivesAndTheEntryIsUntouched(_ failure: Failure) throws {
    let original = "---\nid: 0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2025-03-01\n---\nDay\n\nBefore.\n"
    let harness = try Harness(["2025/03/day.md": original])
    let status = try Self.runFailing(harness, failure, ["edit", "2025/03/day.md"])
    #expect(status != 0)
    #expect(harness.journal.text("2025/03/day.md") == original, "the entry is not changed by a failed edit")
    #expect(harness.journal.text(".ilgi/drafts/edit/2025/03/day.md") == Self.typed, "the copy holds what was typed")
    let drafts = try harness.run("drafts")
    #expect(drafts.stdout.contains(".ilgi/drafts/edit/2025/03/day.md"), "\(drafts.stdout)")
    // A new edit does not replace the kept copy; it says where the copy is.
    let again = try harness.run("edit", "2025/03/day.md", env: ["EDITOR": "true"])
    #expect(again.status != 0)
    #expect(again.stderr.contains(".ilgi/drafts/edit/2025/03/day.md"), "\(again.stderr)")
    #expect(harness.journal.text(".ilgi/drafts/edit/2025/03/day.md") == Self.typed)
    // `edit --resume` reopens the copy and saves it, since the entry did not change meanwhile.
    let resumed = try harness.run("edit", "2025/03/day.md", "--resume", env: ["EDITOR": "true"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(harness.journal.text("2025/03/day.md")?.hasSuffix(Self.typed) == true)
    #expect(!FileManager.default.fileExists(atPath: harness.journal.root + "/.ilgi/drafts/edit"))
  }

  @Test func resumingAnEditOfAnEntryChangedSinceKeepsBoth() throws {
    let original = "---\nid: 0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2025-03-01\n---\nDay\n\nBefore.\n"
    let harness = try Harness(["2025/03/day.md": original])
    #expect(try Self.runFailing(harness, .editorFailed, ["edit", "2025/03/day.md"]) != 0)
    let changed = original + "\nChanged elsewhere meanwhile.\n"
    try harness.journal.write("2025/03/day.md", changed)
    // The resumed edit is merged with the change as every writer merges: both texts stand one
    // after the other, with no conflict markers, and the person is told to keep what they want.
    let resumed = try harness.run("edit", "2025/03/day.md", "--resume", env: ["EDITOR": "true"])
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stderr.contains("both versions stand one after the other"), "\(resumed.stderr)")
    let entry = harness.journal.text("2025/03/day.md") ?? ""
    #expect(
      entry.contains("Every word of this must survive.") && entry.contains("Changed elsewhere meanwhile."), "\(entry)")
    #expect(!entry.contains("<<<<<<<") && !entry.contains(">>>>>>>"), "\(entry)")
    #expect(!FileManager.default.fileExists(atPath: harness.journal.root + "/.ilgi/drafts/edit/2025/03/day.md"))
    let nothing = try harness.run("edit", "2025/03/other.md", "--resume", env: ["EDITOR": "true"])
    #expect(nothing.status != 0)
  }
}
