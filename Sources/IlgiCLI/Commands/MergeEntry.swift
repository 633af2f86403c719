import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi merge-entry BASE OURS THEIRS PATH`: git's merge driver for entry files
  /// (`merge=ilgi-entry` in `.gitattributes`). Two devices' changes to one entry are merged as
  /// the app merges them, on the text inside the seal: changes to different lines both stay;
  /// two additions at one place become both texts, the one already there first; two versions of
  /// one passage stand one after the other, never between conflict markers, and `ilgi sync`
  /// names the entry for the person to settle with `ilgi edit`. Exit 1 leaves git's conflict
  /// to `ilgi sync`: two different entries that were given one name, or versions no key here
  /// opens.
  struct MergeEntry: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "merge-entry", abstract: "git's merge driver for entry files (ilgi sync sets it up)",
        shouldDisplay: false)
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The version both started from (%O).") var base: String
    @Argument(help: "This side's version, where the result is written (%A).") var ours: String
    @Argument(help: "The other side's version (%B).") var theirs: String
    @Argument(help: "The entry's path in the journal (%P).") var path: String

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let read = { (file: String) in (try? Data(contentsOf: URL(fileURLWithPath: file))).map { [UInt8]($0) } ?? [] }
      let entry = JournalPath(path)
      switch store.mergeStored(base: read(base), first: read(ours), second: read(theirs), at: entry) {
      case .merged(let bytes, let overlapping):
        do {
          try Data(bytes).write(to: URL(fileURLWithPath: ours))
        } catch {
          throw Failure(tr(.errMergeEntryWrite, path, "\(error)"))
        }
        if overlapping, let git = context.git(store) { SyncOverlaps(git: git).add(entry) }
      case .twoEntries:
        throw ExitCode(1)
      case .unreadable(let why):
        throw Failure(tr(.errMergeEntryUnreadable, path, why))
      }
    }
  }
}

/// The entries a sync's merges left holding two versions of one passage, for `ilgi sync` to
/// name once it is done: kept in the repository's own folder (`.git/ilgi-overlaps`).
struct SyncOverlaps {
  let git: GitRepository

  private var file: String? {
    guard let relative = try? git.check(["rev-parse", "--git-path", "ilgi-overlaps"]) else { return nil }
    let trimmed = relative.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.hasPrefix("/") ? trimmed : git.root + "/" + trimmed
  }

  /// Notes `path`.
  func add(_ path: JournalPath) {
    guard let file, let handle = FileHandle(forWritingAtPath: file) ?? create(file) else { return }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((path.rawValue + "\n").utf8))
  }

  private func create(_ file: String) -> FileHandle? {
    FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
    return FileHandle(forWritingAtPath: file)
  }

  /// The paths noted, once: the list is emptied.
  func take() -> [JournalPath] {
    guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
    try? FileManager.default.removeItem(atPath: file)
    var seen = Set<String>()
    return text.split(separator: "\n").map(String.init).filter { seen.insert($0).inserted }.map(JournalPath.init)
  }
}
