import Foundation
import IlgiFormat

extension JournalStore {
  /// Sets one front-matter key of the entry at `path` and writes the file atomically; every
  /// other line stays as it was. A file without front matter gets its `id` and `date` too,
  /// as on any first write through ilgi (FORMAT.md).
  ///
  /// - Parameters:
  ///   - key: the front-matter key.
  ///   - yaml: its new value, as YAML.
  ///   - path: the entry's file.
  ///   - onlyIfAbsent: leave the file alone when the key has a value already.
  /// - Returns: whether the file was written.
  /// - Throws: `JournalError` when the file cannot be read, edited in place or written.
  @discardableResult
  func setFrontMatter(_ key: String, yaml: String, of path: JournalPath, onlyIfAbsent: Bool = false)
    throws(JournalError) -> Bool
  {
    // Read, edit and write under the lock, so a save by another ilgi in between is not lost.
    try whileLocked { () throws(JournalError) -> Bool in
      let entry: Entry
      do throws(EntryReadError) {
        entry = try read(path)
      } catch {
        throw JournalError(path: path.rawValue, reason: .unreadable(error))
      }
      if onlyIfAbsent, let text = entry.document.frontMatter?.string(key), !text.isEmpty { return false }
      var document = entry.document
      try giveIdentity(&document, entry, path)
      try frontMatterEdit(&document, key, yaml, path)
      return try write(document, to: path)
    }
  }

  /// `text` (an entry's plain bytes) with `unsettled:` in its front matter, which every device's
  /// `ilgi doctor` reports until the person deletes the line; the text as it was when its front
  /// matter cannot be edited. The line goes first, above `id:`, which no one changes: a later
  /// merge with another device's change to the front matter's last key (tags, starred) then
  /// touches lines apart from it.
  static func markedUnsettled(_ text: [UInt8]) -> [UInt8] {
    let note = "two versions of one passage, kept by ilgi sync; keep one, then delete this line"
    guard var document = try? EntryDocument(bytes: text),
      (try? document.set(EntryNote.unsettledKey, yaml: YAMLScalar.quoted(note), first: true)) != nil
    else { return text }
    return document.bytes
  }

  /// Adds `id` (fresh) and `date` to a document whose file had no id of its own.
  func giveIdentity(_ document: inout EntryDocument, _ entry: Entry, _ path: JournalPath) throws(JournalError) {
    guard entry.idIsDerived, document.frontMatter?.values["id"] == nil else { return }
    try frontMatterEdit(&document, "id", YAMLScalar.quoted(EntryID.make().rawValue), path)
    if document.frontMatter?.values["date"] == nil {
      try frontMatterEdit(&document, "date", entry.date.iso8601, path)
    }
  }
}
