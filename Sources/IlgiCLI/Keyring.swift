import Foundation
import IlgiAge
import IlgiFormat
import IlgiStore
import IlgiSystem

#if canImport(Glibc)
  import Glibc
#endif

/// This person's age identity: where it is kept, how it is made, and how it is unlocked.
///
/// The file is age's own identity format (what `age-keygen` writes), so `age -d -i` reads it;
/// one protected by a passphrase is an age file encrypted with that passphrase, as age makes it.
struct Keyring: Sendable {
  /// The identity file: `ILGI_IDENTITY`, else `$XDG_CONFIG_HOME/ilgi/identity.txt`.
  let path: String
  /// `ILGI_PASSPHRASE`, for scripts; otherwise a passphrase is asked on the terminal.
  let passphrase: String?
  /// How the path is shown (`~` for the home folder).
  let shown: String
  /// The passphrase typed for the file, kept for this run: a server reads the file again when
  /// a key is added to it, and cannot ask on a terminal then.
  let typed = TypedPassphrase()

  /// A passphrase typed once, for the rest of the run.
  final class TypedPassphrase: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    var value: String? {
      get { lock.withLock { text } }
      set { lock.withLock { text = newValue } }
    }
  }

  init(_ context: Context) { self.init(context.invocation) }

  /// The keyring of a run, from its environment alone (no settings are read).
  init(_ invocation: Invocation) {
    let variables = invocation.variables
    if let named = variables["ILGI_IDENTITY"], !named.isEmpty {
      path = invocation.expand(named)
    } else {
      path = (Settings.globalPath(variables: variables) as NSString).deletingLastPathComponent + "/identity.txt"
    }
    passphrase = variables["ILGI_PASSPHRASE"].flatMap { $0.isEmpty ? nil : $0 }
    shown = Context.display(path, variables: variables)
  }

  var exists: Bool { LocalFileSystem().exists(atPath: path) }

  /// The file's inode, size and time: changed when a key is added to it (it is replaced).
  var signature: String? {
    guard let status = try? LocalFileSystem().status(atPath: path) else { return nil }
    return "\(status.inode) \(status.size) \(status.modified.timeIntervalSince1970)"
  }

  /// The identities in the file, unlocked with the passphrase when it has one: the one given
  /// or typed before, else one asked on the terminal when `asking`.
  func identities(asking: Bool = true) throws(JournalCipher.KeyError) -> [any AgeIdentity] {
    let text = try opened(path, asking: asking).text
    do {
      return try AgeFile.identities(in: String(decoding: text, as: UTF8.self))
    } catch {
      throw JournalCipher.KeyError(tr(.keyUnreadable, shown, error.description))
    }
  }

  /// The text of the identity file at `path` (this one, or the file a link of it names), and
  /// the passphrase that opened it when it has one: given, typed before, or asked on the
  /// terminal when `asking`.
  private func opened(_ path: String, asking: Bool) throws(JournalCipher.KeyError) -> (
    text: [UInt8], passphrase: String?
  ) {
    let bytes: [UInt8]
    do {
      bytes = try LocalFileSystem().readFile(atPath: path, limit: 1 << 20)
    } catch {
      if error.code == ENOENT { throw JournalCipher.KeyError(tr(.keyMissing, shown)) }
      throw JournalCipher.KeyError(tr(.keyUnreadable, shown, error.reason.lowercased()))
    }
    guard AgeFile.isEncrypted(bytes) else { return (bytes, nil) }
    guard let given = passphrase ?? typed.value ?? (asking ? Self.ask(tr(.keyPassphrasePrompt, shown)) : nil) else {
      throw JournalCipher.KeyError(tr(.keyPassphraseNeeded, shown))
    }
    do {
      let text = try AgeFile.decrypt(bytes, with: [ScryptIdentity(passphrase: given)])
      typed.value = given
      return (text, given)
    } catch {
      throw JournalCipher.KeyError(tr(.keyUnreadable, shown, error.description))
    }
  }

  /// Writes a new identity (owner-only, never over an existing file), of the post-quantum
  /// hybrid kind when `postQuantum`, protected by `passphrase` when one is given. Returns it.
  func create(passphrase: String?, postQuantum: Bool) throws -> KeyIdentity {
    let identity = KeyIdentity.generate(postQuantum: postQuantum)
    var text = Self.lines(for: identity)
    if let passphrase { text = try AgeFile.encrypt(text, to: [ScryptRecipient(passphrase: passphrase)], armor: true) }
    let fileSystem = LocalFileSystem()
    do {
      try fileSystem.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, permissions: JournalLayout.folderPermissions)
      try fileSystem.createAtomically(text, atPath: path, permissions: JournalLayout.filePermissions)
    } catch {
      if error.code == EEXIST { throw Failure(tr(.keyExists, shown)) }
      throw Diagnostics.describe(JournalError(path: path, reason: .io(error)))
    }
    return identity
  }

  /// Adds a post-quantum identity to the file beside the ones it holds, under the same
  /// passphrase if it has one; the file is replaced whole and atomically, under a lock so two
  /// runs at once cannot drop each other's key. Returns it.
  func addPostQuantum() throws -> KeyIdentity {
    let fileSystem = LocalFileSystem()
    // A link (an identity file kept with other dotfiles) is followed: the key goes into the file
    // it names, and the link stays.
    let path = Self.resolved(self.path)
    let folder = (path as NSString).deletingLastPathComponent
    let lock: FileLock
    do {
      lock = try fileSystem.lockExclusively(atPath: folder + "/.identity.lock", wait: true)
    } catch {
      throw Diagnostics.describe(JournalError(path: path, reason: .io(error)))
    }
    defer { lock.unlock() }
    var (text, passphrase): ([UInt8], String?)
    do {
      (text, passphrase) = try opened(path, asking: true)
    } catch {
      throw Failure(error.message)
    }
    let held: [KeyIdentity]
    do {
      held = try AgeFile.identities(in: String(decoding: text, as: UTF8.self))
    } catch {
      throw Failure(tr(.keyUnreadable, shown, error.description))
    }
    if let hybrid = held.first(where: \.recipient.isPostQuantum) {
      throw Failure(tr(.keyPostQuantumExists, shown, hybrid.recipient.shown))
    }
    let identity = KeyIdentity.generate(postQuantum: true)
    if text.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
    text += Self.lines(for: identity)
    if let passphrase { text = try AgeFile.encrypt(text, to: [ScryptRecipient(passphrase: passphrase)], armor: true) }
    do {
      try fileSystem.writeAtomically(text, toPath: path, permissions: JournalLayout.filePermissions)
    } catch {
      throw Diagnostics.describe(JournalError(path: path, reason: .io(error)))
    }
    return identity
  }

  /// `path` with every link in it followed, or as it is when it cannot be.
  static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }

  /// An identity as age-keygen writes it: when it was made, its public key, the key.
  private static func lines(for identity: KeyIdentity) -> [UInt8] {
    let created = ISO8601DateFormatter().string(from: Date())
    return Array("# created: \(created)\n# public key: \(identity.recipient.encoded)\n\(identity.encoded)\n".utf8)
  }

  /// A line typed on the terminal without echo; nil when there is no terminal.
  static func ask(_ prompt: String) -> String? {
    let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var saved = termios()
    let isTerminal = tcgetattr(fd, &saved) == 0
    if isTerminal {
      var quiet = saved
      quiet.c_lflag &= ~tcflag_t(ECHO)
      // At once, keeping what was typed before the prompt showed (as age does).
      tcsetattr(fd, TCSANOW, &quiet)
    }
    defer {
      if isTerminal {
        tcsetattr(fd, TCSANOW, &saved)
        _ = write(fd, "\n", 1)
      }
    }
    _ = prompt.withCString { write(fd, $0, strlen($0)) }
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(fd, &byte, 1) == 1, byte != 0x0a {
      if byte != 0x0d { line.append(byte) }
    }
    return String(decoding: line, as: UTF8.self)
  }
}
