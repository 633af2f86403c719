import Foundation
import IlgiAge
import IlgiIndex
import IlgiStore
import IlgiSystem
import IlgiTestSupport
import Testing

/// An encrypted journal through the built binary: every command as on a plain one, files any
/// age tool opens, no entry text on disk in the clear, and one clear line for a file that
/// cannot be opened.
@Suite struct EncryptionTests {
  static let marker = "zebracorn"

  /// A harness whose journal holds two plain entries, one with the marker, then encrypted by
  /// `ilgi init --encrypt` (which makes the identity). Drafts go to a memory folder of its own.
  static func encrypted(git: Bool = false) throws -> Harness {
    var h = try Harness([
      "2026/11/2026-11-20-0930-walk.md":
        "---\nid: 11111111-1111-4111-8111-111111111111\ndate: 2026-11-20T09:30:00+09:00\ntags: [walk]\n---\nA walk by the \(marker) river\n\nCold and bright.\n",
      "2026/11/2026-11-21-2200-tea.md":
        "---\nid: 22222222-2222-4222-8222-222222222222\ndate: 2026-11-21T22:00:00+09:00\n---\nTea at night\n\nGreen tea.\n",
    ])
    let runtime = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    h.environment["XDG_RUNTIME_DIR"] = runtime
    if git {
      h.environment.merge([
        "GIT_AUTHOR_NAME": "Diarist", "GIT_AUTHOR_EMAIL": "diarist@example.com", "GIT_COMMITTER_NAME": "Diarist",
        "GIT_COMMITTER_EMAIL": "diarist@example.com", "GIT_CONFIG_GLOBAL": h.journal.base + "/home/.gitconfig",
        "GIT_CONFIG_NOSYSTEM": "1",
      ]) { $1 }
      try h.run("init", "--git", h.journal.root).expectSuccess()
    }
    let made = try h.run("init", "--encrypt", h.journal.root)
    #expect(made.status == 0, "\(made.stderr)")
    return h
  }

  /// `XDG_RUNTIME_DIR` on a disk (a container, an SSH session, a mistaken export): nothing of a
  /// sealed journal is written there. The draft and the index's working copy go to /dev/shm,
  /// which is in memory.
  @Test func aRuntimeFolderOnADiskIsNeverWrittenTo() throws {
    var h = try Self.encrypted()
    let disk = TestTools.repository + "/.build/test-runtime-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    try #require(!MemoryFolder.isInMemory(disk), "\(disk) must be on a disk for this test")
    h.environment["XDG_RUNTIME_DIR"] = disk
    let seen = h.journal.base + "/draft-path"
    let editor = try h.editor("printf '%s' \"$1\" > '\(seen)'\nprintf 'On disk? \(Self.marker)\\n' > \"$1\"\n")
    #expect(try h.run("new", "--no-weather", "--edit", env: ["EDITOR": editor]).status == 0)
    #expect(try h.run("search", Self.marker).stdout.contains("On disk?"))
    #expect(try h.run("list").status == 0)
    #expect(try String(contentsOfFile: seen, encoding: .utf8).hasPrefix("/dev/shm/ilgi-"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: disk).isEmpty, "written to a disk folder")
  }

  /// A file that arrives sealed to other keys than the journal's (one more: a key removed on
  /// another device; one fewer; another kind) is named by `doctor`, and `key reseal` seals it
  /// to exactly the journal's keys, so the other key no longer opens it.
  @Test func aFileSealedToOtherKeysIsNamedAndResealed() throws {
    let h = try Self.encrypted()
    let (other, otherRecipient) = try Self.secondKey(h)
    let own = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let path = "2026/11/2026-11-20-0930.md.age"
    let file = h.journal.root + "/" + path
    let text = try ChildProcess.run(
      [try TestTools.age, "-d", "-i", h.environment["HOME", default: ""] + "/.config/ilgi/identity.txt", file]
    ).stdout
    // As a sync would bring it: sealed to the journal's key and the removed one.
    _ = try ChildProcess.run(
      [try TestTools.age, "-r", own, "-r", otherRecipient, "-o", file + ".new"], input: Array(text.utf8))
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.moveItem(atPath: file + ".new", toPath: file)
    #expect(try ChildProcess.run([try TestTools.age, "-d", "-i", other, file]).status == 0)
    let doctor = try h.run("doctor")
    #expect(doctor.status == 1)
    #expect(
      doctor.stdout.contains("\(path): sealed for 2 X25519, where the journal lists 1 X25519;"), "\(doctor.stdout)")
    let resealed = try h.run("key", "reseal")
    #expect(resealed.status == 0, "\(resealed.stderr)")
    #expect(try h.run("doctor").status == 0)
    #expect(
      try ChildProcess.run([try TestTools.age, "-d", "-i", other, file]).status != 0, "the other key still opens it")
    #expect(try h.run("show", "--raw", path).stdout.contains("zebracorn"))
  }

  /// Another device's identity file, made by age-keygen, and its recipient.
  static func secondKey(_ h: Harness) throws -> (file: String, recipient: String) {
    let file = h.journal.base + "/second.txt"
    _ = try ChildProcess.run([try TestTools.ageKeygen, "-o", file])
    let recipient = try ChildProcess.run([try TestTools.ageKeygen, "-y", file]).stdout
    return (file, recipient.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  static func identityFile(_ h: Harness) -> String { h.environment["HOME", default: ""] + "/.config/ilgi/identity.txt" }

  /// Every file under `folder` whose bytes hold `word`.
  static func filesHolding(_ word: String, under folder: String) -> [String] {
    // The test's runtime folder is a link to a folder in /dev/shm.
    let folder = (folder as NSString).resolvingSymlinksInPath
    let needle = Array(word.utf8)
    var found: [String] = []
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    for case let name as String in walker {
      let path = folder + "/" + name
      guard let data = FileManager.default.contents(atPath: path) else { continue }
      let bytes = [UInt8](data)
      if bytes.count >= needle.count,
        (0...(bytes.count - needle.count)).contains(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
      {
        found.append(name)
      }
    }
    return found
  }

  static func ageDecrypt(_ file: String, identity: String) throws -> ChildProcess.Result {
    try ChildProcess.run([try TestTools.age, "-d", "-i", identity, file])
  }

  @Test func initEncryptSealsEveryEntryForAge() throws {
    let h = try Self.encrypted()
    let files = h.journal.entryFiles()
    #expect(files.isEmpty, "plain entries are left: \(files)")
    let sealed = try FileManager.default.subpathsOfDirectory(atPath: h.journal.root + "/2026/11").sorted()
    // The names keep only what the date says: no title.
    #expect(sealed == ["2026-11-20-0930.md.age", "2026-11-21-2200.md.age"])
    let opened = try Self.ageDecrypt(h.journal.root + "/2026/11/2026-11-20-0930.md.age", identity: Self.identityFile(h))
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(opened.stdout.hasPrefix("---\nid: 11111111-1111-4111-8111-111111111111\n"))
    #expect(opened.stdout.contains("A walk by the \(Self.marker) river"))
    // No text in the clear anywhere: the journal, its .ilgi (the index is sealed), HOME.
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    #expect(Self.filesHolding(Self.marker, under: h.environment["HOME", default: ""]).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/index.sqlite"))
    let index = try Self.ageDecrypt(h.journal.root + "/.ilgi/index.age", identity: Self.identityFile(h))
    #expect(index.stdout.hasPrefix("SQLite format 3"))
    // Mode 0600 for the identity.
    let mode = try FileManager.default.attributesOfItem(atPath: Self.identityFile(h))[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func everyReadingCommandWorksOnTheEncryptedJournal() throws {
    let h = try Self.encrypted()
    #expect(try h.run("list").stdout.contains("A walk by the \(Self.marker) river"))
    let found = try h.run("search", Self.marker)
    #expect(found.status == 0 && found.stdout.contains("A walk"), "\(found.stderr)")
    #expect(try h.run("list", "--tag", "walk").stdout.contains("A walk"))
    let shown = try h.run("show", "11111111")
    #expect(shown.stdout.contains("Cold and bright."), "\(shown.stderr)")
    #expect(try h.run("stats").status == 0)
    #expect(try h.run("share", "22222222").stdout.contains("Green tea."))
    let json = try h.run("export", "json")
    #expect(json.stdout.contains("Cold and bright."))
    #expect(try h.run("cat", h.journal.root + "/2026/11/2026-11-21-2200.md.age").stdout.contains("Tea at night"))
  }

  @Test func newEntriesAndImportsLandEncryptedWithoutASlug() throws {
    let h = try Self.encrypted()
    let made = try h.run("new", "--no-weather", "Secret title \(Self.marker)", "and its body")
    #expect(made.status == 0, "\(made.stderr)")
    let jrnl = "[2026-11-22 08:00] Imported \(Self.marker) morning\nBody of the import.\n"
    let file = h.journal.base + "/journal.txt"
    try jrnl.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try h.run("import", file, "--from", "jrnl")
    #expect(imported.status == 0, "\(imported.stderr)")
    let names = (FileManager.default.enumerator(atPath: h.journal.root)?.compactMap { $0 as? String } ?? [])
      .filter { !$0.hasPrefix(".") && ($0.hasSuffix(".md") || $0.hasSuffix(".age")) }
    #expect(
      names.allSatisfy { $0.hasSuffix(".md.age") && !$0.contains("secret") && !$0.contains("imported") }, "\(names)")
    #expect(names.count == 4)
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    let listed = try h.run("list").stdout
    #expect(listed.contains("Secret title") && listed.contains("Imported \(Self.marker) morning"))
  }

  @Test func aFileMadeByAgeIsAnEntry() throws {
    let h = try Self.encrypted()
    let recipient = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let plain = h.journal.base + "/from-age.md"
    try "---\ndate: 2026-11-22T07:00:00+09:00\n---\nWritten with age\n\nby hand.\n".write(
      toFile: plain, atomically: true, encoding: .utf8)
    let made = try ChildProcess.run(
      [try TestTools.age, "-a", "-r", recipient, "-o", h.journal.root + "/2026/11/by-age.md.age", plain])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(try h.run("list").stdout.contains("Written with age"))
  }

  @Test func aFileThatCannotBeOpenedIsOneLineAndTheRestStillLists() throws {
    let h = try Self.encrypted()
    let other = X25519Identity.generate()
    let foreign = h.journal.root + "/2026/11/2026-11-19-0800.md.age"
    try Data(try AgeFile.encrypt(Array("---\n---\nNot yours\n".utf8), to: [other.recipient])).write(
      to: URL(fileURLWithPath: foreign))
    let tampered = h.journal.root + "/2026/11/2026-11-21-2200.md.age"
    var bytes = try #require(h.journal.bytes("2026/11/2026-11-21-2200.md.age"))
    bytes[bytes.count - 5] ^= 1
    try Data(bytes).write(to: URL(fileURLWithPath: tampered))
    let before = h.journal.snapshot()

    let listed = try h.run("list")
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("A walk"))
    #expect(
      listed.stderr.contains("2026/11/2026-11-19-0800.md.age could not be decrypted: no identity matches"),
      "\(listed.stderr)")
    #expect(
      listed.stderr.contains("2026/11/2026-11-21-2200.md.age could not be decrypted: chunk 1 of its text is damaged"))
    let shown = try h.run("show", "2026/11/2026-11-19-0800.md.age")
    #expect(shown.status == 65)
    #expect(
      shown.stderr.split(separator: "\n").last
        == "ilgi: 2026/11/2026-11-19-0800.md.age could not be decrypted: no identity matches; check that your key (ilgi key show) is one of the journal's recipients (ilgi config get encryption.recipients)",
      "\(shown.stderr)")
    let changed = h.journal.snapshot().filter { before[$0.key] != $0.value && !$0.key.hasPrefix(".ilgi/") }
    #expect(changed.isEmpty, "\(changed.keys)")
  }

  /// A second device before its key was added: many entries sealed to keys it does not hold
  /// are one line saying what to do, with this device's key in it.
  @Test func entriesSealedToOtherKeysAreOneLineThatSaysWhatToDo() throws {
    let h = try Self.encrypted()
    let recipient = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let other = X25519Identity.generate()
    for day in ["17", "18", "19"] {
      try Data(try AgeFile.encrypt(Array("---\n---\nNot yours \(day)\n".utf8), to: [other.recipient])).write(
        to: URL(fileURLWithPath: h.journal.root + "/2026/11/2026-11-\(day)-0800.md.age"))
    }
    let listed = try h.run("list")
    #expect(listed.status == 0 && listed.stdout.contains("A walk"))
    #expect(!listed.stderr.contains("no identity matches"), "\(listed.stderr)")
    #expect(
      listed.stderr.contains(
        "ilgi: warning: 3 entries are sealed to keys this device does not hold (ilgi doctor lists them); to read them here, run ilgi key add \(recipient) where the journal opens, then ilgi sync here"
      ), "\(listed.stderr)")
    // With only those left the journal is not "empty": no "write one with ilgi new".
    let foreign = ["17", "18", "19"].map { "2026/11/2026-11-\($0)-0800.md.age" }
    for file in FileManager.default.subpaths(atPath: h.journal.root) ?? []
    where file.hasSuffix(".md.age") && !file.hasPrefix(".") && !foreign.contains(file) {
      try FileManager.default.removeItem(atPath: h.journal.root + "/" + file)
    }
    let alone = try h.run("list")
    #expect(alone.status == 0 && alone.stdout.isEmpty)
    #expect(
      !alone.stderr.contains("No entries yet") && alone.stderr.contains("3 files could not be read"), "\(alone.stderr)")
  }

  @Test func aMissingIdentityOrWrongPassphraseStopsWithOneLine() throws {
    let h = try Self.encrypted()
    let key = Self.identityFile(h)
    try FileManager.default.moveItem(atPath: key, toPath: key + ".away")
    let before = h.journal.snapshot()
    let missing = try h.run("list")
    #expect(missing.status == 66)
    #expect(
      missing.stderr
        == "ilgi: no identity at ~/.config/ilgi/identity.txt: run `ilgi key new`, or copy your key there (or set ILGI_IDENTITY)\n"
    )
    #expect(h.journal.snapshot() == before)

    // A passphrase-protected identity: age's own encrypted identity file.
    let made = try h.run("key", "new", "--passphrase", env: ["ILGI_PASSPHRASE": "purple 일기"])
    #expect(made.status == 0, "\(made.stderr)")
    // Losing the key loses the diary: the person is told to keep a copy, and where the key is.
    #expect(
      made.stdout.contains(
        "Keep a copy of ~/.config/ilgi/identity.txt somewhere safe (a password manager, a USB key kept apart)"),
      "\(made.stdout)")
    let text = try String(contentsOfFile: key, encoding: .utf8)
    #expect(text.hasPrefix("-----BEGIN AGE ENCRYPTED FILE-----"))
    let opened = try TestTools.onTerminal([try TestTools.age, "-d", key], typing: "purple 일기\n")
    #expect(opened.stdout.contains("AGE-SECRET-KEY-1"), "\(opened.stdout)")
    let wrong = try h.run("list", env: ["ILGI_PASSPHRASE": "green"])
    #expect(wrong.status == 66)
    #expect(
      wrong.stderr.contains("identity.txt could not be read as an identity: the passphrase is wrong"), "\(wrong.stderr)"
    )
    // A new key is not a recipient of the journal yet: its files are not for it.
    let other = try h.run("list", env: ["ILGI_PASSPHRASE": "purple 일기"])
    #expect(other.stderr.contains("sealed to keys this device does not hold"), "\(other.stderr)")
  }

  /// `init --encrypt` with a passphrase-protected key asks for it once on the terminal; a
  /// mistyped one stops before anything is made, so no plain journal is left to write into.
  @Test func initEncryptAsksThePassphraseOnceAndAFailedInitLeavesNothing() throws {
    let h = try Harness()
    #expect(try h.run("key", "new", "--passphrase", env: ["ILGI_PASSPHRASE": "purple 일기"]).status == 0)
    let target = h.journal.base + "/sealed-diary"
    let wrong = try h.runOnTerminal("init --encrypt '\(target)'", input: "green\n")
    #expect(wrong.status != 0)
    #expect(wrong.stdout.contains("the passphrase is wrong"), "\(wrong.stdout)")
    #expect(!FileManager.default.fileExists(atPath: target), "a failed init left \(target)")
    let right = try h.runOnTerminal("init --encrypt '\(target)'", input: "purple 일기\n")
    #expect(right.status == 0, "\(right.stdout)")
    #expect(right.stdout.components(separatedBy: "Passphrase for").count == 2, "asked more than once: \(right.stdout)")
    let written = try h.run(
      "new", "--no-weather", "A sealed first night", env: ["ILGI_JOURNAL": target, "ILGI_PASSPHRASE": "purple 일기"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout.hasSuffix(".md.age\n"))
  }

  @Test func encryptAndDecryptGiveTheSameTextBack() throws {
    let h = try Self.encrypted()
    let decrypted = try h.run("decrypt")
    #expect(decrypted.status == 0, "\(decrypted.stderr)")
    #expect(
      h.journal.text("2026/11/2026-11-20-0930.md")?.contains("A walk by the \(Self.marker) river\n\nCold and bright.\n")
        == true)
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/index.age"))
    #expect(try h.run("list").stdout.contains("Tea at night"))
    let again = try h.run("encrypt")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasSuffix(" to 1 recipient.\n"), "one recipient, in the singular: \(again.stdout)")
    #expect(h.journal.entryFiles().isEmpty)
    #expect(try h.run("list").stdout.contains("Tea at night"))
    // Running it again changes nothing.
    let before = h.journal.snapshot()
    #expect(try h.run("encrypt").status == 0)
    #expect(
      h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/") } == before.filter { !$0.key.hasPrefix(".ilgi/") })
  }

  @Test func keyAddSealsEveryEntryToTheNewRecipientToo() throws {
    let h = try Self.encrypted()
    let (second, recipient) = try Self.secondKey(h)
    let added = try h.run("key", "add", recipient)
    #expect(added.status == 0, "\(added.stderr)")
    for name in ["2026-11-20-0930.md.age", "2026-11-21-2200.md.age"] {
      let file = h.journal.root + "/2026/11/" + name
      #expect(try Self.ageDecrypt(file, identity: second).status == 0, "\(name) is not for the new key")
      #expect(
        try Self.ageDecrypt(file, identity: Self.identityFile(h)).status == 0, "\(name) is no longer for the first key")
    }
    #expect(try h.run("config", "get", "encryption.recipients").stdout.contains(recipient))
    #expect(try h.run("list", env: ["ILGI_IDENTITY": second]).stdout.contains("A walk"))
    // Added again: nothing to do, nothing sealed again, no commit.
    let before = h.journal.snapshot()
    let again = try h.run("key", "add", recipient)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == "\(recipient) is already a recipient, and every entry is sealed to it: nothing to do.\n")
    #expect(h.journal.snapshot() == before)
    // One entry still sealed to the first key alone (an add stopped midway): adding again
    // finishes it.
    let file = h.journal.root + "/2026/11/2026-11-20-0930.md.age"
    let plain = try Self.ageDecrypt(file, identity: Self.identityFile(h)).stdout
    let first = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let sealed = try ChildProcess.run([try TestTools.age, "-r", first, "-o", file], input: Array(plain.utf8))
    #expect(sealed.status == 0, "\(sealed.stderr)")
    #expect(try Self.ageDecrypt(file, identity: second).status != 0)
    let finished = try h.run("key", "add", recipient)
    #expect(finished.stdout.hasPrefix("Added \(recipient)"), "\(finished.stdout)")
    #expect(try Self.ageDecrypt(file, identity: second).status == 0)
    let bad = try h.run("key", "add", "age1notakey")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("\"age1notakey\" is not an age X25519 recipient"))
  }

  @Test func keyRemoveSealsEveryEntryToTheRecipientsLeft() throws {
    let h = try Self.encrypted()
    let (second, recipient) = try Self.secondKey(h)
    let own = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try h.run("key", "add", recipient).expectSuccess()

    // Refusals: one line each, nothing changed.
    let before = h.journal.snapshot()
    let mine = try h.run("key", "remove", own)
    #expect(mine.status == 1)
    #expect(mine.stderr.contains("\(own) is your own recipient"), "\(mine.stderr)")
    let stranger = try h.run("key", "remove", "age1xrd0ucwy0qttsgwmzvuyadxvpjw0d0t5r2al0dmc2agjs2xvaqwsyr4kg7")
    #expect(stranger.status == 66)
    #expect(stranger.stderr.contains("is not one of the journal's recipients"), "\(stranger.stderr)")
    let bad = try h.run("key", "remove", "age1notakey")
    #expect(bad.status == 64)
    #expect(h.journal.snapshot() == before)

    let removed = try h.run("key", "remove", recipient)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stdout.contains("re-encrypted 2 entries to 1 recipient."), "\(removed.stdout)")
    #expect(removed.stdout.contains("still open with the removed key"))
    for name in ["2026-11-20-0930.md.age", "2026-11-21-2200.md.age"] {
      let file = h.journal.root + "/2026/11/" + name
      #expect(try Self.ageDecrypt(file, identity: second).status != 0, "\(name) still opens with the removed key")
      #expect(try Self.ageDecrypt(file, identity: Self.identityFile(h)).status == 0, "\(name) is not for the key left")
    }
    #expect(
      try h.run("config", "get", "encryption.recipients").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == own)
    #expect(
      try h.run("list", env: ["ILGI_IDENTITY": second]).stderr.contains("sealed to keys this device does not hold"))
    #expect(try h.run("list").stdout.contains("A walk"))

    let last = try h.run("key", "remove", own)
    #expect(last.status == 1)
    #expect(last.stderr.contains("is the journal's only recipient; to stop encrypting, run `ilgi decrypt`"))
  }

  @Test func aLargeConversionShowsItsProgressOnATerminalOnly() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000, seed: 6)
    var h = try Harness()
    h.environment["ILGI_JOURNAL"] = corpus.journal
    try h.run("key", "new").expectSuccess()
    let encrypted = try h.runOnTerminal("encrypt")
    #expect(encrypted.status == 0, "\(encrypted.stdout)")
    #expect(encrypted.stdout.contains("Encrypting ██████████████████████████████ 1000/1000"), "\(encrypted.stdout)")
    #expect(encrypted.stdout.contains("Encrypted 1000 entries to 1 recipient."))
    let decrypted = try h.run("decrypt")
    #expect(decrypted.status == 0, "\(decrypted.stderr)")
    #expect(decrypted.stderr.isEmpty, "no bar where standard error is not a terminal: \(decrypted.stderr)")
    #expect(decrypted.stdout == "Decrypted 1000 entries; the journal is plain Markdown again.\n")
  }

  @Test func draftsOfAnEncryptedJournalAreInMemory() throws {
    let h = try Self.encrypted()
    let editor = try h.editor("printf 'Unfinished \(Self.marker) thought\\n' > \"$1\"; exit 3")
    let failed = try h.runOnTerminal("new --no-weather", env: ["EDITOR": editor])
    #expect(failed.status != 0)
    let runtime = h.environment["XDG_RUNTIME_DIR", default: ""]
    // Beside the draft, the working copy of the index holds the first entry's marker.
    let drafts = { Self.filesHolding(Self.marker, under: runtime).filter { !$0.hasPrefix("ilgi/index-") } }
    #expect(drafts().count == 1)
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    let listed = try h.run("drafts")
    #expect(listed.stdout.contains("Unfinished \(Self.marker) thought"), "\(listed.stdout) \(listed.stderr)")
    #expect(listed.stderr.contains("in memory at"))
    let done = try h.editor("printf 'Finished \(Self.marker) thought\\n' > \"$1\"")
    let resumed = try h.runOnTerminal("new --resume --no-weather", env: ["EDITOR": done])
    #expect(resumed.status == 0, "\(resumed.stdout)")
    #expect(try h.run("list").stdout.contains("Finished \(Self.marker) thought"))
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    #expect(drafts().isEmpty)
  }

  /// Commands and the app work on a copy of the sealed index in the memory folder, so none
  /// decrypts the whole index; `index.age` is written from it when the recipients change (or
  /// after many changes), and a copy lost (a restart) is made again from it and the files.
  @Test func theSealedIndexIsWorkedOnInMemoryAndSealedWhenItMatters() throws {
    let h = try Self.encrypted()
    let runtime = h.environment["XDG_RUNTIME_DIR", default: ""]
    let sealed = h.journal.root + "/" + EntryIndex.sealedFile
    #expect(try h.run("list").stdout.contains("A walk by the"))
    let copies = try FileManager.default.contentsOfDirectory(atPath: runtime + "/ilgi").filter {
      $0.hasPrefix("index-") && $0.hasSuffix(".sqlite")
    }
    #expect(copies.count == 1)
    let copy = runtime + "/ilgi/" + (copies.first ?? "")
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(!Self.filesHolding(Self.marker, under: runtime).isEmpty)
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)

    // One new entry: the copy has it, the sealed file is left as it was.
    let before = try Data(contentsOf: URL(fileURLWithPath: sealed))
    try h.run("new", "--no-weather", "Soup \(Self.marker) at noon").expectSuccess()
    #expect(try h.run("list").stdout.contains("Soup"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: sealed)) == before)
    // The copy lost, as after a restart: made again from the sealed file, the new entry read again.
    for suffix in ["", "-wal", "-shm"] { unlink(copy + suffix) }
    #expect(try h.run("list").stdout.contains("Soup"))
    #expect(FileManager.default.fileExists(atPath: copy))

    // A new recipient: the sealed file is written, and opens with the new key.
    let (second, recipient) = try Self.secondKey(h)
    try h.run("key", "add", recipient).expectSuccess()
    #expect(try Data(contentsOf: URL(fileURLWithPath: sealed)) != before)
    #expect(try Self.ageDecrypt(sealed, identity: second).status == 0)

    // Plain again: no copy is left in memory.
    try h.run("decrypt").expectSuccess()
    #expect(!FileManager.default.fileExists(atPath: copy))
  }

  @Test func editRewritesTheEntrySealed() throws {
    let h = try Self.encrypted()
    let editor = try h.editor("sed -i 's/Green tea./Black \(Self.marker) tea./' \"$1\"")
    let edited = try h.runOnTerminal("edit 22222222", env: ["EDITOR": editor])
    #expect(edited.status == 0, "\(edited.stdout)")
    #expect(try h.run("show", "22222222").stdout.contains("Black \(Self.marker) tea."))
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)
  }

  @Test func aPlaintextExportIsNotWrittenInsideTheJournalOrAGitTree() throws {
    let h = try Self.encrypted()
    let inside = try h.run("export", "html", "--out", h.journal.root + "/site")
    #expect(inside.status == 1)
    #expect(
      inside.stderr.contains("the export is plaintext of an encrypted journal; write it elsewhere or pass --force"))
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/site"))
    let tree = h.journal.base + "/repo"
    _ = try ChildProcess.run(["git", "init", "--quiet", tree])
    #expect(try h.run("export", "html", "--out", tree + "/public").status == 1)
    let outside = try h.run("export", "html", "--out", h.journal.base + "/site")
    #expect(outside.status == 0, "\(outside.stderr)")
    #expect(outside.stderr.contains("in the clear"))
    #expect(try h.run("export", "html", "--force", "--out", tree + "/public").status == 0)
  }

  @Test func gitShowsTheTextWhereTheKeyIsAndCiphertextElsewhere() throws {
    let h = try Self.encrypted(git: true)
    #expect(try h.run("new", "--no-weather", "Evening \(Self.marker) notes", "a body").status == 0)
    let log = try h.run("log", "-p")
    #expect(log.stdout.contains("+Evening \(Self.marker) notes"), "\(log.stdout)")
    #expect(h.journal.text(".gitattributes")?.contains("*.age diff=ilgi-age") == true)
    // A clone has the attributes but not the driver (repository config is not copied).
    let clone = h.journal.base + "/clone"
    _ = try ChildProcess.run(["git", "clone", "--quiet", h.journal.root, clone], environment: h.environment)
    let there = try ChildProcess.run(["git", "-C", clone, "log", "-p", "-1"], environment: h.environment)
    #expect(!there.stdout.contains("Evening \(Self.marker)"))
  }

  /// A device whose key no device has added yet writes nothing it could not open again, and
  /// leaves the index to the keys that open it.
  @Test func aDeviceNotYetARecipientIsToldHowToBecomeOne() throws {
    let h = try Self.encrypted()
    let (second, recipient) = try Self.secondKey(h)
    let device = ["ILGI_IDENTITY": second]
    let before = h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/") }
    let refused = try h.run("new", "--no-weather", "Written on the new laptop", env: device)
    #expect(refused.status == 66)
    #expect(
      refused.stderr.contains("this device's key \(recipient) is not one of the journal's recipients")
        && refused.stderr.contains("run ilgi key add \(recipient)"), "\(refused.stderr)")
    #expect(h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/") } == before)
    // Listing with a key that opens nothing: one line that says why, a count of the files, and
    // the index left for the keys that open it (the owner's next list still lists).
    for _ in 0..<2 {
      let listed = try h.run("list", env: device)
      #expect(listed.status == 0)
      let lines = listed.stderr.split(separator: "\n").filter { $0.hasPrefix("ilgi: ") }
      #expect(lines.count == 2 && lines[0].contains("sealed to keys this device does not hold"), "\(listed.stderr)")
    }
    let owner = try h.run("list")
    #expect(owner.stdout.contains("A walk") && owner.stdout.contains("Tea at night"), "\(owner.stdout)")
    #expect(owner.stderr.isEmpty, "\(owner.stderr)")
    // Removing the only key this device holds would seal every entry away from it.
    let own = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try h.run("key", "add", recipient).status == 0)
    let removed = try h.run("key", "remove", own)
    #expect(removed.status != 0 && removed.stderr.contains("is your own recipient"), "\(removed.stderr)")
    #expect(try h.run("list").stdout.contains("A walk"))
    // Once added, the device writes.
    let added = try h.run("new", "--no-weather", "Written on the new laptop", env: device)
    #expect(added.status == 0, "\(added.stderr)")
  }

  @Test func everyConversionIsOneCommitThatLeavesNothingUncommitted() throws {
    let h = try Self.encrypted(git: true)
    func status() throws -> String {
      try ChildProcess.run(["git", "-C", h.journal.root, "status", "--porcelain"], environment: h.environment).stdout
    }
    #expect(try status() == "", "init --encrypt left changes uncommitted")
    let (_, recipient) = try Self.secondKey(h)
    for step in [["decrypt"], ["encrypt"], ["key", "add", recipient], ["key", "remove", recipient]] {
      let ran = try IlgiProcess.run(step, environment: h.environment)
      #expect(ran.status == 0, "\(step): \(ran.stderr)")
      #expect(try status() == "", "\(step) left changes uncommitted")
    }
    let subjects = try ChildProcess.run(
      ["git", "-C", h.journal.root, "log", "--format=%s", "-4"], environment: h.environment
    ).stdout
    #expect(
      subjects == "ilgi: encrypt to 1 recipients\nilgi: encrypt to 2 recipients\nilgi: encrypt the journal\n"
        + "ilgi: decrypt the journal\n", "\(subjects)")
  }

  @Test func theAppServesAndSavesAnEncryptedJournal() throws {
    let h = try Self.encrypted()
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    let page = try ServeTests.get(server, "/")
    #expect(page.body.contains("A walk by the \(Self.marker) river"))
    // No entry's title in a page's title, no query in the search form's address.
    let entry = try ServeTests.get(server, "/entry/11111111-1111-4111-8111-111111111111")
    #expect(entry.body.contains("<title>Diary</title>"), "\(entry.body.prefix(600))")
    #expect(try ServeTests.get(server, "/search").body.contains("method=\"post\" action=\"/search\""))
    let made = try AppServeTests.write(
      server, "POST", "/api/entries", ["content": "From the browser \(Self.marker)\n\nText."])
    #expect(made.status == 201)
    let path = try #require(made.json["path"] as? String)
    #expect(path.hasSuffix(".md.age"))
    #expect(Self.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    #expect(try h.run("list").stdout.contains("From the browser"))
  }
}

extension IlgiProcess.Result {
  func expectSuccess() { #expect(status == 0, "\(stderr)") }
}
