import Foundation
import IlgiAge
import IlgiFormat

/// An unfinished removal of recipients from an encrypted journal (`ilgi key remove`).
///
/// The recipient list is written before the files are sealed again, so entries written
/// meanwhile already leave the removed key out; the file `.ilgi/key-change` is written before
/// the list and removed once every file is sealed to it. While it is there a run of the same
/// command finishes the work, and every entry file older than it is still sealed to a key the
/// journal no longer lists (each re-sealed file is written after it).
public struct KeyChange: Sendable, Equatable {
  /// The keys being removed.
  public var removed: [KeyRecipient]

  /// The file, relative to the journal.
  public static let file = JournalLayout.ilgiFolder + "/key-change"

  /// A change removing `removed`.
  public init(removed: [KeyRecipient]) { self.removed = removed }

  /// The change begun and not finished in `store`, or nil.
  public static func pending(in store: JournalStore) -> KeyChange? {
    guard let bytes = try? store.fileSystem.readFile(atPath: store.root + "/" + file, limit: 1 << 16) else {
      return nil
    }
    let words = ConfigKey.recipientWords(String(decoding: bytes, as: UTF8.self))
    return KeyChange(removed: words.compactMap { try? KeyRecipient($0) })
  }

  /// Records the change, before the recipient list is written.
  /// An unfinished change's keys stay listed: sealing every file to the list leaves out all.
  public func begin(in store: JournalStore) throws(JournalError) {
    var keys = Self.pending(in: store)?.removed ?? []
    for key in removed where !keys.contains(key) { keys.append(key) }
    let text =
      "# ilgi key remove, not finished: run it again to seal every file without these keys\n"
      + keys.map { $0.encoded + "\n" }.joined()
    try store.io(store.root + "/" + Self.file) {
      try store.fileSystem.writeAtomically(
        Array(text.utf8), toPath: store.root + "/" + Self.file, permissions: JournalLayout.filePermissions)
    }
  }

  /// The change is done: every file is sealed to the list.
  public static func finish(in store: JournalStore) {
    unlink(store.root + "/" + file)
  }

  /// The entry files (in the tree and the trash) not sealed again since the change began:
  /// they still open with a removed key.
  public static func unfinishedFiles(in store: JournalStore) -> [JournalPath] {
    guard let begun = try? store.fileSystem.status(atPath: store.root + "/" + file) else { return [] }
    return store.conversion.files().filter { path in
      guard let status = try? store.fileSystem.status(atPath: store.absolute(path)) else { return false }
      return status.modified < begun.modified
    }
  }
}
