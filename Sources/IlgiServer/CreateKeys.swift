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
  private var order: [String] = []

  /// `body` run with the entry key `key` made before (nil when none), one create of a key at a
  /// time; what it returns is remembered as the key's entry now.
  func once(_ key: String, _ body: (JournalWriter.Written?) throws -> JournalWriter.Written) rethrows
    -> JournalWriter.Written
  {
    lock.lock()
    defer { lock.unlock() }
    let written = try body(made[key])
    if made.updateValue(written, forKey: key) == nil { order.append(key) }
    if order.count > Self.kept { made[order.removeFirst()] = nil }
    return written
  }

  /// Tells the key's entry that a save changed it (its version now), so a late create of the
  /// same key is based on it.
  func saved(_ written: JournalWriter.Written) {
    lock.lock()
    defer { lock.unlock() }
    for (key, value) in made where value.id == written.id { made[key] = written }
  }
}
