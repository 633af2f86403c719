import ArgumentParser
import IlgiIndex
import IlgiInterchange

extension Ilgi {
  /// `ilgi search QUERY`.
  struct Search: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "search",
          abstract: tr(.searchAbstract),
          discussion: helpText(.searchDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    // Words the parser does not know as options stay in the query, so an exclusion can come
    // first (`ilgi search -bike rain`); a `--word` it does not know is still an error.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(tr(.searchQueryHelp)))
    var query: [String]

    @OptionGroup var filters: FilterOptions

    @Flag(help: ArgumentHelp(tr(.optJSON)))
    var json = false

    @OptionGroup var pager: PagerOptions

    func validate() throws {
      if let unknown = query[..<(query.firstIndex(of: "--") ?? query.endIndex)].first(where: {
        $0.hasPrefix("--") && $0.count > 2
      }) {
        throw ValidationError(tr(.errSearchUnknownOption, unknown))
      }
    }

    /// The options of search that take a value, written apart (`--from X`): the value is never
    /// an exclusion. `exclusionsSpelledOut` keeps to them; a test checks them against --help.
    static let optionsWithValues: Set<String> = [
      "-J", "--journal", "--locale", "--from", "--to", "--on", "--tag", "--weather", "--mood", "--activity", "-n",
      "--limit",
    ]

    /// `arguments` (the search's own, after its name) with each exclusion written as `NOT` and
    /// its word: the parser reads a dash and letters as short options, so `-run` would be `-r
    /// -u -n` (and `-n` takes a value). An option (`--name`, `-n`, `-h`, `-J`), the value after
    /// one that takes a value, and everything after `--` are kept as they are; `-n5` is left to
    /// the parser, which says the number goes apart, rather than read as an exclusion. Anything
    /// else after one dash is an exclusion, `-tag:x` too.
    static func exclusionsSpelledOut(_ arguments: [String]) -> [String] {
      var result: [String] = []
      var ended = false
      var value = false
      for argument in arguments {
        let isOption =
          argument.hasPrefix("--") || ["-h", "-J"].contains(argument)
          || (argument.hasPrefix("-n") && argument.dropFirst(2).allSatisfy { $0.isASCII && $0.isNumber })
        if !ended, !value, argument.count > 1, argument.hasPrefix("-"), !isOption {
          result += ["NOT", String(argument.dropFirst())]
        } else {
          result.append(argument)
        }
        value = !ended && !value && optionsWithValues.contains(argument)
        ended = ended || argument == "--"
      }
      return result
    }

    /// The query's words: the first `--` ends the options, as for any command, and is no word
    /// itself (`ilgi search -- -bike rain`).
    var words: [String] {
      guard let end = query.firstIndex(of: "--") else { return query }
      return Array(query[..<end] + query[(end + 1)...])
    }

    /// A match as `--json` gives it: the list's fields, its snippet (matches between `**`) and
    /// its rank.
    struct HitJSON: Encodable {
      var entry: EntryJSON
      var snippet: String
      var rank: Int
      enum Keys: String, CodingKey { case snippet, rank }
      func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(snippet, forKey: .snippet)
        try container.encode(rank, forKey: .rank)
      }
    }

    func run() throws {
      let context = Context(global)
      let parsed: SearchQuery
      do {
        parsed = try SearchQuery(words.joined(separator: " "))
      } catch {
        throw Failure(tr(.errSearch, Diagnostics.describe(error)), status: ExitStatus.usage)
      }
      let store = try context.openJournal()
      let (index, _) = try context.index(store)
      var filter = filters.filter(today: context.today)
      if filter.limit == nil, !json { filter.limit = Self.shown }
      let hits = try index.search(parsed, filter: filter, store: store)
      if json {
        let items = hits.map {
          HitJSON(entry: EntryJSON($0.entry), snippet: Self.marked($0, open: "**", close: "**"), rank: $0.rank)
        }
        Terminal.standardOutput.write(try EntryJSON.render(items))
        return
      }
      if hits.isEmpty {
        Terminal.standardError.write(tr(.listNoMatch) + "\n")
        return
      }
      let paint = context.paint
      // On a terminal a snippet fits its width after the indent, as a list's preview does.
      let columns = Terminal.columns(context.variables).map { max(20, $0 - 10 - 1) }
      var out = ""
      for found in hits {
        out += List.lines(found.entry, context, paint: paint)
        let (hit, cut) = columns.map { Self.fitted(found, columns: $0) } ?? (found, false)
        // Control characters are taken out of the entry's text before the highlight's own
        // escape codes go in, so the codes reach the terminal and nothing from the file does.
        let snippet = Self.marked(
          hit, open: paint.enabled ? "\u{1B}[1;33m" : "", close: paint.enabled ? "\u{1B}[0m" : "",
          clean: Sanitize.line)
        out += "          \(snippet)\(cut ? "…" : "")\n"
      }
      // A search cut short by the default limit says so (`-n` was not asked for): at the end of
      // what a person reads on a terminal, where the pager shows it; on standard error otherwise,
      // so what a pipe gets stays one entry per match.
      var shownOf: String?
      if filters.n == nil, hits.count == Self.shown {
        // The matches are shown already: a count that fails (took too long) only goes unsaid.
        if let total = try? index.count(parsed, filter: filter), total > hits.count {
          shownOf = tr(.searchShownOf, hits.count, total) + "\n"
        }
      }
      if let line = shownOf, Terminal.outputIsTerminal { out += "\n" + line }
      Pager.show(out, variables: context.variables, options: pager)
      if let line = shownOf, !Terminal.outputIsTerminal { Terminal.standardError.write(line) }
    }

    /// How many matches a search shows unless told (`-n`); `--json` gives them all.
    static let shown = 50

    /// `hit` with its snippet cut to fit `columns` terminal columns with a `…` after it (the
    /// highlights past the cut left out), and whether it was cut.
    static func fitted(_ hit: SearchHit, columns: Int) -> (hit: SearchHit, cut: Bool) {
      let shown = Terminal.fitted(hit.snippet, columns: columns)
      guard shown != hit.snippet else { return (hit, false) }
      let kept = String(shown.dropLast())
      let utf8 = hit.snippet.utf8
      let offsets = hit.highlights.map {
        (
          utf8.distance(from: utf8.startIndex, to: $0.lowerBound),
          utf8.distance(from: utf8.startIndex, to: $0.upperBound)
        )
      }
      var cut = hit
      cut.snippet = kept
      cut.highlights = offsets.filter { $0.1 <= kept.utf8.count }.map { start, end in
        kept.utf8.index(kept.utf8.startIndex, offsetBy: start)..<kept.utf8.index(kept.utf8.startIndex, offsetBy: end)
      }
      return (cut, true)
    }

    /// The snippet with each highlight wrapped in `open` and `close`, its text passed through
    /// `clean` first.
    static func marked(
      _ hit: SearchHit, open: String, close: String, clean: (String) -> String = { $0 }
    ) -> String {
      guard !open.isEmpty else { return clean(hit.snippet) }
      var out = ""
      var position = hit.snippet.startIndex
      for range in hit.highlights where range.lowerBound >= position {
        out +=
          clean(String(hit.snippet[position..<range.lowerBound])) + open + clean(String(hit.snippet[range])) + close
        position = range.upperBound
      }
      return out + clean(String(hit.snippet[position...]))
    }
  }
}
