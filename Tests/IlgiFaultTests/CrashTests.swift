import Foundation
import IlgiFuzz
import IlgiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Kill -9 at random moments while `ilgi` writes: every entry file is afterwards the complete
/// old version or the complete new one, nothing half-written shows, and the next command works.
@Suite(.serialized) struct CrashTests {
  /// One write operation the suite interrupts.
  struct Operation {
    var name: String
    var arguments: [String]
    var environment: [String: String] = [:]
    /// Whether a file that was not there before is a complete result of the operation.
    var isCompleteNewFile: (String, Data) -> Bool = { _, _ in false }
    /// What else must hold after a kill (text the editor saved is in an entry or a draft);
    /// returns the problem, if any.
    var afterKill: (String) -> String? = { _ in nil }
  }

  /// A journal of `count` entries without weather, all in March 2025.
  static func files(_ count: Int) -> [String: String] {
    var files: [String: String] = [:]
    for day in 1...count {
      let date = String(format: "2025-03-%02d", (day - 1) % 28 + 1)
      let id = String(format: "00000000-0000-4000-8000-%012d", day)
      let body = String(repeating: "Line \(day) of a long day, written slowly. ", count: 40)
      files["2025/03/\(date)-\(String(format: "%04d", day))-day-\(day).md"] =
        "---\nid: \(id)\ndate: \(date)T09:\(String(format: "%02d", day % 60)):00+09:00\ntags: [crash]\n---\nDay \(day)\n\n\(body)\n"
    }
    return files
  }

  /// Runs `trials` interrupted runs of `operation` from the same starting state and checks each.
  /// Returns the summary row.
  static func run(
    _ operation: Operation, trials: Int, harness: Harness, random: inout SplitMix64
  ) throws -> FaultRow {
    let root = harness.journal.root
    let start = EntryFiles.read(root)
    let environment = harness.environment.merging(operation.environment) { $1 }

    // One uninterrupted run tells how long the operation takes and what its result is.
    let began = Date()
    let calibration = try Child.start(operation.arguments, environment: environment)
    // Watch for the moment the files change: that is where the kills should land.
    var firstChange: TimeInterval?
    while calibration.process.isRunning {
      if firstChange == nil, EntryFiles.read(root) != start { firstChange = Date().timeIntervalSince(began) }
      usleep(300)
    }
    #expect(calibration.wait() == 0, "\(operation.name) must succeed when not interrupted")
    let duration = Date().timeIntervalSince(began)
    let finished = EntryFiles.read(root)
    var moved: [String: String] = [:]
    var rewritten: [String: Data] = [:]
    for (path, bytes) in start.contents where finished.contents[path] != bytes {
      if let target = finished.contents.first(where: { $0.value == bytes && start.contents[$0.key] == nil })?.key {
        moved[path] = target
      } else if let now = finished.contents[path] {
        rewritten[path] = now
      }
    }
    reset(root, to: start)
    // And which writing syscalls it makes, so half the kills land exactly on one of them.
    let calls = try SyscallKill.calls(operation.arguments, environment: environment)
    reset(root, to: start)

    var faults = 0
    var landed = 0
    var onSyscall = 0
    var lost = 0
    var torn = 0
    for trial in 0..<trials {
      let killed: Bool
      let delay: String
      if trial % 2 == 1, !calls.isEmpty {
        // SIGKILL on the Nth call of one writing syscall (strace's fault injection).
        let (name, count) = calls[Int.random(in: 0..<calls.count, using: &random)]
        let when = Int.random(in: 1...count, using: &random)
        delay = "\(name) #\(when)"
        killed = try Child.start(
          operation.arguments, environment: environment, prefix: SyscallKill.prefix(name, when: when)
        ).waitKilled()
        if killed { onSyscall += 1 }
      } else {
        // A random moment: anywhere in the run, or in the 20 ms before the files changed in the
        // uninterrupted run (start-up and reading the journal come first).
        let seconds =
          if let firstChange, Bool.random(using: &random) {
            Double.random(in: max(0, firstChange - 0.02)...(firstChange + 0.002), using: &random)
          } else {
            Double.random(in: 0...duration, using: &random)
          }
        delay = String(format: "%.4fs", seconds)
        killed = try Child.start(operation.arguments, environment: environment).kill(after: seconds)
      }
      let after = EntryFiles.read(root)
      if killed {
        faults += 1
        if after != start { landed += 1 }
      }
      if let problem = operation.afterKill(root) {
        lost += 1
        Issue.record("\(operation.name): \(problem) after a kill at \(delay)")
      }
      for (path, bytes) in start.contents {
        let kept =
          after.contents[path] == bytes || (rewritten[path].map { after.contents[path] == $0 } ?? false)
          || (moved[path].map { after.contents[$0] == bytes } ?? false)
        if !kept {
          lost += bytes.count
          Issue.record("\(operation.name): \(path) is neither its old nor its new version after a kill at \(delay)")
        }
      }
      for (path, bytes) in after.contents where start.contents[path] == nil {
        let known = moved.values.contains(path) || operation.isCompleteNewFile(path, bytes)
        if !known {
          torn += 1
          Issue.record("\(operation.name): \(path) (\(bytes.count) bytes) is not a complete result")
        }
      }
      let stray = strayFiles(root)
      #expect(stray.isEmpty, "\(operation.name): files a listing would show: \(stray)")
      // The next command works and brings the index up to what is on disk.
      let list = try harness.run("list", "--json", "-n", "100000")
      #expect(list.status == 0, "\(operation.name): list after a kill: \(list.stderr)")
      #expect(listedPaths(list.stdout) == after.visible, "\(operation.name): the index missed a change")
      reset(root, to: start)
    }
    return FaultRow(
      suite: "crash: \(operation.name)", trials: trials, faults: faults, bytesLost: lost,
      detail: "\(onSyscall) on a writing syscall, \(landed) after an entry file changed, \(torn) torn files")
  }

  /// Puts the journal's entry files back to `state`, touching only what differs.
  static func reset(_ root: String, to state: EntryFiles) {
    let now = EntryFiles.read(root)
    for path in now.contents.keys where state.contents[path] == nil {
      unlink(root + "/" + path)
    }
    for (path, bytes) in state.contents where now.contents[path] != bytes {
      let url = URL(fileURLWithPath: root + "/" + path)
      try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? bytes.write(to: url)
    }
    try? FileManager.default.removeItem(atPath: root + "/.ilgi/drafts")
    unlink(root + "/../editor-done")
  }

  static var perOperation: Int { max(1, (FaultBudget.crashTrials + 6) / 7) }

  @Test func killedWritesLeaveOldOrNewNeverHalf() throws {
    var random = SplitMix64(seed: FaultBudget.seed)
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2025-02-27", last: "2025-03-29"))),
    ])
    defer { server.stop() }
    var harness = try Harness(Self.files(40))
    harness.environment["ILGI_WEATHER_PLACE"] = "Seoul"
    harness.environment["ILGI_WEATHER_GEOCODING_URL"] = server.baseURL
    harness.environment["ILGI_WEATHER_ARCHIVE_URL"] = server.baseURL
    harness.environment["ILGI_WEATHER_URL"] = server.baseURL
    #expect(try harness.run("index").status == 0)

    let text = String(repeating: "A new entry that must arrive whole. ", count: 3000)
    let typed = harness.journal.base + "/typed.txt"
    try ("Typed\n\n" + text + "\n").write(toFile: typed, atomically: true, encoding: .utf8)
    let target = "2025/03/2025-03-05-0005-day-5.md"
    let edited = harness.journal.base + "/edited.md"
    try (harness.journal.text(target)!.replacingOccurrences(of: "Day 5\n", with: "Day 5, rewritten\n") + text)
      .write(toFile: edited, atomically: true, encoding: .utf8)
    let trashed = "2025/03/2025-03-07-0007-day-7.md"
    // A jrnl journal of 30 entries for `import`; every imported file ends with its entry's mark.
    let jrnl = harness.journal.base + "/journal.txt"
    try (1...30).map { n in
      "[2024-06-\(String(format: "%02d", n)) 07:\(String(format: "%02d", n))] Imported \(n)\n"
        + String(repeating: "An imported line, long enough to take a while. ", count: 200) + "END \(n)\n"
    }.joined(separator: "\n").write(toFile: jrnl, atomically: true, encoding: .utf8)

    let completeNew: (String, Data) -> Bool = { _, bytes in
      let file = String(decoding: bytes, as: UTF8.self)
      return file.hasPrefix("---\n") && file.contains("\n---\n") && file.hasSuffix(text + "\n")
    }
    let operations = [
      Operation(
        name: "new (text)", arguments: ["new", "--no-weather", "Typed\n\n" + text],
        isCompleteNewFile: completeNew),
      Operation(
        name: "new (editor)", arguments: ["new", "--no-weather", "--edit"],
        environment: [
          "EDITOR": try harness.editor("cat '\(typed)' > \"$1\" && : > '\(harness.journal.base)/editor-done'")
        ],
        isCompleteNewFile: completeNew,
        afterKill: { root in
          // Once the editor saved, the text is in an entry or in a draft `new --resume` reopens.
          guard FileManager.default.fileExists(atPath: root + "/../editor-done") else { return nil }
          let drafts = (try? FileManager.default.subpathsOfDirectory(atPath: root + "/.ilgi/drafts")) ?? []
          let inDraft = drafts.contains {
            (try? String(contentsOfFile: root + "/.ilgi/drafts/" + $0, encoding: .utf8))?.contains(text) == true
          }
          let inEntry = EntryFiles.read(root).contents.values.contains { completeNew("", $0) }
          return inDraft || inEntry ? nil : "the text the editor saved is in no entry and no draft"
        }),
      Operation(
        name: "edit", arguments: ["edit", target],
        environment: ["EDITOR": try harness.editor("cat '\(edited)' > \"$1\"")]),
      Operation(name: "weather fill (front matter)", arguments: ["weather", "fill", "--yes"]),
      Operation(name: "delete (to trash)", arguments: ["delete", trashed, "--yes"]),
      Operation(
        name: "import (jrnl)", arguments: ["import", jrnl, "--from", "jrnl"],
        isCompleteNewFile: { _, bytes in
          let file = String(decoding: bytes, as: UTF8.self)
          return file.hasPrefix("---\nid: ") && (1...30).contains { file.hasSuffix(" END \($0)\n") }
        }),
    ]
    var rows: [FaultRow] = []
    for operation in operations {
      rows.append(try Self.run(operation, trials: Self.perOperation, harness: harness, random: &random))
    }
    // Restoring: the same entry starts in the trash.
    #expect(try harness.run("delete", trashed, "--yes").status == 0)
    rows.append(
      try Self.run(
        Operation(name: "trash restore", arguments: ["trash", "restore", trashed]), trials: Self.perOperation,
        harness: harness, random: &random))
    for row in rows { row.record() }
  }

  @Test func aKilledRebuildIsRepairedByTheNextCommand() throws {
    var random = SplitMix64(seed: FaultBudget.seed &+ 1)
    let harness = try Harness(Self.files(28).merging(Self.files(28).map { ("more/" + $0.key, $0.value) }) { $1 })
    let corpus = try GeneratedCorpus.make(entries: 400, seed: 7)
    try FileManager.default.removeItem(atPath: harness.journal.root)
    try FileManager.default.copyItem(atPath: corpus.journal, toPath: harness.journal.root)
    let row = try Self.run(
      Operation(name: "index --rebuild", arguments: ["index", "--rebuild"]), trials: Self.perOperation,
      harness: harness, random: &random)
    row.record()
  }
}
