import Dispatch
import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a site into a folder, touching only what changed since the last time.
///
/// The folder keeps `.ilgi-site`: one line per page written, its fingerprint and path. A page
/// whose fingerprint is unchanged and whose file is still there is not made again; a page made
/// again is written only when its bytes differ; a page the site no longer has is removed (only
/// files listed there are ever removed). A folder that is not empty and has no `.ilgi-site` is
/// someone else's and is refused.
public struct SiteWriter: Sendable {
  /// The manifest's name inside the site folder.
  public static let manifestName = ".ilgi-site"

  /// What a run did.
  public struct Report: Sendable, Equatable {
    /// Pages written (new or changed bytes).
    public var written = 0
    /// Pages left as they were.
    public var unchanged = 0
    /// Files of pages the site no longer has, removed.
    public var removed = 0
    /// Pages in the site.
    public var total = 0
    /// Whether only the pages showing changed bodies were made (see `export`).
    public var partial = false
  }

  /// Why a folder cannot take a site.
  public enum Refusal: Error, Sendable, Equatable {
    /// Not empty, and not a site ilgi wrote.
    case notOurs(String)
    /// A file where the folder should be.
    case isAFile(String)
  }

  /// The site folder, absolute.
  public let folder: String
  /// Whether files and folders are made owner-only (0600, 0700): the site of an encrypted
  /// journal is its text in the clear. Otherwise they take the umask, as a web page's do.
  public let ownerOnly: Bool

  /// Makes a writer for `folder`.
  public init(folder: String, ownerOnly: Bool = false) {
    self.folder = folder
    self.ownerOnly = ownerOnly
  }

  /// Checks that the folder is new, empty, or a site ilgi wrote, without changing anything.
  public func check() throws(Refusal) {
    var status = stat()
    guard lstat(folder, &status) == 0 else { return }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw .isAFile(folder) }
    if access(folder + "/" + Self.manifestName, F_OK) == 0 { return }
    let children = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    if !children.isEmpty { throw .notOurs(folder) }
  }

  /// Writes the pages `make` lists, rendering on every core; returns what it did. The last run's
  /// manifest is read while `make` runs.
  public func write(_ make: @Sendable () -> [SitePage]) throws(JournalError) -> Report {
    nonisolated(unsafe) var pages: [SitePage] = []
    nonisolated(unsafe) var previous: [(path: String, key: UInt64)] = []
    DispatchQueue.concurrentPerform(iterations: 2) { part in
      if part == 0 { pages = make() } else { previous = readManifest() }
    }
    return try write(pages, previous: previous)
  }

  /// Writes `pages`, rendering on every core; returns what it did.
  public func write(_ pages: [SitePage]) throws(JournalError) -> Report {
    try write(pages, previous: readManifest())
  }

  /// Writes `pages` over a site whose manifest held `previous` (in its order).
  func write(_ pages: [SitePage], previous: [(path: String, key: UInt64)]) throws(JournalError) -> Report {
    var report = Report()
    report.total = pages.count
    try makeFolder(folder)

    // The manifest is in the site's order, so each page is looked for at the next line first
    // and in a table (made only when needed) after that: hashing thousands of non-ASCII paths
    // (Swift normalizes them first) costs more than the rest of an unchanged run. Paths are
    // compared byte for byte, for the same reason (they are ilgi's own, in one form).
    var stale: [SitePage] = []
    var present = Presence(root: folder)
    defer { present.closeAll() }
    var matched = [Bool](repeating: false, count: previous.count)
    var table: [String: Int]?
    var next = 0
    for page in pages {
      var line: Int?
      if next < previous.count, previous[next].path.utf8.elementsEqual(page.path.utf8) {
        line = next
      } else {
        if table == nil {
          var made: [String: Int] = [:]
          for (number, entry) in previous.enumerated() { made[entry.path] = number }
          table = made
        }
        line = table?[page.path]
      }
      if let line {
        matched[line] = true
        next = line + 1
        if previous[line].key == page.key, present.contains(page.path) {
          report.unchanged += 1
          continue
        }
      }
      stale.append(page)
    }
    report.written = try render(stale)
    report.unchanged += stale.count - report.written

    let gone = previous.indices.filter { !matched[$0] }.map { previous[$0].path }
    if !gone.isEmpty {
      let current = Set(pages.map(\.path))
      for path in Set(gone) where !current.contains(path) {
        if unlink(folder + "/" + path) == 0 { report.removed += 1 }
        removeEmptyFolders(above: path)
      }
    }
    try writeManifest(pages.map { ($0.path, $0.key) })
    return report
  }

  /// Renders `pages` on every core and writes those whose bytes changed; returns how many it
  /// wrote. On a failure what was written stays: the old manifest still names it, so the next
  /// run checks it again.
  func render(_ todo: [SitePage]) throws(JournalError) -> Int {
    let lock = NSLock()
    nonisolated(unsafe) var written = 0
    nonisolated(unsafe) var failure: JournalError?
    nonisolated(unsafe) var folders: Set<String> = [folder]
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var position = worker
      while position < todo.count {
        defer { position += workers }
        lock.lock()
        let stop = failure != nil
        lock.unlock()
        if stop { return }
        let page = todo[position]
        do throws(JournalError) {
          let bytes = try page.render()
          let path = folder + "/" + page.path
          let parent = JournalPath.folder(of: path)
          lock.lock()
          let known = folders.contains(parent)
          lock.unlock()
          if !known {
            try makeFolder(parent)
            lock.lock()
            folders.insert(parent)
            lock.unlock()
          }
          if try replace(path, with: bytes) {
            lock.lock()
            written += 1
            lock.unlock()
          }
        } catch {
          lock.lock()
          if failure == nil { failure = error }
          lock.unlock()
        }
      }
    }
    if let failure { throw failure }
    return written
  }

  /// Writes the manifest: each page's fingerprint and path, in the site's own order (the same
  /// from run to run).
  func writeManifest(_ lines: [(path: String, key: UInt64)]) throws(JournalError) {
    var manifest = Array("# ilgi site: fingerprint and path of every page ilgi wrote here\n".utf8)
    manifest.reserveCapacity(lines.count * 64)
    let digits = Array("0123456789abcdef".utf8)
    for (path, key) in lines {
      // The fingerprint in hex without leading zeros, as `readManifest` reads it.
      var shift = 60
      while shift > 0, key >> UInt64(shift) == 0 { shift -= 4 }
      while shift >= 0 {
        manifest.append(digits[Int(key >> UInt64(shift) & 15)])
        shift -= 4
      }
      manifest.append(UInt8(ascii: "\t"))
      manifest.append(contentsOf: path.utf8)
      manifest.append(UInt8(ascii: "\n"))
    }
    _ = try replace(folder + "/" + Self.manifestName, with: manifest)
  }

  /// Whether a page's file is still there, asked of its folder by name: cheaper than looking up
  /// the whole path for each of thousands of pages. Pages come folder by folder, so one folder is
  /// kept open at a time.
  struct Presence {
    let root: String
    /// The open folder, relative to the root, as bytes.
    var folder: [UInt8] = [0]
    var descriptor: Int32 = -1

    mutating func contains(_ path: String) -> Bool {
      var path = path
      return path.withUTF8 { bytes in
        var slash = bytes.count
        while slash > 0, bytes[slash - 1] != UInt8(ascii: "/") { slash -= 1 }
        let parent = UnsafeBufferPointer(rebasing: bytes[..<max(slash - 1, 0)])
        if parent.count != folder.count || !parent.elementsEqual(folder) {
          closeAll()
          folder = Array(parent)
          descriptor = open(
            folder.isEmpty ? root : root + "/" + String(decoding: folder, as: UTF8.self),
            O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return false }
        // The name, NUL-terminated, for the system call.
        let name = bytes[slash...].map { CChar(bitPattern: $0) } + [0]
        return faccessat(descriptor, name, F_OK, 0) == 0
      }
    }

    mutating func closeAll() {
      if descriptor >= 0 { close(descriptor) }
      descriptor = -1
    }
  }

  /// The paths and fingerprints written last time, in the manifest's order.
  func readManifest() -> [(path: String, key: UInt64)] {
    guard let contents = FileManager.default.contents(atPath: folder + "/" + Self.manifestName) else { return [] }
    let data = [UInt8](contents)
    var result: [(path: String, key: UInt64)] = []
    // Split by bytes: Foundation's and Swift's string splitting cost more than the rest of a run
    // that finds nothing to write.
    for line in data.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
      guard let (key, tab) = Self.manifestKey(line) else { continue }
      let path = line[(tab + 1)...]
      // Only paths inside the folder: a hand-edited manifest must not make ilgi remove others.
      guard !path.isEmpty, path.first != UInt8(ascii: "/"), !Self.climbs(path) else { continue }
      result.append((String(decoding: path, as: UTF8.self), key))
    }
    return result
  }

  /// The fingerprint a manifest line starts with (up to 16 lower-case hex digits, as
  /// `writeManifest` writes it) and where the tab after it is; `nil` for any other line.
  static func manifestKey<Line: Collection<UInt8>>(_ line: Line) -> (key: UInt64, tab: Line.Index)? {
    var key: UInt64 = 0
    var digits = 0
    var index = line.startIndex
    while index != line.endIndex, line[index] != UInt8(ascii: "\t") {
      let byte = line[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): key = key << 4 | UInt64(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): key = key << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
      default: return nil
      }
      digits += 1
      index = line.index(after: index)
    }
    guard index != line.endIndex, (1...16).contains(digits) else { return nil }
    return (key, index)
  }

  /// Whether a relative path has a `..` step.
  static func climbs(_ path: ArraySlice<UInt8>) -> Bool {
    var start = path.startIndex
    while start <= path.endIndex {
      let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
      if end - start == 2, path[start] == UInt8(ascii: "."), path[start + 1] == UInt8(ascii: ".") { return true }
      start = end + 1
    }
    return false
  }

  /// Writes `bytes` to `path` through a temporary file and a rename, unless the file already
  /// holds exactly them; says whether it wrote. A site can be made again, so no fsync.
  func replace(_ path: String, with bytes: [UInt8]) throws(JournalError) -> Bool {
    // Swept even where nothing is written: an export that is run again is how one is mended.
    TemporaryFiles.sweep((path as NSString).deletingLastPathComponent)
    if holds(path, bytes) {
      // A page an earlier, open export wrote is closed now, without being written again.
      if ownerOnly { chmod(path, 0o600) }
      return false
    }
    // Through the same hidden temporary every writer of ilgi's uses: one a killed export
    // left (a decrypted page, for an encrypted journal's site) is swept by the next.
    do throws(FileSystemError) {
      try LocalFileSystem().writeAtomically(
        bytes, toPath: path, permissions: ownerOnly ? 0o600 : 0o644, replacingMode: ownerOnly, durable: false)
    } catch {
      throw JournalError(path: path, reason: .io(error))
    }
    return true
  }

  /// Whether the file at `path` holds exactly `bytes` (a missing file holds nothing).
  func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count else {
      return false
    }
    var existing = [UInt8](repeating: 0, count: bytes.count)
    var offset = 0
    while offset < bytes.count {
      let count = existing.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return existing == bytes
  }

  func makeFolder(_ path: String) throws(JournalError) {
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      if ownerOnly, path.hasPrefix(folder), status.st_mode & 0o077 != 0 { chmod(path, 0o700) }
      return
    }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      try makeFolder(String(path[..<slash]))
    }
    if mkdir(path, ownerOnly ? 0o700 : 0o777) != 0 && errno != EEXIST { throw failure("create folder", path) }
  }

  private func removeEmptyFolders(above path: String) {
    var parts = path.split(separator: "/").dropLast()
    while !parts.isEmpty {
      if rmdir(folder + "/" + parts.joined(separator: "/")) != 0 { return }
      parts = parts.dropLast()
    }
  }

  private func failure(_ operation: String, _ path: String) -> JournalError {
    JournalError(path: path, reason: .io(FileSystemError(path: path, code: errno, operation: operation)))
  }
}
