import ArgumentParser
import Foundation
import IlgiAge
import IlgiFormat
import IlgiIndex
import IlgiStore

extension Ilgi {
  /// `ilgi key new | show | add RECIPIENT | remove RECIPIENT | accept | reject | reseal`.
  struct Key: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "key", abstract: tr(.keyAbstract), discussion: helpText(.keyDiscussion),
          subcommands: [New.self, Show.self, Add.self, Remove.self, Accept.self, Reject.self, Reseal.self],
          defaultSubcommand: Show.self)
      }
    }

    struct New: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "new", abstract: tr(.keyNewAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      @Flag(help: ArgumentHelp(tr(.keyPassphraseHelp)))
      var passphrase = false

      @Flag(help: ArgumentHelp(tr(.keyPostQuantumHelp)))
      var pq = false

      func run() throws {
        let context = Context(global)
        let keyring = context.keyring
        // A post-quantum key joins an identity file that holds only X25519 ones: the way from
        // one kind to the other, with both opening the journal meanwhile.
        if pq, keyring.exists {
          if passphrase { throw Failure(tr(.keyPassphraseKept, keyring.shown), status: ExitStatus.usage) }
          let identity = try keyring.addPostQuantum()
          Terminal.standardOutput.write(tr(.keyPostQuantumAdded, keyring.shown, identity.recipient.encoded) + "\n")
          return
        }
        let identity = try Key.make(context, passphrase: passphrase, postQuantum: pq)
        Terminal.standardOutput.write(tr(.keyMade, keyring.shown, identity.recipient.encoded) + "\n")
      }
    }

    struct Show: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "show", abstract: tr(.keyShowAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = Context(global)
        let lines = try Key.identities(context).map { $0.recipient.encoded + "\n" }
        Terminal.standardOutput.write(lines.joined())
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
          Terminal.standardOutput.write(tr(.keyAlreadyAdded, added.shown) + "\n")
          return
        }
        if !recipients.contains(added) { recipients.append(added) }
        let count = try Key.reseal(context, plain, to: recipients)
        Terminal.standardOutput.write(tr(.keyAdded, added.shown, count, recipients.count) + "\n")
        Key.noteMixedKinds(recipients)
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
          throw Failure(tr(.keyNotARecipient, removed.shown), status: ExitStatus.noSuchEntry)
        }
        let recipients = current.filter { $0 != removed }
        guard !recipients.isEmpty else { throw Failure(tr(.keyRemoveLast, removed.shown)) }
        // Sealing the journal to keys that leave this device out would lock it out for good.
        let own = context.cipher.ownRecipients
        if own.contains(removed), !recipients.contains(where: own.contains) {
          throw Failure(tr(.keyRemoveOwn, removed.shown))
        }
        if !resuming { try Key.run { () throws(JournalError) in try KeyChange(removed: [removed]).begin(in: plain) } }
        let count = try Key.reseal(context, plain, to: recipients)
        KeyChange.finish(in: plain)
        Terminal.standardOutput.write(tr(.keyRemoved, removed.shown, count, recipients.count) + "\n")
        Key.noteMixedKinds(recipients)
      }
    }

    /// `ilgi key accept`: this device seals to the recipient list the journal's config holds
    /// now, after a sync brought a change made elsewhere (or by someone who can push).
    struct Accept: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(
            commandName: "accept", abstract: tr(.keyAcceptAbstract), discussion: helpText(.keyAcceptDiscussion))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Flag(help: ArgumentHelp(tr(.keyAcceptPlainHelp)))
      var plain = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        guard let listed = store.sealing.listedRecipients() else {
          throw Diagnostics.describe(
            JournalError(path: store.root, reason: .sealingUnknown(store.sealing.listedProblem())))
        }
        let before = store.sealing.acceptedRecipients
        // Plain from a sealed journal only when the person says so: it writes in the clear.
        if listed.isEmpty, before?.isEmpty == false || before == nil, !plain {
          throw Failure(tr(.keyAcceptPlainAsk))
        }
        let added = listed.filter { !(before ?? []).contains($0) }
        let removed = (before ?? []).filter { !listed.contains($0) }
        if before != nil, added.isEmpty, removed.isEmpty {
          Terminal.standardOutput.write(tr(.keyAcceptNothing, listed.count) + "\n")
          return
        }
        // The device's own key stays among them, or nothing it wrote could be read here again.
        let own = context.cipher.ownRecipients
        if !listed.isEmpty, !own.isEmpty, !listed.contains(where: own.contains) {
          throw Failure(tr(.keyAcceptLeavesOut, own[0].shown))
        }
        try Key.run { () throws(JournalError) in try store.sealing.accept(listed) }
        // Plain from now on, as `ilgi decrypt` leaves it: no sealed index stays to contradict it.
        if listed.isEmpty {
          unlink(store.root + "/" + EntryIndex.sealedFile)
          EntryIndex.removeWorkingCopy(root: store.root, variables: context.variables)
        }
        var out = ""
        for key in added { out += "+ " + key.shown + "\n" }
        for key in removed { out += "- " + key.shown + "\n" }
        out += (listed.isEmpty ? tr(.keyAcceptedPlain) : tr(.keyAccepted, listed.count)) + "\n"
        Terminal.standardOutput.write(out)
        // What this device sealed before, to the list it held, is sealed to the new one: every
        // file when a key went (it may open a file of the same count), else those whose header
        // lacks a key.
        if !listed.isEmpty, before != nil {
          let only = removed.isEmpty ? Set(store.conversion.filesNotSealed(to: listed).map(\.path)) : nil
          let count = try Key.resealFiles(context, store, only: only)
          Terminal.standardOutput.write(tr(.keyResealed, count, listed.count) + "\n")
        }
      }
    }

    /// `ilgi key reject`: the list this device accepted, written back into the journal's
    /// config (and committed), so the next sync takes it to the other devices and the remote.
    struct Reject: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "reject", abstract: tr(.keyRejectAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        guard let kept = store.sealing.acceptedRecipients, !kept.isEmpty,
          Set((store.sealing.listedRecipients() ?? []).map(\.encoded)) != Set(kept.map(\.encoded))
        else {
          Terminal.standardOutput.write(tr(.keyRejectNothing) + "\n")
          return
        }
        try Key.setRecipients(kept, in: store)
        context.writer(store).recordConversion(
          JournalConversion.Done(), also: [Settings.journalFile], message: "ilgi: keep the journal's recipients")
        Terminal.standardOutput.write(tr(.keyRejected, kept.count) + "\n")
      }
    }

    /// `ilgi key reseal`: every sealed file sealed again to exactly the keys this device seals
    /// to, as `doctor` asks when a file arrived sealed otherwise.
    struct Reseal: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) { CommandConfiguration(commandName: "reseal", abstract: tr(.keyResealAbstract)) }
      }

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = Context(global)
        let plain = try context.openJournal()
        let recipients = plain.sealing.state.recipients
        guard !recipients.isEmpty else { throw Failure(tr(.keyNotEncrypted, context.display(plain.root))) }
        // A list waiting to be accepted or rejected is decided first: sealing to this device's
        // older list meanwhile would drop the key another device was given.
        if let change = plain.sealing.pendingChange { throw Failure(Diagnostics.describe(change)) }
        let only = Set(plain.conversion.filesNotSealed(to: recipients).map(\.path))
        let count = only.isEmpty ? 0 : try Key.resealFiles(context, plain, only: only)
        Terminal.standardOutput.write(tr(.keyResealed, count, recipients.count) + "\n")
      }
    }

    /// A recipient as typed, or a usage error naming it.
    static func parse(_ text: String) throws -> KeyRecipient {
      do {
        return try KeyRecipient(text.trimmingCharacters(in: .whitespaces))
      } catch {
        throw Failure(error.description, status: ExitStatus.usage)
      }
    }

    /// Makes `recipients` the journal's list and seals every entry (and the index) to exactly
    /// them, in one commit in a git journal; returns how many files were sealed again.
    static func reseal(_ context: Context, _ plain: JournalStore, to recipients: [KeyRecipient]) throws -> Int {
      // The list first: a run stopped midway is finished by running it again, and entries
      // written meanwhile are already sealed to the new list.
      try setRecipients(recipients, in: plain)
      let store = try context.keyed(plain)
      let writer = context.writer(store)
      let bar = Terminal.progressBar(tr(.encryptProgress))
      let done = try convert { () throws(JournalError) in try writer.encrypt(reseal: true, progress: bar) }
      // The index is sealed again to the new list by the refresh that follows, which takes the
      // entries sealed again as read: each entry is opened once, by the conversion.
      _ = try? EntryIndex.load(store, progress: Terminal.progressBar(tr(.indexReading)), resealed: done.resealed)
      writer.recordConversion(
        done, also: [Settings.journalFile], message: "ilgi: encrypt to \(recipients.count) recipients")
      return done.converted.count
    }

    /// Seals the journal's files again (`only` those, when given) to the keys this device seals
    /// to, without changing the list: in one commit in a git journal; how many were sealed.
    static func resealFiles(_ context: Context, _ plain: JournalStore, only: Set<JournalPath>?) throws -> Int {
      let store = try context.keyed(plain)
      let writer = context.writer(store)
      let bar = Terminal.progressBar(tr(.encryptProgress))
      let done = try convert { () throws(JournalError) in try writer.encrypt(reseal: true, only: only, progress: bar) }
      _ = try? EntryIndex.load(store, progress: Terminal.progressBar(tr(.indexReading)), resealed: done.resealed)
      let count = done.converted.count
      writer.recordConversion(
        done, also: [], message: "ilgi: seal \(count) file\(count == 1 ? "" : "s") to the journal's keys")
      return count
    }

    /// Says, when a journal is sealed to keys of both kinds, that a quantum computer could open
    /// it through the X25519 ones until they are removed.
    static func noteMixedKinds(_ recipients: [KeyRecipient]) {
      let classic = recipients.filter { !$0.isPostQuantum }
      guard !classic.isEmpty, classic.count < recipients.count else { return }
      Terminal.standardError.write(tr(.keyMixedKinds, classic.count, classic[0].shown) + "\n")
    }

    /// Makes this person's identity, asking for a passphrase twice when one is wanted.
    static func make(_ context: Context, passphrase wanted: Bool, postQuantum: Bool) throws -> KeyIdentity {
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
      return try keyring.create(passphrase: passphrase, postQuantum: postQuantum)
    }

    /// This person's identities, from their identity file, in its order.
    static func identities(_ context: Context) throws -> [KeyIdentity] {
      let identities: [any AgeIdentity]
      do {
        identities = try context.cipher.identities()
      } catch {
        throw Failure(error.message, status: ExitStatus.noSuchEntry)
      }
      let keys = identities.compactMap { $0 as? KeyIdentity }
      guard !keys.isEmpty else { throw Failure(tr(.keyMissing, context.keyring.shown), status: ExitStatus.noSuchEntry) }
      return keys
    }

    /// The recipient a journal is first sealed to: this person's post-quantum key when the
    /// identity file holds one, else its first.
    static func recipient(_ context: Context) throws -> KeyRecipient {
      let keys = try identities(context)
      return (keys.first(where: \.recipient.isPostQuantum) ?? keys[0]).recipient
    }

    /// Writes the journal's recipient list; returns the config file's path.
    @discardableResult
    static func setRecipients(_ recipients: [KeyRecipient], in store: JournalStore) throws -> String {
      let path = Settings.journalPath(root: store.root)
      let file = try Config.load(path, journal: true)
      let value = ConfigValue.string(recipients.map(\.encoded).joined(separator: " "))
      let edited = try Config.run { () throws(ConfigError) in try file.setting(.encryptionRecipients, to: value) }
      // The person's own change: accepted here before the list is written.
      try run { () throws(JournalError) in try store.sealing.accept(recipients) }
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
