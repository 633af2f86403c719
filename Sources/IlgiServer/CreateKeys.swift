import Foundation
import IlgiCore

/// The entries made by creates that named a key: the page picks one key for each new entry
/// and sends it with every create of it (a retry, the last save of a page being left, a draft
/// offered back later). A create whose key was seen before writes onto the entry the first one
/// made, so one text is always one entry, however often it is sent.
final class CreateKeys: @unchecked Sendable {
  /// How many keys are remembered, newest kept.
  static let kept = 1024
  /// A key is a few dozen letters, digits and dashes; anything else is refused.
  static func isKey(_ text: String) -> Bool {
    (8...64).contains(text.utf8.count)
      && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
  }

  private let lock = NSLock()
  private var made: [String: JournalWriter.Written] = [:]
  private var latest: [String: Int64] = [:]
  private var order: [String] = []

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
    if order.count > Self.kept {
      let oldest = order.removeFirst()
      made[oldest] = nil
      latest[oldest] = nil
    }
    return (written, false)
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
