import Foundation

/// An edit of an existing entry: the person edits a copy in `.ilgi/drafts/edit/`, and ilgi puts
/// it back atomically only if nobody else changed the entry meanwhile (FORMAT.md "Promises").
public struct EditSession: Sendable {
  /// The entry being edited.
  public let entry: JournalPath
  /// The copy the editor opens, relative to the journal.
  public let draft: JournalPath
  /// The entry's bytes when the session began.
  public let original: [UInt8]

  /// How the session ended.
  public enum Outcome: Sendable, Equatable {
    /// The copy was not changed; nothing written.
    case unchanged
    /// The entry file was rewritten with the edited text.
    case saved
  }
}

extension JournalStore {
  /// Starts editing `path`: copies it to the drafts folder and remembers its bytes.
  public func beginEdit(_ path: JournalPath) throws(JournalError) -> EditSession {
    let original = try bytes(of: path)
    let draft = try makeEditDraft(original, of: path)
    return EditSession(entry: path, draft: draft, original: original)
  }

  /// Ends an edit after the editor exited 0.
  ///
  /// Throws `.changedOnDisk` (keeping the copy) when the entry changed since the session began.
  /// A file without front matter gets one with a fresh `id` and its `date` on this first write.
  public func finishEdit(_ session: EditSession) throws(JournalError) -> EditSession.Outcome {
    let edited = try bytes(of: session.draft)
    if edited == session.original {
      try removeDraft(session.draft)
      return .unchanged
    }
    var output = edited
    if let entry = try? reader.read(edited, path: session.entry, modified: Date()) {
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
      try io(absolute(session.entry)) {
        try fileSystem.writeAtomically(
          output, toPath: absolute(session.entry), permissions: JournalLayout.filePermissions)
      }
    }
    try removeDraft(session.draft)
    return .saved
  }
}
