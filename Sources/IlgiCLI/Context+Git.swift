import Foundation
import IlgiStore
import IlgiSystem

extension Context {
  /// The journal's git repository, when it is one.
  func git(_ store: JournalStore) -> GitRepository? {
    GitRepository(root: store.root, environment: variables)
  }

  /// What follows a change, by the settings: a commit of exactly the paths changed when the
  /// journal is a git repository and `git.autocommit` is on. A failed commit is a warning, never
  /// an error: the change itself is saved.
  var effects: WriteEffects {
    WriteEffects(autocommit: settings.flag(.gitAutocommit), environment: variables) { notice in
      switch notice {
      case .gitBusy(let busy): Terminal.warn(tr(.warnGitBusy, busy))
      case .gitFailed(let message): Terminal.warn(tr(.warnGitCommit, message))
      }
    }
  }

  /// The journal's writer: every change to an entry, with the journal's templates and effects.
  func writer(_ store: JournalStore) -> JournalWriter {
    JournalWriter(store: store, templates: templates(for: store), effects: effects)
  }

  /// The repository, or a failure saying how to make one.
  func requireGit(_ store: JournalStore) throws -> GitRepository {
    guard let git = git(store) else { throw Failure(tr(.errNotGit, display(store.root))) }
    return git
  }
}
