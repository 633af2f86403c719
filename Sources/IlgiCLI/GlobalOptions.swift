import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: [.customShort("J"), .long],
    help: ArgumentHelp(
      "The journal folder. Default: $ILGI_JOURNAL, else ~/ilgi (made on first use).",
      valueName: "path"))
  var journal: String?

  @Option(
    help: ArgumentHelp(
      "Language for dates, e.g. en_US or ko_KR. Default: from LC_ALL, LC_TIME or LANG.",
      valueName: "locale"))
  var locale: String?
}
