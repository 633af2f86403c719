import Foundation
import IlgiFormat
import IlgiSystem

/// The private folder in memory where an encrypted journal's drafts are kept, so no draft's
/// text reaches the disk: under `$XDG_RUNTIME_DIR` when that is a tmpfs or ramfs (as the login
/// makes it; a container, an SSH session or a mistaken export may point it at a disk folder),
/// else `/dev/shm/ilgi-UID`; one folder per journal; made owner-only when first needed. It is
/// gone when the machine restarts. A folder that is not in memory is never used: the sealed
/// index is then worked on in the process's memory, and a draft is not written at all.
///
/// `/dev/shm` is shared by every account, so another may make `ilgi-UID` first (a folder of
/// theirs, or a link to one): the folder is used only when it is a real folder of this
/// account's that no one else can open (`prepare(base:)`).
public enum MemoryFolder {
  /// The drafts folder for the journal at `root`.
  public static func drafts(for root: String, variables: [String: String]) -> String {
    var hash = StableHash()
    hash.add(root)
    return base(variables: variables) + "/drafts-" + String(hash.value, radix: 16)
  }

  /// The working copy of the sealed index of the journal at `root` (`EntryIndex.openSealed`).
  public static func index(for root: String, variables: [String: String]) -> String {
    var hash = StableHash()
    hash.add(root)
    return base(variables: variables) + "/index-" + String(hash.value, radix: 16) + ".sqlite"
  }

  /// The folder every journal's drafts folder is made in.
  public static func base(variables: [String: String]) -> String {
    if let runtime = variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isInMemory(runtime) {
      return runtime + "/ilgi"
    }
    return "/dev/shm/ilgi-\(getuid())"
  }

  /// Whether the folder at `path` is on a file system kept in memory, tmpfs or ramfs: the type
  /// of the mount that holds it, from `/proc/self/mountinfo` (the innermost mount point above
  /// its real path; the last mounted there when several are).
  public static func isInMemory(_ path: String) -> Bool {
    guard let resolved = realpath(path, nil) else { return false }
    let real = String(cString: resolved)
    free(resolved)
    guard let bytes = try? LocalFileSystem().readFile(atPath: "/proc/self/mountinfo", limit: 1 << 24) else {
      return false
    }
    var best: (point: String, type: Substring)?
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count > 5, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
      // Spaces and the like in a mount point are written as octal escapes (`\040`).
      let point = unescaped(fields[4])
      let holds = point == "/" || real == point || real.hasPrefix(point + "/")
      if holds, point.count >= (best?.point.count ?? 0) { best = (point, fields[dash + 1]) }
    }
    return best.map { $0.type == "tmpfs" || $0.type == "ramfs" } ?? false
  }

  /// A mount point as mountinfo writes it, with its `\ooo` escapes read.
  private static func unescaped(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var rest = Array(text.utf8)[...]
    while let first = rest.first {
      if first == UInt8(ascii: "\\"), rest.count >= 4,
        let value = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8)
      {
        bytes.append(value)
        rest = rest.dropFirst(4)
      } else {
        bytes.append(first)
        rest = rest.dropFirst()
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Why a base folder cannot be used.
  public enum Unsafe: Error, Sendable, Equatable {
    /// It is a link (it could lead anywhere).
    case link
    /// It is not a folder.
    case notAFolder
    /// It belongs to another account.
    case otherOwner(uid_t)
    /// Others may open it (its mode, as octal).
    case open(UInt16)
    /// It could not be made or looked at.
    case io(FileSystemError)
    /// It is on a disk, not in memory.
    case onDisk
  }

  /// Makes `base` (owner-only) unless it is there, and checks that it is a folder of this
  /// account's that only it can open, never following a link.
  public static func prepare(base: String) throws(Unsafe) {
    // Nothing is made on a disk, not even an empty folder.
    guard isInMemory((base as NSString).deletingLastPathComponent) else { throw .onDisk }
    if mkdir(base, 0o700) != 0, errno != EEXIST {
      throw .io(FileSystemError(path: base, code: errno, operation: "create"))
    }
    var info = stat()
    guard lstat(base, &info) == 0 else { throw .io(FileSystemError(path: base, code: errno, operation: "read")) }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFLNK { throw .link }
    guard kind == S_IFDIR else { throw .notAFolder }
    guard info.st_uid == getuid() else { throw .otherOwner(info.st_uid) }
    let mode = UInt16(info.st_mode & 0o777)
    guard mode & 0o077 == 0 else { throw .open(mode) }
    guard isInMemory(base) else { throw .onDisk }
  }
}
