import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem

/// The entries made by creates that named a key: the page picks one key for each new entry
/// and sends it with every create of it (a retry, the last save of a page being left, a draft
/// offered back later). A create whose key was seen before writes onto the entry the first one
/// made, so one text is always one entry, however often it is sent.
///
/// The keys outlive the server in `file` (`.ilgi/cache/app-creates.json`, ignored by git,
/// owner-only): a page's text kept from before a restart is still known as the entry it made.
/// Each key is remembered with its entry's version as the key's last create left it, so a
/// create of it after a restart is refused (409) if the entry changed since, never written
/// over the change. A file that cannot be read or written costs only that.
final class CreateKeys: @unchecked Sendable {
  /// How many keys are remembered, newest kept.
  static let kept = 1024

  /// One key as the file holds it.
  private struct Remembered: Codable {
    var key: String
    var id: String
    var path: String
    var version: String
    var sequence: Int64?
  }
  /// A key is a few dozen letters, digits and dashes; anything else is refused.
  static func isKey(_ text: String) -> Bool {
    (8...64).contains(text.utf8.count)
      && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
  }

  private let lock = NSLock()
  private let file: String?
  private var made: [String: JournalWriter.Written] = [:]
  private var latest: [String: Int64] = [:]
  private var order: [String] = []
  /// The versions as the keys' creates left them: what the file keeps.
  private var created: [String: EntryVersion] = [:]

  /// The keys remembered in `file` (none when nil, or when it cannot be read).
  init(file: String? = nil) {
    self.file = file
    guard let file, let bytes = try? LocalFileSystem().readFile(atPath: file, limit: 1 << 22),
      let remembered = try? JSONDecoder().decode([Remembered].self, from: Data(bytes))
    else { return }
    for entry in remembered.suffix(Self.kept) where Self.isKey(entry.key) {
      guard let version = EntryVersion(rawValue: entry.version), made[entry.key] == nil else { continue }
      made[entry.key] = JournalWriter.Written(id: EntryID(entry.id), path: JournalPath(entry.path), version: version)
      created[entry.key] = version
      latest[entry.key] = entry.sequence
      order.append(entry.key)
    }
  }

  /// `body` run with the entry key `key` made before (nil when none), one create of a key at a
  /// time; what it returns is remembered as the key's entry now. A create numbered `sequence`
  /// that comes after a later one of its key has run (a page left while its create was on the
  /// way sent it again, and the copy arrived first) does not run: the key's entry is returned
  /// as it is, with `stale` true.
  func once(
    _ key: String, sequence: Int64? = nil, _ body: (JournalWriter.Written?) throws -> JournalWriter.Written
  ) rethrows -> (written: JournalWriter.Written, stale: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if let sequence, let seen = latest[key], seen >= sequence, let before = made[key] { return (before, true) }
    if let sequence { latest[key] = sequence }
    let written = try body(made[key])
    if made.updateValue(written, forKey: key) == nil { order.append(key) }
    created[key] = written.version
    if order.count > Self.kept {
      let oldest = order.removeFirst()
      made[oldest] = nil
      latest[oldest] = nil
      created[oldest] = nil
    }
    remember()
    return (written, false)
  }

  /// Writes the keys to `file`, oldest first.
  private func remember() {
    guard let file else { return }
    let remembered = order.compactMap { key in
      made[key].map {
        Remembered(
          key: key, id: $0.id.rawValue, path: $0.path.rawValue, version: (created[key] ?? $0.version).rawValue,
          sequence: latest[key])
      }
    }
    guard let data = try? JSONEncoder().encode(remembered) else { return }
    try? LocalFileSystem().writeAtomicallyMakingFolder(Array(data), toPath: file)
  }

  /// The entry the key's creates made; nil when this server saw no create of it.
  func made(by key: String) -> JournalWriter.Written? {
    lock.lock()
    defer { lock.unlock() }
    return made[key]
  }

  /// Tells the key's entry that a save changed it (its version now), so a late create of the
  /// same key is based on it.
  func saved(_ written: JournalWriter.Written) {
    lock.lock()
    defer { lock.unlock() }
    for (key, value) in made where value.id == written.id { made[key] = written }
  }
}
