import ArgumentParser

/// The `ilgi` command: a diary kept as Markdown files.
public struct Ilgi: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "ilgi",
    abstract: "A diary that lives in plain Markdown files.",
    discussion: """
      Each entry is a Markdown file with a small YAML front matter, in a dated folder tree you
      own (YYYY/MM/YYYY-MM-DD-HHMM-title.md). Edit the files with any editor, keep them in git.

      Examples:
        ilgi new                        open your editor on a new entry
        ilgi new "Morning run" --tag running
        ilgi list -n 5                  the five newest entries
        ilgi search river --from 2024   find entries, best matches first
        ilgi show last                  the newest entry, rendered
        ilgi edit 0f8b                  edit the entry whose id starts with 0f8b
        ilgi delete 2026-11-21          move that day's entry to the trash

      Selectors name an entry: a full id, a unique id prefix (4+ characters), `last`, a path
      relative to the journal, or a date YYYY-MM-DD.

      The journal is --journal PATH, else $ILGI_JOURNAL, else ~/ilgi (made on first use).

      Exit status: 0 success, 1 failure, 64 bad usage, 65 unreadable entry file,
      66 no such entry or file, 74 input/output error.
      """,
    version: "0.1.0",
    subcommands: [
      Init.self, New.self, List.self, Search.self, Show.self, Edit.self, Delete.self, Trash.self,
      Drafts.self, OnThisDay.self, Tags.self, Stats.self, Doctor.self, Index.self, Render.self, Config.self,
      Weather.self,
    ],
    defaultSubcommand: List.self
  )

  public init() {}
}
