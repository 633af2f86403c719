import Foundation

/// The private folder in memory where an encrypted journal's drafts are kept, so no draft's
/// text reaches the disk: under `$XDG_RUNTIME_DIR` (a tmpfs the login owns), else
/// `/dev/shm/ilgi-UID`; one folder per journal; made owner-only when first needed. It is gone
/// when the machine restarts.
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
    if let runtime = variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), LocalFileSystem().exists(atPath: runtime) {
      return runtime + "/ilgi"
    }
    return "/dev/shm/ilgi-\(getuid())"
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
  }

  /// Makes `base` (owner-only) unless it is there, and checks that it is a folder of this
  /// account's that only it can open, never following a link.
  public static func prepare(base: String) throws(Unsafe) {
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
  }
}
