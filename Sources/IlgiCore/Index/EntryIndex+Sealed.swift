import Foundation
import GRDB
import GRDBSQLite

/// The index of an encrypted journal (FORMAT.md "Encrypted journals"). It holds every entry's
/// title, preview and text, so it is never on disk in the clear: it is opened in memory from
/// `.ilgi/index.age`, the SQLite database serialised and encrypted to the journal's recipients,
/// and written back that way after a refresh that changed it.
extension EntryIndex {
  /// The sealed index, relative to the journal.
  public static let sealedFile = JournalLayout.ilgiFolder + "/index.age"

  /// Where a sealed index is kept, and the journal that seals it to its recipients as they
  /// are when it is written.
  struct Seal {
    var path: String
    var store: JournalStore
  }

  /// Opens the sealed index of `store` in memory. One that is missing, cannot be decrypted or
  /// is damaged starts empty (the refresh reads every file). One no key here opens is made
  /// anew, sealed as `sealForJournal` says, so the next command opens it; without a key of
  /// one's own it is kept in memory only, never overwritten. A plain index left beside it is
  /// removed.
  static func openSealed(for store: JournalStore) throws -> EntryIndex {
    let path = store.root + "/" + sealedFile
    removeFiles(store.root + "/" + JournalLayout.ilgiFolder + "/index.sqlite")
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

  /// Writes the index back to its sealed file, atomically; nothing for an index without one.
  /// Under the journal's lock, sealed to the recipients as they are then: a conversion running
  /// meanwhile (`ilgi decrypt` removing the sealed index) is never undone by a late write.
  func persistSealed() throws {
    guard let seal else { return }
    let image = try queue.inDatabase { db in try Self.serialize(db) }
    try seal.store.whileLocked { () throws(JournalError) in
      let sealed = try seal.store.sealForJournal(image, path: JournalLayout.ilgiFolder + "/index.age")
      try seal.store.io(seal.path) {
        try LocalFileSystem().writeAtomically(sealed, toPath: seal.path, permissions: JournalLayout.filePermissions)
      }
    }
  }

  private static func serialize(_ db: Database) throws -> [UInt8] {
    var size: sqlite3_int64 = 0
    guard let data = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
      throw DatabaseError(resultCode: .SQLITE_NOMEM, message: "could not serialise the index")
    }
    defer { sqlite3_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: Int(size)))
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
