import Foundation
import IlgiFormat

#if canImport(Glibc)
  import Glibc
#endif

/// Tells which of a journal's folders changed since it was last asked, through Linux's
/// inotify: a server answers from its index without walking 100,000 files per request, sees an
/// entry written by vim, `git pull` or `ilgi new` on the next request, and refreshes only the
/// folders it was told of.
///
/// Hidden folders (`.ilgi/`, `.git/`) are not watched and hidden names are not news: nothing in
/// them is an entry. When inotify cannot be had (no more watches allowed) or lost events (its
/// queue overflowed), the answer is "everything".
public final class FolderWatcher: @unchecked Sendable {
  /// What changed since the last question.
  public enum Changes: Equatable, Sendable {
    case nothing
    /// These folders, relative to the root (`""` for the root itself): each was written in,
    /// made, or removed (a folder gone takes every folder below it along).
    case folders(Set<String>)
    /// Anything may have changed: look at every folder.
    case everything
  }

  private let lock = NSLock()
  private let root: String
  private var descriptor: Int32
  /// The folder each watch is on, relative to the root.
  private var folders: [Int32: String] = [:]
  private var changedFolders = Set<String>()
  private var everything = true
  /// Set for good when a folder could not be watched: changes in it would go unseen.
  private var blind = false

  /// Starts watching `root` and every visible folder under it.
  public init(root: String) {
    self.root = root
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      blind = true
      return
    }
    if !watchAll(under: "") {
      close(descriptor)
      descriptor = -1
      folders = [:]
      blind = true
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// What changed since the last call (the first call says everything).
  public func takeChanges() -> Changes {
    lock.lock()
    defer { lock.unlock() }
    guard !blind else { return .everything }
    drain()
    defer {
      everything = false
      changedFolders = []
    }
    if everything || blind { return .everything }
    return changedFolders.isEmpty ? .nothing : .folders(changedFolders)
  }

  /// Marks everything changed.
  public func markChanged() {
    lock.lock()
    everything = true
    lock.unlock()
  }

  /// Marks the folders of `paths` changed, for a write the caller made itself.
  public func markChanged(_ paths: [JournalPath]) {
    lock.lock()
    for path in paths { changedFolders.insert(path.folder) }
    lock.unlock()
  }

  private static let events = UInt32(
    IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF
      | IN_MOVE_SELF)

  /// Watches `folder` (relative) and every visible folder below it, each counted as changed;
  /// false when one could not be watched for want of watches.
  private func watchAll(under folder: String) -> Bool {
    var pending = [folder]
    while let next = pending.popLast() {
      let path = next.isEmpty ? root : root + "/" + next
      let number = inotify_add_watch(descriptor, path, Self.events | UInt32(IN_ONLYDIR))
      guard number >= 0 else {
        // Gone or unreadable meanwhile: the refresh finds it so.
        if errno == ENOENT || errno == ENOTDIR || errno == EACCES {
          changedFolders.insert(next)
          continue
        }
        return false
      }
      // A folder already watched (its mode changed) keeps its number.
      folders[number] = next
      changedFolders.insert(next)
      pending += Self.subfolders(of: path).map { next.isEmpty ? $0 : next + "/" + $0 }
    }
    return true
  }

  /// Stops watching `folder` and the folders below it, moved out of the journal or elsewhere in
  /// it; each is named changed, so a folder of the same name moved in its place is looked at.
  private func unwatchAll(under folder: String) {
    changedFolders.insert(folder)
    for (number, name) in folders where name == folder || name.hasPrefix(folder + "/") {
      inotify_rm_watch(descriptor, number)
      folders[number] = nil
      changedFolders.insert(name)
    }
  }

  /// After inotify lost events: every watch made again (folders made or renamed meanwhile were
  /// never watched, or are under old names), and everything changed.
  private func watchAgain() {
    for number in folders.keys { inotify_rm_watch(descriptor, number) }
    folders = [:]
    everything = true
    if !watchAll(under: "") { blind = true }
  }

  /// Reads every event waiting and notes the folders they were in.
  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (wd, mask, length, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let start = offset + MemoryLayout<inotify_event>.size
          let nameBytes = raw[start..<min(start + Int(event.len), raw.count)].prefix { $0 != 0 }
          return (event.wd, event.mask, Int(event.len), String(decoding: nameBytes, as: UTF8.self))
        }
        offset += MemoryLayout<inotify_event>.size + length
        note(wd: wd, mask: mask, name: name)
      }
    }
  }

  /// What one event says.
  private func note(wd: Int32, mask: UInt32, name: String) {
    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
      watchAgain()
      return
    }
    guard let folder = folders[wd] else { return }
    if mask & UInt32(IN_IGNORED) != 0 {
      folders[wd] = nil
      return
    }
    // The folder itself removed or moved: its parent's event names it (the root has none).
    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
      if folder.isEmpty { everything = true }
      return
    }
    if name.isEmpty {
      changedFolders.insert(folder)
      return
    }
    guard !name.hasPrefix(".") else { return }
    let child = folder.isEmpty ? name : folder + "/" + name
    guard mask & UInt32(IN_ISDIR) != 0 else {
      changedFolders.insert(folder)
      return
    }
    if mask & UInt32(IN_MOVED_FROM) != 0 { unwatchAll(under: child) }
    // Made, moved in, or its mode changed (a folder that could not be read may be read now).
    if mask & UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB) != 0 {
      if !watchAll(under: child) { blind = true }
    } else {
      changedFolders.insert(child)
    }
  }

  /// The names of the visible folders directly in `folder` (links not followed).
  private static func subfolders(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      if item.pointee.d_type == UInt8(DT_DIR) { found.append(name) }
    }
    return found
  }
}
