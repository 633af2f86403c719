import ArgumentParser
import Foundation
import IlgiStore
import IlgiSync
import IlgiSystem

extension Ilgi {
  /// `ilgi sync`: pull with rebase, push, refresh the index (`JournalSync`); this command says
  /// what it did.
  struct Sync: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "sync",
          abstract: tr(.syncAbstract),
          discussion: helpText(.syncDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Flag(help: ArgumentHelp(tr(.syncJSONHelp)))
    var json = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let git = try context.requireGit(store)
      var sync = Self.service(store, git, context)
      if json {
        // What the app shows of the sync (`ServeSync`): its state, then everything said.
        var said: [String] = []
        sync.tell = { said.append(Self.words($0)) }
        let object: [String: Any]
        var failure: Failure?
        do throws(SyncError) {
          let done = try sync.run()
          object = ["state": done.state.rawValue, "brought": done.brought, "said": said]
        } catch {
          failure = Diagnostics.describe(error)
          object = ["state": Self.state(error), "said": said + [failure?.message ?? ""]]
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        Terminal.standardOutput.write(String(decoding: data, as: UTF8.self) + "\n")
        // A sync that stopped ends with its status, as without --json.
        if let failure { throw failure }
        return
      }
      sync.tell = Self.say
      do throws(SyncError) {
        let done = try sync.run()
        Terminal.standardOutput.write(tr(.syncDone, done.remote) + "\n")
      } catch {
        throw Diagnostics.describe(error)
      }
    }

    /// The sync of `store` with this command's settings, keys and index.
    static func service(_ store: JournalStore, _ git: GitRepository, _ context: Context) -> JournalSync {
      JournalSync(
        store: store, git: git, writer: context.writer(store), autocommit: context.settings.flag(.gitAutocommit),
        keepsPlaces: context.settings.flag(.attachmentsKeepLocation), binary: context.invocation.executable,
        keyed: { try context.keyed($0) }, refresh: { _ = try context.index($0) })
    }

    /// How a sync that stopped is shown in the app: `offline` when the remote could not be
    /// reached, else `refused`.
    static func state(_ error: SyncError) -> String {
      if case .offline = error { return "offline" }
      return "refused"
    }

    /// Says `note` on the terminal, as a note or, where something needs the person, a warning.
    static func say(_ note: SyncNote) {
      switch note {
      case .pendingChange, .pulledLink, .resealFailed, .fetchBranchGone: Terminal.warn(words(note))
      default: Terminal.note(words(note))
      }
    }

    /// `note` in the person's language.
    static func words(_ note: SyncNote) -> String {
      switch note {
      case .driversSet: tr(.syncDriversSet)
      case .untracked(let files): tr(.syncUntracked, files.joined(separator: ", "))
      case .keptChanged(let path): tr(.syncKeptChanged, path)
      case .overlap(let path): tr(.syncOverlap, path)
      case .apart(let name, let now): tr(.syncApart, name, now)
      case .pendingChange(let change): Diagnostics.describe(change)
      case .pulledLink(let path, let target): tr(.syncPulledLink, path, target)
      case .keysDropped(let keys): tr(.syncKeysDropped, keys.map(\.shown).joined(separator: ", "))
      case .resealed(let files, let keys): tr(.syncResealed, files, keys)
      case .resealFailed(let error): Diagnostics.describe(error).message
      case .placesTakenOut(let count): tr(.syncPlacesTakenOut, count)
      case .branchPushedAgain(let remote, let branch): tr(.syncBranchPushedAgain, remote, branch)
      case .fetchBranchGone(let remote, let branch, let pushRemote):
        tr(.syncFetchBranchGone, remote, branch, pushRemote)
      }
    }
  }
}
