import Foundation
import IlgiFuzz
import IlgiTestSupport
import Testing

/// Several `ilgi` processes writing and reading one journal at once.
@Suite(.serialized) struct ConcurrencyTests {
  /// What one writer did and was told.
  struct WriterLog: Sendable {
    var created: [String] = []
    var deleted: [String] = []
    /// Path to the marks of edits `ilgi edit` reported as saved.
    var edits: [String: [String]] = [:]
    var failures: [String] = []
  }

  @Test func writersAndReadersAtOnceLoseNothing() throws {
    let harness = try Harness()
    let writers = FaultBudget.writers
    let operations = FaultBudget.operationsPerWriter
    let editor = try harness.editor("printf '\\n%s\\n' \"$ILGI_FAULT_MARK\" >> \"$1\"")
    nonisolated(unsafe) var logs = [WriterLog](repeating: WriterLog(), count: writers)
    nonisolated(unsafe) var readerProblems: [String] = []
    nonisolated(unsafe) var reads = 0
    let lock = NSLock()
    nonisolated(unsafe) var writing = writers

    DispatchQueue.concurrentPerform(iterations: writers + 2) { worker in
      if worker >= writers {
        // Readers list and search until every writer is done.
        var count = 0
        while lock.withLock({ writing }) > 0 {
          let result =
            worker % 2 == 0
            ? try? harness.run("list", "-n", "20") : try? harness.run("search", "writer", "-n", "5")
          count += 1
          if let result, result.status != 0 || result.stderr.contains("error") {
            lock.withLock { readerProblems.append("exit \(result.status): \(result.stderr)") }
          }
        }
        lock.withLock { reads += count }
        return
      }
      var random = SplitMix64(seed: FaultBudget.seed &+ UInt64(worker))
      var log = WriterLog()
      var alive: [String] = []
      for step in 0..<operations {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 60 || alive.isEmpty {
          let result = try? harness.run(
            "new", "--no-weather", "Writer \(worker) step \(step)\n\nwriter \(worker) wrote this.")
          if let result, result.status == 0 {
            let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            log.created.append(path)
            alive.append(path)
          } else {
            log.failures.append("new: \(result?.stderr ?? "did not run")")
          }
        } else if roll < 85 {
          let path = alive[Int.random(in: 0..<alive.count, using: &random)]
          let mark = "edit \(worker)-\(step)"
          let result = try? harness.run("edit", path, env: ["EDITOR": editor, "ILGI_FAULT_MARK": mark])
          if let result, result.status == 0 {
            log.edits[path, default: []].append(mark)
          } else {
            log.failures.append("edit: \(result?.stderr ?? "did not run")")
          }
        } else {
          let index = Int.random(in: 0..<alive.count, using: &random)
          let path = alive.remove(at: index)
          let result = try? harness.run("delete", path, "--yes")
          if let result, result.status == 0 {
            log.deleted.append(path)
          } else {
            log.failures.append("delete: \(result?.stderr ?? "did not run")")
          }
        }
      }
      lock.withLock {
        logs[worker] = log
        writing -= 1
      }
    }

    let failures = logs.flatMap(\.failures)
    #expect(failures.isEmpty, "writers were refused: \(failures.prefix(5))")
    #expect(readerProblems.isEmpty, "readers failed: \(readerProblems.prefix(5))")
    let created = logs.flatMap(\.created)
    let deleted = Set(logs.flatMap(\.deleted))
    #expect(Set(created).count == created.count, "two writers were told the same path")
    let expected = Set(created).subtracting(deleted)
    var lostBytes = 0
    for path in expected {
      guard let text = harness.journal.text(path) else {
        Issue.record("\(path) was reported written and is not on disk")
        continue
      }
      for log in logs {
        for mark in log.edits[path] ?? [] where !text.contains(mark) {
          lostBytes += mark.utf8.count
          Issue.record("\(path) lost the saved edit \(mark)")
        }
      }
    }
    for path in deleted { #expect(harness.journal.text(".ilgi/trash/" + path) != nil, "\(path) is not in the trash") }

    let list = try harness.run("list", "--json", "-n", "100000")
    #expect(list.status == 0)
    #expect(listedPaths(list.stdout) == expected.sorted(), "the index and the files disagree")
    let ids =
      (try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?
      .compactMap { $0["id"] as? String } ?? []
    #expect(Set(ids).count == ids.count, "two files share an id")
    #expect(try harness.run("doctor").status == 0)

    FaultRow(
      suite: "concurrency: \(writers) writers × \(operations) + 2 readers", trials: writers * operations,
      faults: writers * operations + reads, bytesLost: lostBytes,
      detail: "\(created.count) new, \(logs.map { $0.edits.values.joined().count }.reduce(0, +)) edits, "
        + "\(deleted.count) deletes, \(reads) reads, \(failures.count + readerProblems.count) refused"
    ).record()
  }

  @Test func twoEditorsOnOneEntryNeverOverwriteSilently() throws {
    let harness = try Harness([
      "2025/03/day.md": "---\nid: 0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2025-03-01\n---\nDay\n\nFirst text.\n"
    ])
    let base = harness.journal.base
    // The first editor waits until the second ilgi has tried, then saves.
    let slow = try harness.editor(
      "while [ ! -e '\(base)/go' ]; do sleep 0.05; done; printf '\\nfrom the first\\n' >> \"$1\"")
    let fast = try harness.editor("printf '\\nfrom the second\\n' >> \"$1\"")
    let first = try Child.start(
      ["edit", "2025/03/day.md"], environment: harness.environment.merging(["EDITOR": slow]) { $1 })
    // Wait until the first session's copy exists.
    for _ in 0..<200
    where !FileManager.default.fileExists(atPath: harness.journal.root + "/.ilgi/drafts/edit/2025/03/day.md") {
      usleep(20_000)
    }
    let second = try harness.run("edit", "2025/03/day.md", env: ["EDITOR": fast])
    // Resuming is refused too while the first session is open.
    let resuming = try harness.run("edit", "2025/03/day.md", "--resume", env: ["EDITOR": fast])
    #expect(resuming.status != 0)
    #expect(resuming.stderr.contains("open in another edit"), "\(resuming.stderr)")
    _ = FileManager.default.createFile(atPath: base + "/go", contents: Data())
    let firstStatus = first.wait()
    let text = harness.journal.text("2025/03/day.md") ?? ""
    // Either the second was refused and the first saved, or both saves are in the file.
    if second.status == 0 {
      #expect(text.contains("from the second") && text.contains("from the first"), "a save was lost: \(text)")
    } else {
      #expect(second.stderr.contains("2025/03/day.md"), "the refusal names the entry: \(second.stderr)")
      #expect(firstStatus == 0)
      #expect(text.contains("from the first"))
      #expect(!text.contains("from the second"))
    }
  }
}
