import Foundation
import IlgiStrings

/// The words and dates of a site, in the journal's language.
struct SiteText: Sendable {
  let catalog: Catalog
  let dates: DateStyle
  /// January first, as a calendar heading names them ("November", "11월").
  let months: [String]
  /// Monday first, short ("Mon", "월").
  let weekdays: [String]
  /// The labels every template may use, as `{{label.NAME}}`.
  private(set) var labels: [String: String] = [:]

  init(language: Language) {
    catalog = Catalog(language)
    dates = DateStyle(locale: language.locale)
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = language.locale
    months = calendar.standaloneMonthSymbols
    // Sunday first in Foundation; one syllable in Korean (월), three letters in English (Mon).
    let sundayFirst =
      language == .korean ? calendar.veryShortStandaloneWeekdaySymbols : calendar.shortStandaloneWeekdaySymbols
    weekdays = Array(sundayFirst[1...]) + [sundayFirst[0]]
    labels = [
      "home": self(.siteHome), "archive": self(.siteArchive), "tags": self(.siteTags),
      "calendar": self(.siteCalendar), "search": self(.siteSearch), "searchPlaceholder": self(.siteSearchPlaceholder),
      "newer": self(.siteNewer), "older": self(.siteOlder), "previous": self(.sitePrevious), "next": self(.siteNext),
      "noResults": self(.siteNoResults), "feed": self(.siteFeed), "book": self(.siteBook),
      "weather": self(.siteWeather), "place": self(.sitePlace), "backlinks": self(.appBacklinks),
      "untitled": self(.untitled), "empty": self(.siteEmpty), "source": self(.siteSource),
      "oneFound": self(.siteOneEntry), "manyFound": self(.siteEntries, "{1}"),
    ]
  }

  func callAsFunction(_ key: Message, _ arguments: any CustomStringConvertible...) -> String {
    catalog.text(key, arguments.map(\.description))
  }

  /// "November 2026", "2026년 11월".
  func month(_ year: Int, _ month: Int) -> String {
    self(.siteMonthTitle, year, months[month - 1])
  }

  /// "3 entries", "일기 3개".
  func count(_ count: Int) -> String {
    count == 1 ? self(.siteOneEntry) : self(.siteEntries, count)
  }
}
