import Foundation
import IlgiFuzz
import IlgiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// How much of the fault suite runs: `make test-faults` sets `ILGI_FAULT_TRIALS` (and the
/// concurrency sizes) high; the normal test run keeps the CI subset.
enum FaultBudget {
  static let environment = ProcessInfo.processInfo.environment

  /// Kill -9 trials across all write operations (CI: 100; `make test-faults`: 1,200).
  static var crashTrials: Int { Int(environment["ILGI_FAULT_TRIALS"] ?? "") ?? 100 }
  /// Concurrent writers and the operations each makes (CI: 4 × 25; `make test-faults`: 8 × 100).
  static var writers: Int { Int(environment["ILGI_FAULT_WRITERS"] ?? "") ?? 4 }
  static var operationsPerWriter: Int { Int(environment["ILGI_FAULT_OPERATIONS"] ?? "") ?? 25 }
  /// The seed of every random choice, printed in the summary so a failing run can be repeated.
  /// It is printed when first drawn, so a failure in CI's log can be repeated with
  /// `ILGI_FAULT_SEED`.
  static let seed: UInt64 = {
    let seed = UInt64(environment["ILGI_FAULT_SEED"] ?? "") ?? UInt64.random(in: 1...999_999)
    print("ilgi fault suite: seed \(seed) (repeat with ILGI_FAULT_SEED=\(seed))")
    return seed
  }()
}

/// One row of the summary table `make test-faults` prints.
struct FaultRow {
  var suite: String
  var trials: Int
  var faults: Int
  var bytesLost: Int
  var detail: String

  /// Appends the row to `ILGI_FAULT_SUMMARY` (a tab-separated file) when it is set.
  func record() {
    guard let path = FaultBudget.environment["ILGI_FAULT_SUMMARY"] else { return }
    let line = "\(suite)\t\(trials)\t\(faults)\t\(bytesLost)\t\(detail) (seed \(FaultBudget.seed))\n"
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard fd >= 0 else { return }
    _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    close(fd)
  }
}

/// The built binary run as a child the test can kill, with output thrown away.
struct Child {
  let process: Process

  /// Starts `ilgi arguments` in `environment`, under `prefix` (strace) when given.
  static func start(_ arguments: [String], environment: [String: String], prefix: [String] = []) throws -> Child {
    let process = Process()
    let command = prefix + [IlgiProcess.binary] + arguments
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return Child(process: process)
  }

  /// Sends `signal` after `delay` seconds; returns whether the child was still running then
  /// (a fault was injected) rather than already finished.
  func kill(after delay: TimeInterval, signal: Int32 = SIGKILL) -> Bool {
    usleep(useconds_t(delay * 1_000_000))
    let running = process.isRunning
    if running { Glibc.kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return running && process.terminationReason == .uncaughtSignal
  }

  /// Waits for the child; whether a signal ended it.
  func waitKilled() -> Bool {
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal
  }

  /// Waits for the child and returns its exit status.
  func wait() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// The entry files of a journal, in the journal and in the trash, with their bytes.
struct EntryFiles: Equatable {
  /// Relative path (trash files keep their `.ilgi/trash/` prefix) to the file's bytes.
  var contents: [String: Data]

  /// Reads every `*.md` file under `root`, the trash included, drafts left out.
  static func read(_ root: String) -> EntryFiles {
    var contents: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".md"), !relative.hasPrefix(".ilgi/drafts/"),
        let data = FileManager.default.contents(atPath: root + "/" + relative)
      else { continue }
      contents[relative] = data
    }
    return EntryFiles(contents: contents)
  }

  /// The entries outside hidden folders: what `ilgi list` must show.
  var visible: [String] {
    contents.keys.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
  }
}

/// Files a listing would show that are not entries: anything outside hidden folders whose
/// own name is not hidden and does not end in `.md` (a leftover temporary file would be one).
func strayFiles(_ root: String) -> [String] {
  var stray: [String] = []
  let walker = FileManager.default.enumerator(atPath: root)
  while let relative = walker?.nextObject() as? String {
    let parts = relative.split(separator: "/")
    if parts.dropLast().contains(where: { $0.hasPrefix(".") }) { continue }
    var info = stat()
    guard lstat(root + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
    if let name = parts.last, !name.hasPrefix("."), !name.hasSuffix(".md") { stray.append(relative) }
  }
  return stray
}

/// The paths `ilgi list --json` printed.
func listedPaths(_ output: String) -> [String] {
  guard let data = output.data(using: .utf8),
    let items = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
  else { return [] }
  return items.compactMap { $0["path"] as? String }.sorted()
}

/// strace's fault injection: kill a process exactly at its Nth call of a writing syscall.
enum SyscallKill {
  /// The syscalls that change files.
  static let writing =
    "write,pwrite64,writev,fsync,fdatasync,rename,renameat,renameat2,link,linkat,unlink,unlinkat,mkdir,mkdirat,ftruncate"

  /// strace, when installed (`make setup` installs it on Debian).
  static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// How many times a run of `arguments` makes each writing syscall (ilgi and its children).
  static func calls(_ arguments: [String], environment: [String: String]) throws -> [(name: String, count: Int)] {
    guard let strace else { return [] }
    let summary = NSTemporaryDirectory() + "/ilgi-strace-\(UUID().uuidString.prefix(8))"
    defer { unlink(summary) }
    let child = try Child.start(
      arguments, environment: environment, prefix: [strace, "-f", "-c", "-o", summary, "-e", "trace=\(writing)"])
    _ = child.wait()
    let text = (try? String(contentsOfFile: summary, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count >= 5, let name = fields.last, name != "total", let count = Int(fields[3]) else { return nil }
      return (String(name), count)
    }
  }

  /// The prefix that kills the process making the `when`th call of `name`.
  static func prefix(_ name: String, when: Int) -> [String] {
    [
      strace ?? "strace", "-f", "-q", "-o", "/dev/null", "-e", "trace=\(name)", "-e",
      "inject=\(name):signal=KILL:when=\(when)",
    ]
  }
}
