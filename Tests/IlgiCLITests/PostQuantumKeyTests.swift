import Foundation
import IlgiAge
import IlgiTestSupport
import Testing

/// Post-quantum keys through the built binary: a journal sealed to one from the start, and the
/// way over from an X25519 key (add the new key, remove the old), with both opening it meanwhile.
@Suite struct PostQuantumKeyTests {
  static let entries = [
    "2026/11/2026-11-20-0930-walk.md":
      "---\nid: 11111111-1111-4111-8111-111111111111\ndate: 2026-11-20T09:30:00+09:00\n---\nA walk by the river\n\nCold.\n",
    "2026/11/2026-11-21-2200-tea.md":
      "---\nid: 22222222-2222-4222-8222-222222222222\ndate: 2026-11-21T22:00:00+09:00\n---\nTea at night\n\nGreen.\n",
  ]
  static let sealed = ["2026/11/2026-11-20-0930.md.age", "2026/11/2026-11-21-2200.md.age"]

  static func harness() throws -> Harness {
    var h = try Harness(entries)
    let runtime = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    h.environment["XDG_RUNTIME_DIR"] = runtime
    return h
  }

  static func identityFile(_ h: Harness) -> String { h.environment["HOME", default: ""] + "/.config/ilgi/identity.txt" }

  /// The stanza types of each sealed entry's header.
  static func stanzaTypes(_ h: Harness) throws -> [Set<String>] {
    try sealed.map { name in
      let text = String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: h.journal.root + "/" + name)), as: UTF8.self)
      let header = text.components(separatedBy: "\n---")[0]
      return Set(
        header.split(separator: "\n").filter { $0.hasPrefix("-> ") }.map { String($0.split(separator: " ")[1]) })
    }
  }

  /// An identity file holding the lines of `identities`, for a device with only those keys.
  static func keyFile(_ h: Harness, _ name: String, _ identities: [String]) throws -> String {
    let path = h.journal.base + "/" + name
    try (identities.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func identityLines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      .filter { $0.hasPrefix("AGE-SECRET-KEY-") }
  }

  @Test func initPQSealsEveryEntryToAPostQuantumKeyAlone() throws {
    let h = try Self.harness()
    let made = try h.run("init", "--pq", h.journal.root)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.contains("Made your identity"), "\(made.stdout)")
    let keys = try Self.identityLines(Self.identityFile(h))
    #expect(keys.count == 1 && keys[0].hasPrefix("AGE-SECRET-KEY-PQ-1"))
    #expect(try Self.stanzaTypes(h) == [["mlkem768x25519"], ["mlkem768x25519"]])
    let shown = try h.run("key", "show").stdout
    #expect(shown.hasPrefix("age1pq1") && shown.count == 1960, "one recipient, whole, on one line")
    #expect(try h.run("config", "get", "encryption.recipients").stdout == shown)
    #expect(try h.run("list").stdout.contains("A walk by the river"))
    // Opened by the age library with the key alone, not through ilgi's journal code.
    let identity = try KeyIdentity(keys[0])
    let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: h.journal.root + "/" + Self.sealed[1])))
    #expect(String(decoding: try AgeFile.decrypt(file, with: [identity]), as: UTF8.self).contains("Tea at night"))
  }

  @Test func aJournalMovesFromAnX25519KeyToAPostQuantumOne() throws {
    let h = try Self.harness()
    try h.run("init", "--encrypt", h.journal.root).expectSuccess()
    let classic = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(classic.hasPrefix("age1") && !classic.hasPrefix("age1pq1"))

    // A passphrase cannot be set on a file that exists: refused, nothing changed.
    let before = try String(contentsOfFile: Self.identityFile(h), encoding: .utf8)
    let refused = try h.run("key", "new", "--pq", "--passphrase")
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("leave out --passphrase"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: Self.identityFile(h), encoding: .utf8) == before)

    let added = try h.run("key", "new", "--pq")
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Added a post-quantum identity"), "\(added.stdout)")
    let keys = try Self.identityLines(Self.identityFile(h))
    #expect(keys.count == 2 && keys[1].hasPrefix("AGE-SECRET-KEY-PQ-1"))
    let shown = try h.run("key", "show").stdout.split(separator: "\n").map(String.init)
    #expect(shown.count == 2 && shown[0] == classic && shown[1].hasPrefix("age1pq1"))
    let pq = shown[1]
    let again = try h.run("key", "new", "--pq")
    #expect(again.status == 1)
    #expect(again.stderr.contains("holds a post-quantum identity already"), "\(again.stderr)")

    // Sealed to both: each key alone opens the journal, and the note says what is still weak.
    let both = try h.run("key", "add", pq)
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stdout.hasPrefix("Added age1pq1"), "\(both.stdout)")
    #expect(both.stdout.count < 200, "a hybrid key is shortened in messages")
    #expect(both.stderr.contains("also sealed to 1 X25519 key"), "\(both.stderr)")
    #expect(try Self.stanzaTypes(h) == [["X25519", "mlkem768x25519"], ["X25519", "mlkem768x25519"]])
    let onlyClassic = try Self.keyFile(h, "classic.txt", [keys[0]])
    let onlyPQ = try Self.keyFile(h, "pq.txt", [keys[1]])
    #expect(try h.run("list", env: ["ILGI_IDENTITY": onlyClassic]).stdout.contains("A walk"))
    #expect(try h.run("list", env: ["ILGI_IDENTITY": onlyPQ]).stdout.contains("A walk"))

    // The old key goes: this device keeps its post-quantum one, so it is not locked out.
    let removed = try h.run("key", "remove", classic)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!removed.stderr.contains("X25519"), "\(removed.stderr)")
    #expect(try Self.stanzaTypes(h) == [["mlkem768x25519"], ["mlkem768x25519"]])
    #expect(
      try h.run("list", env: ["ILGI_IDENTITY": onlyClassic]).stderr.contains("sealed to keys this device does not hold")
    )
    #expect(try h.run("list").stdout.contains("Tea at night"))
    let own = try h.run("key", "remove", pq)
    #expect(own.status == 1)
    #expect(own.stderr.contains("is the journal's only recipient"), "\(own.stderr)")
  }

  /// `ilgi serve` keeps running while the journal moves to a post-quantum key in a terminal:
  /// it reads the identity file again once it changed, and goes on writing and reading.
  @Test func aRunningServerTakesUpAKeyAddedToItsIdentityFile() throws {
    let h = try Self.harness()
    try h.run("init", "--encrypt", h.journal.root).expectSuccess()
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    func write(_ text: String) throws -> Int {
      try AppServeTests.write(server, "POST", "/api/entries", ["content": text]).status
    }
    #expect(try write("Before the new key") == 201)
    let classic = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try h.run("key", "new", "--pq").expectSuccess()
    let pq = try #require(try h.run("key", "show").stdout.split(separator: "\n").last.map(String.init))
    try h.run("key", "add", pq).expectSuccess()
    try h.run("key", "remove", classic).expectSuccess()
    #expect(try Self.stanzaTypes(h).allSatisfy { $0 == ["mlkem768x25519"] })
    // The server looks at the file at most once a second.
    Thread.sleep(forTimeInterval: 1.1)
    #expect(try write("After the new key") == 201)
    let list = try ServeTests.get(server, "/").body
    for title in ["Before the new key", "After the new key", "Tea at night"] {
      #expect(list.contains(title), "\(title) is not in the app's list")
    }
  }

  /// `init --pq` over an X25519 identity adds a post-quantum one and seals to it alone.
  @Test func initPQBesideAnX25519KeySealsToTheNewKey() throws {
    let h = try Self.harness()
    try h.run("key", "new").expectSuccess()
    let made = try h.run("init", "--pq", h.journal.root)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.contains("Added a post-quantum identity"), "\(made.stdout)")
    #expect(try Self.stanzaTypes(h) == [["mlkem768x25519"], ["mlkem768x25519"]])
  }

  /// An identity file that is a link (kept with other dotfiles) stays a link, and the key is
  /// added to the file it names.
  @Test func aKeyIsAddedThroughALinkToTheFileItNames() throws {
    let h = try Self.harness()
    try h.run("key", "new").expectSuccess()
    let link = Self.identityFile(h)
    let kept = h.journal.base + "/dotfiles/identity.txt"
    try FileManager.default.createDirectory(atPath: h.journal.base + "/dotfiles", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: link, toPath: kept)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: kept)
    try h.run("key", "new", "--pq").expectSuccess()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == kept)
    #expect(try Self.identityLines(kept).map { $0.hasPrefix("AGE-SECRET-KEY-PQ-1") } == [false, true])
  }

  @Test func aKeyAddedToAProtectedIdentityFileKeepsItsPassphrase() throws {
    var h = try Self.harness()
    h.environment["ILGI_PASSPHRASE"] = "a long walk 일기"
    try h.run("key", "new", "--passphrase").expectSuccess()
    try h.run("key", "new", "--pq").expectSuccess()
    let text = try String(contentsOfFile: Self.identityFile(h), encoding: .utf8)
    #expect(text.hasPrefix("-----BEGIN AGE ENCRYPTED FILE-----"))
    #expect(!text.contains("AGE-SECRET-KEY"))
    let opened = try AgeFile.decrypt(Array(text.utf8), with: [ScryptIdentity(passphrase: "a long walk 일기")])
    let identities = try AgeFile.identities(in: String(decoding: opened, as: UTF8.self))
    #expect(identities.map(\.recipient.isPostQuantum) == [false, true])
    let wrong = try h.run("key", "new", "--pq", env: ["ILGI_PASSPHRASE": "not it"])
    #expect(wrong.status != 0)
    #expect(try String(contentsOfFile: Self.identityFile(h), encoding: .utf8) == text)
  }

  @Test func aDamagedPostQuantumRecipientIsOneLineAndChangesNothing() throws {
    let h = try Self.harness()
    try h.run("init", "--pq", h.journal.root).expectSuccess()
    let pq = try h.run("key", "show").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let before = h.journal.snapshot()
    for bad in [String(pq.dropLast(3)), pq.uppercased(), "age1pq1qqqq"] {
      let result = try h.run("key", "add", bad)
      #expect(result.status == 64)
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("is not an age post-quantum recipient (age1pq1...)"), "\(result.stderr)")
      #expect(result.stderr.count < 200)
    }
    #expect(h.journal.snapshot() == before)
  }
}
