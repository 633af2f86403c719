import Foundation
import IlgiFormat
import IlgiSystem

/// An edit of an existing entry: the person edits a copy in `.ilgi/drafts/edit/`, and ilgi puts
/// it back atomically only if nobody else changed the entry meanwhile (FORMAT.md "Promises").
public struct EditSession: Sendable {
  /// The entry being edited.
  public let entry: JournalPath
  /// The copy the editor opens, relative to the journal.
  public let draft: JournalPath
  /// The entry's bytes when the session began.
  public let original: [UInt8]
  /// Held while the editor is open, so `resumeEdit` can tell an open session from a dead one.
  let lock: FileLock?

  /// How the session ended.
  public enum Outcome: Sendable, Equatable {
    /// The copy was not changed; nothing written.
    case unchanged
    /// The entry file was rewritten with the edited text.
    case saved
  }
}

extension JournalStore {
  /// Starts editing `path`: copies it to the drafts folder and remembers its bytes, in memory
  /// and beside the copy (`<copy>.base`), so an interrupted edit can be resumed.
  public func beginEdit(_ path: JournalPath) throws(JournalError) -> EditSession {
    let original = try bytes(of: path)
    let draft = try drafts.makeEditCopy(original, of: path)
    let base = absolute(JournalDrafts.basePath(of: draft))
    try? fileSystem.writeAtomically(original, toPath: base, permissions: JournalLayout.filePermissions)
    let lock = try? fileSystem.lockExclusively(atPath: base, wait: false)
    return EditSession(entry: path, draft: draft, original: original, lock: lock)
  }

  /// Takes up an interrupted edit of `path`: its copy opens again, and saving it still refuses
  /// to overwrite an entry that changed since that edit began.
  ///
  /// Throws `.noEditToResume` when there is no copy, `.editInProgress` when its session is open.
  public func resumeEdit(_ path: JournalPath) throws(JournalError) -> EditSession {
    let draft = JournalPath(JournalDrafts.editFolder + "/" + path.rawValue)
    guard fileSystem.exists(atPath: absolute(draft)) else {
      throw JournalError(path: path.rawValue, reason: .noEditToResume)
    }
    let base = JournalDrafts.basePath(of: draft)
    // Without its base the session died before the editor ran: the copy is the original.
    let original = fileSystem.exists(atPath: absolute(base)) ? try bytes(of: base) : try bytes(of: draft)
    guard let lock = try? fileSystem.lockExclusively(atPath: absolute(base), wait: false) else {
      throw JournalError(path: path.rawValue, reason: .editInProgress(draft: draft))
    }
    return EditSession(entry: path, draft: draft, original: original, lock: lock)
  }

  /// Brings an interrupted edit up to date with an entry that changed since the edit began:
  /// the copy becomes the three-way merge of what the edit began from, the copy and the entry
  /// now, and the session's original becomes the entry now (so saving it overwrites nothing
  /// unseen). The merge is the one every writer uses (`TextMerge.combine`): additions at one
  /// place are both texts, the entry's then the copy's. Nil when the entry did not change;
  /// `clean` is false when both changed one passage and the copy holds both versions, one
  /// after the other (or, without git, between conflict markers).
  public func mergeChanges(into session: EditSession, labels: TextMerge.Labels) throws(JournalError) -> (
    session: EditSession, clean: Bool
  )? {
    let current = try bytes(of: session.entry)
    guard current != session.original else { return nil }
    let mine = try bytes(of: session.draft)
    let merged: [UInt8]
    let clean: Bool
    if let combined = combineEntryFiles(base: session.original, first: current, second: mine) {
      (merged, clean) = (combined.text, !combined.overlapping)
    } else {
      switch merge(base: session.original, mine: mine, theirs: current, labels: labels) {
      case .clean(let bytes): (merged, clean) = (bytes, true)
      case .conflicted(let bytes): (merged, clean) = (bytes, false)
      }
    }
    try io(absolute(session.draft)) {
      try fileSystem.writeAtomically(
        merged, toPath: absolute(session.draft), permissions: JournalLayout.filePermissions)
    }
    try io(absolute(JournalDrafts.basePath(of: session.draft))) {
      try fileSystem.writeAtomically(
        current, toPath: absolute(JournalDrafts.basePath(of: session.draft)), permissions: JournalLayout.filePermissions
      )
    }
    return (EditSession(entry: session.entry, draft: session.draft, original: current, lock: session.lock), clean)
  }

  /// Ends an edit whose editor failed: when the copy is still the entry as it was, nothing of
  /// the person's is in it and it is removed (true); otherwise it is kept (false).
  public func abandonEdit(_ session: EditSession) throws(JournalError) -> Bool {
    guard (try? bytes(of: session.draft)) == session.original else { return false }
    try endEdit(session)
    return true
  }

  /// Removes an edit's copy and its base, once the edit is saved or had no changes.
  func endEdit(_ session: EditSession) throws(JournalError) {
    try? fileSystem.remove(atPath: absolute(JournalDrafts.basePath(of: session.draft)))
    session.lock?.unlock()
    try drafts.remove(session.draft)
  }

  /// Ends an edit after the editor exited 0.
  ///
  /// Throws `.changedOnDisk` (keeping the copy) when the entry changed since the session began.
  /// A file without front matter gets one with a fresh `id` and its `date` on this first write.
  public func finishEdit(_ session: EditSession) throws(JournalError) -> EditSession.Outcome {
    let edited = try bytes(of: session.draft)
    if edited == session.original {
      try endEdit(session)
      return .unchanged
    }
    var output = edited
    if let entry = try? reader.read(edited, path: session.entry, modified: now()) {
      var document = entry.document
      try giveIdentity(&document, entry, session.entry)
      output = document.bytes
    }
    // Compare and write under the lock: another ilgi cannot slip a write in between.
    try whileLocked { () throws(JournalError) in
      let current = try? bytes(of: session.entry)
      guard current == session.original else {
        throw JournalError(path: session.entry.rawValue, reason: .changedOnDisk(keptAt: session.draft))
      }
      try replaceFile(output, at: session.entry)
    }
    try endEdit(session)
    return .saved
  }
}
