import Foundation
import IlgiFormat
import IlgiSystem

/// What an import will do: the entries it adds, and what it leaves out.
public struct ImportPlan: Sendable {
  /// One entry to add.
  public struct Item: Sendable {
    /// The entry as the importer made it.
    public var entry: ImportedEntry
    /// The file's bytes.
    public var bytes: [UInt8]
    /// The entry as ilgi reads those bytes (title, date, tags for the summary).
    public var parsed: Entry
    /// Where it goes when nothing is in the way.
    public var path: JournalPath
  }

  /// The entries to add.
  public var items: [Item]
  /// Entries the journal has already (same id, or same minute, title and body).
  public var duplicates: [ImportedEntry]
  /// Entries with no words at all.
  public var blank: [ImportedEntry]

  /// Every tag of the entries to add, once.
  public var tags: Set<String> { Set(items.flatMap(\.parsed.tags)) }
  /// The oldest and newest dates of the entries to add.
  public var dateRange: (first: EntryDate, last: EntryDate)? {
    guard let first = items.map(\.parsed.date).min(), let last = items.map(\.parsed.date).max() else { return nil }
    return (first, last)
  }
}

extension JournalStore {
  /// Decides what importing `entries` adds: an entry whose id the journal has, or whose minute,
  /// title and body match an entry's there (or an earlier one of the same import), is a
  /// duplicate, so running the same import twice adds nothing. Writes nothing.
  public func planImport(_ entries: [ImportedEntry], existing: [IndexedEntry]) throws(JournalError) -> ImportPlan {
    var plan = ImportPlan(items: [], duplicates: [], blank: [])
    var ids = Set(existing.map { $0.id.rawValue.uppercased() })
    var candidates: [(ImportedEntry, [UInt8], Entry)] = []
    for imported in entries {
      if imported.isBlank && imported.original == nil {
        plan.blank.append(imported)
        continue
      }
      let bytes = imported.fileBytes(id: .make())
      let path = imported.original?.path ?? JournalPath("import.md")
      let parsed: Entry
      do {
        parsed = try reader.read(bytes, path: path, modified: imported.date.instant)
      } catch {
        throw JournalError(path: imported.source, reason: .unreadable(error))
      }
      candidates.append((imported, bytes, parsed))
    }
    // Contents are compared only where an existing entry shares a minute with an imported one.
    let minutes = Set(candidates.map { Self.minute($0.2.date) })
    var contents = Set<String>()
    for indexed in existing where minutes.contains(Self.minute(indexed.date)) {
      if let entry = try? read(indexed.path) { contents.insert(Self.contentKey(entry)) }
    }
    for (imported, bytes, parsed) in candidates {
      let key = Self.contentKey(parsed)
      let id = parsed.id.rawValue.uppercased()
      if (imported.id != nil || imported.original != nil) && ids.contains(id) || contents.contains(key) {
        plan.duplicates.append(imported)
        continue
      }
      ids.insert(id)
      contents.insert(key)
      // An encrypted journal's names carry no title, whatever the import's paths said.
      let target =
        sealing.mustSeal
        ? JournalLayout.path(for: parsed.date, title: parsed.title, id: parsed.id, encrypted: true)
        : imported.original?.path ?? JournalLayout.path(for: parsed.date, title: parsed.title, id: parsed.id)
      plan.items.append(.init(entry: imported, bytes: bytes, parsed: parsed, path: target))
    }
    return plan
  }

  private static func minute(_ date: EntryDate) -> Int64 {
    Int64((date.instant.timeIntervalSince1970 / 60).rounded(.down))
  }

  private static func contentKey(_ entry: Entry) -> String {
    func clean(_ text: String) -> String {
      text.utf8.contains(13) ? String(text.replacingOccurrences(of: "\r\n", with: "\n").trimmed) : String(text.trimmed)
    }
    return "\(minute(entry.date))\u{0}\(clean(entry.title))\u{0}\(clean(entry.body))"
  }

  /// Adds the plan's entries: every file is first written into a staging folder under `.ilgi/`
  /// (a full disk stops the import there, with nothing added), then each is moved to its place
  /// in the dated tree, `-2`, `-3` on a clash, photos beside their entries. Returns the paths
  /// added, entries first.
  func applyImport(_ plan: ImportPlan) throws(JournalError) -> [JournalPath] {
    guard !plan.items.isEmpty else { return [] }
    try ensureFolder(JournalLayout.ilgiFolder)
    removeAbandonedStaging()
    let staging = JournalLayout.ilgiFolder + "/import-\(getpid())-" + EntryID.make().rawValue.prefix(8).lowercased()
    try ensureFolder(staging)
    var staged: [(item: ImportPlan.Item, file: String, attachments: [(name: String, file: String)])] = []
    defer { removeTree(root + "/" + staging) }
    // Staged as the journal is now; moved in only if it still is (not encrypted meanwhile).
    let stagedFor = sealing.state
    for (number, item) in plan.items.enumerated() {
      let file = root + "/\(staging)/\(number).md"
      // Staged as it will stay: sealed for an encrypted journal, so no text waits on disk in the clear.
      let bytes = try fileBytes(item.bytes, for: item.path)
      try io(file) {
        try fileSystem.createAtomically(bytes, atPath: file, permissions: JournalLayout.filePermissions)
      }
      let attachments = try stage(item.entry.attachments, as: root + "/\(staging)/\(number)-")
      staged.append((item, file, attachments))
    }
    return try whileLocked { () throws(JournalError) -> [JournalPath] in
      guard sealing.state == stagedFor else {
        throw JournalError(
          path: root, reason: .sealing("the journal's encryption changed during the import; import again"))
      }
      var entries: [JournalPath] = []
      var files: [JournalPath] = []
      for (item, file, attachments) in staged {
        let target = try moveIn(file, as: item)
        entries.append(target)
        for (name, stagedFile) in attachments {
          let beside = JournalPath(target.folder.isEmpty ? name : target.folder + "/" + name)
          if fileSystem.exists(atPath: absolute(beside)) { continue }  // named by content: the same photo
          try io(absolute(beside)) {
            try fileSystem.moveWithoutReplacing(fromPath: stagedFile, toPath: absolute(beside))
          }
          files.append(beside)
        }
      }
      return entries + files
    }
  }

  /// Keeps `attachments` in the staging folder (`prefix` and a number each), each sealed like its
  /// entry (`NAME.age`): in an encrypted journal none is kept, staged or committed in the clear.
  /// Their names beside the entry and the staged files.
  private func stage(_ attachments: [ImportedEntry.Attachment], as prefix: String) throws(JournalError)
    -> [(name: String, file: String)]
  {
    var staged: [(name: String, file: String)] = []
    for (k, attachment) in attachments.enumerated() {
      let stagedFile = prefix + String(k)
      let sealed = try sealing.recipientsForWriting(attachment.name).map { recipients throws(JournalError) in
        try seal(attachment.bytes, to: recipients, path: attachment.name)
      }
      try io(stagedFile) {
        try fileSystem.createAtomically(
          sealed ?? attachment.bytes, atPath: stagedFile, permissions: JournalLayout.filePermissions)
      }
      staged.append((sealed == nil ? attachment.name : attachment.name + EncryptedName.suffix, stagedFile))
    }
    return staged
  }

  /// Moves the staged entry `file` to its path, or the next free name of its date and title
  /// when another file has that one; where it went.
  private func moveIn(_ file: String, as item: ImportPlan.Item) throws(JournalError) -> JournalPath {
    var attempt = 1
    var target = item.path
    while true {
      try self.files.refuseLinks(target)
      try ensureFolder(target.folder)
      do throws(FileSystemError) {
        try fileSystem.moveWithoutReplacing(fromPath: file, toPath: absolute(target))
        return target
      } catch {
        guard error.code == EEXIST, attempt < 10_000 else {
          throw JournalError(path: absolute(target), reason: .io(error))
        }
        attempt += 1
        target = JournalLayout.path(
          for: item.parsed.date, title: item.parsed.title, attempt: attempt, encrypted: sealing.mustSeal)
      }
    }
  }

  /// Removes the staging folders of imports whose process is gone (killed before it could clean
  /// up); what they held is either in the journal already or comes in by importing again.
  private func removeAbandonedStaging() {
    let folder = root + "/" + JournalLayout.ilgiFolder
    for item in (try? fileSystem.contentsOfDirectory(atPath: folder)) ?? [] where item.name.hasPrefix("import-") {
      let parts = item.name.split(separator: "-")
      guard parts.count == 3, let pid = pid_t(parts[1]), pid > 0 else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { removeTree(folder + "/" + item.name) }
    }
  }

  /// Removes a folder this process made and filled (the import staging folder).
  private func removeTree(_ path: String) {
    for item in (try? fileSystem.contentsOfDirectory(atPath: path)) ?? [] {
      try? fileSystem.remove(atPath: path + "/" + item.name)
    }
    try? fileSystem.remove(atPath: path)
  }
}

extension JournalPath {
  /// A path from an import file, accepted only where ilgi would put an entry: relative, no `..`,
  /// not hidden, ending in `.md`.
  public init?(importing text: String) {
    let path = JournalPath(text)
    guard !text.hasPrefix("/"), !path.rawValue.isEmpty, path.rawValue.hasSuffix(".md"), !path.escapesRoot,
      !path.isInHiddenFolder, !path.rawValue.contains("\u{0}")
    else { return nil }
    self = path
  }
}
