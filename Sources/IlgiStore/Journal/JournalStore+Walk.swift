import Foundation
import IlgiFormat
import IlgiSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JournalStore {
  /// What a stat walk of the journal found.
  public struct Walk: Sendable {
    /// Every entry file (`*.md` outside hidden folders) with its signature.
    public var files: [(path: JournalPath, signature: FileSignature)]
    /// Links and folders that could not be followed.
    public var problems: [EntryReadError]
    /// Pictures, sound and video beside the entries (only when asked for), never through a link.
    public var attachments: [(path: JournalPath, signature: FileSignature)] = []
    /// The same sealed in an encrypted journal (`photo.jpeg.age`), only when asked for.
    public var sealedAttachments: [(path: JournalPath, signature: FileSignature)] = []
    /// Every folder walked, with the digest of its entry files' names and signatures.
    package var folders: [FolderDigest] = []
    /// For a walk of some folders only, those that are no folder now: they and every folder
    /// below them are gone. Nil for a whole walk, where a folder not walked is gone.
    package var missing: [String]?
  }

  /// One folder's entry files summed up: any file added, removed, renamed, moved or touched
  /// changes it, so a folder whose digest the index has stored needs no closer look.
  package struct FolderDigest: Sendable {
    /// The folder, relative to the walk's base (`""` for the base itself).
    package var path: String
    /// The sum of the hashes of the folder's files' names and signatures.
    package var digest: Int64
  }

  /// Whether the walk keeps a folder's files, given the folder and its digest.
  package typealias FolderFilter = @Sendable (String, Int64) -> Bool

  /// The kinds of file a site carries beside its entries' pages.
  public static let attachmentExtensions: Set<String> = [
    "jpg", "jpeg", "png", "gif", "webp", "avif", "heic", "mp3", "m4a", "ogg", "opus", "wav", "mp4", "mov", "webm",
  ]

  /// Walks the journal with `readdir` and `fstatat`, the least work that still sees every
  /// change: a file edited in place keeps its folder's time, so every file is stat'ed.
  ///
  /// It skips hidden folders (FORMAT.md) and never follows linked folders, so a link loop cannot
  /// trap it. With `folder` (`.ilgi/trash`), it walks that folder and paths are relative to it.
  ///
  /// With `keeping`, a folder's entry files are kept only when it says so (the index drops the
  /// folders whose digest it already has); every folder's digest is in `folders` either way.
  public func walk(under folder: String? = nil, attachments wantsAttachments: Bool = false) -> Walk {
    walk(under: folder, attachments: wantsAttachments, keeping: nil)
  }

  package func walk(under folder: String? = nil, attachments wantsAttachments: Bool, keeping: FolderFilter?) -> Walk {
    let base = folder.map { absolute(folder: $0) } ?? root
    // Links are followed only to files inside the journal.
    let inside = realRoot
    // The top folder first, then its folders (a journal's years) on every core, each walked
    // whole by one worker; the results are put together in the top folder's order.
    var top = Walk(files: [], problems: [])
    let folders = Self.walk(
      base: base, inside: inside, from: "", attachments: wantsAttachments, keeping: keeping, into: &top,
      recursive: false)
    let parts = Parallel.map(folders, helpersFrom: 2) { folder in
      var part = Walk(files: [], problems: [])
      _ = Self.walk(
        base: base, inside: inside, from: folder, attachments: wantsAttachments, keeping: keeping, into: &part,
        recursive: true)
      return part
    }
    for part in parts {
      top.files += part.files
      top.problems += part.problems
      top.attachments += part.attachments
      top.sealedAttachments += part.sealedAttachments
      top.folders += part.folders
    }
    return top
  }

  /// Walks only `folders` (relative to the root), each without the folders below it: what a
  /// watcher said changed. One that is no folder now is `missing`, not a problem.
  package func walk(folders: Set<String>, keeping: FolderFilter?) -> Walk {
    let inside = realRoot
    var walk = Walk(files: [], problems: [])
    var missing: [String] = []
    // Hidden folders hold no entries (a write's effects may name `.ilgi/trash`).
    for folder in folders.sorted() where !JournalPath(folder).isInHiddenFolder {
      var info = stat()
      let path = folder.isEmpty ? root : root + "/" + folder
      // A folder reached through a link is never walked (FORMAT.md): as good as gone.
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR || folder.isEmpty else {
        missing.append(folder)
        continue
      }
      _ = Self.walk(
        base: root, inside: inside, from: folder, attachments: false, keeping: keeping, into: &walk, recursive: false)
    }
    walk.missing = missing
    return walk
  }

  /// The root with every link in it resolved.
  private var realRoot: String { Self.realPath(root) }

  /// `path` with every link in it resolved, or itself when it cannot be.
  static func realPath(_ path: String) -> String {
    realpath(path, nil).map { pointer in
      defer { free(pointer) }
      return String(cString: pointer)
    } ?? path
  }

  /// Walks the folder `start` (relative to `base`) into `walk`: its files and, when `recursive`,
  /// every folder below it; otherwise returns the folders it holds, not walked.
  static func walk(
    base: String, inside: String, from start: String, attachments wantsAttachments: Bool, keeping: FolderFilter? = nil,
    into walk: inout Walk, recursive: Bool
  ) -> [String] {
    var pending = [start]
    var folders: [String] = []
    var listing = FolderListing()
    while let relative = pending.popLast() {
      let directory = relative.isEmpty ? base : base + "/" + relative
      guard let dir = openFolder(directory, relative, into: &walk) else { continue }
      defer { closedir(dir) }
      let prefix = relative.isEmpty ? "" : relative + "/"
      listing.reset()
      list(
        dir, directory: directory, prefix: prefix, base: base, inside: inside, attachments: wantsAttachments,
        into: &listing, walk: &walk)
      if recursive { pending += listing.folders } else { folders += listing.folders }
      let folderDigest = Int64(bitPattern: listing.digest)
      walk.folders.append(FolderDigest(path: relative, digest: folderDigest))
      if let keeping, !keeping(relative, folderDigest) { continue }
      var start = 0
      for file in listing.kept {
        walk.files.append(
          (JournalPath(prefix + String(decoding: listing.names[start..<file.end], as: UTF8.self)), file.signature))
        start = file.end
      }
    }
    return folders
  }

  /// What `walk` gathers of one folder while it reads its names, kept from folder to folder so
  /// its storage is reused.
  private struct FolderListing {
    /// The folders in it.
    var folders: [String] = []
    /// Its entry files' names, one after the other, as bytes, and where each ends with its
    /// signature: most folders are unchanged and dropped by `keeping`, so their names are made
    /// strings only once the folder is kept.
    var names: [UInt8] = []
    var kept: [(end: Int, signature: FileSignature)] = []
    /// The sum of its entry files' hashes (`fileHash`), whatever order readdir gives.
    var digest: UInt64 = 0

    mutating func reset() {
      folders.removeAll(keepingCapacity: true)
      names.removeAll(keepingCapacity: true)
      kept.removeAll(keepingCapacity: true)
      digest = 0
    }
  }

  /// Reads the names in the folder `dir` (at `directory`, `prefix` inside the journal) into
  /// `listing`: its folders, its entry files; its attachments and the files that cannot be read
  /// go into `walk`.
  private static func list(
    _ dir: OpaquePointer, directory: String, prefix: String, base: String, inside: String, attachments: Bool,
    into listing: inout FolderListing, walk: inout Walk
  ) {
    while let item = readdir(dir) {
      // The name stays valid until the next readdir.
      let name = UnsafeRawPointer(item).advanced(by: direntNameOffset).assumingMemoryBound(to: CChar.self)
      let buffer = UnsafeBufferPointer(
        start: UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self), count: strlen(name))
      if buffer.isEmpty || buffer[0] == UInt8(ascii: ".") { continue }
      let isMarkdown = Self.isEntryName(buffer)
      let childName = { String(decoding: buffer, as: UTF8.self) }
      let type = Int32(item.pointee.d_type)
      if type == Int32(DT_DIR) {
        listing.folders.append(prefix + childName())
        continue
      }
      let attachment = attachments && !isMarkdown && type != Int32(DT_LNK) ? Self.attachment(childName()) : nil
      guard isMarkdown || attachment != nil || type == Int32(DT_UNKNOWN) else { continue }
      var info = stat()
      // An attachment is never read through a link: it could point anywhere.
      if fstatat(dirfd(dir), name, &info, attachment != nil ? Int32(AT_SYMLINK_NOFOLLOW) : 0) != 0 {
        if isMarkdown { Self.noteUnreadable(prefix + childName(), base: base, into: &walk) }
        continue
      }
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR {
        if Self.isUnlinkedFolder(name, in: dir, type: type) { listing.folders.append(prefix + childName()) }
        continue
      }
      guard isMarkdown || attachment != nil, kind == S_IFREG else { continue }
      if isMarkdown, type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN),
        let outside = Self.linkOutside(directory + "/" + childName(), inside: inside)
      {
        walk.problems.append(EntryReadError(path: JournalPath(prefix + childName()), reason: .linksOutside(outside)))
        continue
      }
      let signature = FileSignature(info)
      if isMarkdown {
        listing.digest &+= Self.fileHash(buffer, signature)
        listing.names.append(contentsOf: buffer)
        listing.kept.append((listing.names.count, signature))
      } else if attachment == .sealed {
        walk.sealedAttachments.append((JournalPath(prefix + childName()), signature))
      } else {
        walk.attachments.append((JournalPath(prefix + childName()), signature))
      }
    }
  }

  /// Notes in `walk` that the entry at `path` (inside the journal at `base`) cannot be read, for
  /// the `errno` its `fstatat` just left.
  private static func noteUnreadable(_ path: String, base: String, into walk: inout Walk) {
    walk.problems.append(
      EntryReadError(
        path: JournalPath(path),
        reason: .unreadable(FileSystemError(path: base + "/" + path, code: errno, operation: "read"))))
  }

  /// Whether `name` in the folder `dir`, which `fstatat` found a directory, is a folder to walk:
  /// only a directory whose type readdir did not tell is, as a linked directory is never followed.
  private static func isUnlinkedFolder(_ name: UnsafePointer<CChar>, in dir: OpaquePointer, type: Int32) -> Bool {
    var link = stat()
    guard type == Int32(DT_UNKNOWN), fstatat(dirfd(dir), name, &link, Int32(AT_SYMLINK_NOFOLLOW)) == 0 else {
      return false
    }
    return (link.st_mode & S_IFMT) == S_IFDIR
  }

  /// The folder at `directory` opened for listing, or nil with the problem noted in `walk`.
  private static func openFolder(_ directory: String, _ relative: String, into walk: inout Walk)
    -> OpaquePointer?
  {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0, let dir = fdopendir(fd) else {
      let code = errno
      if fd >= 0 { close(fd) }
      walk.problems.append(
        EntryReadError(
          path: JournalPath(relative),
          reason: .unreadable(FileSystemError(path: directory, code: code, operation: "list"))))
      return nil
    }
    return dir
  }

  /// Whether a file's name is an entry's: `.md`, or `.md.age` for an encrypted entry, in any case.
  private static func isEntryName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = name.count
    let end =
      length > 7 && name[length - 4] == UInt8(ascii: ".") && (name[length - 3] | 0x20) == UInt8(ascii: "a")
        && (name[length - 2] | 0x20) == UInt8(ascii: "g") && (name[length - 1] | 0x20) == UInt8(ascii: "e")
      ? length - 4 : length
    return end > 3 && name[end - 3] == UInt8(ascii: ".") && (name[end - 2] | 0x20) == UInt8(ascii: "m")
      && (name[end - 1] | 0x20) == UInt8(ascii: "d")
  }

  /// An entry file's part of its folder's digest: its name, size, time and inode.
  private static func fileHash(_ name: UnsafeBufferPointer<UInt8>, _ signature: FileSignature) -> UInt64 {
    var hash = StableHash()
    hash.add(name)
    hash.add(signature.size)
    hash.add(signature.modified)
    hash.add(signature.inode)
    return hash.value
  }

  /// Where `d_name` lies in a `dirent` (a stored field of the C struct, so always known).
  private static let direntNameOffset: Int = {
    guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { fatalError("dirent has no d_name") }
    return offset
  }()

  /// Where the link at `path` leads, when that is outside the folder `inside` (a real path) or
  /// into one of its hidden folders (`.git`, `.ilgi`): a link a remote pushed must not make
  /// `.git/config` an entry that a save then commits. Nil for a file that is no link, or a
  /// link to an entry's place inside.
  static func linkOutside(_ path: String, inside root: @autoclosure () -> String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    // The root's real path only for a link: a read of every entry (a rebuild) asks this.
    let inside = root()
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    let target = String(cString: resolved)
    guard target.hasPrefix(inside + "/") else { return target }
    return target.dropFirst(inside.count + 1).split(separator: "/").contains { $0.hasPrefix(".") } ? target : nil
  }

  /// Whether `stem` is a content name as `ilgi attach` gives (32 lower-case hex digits): any
  /// file so named is an attachment, whatever its kind (a PDF, a text file), so it is sealed,
  /// opened and exported with the entries.
  static func isContentName(_ stem: Substring) -> Bool {
    stem.utf8.count == 32 && stem.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// Whether a file name is an attachment's, plain (`photo.jpeg`) or sealed (`photo.jpeg.age`).
  enum MediaFile { case plain, sealed }

  /// The kind of attachment `name` names, or nil for any other file.
  static func attachment(_ name: String) -> MediaFile? {
    var stem = Substring(name)
    let sealed = stem.lowercased().hasSuffix(EncryptedName.suffix)
    if sealed { stem = stem.dropLast(EncryptedName.suffix.count) }
    guard let dot = stem.lastIndex(of: ".") else { return nil }
    guard attachmentExtensions.contains(stem[stem.index(after: dot)...].lowercased()) || isContentName(stem[..<dot])
    else { return nil }
    return sealed ? .sealed : .plain
  }
}
