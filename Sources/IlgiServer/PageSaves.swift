import Foundation
import IlgiStore

/// The last save each page of the app made, so that two saves of one page that race each other
/// (the page closed while its autosave was on its way, and it sent its last text at once) land
/// in the order the page sent them, and neither is taken for another writer's change.
///
/// A page numbers its saves (`sequence`, greater for each later one). A save whose base was
/// overtaken only by the same page's earlier save of that entry (from the same base) is that
/// save's successor and is written on top of it; one older than the page's last is written
/// nowhere. Any other change since its base is a conflict, as for every save. The saves of one
/// page are made one at a time (`one`), so a save that arrives while the page's previous one
/// is still being written and committed finds it told here. Kept in memory: the race is between
/// requests a few milliseconds apart.
final class PageSaves: @unchecked Sendable {
  struct Last {
    var id: String
    var sequence: Int64
    var base: EntryVersion
    var after: EntryVersion
  }

  private let lock = NSLock()
  private var last: [String: Last] = [:]
  /// The most pages remembered; the oldest is forgotten first.
  static let most = 256
  private var order: [String] = []
  /// Each page's turn, held for the whole of one of its saves, and how many saves hold it or
  /// wait for it: let go when none does.
  private var turns: [String: (lock: NSLock, users: Int)] = [:]

  /// Runs `save`, a save of `page`'s, once that page's save before it is over.
  func one<T>(page: String, _ save: () throws -> T) rethrows -> T {
    let turn = lock.withLock {
      let turn = turns[page]?.lock ?? NSLock()
      turns[page] = (turn, (turns[page]?.users ?? 0) + 1)
      return turn
    }
    defer {
      lock.withLock {
        if let held = turns[page] { turns[page] = held.users > 1 ? (held.lock, held.users - 1) : nil }
      }
    }
    return try turn.withLock(save)
  }

  /// What to do with a save of entry `id` by `page`, numbered `sequence`, based on `base`, when
  /// the file is now at `current`: nil to refuse it as a conflict, the version to base it on
  /// instead (its page's own last save), or `.stale` when the page has saved something later.
  enum Verdict: Equatable {
    case rebase(EntryVersion)
    case stale
  }

  func verdict(page: String, id: String, sequence: Int64, base: EntryVersion, current: EntryVersion) -> Verdict? {
    lock.withLock {
      guard let before = last[page], before.id == id else { return nil }
      if sequence <= before.sequence { return .stale }
      return before.base == base && before.after == current ? .rebase(current) : nil
    }
  }

  /// `page`'s save `sequence` of entry `id` went from `base` to `after`.
  func saved(page: String, id: String, sequence: Int64, base: EntryVersion, after: EntryVersion) {
    lock.withLock {
      if last[page] == nil {
        order.append(page)
        if order.count > Self.most { last[order.removeFirst()] = nil }
      }
      // The base the page sent, not the one it was written on: a third save from that base,
      // racing the two, follows them too.
      last[page] = Last(id: id, sequence: sequence, base: base, after: after)
    }
  }
}
