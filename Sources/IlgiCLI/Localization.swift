import IlgiCore

/// The catalog the CLI speaks from, chosen for each run from `--locale`, config and the
/// locale variables before the command line is parsed (so `--help` is in the person's language
/// too) and bound for the whole run by `IlgiCommandLine.main(_:)`.
enum Localization {
  @TaskLocal static var catalog = Catalog(.english)
}

/// The text for `key` in the person's language, with `{1}`, `{2}`... filled from `arguments`.
func tr(_ key: Message, _ arguments: any CustomStringConvertible...) -> String {
  Localization.catalog.text(key, arguments.map(\.description))
}

/// A command's discussion for `--help`: the catalog's text with the lines of each paragraph
/// joined, so the argument parser wraps it evenly at the terminal's width. Indented lines
/// (examples), list items and lines after a heading ending in `:` keep their own line.
func helpText(_ key: Message) -> String {
  var lines: [String] = []
  for line in tr(key).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
    if let last = lines.last, !last.isEmpty, !line.isEmpty, !last.hasPrefix(" "), !line.hasPrefix(" "),
      !line.hasPrefix("- "), !last.hasSuffix(":")
    {
      lines[lines.count - 1] += " " + line
    } else {
      lines.append(line)
    }
  }
  return lines.joined(separator: "\n")
}
