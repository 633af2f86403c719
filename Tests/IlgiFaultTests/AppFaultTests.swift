import Foundation
import IlgiCore
import IlgiFuzz
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

  /// A save as the app's page sends it; the HTTP status (0 when the server died first).
  static func save(_ port: Int, id: String, content: String, base: EntryVersion) throws -> (status: Int, body: String) {
    let body = try JSONSerialization.data(withJSONObject: ["content": content, "base": base.rawValue, "settled": true])
    let result = try ChildProcess.run(
      [
        "curl", "-s", "--max-time", "20", "-X", "PUT", "-H", "Authorization: Bearer " + Server.token, "-H",
        "X-Ilgi-Request: 1", "-H",
        "Origin: http://127.0.0.1:\(port)", "-H", "Content-Type: application/json", "--data-binary", "@-",
        "-w", "\n%{http_code}", "http://127.0.0.1:\(port)/api/entries/" + id,
      ], input: Array(body))
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
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
}
