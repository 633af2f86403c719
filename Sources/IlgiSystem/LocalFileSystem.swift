import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations ilgi needs, through POSIX calls so that permissions, fsync and
/// no-replace semantics are exactly what FORMAT.md promises.
///
/// Every path is absolute. Writes are atomic: a crash leaves the old file or the new one.
/// There is no stand-in: tests use real files in temporary folders, and the fault suite
/// breaks the real calls (strace, full disks, read-only folders, `ulimit -f`).
public struct LocalFileSystem: Sendable {
  /// Makes the live file system.
  public init() {}

  /// Reads the whole file with `read(2)`, refusing more than `limit` bytes.
  public func readFile(atPath path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
    let (fd, size) = try openForReading(atPath: path, limit: limit)
    defer { close(fd) }
    // One byte more than the size: the read that finds the end needs no larger buffer. Not
    // zeroed: only the bytes read are kept.
    let capacity = size + 1
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
    var filled = 0
    while true {
      if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4096)) }
      let n = bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return read(fd, base + filled, buffer.count - filled)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(path: path, code: errno, operation: "read")
      }
      if n == 0 { break }
      filled += n
      if filled > limit { throw FileSystemError(path: path, code: EFBIG, operation: "read") }
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// Opens a file to read it whole: its descriptor (the caller closes it) and its size now.
  /// Refuses a folder, and a file over `limit` bytes before anything is read.
  func openForReading(atPath path: String, limit: Int) throws(FileSystemError) -> (descriptor: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileSystemError(path: path, code: errno, operation: "read") }
    var info = stat()
    var failure: Int32 = 0
    if fstat(fd, &info) != 0 {
      failure = errno
    } else if (info.st_mode & S_IFMT) == S_IFDIR {
      failure = EISDIR
    } else if Int(info.st_size) > limit {
      failure = EFBIG
    }
    if failure != 0 {
      close(fd)
      throw FileSystemError(path: path, code: failure, operation: "read")
    }
    return (fd, max(Int(info.st_size), 0))
  }

  /// `stat(2)` of the path, following links; `nil` when nothing is there.
  public func status(atPath path: String) throws(FileSystemError) -> FileStatus? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileSystemError(path: path, code: errno, operation: "inspect")
    }
    #if canImport(Darwin)
      let seconds = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
    #else
      let seconds = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    #endif
    return FileStatus(
      size: Int64(info.st_size), modified: Date(timeIntervalSince1970: seconds),
      isDirectory: (info.st_mode & S_IFMT) == S_IFDIR, inode: UInt64(info.st_ino))
  }

  /// The children of a folder through `readdir(3)`, without following links.
  public func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [DirectoryItem] {
    guard let dir = opendir(path) else {
      throw FileSystemError(path: path, code: errno, operation: "list")
    }
    defer { closedir(dir) }
    var items: [DirectoryItem] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name == "." || name == ".." { continue }
      let kind: DirectoryItem.Kind
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_REG): kind = .file
      case Int32(DT_DIR): kind = .directory
      case Int32(DT_LNK): kind = .symbolicLink
      case Int32(DT_UNKNOWN): kind = Self.kindByLstat(path + "/" + name)
      default: kind = .other
      }
      items.append(DirectoryItem(name: name, kind: kind))
    }
    return items
  }

  // Some file systems (and overlay mounts) report DT_UNKNOWN; ask lstat then.
  private static func kindByLstat(_ path: String) -> DirectoryItem.Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .other }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// `mkdir(2)` with parents, then `chmod` so the umask cannot widen the permissions.
  public func createDirectory(atPath path: String, permissions: UInt16) throws(FileSystemError) {
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { return }
      throw FileSystemError(path: path, code: ENOTDIR, operation: "create folder")
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try createDirectory(atPath: parent, permissions: permissions) }
    if mkdir(path, mode_t(permissions)) != 0 && errno != EEXIST {
      throw FileSystemError(path: path, code: errno, operation: "create folder")
    }
    // mkdir applies the umask; FORMAT.md wants owner-only folders whatever the umask.
    chmod(path, mode_t(permissions))
  }

  /// Temporary file in the same folder, fsync, `rename(2)`, fsync of the folder.
  ///
  /// A file already there keeps its mode unless `replacingMode`; one that is `durable: false`
  /// (a page of a site, which can be made again) is not synced to disk.
  public func writeAtomically(
    _ bytes: [UInt8], toPath path: String, permissions: UInt16, replacingMode: Bool = false, durable: Bool = true
  ) throws(FileSystemError) {
    var info = stat()
    let mode = !replacingMode && stat(path, &info) == 0 ? UInt16(info.st_mode & 0o7777) : permissions
    let temporary = try writeTemporary(bytes, besidePath: path, permissions: mode, durable: durable)
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw FileSystemError(path: path, code: code, operation: "write")
    }
    if durable { syncDirectory(of: path) }
  }

  /// Temporary file, fsync, then `link(2)`, which fails instead of replacing a file.
  public func createAtomically(_ bytes: [UInt8], atPath path: String, permissions: UInt16) throws(FileSystemError) {
    let temporary = try writeTemporary(bytes, besidePath: path, permissions: permissions)
    defer { unlink(temporary) }
    // link(2) fails with EEXIST instead of replacing, so two writers never clobber each other.
    if link(temporary, path) != 0 {
      throw FileSystemError(path: path, code: errno, operation: "create")
    }
    syncDirectory(of: path)
  }

  /// Renames in one step, failing with EEXIST when something is at `toPath` (renameat2's
  /// RENAME_NOREPLACE): never a moment with both names, as `moveWithoutReplacing`'s link and
  /// unlink have.
  public func renameWithoutReplacing(fromPath: String, toPath: String) throws(FileSystemError) {
    guard let renameat2 = Self.renameat2 else {
      throw FileSystemError(path: toPath, code: ENOSYS, operation: "rename")
    }
    // RENAME_NOREPLACE is 1 (linux/fs.h).
    guard renameat2(AT_FDCWD, fromPath, AT_FDCWD, toPath, 1) == 0 else {
      throw FileSystemError(path: toPath, code: errno, operation: "rename")
    }
  }

  /// glibc's renameat2 (2.28 and later), looked up at run time: Swift's Glibc module leaves out
  /// what glibc declares only under _GNU_SOURCE.
  private static let renameat2:
    (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

  /// `link(2)` then `unlink(2)`, so an existing target is never replaced.
  public func moveWithoutReplacing(fromPath: String, toPath: String) throws(FileSystemError) {
    if link(fromPath, toPath) == 0 {
      if unlink(fromPath) != 0 {
        let code = errno
        unlink(toPath)
        throw FileSystemError(path: fromPath, code: code, operation: "move")
      }
    } else if errno == EEXIST {
      throw FileSystemError(path: toPath, code: EEXIST, operation: "move")
    } else {
      // Hard links are not everywhere (some mounts, symbolic links); fall back to a checked rename.
      var info = stat()
      if lstat(toPath, &info) == 0 {
        throw FileSystemError(path: toPath, code: EEXIST, operation: "move")
      }
      if rename(fromPath, toPath) != 0 {
        throw FileSystemError(path: fromPath, code: errno, operation: "move")
      }
    }
    syncDirectory(of: toPath)
    syncDirectory(of: fromPath)
  }

  /// `unlink(2)` for files, `rmdir(2)` for empty folders.
  public func remove(atPath path: String) throws(FileSystemError) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw FileSystemError(path: path, code: errno, operation: "remove")
    }
    let result = (info.st_mode & S_IFMT) == S_IFDIR ? rmdir(path) : unlink(path)
    if result != 0 { throw FileSystemError(path: path, code: errno, operation: "remove") }
  }

  /// `flock(2)` on a file opened (or created 0600) for the purpose.
  public func lockExclusively(atPath path: String, wait: Bool) throws(FileSystemError) -> FileLock {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw FileSystemError(path: path, code: errno, operation: "lock") }
    while flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(fd)
      throw FileSystemError(path: path, code: code, operation: "lock")
    }
    return FileLock { close(fd) }
  }

  /// Writes `bytes` to a hidden temporary file in the folder of `path` and fsyncs it.
  private func writeTemporary(_ bytes: [UInt8], besidePath path: String, permissions: UInt16, durable: Bool = true)
    throws(FileSystemError) -> String
  {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    TemporaryFiles.sweep(folder)
    // Hidden and not ending in .md, so no listing ever takes a half-written file for an entry;
    // the writer's process id lets a later writer tell a killed writer's leftover.
    let temporary = "\(folder)/" + TemporaryFiles.name(for: name)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    guard fd >= 0 else { throw FileSystemError(path: path, code: errno, operation: "write") }
    var failure: Int32 = 0
    fchmod(fd, mode_t(permissions))
    bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        guard let base = buffer.baseAddress else { return }
        let n = write(fd, base + written, buffer.count - written)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        written += n
      }
    }
    if failure == 0 && durable && fsync(fd) != 0 { failure = errno }
    if close(fd) != 0 && failure == 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw FileSystemError(path: path, code: failure, operation: "write")
    }
    return temporary
  }

  private func syncDirectory(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }
}

extension FileSignature {
  /// The signature `stat(2)` gave: size, modification time in nanoseconds, inode.
  package init(_ info: stat) {
    #if canImport(Darwin)
      let nanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
    self.init(size: Int64(info.st_size), modified: nanoseconds, inode: UInt64(info.st_ino))
  }
}

/// The temporary files atomic writes make beside their target, and the sweep that removes
/// those a killed writer left: `.NAME.ilgi-PID-RANDOM.tmp`, whose process is gone.
package enum TemporaryFiles {
  private final class Swept: @unchecked Sendable {
    private let lock = NSLock()
    private var folders = Set<String>()
    /// Whether `folder` is swept for the first time now.
    func first(_ folder: String) -> Bool { lock.withLock { folders.insert(folder).inserted } }
  }
  private static let swept = Swept()

  /// A fresh temporary name for a file called `name`.
  package static func name(for name: String) -> String {
    ".\(name).ilgi-\(getpid())-\(UUID().uuidString.prefix(8)).tmp"
  }

  /// Removes the leftovers of writers that are no longer running from `folder`, once per
  /// folder and process (an export writes thousands of files into a few folders).
  package static func sweep(_ folder: String) {
    guard swept.first(folder) else { return }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else {
      return
    }
    for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
      guard let pid = writer(of: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(folder + "/" + name)
    }
  }

  /// The process id in a temporary's name, or nil for a name of another shape.
  package static func writer(of name: String) -> pid_t? {
    guard let marker = name.range(of: ".ilgi-", options: .backwards) else { return nil }
    let parts = name[marker.upperBound...].dropLast(4).split(separator: "-")
    guard parts.count == 2, parts[1].count == 8, let pid = pid_t(parts[0]), pid > 0 else { return nil }
    return pid
  }
}
