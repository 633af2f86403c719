import ArgumentParser
import Foundation
import IlgiAge
import IlgiFormat
import IlgiStore
import IlgiSync
import IlgiSystem

extension Ilgi {
  /// `ilgi init [PATH]`.
  struct Init: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "init",
          abstract: tr(.initAbstract),
          discussion: helpText(.initDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.initPathHelp), valueName: "path"))
    var path: String?

    @Flag(help: ArgumentHelp(tr(.initGitHelp)))
    var git = false

    @Flag(help: ArgumentHelp(tr(.initEncryptHelp)))
    var encrypt = false

    @Flag(help: ArgumentHelp(tr(.initPostQuantumHelp)))
    var pq = false

    func run() throws {
      let context = Context(global)
      let root = path.map { context.expand($0) } ?? context.journalPath.path
      let encrypt = encrypt || pq
      // The key first, unlocked once: a mistyped passphrase stops here, with nothing made.
      if encrypt {
        let keyring = context.keyring
        if !keyring.exists {
          let identity = try Ilgi.Key.make(context, passphrase: false, postQuantum: pq)
          Terminal.standardOutput.write(tr(.keyMade, keyring.shown, identity.recipient.encoded) + "\n")
        } else if pq, try !Ilgi.Key.recipient(context).isPostQuantum {
          let identity = try keyring.addPostQuantum()
          // The keys read above lack the one just added: the journal is sealed to it.
          context.cipher.reload()
          Terminal.standardOutput.write(tr(.keyPostQuantumAdded, keyring.shown, identity.recipient.encoded) + "\n")
        }
        _ = try Ilgi.Key.recipient(context)
      }
      // A clone learns which branch holds the journal before anything is written in it.
      try Self.checkOutTheJournal(root, context)
      let (store, done) = try JournalStore.initialize(
        root: root, reader: context.reader, environment: context.environment)
      let shown = context.display(store.root)
      if done.createdRoot {
        Terminal.standardOutput.write(tr(.initMade, shown) + "\n")
      } else if done.createdIlgiFolder || done.updatedGitignore {
        Terminal.standardOutput.write(tr(.initSetUp, shown) + "\n")
      } else {
        Terminal.standardOutput.write(tr(.initReady, shown) + "\n")
      }
      if encrypt {
        let sealed: (converted: [JournalPath], recipients: [KeyRecipient], store: JournalStore)
        do {
          sealed = try Ilgi.Encrypt.encrypt(try context.keyed(store), context)
        } catch {
          // A journal this command began is not left half made, plain where it was to be sealed.
          if done.createdRoot { try? FileManager.default.removeItem(atPath: store.root) }
          throw error
        }
        let names = sealed.recipients.map(\.shown).joined(separator: ", ")
        Terminal.standardOutput.write(tr(.initEncrypted, names, context.display(sealed.store.draftsRoot)) + "\n")
      }
      if git {
        try GitAttributes.writeFile(for: store)
        try Self.makeRepository(store, context)
      }
      // A clone gets the journal's attributes but not the drivers they name.
      if let repository = context.git(store),
        GitAttributes.configure(repository, binary: context.invocation.executable),
        !git
      {
        Terminal.standardOutput.write(tr(.syncDriversSet) + "\n")
      }
      // A journal that is not the one ilgi opens without -J: say how to make it so.
      let usual = context.invocation.settings(LoadedSettings.Flags()).journal.path
      if done.createdRoot || done.createdIlgiFolder,
        URL(fileURLWithPath: usual).standardizedFileURL != URL(fileURLWithPath: store.root).standardizedFileURL
      {
        Terminal.standardOutput.write(tr(.initMakeDefault, shown) + "\n")
      }
    }

    /// In a clone where nothing is checked out, the remote's branch that holds the journal is
    /// checked out. A bare repository made by `git init --bare` names `master` as its default
    /// branch while a journal is pushed to `main`, so `git clone` checks nothing out; writing
    /// there would start a journal of its own, plain where the remote's is sealed, on a branch
    /// no other device reads. With several branches and no telling which, it stops and names
    /// them; nothing is written.
    static func checkOutTheJournal(_ root: String, _ context: Context) throws {
      guard FileManager.default.fileExists(atPath: root + "/.git") else { return }
      let git = GitRepository(unchecked: root, environment: context.variables)
      // A branch with commits is checked out: the journal is what it holds.
      guard try git.run(["rev-parse", "--verify", "--quiet", "HEAD"]).status != 0 else { return }
      let listed = try git.check(["for-each-ref", "--format=%(refname:short)", "refs/remotes"])
      let branches = listed.split(separator: "\n").map(String.init).filter {
        !$0.hasSuffix("/HEAD") && $0.contains("/")
      }
      guard !branches.isEmpty else { return }
      let journals =
        branches.count == 1
        ? branches
        : branches.filter { branch in
          ["\(branch):\(Settings.journalFile.rawValue)", "\(branch):.gitattributes"].contains {
            (try? git.run(["cat-file", "-e", $0]))?.status == 0
          }
        }
      guard journals.count == 1, let branch = journals.first, let slash = branch.firstIndex(of: "/") else {
        throw Failure(tr(.initWhichBranch, branches.joined(separator: ", ")))
      }
      let name = String(branch[branch.index(after: slash)...])
      let checkedOut = try git.run(["checkout", "--quiet", "-b", name, "--track", branch])
      guard checkedOut.status == 0 else { throw Failure(tr(.errGit, "checkout", checkedOut.firstErrorLine)) }
      Terminal.standardOutput.write(tr(.initCheckedOut, name, String(branch[..<slash])) + "\n")
    }

    /// `git init` (unless it is one already), then one commit of everything the journal holds
    /// that `.gitignore` lets in.
    static func makeRepository(_ store: JournalStore, _ context: Context) throws {
      let repository = context.git(store) ?? GitRepository(unchecked: store.root, environment: context.variables)
      if context.git(store) == nil {
        _ = try repository.check(["init", "--quiet"])
      }
      _ = try repository.check(["add", "-A"])
      let staged = try repository.run(["diff", "--cached", "--quiet"])
      guard staged.status != 0 else { return }
      let committed = try repository.run(["commit", "--quiet", "-m", "ilgi: start the journal"])
      if committed.status != 0 {
        if committed.stderr.contains("identity unknown") || committed.stderr.contains("tell me who you are") {
          throw Failure(tr(.errGitIdentity))
        }
        throw Failure(tr(.errGit, "commit", committed.firstErrorLine))
      }
      let head = try repository.check(["log", "-1", "--format=%h %s"])
      Terminal.standardOutput.write(tr(.initGitDone, head.trimmingCharacters(in: .whitespacesAndNewlines)) + "\n")
    }
  }
}
