import Foundation

/// What a directory listing says about one child, without following symbolic links.
public struct DirectoryItem: Sendable, Equatable {
  /// The kind of file system object a child is.
  public enum Kind: Sendable, Equatable {
    case file, directory, symbolicLink, other
  }
  /// The child's name (one path component).
  public var name: String
  /// What it is, as `lstat` sees it.
  public var kind: Kind

  /// Makes an item.
  public init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }
}

/// Size and modification time of a file, as `stat` sees it (following links).
public struct FileStatus: Sendable, Equatable {
  /// Size in bytes.
  public var size: Int64
  /// Last modification time.
  public var modified: Date
  /// Whether it is a directory.
  public var isDirectory: Bool
  /// Inode number, to tell a moved file from a new one.
  public var inode: UInt64

  /// Makes a status.
  public init(size: Int64, modified: Date, isDirectory: Bool, inode: UInt64) {
    self.size = size
    self.modified = modified
    self.isDirectory = isDirectory
    self.inode = inode
  }
}

/// An error from the operating system, with the path it concerns.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The absolute path the operation was about.
  public var path: String
  /// The `errno` value.
  public var code: Int32
  /// What was being done ("read", "write", "rename", ...).
  public var operation: String

  /// Makes an error from an `errno` value.
  public init(path: String, code: Int32, operation: String) {
    self.path = path
    self.code = code
    self.operation = operation
  }

  /// The system's text for the error code, e.g. "No such file or directory".
  public var reason: String { String(cString: strerror(code)) }

  /// `operation path: reason`.
  public var description: String { "could not \(operation) \(path): \(reason)" }
}

/// The file operations ilgi needs, so tests can put a failing variant under the journal store.
///
/// Every path is absolute. Writes are atomic: a crash leaves the old file or the new one.
public protocol FileSystem: Sendable {
  /// Reads a whole file, refusing files larger than `limit` bytes with `EFBIG`.
  func readFile(atPath path: String, limit: Int) throws(FileSystemError) -> [UInt8]
  /// Status of a path, following symbolic links; `nil` when nothing is there.
  func status(atPath path: String) throws(FileSystemError) -> FileStatus?
  /// The children of a directory, unsorted, without following links.
  func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [DirectoryItem]
  /// Creates a directory and its missing parents with the given permissions.
  func createDirectory(atPath path: String, permissions: UInt16) throws(FileSystemError)
  /// Replaces (or creates) a file atomically: temporary file in the same folder, fsync, rename.
  ///
  /// An existing file keeps its permissions; a new one gets `permissions`.
  func writeAtomically(_ bytes: [UInt8], toPath path: String, permissions: UInt16) throws(FileSystemError)
  /// Creates a file that must not exist yet, atomically; throws `EEXIST` when it does.
  func createAtomically(_ bytes: [UInt8], atPath path: String, permissions: UInt16) throws(FileSystemError)
  /// Moves a file to a path that must not exist yet; throws `EEXIST` when it does.
  func moveWithoutReplacing(fromPath: String, toPath: String) throws(FileSystemError)
  /// Removes a file or an empty directory.
  func remove(atPath path: String) throws(FileSystemError)
  /// Takes an exclusive advisory lock on the file at `path` (created owner-only when missing),
  /// waiting for other holders, or failing with `EWOULDBLOCK` when `wait` is false; the lock
  /// lasts until the returned value is released.
  func lockExclusively(atPath path: String, wait: Bool) throws(FileSystemError) -> FileLock
}

/// A held lock; released by `unlock()` or when the value goes away (and by the kernel
/// when the process dies, so a crash never leaves a journal locked).
public final class FileLock: @unchecked Sendable {
  private var release: (() -> Void)?

  /// Makes a lock released by `release`.
  public init(release: @escaping () -> Void) { self.release = release }

  /// Gives the lock up; a second call does nothing.
  public func unlock() {
    release?()
    release = nil
  }

  deinit { unlock() }
}

/// A file found by a tree walk, with what tells a changed file from an unchanged one.
public struct FileSignature: Sendable, Equatable, Hashable {
  /// Size in bytes.
  public var size: Int64
  /// Modification time in nanoseconds since 1970.
  public var modified: Int64
  /// Inode number; the same inode at a new path is a move.
  public var inode: UInt64

  /// Makes a signature.
  public init(size: Int64, modified: Int64, inode: UInt64) {
    self.size = size
    self.modified = modified
    self.inode = inode
  }
}

extension FileSystem {
  /// Writes `bytes` atomically to `path`, making its folder (owner-only) first when missing.
  public func writeAtomicallyMakingFolder(_ bytes: [UInt8], toPath path: String) throws(FileSystemError) {
    try createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, permissions: JournalLayout.folderPermissions)
    try writeAtomically(bytes, toPath: path, permissions: JournalLayout.filePermissions)
  }

  /// Whether anything (file, folder or dangling link) is at `path`.
  public func exists(atPath path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
