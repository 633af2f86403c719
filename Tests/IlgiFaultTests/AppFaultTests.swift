import Foundation
import IlgiFuzz
import IlgiStore
import IlgiSystem
import IlgiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The diary app's saves under faults: `ilgi serve` killed with SIGKILL while it writes, and a
/// browser's save racing an `ilgi edit` of the same entry. Every file is afterwards its old or
/// its new bytes, and neither side's text is ever lost without the person being told.
@Suite(.serialized) struct AppFaultTests {
  /// `ilgi serve --port 0` on `harness`'s journal with `token` (from `ILGI_TOKEN`), and the
  /// port it printed.
  final class Server {
    let process = Process()
    let port: Int
    static let token = "fault-t0ken"

    init(_ harness: Harness) throws {
      let errors = Pipe()
      process.executableURL = URL(fileURLWithPath: IlgiProcess.binary)
      process.arguments = ["serve", "--port", "0"]
      process.environment = harness.environment.merging(["ILGI_TOKEN": Self.token]) { $1 }
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      var printed = ""
      while !printed.contains("Ctrl-C") {
        let chunk = errors.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        printed += String(decoding: chunk, as: UTF8.self)
      }
      let range = printed.range(of: #":[0-9]+/"#, options: .regularExpression)
      port = range.map { Int(printed[$0].dropFirst().dropLast()) ?? 0 } ?? 0
    }

    func kill() {
      if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }

    deinit { kill() }
  }

  /// A request as the app's page sends it, through curl; the HTTP status (0 when the server
  /// died first) and the body.
  static func call(_ port: Int, _ method: String, _ path: String, _ object: [String: Any]? = nil) throws -> (
    status: Int, body: String
  ) {
    let body = try object.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
    let result = try ChildProcess.run(
      [
        "curl", "-s", "--max-time", "20", "-X", method, "-H", "Authorization: Bearer " + Server.token, "-H",
        "X-Ilgi-Request: 1", "-H",
        "Origin: http://127.0.0.1:\(port)", "-H", "Content-Type: application/json", "--data-binary", "@-",
        "-w", "\n%{http_code}", "http://127.0.0.1:\(port)" + path,
      ], input: Array(body))
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
  }

  /// A settled save as the app's page sends it.
  static func save(_ port: Int, id: String, content: String, base: EntryVersion) throws -> (status: Int, body: String) {
    try call(port, "PUT", "/api/entries/" + id, ["content": content, "base": base.rawValue, "settled": true])
  }

  /// A reply's JSON object (empty when it is not one).
  static func json(_ body: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
  }

  static let id = "AB12CD34-0000-4000-8000-00000000A11E"
  static let path = "2026/11/2026-11-20-2100-evening.md"
  static let frontMatter = "---\nid: \"\(id)\"\ndate: 2026-11-20T21:00:00+09:00\n---\n"

  @Test func aServerKilledWhileSavingLeavesEachFileOldOrNew() throws {
    var random = SplitMix64(seed: FaultBudget.seed)
    let trials = max(10, FaultBudget.crashTrials / 5)
    let harness = try Harness([Self.path: Self.frontMatter + "Evening\n\nRound 0\n"])
    let file = harness.journal.root + "/" + Self.path
    var faults = 0
    var torn: [String] = []
    var killedMidway = 0
    var arrived = 0
    for trial in 1...trials {
      let old = try Data(contentsOf: URL(fileURLWithPath: file))
      let server = try Server(harness)
      #expect(server.port > 0)
      // A long text, so the write is under way when the kill comes.
      let content = "Evening\n\nRound \(trial)\n" + String(repeating: "The lamp hums over the desk. ", count: 4000)
      let saving = DispatchGroup()
      nonisolated(unsafe) var status = 0
      let port = server.port
      DispatchQueue.global().async(group: saving) {
        status =
          (try? Self.save(port, id: Self.id, content: content, base: EntryVersion(of: Array(old))))?
          .status ?? 0
      }
      usleep(useconds_t(random.next() % 120_000))
      server.kill()
      saving.wait()
      if status == 0 { killedMidway += 1 }
      let new = Data((Self.frontMatter + content + "\n").utf8)
      let now = try Data(contentsOf: URL(fileURLWithPath: file))
      if now == new { arrived += 1 }
      if now != old && now != new {
        faults += 1
        torn.append("trial \(trial): \(now.count) bytes, neither the old \(old.count) nor the new \(new.count)")
      }
      if status == 200 && now != new { torn.append("trial \(trial): the server said saved, the file is not") }
    }
    #expect(torn.isEmpty, "\(torn)")
    #expect(strayFiles(harness.journal.root).isEmpty, "\(strayFiles(harness.journal.root))")
    // The journal still lists, and the entry is whole.
    let list = try harness.run("list")
    #expect(list.status == 0)
    #expect(list.stdout.contains("Evening"))
    FaultRow(
      suite: "serve killed mid-save", trials: trials, faults: faults + torn.count, bytesLost: 0,
      detail: "\(killedMidway) killed before answering, \(arrived) saves on disk, the rest old"
    ).record()
  }

  @Test func aBrowserSaveRacingAnEditLosesNeitherText() throws {
    var random = SplitMix64(seed: FaultBudget.seed &+ 1)
    let trials = max(8, FaultBudget.crashTrials / 10)
    var harness = try Harness([Self.path: Self.frontMatter + "Evening\n\nStart\n"])
    let file = harness.journal.root + "/" + Self.path
    let server = try Server(harness)
    defer { server.kill() }
    var lost: [String] = []
    var outcomes: [String: Int] = [:]
    for trial in 1...trials {
      let old = try Data(contentsOf: URL(fileURLWithPath: file))
      let editorDelay = Double(random.next() % 80) / 1000
      let webDelay = random.next() % 200_000
      harness.environment["EDITOR"] = try harness.editor(
        "sleep \(String(format: "%.3f", editorDelay)); printf 'EDIT-\(trial)\\n' >> \"$1\"")
      let group = DispatchGroup()
      nonisolated(unsafe) var web = (status: 0, body: "")
      let port = server.port
      DispatchQueue.global().async(group: group) {
        usleep(useconds_t(webDelay))
        web =
          (try? Self.save(
            port, id: Self.id, content: "Evening\n\nWEB-\(trial)\n", base: EntryVersion(of: Array(old))))
          ?? (0, "")
      }
      let edit = try harness.run("edit", Self.path)
      group.wait()
      let now = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      let draft =
        (try? String(
          contentsOfFile: harness.journal.root + "/.ilgi/drafts/edit/" + Self.path, encoding: .utf8)) ?? ""
      let editKept = now.contains("EDIT-\(trial)") || (edit.status != 0 && draft.contains("EDIT-\(trial)"))
      let webKept = now.contains("WEB-\(trial)") || web.status == 409
      if !editKept { lost.append("trial \(trial): the editor's line is in neither the file nor its draft") }
      if !webKept { lost.append("trial \(trial): the browser's save is not in the file and was not refused") }
      // Both lines in the file is the browser's save landing before the edit began: the edit
      // then opened the saved text. A refusal comes only after the edit saved, and carries it.
      if web.status == 409 && !web.body.contains("EDIT-\(trial)") {
        lost.append("trial \(trial): the refusal did not carry the file's text: \(web.body)")
      }
      let outcome =
        web.status == 409
        ? "edit saved, browser refused"
        : edit.status == 0 ? "browser saved, then edited" : "browser saved, edit kept as a draft"
      outcomes[outcome, default: 0] += 1
      // The person settles the kept draft before the next round.
      try? FileManager.default.removeItem(atPath: harness.journal.root + "/.ilgi/drafts")
    }
    #expect(lost.isEmpty, "\(lost)")
    FaultRow(
      suite: "serve save vs ilgi edit", trials: trials, faults: lost.count, bytesLost: 0,
      detail: outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    ).record()
  }

  /// Runs each of `bodies` at once, on its own thread, after its own delay in microseconds.
  static func together(_ bodies: [(delay: UInt32, body: @Sendable () -> Void)]) {
    let group = DispatchGroup()
    for (delay, body) in bodies {
      DispatchQueue.global().async(group: group) {
        usleep(delay)
        body()
      }
    }
    group.wait()
  }

  /// Two tabs as the app's page writes: each makes a new entry, its create sent once to three
  /// times (a retry, the copy a page being left sends), the copies out of order; then both
  /// append a line to one shared entry at once, and the tab refused for the other's save keeps
  /// both (the page's merge, then a save on the other's version). Each text is in exactly one
  /// entry, both lines are in the shared one, and no entry holds a conflict marker.
  @Test func twoTabsLoseNoWordMakeNoCopyAndWriteNoMarker() throws {
    var random = SplitMix64(seed: FaultBudget.seed &+ 2)
    let trials = max(8, FaultBudget.crashTrials / 10)
    let shared = "AB12CD34-0000-4000-8000-00000000B0B0"
    let sharedPath = "2026/11/2026-11-20-2200-shared.md"
    let harness = try Harness([
      sharedPath: "---\nid: \"\(shared)\"\ndate: 2026-11-20T22:00:00+09:00\n---\nShared\n\nStart\n"
    ])
    let server = try Server(harness)
    defer { server.kill() }
    let port = server.port
    var problems: [String] = []
    var lost = 0
    var duplicates = 0
    var merged = 0
    for trial in 1...trials {
      // New entries: each tab's creates of its key, their numbers ascending as sent, arriving
      // in any order.
      var creates: [(delay: UInt32, body: @Sendable () -> Void)] = []
      var last: [String: String] = [:]
      for tab in ["A", "B"] {
        let key = "trial-\(trial)-tab-\(tab)-\(random.next() % 1_000_000)"
        let copies = 1 + Int(random.next() % 3)
        for copy in 0..<copies {
          let words = "Tab \(tab), trial \(trial)\n\nWritten in tab \(tab)" + String(repeating: ", more", count: copy)
          creates.append(
            (
              UInt32(random.next() % 60_000),
              {
                _ = try? Self.call(port, "POST", "/api/entries", ["content": words, "key": key, "sequence": copy + 1])
              }
            ))
          last[tab] = words
        }
      }
      Self.together(creates)
      for tab in ["A", "B"] {
        let holding = harness.journal.entryFiles().filter {
          harness.journal.text($0)?.contains("Tab \(tab), trial \(trial)\n") == true
        }
        if holding.isEmpty { lost += 1 }
        if holding.count > 1 { duplicates += holding.count - 1 }
        // The last create sent is what the entry holds, whichever arrived last.
        if let path = holding.first, harness.journal.text(path)?.hasSuffix((last[tab] ?? "") + "\n") != true {
          lost += 1
          problems.append("trial \(trial): tab \(tab)'s entry does not hold its last text")
        }
      }
      // One entry, both tabs appending at once from the version each loaded.
      let loaded = Self.json(try Self.call(port, "GET", "/api/entries/" + shared).body)
      let content = loaded["content"] as? String ?? ""
      let version = loaded["version"] as? String ?? ""
      nonisolated(unsafe) var outcomes: [String: Int] = [:]
      let lock = NSLock()
      let appends: [(delay: UInt32, body: @Sendable () -> Void)] = ["A", "B"].map { tab in
        let mine = content + "Line from tab \(tab), trial \(trial).\n"
        return (
          UInt32(random.next() % 40_000),
          {
            var reply: (status: Int, body: String) =
              (try? Self.call(port, "PUT", "/api/entries/" + shared, ["content": mine, "base": version])) ?? (0, "")
            if reply.status == 409 {
              // Keep both: the page merges its text with the one it was shown, then saves that
              // on the version the refusal carried.
              let theirs = Self.json(reply.body)
              let merge = Self.json(
                (try? Self.call(
                  port, "POST", "/api/merge",
                  ["base": content, "mine": mine, "theirs": theirs["content"] as? String ?? ""]))?.body ?? "")
              reply =
                (try? Self.call(
                  port, "PUT", "/api/entries/" + shared,
                  ["content": merge["content"] as? String ?? "", "base": theirs["version"] as? String ?? ""]))
                ?? (0, "")
              lock.withLock { outcomes["merged", default: 0] += 1 }
            }
            lock.withLock { outcomes[String(reply.status), default: 0] += 1 }
          }
        )
      }
      Self.together(appends)
      merged += outcomes["merged"] ?? 0
      if outcomes["200"] != 2 { problems.append("trial \(trial): the appends ended \(outcomes)") }
      let now = harness.journal.text(sharedPath) ?? ""
      for tab in ["A", "B"] where !now.contains("Line from tab \(tab), trial \(trial).") {
        lost += 1
        problems.append("trial \(trial): tab \(tab)'s line is not in the shared entry")
      }
    }
    let markers = harness.journal.entryFiles().filter { path in
      let text = harness.journal.text(path) ?? ""
      return ["<<<<<<<", "=======", ">>>>>>>"].contains { text.contains($0) }
    }
    #expect(
      lost == 0 && duplicates == 0 && markers.isEmpty, "lost \(lost), copies \(duplicates), markers in \(markers)")
    #expect(problems.isEmpty, "\(problems.prefix(5))")
    #expect(try harness.run("doctor").status == 0)
    FaultRow(
      suite: "two tabs of the app", trials: trials, faults: problems.count, bytesLost: 0,
      detail: "2 new entries and 2 appends each; words lost \(lost), duplicates \(duplicates), "
        + "markers written \(markers.count), \(merged) appends kept both"
    ).record()
  }

  /// A delete and a save of one entry sent at once by two pages: they are taken in order. A
  /// save answered "saved" came first, and its text is what the delete put in the trash; a save
  /// after the delete is "no such entry"; a delete answered "deleted" leaves no entry behind.
  @Test func aDeleteRacingASaveLosesNoSavedWord() throws {
    var random = SplitMix64(seed: FaultBudget.seed &+ 3)
    let trials = max(10, FaultBudget.crashTrials / 5)
    let harness = try Harness([:])
    let server = try Server(harness)
    defer { server.kill() }
    let port = server.port
    var lost: [String] = []
    var outcomes: [String: Int] = [:]
    for trial in 1...trials {
      let made = Self.json(try Self.call(port, "POST", "/api/entries", ["content": "Race \(trial)\n\nFirst."]).body)
      let id = made["id"] as? String ?? ""
      let version = made["version"] as? String ?? ""
      let text = "Race \(trial)\n\nSaved while deleted."
      nonisolated(unsafe) var saved = (status: 0, body: "")
      nonisolated(unsafe) var deleted = (status: 0, body: "")
      Self.together([
        (
          UInt32(random.next() % 20_000),
          {
            saved = (try? Self.call(port, "PUT", "/api/entries/" + id, ["content": text, "base": version])) ?? (0, "")
          }
        ),
        (
          UInt32(random.next() % 20_000),
          { deleted = (try? Self.call(port, "DELETE", "/api/entries/" + id)) ?? (0, "") }
        ),
      ])
      let trash = Self.json(deleted.body)["trash"] as? String ?? ""
      let trashed = harness.journal.text(".ilgi/trash/" + trash) ?? ""
      let remaining = harness.journal.entryFiles().filter {
        harness.journal.text($0)?.contains("Race \(trial)\n") == true
      }
      if deleted.status != 200 { lost.append("trial \(trial): the delete was answered \(deleted.status)") }
      if !remaining.isEmpty { lost.append("trial \(trial): deleted, yet \(remaining) remain") }
      switch saved.status {
      case 200:
        if !trashed.contains("Saved while deleted.") {
          lost.append("trial \(trial): the saved text is not in the trash")
        }
        outcomes["saved, then deleted with it", default: 0] += 1
      case 404:
        if trashed.contains("Saved while deleted.") { lost.append("trial \(trial): a refused save is in the trash") }
        outcomes["deleted, save refused", default: 0] += 1
      default:
        lost.append("trial \(trial): the save was answered \(saved.status): \(saved.body)")
      }
    }
    #expect(lost.isEmpty, "\(lost.prefix(5))")
    FaultRow(
      suite: "serve delete vs save", trials: trials, faults: lost.count, bytesLost: 0,
      detail: outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    ).record()
  }
}
