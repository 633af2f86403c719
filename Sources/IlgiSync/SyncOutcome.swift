import Foundation
import IlgiAge
import IlgiStore

/// Something a sync did or found that the person should hear of; the front end words it.
public enum SyncNote: Sendable {
  /// git here was set up to show and merge entries through ilgi.
  case driversSet
  /// ilgi's own files (the index, locks) that a commit made by hand took in are no longer
  /// tracked.
  case untracked([String])
  /// An entry one device deleted and the other changed was kept, changed.
  case keptChanged(String)
  /// Two devices changed the same passage of an entry: it holds both, marked `unsettled`.
  case overlap(String)
  /// Two devices each made an entry of one name: both are kept, the second under a new name.
  case apart(String, String)
  /// The journal's list of keys changed elsewhere and waits for `ilgi key accept`.
  case pendingChange(JournalSealing.PendingChange)
  /// The pull brought a symbolic link: its path and where it leads.
  case pulledLink(String, String)
  /// Keys another device removed, let go of here.
  case keysDropped([KeyRecipient])
  /// Files sealed to other keys than the journal's, sealed again: how many, to how many keys.
  case resealed(Int, Int)
  /// A file that could not be sealed again (this device cannot open it).
  case resealFailed(JournalError)
  /// Pictures the pull brought whose place was taken out: how many.
  case placesTakenOut(Int)
  /// The remote no longer had the branch (deleted there), and it is pushed there again.
  case branchPushedAgain(remote: String, branch: String)
  /// The remote fetched from no longer has the branch fetched, and pushes go to another
  /// remote: the remote, its branch, and where pushes go.
  case fetchBranchGone(remote: String, branch: String, pushRemote: String)
}

/// How a sync ended, when it did.
public struct SyncOutcome: Sendable {
  /// What the journal is now, as a person would be told.
  public enum State: String, Sendable {
    /// Everything merged by itself.
    case merged
    /// Both versions of something were kept (an entry deleted on one device and changed on the
    /// other, two entries of one name).
    case keptBoth
    /// An entry holds two versions of one passage for the person to settle.
    case unsettled
  }

  /// The remote and branch synced with (`origin/main`).
  public var remote: String
  /// Whether the pull brought commits.
  public var brought: Bool
  /// What it said, in order.
  public var notes: [SyncNote]

  /// What the journal is now.
  public var state: State {
    if notes.contains(where: { if case .overlap = $0 { true } else { false } }) { return .unsettled }
    let keptBoth = notes.contains {
      switch $0 {
      case .keptChanged, .apart: true
      default: false
      }
    }
    return keptBoth ? .keptBoth : .merged
  }
}

/// Why a sync stopped.
public enum SyncError: Error, Sendable {
  /// git is in the middle of an operation (its name): a rebase, a merge.
  case busy(String)
  /// git left a conflict in this file: its markers (a plain file) or two versions (a sealed one).
  case conflict(String)
  /// One device deleted this entry and the other changed it, and it could not be kept.
  case deletedConflict(String)
  /// A change not committed here (stashed by the pull) met the pull's change of this file when
  /// it was put back: the file is unmerged and the change still in git's stash.
  case stashConflict(String)
  /// This file is unmerged with no operation under way and no stash of a pull's: a conflict
  /// left by hand.
  case unmerged(String)
  /// The journal has no git remote.
  case noRemote
  /// The remote holds other branches and not this one: the branch looked for there, and the
  /// one here that writes to it.
  case otherBranch(remote: String, branch: String, heads: [String], local: String)
  /// git refused: the command and its first line.
  case refused(command: String, line: String)
  /// The remote could not be reached: the command and git's first line.
  case offline(command: String, line: String)
  /// The journal's files could not be read or written.
  case journal(JournalError)
  /// The front end could not refresh what it shows of the journal, or open it with its keys:
  /// its own error.
  case view(any Error)

  /// Whether the remote could not be reached (no network, no such host, a server that is
  /// down), as git's words say, rather than that the sync was refused.
  static func isUnreachable(_ stderr: String) -> Bool {
    let words = [
      "Could not resolve host", "unable to access", "Could not read from remote repository",
      "Connection refused", "Connection timed out", "Network is unreachable", "does not appear to be a git repository",
      "Temporary failure in name resolution", "No route to host", "timed out",
    ]
    return words.contains { stderr.localizedCaseInsensitiveContains($0) }
  }

  /// A git command's failure: offline when git's words say the remote could not be reached.
  static func git(_ command: String, _ stderr: String, line: String) -> SyncError {
    isUnreachable(stderr) ? .offline(command: command, line: line) : .refused(command: command, line: line)
  }
}
