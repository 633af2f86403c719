import Foundation
import IlgiFormat

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

/// The drafts: text an editor holds that is not yet an entry (a new entry's, or the copy an
/// edit works on). They live where the journal's files say (`JournalFiles.draftsRoot`: in
/// memory for an encrypted journal), are made without ever replacing one, and are removed
/// only once their text is safe elsewhere.
public struct JournalDrafts: Sendable {
  /// The journal's files.
  let files: JournalFiles
  /// The drafts there are, by their path inside the drafts folder.
  let scan: @Sendable () -> JournalStore.Scan
  /// The time, for a draft whose file has none.
  let now: @Sendable () -> Date

  /// Where the copies of entries being edited are kept.
  static let editFolder = JournalLayout.draftsFolder + "/edit"

  /// Where an edit copy's original bytes are kept.
  static func basePath(of draft: JournalPath) -> JournalPath { JournalPath(draft.rawValue + ".base") }

  /// Writes a new entry's draft, named by the time and its id; its path.
  func makeNew(_ bytes: [UInt8], id: EntryID, now: Date) throws(JournalError) -> JournalPath {
    try files.ensureFolder(JournalLayout.draftsFolder)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let path = JournalPath(
      JournalLayout.draftsFolder + "/new-\(formatter.string(from: now))-\(id.rawValue.prefix(8)).md")
    try files.createFile(bytes, at: path)
    return path
  }

  /// Copies an entry into `.ilgi/drafts/edit/` under its own relative path, for an edit.
  ///
  /// The copy is created, never replaced: one that is there already belongs to an edit still
  /// open elsewhere or to one that was interrupted, and may hold the only copy of that work.
  func makeEditCopy(_ bytes: [UInt8], of entry: JournalPath) throws(JournalError) -> JournalPath {
    let path = JournalPath(Self.editFolder + "/" + entry.rawValue)
    do {
      try files.createFile(bytes, at: path)
    } catch {
      if case .io(let io) = error.reason, io.code == EEXIST {
        throw JournalError(path: entry.rawValue, reason: .editInProgress(draft: path))
      }
      throw error
    }
    return path
  }

  /// Every draft, newest first.
  public func all() -> [Draft] {
    guard files.fileSystem.exists(atPath: files.draftsRoot) else { return [] }
    var drafts: [Draft] = []
    for file in scan().files {
      let path = JournalPath(JournalLayout.draftsFolder + "/" + file.rawValue)
      let status = try? files.fileSystem.status(atPath: files.absolute(path))
      let bytes = (try? files.plaintext(of: files.storedBytes(path), path: path)) ?? []
      let content = (try? EntryDocument(bytes: bytes))?.content ?? String(decoding: bytes, as: UTF8.self)
      let editing = file.rawValue.hasPrefix("edit/") ? JournalPath(String(file.rawValue.dropFirst(5))) : nil
      drafts.append(
        Draft(
          path: path, editing: editing, modified: (status ?? nil)?.modified ?? now(),
          title: EntryReader.splitTitle(content).title))
    }
    return drafts.sorted { $0.modified != $1.modified ? $0.modified > $1.modified : $0.path > $1.path }
  }

  /// Deletes a draft for good (and, for an edit's copy, what it began from); an edit whose
  /// editor is still open is refused with `.editInProgress`.
  public func discard(_ draft: Draft) throws(JournalError) {
    if let entry = draft.editing {
      let base = files.absolute(Self.basePath(of: draft.path))
      guard let lock = try? files.fileSystem.lockExclusively(atPath: base, wait: false) else {
        throw JournalError(path: entry.rawValue, reason: .editInProgress(draft: draft.path))
      }
      defer { lock.unlock() }
      try? files.fileSystem.remove(atPath: base)
    }
    try remove(draft.path)
  }

  /// Removes a draft once its text is safe elsewhere (or was never worth keeping), and the
  /// folders under `drafts/edit/` it leaves empty (never `drafts/` itself).
  func remove(_ path: JournalPath) throws(JournalError) {
    try files.io(files.absolute(path)) { try files.fileSystem.remove(atPath: files.absolute(path)) }
    var folder = path.folder
    while folder.hasPrefix(Self.editFolder) {
      let absoluteFolder = files.absolute(folder: folder)
      guard (try? files.fileSystem.contentsOfDirectory(atPath: absoluteFolder))?.isEmpty == true else { break }
      try? files.fileSystem.remove(atPath: absoluteFolder)
      if folder == Self.editFolder { break }
      folder = JournalPath(folder).folder
    }
  }
}

extension JournalStore {
  /// The journal's drafts.
  public var drafts: JournalDrafts {
    let store = self
    return JournalDrafts(files: files, scan: { store.scan(under: JournalLayout.draftsFolder) }, now: now)
  }

  /// Reads a file's bytes (draft or entry) by journal-relative path.
  func bytes(of path: JournalPath) throws(JournalError) -> [UInt8] {
    do throws(EntryReadError) {
      return try plaintext(of: try storedBytes(path), path: path)
    } catch {
      throw Self.journalError(error, at: absolute(path))
    }
  }
}
