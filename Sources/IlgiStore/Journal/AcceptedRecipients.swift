import Foundation
import IlgiAge
import IlgiSystem

/// The recipient list this device has accepted for a journal kept in git: kept in the
/// repository's own folder (`.git/ilgi/recipients`), which no push or pull carries.
///
/// The journal's `.ilgi/config.toml` is pushed and pulled, so whoever can push to its remote
/// can write its `encryption.recipients`: add their own key to read what the owner writes
/// next, or remove every key to have it written in the clear. This device seals to the list it
/// accepted (what it saw first, what its own `ilgi encrypt` and `ilgi key` wrote, or what the
/// person accepted with `ilgi key accept`), never to a list a sync brought until then.
public struct AcceptedRecipients: Sendable {
  /// The file, absolute.
  public let path: String

  /// The list of the journal at `root`, or nil when the journal is not a git work tree (no
  /// remote can change its config; the config is the list).
  public init?(root: String) {
    guard let gitFolder = Self.gitFolder(root) else { return nil }
    path = gitFolder + "/ilgi/recipients"
  }

  /// The accepted list (empty: accepted as plain), or nil when this device has accepted none.
  public func load() -> [KeyRecipient]? {
    guard let bytes = try? LocalFileSystem().readFile(atPath: path, limit: 1 << 20) else { return nil }
    let words = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }.flatMap { ConfigKey.recipientWords(String($0)) }
    let keys = words.compactMap { try? KeyRecipient($0) }
    // A damaged file accepts nothing: the person is asked again.
    return keys.count == words.count ? keys : nil
  }

  /// Records `recipients` as accepted on this device.
  public func save(_ recipients: [KeyRecipient]) throws(JournalError) {
    let text =
      "# The recipients this device seals the journal's entries to (none: a plain journal).\n"
      + "# A change of .ilgi/config.toml that a sync brings is used after `ilgi key accept`.\n"
      + recipients.map { $0.encoded + "\n" }.joined()
    do throws(FileSystemError) {
      try LocalFileSystem().writeAtomicallyMakingFolder(Array(text.utf8), toPath: path)
    } catch {
      throw JournalError(path: path, reason: .io(error))
    }
  }

  /// The repository folder of the work tree at `root`: `.git` itself, or the folder a `.git`
  /// file names (`gitdir: ...`, a linked work tree or a submodule).
  static func gitFolder(_ root: String) -> String? {
    let dotGit = root + "/.git"
    var info = stat()
    // Followed when it is a link: git follows it too.
    guard stat(dotGit, &info) == 0 else { return nil }
    if info.st_mode & S_IFMT == S_IFDIR { return dotGit }
    guard info.st_mode & S_IFMT == S_IFREG,
      let bytes = try? LocalFileSystem().readFile(atPath: dotGit, limit: 4096)
    else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("gitdir:") else { return nil }
    let folder = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
    return folder.hasPrefix("/") ? folder : root + "/" + folder
  }
}
