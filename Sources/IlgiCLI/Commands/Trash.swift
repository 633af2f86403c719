import ArgumentParser
import IlgiFormat
import IlgiInterchange
import IlgiStore

extension Ilgi {
  /// `ilgi trash [list | restore | empty]`.
  struct Trash: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "trash",
          abstract: tr(.trashAbstract),
          discussion: helpText(.trashDiscussion),
          subcommands: [ListTrash.self, Restore.self, Empty.self],
          defaultSubcommand: ListTrash.self)
      }
    }

    struct ListTrash: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(
            commandName: "list", abstract: tr(.trashListAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Flag(help: ArgumentHelp(tr(.trashJSONHelp)))
      var json = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let listing = store.trash.entries()
        context.warn(listing.skipped)
        if json {
          Terminal.standardOutput.write(try EntryJSON.render(listing.entries.map { EntryJSON(IndexedEntry($0)) }))
          return
        }
        if listing.entries.isEmpty {
          Terminal.standardError.write(tr(.trashIsEmpty) + "\n")
          return
        }
        Terminal.standardOutput.write(listing.entries.map { context.summaryLine(IndexedEntry($0)) + "\n" }.joined())
      }
    }

    struct Restore: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(
            commandName: "restore",
            abstract: tr(.trashRestoreAbstract),
            discussion: helpText(.trashRestoreDiscussion))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.trashRestoreSelectorHelp)))
      var selector: String

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let listing = store.trash.entries()
        let selector = try EntrySelector(parsing: self.selector, today: context.today)
        let entry: Entry
        do {
          entry = try selector.resolve(in: listing.entries, text: self.selector)
        } catch {
          if case .noSuchEntry = error.reason {
            throw Failure(tr(.errNotInTrash, self.selector), status: ExitStatus.noSuchEntry)
          }
          throw Diagnostics.describe(error)
        }
        _ = try Diagnostics.journalStep { () throws(JournalError) in try context.writer(store).restore(entry.path) }
        Terminal.standardOutput.write(entry.path.rawValue + "\n")
      }
    }

    struct Empty: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(
            commandName: "empty",
            abstract: tr(.trashEmptyAbstract),
            discussion: helpText(.trashEmptyDiscussion))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Flag(name: [.short, .long], help: ArgumentHelp(tr(.optYes)))
      var yes = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let count = store.trash.entries().entries.count
        if !yes {
          guard Terminal.inputIsTerminal else {
            throw Failure(tr(.errTrashEmptyNeedsYes))
          }
          guard Terminal.confirm(tr(.trashEmptyQuestion, count)) else {
            Terminal.standardError.write(tr(.trashKept) + "\n")
            return
          }
        }
        let removed = try context.writer(store).emptyTrash()
        Terminal.standardOutput.write(tr(.trashDeleted, removed) + "\n")
      }
    }
  }
}
