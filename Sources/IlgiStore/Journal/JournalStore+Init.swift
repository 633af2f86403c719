import Foundation
import IlgiFormat
import IlgiSystem

extension JournalStore {
  /// What `initialize` did, so the CLI can say it.
  public struct Initialization: Sendable, Equatable {
    /// Whether the root folder was made now.
    public var createdRoot: Bool
    /// Whether `.ilgi/` was made now.
    public var createdIlgiFolder: Bool
    /// Whether `.gitignore` was written or extended now.
    public var updatedGitignore: Bool
  }

  /// Makes (or completes) a journal at `root`: the folder, `.ilgi/` and a `.gitignore` that
  /// keeps the cache and drafts out of git. Safe to run again: it only adds what is missing.
  public static func initialize(
    root: String, reader: EntryReader, environment: IlgiEnvironment = IlgiEnvironment()
  ) throws(JournalError) -> (JournalStore, Initialization) {
    let path = (root as NSString).standardizingPath
    let fileSystem = LocalFileSystem()
    let existing: FileStatus?
    do {
      existing = try fileSystem.status(atPath: path)
    } catch {
      throw JournalError(path: path, reason: .io(error))
    }
    if let existing, !existing.isDirectory {
      throw JournalError(path: path, reason: .journalIsAFile)
    }
    if existing == nil {
      do {
        try fileSystem.createDirectory(atPath: path, permissions: JournalLayout.folderPermissions)
      } catch {
        throw JournalError(path: path, reason: .io(error))
      }
    }
    let store = try JournalStore(root: path, reader: reader, environment: environment)
    let hadIlgi = fileSystem.exists(atPath: store.root + "/" + JournalLayout.ilgiFolder)
    try store.ensureFolder(JournalLayout.ilgiFolder)

    let gitignore = store.root + "/.gitignore"
    var text = ""
    if fileSystem.exists(atPath: gitignore) {
      let bytes = try store.io(gitignore) { try fileSystem.readFile(atPath: gitignore, limit: 1 << 20) }
      text = String(decoding: bytes, as: UTF8.self)
    }
    let present = Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
    let missing = JournalLayout.gitignoreLines.filter { !present.contains($0) && !$0.hasPrefix("#") }
    var updated = false
    if !missing.isEmpty {
      if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
      if !present.contains(JournalLayout.gitignoreLines[0]) { text += JournalLayout.gitignoreLines[0] + "\n" }
      text += missing.joined(separator: "\n") + "\n"
      try store.io(gitignore) {
        try fileSystem.writeAtomically(
          Array(text.utf8), toPath: gitignore, permissions: JournalLayout.filePermissions)
      }
      updated = true
    }
    return (
      store,
      Initialization(createdRoot: existing == nil, createdIlgiFolder: !hadIlgi, updatedGitignore: updated)
    )
  }
}
