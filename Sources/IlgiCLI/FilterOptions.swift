import ArgumentParser
import IlgiCore

/// The filters `list` and `search` share.
struct FilterOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Entries on or after this day: 2024-05-01, 2024-05, 2024, yesterday, '3 days ago', 'last monday', 어제, 지난주.", valueName: "day"))
  var from: String?

  @Option(help: ArgumentHelp("Entries on or before this day (same forms as --from).", valueName: "day"))
  var to: String?

  @Option(help: ArgumentHelp("Entries on this day, month or year (same forms as --from).", valueName: "day"))
  var on: String?

  @Option(name: .customLong("tag"), help: ArgumentHelp("Entries with this tag; repeat for entries with all of them.", valueName: "tag"))
  var tags: [String] = []

  @Flag(help: "With several --tag, entries with any of them.")
  var anyTag = false

  @Option(help: ArgumentHelp("Entries with this weather (`Rain` matches `Rain, 4°C`).", valueName: "text"))
  var weather: String?

  @Option(name: [.short, .customLong("limit")], help: "At most this many entries.")
  var n: Int?

  @Flag(help: "Oldest first.")
  var reverse = false

  func validate() throws {
    if let n, n < 0 { throw ValidationError("-n must be 0 or more, not \(n)") }
    for (name, value) in [("--from", from), ("--to", to), ("--on", on)] {
      if let value, DayRange(parsing: value, today: "2000-01-01") == nil {
        throw ValidationError("\(name) `\(value)` is not a day; use 2024-05-01, 2024-05, 2024, today, yesterday, '3 days ago', 'last monday', 어제 or 지난주")
      }
    }
    if on != nil && (from != nil || to != nil) {
      throw ValidationError("--on cannot go with --from or --to; use one or the other")
    }
  }

  /// The filter, with natural days read relative to `today`.
  func filter(today: String) -> EntryFilter {
    var filter = EntryFilter(tags: tags, anyTag: anyTag, weather: weather, limit: n, reverse: reverse)
    if let on, let range = DayRange(parsing: on, today: today) {
      filter.fromDay = range.first
      filter.toDay = range.last
    }
    if let from { filter.fromDay = DayRange(parsing: from, today: today)?.first }
    if let to { filter.toDay = DayRange(parsing: to, today: today)?.last }
    return filter
  }
}
