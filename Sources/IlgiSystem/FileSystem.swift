import Foundation
import IlgiFormat

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

extension LocalFileSystem {
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
