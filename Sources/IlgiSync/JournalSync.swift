import Foundation
import IlgiAge
import IlgiFormat
import IlgiStore
import IlgiSystem

/// A sync of a journal kept in git with its remote: fetch, replay this device's commits on the
/// remote's (`git pull --rebase`, with ilgi's merge driver), push. The CLI's `ilgi sync` and the
/// app's own syncs run it; each words its notes and errors.
///
/// The remote is fetched without holding anything; the journal's other writers (the app, the
/// CLI) wait while git rewrites its files, as a save or a commit in the middle of the rebase
/// would stop it there.
public struct JournalSync {
  /// The journal, opened with this device's keys.
  public let store: JournalStore
  /// Its repository.
  public let git: GitRepository
  /// The writer that settles unsaved sittings and takes places out of pictures.
  public let writer: JournalWriter
  /// Whether entries are committed as they change (`git.autocommit`).
  public var autocommit: Bool
  /// Whether this device keeps where a picture was taken (`attachments.keep_location`).
  public var keepsPlaces: Bool
  /// The ilgi git runs as the merge driver and to show sealed files.
  public var binary: String
  /// The journal as it is after the pull, with this device's keys (its sealing may have changed).
  public var keyed: (JournalStore) throws -> JournalStore
  /// Refreshes what the front end shows of the journal once the pull is in (the index).
  public var refresh: (JournalStore) throws -> Void
  /// Told of each note as the sync goes.
  public var tell: (SyncNote) -> Void

  /// A sync of `store` through `git`.
  public init(
    store: JournalStore, git: GitRepository, writer: JournalWriter, autocommit: Bool, keepsPlaces: Bool,
    binary: String, keyed: @escaping (JournalStore) throws -> JournalStore,
    refresh: @escaping (JournalStore) throws -> Void, tell: @escaping (SyncNote) -> Void = { _ in }
  ) {
    self.store = store
    self.git = git
    self.writer = writer
    self.autocommit = autocommit
    self.keepsPlaces = keepsPlaces
    self.binary = binary
    self.keyed = keyed
    self.refresh = refresh
    self.tell = tell
  }

  /// The git commands of one sync, from where this branch stands with the remote.
  struct Plan {
    var remote: String
    var branch: String
    var fetch: [String]
    var pull: [String]
    var push: [String]
    /// Whether the branch has an upstream: then a push is made only when the branch it pushes
    /// to is not where this one is, as one with nothing to send still asks the remote.
    var tracked = false
    /// The upstream's branch on the remote (tracked only).
    var upstreamBranch = ""
    /// The remote pushes go to (tracked only; `pushRemote` may name another than the upstream's).
    var pushRemote = ""
    /// Whether the push gives the remote back the upstream's branch, deleted there.
    var restoring = false
    /// The commit the upstream stood at before the fetch: what this device has not pushed is
    /// what lies between it and HEAD, even once a branch deleted on the remote is pruned.
    var upstreamBefore: String?
  }

  /// Runs the sync.
  public func run() throws(SyncError) -> SyncOutcome {
    var notes: [SyncNote] = []
    let say = { (note: SyncNote) in
      notes.append(note)
      tell(note)
    }
    if let busy = git.operationInProgress {
      if let file = git.conflictedFiles().first { throw .conflict(file) }
      throw .busy(busy)
    }
    // Left by a sync whose stashed changes met the pull's: git cannot stash again until settled.
    if let file = firstUnmerged() { throw unmerged(file) }
    var plan = try plan()
    try setUpDrivers(say)
    if !plan.fetch.isEmpty { try run(plan.fetch, as: "pull") }
    if plan.tracked, try !resolves("@{upstream}") { plan = try upstreamGone(plan, say) }
    let acceptedBefore = store.sealing.acceptedRecipients
    // Where this device stood once its own saves were committed, and where the pull left it:
    // what came between is what the remote brought.
    let (before, pulled) = try replay(plan, say)
    for fields in SyncNotes.overlaps(git).take() { say(.overlap(fields[0])) }
    // Said before the refresh, which stops in a journal that cannot tell whether it is sealed.
    if let change = store.sealing.pendingChange { say(.pendingChange(change)) }
    let brought = PulledChanges(git, since: before)
    for (path, target) in pulledLinks(brought) { say(.pulledLink(path, target)) }
    // A link the pull put where ilgi keeps its own files stops here, before the index or
    // anything else is written through it.
    if let link = JournalLayout.linkedOwnPath(root: store.root) {
      throw .journal(JournalError(path: store.root, reason: .ownFileLinked(link)))
    }
    do {
      try refresh(store)
    } catch {
      throw .view(error)
    }
    // Keys removed on another device are let go at once (`JournalSealing`).
    if let acceptedBefore, let now = store.sealing.acceptedRecipients, !now.isEmpty {
      let dropped = acceptedBefore.filter { !now.contains($0) }
      if !dropped.isEmpty { say(.keysDropped(dropped)) }
    }
    try resealArrived(brought, unpushedSince: plan.upstreamBefore, say)
    try unplaceArrived(brought, say)
    if !plan.tracked || pushTarget().map({ $0 != head() }) ?? true { try run(plan.push, as: "push") }
    if plan.restoring { say(.branchPushedAgain(remote: plan.remote, branch: plan.upstreamBranch)) }
    return SyncOutcome(remote: plan.remote + "/" + plan.branch, brought: pulled != before, notes: notes)
  }

  /// Where to fetch from and push to: the branch's upstream, or the remote's branch of this
  /// name.
  func plan() throws(SyncError) -> Plan {
    let remotes = try check(["remote"]).split(separator: "\n").map(String.init)
    guard let firstRemote = remotes.first else { throw .noRemote }
    let branch = try check(["symbolic-ref", "--short", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
    // The upstream as configured (its remote's name may hold a `/`), whether or not the remote
    // still has its branch.
    let upstream = try check([
      "for-each-ref", "--format=%(upstream:remotename)%00%(upstream:remoteref)%00%(push:remotename)",
      "refs/heads/" + branch,
    ]).trimmingCharacters(in: .newlines).split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    if upstream.count == 3, !upstream[0].isEmpty, upstream[1].hasPrefix("refs/heads/") {
      // The fetch prunes, so that a branch deleted on the remote is seen to be gone.
      return Plan(
        remote: upstream[0], branch: branch, fetch: ["fetch", "--quiet", "--prune", upstream[0]],
        pull: ["rebase", "--autostash", "--quiet", "@{upstream}"], push: ["push", "--quiet"], tracked: true,
        upstreamBranch: String(upstream[1].dropFirst("refs/heads/".count)), pushRemote: upstream[2],
        upstreamBefore: try? git.check(["rev-parse", "--verify", "--quiet", "@{upstream}"])
          .trimmingCharacters(in: .newlines))
    }
    // No upstream yet: pull the same branch if the remote has it, and push setting it. A remote
    // that holds other branches and not this one is not given a branch of this device's: the
    // devices would each sync their own and never see the other's entries (and a plain one
    // would put its text beside a sealed journal). An empty remote is given its first.
    let remote = remotes.contains("origin") ? "origin" : firstRemote
    let heads = try remoteHeads(remote)
    if !heads.isEmpty, !heads.contains(branch) {
      throw .otherBranch(remote: remote, branch: branch, heads: heads, local: branch)
    }
    return Plan(
      remote: remote, branch: branch, fetch: heads.isEmpty ? [] : ["fetch", "--quiet", remote, branch],
      pull: heads.isEmpty ? [] : ["rebase", "--autostash", "--quiet", "FETCH_HEAD"],
      push: ["push", "--quiet", "--set-upstream", remote, branch])
  }

  /// The plan once the fetch found the upstream's branch gone from the remote (deleted there):
  /// nothing to replay on, and the push gives the remote the branch again, as an empty remote
  /// is given its first. A remote that holds other branches is refused as when there is no
  /// upstream (a branch renamed there: each device would sync its own).
  func upstreamGone(_ plan: Plan, _ say: (SyncNote) -> Void) throws(SyncError) -> Plan {
    let heads = try remoteHeads(plan.remote)
    guard heads.isEmpty || heads.contains(plan.upstreamBranch) else {
      throw .otherBranch(remote: plan.remote, branch: plan.upstreamBranch, heads: heads, local: plan.branch)
    }
    var gone = plan
    // Pushed again since the fetch: fetched once more, and replayed on as usual.
    if heads.contains(plan.upstreamBranch) { try run(plan.fetch, as: "pull") } else { gone.pull = [] }
    // Pushes that go to another remote (`pushRemote`) do not give it back: this device would
    // send and never hear from the others again, so it is told.
    if !heads.contains(plan.upstreamBranch) {
      if !plan.pushRemote.isEmpty, plan.pushRemote != plan.remote {
        say(.fetchBranchGone(remote: plan.remote, branch: plan.upstreamBranch, pushRemote: plan.pushRemote))
      } else if plan.upstreamBefore != nil {
        // Said once the push went through. A branch never pushed (a clone of an empty remote
        // names its upstream before there is one) is pushed as a first, without a word.
        gone.restoring = true
      }
    }
    return gone
  }

  /// The branches `remote` holds now, asked of the remote itself.
  func remoteHeads(_ remote: String) throws(SyncError) -> [String] {
    try run(["ls-remote", "--heads", remote], as: "pull").stdout.split(separator: "\n").compactMap { line in
      line.split(separator: "\t").last.map { String($0.dropFirst("refs/heads/".count)) }
    }
  }

  /// Whether `revision` names a commit here.
  func resolves(_ revision: String) throws(SyncError) -> Bool {
    try run(["rev-parse", "--verify", "--quiet", revision], as: "rev-parse", failing: false).status == 0
  }

  /// Replays this device's commits on the remote's, holding the journal's writers off; where
  /// HEAD was before (this device's saves committed) and after.
  func replay(_ plan: Plan, _ say: (SyncNote) -> Void) throws(SyncError) -> (before: String?, after: String?) {
    var writersWait = [lock(JournalLayout.lockFile)]
    defer { writersWait.reversed().forEach { $0?.unlock() } }
    // Its commits take the commit lock themselves; then it is held for git's work.
    if autocommit { try commitUnsettled() }
    writersWait.append(lock(JournalLayout.commitLockFile))
    let before = head()
    _ = (SyncNotes.overlaps(git).take(), SyncNotes.apart(git).take())
    var pull = plan.pull
    // Nothing of this device's to replay: the remote's commits are taken as they are, as `git
    // pull --rebase` does then, with no stash made of a tree that is clean. Refused (a change
    // here that the remote's touch), the rebase below stashes it.
    if let onto = pull.last, (try? git.run(["merge-base", "--is-ancestor", "HEAD", onto]))?.status == 0,
      (try? git.run(["merge", "--ff-only", "--no-autostash", "--quiet", onto]))?.status == 0
    {
      pull = []
    }
    var keptChanged: [String] = []
    var stashMet: String?
    if !pull.isEmpty {
      let pulled = try run(pull, as: "pull", failing: false)
      if pulled.status != 0 {
        keptChanged = try keepChangedOverDeleted()
        if git.operationInProgress != nil {
          for path in keptChanged { say(.keptChanged(path)) }
          // A file with git's markers first: it is the one that needs the person.
          let unmerged = git.unmergedFiles()
          if let both = unmerged.first(where: { !Self.isDeletedOnOneSide($0.code) }) { throw .conflict(both.path) }
          if let deleted = unmerged.first { throw .deletedConflict(deleted.path) }
          if let file = git.conflictedFiles().first { throw .conflict(file) }
          throw .refused(command: "pull", line: pulled.firstErrorLine)
        }
        if keptChanged.isEmpty { throw .refused(command: "pull", line: pulled.firstErrorLine) }
      }
      // The rebase ended, but putting back what it stashed (changes not committed here) met
      // the pull's change of the same file: git says so and exits 0, leaving the file unmerged.
      if git.operationInProgress == nil { stashMet = firstUnmerged() }
    }
    // An entry kept and then deleted again by a later replayed commit is not there to name.
    for path in keptChanged where FileManager.default.fileExists(atPath: store.absolute(JournalPath(path))) {
      say(.keptChanged(path))
    }
    if let stashMet { throw unmerged(stashMet) }
    let after = head()
    try commitApart(SyncNotes.apart(git).take(), say)
    return (before, after)
  }

  /// The commit HEAD names, or nil.
  func head() -> String? {
    try? git.check(["rev-parse", "--verify", "--quiet", "HEAD"]).trimmingCharacters(in: .newlines)
  }

  /// The error for `file`, left unmerged with no operation under way: a change of a pull's
  /// stash that met the pull's (said with `git stash drop` in its advice only when the newest
  /// stash is the pull's), else a conflict left by hand.
  func unmerged(_ file: String) -> SyncError {
    git.newestStashIsAPulls ? .stashConflict(file) : .unmerged(file)
  }

  /// The first file the index holds unmerged, read from the index alone (no look at the files).
  func firstUnmerged() -> String? {
    guard let listed = try? git.check(["ls-files", "--unmerged", "-z"]),
      let line = listed.split(separator: "\0").first, let tab = line.firstIndex(of: "\t")
    else { return nil }
    return String(line[line.index(after: tab)...])
  }

  /// The commit of the branch a push goes to (`@{push}`: the upstream, or another remote's
  /// branch where `pushRemote` or `push.default` say so), or nil when git cannot tell.
  func pushTarget() -> String? {
    try? git.check(["rev-parse", "--verify", "--quiet", "@{push}"]).trimmingCharacters(in: .newlines)
  }

  /// Commits each entry saved but not committed, as its sitting's end would have: the app
  /// commits when the person leaves the page, and a page closed before that (a phone put away)
  /// leaves its last saves in the files only. A pull would stash them and the push leave them
  /// behind. Entries changed by hand (vim) go too: `git.autocommit` says entries are committed.
  /// In an encrypted journal only sealed entry files go: a plain `.md` written there by hand
  /// would put its text in the history (`ilgi encrypt` seals it).
  public func commitUnsettled() throws(SyncError) {
    let sealed = store.sealing.mustSeal
    let status: [(code: String, path: String)]
    do throws(GitRepository.Failure) {
      status = try git.status(untracked: true)
    } catch {
      throw .refused(command: "status", line: error.message)
    }
    var unsettled: [JournalPath] = []
    for (code, name) in status {
      let path = JournalPath(name)
      // An entry deleted by hand goes too (a delete shows no text): left out, the pull stashed
      // the delete, and putting it back over another device's change of the entry stopped.
      let deleted = code.contains("D") && !FileManager.default.fileExists(atPath: store.absolute(path))
      guard !GitRepository.unmergedCodes.contains(code), EncryptedName.isEntry(path.rawValue),
        !path.isInHiddenFolder, !code.contains("D") || deleted,
        deleted || !sealed || EncryptedName.isEncrypted(path.rawValue) && Self.isSealed(store.absolute(path))
      else { continue }
      unsettled.append(path)
    }
    for path in unsettled.sorted() { writer.settle(path) }
  }

  /// Goes on with a pull's rebase that stopped because one device deleted an entry the other
  /// changed: the changed entry is kept (nothing written is lost, and the delete can be done
  /// again), for each commit the rebase replays. It stops at any other conflict, which the
  /// caller names, and at an entry sealed where the journal is now plain or plain where it is
  /// now sealed (the other device encrypted or decrypted it): kept, it would put a second copy,
  /// or the text in the clear, in the history. Returns the entries kept.
  func keepChangedOverDeleted() throws(SyncError) -> [String] {
    var kept: [String] = []
    // One round per replayed commit that meets a deleted entry; bounded all the same.
    var rounds = 0
    while git.operationInProgress == "rebase", rounds < 10_000 {
      rounds += 1
      let sealed = store.sealing.mustSeal
      let unmerged = git.unmergedFiles()
      guard !unmerged.isEmpty,
        unmerged.allSatisfy({
          Self.isDeletedOnOneSide($0.code) && EncryptedName.isEntry($0.path)
            && EncryptedName.isEncrypted($0.path) == sealed
        })
      else { break }
      _ = try run(["add", "--"] + unmerged.map(\.path), as: "add")
      // The deleting commit took the entry's attachments too (`ilgi delete` does): they come
      // back from the side that changed it, the replayed commit (DU) or the one built on (UD).
      for file in unmerged {
        restoreAttachments(of: file.path, from: file.code == "DU" ? "REBASE_HEAD" : "HEAD")
      }
      let continued = try run(["rebase", "--continue"], as: "rebase", failing: false)
      if continued.status != 0, git.unmergedFiles().isEmpty {
        throw .refused(command: "rebase", line: continued.firstErrorLine)
      }
      kept += unmerged.map(\.path).filter { !kept.contains($0) }
    }
    return kept
  }

  /// Puts back the files beside `entry` that it links and that are gone, from commit `side`
  /// (staged, as `git checkout` does); a file that commit does not hold stays gone.
  func restoreAttachments(of entry: String, from side: String) {
    let path = JournalPath(entry)
    guard let read = try? store.read(path) else { return }
    for name in AttachmentLinks.names(in: read.document.content) {
      let plain = path.folder.isEmpty ? name : path.folder + "/" + name
      let files = [plain, plain + EncryptedName.suffix]
      guard !files.contains(where: { FileManager.default.fileExists(atPath: store.absolute(JournalPath($0))) }) else {
        continue
      }
      for file in files { _ = try? git.run(["checkout", side, "--", file]) }
    }
  }

  /// Whether git's two letters for an unmerged file say one side deleted it and the other
  /// changed it.
  static func isDeletedOnOneSide(_ code: String) -> Bool { code == "DU" || code == "UD" }

  /// Whether the file at `path` is an age file (its first bytes say so).
  static func isSealed(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    return AgeFile.isEncrypted([UInt8]((try? handle.read(upToCount: 64)) ?? Data()))
  }

  /// Commits the entries the merges gave names of their own (two entries, from two devices,
  /// had one name), and says where each now is.
  func commitApart(_ noted: [[String]], _ say: (SyncNote) -> Void) throws(SyncError) {
    let moved = noted.filter { $0.count == 3 }
    guard !moved.isEmpty else { return }
    let message =
      "ilgi: keep both entries of one name\n\n" + moved.map { "\($0[0]) -> \($0[1])" }.joined(separator: "\n")
    try commit(moved.map { $0[1] }, message: message)
    for fields in moved { say(.apart(fields[0], fields[1])) }
  }

  /// Each link the pull brought, with where it leads (named once: at the sync that brought it).
  /// ilgi reads and writes no entry through one that leads out of the journal or into a hidden
  /// folder, and opens no journal whose own folders (`.ilgi/...`) are links; git keeps it as it
  /// came.
  func pulledLinks(_ brought: PulledChanges) -> [(String, String)] {
    brought.links.map { path in
      (path, (try? FileManager.default.destinationOfSymbolicLink(atPath: git.root + "/" + path)) ?? "?")
    }
  }

  /// Seals again, in one commit before the push, the files the pull brought, and those this
  /// device wrote and has not pushed, sealed to other keys than this device seals to: sealed by
  /// a device that had not heard of a `key remove` yet, to the removed key too. A device that
  /// cannot open them (its key not listed) leaves them; `ilgi doctor` names them there.
  func resealArrived(_ brought: PulledChanges, unpushedSince base: String?, _ say: (SyncNote) -> Void)
    throws(SyncError)
  {
    guard brought.known, case .sealed(let recipients) = store.sealing.state,
      store.sealing.pendingChange == nil, (store.cipher?.ownRecipients ?? []).contains(where: recipients.contains)
    else { return }
    // What this device wrote and has not pushed yet too: sealed before it heard of a removal.
    let unpushed = (try? git.check(["diff", "--name-only", "-z", base ?? "@{upstream}", "HEAD"])) ?? ""
    let paths = Set((brought.paths + unpushed.split(separator: "\0").map(String.init)).map(JournalPath.init)).sorted()
    let arrived = store.conversion.filesNotSealed(to: recipients, among: paths).map(\.path)
    guard !arrived.isEmpty else { return }
    let keyedStore: JournalStore
    do {
      keyedStore = try keyed(store)
    } catch {
      throw .view(error)
    }
    // One at a time: a file this device cannot open (sealed before its key was added) is left
    // for `ilgi doctor` to name, and the others are sealed all the same; the sync goes on.
    var touched: [JournalPath] = []
    for path in arrived {
      do throws(JournalError) {
        touched += try writer.on(keyedStore).encrypt(reseal: true, only: [path]).touched
      } catch {
        say(.resealFailed(error))
      }
    }
    guard !touched.isEmpty else { return }
    // Committed whatever git.autocommit says: the push must not carry the old seal.
    let count = Set(touched).count
    try commit(
      touched.map(\.rawValue), message: "ilgi: seal \(count) file\(count == 1 ? "" : "s") to the journal's keys")
    say(.resealed(count, recipients.count))
  }

  /// Takes the place out, in one commit before the push, of the plain pictures the pull brought
  /// that say where they were taken, when this device keeps no places: a device that keeps
  /// them wrote them.
  func unplaceArrived(_ brought: PulledChanges, _ say: (SyncNote) -> Void) throws(SyncError) {
    guard !keepsPlaces else { return }
    let paths = Set(brought.addedOrModified.map(JournalPath.init)).sorted()
    guard !paths.isEmpty else { return }
    let taken: [JournalPath]
    do throws(JournalError) {
      taken = try writer.takePlacesOut(of: paths)
    } catch {
      throw .journal(error)
    }
    guard !taken.isEmpty else { return }
    let count = taken.count
    try commit(taken.map(\.rawValue), message: "ilgi: take the place out of \(count) picture\(count == 1 ? "" : "s")")
    say(.placesTakenOut(count))
  }

  /// Makes sure git merges entries through ilgi here: the drivers in this clone's config (said
  /// once, when they were missing), and the attributes that name them, committed when the
  /// journal lacked them (a journal made before ilgi merged entries).
  func setUpDrivers(_ say: (SyncNote) -> Void) throws(SyncError) {
    if GitAttributes.configure(git, binary: binary) { say(.driversSet) }
    let written: Bool
    do throws(JournalError) {
      written = try GitAttributes.writeFile(for: store)
    } catch {
      throw .journal(error)
    }
    // Committed whatever git.autocommit says: a pull stashes what is not, and the rebase would
    // run without them.
    if written { try commit([GitAttributes.files[0].rawValue], message: "ilgi: merge entries with ilgi merge-entry") }
    GitAttributes.writeDeviceExclude(git)
    let tracked = GitAttributes.trackedOwnFiles(git)
    if !tracked.isEmpty, try untrack(tracked) { say(.untracked(tracked)) }
  }

  /// Stops tracking `files` (ilgi's own: the index, locks), in a commit of that alone; the files
  /// stay on this device. Left as they are when something else is staged, which the commit would
  /// take in too. Whether it was done.
  func untrack(_ files: [String]) throws(SyncError) -> Bool {
    guard (try? git.check(["diff", "--cached", "--name-only"]))?.isEmpty == true else { return false }
    try run(["rm", "--cached", "--quiet", "--"] + files, as: "rm")
    try run(["commit", "--quiet", "-m", "ilgi: stop tracking ilgi's own files (the index, locks)"], as: "commit")
    return true
  }

  /// One of the journal's locks, waited for: its lock (its writers' saves) and then its commit
  /// lock (their commits), in that order, as a save then its commit takes them. Not inherited by
  /// git and the merge driver, which take neither. Nil where none can be made.
  func lock(_ file: String) -> FileLock? {
    try? store.fileSystem.lockExclusively(atPath: store.root + "/" + file, wait: true)
  }

  /// Commits `paths` with `message`.
  func commit(_ paths: [String], message: String) throws(SyncError) {
    do throws(GitRepository.Failure) {
      _ = try git.commit(paths, message: message)
    } catch {
      throw .refused(command: "commit", line: error.message)
    }
  }

  /// git's output of `arguments`, which must succeed.
  func check(_ arguments: [String]) throws(SyncError) -> String {
    try run(arguments, as: arguments[0]).stdout
  }

  /// Runs git with `arguments`, named `command` in an error; a failure is an error unless not
  /// `failing`.
  @discardableResult
  func run(_ arguments: [String], as command: String, failing: Bool = true) throws(SyncError) -> ChildProcess.Result {
    let result: ChildProcess.Result
    do throws(GitRepository.Failure) {
      result = try git.run(arguments)
    } catch {
      throw .refused(command: command, line: error.message)
    }
    if failing, result.status != 0 { throw .git(command, result.stderr, line: result.firstErrorLine) }
    return result
  }
}
