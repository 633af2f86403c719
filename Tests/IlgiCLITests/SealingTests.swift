import Foundation
import IlgiAge
import IlgiIndex
import IlgiStore
import IlgiSystem
import IlgiTestSupport
import Testing

/// Whether a journal is encrypted is one durable fact (`.ilgi/config.toml`'s recipients), asked
/// by every writer at every write: a server started earlier follows a conversion made in
/// another terminal, and a journal that cannot tell writes nothing rather than plaintext.
@Suite struct SealingTests {
  static let marker = EncryptionTests.marker

  @Test func aRunningAppFollowsEncryptAndKeyRemoveMadeElsewhere() throws {
    var h = try Harness([
      "2026/11/2026-11-20-0930-walk.md":
        "---\nid: 11111111-1111-4111-8111-111111111111\ndate: 2026-11-20T09:30:00+09:00\n---\nA walk\n\nCold.\n"
    ])
    let runtime = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    h.environment["XDG_RUNTIME_DIR"] = runtime
    try h.run("key", "new").expectSuccess()
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    // Plain when the server started.
    let plain = try AppServeTests.write(server, "POST", "/api/entries", ["content": "Before\n\nplain words"])
    #expect(plain.status == 201)
    #expect((plain.json["path"] as? String)?.hasSuffix(".md") == true)

    try h.run("encrypt").expectSuccess()
    let sealed = try AppServeTests.write(
      server, "POST", "/api/entries", ["content": "After \(Self.marker)\n\nSecret words \(Self.marker)."])
    #expect(sealed.status == 201)
    let path = try #require(sealed.json["path"] as? String)
    #expect(path.hasSuffix(".md.age"), "\(path)")
    #expect(EncryptionTests.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/index.sqlite"))
    #expect(try h.run("list").stdout.contains("After \(Self.marker)"))
    // The app's own index, opened while the journal was plain, is not where it lists from now.
    #expect(try ServeTests.get(server, "/").body.contains("After \(Self.marker)"))
    #expect(EncryptionTests.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/index.sqlite"))

    // A second key added and removed while the server runs: what it writes next, and the
    // index it seals again, no longer open with the removed key.
    let (second, recipient) = try EncryptionTests.secondKey(h)
    try h.run("key", "add", recipient).expectSuccess()
    try h.run("key", "remove", recipient).expectSuccess()
    let later = try AppServeTests.write(server, "POST", "/api/entries", ["content": "Later\n\nwords"])
    #expect(later.status == 201)
    let laterPath = h.journal.root + "/" + (later.json["path"] as? String ?? "")
    #expect(try EncryptionTests.ageDecrypt(laterPath, identity: second).status != 0)
    #expect(try EncryptionTests.ageDecrypt(laterPath, identity: EncryptionTests.identityFile(h)).status == 0)
    #expect(try ServeTests.get(server, "/").body.contains("Later"))
    let index = h.journal.root + "/" + EntryIndex.sealedFile
    #expect(try EncryptionTests.ageDecrypt(index, identity: second).status != 0)
  }

  @Test func gitHooksNeverSeeThePassphraseAndCommitsNameNoTitle() throws {
    let h = try EncryptionTests.encrypted(git: true)
    let seen = h.journal.base + "/hook-env"
    let hook = h.journal.root + "/.git/hooks/pre-commit"
    try "#!/bin/sh\nenv > '\(seen)'\n".write(toFile: hook, atomically: true, encoding: .utf8)
    chmod(hook, 0o755)
    let made = try h.run(
      "new", "--no-weather", "Secret title \(Self.marker)", env: ["ILGI_PASSPHRASE": "hunter2-passphrase"])
    made.expectSuccess()
    let environment = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(environment.contains("GIT_INDEX_FILE") || environment.contains("PATH="))
    #expect(!environment.contains("hunter2-passphrase"))
    // Nor does the editor.
    let editorSaw = h.journal.base + "/editor-env"
    let editor = try h.editor("env > '\(editorSaw)'\nprintf 'Edited here\\n' >> \"$1\"\n")
    let edited = try h.run(
      "new", "--edit", "--no-weather", env: ["ILGI_PASSPHRASE": "hunter2-passphrase", "EDITOR": editor])
    edited.expectSuccess()
    let editorEnvironment = try String(contentsOfFile: editorSaw, encoding: .utf8)
    #expect(editorEnvironment.contains("PATH="))
    #expect(!editorEnvironment.contains("hunter2-passphrase"))
    let log = try ChildProcess.run(["git", "-C", h.journal.root, "log", "--format=%s%n%b"])
    #expect(log.stdout.contains("ilgi: new"), "\(log.stdout)")
    #expect(!log.stdout.contains(Self.marker))
  }

  @Test func aReplacedIndexIsOwnerOnly() throws {
    let h = try Harness([
      "2026/11/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2026-11-21T09:30:00+09:00\n---\nRun\n"
    ])
    try h.run("list").expectSuccess()
    let index = h.journal.root + "/.ilgi/index.sqlite"
    try "not an index".write(toFile: index, atomically: false, encoding: .utf8)
    for suffix in ["-wal", "-shm"] { unlink(index + suffix) }
    let old = umask(0o022)
    defer { umask(old) }
    try h.run("list").expectSuccess()
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: index + suffix) {
      var info = stat()
      #expect(stat(index + suffix, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600, "index.sqlite\(suffix) is \(String(info.st_mode & 0o777, radix: 8))")
    }
  }

  @Test(arguments: ["vim", "vi"])
  func vimKeepsNoLineOfAnEncryptedEntryOnDisk(_ program: String) throws {
    let h = try EncryptionTests.encrypted()
    let home = h.environment["HOME", default: ""]
    // A person's vim keeps history, undo and backups; a line deleted goes to ~/.viminfo.
    try FileManager.default.createDirectory(atPath: home + "/undo", withIntermediateDirectories: true)
    try "set undofile\nset undodir=\(home)/undo\nset backup\nset backupdir=\(home)/undo\nset viminfo='100,<50,s10,h\n"
      .write(toFile: home + "/.vimrc", atomically: true, encoding: .utf8)
    let editor = "\(program) -c '/Cold and bright/d' -c 'wq'"
    let edited = try h.runOnTerminal("edit 11111111", env: ["EDITOR": editor, "TERM": "xterm"])
    #expect(edited.status == 0, "\(edited.stdout)")
    #expect(!(try h.run("show", "11111111").stdout.contains("Cold and bright")))
    #expect(EncryptionTests.filesHolding("Cold and bright", under: home).isEmpty)
    #expect(EncryptionTests.filesHolding(Self.marker, under: home).isEmpty)
    #expect(EncryptionTests.filesHolding("Cold and bright", under: h.journal.root).isEmpty)
  }

  @Test func theSiteOfAnEncryptedJournalIsOwnerOnly() throws {
    let h = try EncryptionTests.encrypted()
    let site = h.journal.base + "/site"
    let old = umask(0o022)
    defer { umask(old) }
    try h.run("export", "html", "--out", site).expectSuccess()
    var open: [String] = []
    for case let name as String in FileManager.default.enumerator(atPath: site) ?? NSEnumerator() {
      var info = stat()
      guard lstat(site + "/" + name, &info) == 0 else { continue }
      if info.st_mode & 0o077 != 0 { open.append("\(name) \(String(info.st_mode & 0o777, radix: 8))") }
    }
    var top = stat()
    #expect(stat(site, &top) == 0 && top.st_mode & 0o777 == 0o700)
    #expect(open.isEmpty, "\(open.prefix(5))")
    #expect(!EncryptionTests.filesHolding(Self.marker, under: site).isEmpty)
    // A page a killed export left half written (decrypted text) is swept by the next export.
    let left = site + "/.index.html.ilgi-2147483646-deadbeef.tmp"
    try "A walk by the \(Self.marker) river\n".write(toFile: left, atomically: false, encoding: .utf8)
    try h.run("export", "html", "--out", site).expectSuccess()
    #expect(!FileManager.default.fileExists(atPath: left))
    let names = try FileManager.default.contentsOfDirectory(atPath: site)
    #expect(names.allSatisfy { !$0.hasSuffix(".tmp") }, "\(names)")
  }

  @Test func aConversionRemovesThePlaintextTemporaryAKilledRunLeft() throws {
    let h = try EncryptionTests.encrypted()
    // What a decrypt killed mid-write leaves beside a file it had not finished.
    let left = h.journal.root + "/2026/11/.2026-11-20-0930.md.ilgi-2147483646-deadbeef.tmp"
    try "A walk by the \(Self.marker) river\n".write(toFile: left, atomically: false, encoding: .utf8)
    try h.run("encrypt").expectSuccess()
    #expect(!FileManager.default.fileExists(atPath: left))
    #expect(EncryptionTests.filesHolding(Self.marker, under: h.journal.root).isEmpty)
  }

  @Test func aDamagedConfigNeverTurnsAnEncryptedJournalPlain() throws {
    let h = try EncryptionTests.encrypted()
    let config = h.journal.root + "/.ilgi/config.toml"
    let text = try String(contentsOfFile: config, encoding: .utf8)
    // What a sync conflict leaves.
    try ("<<<<<<< HEAD\n" + text + "=======\n" + text + ">>>>>>> other\n").write(
      toFile: config, atomically: true, encoding: .utf8)
    try? FileManager.default.removeItem(atPath: h.journal.root + "/" + EntryIndex.sealedFile)
    let before = h.journal.snapshot()
    for arguments in [["list"], ["new", "--no-weather", "Plain \(Self.marker)"], ["search", "walk"]] {
      let result = try IlgiProcess.run(arguments, environment: h.environment)
      #expect(result.status == 65, "\(arguments): \(result.stderr)")
      // The config's own warning (its line), then the refusal.
      #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
      #expect(result.stderr.contains("cannot tell whether this journal is encrypted"), "\(result.stderr)")
      #expect(result.stderr.contains(".ilgi/config.toml cannot be read"), "\(result.stderr)")
    }
    #expect(h.journal.snapshot() == before)
    #expect(EncryptionTests.filesHolding(Self.marker, under: h.journal.root).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/index.sqlite"))
  }

  @Test func aRecipientListGoneBesideASealedIndexStopsWrites() throws {
    let h = try EncryptionTests.encrypted()
    _ = try h.run("list")
    try "locale = \"en\"\n".write(toFile: h.journal.root + "/.ilgi/config.toml", atomically: true, encoding: .utf8)
    let result = try h.run("new", "--no-weather", "Plain \(Self.marker)")
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("lists no encryption.recipients, but the journal's index is sealed"))
    #expect(EncryptionTests.filesHolding(Self.marker, under: h.journal.root).isEmpty)
  }

  @Test func recipientsSetOutsideTheJournalsConfigAreRefusedNotIgnored() throws {
    let h = try Harness([
      "2026/11/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2026-11-21T09:30:00+09:00\n---\nRun\n"
    ])
    let recipient = X25519Identity.generate().recipient.encoded
    let before = h.journal.snapshot()
    let made = try h.run(
      "new", "--no-weather", "Plain \(Self.marker)", env: ["ILGI_ENCRYPTION_RECIPIENTS": recipient])
    #expect(made.status == 1, "\(made.stderr)")
    #expect(made.stderr.contains("encryption.recipients is set outside"), "\(made.stderr)")
    #expect(h.journal.snapshot() == before)
  }

  @Test func initEncryptSaysTheMemoryFolderItsDraftsGoTo() throws {
    var h = try Harness()
    let runtime = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    h.environment["XDG_RUNTIME_DIR"] = runtime
    let made = try h.run("init", "--encrypt", h.journal.root)
    made.expectSuccess()
    #expect(made.stdout.contains("drafts are kept in memory (\(runtime)/ilgi/drafts-"), "\(made.stdout)")
    #expect(!made.stdout.contains(".ilgi/drafts"))
  }

  @Test func aPlainJournalWithABrokenConfigStaysPlainAndWarns() throws {
    let h = try Harness([
      "2026/11/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2026-11-21T09:30:00+09:00\n---\nRun\n"
    ])
    try "locale = \n".write(toFile: h.journal.root + "/.ilgi/config.toml", atomically: true, encoding: .utf8)
    let list = try h.run("list")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Run"))
  }

  @Test func anInterruptedKeyRemoveIsFinishedByRunningItAgain() throws {
    let h = try EncryptionTests.encrypted()
    let (second, recipient) = try EncryptionTests.secondKey(h)
    let own = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try h.run("key", "add", recipient).expectSuccess()
    // What a run stopped after writing the list leaves: the change begun, the list without the
    // key, every file still sealed to both.
    let removed = try KeyRecipient(recipient)
    let store = try JournalStore(root: h.journal.root, reader: EntryReader(timeZone: .current))
    try KeyChange(removed: [removed]).begin(in: store)
    Thread.sleep(forTimeInterval: 0.02)
    try h.run("config", "set", "encryption.recipients", own).expectSuccess()
    let doctor = try h.run("doctor")
    #expect(doctor.status == 1)
    for name in ["2026-11-20-0930.md.age", "2026-11-21-2200.md.age"] {
      #expect(doctor.stdout.contains("2026/11/\(name): still sealed to \(recipient)"), "\(doctor.stdout)")
      #expect(try EncryptionTests.ageDecrypt(h.journal.root + "/2026/11/" + name, identity: second).status == 0)
    }

    let again = try h.run("key", "remove", recipient)
    #expect(again.status == 0, "\(again.stderr)")
    for name in ["2026-11-20-0930.md.age", "2026-11-21-2200.md.age"] {
      #expect(try EncryptionTests.ageDecrypt(h.journal.root + "/2026/11/" + name, identity: second).status != 0)
    }
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/" + KeyChange.file))
    #expect(try h.run("doctor").status == 0)
    // With nothing left to finish, the key is a stranger again.
    #expect(try h.run("key", "remove", recipient).status == 66)
  }
}

/// A file named `NAME.md.age` is an age file or a file that cannot be decrypted: never an entry
/// titled by its first line.
@Suite struct NotAnAgeFileTests {
  static let vectors =
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
    + "/IlgiAgeTests/CCTV"

  @Test func everyFailingAgeVectorAndAnEmptyFileIsNamedOnceAndCountedByDoctor() throws {
    let h = try EncryptionTests.encrypted()
    var names = ["zero-bytes.md.age"]
    _ = FileManager.default.createFile(atPath: h.journal.root + "/2026/11/zero-bytes.md.age", contents: Data())
    for vector in try FileManager.default.contentsOfDirectory(atPath: Self.vectors).sorted()
    where vector != "LICENSE" && vector != "README.md" {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.vectors + "/" + vector)))
      let text = String(decoding: bytes.prefix(400), as: UTF8.self)
      guard !text.contains("expect: success"), !text.contains("compressed: zlib"),
        let split = bytes.indices.first(where: { $0 > 0 && bytes[$0] == 0x0A && bytes[$0 - 1] == 0x0A })
      else { continue }
      names.append(vector + ".md.age")
      try Data(bytes[(split + 1)...]).write(to: URL(fileURLWithPath: h.journal.root + "/2026/11/" + vector + ".md.age"))
    }
    #expect(names.count > 80)
    for armored in ["armor_garbage_leading", "armor_lowercase", "armor_whitespace_begin", "armor_wrong_type"] {
      #expect(names.contains(armored + ".md.age"))
    }
    let list = try h.run("list", "-n", "500")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("A walk by the"))
    #expect(!list.stdout.contains("BEGIN"), "an armor line was taken for a title")
    // Each is named once, but those sealed to keys no identity here matches, which are one line
    // that counts them (doctor names them all).
    var unnamed = 0
    for name in names {
      let lines = list.stderr.split(separator: "\n").filter {
        $0.contains("2026/11/" + name + " could not be decrypted")
      }
      #expect(lines.count <= 1, "\(name): \(list.stderr)")
      unnamed += lines.isEmpty ? 1 : 0
    }
    #expect(unnamed > 1 && unnamed < names.count)
    #expect(
      list.stderr.contains(
        "ilgi: warning: \(unnamed) entries are sealed to keys this device does not hold (ilgi doctor lists them);"),
      "\(list.stderr)")
    let doctor = try h.run("doctor")
    #expect(doctor.status == 1)
    #expect(doctor.stderr.contains("\(names.count) problems"), "\(doctor.stderr)")
    #expect(names.filter { !doctor.stdout.contains("2026/11/" + $0 + " ") }.isEmpty, "\(doctor.stdout)")
  }
}

/// A `.md` link in the journal that leads out of it (from a collaborator's commit, say) is named
/// once and never listed, served, exported, encrypted into the journal or written.
@Suite struct LinkOutsideTests {
  @Test func aLinkOutOfTheJournalIsNamedAndNeverRead() throws {
    let h = try Harness([
      "2026/11/2026-11-20-0930-walk.md":
        "---\nid: 11111111-1111-4111-8111-111111111111\ndate: 2026-11-20T09:30:00+09:00\n---\nA walk\n\nCold.\n"
    ])
    let secret = h.journal.base + "/secret.md"
    let text =
      "---\nid: 99999999-9999-4999-8999-999999999999\ndate: 2026-11-21T09:30:00+09:00\n---\nOutside secret\n\nwords\n"
    try text.write(toFile: secret, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: h.journal.root + "/2026/11/outside.md", withDestinationPath: secret)
    let list = try h.run("list")
    #expect(list.status == 0)
    #expect(list.stdout.contains("A walk"))
    #expect(!list.stdout.contains("Outside secret"))
    #expect(list.stderr.contains("2026/11/outside.md is a link to \(secret), outside the journal"), "\(list.stderr)")
    #expect(try h.run("search", "secret").stdout.contains("Outside") == false)
    #expect(try h.run("show", "99999999").status != 0)
    let doctor = try h.run("doctor")
    #expect(doctor.status == 1)
    #expect(doctor.stdout.contains("2026/11/outside.md"))

    let site = h.journal.base + "/site"
    try h.run("export", "html", "--out", site).expectSuccess()
    #expect(EncryptionTests.filesHolding("Outside secret", under: site).isEmpty)

    let server = try ServeTests.Server(h, [])
    let page = try ServeTests.get(server, "/")
    _ = server.stop()
    #expect(page.body.contains("A walk"))
    #expect(!page.body.contains("Outside secret"))

    try h.run("key", "new").expectSuccess()
    var env = h.environment
    env["XDG_RUNTIME_DIR"] = h.journal.base
    _ = try IlgiProcess.run(["encrypt"], environment: env)
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == text)
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/2026/11/outside.md.age"))
  }
}
