import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells whether anything in a journal's folders changed since it was last asked, through
/// Linux's inotify: a server answers from its index without walking 100,000 files per request,
/// and still sees an entry written by vim, `git pull` or `ilgi new` on the next request.
///
/// Hidden folders (`.ilgi/`, `.git/`) are not watched: nothing in them is an entry. When inotify
/// cannot be had (no more watches allowed), every question is answered "changed".
public final class FolderWatcher: @unchecked Sendable {
  private let lock = NSLock()
  private let descriptor: Int32
  private var folders: [Int32: String] = [:]
  private var changed = true

  /// Starts watching `root` and every visible folder under it.
  public init(root: String) {
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return }
    var pending = [root]
    while let folder = pending.popLast() {
      guard watch(folder) else {
        close(descriptor)
        folders = [:]
        return
      }
      pending += Self.subfolders(of: folder)
    }
  }

  deinit {
    if descriptor >= 0 && !folders.isEmpty { close(descriptor) }
  }

  /// Whether anything changed since the last call that said so (the first call says yes).
  public func takeChanges() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !folders.isEmpty else { return true }
    drain()
    defer { changed = false }
    return changed
  }

  /// Marks the journal changed, for a write the caller made itself.
  public func markChanged() {
    lock.lock()
    changed = true
    lock.unlock()
  }

  private static let events = UInt32(
    IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF
      | IN_MOVE_SELF)

  private func watch(_ folder: String) -> Bool {
    let number = inotify_add_watch(descriptor, folder, Self.events | UInt32(IN_ONLYDIR))
    guard number >= 0 else { return errno == ENOENT || errno == ENOTDIR || errno == EACCES }
    folders[number] = folder
    return true
  }

  /// Reads every event waiting; a new folder is watched at once (its files count as a change).
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
        changed = true
        if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix("."),
          let parent = folders[wd]
        {
          var pending = [parent + "/" + name]
          while let folder = pending.popLast() {
            _ = watch(folder)
            pending += Self.subfolders(of: folder)
          }
        }
        if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil }
      }
    }
  }

  /// The visible folders directly in `folder` (links not followed).
  private static func subfolders(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      if item.pointee.d_type == UInt8(DT_DIR) { found.append(folder + "/" + name) }
    }
    return found
  }
}
