import ArgumentParser
import Foundation
import IlgiAge
import IlgiFormat
import IlgiIndex
import IlgiStore
import IlgiSync
import IlgiSystem

extension Ilgi {
  /// `ilgi encrypt`: every entry to `NAME.md.age`, sealed to the journal's recipients.
  struct Encrypt: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "encrypt", abstract: tr(.encryptAbstract), discussion: helpText(.encryptDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let plain = try context.openJournal(making: true)
      let done = try Self.encrypt(plain, context)
      Terminal.standardOutput.write(tr(.encryptDone, done.converted.count, done.recipients.count) + "\n")
      if context.git(plain) != nil, !done.converted.isEmpty {
        Terminal.standardOutput.write(tr(.encryptHistoryNote) + "\n")
      }
    }

    /// Encrypts the journal: its recipients (this person's own when it has none yet) into its
    /// config, every entry and trashed entry sealed, drafts moved to memory, the plain index
    /// removed and a sealed one made, and in a git journal one commit.
    static func encrypt(_ plain: JournalStore, _ context: Context) throws -> (
      converted: [JournalPath], recipients: [KeyRecipient], store: JournalStore
    ) {
      // A journal that cannot tell, or whose list changed elsewhere, is not given a list of
      // this device's alone: that would drop every other device's keys.
      if case .unknown(let why) = plain.sealing.state {
        throw Diagnostics.describe(JournalError(path: plain.root, reason: .sealingUnknown(why)))
      }
      if let change = plain.sealing.pendingChange { throw Failure(Diagnostics.describe(change)) }
      var recipients = plain.sealing.state.recipients
      if recipients.isEmpty {
        recipients = [try Key.recipient(context)]
        try Key.setRecipients(recipients, in: plain)
      }
      let store = try context.keyed(plain)
      let writer = context.writer(store)
      try Key.run { () throws(JournalError) in
        try writer.moveDrafts(from: store.plainDraftsRoot, to: store.memoryDraftsRoot)
      }
      let bar = Terminal.progressBar(tr(.encryptProgress))
      let done = try Key.convert { () throws(JournalError) in try writer.encrypt(progress: bar) }
      // Opening the sealed index removes the plain one and reads every entry into the new one.
      _ = try context.index(store, progress: Terminal.progressBar(tr(.indexReading)), warnings: false)
      if let git = context.git(store) {
        try GitAttributes.writeFile(for: store)
        GitAttributes.configure(git, binary: context.invocation.executable)
      }
      writer.recordConversion(done, also: GitAttributes.files, message: "ilgi: encrypt the journal")
      return (done.converted, recipients, store)
    }
  }

  /// `ilgi decrypt`: every entry back to plain `NAME.md`.
  struct Decrypt: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) { CommandConfiguration(commandName: "decrypt", abstract: tr(.decryptAbstract)) }
    }

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let writer = context.writer(store)
      let bar = Terminal.progressBar(tr(.decryptProgress))
      // The sealed index goes first, the recipients last, both under the conversion's lock:
      // until then a stopped run is still an encrypted journal's (a list gone with the sealed
      // index still there is a damage), and no writer seals anything after the last file.
      let config = Settings.journalPath(root: store.root)
      let done = try Key.convert { () throws(JournalError) in
        try writer.decrypt(progress: bar) { () throws(JournalError) in
          unlink(store.root + "/" + EntryIndex.sealedFile)
          EntryIndex.removeWorkingCopy(root: store.root, variables: context.variables)
          guard let file = try? Config.load(config, journal: true),
            let edited = try? file.removing(.encryptionRecipients)
          else { return }
          try store.sealing.accept([])
          do {
            try Config.write(edited.text, to: config)
          } catch {
            throw JournalError(
              path: config, reason: .io(FileSystemError(path: config, code: EIO, operation: "write")))
          }
        }
      }
      try Key.run { () throws(JournalError) in
        try writer.moveDrafts(from: store.memoryDraftsRoot, to: store.plainDraftsRoot)
      }
      writer.recordConversion(done, also: [Settings.journalFile], message: "ilgi: decrypt the journal")
      Terminal.standardOutput.write(tr(.decryptDone, done.converted.count) + "\n")
    }
  }

  /// `ilgi cat FILE`: an entry file's text, decrypted when it is encrypted; git's textconv for
  /// `*.age`. A file no identity here opens is printed as it is (ciphertext), as git expects.
  struct Cat: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) { CommandConfiguration(commandName: "cat", abstract: tr(.catAbstract)) }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.catFileHelp), valueName: "file"))
    var file: String

    func run() throws {
      // No settings are read: git runs this once for every encrypted file a diff shows.
      let invocation = Invocation.current
      let path = invocation.expand(file)
      let keyring = Keyring(invocation)
      // Paged memory in and out: a large file's pages cost more to fault in one by one than
      // to decrypt.
      let file: PagedMemory
      do {
        file = try LocalFileSystem().readPaged(atPath: path, limit: EntryReader.sizeLimit * 4)
      } catch {
        throw Diagnostics.describe(JournalError(path: path, reason: .io(error)))
      }
      guard AgeFile.isEncrypted(file.bytes) else {
        Terminal.standardOutput.write(file.bytes)
        return
      }
      do {
        var plaintext: PagedMemory?
        try AgeFile.decrypt(file.bytes, with: try keyring.identities()) { count in
          let memory = PagedMemory(capacity: count)
          memory.count = count
          plaintext = memory
          return UnsafeMutableRawBufferPointer(rebasing: memory.buffer[..<count])
        }
        if let plaintext { Terminal.standardOutput.write(plaintext.bytes) }
      } catch let error as JournalCipher.KeyError {
        Terminal.standardOutput.write(file.bytes)
        throw Failure(error.message, status: ExitStatus.noSuchEntry)
      } catch let error as AgeError {
        throw Failure(
          tr(.readUndecryptable, Context.display(path, variables: invocation.variables), error.description),
          status: ExitStatus.badData)
      }
    }
  }
}

extension Ilgi.Key {
  /// Runs a journal step, turning its error into one line.
  static func run(_ body: () throws(JournalError) -> Void) throws {
    try Diagnostics.journalStep(body)
  }
}
