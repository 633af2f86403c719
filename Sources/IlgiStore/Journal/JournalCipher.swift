import Foundation
import IlgiAge

/// This person's keys to an encrypted journal (FORMAT.md "Encrypted journals"): the identities
/// that open its files, unlocked the first time a file needs them (a passphrase is asked at
/// most once), and again when their file changes under a process that runs on (`ilgi serve`
/// while `ilgi key new --pq` adds a key). Whom files are sealed to is the journal's own fact
/// (`JournalSealing`), not this.
public final class JournalCipher: @unchecked Sendable {
  /// Where the identities come from, and why they could not be had; `asking` when a
  /// passphrase may be asked for on the terminal (not when the file is read again under a
  /// running server).
  public typealias Unlock = @Sendable (_ asking: Bool) throws(KeyError) -> [any AgeIdentity]

  /// Why the identities could not be had: one line naming the identity file and what to do.
  public struct KeyError: Error, Sendable, Equatable {
    /// The line to show.
    public var message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
  }

  /// What the identities come from as it is now (the identity file's inode, size and time),
  /// nil when that cannot be told.
  public typealias Source = @Sendable () -> String?

  private let unlock: Unlock
  private let source: Source?
  private let lock = NSLock()
  private var unlocked: Result<[any AgeIdentity], KeyError>?
  /// `source` when `unlocked` was had, and when it was last looked at.
  private var unlockedFrom: String?
  private var looked: UInt64 = 0

  /// How often the source is looked at, at most: a rebuild opens thousands of files a second.
  static let lookEvery: UInt64 = 1_000_000_000

  /// Keys that open with what `unlock` gives, had again when `source` changes.
  public init(unlock: @escaping Unlock, source: Source? = nil) {
    self.unlock = unlock
    self.source = source
  }

  /// The identities, unlocked once, and again (without asking) when their source changed.
  /// What was had is kept when the changed source cannot be read.
  public func identities() throws(KeyError) -> [any AgeIdentity] {
    lock.lock()
    defer { lock.unlock() }
    if let unlocked {
      let now = DispatchTime.now().uptimeNanoseconds
      guard let source, now - looked >= Self.lookEvery else { return try unlocked.get() }
      looked = now
      let from = source()
      guard from != unlockedFrom else { return try unlocked.get() }
      unlockedFrom = from
      if let fresh = try? unlock(false) {
        self.unlocked = .success(fresh)
        return fresh
      }
      return try unlocked.get()
    }
    unlockedFrom = source?()
    looked = DispatchTime.now().uptimeNanoseconds
    let result: Result<[any AgeIdentity], KeyError>
    do throws(KeyError) {
      result = .success(try unlock(true))
    } catch {
      result = .failure(error)
    }
    unlocked = result
    return try result.get()
  }

  /// Forgets the identities had: the next use unlocks them again (after this run changed their
  /// file, as `key new --pq` does).
  public func reload() {
    lock.withLock { unlocked = nil }
  }

  /// The recipients of this person's own keys, when they can be had (none otherwise).
  public var ownRecipients: [KeyRecipient] {
    ((try? identities()) ?? []).compactMap { identity -> KeyRecipient? in
      switch identity {
      case let key as KeyIdentity: key.recipient
      case let key as X25519Identity: .x25519(key.recipient)
      case let key as HybridIdentity: .hybrid(key.recipient)
      default: nil
      }
    }
  }

  /// Whether the identities can be had (unlocking them if not yet done).
  public var canDecrypt: Bool { (try? identities()) != nil }

  /// The plaintext of an age file.
  public func open(_ bytes: [UInt8]) throws(DecryptionError) -> [UInt8] {
    let identities: [any AgeIdentity]
    do {
      identities = try self.identities()
    } catch {
      throw .locked(error.message)
    }
    do {
      return try AgeFile.decrypt(bytes, with: identities)
    } catch {
      throw .age(error)
    }
  }

  /// `plaintext` encrypted to every one of `recipients`.
  public static func seal(_ plaintext: [UInt8], to recipients: [KeyRecipient]) throws(DecryptionError) -> [UInt8] {
    do {
      return try AgeFile.encrypt(plaintext, to: recipients)
    } catch {
      throw .age(error)
    }
  }

  /// Why a file could not be opened.
  public enum DecryptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The identities could not be had (no identity file, a wrong passphrase for it).
    case locked(String)
    /// The file itself: damaged, foreign, for another key.
    case age(AgeError)

    /// The reason, in words.
    public var description: String {
      switch self {
      case .locked(let message): return message
      case .age(let error): return error.description
      }
    }
  }
}

/// The name of an encrypted entry file: `NAME.md.age`.
public enum EncryptedName {
  /// The extension an encrypted entry adds to its Markdown name.
  public static let suffix = ".age"

  /// Whether a journal path names an entry file, plain (`.md`) or encrypted (`.md.age`).
  public static func isEntry(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".md") || lower.hasSuffix(".md.age")
  }

  /// Whether the file name is an encrypted entry's.
  public static func isEncrypted(_ name: String) -> Bool { name.lowercased().hasSuffix(".md.age") }

  /// The name without `.age`, or the name itself when it has none.
  public static func plain(_ name: String) -> String {
    isEncrypted(name) ? String(name.dropLast(suffix.count)) : name
  }
}
