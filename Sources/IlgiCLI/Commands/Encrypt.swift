import ArgumentParser
import Foundation
import IlgiAge
import IlgiFormat
import IlgiIndex
import IlgiStore
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
      try Key.run { () throws(JournalError) in
        try store.conversion.moveDrafts(from: store.plainDraftsRoot, to: store.memoryDraftsRoot)
      }
      let bar = Terminal.progressBar(tr(.encryptProgress))
      let done = try Key.convert { () throws(JournalError) in try store.conversion.encrypt(progress: bar) }
      // Opening the sealed index removes the plain one and reads every entry into the new one.
      _ = try context.index(store, progress: Terminal.progressBar(tr(.indexReading)), warnings: false)
      if context.git(store) != nil {
        try GitAttributes.writeFile(for: store)
        GitAttributes.configure(for: store, context)
      }
      context.writer(store).recordConversion(
        done, also: GitAttributes.files, message: "ilgi: encrypt the journal")
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
      let bar = Terminal.progressBar(tr(.decryptProgress))
      // The sealed index goes first, the recipients last, both under the conversion's lock:
      // until then a stopped run is still an encrypted journal's (a list gone with the sealed
      // index still there is a damage), and no writer seals anything after the last file.
      let config = Settings.journalPath(root: store.root)
      let done = try Key.convert { () throws(JournalError) in
        try store.conversion.decrypt(progress: bar) { () throws(JournalError) in
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
        try store.conversion.moveDrafts(from: store.memoryDraftsRoot, to: store.plainDraftsRoot)
      }
      context.writer(store).recordConversion(done, also: [Settings.journalFile], message: "ilgi: decrypt the journal")
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

/// How git shows and merges the journal's entries. `.gitattributes` (committed) sends `*.age`
/// to the diff driver `ilgi-age`, so `git log -p` shows an encrypted journal's text on a
/// machine with the key, and entry files to the merge driver `ilgi-entry`, so two devices'
/// changes to one entry are merged on its text (`ilgi merge-entry`). The drivers themselves
/// live in the repository's own config, which a clone does not copy: `ilgi init` and `ilgi
/// sync` set them where they are missing. Without them git diffs and merges as it always does.
///
/// A `.gitattributes` is also what a remote pushes. What it may say of the journal's files (a
/// `filter=` that hands them to a program or a large-file store elsewhere, `eol=` or `text`
/// that change their bytes, `working-tree-encoding`, `ident`, another diff or merge driver)
/// never applies here: this device's `.git/info/attributes`, which git reads after every
/// committed file and which no sync carries, says it again for every file of the journal.
enum GitAttributes {
  static let lines = ["*.age diff=ilgi-age", "*.md merge=ilgi-entry", "*.md.age merge=ilgi-entry"]
  static let files = [JournalPath(".gitattributes"), Settings.journalFile]

  /// This device's own attributes, in `.git/info/attributes`: later lines win, so the entry
  /// files' come after the line for every file.
  static let deviceLines = [
    "# ilgi: the journal's files are kept byte for byte and merged by ilgi, whatever a",
    "# .gitattributes pushed to the remote says (ilgi init and ilgi sync write these lines)",
    "* -filter -ident -working-tree-encoding -text !eol !diff !merge",
    "*.md -text diff merge=ilgi-entry",
    "*.age -text diff=ilgi-age",
    "*.md.age -text diff=ilgi-age merge=ilgi-entry",
  ]

  /// The attributes a committed `.gitattributes` must not set for the journal's files; `doctor`
  /// names each line that does.
  static let foreign = ["filter", "eol", "text", "crlf", "binary", "working-tree-encoding", "ident", "diff", "merge"]

  /// The lines of the committed `.gitattributes` that set an attribute ilgi keeps for itself,
  /// other than ilgi's own lines: (line number, text).
  static func foreignLines(in store: JournalStore) -> [(Int, String)] {
    let text = (try? String(contentsOfFile: store.root + "/.gitattributes", encoding: .utf8)) ?? ""
    var found: [(Int, String)] = []
    // A checked-out file may have CRLF (`\r\n` is one Character, a newline like `\n`).
    for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.hasPrefix("#"), !lines.contains(trimmed) else { continue }
      let attributes = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst()
      let names = attributes.map { word in
        String(word.drop { $0 == "-" || $0 == "!" }.prefix { $0 != "=" })
      }
      if names.contains(where: foreign.contains) { found.append((number + 1, trimmed)) }
    }
    return found
  }

  /// Writes `deviceLines` into this clone's `.git/info/attributes` when they are not there;
  /// whether it changed. Lines the person wrote there stay, before ilgi's.
  @discardableResult
  static func writeDeviceFile(_ git: GitRepository) -> Bool {
    guard let path = git.gitPath("info/attributes") else { return false }
    let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let block = deviceLines.joined(separator: "\n") + "\n"
    guard !current.hasSuffix(block) else { return false }
    // Ours are moved to the end, where they win.
    var kept = current.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    kept.removeAll { deviceLines.contains($0) }
    while kept.last == "" { kept.removeLast() }
    let text = (kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n") + block
    return (try? LocalFileSystem().writeAtomicallyMakingFolder(Array(text.utf8), toPath: path)) != nil
  }

  /// Adds the lines to `.gitattributes` where they are missing; whether it changed.
  @discardableResult
  static func writeFile(for store: JournalStore) throws -> Bool {
    let path = store.root + "/.gitattributes"
    let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let present = Set(current.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
    let missing = lines.filter { !present.contains($0) }
    guard !missing.isEmpty else { return false }
    let text =
      current + (current.isEmpty || current.hasSuffix("\n") ? "" : "\n") + missing.joined(separator: "\n") + "\n"
    try Ilgi.Config.write(text, to: path)
    return true
  }

  /// Sets the drivers in the repository's config to this ilgi binary; whether any was
  /// missing or ran another binary.
  @discardableResult
  static func configure(for store: JournalStore, _ context: Context) -> Bool {
    guard let git = context.git(store) else { return false }
    let binary = "'" + context.invocation.executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let wanted = [
      ("diff.ilgi-age.textconv", binary + " cat"),
      ("diff.ilgi-age.cachetextconv", "false"),
      ("merge.ilgi-entry.name", "ilgi: merge two versions of a diary entry"),
      ("merge.ilgi-entry.driver", binary + " merge-entry --journal . %O %A %B %P"),
    ]
    var changed = writeDeviceFile(git)
    // Read in one call: `NAME VALUE` a line.
    let ours = #"^(diff\.ilgi-age|merge\.ilgi-entry)\."#
    let listed = (try? git.check(["config", "--local", "--get-regexp", ours])) ?? ""
    var now: [String: String] = [:]
    for line in listed.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if let name = parts.first { now[String(name)] = parts.count > 1 ? String(parts[1]) : "" }
    }
    for (key, value) in wanted {
      guard now[key] != value else { continue }
      _ = try? git.check(["config", "--local", key, value])
      changed = true
    }
    return changed
  }
}

extension Ilgi.Key {
  /// Runs a journal step, turning its error into one line.
  static func run(_ body: () throws(JournalError) -> Void) throws {
    try Diagnostics.journalStep(body)
  }
}
