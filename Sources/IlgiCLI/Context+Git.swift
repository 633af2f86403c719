import Foundation
import IlgiCore

extension Context {
  /// The journal's git repository, when it is one.
  func git(_ store: JournalStore) -> GitRepository? {
    GitRepository(root: store.root, environment: variables)
  }

  /// After a command changed `paths`: commits exactly them with `message` when the journal is a
  /// git repository and `git.autocommit` is on. A failed commit is a warning, never an error:
  /// the change itself is saved.
  func recordChange(_ store: JournalStore, _ paths: [JournalPath], _ message: String) {
    guard settings.flag(.gitAutocommit), let git = git(store), !paths.isEmpty else { return }
    if let busy = git.operationInProgress {
      Terminal.warn(tr(.warnGitBusy, busy))
      return
    }
    do throws(GitRepository.Failure) {
      try git.commit(paths.map(\.rawValue), message: message)
    } catch {
      Terminal.warn(tr(.warnGitCommit, error.message))
    }
  }

  /// Commits one entry a command wrote, with a message naming its day and title.
  func recordEntry(_ store: JournalStore, _ path: JournalPath, action: String) {
    guard settings.flag(.gitAutocommit), git(store) != nil, let entry = try? store.read(path) else { return }
    recordChange(store, [path], store.commitMessage(action, entry))
  }

  /// The repository, or a failure saying how to make one.
  func requireGit(_ store: JournalStore) throws -> GitRepository {
    guard let git = git(store) else { throw Failure(tr(.errNotGit, display(store.root))) }
    return git
  }
}
