import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi trash [list | restore | empty]`.
  struct Trash: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "See, restore or empty deleted entries.",
      discussion: """
        Examples:
          ilgi trash                    list what is in the trash
          ilgi trash restore 0f8b       put an entry back where it was
          ilgi trash empty --yes        delete everything in the trash for good
        """,
      subcommands: [ListTrash.self, Restore.self, Empty.self],
      defaultSubcommand: ListTrash.self)

    struct ListTrash: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List deleted entries, newest first.")

      @OptionGroup var global: GlobalOptions

      @Flag(help: "Print JSON (the list schema; `path` is where the entry will be restored).")
      var json = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let listing = store.trashedEntries()
        context.warn(listing.skipped)
        if json {
          Terminal.standardOutput.write(try EntryJSON.render(listing.entries.map { EntryJSON(IndexedEntry($0)) }))
          return
        }
        if listing.entries.isEmpty {
          Terminal.standardError.write("The trash is empty.\n")
          return
        }
        Terminal.standardOutput.write(listing.entries.map { context.summaryLine(IndexedEntry($0)) + "\n" }.joined())
      }
    }

    struct Restore: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Put a deleted entry back where it was.",
        discussion: "Example: ilgi trash restore 0f8b6c0e")

      @OptionGroup var global: GlobalOptions

      @Argument(help: "Which trashed entry: an id or id prefix, `last`, its path, or a date YYYY-MM-DD.")
      var selector: String

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let listing = store.trashedEntries()
        let selector = try Context.map { try EntrySelector(parsing: self.selector) }
        let entry = try Context.map { try selector.resolve(in: listing.entries, text: self.selector) }
        try Context.map { try store.restoreFromTrash(entry.path) }
        Terminal.standardOutput.write(entry.path.rawValue + "\n")
      }
    }

    struct Empty: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Delete everything in the trash for good, after asking.",
        discussion: "Without a terminal to ask on, pass --yes. Example: ilgi trash empty --yes")

      @OptionGroup var global: GlobalOptions

      @Flag(name: [.short, .long], help: "Do not ask.")
      var yes = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let count = store.trashedEntries().entries.count
        if !yes {
          guard Terminal.inputIsTerminal else {
            throw Failure("not emptying the trash without confirmation; run on a terminal or pass --yes")
          }
          guard Terminal.confirm("Delete \(count) entries in the trash for good? This cannot be undone.") else {
            Terminal.standardError.write("The trash is kept.\n")
            return
          }
        }
        let removed = try Context.map { try store.emptyTrash() }
        Terminal.standardOutput.write("Deleted \(removed) entries for good.\n")
      }
    }
  }
}
