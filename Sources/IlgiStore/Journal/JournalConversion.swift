import Foundation
import IlgiAge
import IlgiFormat
import IlgiSystem

/// Converting a journal between plain and encrypted entries (`ilgi encrypt`, `ilgi decrypt`,
/// `ilgi key add`, `ilgi key remove`), one file at a time (FORMAT.md "Encrypted journals").
///
/// An entry is always exactly one file. Encrypting first replaces the file's bytes by their
/// ciphertext under its old name (atomically), then renames `NAME.md` to `NAME.md.age` in one
/// step; decrypting renames first, then replaces the ciphertext by the text. A file in between
/// (`NAME.md` holding ciphertext) is read like any other, since reading goes by the bytes, and a
/// second run finishes it: a run killed anywhere is completed by running it again.
public struct JournalConversion: Sendable {
  /// The journal converted.
  let store: JournalStore

  /// What a conversion did.
  public struct Done: Sendable, Equatable {
    /// Entry files converted (renamed, re-encrypted or decrypted), by the names they had.
    public var converted: [JournalPath] = []
    /// Every name a conversion changed, the old and the new of each renamed file: what a
    /// commit of it holds.
    public var touched: [JournalPath] = []
    /// Entry files already in the wanted form.
    public var unchanged = 0
    /// Entry files sealed again where they were (a new recipient list), their text unchanged.
    public var resealed: [Resealed] = []

    /// Nothing converted: a change of the config alone, recorded as a conversion is.
    public init() {}
  }

  /// An entry file sealed again under its own name: the same text in a new file. The index
  /// takes it as read (`EntryIndex.load(_:resealed:)`), so a `key add` opens each entry once.
  public struct Resealed: Sendable, Equatable {
    /// The entry file.
    public var path: JournalPath
    /// The new file's signature.
    public var signature: FileSignature
    /// The text's fingerprint, as the index stores it.
    public var fingerprint: Int64
  }

  /// What converting one file did: the names it changed (none when the file was already as
  /// wanted), and an entry it sealed again in place.
  struct Step: Sendable {
    var names: [JournalPath]
    var resealed: Resealed? = nil
  }

  /// Every entry file and attachment (plain or sealed) in the tree and in the trash, to be
  /// converted alike.
  func files() -> [JournalPath] {
    func files(_ walk: JournalStore.Walk) -> [JournalPath] {
      (walk.files + walk.attachments + walk.sealedAttachments).map(\.path).sorted()
    }
    // The trash, and the app's uploads waiting for an entry to link them.
    let kept = [JournalLayout.trashFolder, JournalStore.uploadsFolder].flatMap { folder in
      files(store.walk(under: folder, attachments: true)).map { JournalPath(folder + "/" + $0.rawValue) }
    }
    return files(store.walk(attachments: true)) + kept
  }

  /// Whether every file a conversion seals (entries, attachments, the trash) is sealed already,
  /// each to `count` recipients: a `key add` of a key the list has then has nothing to do. One
  /// it stopped midway left files sealed to fewer; age's stanzas do not say to whom, only how
  /// many.
  public func allSealed(toCount count: Int) -> Bool {
    files().allSatisfy { path in
      guard let handle = FileHandle(forReadingAtPath: store.absolute(path)) else { return false }
      defer { try? handle.close() }
      let prefix = (try? handle.read(upToCount: 64 * 1024)).map { [UInt8]($0) } ?? []
      return AgeFile.recipientCount(prefix) == count
    }
  }

  /// The sealed files (entries, attachments, the trash) whose header does not match
  /// `recipients`: another number of stanzas of each kind. A file that arrived sealed to a key
  /// removed elsewhere, or to one more, has more; one sealed before a key was added has fewer;
  /// one sealed to X25519 keys alone where the journal lists a post-quantum key has no hybrid
  /// stanza. Each with the stanza types it has.
  /// Only `among` are looked at when given (what a pull changed).
  public func filesNotSealed(
    to recipients: [KeyRecipient], among: [JournalPath]? = nil
  ) -> [(path: JournalPath, types: [String])] {
    let wanted = recipients.map(\.stanzaType).sorted()
    return (among ?? files()).compactMap { path in
      guard path.rawValue.lowercased().hasSuffix(EncryptedName.suffix),
        let types = Self.stanzaTypes(at: store.absolute(path)), types.sorted() != wanted
      else { return nil }
      return (path, types)
    }
  }

  /// The stanza types of the age file at `path`, reading no more than its header: a line a
  /// stanza (a post-quantum one is about 1,600 bytes) and the MAC, so the first 8 KB, and up
  /// to 1 MB for a file sealed to many keys. Nil for a file that is no age file.
  static func stanzaTypes(at path: String) -> [String]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var prefix: [UInt8] = []
    for count in [8 * 1024, 1 << 20] {
      prefix += (try? handle.read(upToCount: count - prefix.count)).map { [UInt8]($0) } ?? []
      if let types = AgeFile.stanzaTypes(prefix) { return types }
      if prefix.count < count { return nil }
    }
    return nil
  }

  /// Encrypts every entry (and trashed entry) to the cipher's recipients; `reseal` re-encrypts
  /// the ones already encrypted too (a new recipient list). Files are converted on every core,
  /// under the journal's lock, so no other writer changes one in between.
  /// With `only`, just those files.
  func encrypt(
    reseal: Bool = false, only: Set<JournalPath>? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(JournalError) -> Done {
    guard let recipients = try store.sealing.recipientsForWriting(store.root) else {
      throw JournalError(path: store.root, reason: .sealing("the journal has no recipients; ilgi key add"))
    }
    try store.files.requireOwnKey(among: recipients, path: store.root)
    return try convertAll(only: only, progress: progress) { path throws(JournalError) -> Step in
      guard EncryptedName.isEntry(path.rawValue) else {
        return Step(names: try sealAttachment(path, to: recipients, reseal: reseal))
      }
      let raw = try rawBytes(path)
      let named = EncryptedName.isEncrypted(path.rawValue)
      let sealed = AgeFile.isEncrypted(raw)
      if named && sealed && !reseal { return Step(names: []) }
      var step = Step(names: [path])
      if !sealed || reseal {
        let text = try plaintext(raw, path)
        try sealInPlace(text, to: recipients, at: path)
        var info = stat()
        if named, stat(store.absolute(path), &info) == 0 {
          step.resealed = Resealed(
            path: path, signature: FileSignature(info), fingerprint: StableHash.fingerprint(text))
        }
      }
      if !named { step.names.append(try renameSealed(path)) }
      return step
    }
  }

  /// Decrypts every entry (and trashed entry) back to `NAME.md`, then runs `finishing` (the
  /// sealed index and the recipient list removed) still under the journal's lock, so no writer
  /// seals a new file, and no index is sealed, between the last file and the list's removal.
  func decrypt(
    progress: (@Sendable (Int, Int) -> Void)? = nil, finishing: () throws(JournalError) -> Void = {}
  ) throws(JournalError) -> Done {
    try convertAll(progress: progress, finishing: finishing) { path throws(JournalError) -> Step in
      guard EncryptedName.isEntry(path.rawValue) else { return Step(names: try openAttachment(path)) }
      let raw = try rawBytes(path)
      let named = EncryptedName.isEncrypted(path.rawValue)
      let sealed = AgeFile.isEncrypted(raw)
      guard named || sealed else { return Step(names: []) }
      let text = try plaintext(raw, path)
      var target = path
      if named {
        target = JournalPath(EncryptedName.plain(path.rawValue))
        try rename(path, to: target)
      }
      if sealed {
        try store.io(store.absolute(target)) {
          try store.fileSystem.writeAtomically(
            text, toPath: store.absolute(target), permissions: JournalLayout.filePermissions)
        }
      }
      return Step(names: target == path ? [path] : [path, target])
    }
  }

  /// Runs `convert` on every entry file, on every core, holding the journal's lock; it gives
  /// the names it changed (none: the file was already as wanted). The first error stops the
  /// run (what was done stays done).
  /// `progress` hears how many files are done of how many.
  private func convertAll(
    only: Set<JournalPath>? = nil, progress: (@Sendable (Int, Int) -> Void)?,
    finishing: () throws(JournalError) -> Void = {},
    _ convert: @escaping @Sendable (JournalPath) throws(JournalError) -> Step
  ) throws(JournalError) -> Done {
    try store.whileLocked { () throws(JournalError) -> Done in
      let files = self.files().filter { only?.contains($0) ?? true }
      // A run killed mid-write left a temporary beside its file, maybe of plaintext; a folder
      // whose files need no change now would otherwise keep it.
      for folder in Set(files.map { store.absolute(folder: $0.folder) }) { TemporaryFiles.sweep(folder) }
      let counter = ProgressCounter(total: files.count, report: progress)
      let steps = try Parallel.map(files, helpersFrom: 16) { path throws(JournalError) -> Step in
        defer { counter.advance() }
        return try convert(path)
      }
      var done = Done()
      for (path, step) in zip(files, steps) {
        if step.names.isEmpty {
          done.unchanged += 1
        } else {
          done.converted.append(path)
          done.touched += step.names
        }
        if let resealed = step.resealed { done.resealed.append(resealed) }
      }
      try finishing()
      return done
    }
  }

  /// Moves the drafts kept in `.ilgi/drafts` to `draftsRoot` (the memory folder), and back with
  /// `fromMemory`; the source is removed file by file once its copy is written.
  func moveDrafts(from folder: String, to target: String) throws(JournalError) {
    guard folder != target, store.fileSystem.exists(atPath: folder) else { return }
    try store.files.checkMemoryFolder(for: target)
    var pending = [""]
    while let relative = pending.popLast() {
      let here = relative.isEmpty ? folder : folder + "/" + relative
      for item in (try? store.fileSystem.contentsOfDirectory(atPath: here)) ?? [] {
        let child = relative.isEmpty ? item.name : relative + "/" + item.name
        if item.kind == .directory {
          pending.append(child)
          continue
        }
        guard item.kind == .file else { continue }
        let bytes = try store.io(folder + "/" + child) {
          try store.fileSystem.readFile(atPath: folder + "/" + child, limit: .max)
        }
        try store.io(target + "/" + child) {
          try store.fileSystem.createDirectory(
            atPath: ((target + "/" + child) as NSString).deletingLastPathComponent,
            permissions: JournalLayout.folderPermissions)
          try store.fileSystem.writeAtomically(
            bytes, toPath: target + "/" + child, permissions: JournalLayout.filePermissions)
          try store.fileSystem.remove(atPath: folder + "/" + child)
        }
      }
    }
  }

  /// The largest attachment a conversion reads whole.
  static let attachmentLimit = 1 << 30

  /// Seals an attachment in place and names it `NAME.age` (or seals it again, `reseal`);
  /// the names it changed.
  private func sealAttachment(_ path: JournalPath, to recipients: [KeyRecipient], reseal: Bool)
    throws(JournalError) -> [JournalPath]
  {
    let raw = try store.io(store.absolute(path)) {
      try store.fileSystem.readFile(atPath: store.absolute(path), limit: Self.attachmentLimit)
    }
    let named = path.rawValue.lowercased().hasSuffix(EncryptedName.suffix)
    let sealed = AgeFile.isEncrypted(raw)
    if named && sealed && !reseal { return [] }
    if !sealed || reseal { try sealInPlace(sealed ? try plaintext(raw, path) : raw, to: recipients, at: path) }
    guard !named else { return [path] }
    let target = JournalPath(path.rawValue + EncryptedName.suffix)
    try rename(path, to: target)
    return [path, target]
  }

  /// Names a sealed attachment without `.age`, then opens it in place; the names it changed.
  private func openAttachment(_ path: JournalPath) throws(JournalError) -> [JournalPath] {
    let raw = try store.io(store.absolute(path)) {
      try store.fileSystem.readFile(atPath: store.absolute(path), limit: Self.attachmentLimit)
    }
    let named = path.rawValue.lowercased().hasSuffix(EncryptedName.suffix)
    let sealed = AgeFile.isEncrypted(raw)
    guard named || sealed else { return [] }
    var target = path
    if named {
      target = JournalPath(String(path.rawValue.dropLast(EncryptedName.suffix.count)))
      try rename(path, to: target)
    }
    if sealed {
      let text = try plaintext(raw, path)
      try store.io(store.absolute(target)) {
        try store.fileSystem.writeAtomically(
          text, toPath: store.absolute(target), permissions: JournalLayout.filePermissions)
      }
    }
    return target == path ? [path] : [path, target]
  }

  private func rawBytes(_ path: JournalPath) throws(JournalError) -> [UInt8] {
    do throws(EntryReadError) {
      return try store.storedBytes(path)
    } catch {
      throw JournalStore.journalError(error, at: store.absolute(path))
    }
  }

  private func plaintext(_ raw: [UInt8], _ path: JournalPath) throws(JournalError) -> [UInt8] {
    do throws(EntryReadError) {
      return try store.plaintext(of: raw, path: path)
    } catch {
      throw JournalError(path: path.rawValue, reason: .unreadable(error))
    }
  }

  private func sealInPlace(_ text: [UInt8], to recipients: [KeyRecipient], at path: JournalPath)
    throws(JournalError)
  {
    let sealed = try store.seal(text, to: recipients, path: path.rawValue)
    try store.io(store.absolute(path)) {
      try store.fileSystem.writeAtomically(
        sealed, toPath: store.absolute(path), permissions: JournalLayout.filePermissions)
    }
  }

  /// Renames a sealed `NAME.md` to its encrypted name: `YYYY-MM-DD-HHMM.md.age` for a name
  /// ilgi gave (the title's slug dropped, `-2`, `-3` on a clash), `NAME.md.age` for any other;
  /// the new name.
  private func renameSealed(_ path: JournalPath) throws(JournalError) -> JournalPath {
    let name = path.fileName
    let folder = path.folder.isEmpty ? "" : path.folder + "/"
    guard let stamp = JournalLayout.stamp(of: name), name.count > stamp.count + 3 else {
      let target = JournalPath(path.rawValue + EncryptedName.suffix)
      try rename(path, to: target)
      return target
    }
    var attempt = 1
    while true {
      let target = JournalPath(folder + stamp + (attempt > 1 ? "-\(attempt)" : "") + ".md.age")
      do {
        try rename(path, to: target)
        return target
      } catch {
        guard case .io(let io) = error.reason, io.code == EEXIST, attempt < 10_000 else { throw error }
        attempt += 1
      }
    }
  }

  private func rename(_ path: JournalPath, to target: JournalPath) throws(JournalError) {
    try store.io(store.absolute(target)) {
      try store.fileSystem.renameWithoutReplacing(fromPath: store.absolute(path), toPath: store.absolute(target))
    }
  }
}

extension JournalStore {
  /// Conversions of this journal between plain and encrypted.
  public var conversion: JournalConversion { JournalConversion(store: self) }
}
