import Foundation
import IlgiAge
import IlgiFormat
import IlgiSystem

/// A journal folder: finds its entries, reads them and writes them, by FORMAT.md.
///
/// The files are the truth. Every write is atomic and owner-only; an unchanged entry is never
/// rewritten; reading never writes.
public struct JournalStore: Sendable {
  /// Every byte of the journal's entries and drafts is read and written through it.
  public private(set) var files: JournalFiles
  /// How bytes become entries.
  public let reader: EntryReader
  /// The clock: the time a file is taken to have when its own cannot be had.
  let now: @Sendable () -> Date

  /// The journal root, absolute, without a trailing slash.
  public var root: String { files.root }
  /// Where bytes come from and go to.
  public var fileSystem: LocalFileSystem { files.fileSystem }
  /// The keys that open encrypted entries; nil: encrypted files cannot be read.
  public var cipher: JournalCipher? { files.cipher }
  /// Whether the journal's files are sealed, and to whom: asked before every write.
  public var sealing: JournalSealing { files.sealing }
  /// The variables the journal was opened with (`XDG_RUNTIME_DIR`).
  var variables: [String: String] { files.variables }

  /// Opens the journal at `root`, which must be an existing folder; the clock is the
  /// `environment`'s.
  public init(root: String, reader: EntryReader, environment: IlgiEnvironment = IlgiEnvironment())
    throws(JournalError)
  {
    var path = (root as NSString).standardizingPath
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    files = JournalFiles(root: path, variables: environment.variables)
    self.reader = reader
    now = environment.now
    let status: FileStatus?
    do {
      status = try files.fileSystem.status(atPath: path)
    } catch {
      throw JournalError(path: path, reason: .io(error))
    }
    guard let status else { throw JournalError(path: path, reason: .journalMissing) }
    guard status.isDirectory else { throw JournalError(path: path, reason: .journalIsAFile) }
    if let link = JournalLayout.linkedOwnPath(root: path) {
      throw JournalError(path: path, reason: .ownFileLinked(link))
    }
  }

  /// This journal with `cipher`: encrypted entries open with its identities, and new ones are
  /// sealed to its recipients.
  public func with(cipher: JournalCipher?) -> JournalStore {
    var store = self
    store.files.cipher = cipher
    return store
  }

  /// This journal with its drafts where its sealing says they live now, for as long as this
  /// value is used (a command): an editor open while another process converts the journal
  /// keeps writing to the draft it opened.
  public func pinningDrafts() -> JournalStore { with(draftsAt: files.sealedDraftsRoot) }

  /// This journal with its drafts in `folder` (made owner-only when first needed).
  public func with(draftsAt folder: String) -> JournalStore {
    var store = self
    store.files.draftsOverride = folder
    return store
  }

  // MARK: Finding entries

  /// What a walk of the journal found: entry files, and what could not be looked at.
  public struct Scan: Sendable {
    /// Every `*.md` outside hidden folders, sorted.
    public var files: [JournalPath]
    /// Folders or links that could not be followed, with the reason.
    public var problems: [EntryReadError]
  }

  /// Every entry file of the journal (or of a folder inside it, paths relative to that folder),
  /// sorted, and what could not be looked at. The same rules as `walk(under:)`, without signatures.
  public func scan(under folder: String? = nil) -> Scan {
    let walk = self.walk(under: folder)
    return Scan(files: walk.files.map(\.path).sorted(), problems: walk.problems)
  }

  /// What `entries()` found: the entries, newest first, and the files it had to skip.
  public struct Listing: Sendable {
    /// Every readable entry, newest first.
    public var entries: [Entry]
    /// Files that could not be read, each with its reason.
    public var skipped: [EntryReadError]

    /// Every file of `scan` read with `read`, newest first; the ones that cannot be, and the
    /// scan's own problems, skipped.
    init(_ scan: Scan, reading read: (JournalPath) throws(EntryReadError) -> Entry) {
      var entries: [Entry] = []
      var skipped = scan.problems
      for path in scan.files {
        do {
          entries.append(try read(path))
        } catch {
          skipped.append(error)
        }
      }
      self.init(entries: entries.sorted(by: Entry.newestFirst), skipped: skipped)
    }

    init(entries: [Entry], skipped: [EntryReadError]) {
      self.entries = entries
      self.skipped = skipped
    }
  }

  /// Reads every entry in the journal; unreadable files are reported, not fatal.
  public func entries() -> Listing {
    Listing(scan(), reading: { path throws(EntryReadError) in try read(path) })
  }

  /// Reads one entry.
  public func read(_ path: JournalPath, under folder: String? = nil) throws(EntryReadError) -> Entry {
    let absolutePath = folder.map { absolute(folder: $0) + "/" + path.rawValue } ?? absolute(path)
    let status: FileStatus?
    do throws(FileSystemError) {
      status = try fileSystem.status(atPath: absolutePath)
    } catch {
      throw EntryReadError(path: path, reason: .unreadable(error))
    }
    let bytes = try readBytes(path, at: absolutePath)
    return try reader.read(bytes, path: path, modified: status?.modified ?? now())
  }

  /// The entry at `path` as a walk found it (`signature` gives its time), with the bytes it
  /// was read from: what the index stores.
  package func read(_ path: JournalPath, signature: FileSignature) throws(EntryReadError) -> (
    entry: Entry, bytes: [UInt8]
  ) {
    let bytes = try readBytes(path, at: absolute(path))
    let modified = Date(timeIntervalSince1970: Double(signature.modified) / 1e9)
    return (try reader.read(bytes, path: path, modified: modified), bytes)
  }

  /// The text of an entry file (or draft), decrypted when it is an age file.
  private func readBytes(_ path: JournalPath, at absolutePath: String) throws(EntryReadError) -> [UInt8] {
    try plaintext(of: try storedBytes(path, at: absolutePath), path: path)
  }

  /// The body of the entry at `path` (the text after its title), without the work of a full
  /// read (no preview, no inline tags): what a page of the site shows.
  public func readBody(_ path: JournalPath) throws(EntryReadError) -> String {
    let bytes = try readBytes(path, at: absolute(path))
    // Most front matter holds no title; then the YAML need not be parsed to find the body.
    if let content = EntryDocument.content(of: bytes, unlessFrontMatterMentions: "title") {
      return EntryReader.splitTitle(content).body
    }
    let document: EntryDocument
    do {
      document = try EntryDocument(bytes: bytes)
    } catch {
      // What the index could read it can read again; a file changed under us reads in full.
      return try read(path).body
    }
    if let title = document.frontMatter?.string("title"), !title.isEmpty { return document.content }
    return EntryReader.splitTitle(document.content).body
  }

  // MARK: Writing

  /// Files a new entry under the dated tree: `YYYY/MM/YYYY-MM-DD-HHMM-<slug>.md`, adding `-2`,
  /// `-3` on a clash. Never replaces a file. Returns the path written.
  ///
  /// Under the journal's lock, with the sealing asked inside it: a conversion (`ilgi encrypt`)
  /// writes the recipient list before it takes the lock, so an entry is either there when the
  /// conversion looks or made after it, sealed.
  @discardableResult
  func add(_ bytes: [UInt8], date: EntryDate, title: String, id: EntryID) throws(JournalError) -> JournalPath {
    try whileLocked { () throws(JournalError) -> JournalPath in try addUnlocked(bytes, date: date, title: title, id: id)
    }
  }

  private func addUnlocked(_ bytes: [UInt8], date: EntryDate, title: String, id: EntryID) throws(JournalError)
    -> JournalPath
  {
    var attempt = 1
    while true {
      let path = JournalLayout.path(
        for: date, title: title, id: id, attempt: attempt, encrypted: sealing.mustSeal)
      do {
        try createFile(bytes, at: path)
        return path
      } catch {
        if case .io(let io) = error.reason, io.code == EEXIST, attempt < 10_000 {
          attempt += 1
          continue
        }
        throw error
      }
    }
  }

  /// Rewrites an existing entry atomically with `document`, only if its bytes differ.
  ///
  /// Returns whether anything was written.
  @discardableResult
  func write(_ document: EntryDocument, to path: JournalPath) throws(JournalError) -> Bool {
    let bytes = document.bytes
    if let current = try? self.bytes(of: path), current == bytes {
      return false
    }
    try replaceFile(bytes, at: path)
    return true
  }

  // MARK: Through the seam (`JournalFiles`)

  /// The absolute path of a journal-relative path; drafts (`.ilgi/drafts/...`) are under
  /// `draftsRoot`.
  public func absolute(_ path: JournalPath) -> String { files.absolute(path) }
  func absolute(folder relative: String) -> String { files.absolute(folder: relative) }
  /// Where drafts live now (`JournalFiles.draftsRoot`).
  public var draftsRoot: String { files.draftsRoot }
  /// The drafts folder of a plain journal.
  public var plainDraftsRoot: String { files.plainDraftsRoot }
  /// The drafts folder in memory of an encrypted journal.
  public var memoryDraftsRoot: String { files.memoryDraftsRoot }
  func storedBytes(_ path: JournalPath, at absolutePath: String? = nil) throws(EntryReadError) -> [UInt8] {
    try files.storedBytes(path, at: absolutePath)
  }
  func plaintext(of bytes: [UInt8], path: JournalPath) throws(EntryReadError) -> [UInt8] {
    try files.plaintext(of: bytes, path: path)
  }
  static func journalError(_ error: EntryReadError, at absolutePath: String) -> JournalError {
    JournalFiles.journalError(error, at: absolutePath)
  }
  func fileBytes(_ plaintext: [UInt8], for path: JournalPath) throws(JournalError) -> [UInt8] {
    try files.fileBytes(plaintext, for: path)
  }
  func seal(_ plaintext: [UInt8], to recipients: [KeyRecipient], path: String) throws(JournalError) -> [UInt8] {
    try files.seal(plaintext, to: recipients, path: path)
  }
  /// `plaintext` sealed to the journal's recipients now, for a file of ilgi's own (the index).
  public func sealForJournal(_ plaintext: [UInt8], path: String) throws(JournalError) -> [UInt8] {
    try files.sealForJournal(plaintext, path: path)
  }
  func replaceFile(_ plaintext: [UInt8], at path: JournalPath) throws(JournalError) {
    try files.replaceFile(plaintext, at: path)
  }
  func createFile(_ plaintext: [UInt8], at path: JournalPath) throws(JournalError) {
    try files.createFile(plaintext, at: path)
  }
  package func whileLocked<T>(_ body: () throws(JournalError) -> T) throws(JournalError) -> T {
    try files.whileLocked(body)
  }
  func ensureFolder(_ relative: String) throws(JournalError) { try files.ensureFolder(relative) }
  package func io<T>(_ path: String, _ body: () throws -> T) throws(JournalError) -> T { try files.io(path, body) }
}
