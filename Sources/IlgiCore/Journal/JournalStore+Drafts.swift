import Foundation

/// A file in `.ilgi/drafts/`: a new entry whose editor has not exited, or a copy being edited.
public struct Draft: Sendable, Equatable {
  /// Path relative to the journal (`.ilgi/drafts/new-20261121-093000-0F8B6C0E.md`).
  public var path: JournalPath
  /// For a copy of an existing entry, the entry it belongs to.
  public var editing: JournalPath?
  /// When it was last saved.
  public var modified: Date
  /// Its first non-blank line after any front matter, for a listing.
  public var title: String
}

extension JournalStore {
  static let editDraftsFolder = JournalLayout.draftsFolder + "/edit"

  /// Writes a new-entry draft and returns its journal-relative path.
  func makeDraft(_ bytes: [UInt8], id: EntryID, now: Date) throws(JournalError) -> JournalPath {
    try ensureFolder(JournalLayout.draftsFolder)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let name = "new-\(formatter.string(from: now))-\(id.rawValue.prefix(8)).md"
    let path = JournalPath(JournalLayout.draftsFolder + "/" + name)
    try createFile(bytes, at: path)
    return path
  }

  /// Copies an entry into `.ilgi/drafts/edit/` under its own relative path, for an edit session.
  ///
  /// The copy is created, never replaced: one that is there already belongs to an edit still
  /// open elsewhere or to one that was interrupted, and may hold the only copy of that work.
  func makeEditDraft(_ bytes: [UInt8], of entry: JournalPath) throws(JournalError) -> JournalPath {
    let path = JournalPath(Self.editDraftsFolder + "/" + entry.rawValue)
    do {
      try createFile(bytes, at: path)
    } catch {
      if case .io(let io) = error.reason, io.code == EEXIST {
        throw JournalError(path: entry.rawValue, reason: .editInProgress(draft: path))
      }
      throw error
    }
    return path
  }

  /// Every draft, newest first.
  public func drafts() -> [Draft] {
    guard fileSystem.exists(atPath: draftsRoot) else { return [] }
    var drafts: [Draft] = []
    for file in scan(under: JournalLayout.draftsFolder).files {
      let path = JournalPath(JournalLayout.draftsFolder + "/" + file.rawValue)
      let status = try? fileSystem.status(atPath: absolute(path))
      let bytes = (try? self.bytes(of: path)) ?? []
      let content = (try? EntryDocument(bytes: bytes))?.content ?? String(decoding: bytes, as: UTF8.self)
      let editing = file.rawValue.hasPrefix("edit/") ? JournalPath(String(file.rawValue.dropFirst(5))) : nil
      drafts.append(
        Draft(
          path: path, editing: editing, modified: (status ?? nil)?.modified ?? now(),
          title: EntryReader.splitTitle(content).title))
    }
    return drafts.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path > $1.path }
  }

  /// Reads a file's bytes (draft or entry) by journal-relative path.
  func bytes(of path: JournalPath) throws(JournalError) -> [UInt8] {
    do throws(EntryReadError) {
      return try plaintext(of: try storedBytes(path), path: path)
    } catch {
      throw Self.journalError(error, at: absolute(path))
    }
  }

  /// Removes a draft once its text is safe elsewhere (or was never worth keeping).
  /// Deletes a draft for good (and, for an edit's copy, what it began from); an edit whose
  /// editor is still open is refused with `.editInProgress`.
  public func discardDraft(_ draft: Draft) throws(JournalError) {
    if let entry = draft.editing {
      let base = absolute(Self.basePath(of: draft.path))
      guard let lock = try? fileSystem.lockExclusively(atPath: base, wait: false) else {
        throw JournalError(path: entry.rawValue, reason: .editInProgress(draft: draft.path))
      }
      defer { lock.unlock() }
      try? fileSystem.remove(atPath: base)
    }
    try removeDraft(draft.path)
  }

  func removeDraft(_ path: JournalPath) throws(JournalError) {
    try io(absolute(path)) { try fileSystem.remove(atPath: absolute(path)) }
    // Tidy empty folders under drafts/edit/, never drafts/ itself.
    var folder = path.folder
    while folder.hasPrefix(Self.editDraftsFolder) {
      let absoluteFolder = absolute(folder: folder)
      guard (try? fileSystem.contentsOfDirectory(atPath: absoluteFolder))?.isEmpty == true else { break }
      try? fileSystem.remove(atPath: absoluteFolder)
      if folder == Self.editDraftsFolder { break }
      folder = JournalPath(folder).folder
    }
  }
}
