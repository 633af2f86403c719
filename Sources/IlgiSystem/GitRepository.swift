import Foundation
import IlgiFormat

/// The git repository a journal is (a `.git` at its root), driven through the `git` program.
///
/// ilgi commits only the files a command changed (`commit --only`), never the index, drafts
/// or trash (`.gitignore`, written by `ilgi init`), and leaves everything else the person has
/// staged alone.
public struct GitRepository: Sendable {
  /// The journal root, which is the work tree's root.
  public let root: String
  /// The environment git runs with.
  public private(set) var environment: [String: String]
  /// ilgi's secrets from the environment it was given, kept from git but for `passingSecrets`.
  let secrets: [String: String]

  /// Why a git call did not do what was asked.
  public struct Failure: Error, Sendable, Equatable {
    /// The git subcommand.
    public var command: String
    /// git's own first line about it.
    public var message: String
  }

  /// The repository at `root`, or nil when the journal is not one.
  public init?(root: String, environment: [String: String]) {
    guard FileManager.default.fileExists(atPath: root + "/.git") else { return nil }
    self.init(unchecked: root, environment: environment)
  }

  /// A repository handle without checking that one exists (for `git init`).
  public init(unchecked root: String, environment: [String: String]) {
    self.root = root
    // git runs hooks and filters of the repository's own: none of ilgi's secrets reach them,
    // but for the one read that needs them (`run(_:passingSecrets:)`).
    secrets = environment.filter { IlgiEnvironment.secrets.contains($0.key) }
    var environment = environment.filter { !IlgiEnvironment.secrets.contains($0.key) }
    // Paths are file names, never patterns; no pager, no prompts, no editor, and messages in English so
    // that ilgi can read them.
    environment["GIT_LITERAL_PATHSPECS"] = "1"
    environment["GIT_PAGER"] = "cat"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    // ilgi never wants git's editor (a rebase it continues keeps each commit's message).
    environment["GIT_EDITOR"] = "true"
    environment["LC_ALL"] = "C"
    self.environment = environment
  }

  /// This repository with git reading pathspecs as patterns (`:(glob)…`), for a question asked
  /// with patterns ilgi wrote itself; everywhere else a path is only ever a file's name.
  public var readingPatterns: GitRepository {
    var copy = self
    copy.environment["GIT_LITERAL_PATHSPECS"] = "0"
    return copy
  }

  /// Runs `git -C root arguments`. With `passingSecrets` (only for `log --patch`, which runs
  /// no hook but `ilgi cat`, the textconv of encrypted entries, which may need the identity's
  /// passphrase) git gets ilgi's secrets too.
  @discardableResult
  public func run(_ arguments: [String], input: [UInt8]? = nil, passingSecrets: Bool = false) throws(Failure)
    -> ChildProcess.Result
  {
    // Another git (the person's `git status`, an editor's, a prompt's) takes the index's lock
    // for a moment to refresh it, and a command that needs the lock then fails at once, having
    // done nothing. Such a command is run again for about a second; one that may stop half way
    // (a rebase) is not, nor is a lock held longer (a git that crashed).
    var wait: UInt32 = 10_000
    var attempt = 0
    while true {
      attempt += 1
      let result: ChildProcess.Result
      do {
        result = try ChildProcess.run(
          ["git", "-C", root, "-c", "gc.auto=0"] + arguments,
          environment: passingSecrets ? environment.merging(secrets) { $1 } : environment, input: input)
      } catch {
        throw Failure(command: arguments.first ?? "git", message: "git could not be started: install git")
      }
      guard result.status != 0, attempt < 8, !Self.stepwise.contains(arguments.first ?? ""),
        result.stderr.contains("index.lock': File exists")
      else { return result }
      usleep(wait)
      wait *= 2
    }
  }

  /// The commands that may stop half way, having changed something: never run twice.
  static let stepwise: Set<String> = ["rebase", "merge", "pull", "cherry-pick", "am", "revert", "stash"]

  /// Where `name` (`info/attributes`, a file of ilgi's own) lies in the repository's own folder:
  /// `.git/NAME` when `.git` is that folder, else where git says (a worktree's `.git` file, a
  /// `GIT_DIR` of the environment). nil when git cannot say.
  public func gitPath(_ name: String) -> String? {
    var isFolder: ObjCBool = false
    if environment["GIT_DIR"] == nil, environment["GIT_COMMON_DIR"] == nil,
      FileManager.default.fileExists(atPath: root + "/.git", isDirectory: &isFolder), isFolder.boolValue
    {
      return root + "/.git/" + name
    }
    guard let said = try? check(["rev-parse", "--git-path", name]) else { return nil }
    let path = said.trimmingCharacters(in: .newlines)
    return path.hasPrefix("/") ? path : root + "/" + path
  }

  /// Runs git and fails with its message unless it exits 0.
  @discardableResult
  public func check(_ arguments: [String], input: [UInt8]? = nil) throws(Failure) -> String {
    let result = try run(arguments, input: input)
    guard result.status == 0 else { throw Failure(command: arguments.first ?? "git", message: result.firstErrorLine) }
    return result.stdout
  }

  /// What git is in the middle of (`rebase`, `merge`, `cherry-pick`, `revert`), when a commit
  /// now would land inside it.
  public var operationInProgress: String? {
    let git = gitDirectory + "/"
    if FileManager.default.fileExists(atPath: git + "rebase-merge")
      || FileManager.default.fileExists(atPath: git + "rebase-apply")
    {
      return "rebase"
    }
    for (file, operation) in [("MERGE_HEAD", "merge"), ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert")]
    where FileManager.default.fileExists(atPath: git + file) {
      return operation
    }
    return nil
  }

  /// The work tree's git folder: `.git`, or where a `.git` file points (`gitdir: PATH`, in a
  /// linked work tree or a submodule).
  var gitDirectory: String {
    let dotGit = root + "/.git"
    guard let text = try? String(contentsOfFile: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else {
      return dotGit
    }
    let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
    return path.hasPrefix("/") ? path : root + "/" + path
  }

  /// Commits exactly `paths` (journal-relative; new, changed or removed) with `message`.
  /// Returns false when none of them differs from the last commit.
  @discardableResult
  public func commit(_ paths: [String], message: String) throws(Failure) -> Bool {
    let unique = Array(Set(paths)).sorted()
    let present = unique.filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
    let missing = unique.filter { !FileManager.default.fileExists(atPath: root + "/" + $0) }
    // A path that is gone counts when git tracked it (a delete); a few at most, named directly.
    // One still in the index is staged by `add`; one whose delete is staged already (`git rm`,
    // a `git mv`'s old name) is only in the last commit, and only committed: `add` refuses a
    // path it cannot find.
    let removed =
      missing.isEmpty ? [] : try check(["ls-files", "-z", "--"] + missing).split(separator: "\0").map(String.init)
    let staged =
      missing.isEmpty
      ? []
      : ((try? check(["ls-files", "-z", "--with-tree=HEAD", "--"] + missing)) ?? "").split(separator: "\0")
        .map(String.init).filter { !removed.contains($0) }
    let changed = present + removed + staged
    guard !changed.isEmpty else { return false }
    // Paths go through stdin: an import of 100,000 entries is more than a command line holds.
    let list = Array(changed.joined(separator: "\0").utf8)
    let adding = present + removed
    if !adding.isEmpty {
      try check(
        ["add", "-A", "--pathspec-from-file=-", "--pathspec-file-nul"],
        input: Array(adding.joined(separator: "\0").utf8))
    }
    if changed.count < 1_000 {
      let staged = try run(["diff", "--cached", "--quiet", "--"] + changed)
      if staged.status == 0 { return false }
    }
    try check(
      ["commit", "--quiet", "--only", "-m", message, "--pathspec-from-file=-", "--pathspec-file-nul"], input: list)
    return true
  }

  /// The files git left with conflicts, journal-relative.
  public func conflictedFiles() -> [String] {
    guard let out = try? check(["diff", "--name-only", "--diff-filter=U", "-z"]) else { return [] }
    return out.split(separator: "\0").map(String.init)
  }

  /// `git status`'s files with its two letters for each (`M ` staged, `??` untracked, `UU`
  /// unmerged, ...), untracked files too when `untracked`.
  public func status(untracked: Bool) throws(Failure) -> [(code: String, path: String)] {
    let out = try check(["status", "--porcelain", "-z", "--untracked-files=" + (untracked ? "all" : "no")])
    // `XY path`, and for a rename or copy the old path as the next record: a rename's old path
    // is given as deleted (`D `), so a commit of both sides takes the whole rename.
    var records = out.split(separator: "\0").makeIterator()
    var files: [(code: String, path: String)] = []
    while let record = records.next() {
      let code = String(record.prefix(2))
      files.append((code, String(record.dropFirst(3))))
      if code.contains("R") || code.contains("C"), let old = records.next(), code.contains("R") {
        files.append(("D ", String(old)))
      }
    }
    return files
  }

  /// The files a merge or rebase left unmerged, each with git's two letters for how (`UU` both
  /// changed, `DU` deleted by the side being built on and changed by the other, `UD` the other
  /// way round, `AA` both added).
  public func unmergedFiles() -> [(code: String, path: String)] {
    ((try? status(untracked: false)) ?? []).filter { Self.unmergedCodes.contains($0.code) }
  }

  /// Whether the newest stash is one a pull (`rebase --autostash`) made and could not put back.
  public var newestStashIsAPulls: Bool {
    ((try? check(["stash", "list", "-1", "--format=%s"])) ?? "").contains("autostash")
  }

  /// The two letters `git status` gives an unmerged file.
  public static let unmergedCodes: Set<String> = ["DD", "AU", "UD", "UA", "DU", "AA", "UU"]

  /// `ilgi: new 2026-11-21 Morning run`.
  public static func message(_ action: String, _ date: EntryDate, _ title: String) -> String {
    let title = title.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return "ilgi: \(action) \(date.day)" + (title.isEmpty ? "" : " " + title)
  }
}
