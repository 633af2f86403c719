import Foundation
import IlgiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Writes that fail part-way (a file-size limit, a full file system), a read-only journal and
/// a journal that vanishes mid-command: one clear line, the old files intact, a failure status.
@Suite(.serialized) struct DiskFaultTests {
  static let entry = "---\nid: 0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2025-03-01\n---\nDay\n\nBefore.\n"
  /// Larger than any limit below, so its write must fail part-way.
  static let large = "Large\n\n" + String(repeating: "A paragraph that will not fit. ", count: 8000) + "\n"
  static let largeEntry =
    "---\nid: 1F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2025-03-02\n---\n" + large

  /// Runs ilgi with the file-size limit at `kilobytes` (bash's `ulimit -f`), feeding `input`.
  static func runLimited(
    _ harness: Harness, kilobytes: Int, _ arguments: [String], input: String? = nil, env: [String: String] = [:]
  ) throws -> IlgiProcess.Result {
    try IlgiProcess.run(
      arguments, environment: harness.environment.merging(env) { $1 }, input: input,
      prefix: ["/bin/bash", "-c", "ulimit -f \(kilobytes); exec \"$0\" \"$@\""])
  }

  /// The journal's files (index left out), to prove a failed command changed nothing.
  static func files(_ harness: Harness) -> [String: TempJournal.Snapshot] {
    harness.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/cache") && $0.key != ".ilgi/lock" }
  }

  /// One line on stderr naming `path`, a failure status, and no file changed.
  static func expectCleanFailure(
    _ result: IlgiProcess.Result, naming path: String, before: [String: TempJournal.Snapshot], _ harness: Harness,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status != 0, sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("ilgi: "), sourceLocation: sourceLocation)
    #expect(result.stderr.contains(path), "names \(path): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(files(harness) == before, "nothing changed on disk", sourceLocation: sourceLocation)
  }

  @Test func aFileSizeLimitStopsANewEntryAndChangesNothing() throws {
    let harness = try Harness(["2025/03/day.md": Self.entry])
    #expect(try harness.run("index").status == 0)
    let before = Self.files(harness)
    let result = try Self.runLimited(
      harness, kilobytes: 100, ["new", "--no-weather", "--date", "2025-03-03T10:00+09:00"], input: Self.large)
    Self.expectCleanFailure(result, naming: "2025/03", before: before, harness)
    #expect(result.stderr.contains("File too large") || result.stderr.contains("file too large"))
    #expect(try harness.run("list").status == 0)
    FaultRow(suite: "limits: ulimit -f on new", trials: 1, faults: 1, bytesLost: 0, detail: "exit \(result.status)")
      .record()
  }

  @Test func aFileSizeLimitStopsARewriteAndKeepsTheOldFile() throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2025-02-27", last: "2025-03-05"))),
    ])
    defer { server.stop() }
    var harness = try Harness(["2025/03/large.md": Self.largeEntry])
    harness.environment["ILGI_WEATHER_PLACE"] = "Seoul"
    harness.environment["ILGI_WEATHER_GEOCODING_URL"] = server.baseURL
    harness.environment["ILGI_WEATHER_ARCHIVE_URL"] = server.baseURL
    #expect(try harness.run("index").status == 0)
    // Remember the place first, so the limited run writes nothing but the entry.
    #expect(try harness.run("weather", "fill", "--dry-run").status == 0)
    let before = Self.files(harness)
    let result = try Self.runLimited(harness, kilobytes: 100, ["weather", "fill", "--yes"])
    Self.expectCleanFailure(result, naming: "2025/03/large.md", before: before, harness)
    #expect(harness.journal.text("2025/03/large.md") == Self.largeEntry)
    FaultRow(
      suite: "limits: ulimit -f on a rewrite", trials: 1, faults: 1, bytesLost: 0, detail: "exit \(result.status)"
    )
    .record()
  }

  @Test func aFullFileSystemStopsANewEntryAndChangesNothing() throws {
    // A small tmpfs, mounted where this process may mount (root in a container that allows it).
    let harness = try Harness()
    let mount = harness.journal.base + "/small"
    try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
    let mounted = Process.runQuietly("/bin/mount", ["-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", mount])
    guard mounted else {
      FaultRow(suite: "limits: full file system", trials: 0, faults: 0, bytesLost: 0, detail: "mount not allowed here")
        .record()
      return
    }
    defer { _ = Process.runQuietly("/bin/umount", ["-l", mount]) }
    let root = mount + "/journal"
    var environment = harness.environment
    environment["ILGI_JOURNAL"] = root
    #expect(try IlgiProcess.run(["init", root], environment: environment).status == 0)
    #expect(try IlgiProcess.run(["new", "--no-weather", "First entry"], environment: environment).status == 0)
    // Fill what is left, leaving less than the new entry needs.
    let filler = FileManager.default.createFile(
      atPath: mount + "/filler", contents: Data(count: 0))
    #expect(filler)
    let handle = FileHandle(forWritingAtPath: mount + "/filler")!
    let chunk = Data(count: 4096)
    while (try? handle.write(contentsOf: chunk)) != nil {}
    try? handle.close()
    let before = snapshotTree(root)
    let result = try IlgiProcess.run(["new", "--no-weather"], environment: environment, input: Self.large)
    #expect(result.status != 0)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.lowercased().contains("no space left"), "\(result.stderr)")
    #expect(
      snapshotTree(root).filter { !$0.key.hasPrefix(".ilgi/index") }
        == before.filter { !$0.key.hasPrefix(".ilgi/index") })
    #expect(try IlgiProcess.run(["list"], environment: environment).stdout.contains("First entry"))
    FaultRow(suite: "limits: full file system", trials: 1, faults: 1, bytesLost: 0, detail: "exit \(result.status)")
      .record()
  }

  @Test func aReadOnlyJournalRefusesEveryWriteCleanly() throws {
    let harness = try Harness(["2025/03/day.md": Self.entry])
    #expect(try harness.run("delete", "2025/03/day.md", "--yes").status == 0)
    try harness.journal.write("2025/03/other.md", Self.entry.replacingOccurrences(of: "0F8B", with: "2F8B"))
    #expect(try harness.run("index").status == 0)
    _ = Process.runQuietly("/bin/chmod", ["-R", "a-w", harness.journal.root])
    _ = Process.runQuietly("/bin/chmod", ["a+rx", harness.journal.base])
    // Root writes anywhere; run as nobody, for whom the journal is read-only.
    let asNobody = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    _ = Process.runQuietly("/bin/chmod", ["-R", "a+rX", harness.journal.root])
    let before = Self.files(harness)
    let editor = try harness.editor("printf 'changed\\n' >> \"$1\"")
    let cases: [([String], String)] = [
      (["new", "--no-weather", "text", "--date", "2026-01-01T10:00+09:00"], "2026"),
      (["edit", "2025/03/other.md"], ".ilgi/drafts"),
      (["delete", "2025/03/other.md", "--yes"], "2025/03/other.md"),
      (["trash", "restore", "2025/03/day.md"], "2025/03/day.md"),
    ]
    for (arguments, path) in cases {
      let result = try IlgiProcess.run(
        arguments, environment: harness.environment.merging(["EDITOR": editor]) { $1 }, prefix: asNobody)
      Self.expectCleanFailure(result, naming: path, before: before, harness)
    }
    let list = try IlgiProcess.run(["list"], environment: harness.environment, prefix: asNobody)
    #expect(list.status == 0)
    #expect(list.stdout.contains("Day"))
    FaultRow(
      suite: "limits: read-only journal", trials: cases.count, faults: cases.count, bytesLost: 0,
      detail: "new, edit, delete, restore refused; list works"
    ).record()
  }

  @Test func aJournalThatVanishesMidCommandFailsCleanly() throws {
    let harness = try Harness(["2025/03/day.md": Self.entry])
    let gone = harness.journal.base + "/moved-away"
    // The editor moves the whole journal away before it saves.
    let editor = try harness.editor("printf 'changed\\n' >> \"$1\"; mv '\(harness.journal.root)' '\(gone)'")
    for arguments in [["edit", "2025/03/day.md"], ["new", "--no-weather", "--edit"]] {
      let result = try IlgiProcess.run(
        arguments, environment: harness.environment.merging(["EDITOR": editor]) { $1 })
      #expect(result.status != 0)
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains(harness.journal.root), "\(result.stderr)")
      // The old file is intact where the journal went, and nothing was written at the old path.
      #expect(try String(contentsOfFile: gone + "/2025/03/day.md", encoding: .utf8) == Self.entry)
      #expect(!FileManager.default.fileExists(atPath: harness.journal.root))
      try FileManager.default.moveItem(atPath: gone, toPath: harness.journal.root)
    }
    FaultRow(suite: "limits: journal vanishes", trials: 2, faults: 2, bytesLost: 0, detail: "edit and new").record()
  }
}

extension Process {
  /// Runs a system command, output discarded; whether it exited 0.
  static func runQuietly(_ path: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

/// Every file under `root` with its bytes.
func snapshotTree(_ root: String) -> [String: Data] {
  var files: [String: Data] = [:]
  let walker = FileManager.default.enumerator(atPath: root)
  while let relative = walker?.nextObject() as? String {
    if let data = FileManager.default.contents(atPath: root + "/" + relative) { files[relative] = data }
  }
  return files
}
