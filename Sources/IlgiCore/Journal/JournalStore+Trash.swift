import Foundation

extension JournalStore {
  /// Moves an entry to `.ilgi/trash/` under the same relative path (`-2` added on a clash).
  ///
  /// Returns where it went, relative to the trash folder. Nothing is unlinked.
  @discardableResult
  public func moveToTrash(_ path: JournalPath) throws(JournalError) -> JournalPath {
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
      let folder = JournalLayout.trashFolder + (target.folder.isEmpty ? "" : "/" + target.folder)
      try ensureFolder(folder)
      let destination = root + "/" + JournalLayout.trashFolder + "/" + target.rawValue
      do throws(FileSystemError) {
        try fileSystem.moveWithoutReplacing(fromPath: absolute(path), toPath: destination)
        return target
      } catch {
        guard error.code == EEXIST, attempt < 1000 else { throw JournalError(path: absolute(path), reason: .io(error)) }
        attempt += 1
      }
    }
  }

  /// What the trash holds: entries by their path inside the trash, newest first.
  public func trashedEntries() -> Listing {
    guard fileSystem.exists(atPath: root + "/" + JournalLayout.trashFolder) else {
      return Listing(entries: [], skipped: [])
    }
    let scan = self.scan(under: JournalLayout.trashFolder)
    var entries: [Entry] = []
    var skipped = scan.problems
    for path in scan.files {
      do {
        entries.append(try read(path, under: JournalLayout.trashFolder))
      } catch {
        skipped.append(error)
      }
    }
    return Listing(entries: entries.sorted(by: Entry.newestFirst), skipped: skipped)
  }

  /// Puts a trashed entry back where it was (its path inside the trash); never replaces a file.
  public func restoreFromTrash(_ path: JournalPath) throws(JournalError) {
    if fileSystem.exists(atPath: absolute(path)) {
      throw JournalError(path: path.rawValue, reason: .occupied)
    }
    if !path.folder.isEmpty { try ensureFolder(path.folder) }
    let source = root + "/" + JournalLayout.trashFolder + "/" + path.rawValue
    try io(source) { try fileSystem.moveWithoutReplacing(fromPath: source, toPath: absolute(path)) }
  }

  /// Deletes everything in the trash for good. Returns how many entries were removed.
  @discardableResult
  public func emptyTrash() throws(JournalError) -> Int {
    let trash = root + "/" + JournalLayout.trashFolder
    guard fileSystem.exists(atPath: trash) else { return 0 }
    var removed = 0
    func empty(_ folder: String) throws(JournalError) {
      let items = try io(folder) { try fileSystem.contentsOfDirectory(atPath: folder) }
      for item in items {
        let child = folder + "/" + item.name
        if item.kind == .directory {
          try empty(child)
          try io(child) { try fileSystem.remove(atPath: child) }
        } else {
          try io(child) { try fileSystem.remove(atPath: child) }
          if EncryptedName.isEntry(item.name) { removed += 1 }
        }
      }
    }
    try empty(trash)
    return removed
  }
}
