import Foundation
import IlgiAge
import IlgiFormat
import IlgiMarkdown
import IlgiSystem

/// Which links of an entry name its attachments: files in its own folder (no `/`), not a dot
/// file, that are pictures, sound or video by their extension or are named by their content as
/// `ilgi attach` names files (docs/FORMAT.md "Attachments").
public enum AttachmentLinks {
  /// The names, each once, in the order linked.
  public static func names(in content: String) -> [String] {
    // Most entries link no file beside them: no Markdown parse for them.
    mayLink(content) ? parsedNames(in: content) : []
  }

  /// `names(in:)` found by cmark, without first looking whether any can be there.
  static func parsedNames(in content: String) -> [String] {
    var names: [String] = []
    var seen = Set<String>()
    for link in MarkdownRenderer().relativeLinks(content) {
      let name = link.removingPercentEncoding ?? link
      // By bytes: a `/` or `.` followed by a combining mark is one Character, and still a folder or a dot file.
      guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")), name.utf8.first != UInt8(ascii: "."),
        JournalStore.attachment(name) != nil,
        seen.insert(name).inserted
      else { continue }
      names.append(name)
    }
    return names
  }

  /// Whether `content` may link a file beside it: an inline link or a link reference
  /// definition (`](` or `]:`) whose destination has no `/` before its end, query or fragment
  /// (`photo.jpeg`, not `photos/1.jpg` or `https://…`). Only the destination's literal start is looked at, up to
  /// what could end it or cut it short (a space or control character, `)`, `>`, `?`, `#`, or an
  /// entity such as `&quest;`): a `/` there is in the link cmark reads, so that link names no
  /// attachment. (A backslash escape gives the character after it, so it removes no `/`.)
  static func mayLink(_ content: String) -> Bool {
    var content = content
    return content.withUTF8 { bytes in
      var at = 0
      while let close = bytes[at...].firstIndex(of: UInt8(ascii: "]")) {
        at = close + 1
        guard at < bytes.count, bytes[at] == UInt8(ascii: "(") || bytes[at] == UInt8(ascii: ":") else { continue }
        var index = at + 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") { index += 1 }
        scan: while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: "/"): break scan
          case UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "&"):
            return true
          case 0x00...0x20, 0x7F: return true
          default: index += 1
          }
        }
        if index == bytes.count { return true }
      }
      return false
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// A file an entry links that is kept beside it.
public struct StoredAttachment: Sendable, Equatable {
  /// The path the entry links, relative to the journal (`2026/11/0a1b….jpeg`).
  public var path: JournalPath
  /// The file on disk: `path`, or `path.age` in an encrypted journal.
  public var file: JournalPath
  /// What it is, by its name.
  public var mediaType: String
}

extension JournalStore {
  /// A file `keep` put in place: its path, and whether this call wrote it (it was not there).
  struct Kept: Sendable, Equatable {
    var file: JournalPath
    var written: Bool
  }

  /// Keeps `attachment` beside the entry at `entry`, sealed as `NAME.age` in an encrypted
  /// journal. A file of that name is already the same content (names are content hashes) and
  /// is kept as it is.
  @discardableResult
  func keep(_ attachment: Attachment, beside entry: JournalPath) throws(JournalError) -> Kept {
    let plain = JournalPath(entry.folder.isEmpty ? attachment.name : entry.folder + "/" + attachment.name)
    let recipients = try sealing.recipientsForWriting(plain.rawValue)
    let file = recipients == nil ? plain : JournalPath(plain.rawValue + EncryptedName.suffix)
    try files.refuseLinks(file)
    if fileSystem.exists(atPath: absolute(file)) { return Kept(file: file, written: false) }
    var bytes = attachment.bytes
    if let recipients {
      try files.requireOwnKey(among: recipients, path: plain.rawValue)
      bytes = try seal(bytes, to: recipients, path: plain.rawValue)
    }
    try ensureFolder(entry.folder)
    do throws(FileSystemError) {
      try fileSystem.createAtomically(bytes, atPath: absolute(file), permissions: JournalLayout.filePermissions)
    } catch  where error.code == EEXIST {
      // Another writer kept the same content first.
      return Kept(file: file, written: false)
    } catch {
      throw JournalError(path: absolute(file), reason: .io(error))
    }
    return Kept(file: file, written: true)
  }

  /// Removes the files of `kept` that this writer wrote and that no entry in their folder links
  /// (an attach that could not link them), under the journal's lock; any entry there that
  /// cannot be read leaves them all in place.
  func removeUnlinked(_ kept: [Kept], beside entry: JournalPath) {
    let written = kept.filter(\.written).map(\.file)
    guard !written.isEmpty else { return }
    _ = try? whileLocked { () throws(JournalError) in
      guard let linked = linkedInFolder(of: entry, except: nil) else { return }
      for file in written {
        let sealed = file.rawValue.hasSuffix(EncryptedName.suffix)
        let plain = JournalPath(sealed ? String(file.rawValue.dropLast(EncryptedName.suffix.count)) : file.rawValue)
        if !linked.contains(plain) { try? fileSystem.remove(atPath: absolute(file)) }
      }
    }
  }

  /// Where files wait that were sent before an entry linked them (the app's uploads): a
  /// cache, out of git.
  public static let uploadsFolder = ".ilgi/cache/uploads"

  /// Keeps `attachment` until an entry links it (`adoptUploads`), sealed as an attachment is;
  /// the same file sent again is the same file.
  func stage(_ attachment: Attachment) throws(JournalError) {
    try keep(attachment, beside: JournalPath(Self.uploadsFolder + "/-"))
  }

  /// How long a file sent to the app waits for an entry to link it: a page left before its
  /// first save keeps its draft and its links that long.
  public static let uploadsKeptFor: TimeInterval = 14 * 24 * 3600

  /// Removes the uploads that waited longer than `uploadsKeptFor` before `now` and that no entry
  /// linked; how many.
  @discardableResult
  func sweepUploads(now: Date) -> Int {
    let folder = root + "/" + Self.uploadsFolder
    var removed = 0
    for item in (try? fileSystem.contentsOfDirectory(atPath: folder)) ?? [] where item.kind == .file {
      let path = folder + "/" + item.name
      guard let status = try? fileSystem.status(atPath: path),
        now.timeIntervalSince(status.modified) > Self.uploadsKeptFor
      else { continue }
      if (try? fileSystem.remove(atPath: path)) != nil { removed += 1 }
    }
    return removed
  }

  /// Moves the waiting uploads `entry` links beside it; the paths they now have. One whose name
  /// is beside the entry already is the same file (named by content) and stays waiting.
  func adoptUploads(linkedBy entry: Entry) -> [JournalPath] {
    var adopted: [JournalPath] = []
    for name in AttachmentLinks.names(in: entry.document.content) {
      let beside = entry.path.folder.isEmpty ? name : entry.path.folder + "/" + name
      guard !Self.isPlainFile(root + "/" + beside), !Self.isPlainFile(root + "/" + beside + EncryptedName.suffix)
      else { continue }
      for suffix in ["", EncryptedName.suffix] {
        let waiting = root + "/" + Self.uploadsFolder + "/" + name + suffix
        guard Self.isPlainFile(waiting) else { continue }
        if (try? fileSystem.moveWithoutReplacing(fromPath: waiting, toPath: root + "/" + beside + suffix)) != nil {
          adopted.append(JournalPath(beside + suffix))
        }
        break
      }
    }
    return adopted
  }

  /// The files in `entry`'s own folder that it links and that are there, in the order linked.
  public func attachments(of entry: Entry) -> [StoredAttachment] {
    attachments(linked: AttachmentLinks.names(in: entry.document.content), from: entry.path)
  }

  /// The files of `names` beside the entry at `entry` that are there, plain or sealed.
  public func attachments(linked names: [String], from entry: JournalPath) -> [StoredAttachment] {
    names.compactMap { name in
      let path = JournalPath(entry.folder.isEmpty ? name : entry.folder + "/" + name)
      let file = [path, JournalPath(path.rawValue + EncryptedName.suffix)].first { Self.isPlainFile(absolute($0)) }
      return file.map { StoredAttachment(path: path, file: $0, mediaType: MediaType.of(fileName: name)) }
    }
  }

  /// Whether `path` is a file itself: not a folder, and not a link that could lead out.
  static func isPlainFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// The bytes of an attachment, opened when sealed.
  public func bytes(of attachment: StoredAttachment) throws(JournalError) -> [UInt8] {
    let absolutePath = absolute(attachment.file)
    let raw = try io(absolutePath) {
      try fileSystem.readFile(atPath: absolutePath, limit: JournalConversion.attachmentLimit)
    }
    guard AgeFile.isEncrypted(raw) else { return raw }
    guard let cipher else {
      throw JournalError(path: attachment.file.rawValue, reason: .sealing("no identity was given"))
    }
    do throws(JournalCipher.DecryptionError) {
      return try cipher.open(raw)
    } catch {
      throw JournalError(path: attachment.file.rawValue, reason: .sealing(error.description))
    }
  }

  /// The attachments of `entry` that no other entry in its folder links: what goes to the
  /// trash with it. None when the folder or an entry in it cannot be read, since it might link
  /// them.
  func ownAttachments(of entry: Entry) -> [StoredAttachment] {
    let mine = attachments(of: entry)
    guard !mine.isEmpty, let linkedElsewhere = linkedInFolder(of: entry.path, except: entry.path) else { return [] }
    return mine.filter { !linkedElsewhere.contains($0.path) }
  }

  /// The files (by their plain paths) that the entries in the folder of `entry` link, leaving
  /// out the entry at `except`; nil when the folder or one of its entries cannot be read.
  private func linkedInFolder(of entry: JournalPath, except: JournalPath?) -> Set<JournalPath>? {
    let folder = entry.folder
    guard let items = try? fileSystem.contentsOfDirectory(atPath: folder.isEmpty ? root : absolute(JournalPath(folder)))
    else { return nil }
    var linked = Set<JournalPath>()
    for item in items where item.kind != .directory && EncryptedName.isEntry(item.name) {
      let path = JournalPath(folder.isEmpty ? item.name : folder + "/" + item.name)
      guard path != except else { continue }
      guard let other = try? read(path) else { return nil }
      for name in AttachmentLinks.names(in: other.document.content) {
        linked.insert(JournalPath(folder.isEmpty ? name : folder + "/" + name))
      }
    }
    return linked
  }
}

extension JournalStore {
  /// Takes the place out of each plain picture among `paths` that says where it was taken (a
  /// device that keeps places wrote it, and a sync brought it here, where places are not kept),
  /// in place and atomically: the pixels stay byte for byte. The pictures changed, for a commit.
  func takePlacesOut(of paths: [JournalPath]) throws(JournalError) -> [JournalPath] {
    var changed: [JournalPath] = []
    for path in paths where !path.isInHiddenFolder && MediaType.of(fileName: path.rawValue).hasPrefix("image/") {
      let absolutePath = absolute(path)
      guard Self.isPlainFile(absolutePath) else { continue }
      let bytes = try io(absolutePath) {
        try fileSystem.readFile(atPath: absolutePath, limit: JournalConversion.attachmentLimit)
      }
      guard let picture = MediaType.picture(bytes) else { continue }
      let kept = PhotoLocation.removed(from: bytes, mediaType: picture.mediaType)
      guard kept != bytes else { continue }
      try whileLocked { () throws(JournalError) in try replaceFile(kept, at: path) }
      changed.append(path)
    }
    return changed
  }
}

/// What `ilgi doctor` finds wrong with the files entries link.
public struct AttachmentCheck: Sendable {
  /// Links to a file beside the entry that is not there: the entry and the name it links.
  public var missing: [(entry: JournalPath, name: String)] = []
  /// Files named by their content (as `ilgi attach` names them) that no entry beside them links.
  public var orphans: [JournalPath] = []
  /// Plain pictures that still say where they were taken (a GPS position, an XMP place).
  public var placed: [JournalPath] = []

  /// Checks `entries` (with their links, as the index keeps them) against the files in `store`.
  public init(_ entries: [IndexedEntry], in store: JournalStore) {
    var linked = Set<JournalPath>()
    for entry in entries where !entry.links.isEmpty {
      let found = store.attachments(linked: entry.links, from: entry.path)
      linked.formUnion(found.map(\.path))
      for name in entry.links where !found.contains(where: { $0.path.fileName == name }) {
        missing.append((entry.path, name))
      }
    }
    let walk = store.walk(attachments: true)
    for (file, _) in walk.attachments + walk.sealedAttachments {
      let name = file.fileName
      let plain =
        name.lowercased().hasSuffix(EncryptedName.suffix) ? String(name.dropLast(EncryptedName.suffix.count)) : name
      let path = JournalPath(file.folder.isEmpty ? plain : file.folder + "/" + plain)
      guard let dot = plain.lastIndex(of: "."), JournalStore.isContentName(plain[..<dot]), !linked.contains(path)
      else { continue }
      orphans.append(file)
    }
    orphans.sort { $0.rawValue < $1.rawValue }
    // Where a photo was taken lives in its first segments or chunks: the first 256 KB of each
    // plain picture are read, not the whole of every photo.
    for (file, _) in walk.attachments where MediaType.of(fileName: file.rawValue).hasPrefix("image/") {
      guard let handle = FileHandle(forReadingAtPath: store.absolute(file)) else { continue }
      defer { try? handle.close() }
      let prefix = (try? handle.read(upToCount: 256 * 1024)).map { [UInt8]($0) } ?? []
      guard let picture = MediaType.picture(prefix) else { continue }
      if PhotoLocation.removed(from: prefix, mediaType: picture.mediaType) != prefix { placed.append(file) }
    }
    placed.sort { $0.rawValue < $1.rawValue }
  }
}
