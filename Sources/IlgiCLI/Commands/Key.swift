import ArgumentParser
import Foundation
import IlgiAge
import IlgiCore

extension Ilgi {
  /// `ilgi key new | show | add RECIPIENT | remove RECIPIENT`.
  struct Key: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "key", abstract: tr(.keyAbstract), discussion: helpText(.keyDiscussion),
          subcommands: [New.self, Show.self, Add.self, Remove.self], defaultSubcommand: Show.self)
      }
    }

    struct New: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "new", abstract: tr(.keyNewAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      @Flag(help: ArgumentHelp(tr(.keyPassphraseHelp)))
      var passphrase = false

      func run() throws {
        let context = Context(global)
        let identity = try Key.make(context, passphrase: passphrase)
        Terminal.standardOutput.write(tr(.keyMade, context.keyring.shown, identity.recipient.encoded) + "\n")
      }
    }

    struct Show: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "show", abstract: tr(.keyShowAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = Context(global)
        Terminal.standardOutput.write(try Key.recipient(context).encoded + "\n")
      }
    }

    struct Add: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "add", abstract: tr(.keyAddAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.keyRecipientHelp), valueName: "recipient"))
      var recipient: String

      func run() throws {
        let context = Context(global)
        let added = try Key.parse(recipient)
        let plain = try context.openJournal()
        var recipients = plain.sealing.state.recipients
        guard !recipients.isEmpty else { throw Failure(tr(.keyNotEncrypted, context.display(plain.root))) }
        // Listed, and every file sealed to the whole list: done before (a run stopped midway
        // left files sealed to fewer, and is finished by running it again).
        if recipients.contains(added), plain.conversion.allSealed(toCount: recipients.count) {
          Terminal.standardOutput.write(tr(.keyAlreadyAdded, added.encoded) + "\n")
          return
        }
        if !recipients.contains(added) { recipients.append(added) }
        let count = try Key.reseal(context, plain, to: recipients)
        Terminal.standardOutput.write(tr(.keyAdded, added.encoded, count, recipients.count) + "\n")
      }
    }

    struct Remove: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(
            commandName: "remove", abstract: tr(.keyRemoveAbstract), discussion: helpText(.keyRemoveDiscussion))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.keyRemoveRecipientHelp), valueName: "recipient"))
      var recipient: String

      func run() throws {
        let context = Context(global)
        let removed = try Key.parse(recipient)
        let plain = try context.openJournal()
        let current = plain.sealing.state.recipients
        guard !current.isEmpty else { throw Failure(tr(.keyNotEncrypted, context.display(plain.root))) }
        // A removal that was stopped midway is finished by asking for it again.
        let resuming = !current.contains(removed) && KeyChange.pending(in: plain)?.removed.contains(removed) == true
        guard current.contains(removed) || resuming else {
          throw Failure(tr(.keyNotARecipient, removed.encoded), status: ExitStatus.noSuchEntry)
        }
        let recipients = current.filter { $0 != removed }
        guard !recipients.isEmpty else { throw Failure(tr(.keyRemoveLast, removed.encoded)) }
        // Sealing the journal to keys that leave this device out would lock it out for good.
        if context.cipher.ownRecipients.contains(where: { $0.encoded == removed.encoded }) {
          throw Failure(tr(.keyRemoveOwn, removed.encoded))
        }
        if !resuming { try Key.run { () throws(JournalError) in try KeyChange(removed: [removed]).begin(in: plain) } }
        let count = try Key.reseal(context, plain, to: recipients)
        KeyChange.finish(in: plain)
        Terminal.standardOutput.write(tr(.keyRemoved, removed.encoded, count, recipients.count) + "\n")
      }
    }

    /// A recipient as typed, or a usage error naming it.
    static func parse(_ text: String) throws -> X25519Recipient {
      do {
        return try X25519Recipient(text.trimmingCharacters(in: .whitespaces))
      } catch {
        throw Failure(error.description, status: ExitStatus.usage)
      }
    }

    /// Makes `recipients` the journal's list and seals every entry (and the index) to exactly
    /// them, in one commit in a git journal; returns how many files were sealed again.
    static func reseal(_ context: Context, _ plain: JournalStore, to recipients: [X25519Recipient]) throws -> Int {
      // The list first: a run stopped midway is finished by running it again, and entries
      // written meanwhile are already sealed to the new list.
      try setRecipients(recipients, in: plain)
      let store = try context.keyed(plain)
      let bar = Terminal.progressBar(tr(.encryptProgress))
      let done = try convert { () throws(JournalError) in try store.conversion.encrypt(reseal: true, progress: bar) }
      // The index is sealed again to the new list by the refresh that reads the new files.
      _ = try? EntryIndex.load(store, progress: Terminal.progressBar(tr(.indexReading)))
      context.writer(store).recordConversion(
        done, also: [Settings.journalFile], message: "ilgi: encrypt to \(recipients.count) recipients")
      return done.converted.count
    }

    /// Makes this person's identity, asking for a passphrase twice when one is wanted.
    static func make(_ context: Context, passphrase wanted: Bool) throws -> X25519Identity {
      let keyring = context.keyring
      if keyring.exists { throw Failure(tr(.keyExists, keyring.shown)) }
      var passphrase: String?
      if wanted {
        if let given = keyring.passphrase {
          passphrase = given
        } else {
          guard let first = Keyring.ask(tr(.keyPassphraseNew)), let second = Keyring.ask(tr(.keyPassphraseAgain))
          else { throw Failure(tr(.keyPassphraseNeeded, keyring.shown)) }
          guard first == second, !first.isEmpty else { throw Failure(tr(.keyPassphraseMismatch)) }
          passphrase = first
        }
      }
      return try keyring.create(passphrase: passphrase)
    }

    /// This person's recipient, from their identity file.
    static func recipient(_ context: Context) throws -> X25519Recipient {
      let identities: [any AgeIdentity]
      do {
        identities = try context.cipher.identities()
      } catch {
        throw Failure(error.message, status: ExitStatus.noSuchEntry)
      }
      guard let first = identities.first as? X25519Identity else {
        throw Failure(tr(.keyMissing, context.keyring.shown), status: ExitStatus.noSuchEntry)
      }
      return first.recipient
    }

    /// Writes the journal's recipient list; returns the config file's path.
    @discardableResult
    static func setRecipients(_ recipients: [X25519Recipient], in store: JournalStore) throws -> String {
      let path = Settings.journalPath(root: store.root)
      let file = try Config.load(path, journal: true)
      let value = ConfigValue.string(recipients.map(\.encoded).joined(separator: " "))
      let edited = try Config.run { () throws(ConfigError) in try file.setting(.encryptionRecipients, to: value) }
      try Config.write(edited.text, to: path)
      return path
    }

    /// Runs a conversion, turning its error into the one line that names the file.
    static func convert(_ body: () throws(JournalError) -> JournalConversion.Done) throws -> JournalConversion.Done {
      do throws(JournalError) {
        return try body()
      } catch {
        throw Failure(
          tr(.encryptFailed, error.path, Diagnostics.describe(error).message),
          status: Diagnostics.describe(error).status)
      }
    }
  }
}
