import Foundation
import GRDB
import GRDBSQLite
import IlgiAge
import IlgiFormat
import IlgiStore
import IlgiSystem

/// The index of an encrypted journal (FORMAT.md "Encrypted journals"). It holds every entry's
/// title, preview and text, so it is never on disk in the clear: at rest it is
/// `.ilgi/index.age`, the SQLite database serialised and encrypted to the journal's recipients.
///
/// While the machine runs, a process holding a key the journal is sealed to works on a copy in
/// the clear in the memory folder (a tmpfs of this account's alone, where drafts are kept),
/// opened as a plain index is and shared by every command and the app: no command decrypts the
/// whole index, and a change writes a few of its pages. `index.age` is written from it when it
/// is missing, when the recipients changed, and after enough changes (it is a cache of the
/// files: one a little behind only has its last changes read again). Without a memory folder
/// or a key, the index is opened in memory from `index.age` and written back after each change.
extension EntryIndex {
  /// The sealed index, relative to the journal.
  public static let sealedFile = JournalLayout.ilgiFolder + "/index.age"

  /// Where a sealed index is kept, and the journal that seals it to its recipients as they
  /// are when it is written.
  struct Seal {
    var path: String
    var store: JournalStore
    /// Whether the index is the working copy in the memory folder, not a database in memory.
    var fromWorkingCopy = false
  }

  /// Opens the sealed index of `store` in memory. One that is missing, cannot be decrypted or
  /// is damaged starts empty (the refresh reads every file). One no key here opens is made
  /// anew, sealed as `sealForJournal` says, so the next command opens it; without a key of
  /// one's own it is kept in memory only, never overwritten. A plain index left beside it is
  /// removed.
  static func openSealed(for store: JournalStore) throws -> EntryIndex {
    let path = store.root + "/" + sealedFile
    removeFiles(store.root + "/" + JournalLayout.ilgiFolder + "/index.sqlite")
    if let working = openWorkingCopy(for: store) { return working }
    let queue = try DatabaseQueue(configuration: configuration())
    var keeps = true
    var wantedKey = false
    var notices: [IndexNotice] = []
    if let sealed = try? store.fileSystem.readFile(atPath: path, limit: .max) {
      do {
        guard let cipher = store.cipher else { throw JournalCipher.DecryptionError.age(.noIdentityMatches) }
        let image = try cipher.open(sealed)
        try queue.inDatabase { db in try deserialize(image, into: db) }
      } catch let error as JournalCipher.DecryptionError {
        if case .age(.noIdentityMatches) = error {
          wantedKey = true
          if store.cipher?.ownRecipients.isEmpty ?? true { keeps = false }
        }
        notices.append(.replacedUnopenable(path: path))
      } catch {
        notices.append(.replacedUnopenable(path: path))
      }
    }
    var index = try EntryIndex.inMemory(reader: store.reader, queue: queue)
    if (try? index.queue.read({ db in try Int.fetchOne(db, sql: "PRAGMA quick_check = 1") })) == nil {
      index = try EntryIndex.inMemory(reader: store.reader)
    }
    index.seal = keeps ? Seal(path: path, store: store) : nil
    index.sealNotOpenedForWantOfKey = wantedKey
    index.notices = notices
    return index
  }

  /// The working copy of the sealed index of `store` (above), made from `index.age` when
  /// missing; nil when there is no safe memory folder or no key of this person's among the
  /// journal's recipients.
  static func openWorkingCopy(for store: JournalStore) -> EntryIndex? {
    let recipients = store.sealing.state.recipients
    guard let cipher = store.cipher, cipher.ownRecipients.contains(where: recipients.contains) else { return nil }
    let variables = store.files.variables
    guard (try? MemoryFolder.prepare(base: MemoryFolder.base(variables: variables))) != nil else { return nil }
    let copy = MemoryFolder.index(for: store.root, variables: variables)
    let sealedPath = store.root + "/" + sealedFile
    var made = false
    if !LocalFileSystem().exists(atPath: copy),
      let sealed = try? store.fileSystem.readFile(atPath: sealedPath, limit: .max),
      let image = try? cipher.open(sealed)
    {
      // Made by one process: another that finds it made meanwhile opens that one.
      made = (try? LocalFileSystem().createAtomically(image, atPath: copy, permissions: 0o600)) != nil
    }
    guard var index = try? openFile(copy, reader: store.reader) else {
      removeFiles(copy)
      return nil
    }
    if made {
      // A damaged image starts empty (the refresh reads every file); a good one behind the files
      // takes a new identity, as its log of changes may be behind what a site export last saw.
      if (try? index.queue.read({ db in try String.fetchOne(db, sql: "PRAGMA quick_check") })) != "ok" {
        try? index.queue.close()
        removeFiles(copy)
        guard let empty = try? openFile(copy, reader: store.reader) else { return nil }
        index = empty
      }
      try? index.queue.write { db in try db.execute(sql: "UPDATE meta SET value = random() WHERE key = 'identity'") }
    }
    // Sorts and statement journals stay in memory too, never in a temporary file on disk.
    try? index.queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = MEMORY") }
    index.seal = Seal(path: sealedPath, store: store, fromWorkingCopy: true)
    return index
  }

  /// Whether this index is still the kind `open(for:)` gives `store` now: a plain journal's file,
  /// or a sealed journal's (its working copy still there). A journal encrypted or decrypted
  /// meanwhile needs its index opened again: a plain index must never take sealed entries' text.
  public func suits(_ store: JournalStore) -> Bool {
    let present = location.map { LocalFileSystem().exists(atPath: $0) } ?? true
    switch store.sealing.state {
    case .plain: return seal == nil && location != nil && present
    case .sealed: return seal != nil && present
    case .unknown: return false
    }
  }

  /// Removes the working copy of the sealed index of the journal at `root`: the journal is
  /// no longer sealed (`ilgi decrypt`).
  public static func removeWorkingCopy(root: String, variables: [String: String]) {
    removeFiles(MemoryFolder.index(for: root, variables: variables))
  }

  /// Writes the index back to its sealed file, atomically; nothing for an index without one.
  /// Under the journal's lock, sealed to the recipients as they are then: a conversion running
  /// meanwhile (`ilgi decrypt` removing the sealed index) is never undone by a late write.
  ///
  /// From a working copy, only when the sealed file is missing, was sealed to another list,
  /// or is `changed` entries behind by enough (`sealEvery` of its `total`); `force` writes it
  /// anyway.
  func persistSealed(changed: Int, total: Int, force: Bool = false) throws {
    guard let seal else { return }
    let sealedTo = Self.listHash(seal.store.sealing.state.recipients)
    if seal.fromWorkingCopy, !force {
      let (behind, lastList) = try queue.write { db in
        try db.execute(
          sql: "INSERT INTO meta VALUES ('unsealed', ?) ON CONFLICT (key) DO UPDATE SET value = value + ?",
          arguments: [changed, changed])
        return (
          try Int.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'unsealed'") ?? 0,
          try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'sealed_to'")
        )
      }
      let current = LocalFileSystem().exists(atPath: seal.path) && lastList == sealedTo
      if current && behind < Self.sealEvery(total) { return }
    }
    let image = try queue.inDatabase { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO meta VALUES ('unsealed', 0); INSERT OR REPLACE INTO meta VALUES ('sealed_to', ?)",
        arguments: [sealedTo])
      return try Self.serialize(db)
    }
    do {
      try seal.store.whileLocked { () throws(JournalError) in
        let sealed = try seal.store.sealForJournal(image, path: JournalLayout.ilgiFolder + "/index.age")
        try seal.store.io(seal.path) {
          try LocalFileSystem().writeAtomically(sealed, toPath: seal.path, permissions: JournalLayout.filePermissions)
        }
      }
    } catch {
      // Not sealed to that list after all: the next refresh that changes anything tries again.
      try? queue.inDatabase { db in try db.execute(sql: "UPDATE meta SET value = 0 WHERE key = 'sealed_to'") }
      throw error
    }
  }

  /// How many changed entries a working copy is let run ahead of the sealed file: one in a
  /// hundred, at least 200. After a restart the refresh reads those again (about 0.2 ms each).
  static func sealEvery(_ entries: Int) -> Int { max(200, entries / 100) }

  /// A hash of a recipient list, in its order: the list the sealed file was last sealed to.
  static func listHash(_ recipients: [KeyRecipient]) -> Int64 {
    var hash = StableHash()
    for recipient in recipients { hash.add(recipient.encoded) }
    return Int64(bitPattern: hash.value)
  }

  private static func serialize(_ db: Database) throws -> [UInt8] {
    var size: sqlite3_int64 = 0
    guard let data = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
      throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "could not serialise the index")
    }
    defer { sqlite3_free(data) }
    var image = Array(UnsafeBufferPointer(start: data, count: Int(size)))
    // A working copy is in WAL mode (header bytes 18 and 19 are 2), which a database opened
    // in memory from the image cannot be: the image says rollback journal (1), as one made in
    // memory does.
    if image.count > 19 {
      image[18] = 1
      image[19] = 1
    }
    return image
  }

  private static func deserialize(_ image: [UInt8], into db: Database) throws {
    guard let buffer = sqlite3_malloc64(sqlite3_uint64(max(image.count, 1)))?.assumingMemoryBound(to: UInt8.self)
    else { throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "could not load the index") }
    image.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { buffer.update(from: base, count: image.count) }
    }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE) | UInt32(SQLITE_DESERIALIZE_RESIZEABLE)
    let code = sqlite3_deserialize(
      db.sqliteConnection, "main", buffer, sqlite3_int64(image.count), sqlite3_int64(image.count), flags)
    guard code == SQLITE_OK else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not load the index")
    }
  }
}
