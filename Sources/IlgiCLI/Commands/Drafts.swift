import ArgumentParser
import IlgiStore

extension Ilgi {
  /// `ilgi drafts [list | discard NAME]`.
  struct Drafts: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "drafts",
          abstract: tr(.draftsAbstract),
          discussion: helpText(.draftsDiscussion),
          subcommands: [List.self, Discard.self],
          defaultSubcommand: List.self)
      }
    }

    struct List: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "list", abstract: tr(.draftsListAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let drafts = store.drafts.all()
        if store.sealing.mustSeal { Terminal.note(tr(.draftsInMemory, context.display(store.draftsRoot))) }
        if drafts.isEmpty {
          Terminal.standardError.write(tr(.draftsNone) + "\n")
          return
        }
        var out = ""
        for draft in drafts {
          out += "\(draft.path)  \(Drafts.title(draft))  (\(Drafts.kind(draft)))\n"
        }
        Terminal.standardOutput.write(out)
      }
    }

    struct Discard: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "discard", abstract: tr(.draftsDiscardAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.draftsDiscardNameHelp)))
      var name: String

      @Flag(name: [.short, .long], help: ArgumentHelp(tr(.optYes)))
      var yes = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        guard let draft = store.drafts.all().first(where: { $0.path.rawValue == name || $0.path.fileName == name })
        else {
          throw Failure(tr(.errNoDraftNamed, name), status: ExitStatus.noSuchEntry)
        }
        if !yes {
          guard Terminal.inputIsTerminal else {
            throw Failure(tr(.errDiscardNeedsYes, draft.path), status: ExitStatus.usage)
          }
          guard Terminal.confirm(tr(.draftsDiscardQuestion, draft.path, Drafts.title(draft))) else {
            Terminal.standardError.write(tr(.deleteKept, draft.path) + "\n")
            return
          }
        }
        try store.drafts.discard(draft)
        Terminal.standardOutput.write(tr(.draftsDiscarded, draft.path) + "\n")
      }
    }

    static func title(_ draft: Draft) -> String { draft.title.isEmpty ? tr(.untitled) : Sanitize.line(draft.title) }

    static func kind(_ draft: Draft) -> String { draft.editing.map { tr(.draftKindEdit, $0) } ?? tr(.draftKindNew) }
  }
}
