import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: [.customShort("J"), .long],
    help: ArgumentHelp(
      tr(.optJournal),
      valueName: "path"))
  var journal: String?

  @Option(
    help: ArgumentHelp(
      tr(.optLocale),
      valueName: "locale"))
  var locale: String?
}
