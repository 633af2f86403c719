import Foundation
import IlgiAge
import IlgiFormat
import IlgiSystem

/// Whether a journal's entries are sealed, and to whom, decided in one place from one durable
/// fact: the recipient list in the journal's own `.ilgi/config.toml` (`encryption.recipients`,
/// FORMAT.md "Encrypted journals").
///
/// The file is looked at again before every decision and read again whenever it changed, so
/// every writer follows a conversion the moment its list is written: a server started before
/// `ilgi encrypt` seals its next entry, and one started before `ilgi key remove` seals to the
/// keys that are left.
///
/// A journal never turns plain by accident. A config that cannot be read (a sync conflict's
/// markers around it) in a journal with any sign of encryption (a sealed index, a recipient
/// key in the file's text, an encrypted entry), a recipient list that cannot be read, or a list
/// that is gone while the sealed index is still there make the state `unknown`, and every write
/// stops on it. A plain journal with a broken config stays plain (its settings are warned about).
public final class JournalSealing: @unchecked Sendable {
  /// What the journal's files say.
  public enum State: Sendable, Equatable {
    /// No recipients: entries are plain Markdown.
    case plain
    /// Entries, drafts' homes and the index are sealed to these recipients.
    case sealed([KeyRecipient])
    /// The journal cannot tell: why, in words that say what to mend.
    case unknown(String)

    /// The recipients new and rewritten files are sealed to; empty unless `sealed`.
    public var recipients: [KeyRecipient] {
      if case .sealed(let recipients) = self { return recipients }
      return []
    }
  }

  /// A change of the journal's recipient list that arrived from elsewhere (a sync) and that
  /// this device has not accepted: until it does, it seals to the list it accepted.
  public struct PendingChange: Sendable, Equatable {
    /// The list this device seals to.
    public var accepted: [KeyRecipient]
    /// The list the journal's config holds now.
    public var listed: [KeyRecipient]
    /// Keys the config lists that this device has not accepted.
    public var added: [KeyRecipient] { listed.filter { !accepted.contains($0) } }
    /// Keys this device accepted that the config no longer lists.
    public var removed: [KeyRecipient] { accepted.filter { !listed.contains($0) } }
  }

  /// The journal's config file, absolute.
  public let configPath: String
  /// The list this device accepted, for a journal in git (nil: the config is the list).
  let accepted: AcceptedRecipients?
  /// The sealed index, absolute: its presence with no recipient list is evidence of a damage.
  let sealedIndexPath: String
  /// The journal root, absolute.
  let root: String
  private let lock = NSLock()
  private var cached: (stamp: [Int64], state: State)?

  /// The environment git runs with when the journal's history is asked.
  let variables: [String: String]

  /// The sealing of the journal at `root`; `variables` are the environment git runs with.
  public init(root: String, variables: [String: String] = [:]) {
    self.root = root
    self.variables = variables
    configPath = Settings.journalPath(root: root)
    sealedIndexPath = root + "/" + JournalLayout.ilgiFolder + "/index.age"
    accepted = AcceptedRecipients(root: root)
  }

  /// The state now: the config is read again only when its inode, size or times changed.
  public var state: State {
    let stamp = Self.stamp(configPath) + Self.stamp(sealedIndexPath) + Self.stamp(accepted?.path ?? "")
    lock.lock()
    defer { lock.unlock() }
    if let cached, cached.stamp == stamp { return cached.state }
    let state = read()
    cached = (stamp, state)
    return state
  }

  /// Whether what is written must be kept out of the clear: entries sealed, drafts in memory,
  /// no plain file committed, an editor that leaves no trace. True for a sealed journal and for
  /// one that cannot tell, which is never taken for plain.
  public var mustSeal: Bool { state != .plain }

  /// Whether a text may be written, kept or committed in the clear: only in a journal whose
  /// files say it is plain.
  public var mayWritePlain: Bool { state == .plain }

  /// The recipients to seal to, or nil for a plain journal; fails for one that cannot tell.
  public func recipientsForWriting(_ path: String) throws(JournalError) -> [KeyRecipient]? {
    switch state {
    case .plain: return nil
    case .sealed(let recipients): return recipients
    case .unknown(let reason): throw JournalError(path: path, reason: .sealingUnknown(reason))
    }
  }

  /// The list this device accepted (empty: plain), or nil when it has accepted none or the
  /// journal is not in git.
  public var acceptedRecipients: [KeyRecipient]? { accepted?.load() }

  /// The change of the list waiting for `ilgi key accept`, if there is one.
  public var pendingChange: PendingChange? {
    guard let kept = accepted?.load(), let listed = listedRecipients() else { return nil }
    let (now, before) = (Set(listed.map(\.encoded)), Set(kept.map(\.encoded)))
    // Keys removed alone are let go at once (`read`).
    guard now != before, now.isEmpty || !now.isSubset(of: before) else { return nil }
    return PendingChange(accepted: kept, listed: listed)
  }

  /// The list the journal's config holds now (empty: none), whether or not this device
  /// accepted it: what `ilgi key accept` accepts. Nil when the config cannot be read or its
  /// list is not one of keys.
  public func listedRecipients() -> [KeyRecipient]? {
    guard let file = try? ConfigFile.load(path: configPath, isJournalConfig: true) else {
      return LocalFileSystem().exists(atPath: configPath) ? nil : []
    }
    let words = ConfigKey.recipientWords(file.values[.encryptionRecipients]?.string ?? "")
    if file.line(of: .encryptionRecipients) != nil, words.isEmpty { return nil }
    let keys = words.compactMap { try? KeyRecipient($0) }
    return keys.count == words.count ? keys : nil
  }

  /// Why the journal's config cannot say what it lists, in words that say what to mend.
  public func listedProblem() -> String {
    if case .unknown(let why) = readConfig() { return why }
    return Self.display(configPath) + " cannot be read"
  }

  /// Records `recipients` as the list this device seals to: the person's own `ilgi encrypt`,
  /// `ilgi key add/remove/accept` or `ilgi decrypt` (empty). Nothing for a journal not in git.
  public func accept(_ recipients: [KeyRecipient]) throws(JournalError) {
    try accepted?.save(recipients)
    lock.withLock { cached = nil }
  }

  /// The state held to the list this device accepted: a sealed journal stays sealed to it
  /// whatever the config says now (a list a sync changed, emptied or broke is not used until
  /// it is accepted), and a journal this device keeps plain is not sealed to a list it did not
  /// accept either: it stops and asks.
  private func read() -> State {
    guard let accepted else { return readConfig() }
    let kept = accepted.load()
    if let kept, !kept.isEmpty {
      let listed = readConfig().recipients
      let (now, before) = (Set(listed.map(\.encoded)), Set(kept.map(\.encoded)))
      if now == before { return .sealed(listed) }
      // Keys removed elsewhere (a lost device's, by `ilgi key remove`) are let go at once: a
      // shorter list can keep this device's writes from no one it accepted but those keys. A
      // list that adds a key, or empties, waits for `ilgi key accept`.
      if !now.isEmpty, now.isSubset(of: before) {
        try? accepted.save(listed)
        return .sealed(listed)
      }
      return .sealed(kept)
    }
    let listed = readConfig()
    if case .unknown = listed { return listed }
    guard kept != nil else {
      // The first look on this device (a clone, or a journal from before the list was kept):
      // what the journal says is learned, unless it says plain against its own evidence.
      if listed == .plain, let evidence = sealingEvidence() {
        return .unknown(
          Self.display(configPath) + " lists no encryption.recipients, but " + evidence
            + "; if the journal was decrypted on purpose, run ilgi key accept")
      }
      try? accepted.save(listed.recipients)
      return listed
    }
    if listed == .plain { return .plain }
    let count = listed.recipients.count
    return .unknown(
      Self.display(configPath) + " now lists " + (count == 1 ? "a recipient" : "\(count) recipients")
        + " written on another device, where this device keeps the journal plain; to seal it to them,"
        + " run ilgi key accept")
  }

  /// Why a journal whose config lists no recipients was sealed: an encrypted entry in its
  /// tree, or a commit of its config that listed recipients. Nil when nothing says so.
  private func sealingEvidence() -> String? {
    if Self.holdsEncryptedEntry(root) { return "the journal holds encrypted entries (*.md.age)" }
    let git = GitRepository(unchecked: root, environment: variables)
    let log = ["log", "-1", "--format=%h", "-G", "^ *recipients *=", "--", Settings.journalFile.rawValue]
    guard let found = try? git.check(log).trimmingCharacters(in: .whitespacesAndNewlines), !found.isEmpty else {
      return nil
    }
    return "its history lists them (commit \(found))"
  }

  private func readConfig() -> State {
    let hasSealedIndex = LocalFileSystem().exists(atPath: sealedIndexPath)
    let file: ConfigFile?
    do throws(ConfigError) {
      file = try ConfigFile.load(path: configPath, isJournalConfig: true)
    } catch {
      let text = (try? LocalFileSystem().readFile(atPath: configPath, limit: 1 << 20)).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard hasSealedIndex || text?.contains("age1") == true || Self.holdsEncryptedEntry(root) else { return .plain }
      return .unknown(
        Self.display(configPath) + " cannot be read (\(Self.reason(error))); mend it, then run ilgi again")
    }
    let written = file?.line(of: .encryptionRecipients) != nil
    let text = file?.values[.encryptionRecipients]?.string ?? ""
    let recipients = ConfigKey.recipientWords(text).compactMap { try? KeyRecipient($0) }
    if written && (recipients.isEmpty || recipients.count != ConfigKey.recipientWords(text).count) {
      return .unknown(
        Self.display(configPath) + " has an encryption.recipients line that is not a list of age1... keys")
    }
    if recipients.isEmpty {
      if hasSealedIndex {
        return .unknown(
          Self.display(configPath) + " lists no encryption.recipients, but the journal's index is sealed")
      }
      return .plain
    }
    return .sealed(recipients)
  }

  /// Whether any `*.md.age` file is in the journal's tree (hidden folders skipped); stops at
  /// the first. Asked only of a journal whose config cannot be read.
  static func holdsEncryptedEntry(_ root: String) -> Bool {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return false }
    while let name = walker.nextObject() as? String {
      let last = (name as NSString).lastPathComponent
      if last.hasPrefix(".") {
        walker.skipDescendants()
        continue
      }
      if EncryptedName.isEncrypted(last) { return true }
    }
    return false
  }

  private static func reason(_ error: ConfigError) -> String {
    switch error {
    case .syntax(_, let line, _, _): return "it is not TOML at line \(line)"
    case .io(let error): return error.reason.lowercased()
    default: return "\(error)"
    }
  }

  /// `.ilgi/config.toml` rather than the whole path: the journal is named by the caller.
  private static func display(_ path: String) -> String {
    let marker = "/" + JournalLayout.ilgiFolder + "/"
    guard let range = path.range(of: marker, options: .backwards) else { return path }
    return String(path[path.index(after: range.lowerBound)...])
  }

  /// What tells a file changed: inode, size, modification and change times (of the file a
  /// link leads to); all zero when there is no file.
  private static func stamp(_ path: String) -> [Int64] {
    var info = stat()
    guard stat(path, &info) == 0 else { return [0, 0, 0, 0] }
    return [
      Int64(info.st_ino), Int64(info.st_size),
      Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
    ]
  }
}
