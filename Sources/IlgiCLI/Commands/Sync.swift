import ArgumentParser
import Foundation
import IlgiAge
import IlgiFormat
import IlgiStore
import IlgiSystem

extension Ilgi {
  /// `ilgi sync`: pull with rebase, push, refresh the index.
  struct Sync: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "sync",
          abstract: tr(.syncAbstract),
          discussion: helpText(.syncDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let git = try context.requireGit(store)
      if let busy = git.operationInProgress {
        if let file = git.conflictedFiles().first { throw Self.conflict(file) }
        throw Failure(tr(.errSyncBusy, busy))
      }
      let remotes = try git.check(["remote"]).split(separator: "\n").map(String.init)
      guard let firstRemote = remotes.first else { throw Failure(tr(.errSyncNoRemote)) }
      try Self.setUpDrivers(store, git, context)
      let branch = try git.check(["symbolic-ref", "--short", "HEAD"])
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let upstream = try git.run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"])
      let remote: String
      // The remote's commits are fetched first, over the network, and then replayed onto
      // (`rebase`, what `git pull --rebase` does), on this computer alone.
      var fetch: [String]
      var pull: [String]
      var push: [String]
      if upstream.status == 0 {
        let name = upstream.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        remote = String(name.prefix(while: { $0 != "/" }))
        fetch = ["fetch", "--quiet", remote]
        pull = ["rebase", "--autostash", "--quiet", "@{upstream}"]
        push = ["push", "--quiet"]
      } else {
        // No upstream yet: pull the same branch if the remote has it, and push setting it. A
        // remote that holds other branches and not this one is not given a branch of this
        // device's: the devices would each sync their own and never see the other's entries
        // (and a plain one would put its text beside a sealed journal). An empty remote is
        // given its first.
        remote = remotes.contains("origin") ? "origin" : firstRemote
        let heads = try git.check(["ls-remote", "--heads", remote]).split(separator: "\n").compactMap { line in
          line.split(separator: "\t").last.map { String($0.dropFirst("refs/heads/".count)) }
        }
        if !heads.isEmpty, !heads.contains(branch) {
          throw Failure(tr(.errSyncOtherBranch, remote, branch, heads.joined(separator: ", ")))
        }
        fetch = heads.isEmpty ? [] : ["fetch", "--quiet", remote, branch]
        pull = heads.isEmpty ? [] : ["rebase", "--autostash", "--quiet", "FETCH_HEAD"]
        push = ["push", "--quiet", "--set-upstream", remote, branch]
      }
      if !fetch.isEmpty {
        let fetched = try git.run(fetch)
        guard fetched.status == 0 else { throw Failure(tr(.errGit, "pull", fetched.firstErrorLine)) }
      }
      // The journal's other writers (the app, the CLI) wait while git rewrites its files: a save
      // or a commit in the middle of the rebase would stop it there. Never over the network.
      var writersWait = [Self.lock(JournalLayout.lockFile, store)]
      defer { writersWait.reversed().forEach { $0?.unlock() } }
      // Its commits take the commit lock themselves; then it is held for git's work.
      if context.settings.flag(.gitAutocommit) { try Self.commitUnsettled(store, git, context) }
      writersWait.append(Self.lock(JournalLayout.commitLockFile, store))
      let overlaps = SyncNotes.overlaps(git)
      let apart = SyncNotes.apart(git)
      _ = (overlaps.take(), apart.take())
      var keptChanged: [String] = []
      let before = try? git.check(["rev-parse", "--verify", "--quiet", "HEAD"]).trimmingCharacters(in: .newlines)
      let acceptedBefore = store.sealing.acceptedRecipients
      // Nothing of this device's to replay: the remote's commits are taken as they are, as
      // `git pull --rebase` does then, with no stash made of a tree that is clean. Refused (a
      // change here that the remote's touch), the rebase below stashes it.
      if let onto = pull.last, try git.run(["merge-base", "--is-ancestor", "HEAD", onto]).status == 0,
        try git.run(["merge", "--ff-only", "--quiet", onto]).status == 0
      {
        pull = []
      }
      if !pull.isEmpty {
        let pulled = try git.run(pull)
        if pulled.status != 0 {
          keptChanged = try Self.keepChangedOverDeleted(git, store)
          if git.operationInProgress != nil {
            for path in keptChanged { Terminal.note(tr(.syncKeptChanged, path)) }
            // A file with git's markers first: it is the one that needs the person.
            let unmerged = git.unmergedFiles()
            if let both = unmerged.first(where: { !Self.isDeletedOnOneSide($0.code) }) {
              throw Self.conflict(both.path)
            }
            if let deleted = unmerged.first { throw Failure(tr(.errSyncDeletedConflict, deleted.path)) }
            if let file = git.conflictedFiles().first { throw Self.conflict(file) }
            throw Failure(tr(.errGit, "pull", pulled.firstErrorLine))
          }
          if keptChanged.isEmpty { throw Failure(tr(.errGit, "pull", pulled.firstErrorLine)) }
        }
      }
      // An entry kept and then deleted again by a later replayed commit is not there to name.
      for path in keptChanged where FileManager.default.fileExists(atPath: store.absolute(JournalPath(path))) {
        Terminal.note(tr(.syncKeptChanged, path))
      }
      try Self.commitApart(apart.take(), git)
      writersWait.reversed().forEach { $0?.unlock() }
      for fields in overlaps.take() { Terminal.note(tr(.syncOverlap, fields[0])) }
      // Said before the index, which stops in a journal that cannot tell whether it is sealed.
      if let change = store.sealing.pendingChange { Terminal.warn(Diagnostics.describe(change)) }
      Self.nameLinks(since: before, git)
      // A link the pull put where ilgi keeps its own files stops here, before the index or
      // anything else is written through it.
      if let link = JournalLayout.linkedOwnPath(root: store.root) {
        throw Diagnostics.describe(JournalError(path: store.root, reason: .ownFileLinked(link)))
      }
      _ = try context.index(store)
      // Keys removed on another device are let go at once (`JournalSealing`): said here.
      if let acceptedBefore, let now = store.sealing.acceptedRecipients, !now.isEmpty {
        let dropped = acceptedBefore.filter { !now.contains($0) }
        if !dropped.isEmpty { Terminal.note(tr(.syncKeysDropped, dropped.map(\.shown).joined(separator: ", "))) }
      }
      try Self.resealArrived(since: before, store, git, context)
      try Self.unplaceArrived(since: before, store, git, context)
      let pushed = try git.run(push)
      guard pushed.status == 0 else { throw Failure(tr(.errGit, "push", pushed.firstErrorLine)) }
      Terminal.standardOutput.write(tr(.syncDone, remote + "/" + branch) + "\n")
    }

    /// Commits each entry saved but not committed, as its sitting's end would have: the app
    /// commits when the person leaves the page, and a page closed before that (a phone put away)
    /// leaves its last saves in the files only. A pull would stash them and the push leave them
    /// behind. Entries changed by hand (vim) go too: `git.autocommit` says entries are committed.
    /// In an encrypted journal only sealed entry files go: a plain `.md` written there by hand
    /// would put its text in the history (`ilgi encrypt` seals it).
    static func commitUnsettled(_ store: JournalStore, _ git: GitRepository, _ context: Context) throws {
      // A journal that cannot tell counts as sealed: no plain file is committed in it.
      let sealed = !store.sealing.state.isPlain
      let status: [(code: String, path: String)]
      do throws(GitRepository.Failure) {
        status = try git.status(untracked: true)
      } catch {
        throw Failure(tr(.errGit, "status", error.message))
      }
      var unsettled: [JournalPath] = []
      for (code, name) in status {
        let path = JournalPath(name)
        guard !code.contains("D"), !code.contains("U"), EncryptedName.isEntry(path.rawValue), !path.isInHiddenFolder,
          !sealed || EncryptedName.isEncrypted(path.rawValue) && Self.isSealed(store.absolute(path))
        else { continue }
        unsettled.append(path)
      }
      let writer = context.writer(store)
      for path in unsettled.sorted() { writer.settle(path) }
    }

    /// Goes on with a pull's rebase that stopped because one device deleted an entry the other
    /// changed: the changed entry is kept (nothing written is lost, and the delete can be done
    /// again), for each commit the rebase replays. It stops at any other conflict, which the
    /// caller names, and at an entry sealed where the journal is now plain or plain where it is
    /// now sealed (the other device encrypted or decrypted it): kept, it would put a second copy,
    /// or the text in the clear, in the history. Returns the entries kept.
    static func keepChangedOverDeleted(_ git: GitRepository, _ store: JournalStore) throws -> [String] {
      var kept: [String] = []
      // One round per replayed commit that meets a deleted entry; bounded all the same.
      var rounds = 0
      while git.operationInProgress == "rebase", rounds < 10_000 {
        rounds += 1
        let sealed = !store.sealing.state.isPlain
        let unmerged = git.unmergedFiles()
        guard !unmerged.isEmpty,
          unmerged.allSatisfy({
            isDeletedOnOneSide($0.code) && EncryptedName.isEntry($0.path)
              && EncryptedName.isEncrypted($0.path) == sealed
          })
        else { break }
        let continued: ChildProcess.Result
        do throws(GitRepository.Failure) {
          try git.check(["add", "--"] + unmerged.map(\.path))
          // The deleting commit took the entry's attachments too (`ilgi delete` does): they come
          // back from the side that changed it, the replayed commit (DU) or the one built on (UD).
          for file in unmerged {
            restoreAttachments(of: file.path, from: file.code == "DU" ? "REBASE_HEAD" : "HEAD", git, store)
          }
          continued = try git.run(["rebase", "--continue"])
        } catch {
          throw Failure(tr(.errGit, error.command, error.message))
        }
        if continued.status != 0, git.unmergedFiles().isEmpty {
          throw Failure(tr(.errGit, "rebase", continued.firstErrorLine))
        }
        kept += unmerged.map(\.path).filter { !kept.contains($0) }
      }
      return kept
    }

    /// Puts back the files beside `entry` that it links and that are gone, from commit `side`
    /// (staged, as `git checkout` does); a file that commit does not hold stays gone.
    static func restoreAttachments(of entry: String, from side: String, _ git: GitRepository, _ store: JournalStore) {
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
    static func commitApart(_ noted: [[String]], _ git: GitRepository) throws {
      let moved = noted.filter { $0.count == 3 }
      guard !moved.isEmpty else { return }
      let message =
        "ilgi: keep both entries of one name\n\n"
        + moved.map { "\($0[0]) -> \($0[1])" }.joined(separator: "\n")
      do throws(GitRepository.Failure) {
        _ = try git.commit(moved.map { $0[1] }, message: message)
      } catch {
        throw Failure(tr(.errGit, "commit", error.message))
      }
      for fields in moved { Terminal.note(tr(.syncApart, fields[0], fields[1])) }
    }

    /// Names each link the pull brought (once: at the sync that brought it). ilgi reads and
    /// writes no entry through one that leads out of the journal or into a hidden folder, and
    /// opens no journal whose own folders (`.ilgi/...`) are links; git keeps it as it came.
    static func nameLinks(since before: String?, _ git: GitRepository) {
      guard let before, !before.isEmpty,
        let raw = try? git.check(["diff", "--raw", "--no-renames", "-z", "--diff-filter=AMT", before, "HEAD"])
      else { return }
      // `:old new hash hash status\0path\0`, repeated; a link's mode is 120000.
      let fields = raw.split(separator: "\0", omittingEmptySubsequences: false)
      var index = 0
      while index + 1 < fields.count {
        let modes = fields[index].split(separator: " ")
        let path = String(fields[index + 1])
        index += 2
        guard modes.count > 1, modes[1] == "120000" else { continue }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: git.root + "/" + path)) ?? "?"
        Terminal.warn(tr(.syncPulledLink, path, target))
      }
    }

    /// Seals again, in one commit before the push, the files the pull brought, and those this
    /// device wrote and has not pushed, sealed to other keys than this device seals to: sealed
    /// by a device that had not heard of a `key remove` yet, to the removed key too. A device that cannot open them (its key not listed)
    /// leaves them; `ilgi doctor` names them there.
    static func resealArrived(since before: String?, _ store: JournalStore, _ git: GitRepository, _ context: Context)
      throws
    {
      guard let before, !before.isEmpty, case .sealed(let recipients) = store.sealing.state,
        store.sealing.pendingChange == nil, context.cipher.ownRecipients.contains(where: recipients.contains),
        let changed = try? git.check(["diff", "--name-only", "-z", before, "HEAD"])
      else { return }
      // What this device wrote and has not pushed yet too: sealed before it heard of a removal.
      let unpushed = (try? git.check(["diff", "--name-only", "-z", "@{upstream}", "HEAD"])) ?? ""
      let paths = Set((changed + "\0" + unpushed).split(separator: "\0").map { JournalPath(String($0)) }).sorted()
      let arrived = store.conversion.filesNotSealed(to: recipients, among: paths).map(\.path)
      guard !arrived.isEmpty else { return }
      let keyed = try context.keyed(store)
      // One at a time: a file this device cannot open (sealed before its key was added) is left
      // for `ilgi doctor` to name, and the others are sealed all the same; the sync goes on.
      var touched: [JournalPath] = []
      for path in arrived {
        do throws(JournalError) {
          touched += try keyed.conversion.encrypt(reseal: true, only: [path]).touched
        } catch {
          Terminal.warn(Diagnostics.describe(error).message)
        }
      }
      guard !touched.isEmpty else { return }
      // Committed whatever git.autocommit says: the push must not carry the old seal.
      let count = Set(touched).count
      do throws(GitRepository.Failure) {
        _ = try git.commit(
          touched.map(\.rawValue), message: "ilgi: seal \(count) file\(count == 1 ? "" : "s") to the journal's keys")
      } catch {
        throw Failure(tr(.errGit, "commit", error.message))
      }
      Terminal.note(tr(.syncResealed, count, recipients.count))
    }

    /// Takes the place out, in one commit before the push, of the plain pictures the pull
    /// brought that say where they were taken, when this device keeps no places
    /// (`attachments.keep_location`, this device's own): a device that keeps them wrote them.
    static func unplaceArrived(since before: String?, _ store: JournalStore, _ git: GitRepository, _ context: Context)
      throws
    {
      guard let before, !before.isEmpty, !context.settings.flag(.attachmentsKeepLocation),
        let changed = try? git.check(["diff", "--name-only", "--diff-filter=AM", "-z", before, "HEAD"])
      else { return }
      let paths = Set(changed.split(separator: "\0").map { JournalPath(String($0)) }).sorted()
      let taken: [JournalPath]
      do throws(JournalError) {
        taken = try context.writer(store).takePlacesOut(of: paths)
      } catch {
        throw Diagnostics.describe(error)
      }
      guard !taken.isEmpty else { return }
      let count = taken.count
      do throws(GitRepository.Failure) {
        _ = try git.commit(
          taken.map(\.rawValue), message: "ilgi: take the place out of \(count) picture\(count == 1 ? "" : "s")")
      } catch {
        throw Failure(tr(.errGit, "commit", error.message))
      }
      Terminal.note(tr(.syncPlacesTakenOut, count))
    }

    /// One of the journal's locks, waited for: its lock (its writers' saves) and then its
    /// commit lock (their commits), in that order, as a save then its commit takes them. Not
    /// inherited by git and the merge driver, which take neither. Nil where none can be made.
    static func lock(_ file: String, _ store: JournalStore) -> FileLock? {
      try? store.fileSystem.lockExclusively(atPath: store.root + "/" + file, wait: true)
    }

    /// What to say of a conflict git left in `file`: git's markers are in a plain file, never
    /// in a sealed one.
    static func conflict(_ file: String) -> Failure {
      Failure(tr(EncryptedName.isEncrypted(file) ? .errSyncSealedConflict : .errSyncConflict, file))
    }

    /// Makes sure git merges entries through ilgi here: the drivers in this clone's config
    /// (said once, when they were missing), and the attributes that name them, committed
    /// when the journal lacked them (a journal made before ilgi merged entries).
    static func setUpDrivers(_ store: JournalStore, _ git: GitRepository, _ context: Context) throws {
      if GitAttributes.configure(for: store, context) { Terminal.note(tr(.syncDriversSet)) }
      guard try GitAttributes.writeFile(for: store) else { return }
      // Committed whatever git.autocommit says: a pull stashes what is not, and the rebase
      // would run without them.
      do throws(GitRepository.Failure) {
        _ = try git.commit([GitAttributes.files[0].rawValue], message: "ilgi: merge entries with ilgi merge-entry")
      } catch {
        throw Failure(tr(.errGit, "commit", error.message))
      }
    }
  }
}
