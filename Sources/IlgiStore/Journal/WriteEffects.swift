import Foundation
import IlgiFormat
import IlgiSystem

/// What follows a write, in one place for every writer: the commit of exactly the paths it
/// changed in a git journal that autocommits, and a word to whoever keeps a view of the journal
/// (the app's index). The CLI and the server each make one from their settings; neither calls
/// into the other, and a failed commit never undoes the write (it is a notice).
public struct WriteEffects: Sendable {
  /// Why a change was saved but not committed.
  public enum Notice: Sendable, Equatable {
    /// git is in the middle of a rebase or merge (its name): a commit now would land inside it.
    case gitBusy(String)
    /// git refused the commit: its first line.
    case gitFailed(String)
  }

  /// Whether changes are committed (`git.autocommit`, in a git journal).
  public var autocommit: Bool
  /// The environment git runs with.
  public var environment: [String: String]
  /// Told when a change was saved but not committed.
  public var notice: @Sendable (Notice) -> Void
  /// Told of every path a write changed, before it is committed.
  public var changed: @Sendable ([JournalPath]) -> Void
  /// Told once a change is recorded (committed, when the journal autocommits): a sitting's end,
  /// a new entry, a delete; not the saves made while typing.
  public var recorded: @Sendable () -> Void = {}

  /// Effects that commit when `autocommit` is on.
  public init(
    autocommit: Bool, environment: [String: String], notice: @escaping @Sendable (Notice) -> Void = { _ in },
    changed: @escaping @Sendable ([JournalPath]) -> Void = { _ in }
  ) {
    self.autocommit = autocommit
    self.environment = environment
    self.notice = notice
    self.changed = changed
  }

  /// No commit, no one told: for tests and for writers with nothing beside the files.
  public static let none = WriteEffects(autocommit: false, environment: [:])

  /// These effects, also telling `also` of every change.
  public func telling(_ also: @escaping @Sendable ([JournalPath]) -> Void) -> WriteEffects {
    var effects = self
    let first = changed
    effects.changed = { paths in
      first(paths)
      also(paths)
    }
    return effects
  }

  /// After a write changed `paths`: tells, then commits exactly them with `message`.
  public func record(_ store: JournalStore, _ paths: [JournalPath], _ message: String) {
    guard !paths.isEmpty else { return }
    changed(paths)
    defer { recorded() }
    guard autocommit, let git = GitRepository(root: store.root, environment: environment) else { return }
    // One commit at a time among every ilgi writing to the journal (the app and the CLI at
    // once): git refuses a second while the first holds its index.lock.
    let lock = try? store.fileSystem.lockExclusively(
      atPath: store.root + "/" + JournalLayout.commitLockFile, wait: true)
    defer { lock?.unlock() }
    if let busy = git.operationInProgress {
      notice(.gitBusy(busy))
      return
    }
    do throws(GitRepository.Failure) {
      try git.commit(paths.map(\.rawValue), message: message)
    } catch {
      notice(.gitFailed(error.message))
    }
  }

  /// After a write of the entry at `path`: records it with a message naming its day and title
  /// (no title in an encrypted journal), read from the file as it is now.
  public func recordEntry(_ store: JournalStore, _ path: JournalPath, action: String) {
    guard autocommit else { return changed([path]) }
    guard let entry = try? store.read(path) else { return record(store, [path], "ilgi: \(action)") }
    record(store, [path], store.commitMessage(action, entry))
  }
}
