import ArgumentParser
import IlgiFormat
import IlgiIndex

/// The filters `list` and `search` share.
struct FilterOptions: ParsableArguments {
  @Option(help: ArgumentHelp(tr(.optFrom), valueName: "day"))
  var from: String?

  @Option(help: ArgumentHelp(tr(.optTo), valueName: "day"))
  var to: String?

  @Option(help: ArgumentHelp(tr(.optOn), valueName: "day"))
  var on: String?

  @Option(name: .customLong("tag"), help: ArgumentHelp(tr(.optTag), valueName: "tag"))
  var tags: [String] = []

  @Flag(help: ArgumentHelp(tr(.optAnyTag)))
  var anyTag = false

  @Option(help: ArgumentHelp(tr(.optWeather), valueName: "text"))
  var weather: String?

  @Option(name: [.short, .customLong("limit")], help: ArgumentHelp(tr(.optLimit)))
  var n: Int?

  @Flag(help: ArgumentHelp(tr(.optReverse)))
  var reverse = false

  @Flag(help: ArgumentHelp(tr(.optStarred)))
  var starred = false

  @Option(help: ArgumentHelp(tr(.optMood), valueName: "mood"))
  var mood: String?

  @Option(name: .customLong("activity"), help: ArgumentHelp(tr(.optActivity), valueName: "activity"))
  var activities: [String] = []

  func validate() throws {
    // `-n 0` would show nothing and say "No entries match" of a journal full of them.
    if let n, n < 1 { throw ValidationError(tr(.errLimitNegative, n)) }
    for (name, value) in [("--from", from), ("--to", to), ("--on", on)] {
      if let value, DayRange(parsing: value, today: "2000-01-01") == nil {
        throw ValidationError(tr(.errNotADayOption, name, value))
      }
    }
    if on != nil && (from != nil || to != nil) {
      throw ValidationError(tr(.errOnWithFromTo))
    }
    if let mood, EntryFilter.moods(mood) == nil { throw ValidationError(tr(.errNotAMood, mood)) }
  }

  /// The filter, with natural days read relative to `today`.
  func filter(today: String) -> EntryFilter {
    var filter = EntryFilter(tags: tags, anyTag: anyTag, weather: weather, limit: n, reverse: reverse)
    filter.starred = starred
    filter.moods = mood.flatMap(EntryFilter.moods)
    filter.activities = activities
    if let on, let range = DayRange(parsing: on, today: today) {
      filter.fromDay = range.first
      filter.toDay = range.last
    }
    if let from { filter.fromDay = DayRange(parsing: from, today: today)?.first }
    if let to { filter.toDay = DayRange(parsing: to, today: today)?.last }
    return filter
  }
}
