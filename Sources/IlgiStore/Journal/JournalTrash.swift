import Foundation
import IlgiFormat
import IlgiSystem

/// The trash, `.ilgi/trash/`: deleted entries under their old relative paths, until they are
/// put back or the trash is emptied. Every byte goes through the journal's files; the trash
/// reads its entries with the journal's reader.
public struct JournalTrash: Sendable {
  /// The journal's files.
  let files: JournalFiles
  /// The entries in the trash, by their path inside it (a walk of the trash folder).
  let scan: @Sendable () -> JournalStore.Scan
  /// An entry in the trash, by its path inside it.
  let read: @Sendable (JournalPath) throws(EntryReadError) -> Entry

  private var folder: String { files.root + "/" + JournalLayout.trashFolder }

  /// Moves the entry at `path` into the trash under the same relative path (`-2` added on a
  /// clash); where it went, relative to the trash. Nothing is unlinked.
  @discardableResult
  func move(_ path: JournalPath) throws(JournalError) -> JournalPath {
    var attempt = 1
    while true {
      var target = path
      if attempt > 1 {
        let name = path.fileName
        let plain = EncryptedName.plain(name)
        let stem = plain.hasSuffix(".md") ? String(plain.dropLast(3)) : plain
        let suffix = String(name.dropFirst(stem.count))
        target = JournalPath((path.folder.isEmpty ? "" : path.folder + "/") + "\(stem)-\(attempt)\(suffix)")
      }
      try files.ensureFolder(JournalLayout.trashFolder + (target.folder.isEmpty ? "" : "/" + target.folder))
      do throws(FileSystemError) {
        try files.fileSystem.moveWithoutReplacing(
          fromPath: files.absolute(path), toPath: folder + "/" + target.rawValue)
        return target
      } catch {
        guard error.code == EEXIST, attempt < 1000 else {
          throw JournalError(path: files.absolute(path), reason: .io(error))
        }
        attempt += 1
      }
    }
  }

  /// Moves `attachments` (files an entry being trashed alone links) into the trash at the same
  /// paths; the paths moved. One whose name the trash holds already with the same bytes is
  /// removed from the journal (named by content, it is the same file); one with other bytes
  /// stays where it is, so nothing is ever lost.
  func moveAlong(_ attachments: [StoredAttachment]) -> [JournalPath] {
    var moved: [JournalPath] = []
    for attachment in attachments {
      let source = files.absolute(attachment.file)
      let target = folder + "/" + attachment.file.rawValue
      do throws(JournalError) {
        try files.ensureFolder(JournalLayout.trashFolder + "/" + attachment.file.folder)
        try files.io(target) { try files.fileSystem.moveWithoutReplacing(fromPath: source, toPath: target) }
        moved.append(attachment.file)
      } catch {
        let same = (try? files.fileSystem.readFile(atPath: source, limit: JournalConversion.attachmentLimit))
        if same != nil,
          same == (try? files.fileSystem.readFile(atPath: target, limit: JournalConversion.attachmentLimit)),
          (try? files.fileSystem.remove(atPath: source)) != nil
        {
          moved.append(attachment.file)
        }
      }
    }
    return moved
  }

  /// Puts back the files `entry` (just restored) links that wait in the trash and are not in
  /// the journal; the paths put back.
  func bringBack(linkedBy entry: Entry) -> [JournalPath] {
    var back: [JournalPath] = []
    for name in AttachmentLinks.names(in: entry.document.content) {
      let plain = entry.path.folder.isEmpty ? name : entry.path.folder + "/" + name
      for file in [plain, plain + EncryptedName.suffix] {
        let source = folder + "/" + file
        guard JournalStore.isPlainFile(source), !files.fileSystem.exists(atPath: files.root + "/" + file) else {
          continue
        }
        if (try? files.fileSystem.moveWithoutReplacing(fromPath: source, toPath: files.root + "/" + file)) != nil {
          back.append(JournalPath(file))
        }
      }
    }
    return back
  }

  /// What the trash holds: entries by their path inside the trash, newest first.
  public func entries() -> JournalStore.Listing {
    guard files.fileSystem.exists(atPath: folder) else { return JournalStore.Listing(entries: [], skipped: []) }
    return JournalStore.Listing(scan(), reading: read)
  }

  /// Puts a trashed entry back where it was (`path`, inside the trash); never replaces a file
  /// (`.occupied`).
  func restore(_ path: JournalPath) throws(JournalError) {
    if files.fileSystem.exists(atPath: files.absolute(path)) {
      throw JournalError(path: path.rawValue, reason: .occupied)
    }
    if !path.folder.isEmpty { try files.ensureFolder(path.folder) }
    let source = folder + "/" + path.rawValue
    try files.io(source) { try files.fileSystem.moveWithoutReplacing(fromPath: source, toPath: files.absolute(path)) }
  }

  /// Deletes everything in the trash for good; how many entries were removed.
  @discardableResult
  func empty() throws(JournalError) -> Int {
    guard files.fileSystem.exists(atPath: folder) else { return 0 }
    var removed = 0
    func empty(_ folder: String) throws(JournalError) {
      let items = try files.io(folder) { try files.fileSystem.contentsOfDirectory(atPath: folder) }
      for item in items {
        let child = folder + "/" + item.name
        if item.kind == .directory {
          try empty(child)
          try files.io(child) { try files.fileSystem.remove(atPath: child) }
        } else {
          try files.io(child) { try files.fileSystem.remove(atPath: child) }
          if EncryptedName.isEntry(item.name) { removed += 1 }
        }
      }
    }
    try empty(folder)
    return removed
  }
}

extension JournalStore {
  /// The journal's trash.
  public var trash: JournalTrash {
    let store = self
    return JournalTrash(
      files: files, scan: { store.scan(under: JournalLayout.trashFolder) },
      read: { path throws(EntryReadError) in try store.read(path, under: JournalLayout.trashFolder) })
  }
}
