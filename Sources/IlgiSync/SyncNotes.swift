import Foundation
import IlgiSystem

/// What a sync's merges noted for `ilgi sync` to act on and say once git is done, kept in the
/// repository's own folder (`.git/ilgi-overlaps`, `.git/ilgi-apart`): one line each, its
/// fields between tabs.
public struct SyncNotes {
  let git: GitRepository
  let name: String

  /// The entries left holding two versions of one passage: their paths.
  public static func overlaps(_ git: GitRepository) -> SyncNotes { SyncNotes(git: git, name: "ilgi-overlaps") }
  /// Two entries that met under one name: the name, the other's new name, its id.
  public static func apart(_ git: GitRepository) -> SyncNotes { SyncNotes(git: git, name: "ilgi-apart") }

  private var file: String? { git.gitPath(name) }

  /// Notes one line of `fields`.
  public func add(_ fields: [String]) {
    guard let file, let handle = FileHandle(forWritingAtPath: file) ?? create(file) else { return }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((fields.joined(separator: "\t") + "\n").utf8))
  }

  private func create(_ file: String) -> FileHandle? {
    guard FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600]) else {
      return nil
    }
    return FileHandle(forWritingAtPath: file)
  }

  /// The lines noted, each once, in the order noted.
  public func lines() -> [[String]] {
    guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
    var seen = Set<Substring>()
    return text.split(separator: "\n").filter { seen.insert($0).inserted }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
  }

  /// The lines noted, once: the notes are emptied.
  public func take() -> [[String]] {
    let noted = lines()
    if let file { try? FileManager.default.removeItem(atPath: file) }
    return noted
  }
}
