import IlgiSystem

/// What a pull brought: every path that changed between where this device stood and where the
/// pull left it, read from one `git diff --raw`, with git's letter for the change (A, M, T, D)
/// and the mode the path has now. The sync's checks after a pull (links, seals, places) each
/// take their part of it.
struct PulledChanges {
  /// One path's change: `status` is git's letter, `mode` the path's mode after it.
  struct Change {
    var path: String, status: Character, mode: Substring
  }

  /// Every path changed, in git's order.
  var changes: [Change]
  /// Whether git told: there was a commit before the pull, and the diff could be read.
  var known: Bool

  /// The changes between `before` and HEAD, or none (not `known`) when there was no commit
  /// before or git cannot tell.
  init(_ git: GitRepository, since before: String?) {
    guard let before, !before.isEmpty,
      let raw = try? git.check(["diff", "--raw", "--no-renames", "-z", before, "HEAD"])
    else {
      (changes, known) = ([], false)
      return
    }
    known = true
    // `:old new hash hash status\0path\0`, repeated.
    let fields = raw.split(separator: "\0", omittingEmptySubsequences: false)
    var changes: [Change] = []
    var index = 0
    while index + 1 < fields.count {
      let parts = fields[index].split(separator: " ")
      let path = String(fields[index + 1])
      index += 2
      guard parts.count == 5, let status = parts[4].first else { continue }
      changes.append(Change(path: path, status: status, mode: parts[1]))
    }
    self.changes = changes
  }

  /// The paths changed in any way, deleted ones too.
  var paths: [String] { changes.map(\.path) }

  /// The paths added or whose content changed.
  var addedOrModified: [String] { changes.filter { "AM".contains($0.status) }.map(\.path) }

  /// The symbolic links added or changed (mode 120000).
  var links: [String] { changes.filter { "AMT".contains($0.status) && $0.mode == "120000" }.map(\.path) }
}
