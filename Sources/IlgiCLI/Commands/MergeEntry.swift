import ArgumentParser
import Foundation
import IlgiFormat
import IlgiStore
import IlgiSync
import IlgiSystem

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
      let second = read(theirs)
      switch store.mergeStored(base: read(base), first: read(ours), second: second, at: entry) {
      case .merged(let bytes, let overlapping):
        do {
          try Data(bytes).write(to: URL(fileURLWithPath: ours))
        } catch {
          throw Failure(tr(.errMergeEntryWrite, path, "\(error)"))
        }
        if overlapping, let git = context.git(store) { SyncNotes.overlaps(git).add([entry.rawValue]) }
      case .twoEntries(let id):
        // The version already here stays; the other entry takes a name of its own beside it,
        // which `ilgi sync` commits once git is done.
        guard let git = context.git(store) else { throw ExitCode(1) }
        let apart = JournalLayout.apart(entry, id: id)
        try Self.place(second, at: apart, context.writer(store))
        SyncNotes.apart(git).add([entry.rawValue, apart.rawValue, id?.rawValue ?? ""])
      case .movedEntry(let id):
        // A later version of an entry that was given its own name earlier in this sync.
        guard let git = context.git(store),
          let apart = SyncNotes.apart(git).lines().last(where: {
            $0.count == 3 && $0[0] == entry.rawValue && $0[2] == id.rawValue
          })
        else { throw ExitCode(1) }
        try Self.place(second, at: JournalPath(apart[1]), context.writer(store))
      case .unreadable(let why):
        throw Failure(tr(.errMergeEntryUnreadable, path, why))
      }
    }

    /// Writes `bytes` (an entry's stored bytes, sealed or plain) at `path` through the writer.
    static func place(_ bytes: [UInt8], at path: JournalPath, _ writer: JournalWriter) throws {
      do throws(JournalError) {
        try writer.keepApart(bytes, at: path)
      } catch {
        throw Diagnostics.describe(error)
      }
    }
  }
}
