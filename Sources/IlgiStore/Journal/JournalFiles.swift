import Foundation
import IlgiAge
import IlgiFormat
import IlgiSystem

/// The one seam through which ilgi reads and writes the bytes it keeps about a journal's
/// entries: entry files and drafts (and, through `sealForJournal`, the sealed index). Whether a
/// byte is written sealed is decided here alone, from the journal's `sealing` at the moment of
/// the write; where a draft lives follows from it. `JournalStore` reads and writes through it.
public struct JournalFiles: Sendable {
  /// The journal root, absolute, without a trailing slash.
  public let root: String
  /// Where bytes come from and go to.
  public let fileSystem: LocalFileSystem
  /// Whether the journal's files are sealed, and to whom: asked before every write.
  public let sealing: JournalSealing
  /// The keys that open encrypted entries; nil: encrypted files cannot be read.
  var cipher: JournalCipher?
  /// Where drafts go when `draftsRoot` is not set by `JournalStore.with(draftsAt:)`.
  var draftsOverride: String?
  /// `XDG_RUNTIME_DIR`, which says where the memory folder is.
  package let variables: [String: String]

  /// The files of the journal at `root` (absolute, standardised).
  init(root: String, variables: [String: String]) {
    self.root = root
    fileSystem = LocalFileSystem()
    sealing = JournalSealing(root: root, variables: variables)
    self.variables = variables
  }

  /// The absolute path of a journal-relative path; drafts (`.ilgi/drafts/...`) are under
  /// `draftsRoot`.
  public func absolute(_ path: JournalPath) -> String { absolute(folder: path.rawValue) }

  /// The absolute path of a journal-relative folder or file, by the same rule.
  func absolute(folder relative: String) -> String {
    let drafts = JournalLayout.draftsFolder
    if relative == drafts { return draftsRoot }
    if relative.hasPrefix(drafts + "/") { return draftsRoot + relative.dropFirst(drafts.count) }
    return root + "/" + relative
  }

  /// Where drafts live: `.ilgi/drafts` in a plain journal; in an encrypted one (or one that
  /// cannot tell) a private folder in memory, so no draft's plaintext reaches the disk.
  public var draftsRoot: String { draftsOverride ?? sealedDraftsRoot }

  /// Where the journal's sealing says drafts live now, whatever was set before.
  var sealedDraftsRoot: String { sealing.mayWritePlain ? plainDraftsRoot : memoryDraftsRoot }

  /// The drafts folder of a plain journal.
  public var plainDraftsRoot: String { root + "/" + JournalLayout.draftsFolder }

  /// The drafts folder in memory of an encrypted journal.
  public var memoryDraftsRoot: String { MemoryFolder.drafts(for: root, variables: variables) }

  /// The one way ilgi reads the bytes of an entry file or draft as they are stored (sealed or
  /// not), up to the size limit: an encrypted file may be larger than the limit by age's
  /// overhead (a header, 16 bytes a chunk).
  func storedBytes(_ path: JournalPath, at absolutePath: String? = nil) throws(EntryReadError) -> [UInt8] {
    let absolutePath = absolutePath ?? absolute(path)
    if let link = linkLeadingAway(absolutePath) { throw EntryReadError(path: path, reason: .linksOutside(link)) }
    do throws(FileSystemError) {
      return try fileSystem.readFile(atPath: absolutePath, limit: EntryReader.sizeLimit + Self.ageOverhead)
    } catch {
      guard error.code == EFBIG else { throw EntryReadError(path: path, reason: .unreadable(error)) }
      let size = (try? fileSystem.status(atPath: absolutePath))?.size ?? 0
      throw EntryReadError(path: path, reason: .tooLarge(size: size, limit: EntryReader.sizeLimit))
    }
  }

  /// A read's error as a journal error: the operating system's refusal as itself, anything
  /// else as the file it is about.
  static func journalError(_ error: EntryReadError, at absolutePath: String) -> JournalError {
    if case .unreadable(let io) = error.reason { return JournalError(path: absolutePath, reason: .io(io)) }
    return JournalError(path: error.path.rawValue, reason: .unreadable(error))
  }

  /// age's overhead on a text of the size limit: 16 bytes a chunk, and room for a header.
  static let ageOverhead = (EntryReader.sizeLimit / 65536 + 1) * 16 + 64 * 1024

  /// The text of bytes read from `path`: themselves, or decrypted when they are an age file (a
  /// half-converted `NAME.md` holding ciphertext is read too). A file named `NAME.md.age` is
  /// always opened as age: one that is not an age file is a file that cannot be decrypted,

  /// The text of bytes read from `path`: themselves, or decrypted when they are an age file (a
  /// half-converted `NAME.md` holding ciphertext is read too). A file named `NAME.md.age` is
  /// always opened as age: one that is not an age file is a file that cannot be decrypted,
  /// never an entry titled by whatever its first line is. Drafts keep the entry's name and are
  /// the editor's text (in memory for an encrypted journal).
  func plaintext(of bytes: [UInt8], path: JournalPath) throws(EntryReadError) -> [UInt8] {
    let isDraft = path.rawValue.hasPrefix(JournalLayout.draftsFolder + "/")
    guard AgeFile.isEncrypted(bytes) || (EncryptedName.isEncrypted(path.rawValue) && !isDraft) else {
      guard bytes.count <= EntryReader.sizeLimit else {
        throw EntryReadError(path: path, reason: .tooLarge(size: Int64(bytes.count), limit: EntryReader.sizeLimit))
      }
      return bytes
    }
    guard let cipher else {
      throw EntryReadError(
        path: path, reason: .undecryptable("no identity was given (run `ilgi key new` or copy your key)"))
    }
    do throws(JournalCipher.DecryptionError) {
      return try cipher.open(bytes)
    } catch {
      throw EntryReadError(path: path, reason: .undecryptable(error.description))
    }
  }

  /// The bytes to write for `plaintext` at `path`, by the journal's sealing as it is now: in an
  /// encrypted journal every entry file is sealed to its recipients, whatever its name; in a
  /// plain one the text itself. A journal that cannot tell writes nothing. Drafts (under
  /// `.ilgi/`) are the editor's text, kept in `draftsRoot`.
  func fileBytes(_ plaintext: [UInt8], for path: JournalPath) throws(JournalError) -> [UInt8] {
    if path.rawValue.hasPrefix(JournalLayout.draftsFolder + "/") { return plaintext }
    guard let recipients = try sealing.recipientsForWriting(path.rawValue) else {
      guard !EncryptedName.isEncrypted(path.rawValue) else {
        throw JournalError(path: path.rawValue, reason: .sealing("the journal has no recipients; ilgi key add"))
      }
      return plaintext
    }
    try requireOwnKey(among: recipients, path: path.rawValue)
    return try seal(plaintext, to: recipients, path: path.rawValue)
  }

  /// Refuses to seal for a person none of whose keys is among `recipients`: the entry would be
  /// one they could not open again (a new device whose key no device has added yet).
  func requireOwnKey(among recipients: [KeyRecipient], path: String) throws(JournalError) {
    guard let own = cipher?.ownRecipients, let first = own.first,
      Set(own.map(\.encoded)).isDisjoint(with: recipients.map(\.encoded))
    else { return }
    throw JournalError(path: path, reason: .notARecipient(first.encoded))
  }

  /// `plaintext` sealed to `recipients`, or an error about `path`.
  func seal(_ plaintext: [UInt8], to recipients: [KeyRecipient], path: String) throws(JournalError) -> [UInt8] {
    do throws(JournalCipher.DecryptionError) {
      return try JournalCipher.seal(plaintext, to: recipients)
    } catch {
      throw JournalError(path: path, reason: .sealing(error.description))
    }
  }

  /// `plaintext` sealed to the journal's recipients now, for a file of ilgi's own (the index).
  /// For a person none of whose keys is among them (a device not yet added), to their own keys
  /// alone: the index never leaves this machine, the device opens the index it made rather
  /// than remaking it at every command, and one a recipient's key cannot open is remade by it
  /// from the files, so neither trusts what the other could not read.
  public func sealForJournal(_ plaintext: [UInt8], path: String) throws(JournalError) -> [UInt8] {
    guard let recipients = try sealing.recipientsForWriting(path) else {
      throw JournalError(path: path, reason: .sealing("the journal has no recipients; ilgi key add"))
    }
    let own = cipher?.ownRecipients ?? []
    let listed = Set(recipients.map(\.encoded))
    let outsider = !own.isEmpty && own.allSatisfy { !listed.contains($0.encoded) }
    return try seal(plaintext, to: outsider ? own : recipients, path: path)
  }

  /// Where a read of the file at `absolutePath` (inside the journal) would be led away by a
  /// link: out of the journal or into a hidden folder of it; nil when it stays among the
  /// journal's entries. A folder that is a link is never a way in (FORMAT.md).
  func linkLeadingAway(_ absolutePath: String) -> String? {
    guard absolutePath.hasPrefix(root + "/") else { return nil }
    if let folder = linkedFolder(absolutePath) { return folder }
    return JournalStore.linkOutside(absolutePath, inside: JournalStore.realPath(root))
  }

  /// The first folder between the root and `absolutePath` that is a link, if any.
  private func linkedFolder(_ absolutePath: String) -> String? {
    var folder = root
    for part in absolutePath.dropFirst(root.count + 1).split(separator: "/").dropLast() {
      folder += "/" + part
      var info = stat()
      if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return folder }
    }
    return nil
  }

  /// Refuses a write to `path` that would pass through a link: a folder that is one (a pushed
  /// `2026/12 -> /elsewhere`), or the file itself (a rename would replace the link with the
  /// bytes read through it).
  func refuseLinks(_ path: JournalPath) throws(JournalError) {
    let target = absolute(path)
    guard target.hasPrefix(root + "/") else { return }
    if let folder = linkedFolder(target) {
      throw JournalError(path: path.rawValue, reason: .throughLink(String(folder.dropFirst(root.count + 1))))
    }
    var info = stat()
    if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
      throw JournalError(path: path.rawValue, reason: .throughLink(path.rawValue))
    }
  }

  /// Rewrites the file at `path` atomically with `plaintext`, sealed when it is encrypted.
  func replaceFile(_ plaintext: [UInt8], at path: JournalPath) throws(JournalError) {
    try refuseLinks(path)
    let bytes = try fileBytes(plaintext, for: path)
    try io(absolute(path)) {
      try fileSystem.writeAtomically(bytes, toPath: absolute(path), permissions: JournalLayout.filePermissions)
    }
  }

  /// Makes the folders of `path` (owner-only) and creates the file, failing if it exists.
  ///
  /// Another ilgi may remove an emptied drafts folder between our making it and writing into
  /// it; a folder that vanished that way is made again (a few times, then the error stands).
  func createFile(_ plaintext: [UInt8], at path: JournalPath) throws(JournalError) {
    try refuseLinks(path)
    let bytes = try fileBytes(plaintext, for: path)
    var attempt = 0
    while true {
      attempt += 1
      do {
        if !path.folder.isEmpty { try ensureFolder(path.folder) }
        try io(absolute(path)) {
          try fileSystem.createAtomically(
            bytes, atPath: absolute(path), permissions: JournalLayout.filePermissions)
        }
        return
      } catch {
        if case .io(let io) = error.reason, io.code == ENOENT, attempt < 5 { continue }
        throw error
      }
    }
  }

  /// Runs `body` holding the journal's write lock (`.ilgi/lock`), so that ilgi processes that
  /// read a file, compare and rewrite it never interleave. A journal whose lock cannot be made
  /// (read-only media) runs `body` unlocked; its write fails there with its own error.
  func whileLocked<T>(_ body: () throws(JournalError) -> T) throws(JournalError) -> T {
    let lock = try? fileSystem.lockExclusively(atPath: root + "/" + JournalLayout.lockFile, wait: true)
    defer { lock?.unlock() }
    return try body()
  }

  /// Makes `.ilgi/` and the given sub-folder, owner-only; a folder in memory only inside a
  /// base folder that is this account's alone (`MemoryFolder.prepare(base:)`).
  func ensureFolder(_ relative: String) throws(JournalError) {
    let target = absolute(folder: relative)
    if !target.hasPrefix(root + "/") { try checkMemoryFolder(for: target) }
    try io(absolute(folder: relative)) {
      try fileSystem.createDirectory(
        atPath: absolute(folder: relative), permissions: JournalLayout.folderPermissions)
    }
  }

  /// Runs a file-system call, turning its error into a `JournalError` about `path`.
  func io<T>(_ path: String, _ body: () throws -> T) throws(JournalError) -> T {
    do {
      return try body()
    } catch let error as FileSystemError {
      throw JournalError(path: path, reason: .io(error))
    } catch {
      throw JournalError(path: path, reason: .io(FileSystemError(path: path, code: EIO, operation: "change")))
    }
  }

  /// When `target` (absolute) is in the memory folder: that folder made, and checked to be this
  /// account's alone (`MemoryFolder.prepare(base:)`), before anything is written there.
  func checkMemoryFolder(for target: String) throws(JournalError) {
    let base = MemoryFolder.base(variables: variables)
    guard target.hasPrefix(base + "/") else { return }
    do throws(MemoryFolder.Unsafe) {
      try MemoryFolder.prepare(base: base)
    } catch {
      throw JournalError(path: base, reason: .unsafeMemoryFolder(error))
    }
  }
}
