import ArgumentParser
import Foundation
import IlgiIndex
import IlgiStore
import IlgiSync
import IlgiSystem

extension Ilgi {
  /// `ilgi doctor`.
  struct Doctor: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "doctor",
          abstract: tr(.doctorAbstract),
          discussion: helpText(.doctorDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      // Said before the index, which stops in a journal that cannot tell whether it is sealed.
      let pending = store.sealing.pendingChange.map(Diagnostics.describe)
      if let pending, case .unknown = store.sealing.state { Terminal.warn(pending) }
      let (index, report) = try context.index(store, warnings: false)
      var problems: [String] = []
      for error in report.skipped { problems.append(Diagnostics.describe(error)) }
      for duplicate in try index.duplicateIDs() {
        problems.append(
          tr(.doctorDuplicateID, duplicate.id, duplicate.paths.count, duplicate.paths.joined(separator: ", ")))
      }
      // An interrupted `key remove`: files that still open with the removed key.
      if let change = KeyChange.pending(in: store) {
        let removed = change.removed.map(\.encoded).joined(separator: " ")
        for path in KeyChange.unfinishedFiles(in: store) {
          problems.append(tr(.doctorSealedToRemovedKey, path.rawValue, removed))
        }
      }
      // A wiki link whose name several entries answer to leads to the one nearest in time.
      for (name, entries) in try index.ambiguousWikiNames() {
        let written = entries.first { WikiTargets.key($0.title) == name }?.title ?? name
        problems.append(
          tr(.doctorAmbiguousWikiName, written, entries.count, entries.map(\.path.rawValue).joined(separator: ", ")))
      }
      let check = AttachmentCheck(try index.entries(), in: store)
      for (entry, name) in check.missing { problems.append(tr(.doctorMissingAttachment, entry.rawValue, name)) }
      for file in check.orphans { problems.append(tr(.doctorOrphanAttachment, file.rawValue)) }
      if !context.attachmentIntake.keepsLocation {
        for file in check.placed { problems.append(tr(.doctorPlacedPicture, file.rawValue)) }
      }
      if let pending { problems.append(pending) }
      for link in Self.folderLinks(store.root) { problems.append(tr(.doctorFolderLink, link.path, link.target)) }
      // Every sealed file is sealed to exactly the journal's keys: no more (a key removed on
      // another device still opens it), no fewer, of the same kinds.
      if case .sealed(let recipients) = store.sealing.state, KeyChange.pending(in: store) == nil, pending == nil {
        let wanted = Self.kinds(recipients.map(\.stanzaType))
        // A file named already (one that does not open here) is named once.
        let named = Set(report.skipped.map(\.path))
        for (path, types) in store.conversion.filesNotSealed(to: recipients) where !named.contains(path) {
          problems.append(tr(.doctorSealedOtherwise, path.rawValue, Self.kinds(types), wanted))
        }
      }
      if let git = context.git(store) { problems += Self.gitProblems(git) }
      // What a pushed `.gitattributes` says of the journal's files; this device's own lines win.
      for (line, text) in GitAttributes.foreignLines(in: store) {
        problems.append(tr(.doctorForeignAttribute, line, text))
      }
      for note in try index.notes() {
        for text in note.notes { problems.append("\(note.path): \(Diagnostics.describe(note: text))") }
      }
      let total = try index.count()
      if problems.isEmpty {
        Terminal.standardOutput.write(tr(.doctorHealthy, total) + "\n")
        return
      }
      Terminal.standardOutput.write(problems.map { $0 + "\n" }.joined())
      throw Failure(problems.count == 1 ? tr(.doctorFoundOne, total) : tr(.doctorFoundMany, problems.count, total))
    }

    /// The folders of the journal that are links (outside `.git`): never walked, so what is
    /// there is neither listed nor written, and a person may not know it.
    static func folderLinks(_ root: String) -> [(path: String, target: String)] {
      var found: [(String, String)] = []
      guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
      while let name = walker.nextObject() as? String {
        if name == ".git" {
          walker.skipDescendants()
          continue
        }
        var info = stat()
        guard lstat(root + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
        var target = stat()
        guard stat(root + "/" + name, &target) == 0, target.st_mode & S_IFMT == S_IFDIR else { continue }
        found.append((name, (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + name)) ?? "?"))
      }
      return found
    }

    /// Stanza types as a person reads them: `2 X25519, 1 mlkem768x25519`.
    static func kinds(_ types: [String]) -> String {
      Dictionary(grouping: types, by: { $0 }).sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.key)" }
        .joined(separator: ", ")
    }

    /// What stops this device's syncs in its git: files left unmerged, a branch the remote
    /// does not have.
    static func gitProblems(_ git: GitRepository) -> [String] {
      // Left by a pull's stash that met it (the newest stash is the pull's): said as sync says it.
      let stashed = git.newestStashIsAPulls
      let unmerged = Set(git.unmergedFiles().map(\.path)).sorted()
      return unmerged.map { tr(stashed ? .errSyncStashConflict : .doctorUnmerged, $0) }
        + [otherBranch(git)].compactMap { $0 }
    }

    /// A branch this device writes that its remote, as last fetched, does not have, while it
    /// has others: the devices would sync apart (`ilgi sync` refuses to start it there).
    static func otherBranch(_ git: GitRepository) -> String? {
      guard
        let branch = try? git.check(["symbolic-ref", "--short", "HEAD"]).trimmingCharacters(
          in: .whitespacesAndNewlines)
      else { return nil }
      // The branch's own remote, else the one sync would take: origin, else the first.
      let remotes = ((try? git.check(["remote"])) ?? "").split(separator: "\n").map(String.init)
      let upstream = (try? git.check(["config", "--get", "branch.\(branch).remote"]))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      guard let remote = upstream ?? (remotes.contains("origin") ? "origin" : remotes.first) else { return nil }
      let listed = (try? git.check(["for-each-ref", "--format=%(refname:short)", "refs/remotes/" + remote])) ?? ""
      let heads = listed.split(separator: "\n").map { String($0.dropFirst(remote.count + 1)) }.filter { $0 != "HEAD" }
      guard !heads.isEmpty, !heads.contains(branch) else { return nil }
      return tr(.doctorOtherBranch, branch, remote, heads.joined(separator: ", "))
    }
  }
}
