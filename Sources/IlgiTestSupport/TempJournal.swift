import Foundation
import IlgiStore

/// A journal in a fresh temporary folder, built from a map of relative path to contents.
///
/// Each test gets its own folder; `snapshot()` captures every file (hidden ones too) so a test
/// can prove that a failed command changed nothing on disk.
public final class TempJournal: @unchecked Sendable {
  /// The folder holding the journal and anything else the test needs (home, editor scripts).
  public let base: String
  /// The journal root (`base/journal`).
  public let root: String
  /// A folder in memory (a tmpfs under `/dev/shm`) that `base/runtime` links to, for tests
  /// that set `XDG_RUNTIME_DIR` to it: ilgi uses that variable only where it is in memory.
  let memory: String?

  /// Makes a journal with `files` (relative path to text); `initialize` also runs `ilgi init`'s
  /// core step (`.ilgi/`, `.gitignore`).
  public init(_ files: [String: String] = [:], initialize: Bool = true) throws {
    var template = Array(((NSTemporaryDirectory() as NSString).appendingPathComponent("ilgi-test-XXXXXX")).utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    base = (String(cString: made) as NSString).standardizingPath
    root = base + "/journal"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    var shm = Array("/dev/shm/ilgi-test-XXXXXX".utf8CString)
    memory = mkdtemp(&shm).map { String(cString: $0) }
    if let memory { try FileManager.default.createSymbolicLink(atPath: base + "/runtime", withDestinationPath: memory) }
    if initialize {
      _ = try JournalStore.initialize(root: root, reader: EntryReader(timeZone: .current))
    }
    for (path, text) in files { try write(path, Array(text.utf8)) }
  }

  deinit {
    // Tests may leave read-only folders behind; make them removable first.
    _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwx", base]).waitUntilExit()
    try? FileManager.default.removeItem(atPath: base)
    if let memory { try? FileManager.default.removeItem(atPath: memory) }
  }

  /// Writes a file under the journal, making folders.
  public func write(_ path: String, _ bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: root + "/" + path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Writes text under the journal.
  public func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

  /// The bytes of a journal file, or nil.
  public func bytes(_ path: String) -> [UInt8]? {
    (try? Data(contentsOf: URL(fileURLWithPath: root + "/" + path))).map(Array.init)
  }

  /// The text of a journal file, or nil.
  public func text(_ path: String) -> String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }

  /// Every file and folder under the journal with its bytes (folders map to `nil` bytes), and
  /// each file's permission bits; the index (`.ilgi/index.sqlite*`), a cache, is left out.
  public func snapshot() -> [String: Snapshot] {
    var result: [String: Snapshot] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
    while let relative = walker.nextObject() as? String {
      if relative.hasPrefix(".ilgi/index.sqlite") { continue }
      let path = root + "/" + relative
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      let kind = info.st_mode & S_IFMT
      let bytes: [UInt8]? =
        kind == S_IFREG && info.st_size < 1 << 20 && (info.st_mode & 0o400) != 0
        ? (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Array.init) : nil
      result[relative] = Snapshot(
        mode: UInt16(info.st_mode & 0o7777), size: Int64(info.st_size), bytes: bytes, isFile: kind == S_IFREG)
    }
    return result
  }

  /// One file's state in a snapshot.
  public struct Snapshot: Equatable, Sendable {
    /// Permission bits.
    public var mode: UInt16
    /// Size in bytes.
    public var size: Int64
    /// Contents, for a file.
    public var bytes: [UInt8]?
    /// Whether it is a regular file.
    public var isFile: Bool
  }

  /// The entry files (`*.md` outside hidden folders), sorted.
  public func entryFiles() -> [String] {
    snapshot().filter {
      $0.value.isFile && $0.key.hasSuffix(".md") && !$0.key.split(separator: "/").contains { $0.hasPrefix(".") }
    }
    .keys.sorted()
  }

  /// A store over this journal, reading dates in `timeZone`.
  public func store(timeZone: TimeZone = TimeZone.seoul) throws -> JournalStore {
    try JournalStore(root: root, reader: EntryReader(timeZone: timeZone))
  }

  /// Writes an executable shell script into the base folder and returns its path.
  public func script(_ name: String, _ body: String) throws -> String {
    let path = base + "/" + name
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }
}

extension TimeZone {
  /// Seoul, where the tests' journals are written: UTC+9 all year, so a fixed +09:00 serves
  /// where the system has no zone data.
  public static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .gmt
}
