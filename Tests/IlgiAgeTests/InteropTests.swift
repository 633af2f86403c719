import Foundation
import IlgiAge
import IlgiSystem
import IlgiTestSupport
import Testing

/// Files the real `age` writes are read here, and files written here are read by `age`: X25519
/// and passphrase files, binary and armored, at the sizes where the chunking changes.
@Suite struct InteropTests {
  enum Size: Int, CaseIterable, CustomTestStringConvertible {
    case empty = 0
    case oneChunk = 65536
    case oneByteOver = 65537
    case tenMegabytes = 10_485_760
    var testDescription: String { "\(rawValue) bytes" }
  }

  static let passphrase = "correct horse battery 일기"

  /// A folder with a key pair made by age-keygen, and plaintext of the given size.
  struct Workspace {
    let folder: String
    let identityFile: String
    let recipient: String
    let plaintext: [UInt8]

    init(size: Int) throws {
      folder = NSTemporaryDirectory() + "ilgi-age-" + UUID().uuidString
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      identityFile = folder + "/key.txt"
      let made = try ChildProcess.run([try TestTools.ageKeygen, "-o", identityFile])
      #expect(made.status == 0, "\(made.stderr)")
      recipient = try ChildProcess.run([try TestTools.ageKeygen, "-y", identityFile]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
      plaintext = [UInt8](random.readData(ofLength: size))
      try Data(plaintext).write(to: URL(fileURLWithPath: folder + "/plain"))
    }

    func identities() throws -> [any AgeIdentity] {
      try AgeFile.identities(in: String(contentsOfFile: identityFile, encoding: .utf8))
    }

    func read(_ name: String) throws -> [UInt8] {
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }
    func write(_ name: String, _ bytes: [UInt8]) throws {
      try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test(arguments: Size.allCases, [false, true])
  func ageX25519FilesOpenHere(size: Size, armor: Bool) throws {
    let space = try Workspace(size: size.rawValue)
    defer { space.remove() }
    let made = try ChildProcess.run(
      [try TestTools.age, "-r", space.recipient] + (armor ? ["-a"] : []) + [
        "-o", space.folder + "/enc", space.folder + "/plain",
      ])
    #expect(made.status == 0, "\(made.stderr)")
    let file = try space.read("enc")
    #expect(AgeFile.isEncrypted(file))
    #expect(try AgeFile.decrypt(file, with: try space.identities()) == space.plaintext)
  }

  @Test(arguments: Size.allCases, [false, true])
  func x25519FilesWrittenHereOpenWithAge(size: Size, armor: Bool) throws {
    let space = try Workspace(size: size.rawValue)
    defer { space.remove() }
    let recipient = try X25519Recipient(space.recipient)
    try space.write("enc", try AgeFile.encrypt(space.plaintext, to: [recipient], armor: armor))
    let opened = try ChildProcess.run(
      [try TestTools.age, "-d", "-i", space.identityFile, "-o", space.folder + "/out", space.folder + "/enc"])
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(((try? space.read("out")) ?? []) == space.plaintext)
  }

  @Test(arguments: Size.allCases, [false, true])
  func agePassphraseFilesOpenHere(size: Size, armor: Bool) throws {
    let space = try Workspace(size: size.rawValue)
    defer { space.remove() }
    let made = try TestTools.onTerminal(
      [try TestTools.age, "-p"] + (armor ? ["-a"] : []) + ["-o", space.folder + "/enc", space.folder + "/plain"],
      typing: Self.passphrase + "\n" + Self.passphrase + "\n")
    #expect(made.status == 0, "\(made.stdout)")
    let file = try space.read("enc")
    #expect(try AgeFile.decrypt(file, with: [ScryptIdentity(passphrase: Self.passphrase)]) == space.plaintext)
    if size == .empty {
      #expect(throws: AgeError.wrongPassphrase) {
        try AgeFile.decrypt(file, with: [ScryptIdentity(passphrase: "wrong")])
      }
    }
    #expect(throws: AgeError.needsPassphrase) { try AgeFile.decrypt(file, with: try space.identities()) }
  }

  @Test(arguments: Size.allCases, [false, true])
  func passphraseFilesWrittenHereOpenWithAge(size: Size, armor: Bool) throws {
    let space = try Workspace(size: size.rawValue)
    defer { space.remove() }
    // A lighter work factor than the default 18 keeps the matrix quick; age reads any up to 22.
    let workFactor = size == .empty ? 18 : 15
    let file = try AgeFile.encrypt(
      space.plaintext, to: [ScryptRecipient(passphrase: Self.passphrase, workFactor: workFactor)], armor: armor)
    try space.write("enc", file)
    let opened = try TestTools.onTerminal(
      [try TestTools.age, "-d", "-o", space.folder + "/out", space.folder + "/enc"], typing: Self.passphrase + "\n")
    #expect(opened.status == 0, "\(opened.stdout)")
    // age makes its output file at its first write: an empty text makes none.
    #expect(((try? space.read("out")) ?? []) == space.plaintext)
  }

  @Test func keysReadTheWayAgeKeygenWritesThem() throws {
    let space = try Workspace(size: 0)
    defer { space.remove() }
    let identity = try #require(try space.identities().first as? KeyIdentity)
    #expect(identity.recipient.encoded == space.recipient)
    let text = try String(contentsOfFile: space.identityFile, encoding: .utf8)
    #expect(text.contains(identity.encoded))
    // A key made here is one age-keygen reads back to the same recipient.
    let mine = X25519Identity.generate()
    try space.write("mine.txt", Array((mine.encoded + "\n").utf8))
    let derived = try ChildProcess.run([try TestTools.ageKeygen, "-y", space.folder + "/mine.txt"])
    #expect(derived.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == mine.recipient.encoded)
  }

  @Test func everyRecipientOpensAFileForSeveral() throws {
    let one = X25519Identity.generate()
    let two = X25519Identity.generate()
    let file = try AgeFile.encrypt(Array("일기".utf8), to: [one.recipient, two.recipient])
    #expect(try AgeFile.decrypt(file, with: [one]) == Array("일기".utf8))
    #expect(try AgeFile.decrypt(file, with: [two]) == Array("일기".utf8))
    #expect(throws: AgeError.noIdentityMatches) { try AgeFile.decrypt(file, with: [X25519Identity.generate()]) }
  }
}
