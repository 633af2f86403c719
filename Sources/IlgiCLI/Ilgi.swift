import ArgumentParser

/// The `ilgi` command: a diary kept as Markdown files.
public struct Ilgi: ParsableCommand {
  /// The command, its help and its subcommands (`list` when none is named).
  public static var configuration: CommandConfiguration {
    .localized(Self.self) {
      CommandConfiguration(
        commandName: "ilgi",
        abstract: tr(.rootAbstract),
        discussion: helpText(.rootDiscussion),
        version: "0.1.0",
        subcommands: [
          Init.self, New.self, List.self, Search.self, Show.self, Edit.self, Attach.self, Delete.self, Trash.self,
          Drafts.self, OnThisDay.self, Prompt.self, Remind.self, Tags.self, Links.self, Stats.self, Doctor.self,
          Index.self,
          Render.self,
          Config.self,
          Weather.self, Import.self, Export.self, Serve.self, Templates.self, Share.self, Sync.self, Log.self,
          Key.self, Encrypt.self, Decrypt.self, Cat.self, MergeEntry.self,
        ],
        defaultSubcommand: List.self
      )
    }
  }

  /// An empty command, for the argument parser to fill.
  public init() {}
}
