import IlgiAge
import IlgiFormat

/// The writer's changes of a journal as a whole: sealing and opening every file, moving the
/// drafts, emptying the trash, and an entry another device wrote kept beside one of the same
/// name. The conversions are recorded by `recordConversion` once the caller has changed what
/// goes with them (the recipient list, the index, `.gitattributes`), as one change.
extension JournalWriter {
  /// Seals every entry, trashed entry and attachment to the journal's recipients; `reseal`
  /// seals again those sealed already (a new recipient list); `only` limits it to those files.
  public func encrypt(
    reseal: Bool = false, only: Set<JournalPath>? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(JournalError) -> JournalConversion.Done {
    try store.conversion.encrypt(reseal: reseal, only: only, progress: progress)
  }

  /// Opens every sealed file back to plain, then runs `finishing` (the sealed index and the
  /// recipient list removed) under the same lock (`JournalConversion.decrypt`).
  public func decrypt(
    progress: (@Sendable (Int, Int) -> Void)? = nil, finishing: () throws(JournalError) -> Void = {}
  ) throws(JournalError) -> JournalConversion.Done {
    try store.conversion.decrypt(progress: progress, finishing: finishing)
  }

  /// Moves the drafts from `folder` to `target` (the journal's `.ilgi/drafts` and the memory
  /// folder, one way or the other), file by file.
  public func moveDrafts(from folder: String, to target: String) throws(JournalError) {
    try store.conversion.moveDrafts(from: folder, to: target)
  }

  /// Records a conversion of the journal: every name it changed outside the trash, and `also`
  /// (the settings it changed), as one change.
  public func recordConversion(_ done: JournalConversion.Done, also: [JournalPath], message: String) {
    effects.record(store, done.touched.filter { !$0.isTrashed } + also, message)
  }

  /// Deletes everything in the trash for good; how many entries were removed. The trash is
  /// no part of the journal's history, so nothing is recorded.
  @discardableResult
  public func emptyTrash() throws(JournalError) -> Int {
    try store.whileLocked { () throws(JournalError) -> Int in try store.trash.empty() }
  }

  /// Writes an entry's stored bytes, as another device wrote them, at `path`, a name of its
  /// own beside an entry that was given the same one (git's merge driver during a sync).
  /// A later version of it in the same sync replaces it there. Owner-only, never through a
  /// link, and never a plain text in a journal that must seal. The sync that runs git holds the
  /// journal's lock and commits the file.
  public func keepApart(_ stored: [UInt8], at path: JournalPath) throws(JournalError) {
    guard AgeFile.isEncrypted(stored) || store.sealing.mayWritePlain else {
      throw JournalError(path: path.rawValue, reason: .sealing("a plain version arrived in a sealed journal"))
    }
    try store.files.refuseLinks(path)
    let file = store.absolute(path)
    try store.io(file) {
      try store.fileSystem.writeAtomically(stored, toPath: file, permissions: JournalLayout.filePermissions)
    }
  }

  /// The same writer for `store` (the journal opened with other keys).
  public func on(_ store: JournalStore) -> JournalWriter {
    JournalWriter(store: store, templates: templates, effects: effects)
  }
}
