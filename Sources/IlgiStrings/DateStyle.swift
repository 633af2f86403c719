import Foundation
import IlgiFormat

/// Dates as people read them, in their language: "November 21, 2026", "2026년 11월 21일".
public struct DateStyle: Sendable {
  /// The reader's locale.
  public let locale: Locale
  /// Long dates already written, by local day: a long listing makes one formatter and a string
  /// per day, not a formatter per entry.
  private let names: DayNames
  private let fullNames: DayNames

  /// Makes a style for `locale`.
  public init(locale: Locale) {
    self.locale = locale
    names = DayNames(locale: locale, style: .long)
    fullNames = DayNames(locale: locale, style: .complete)
  }

  /// The long date of `date`, in the entry's own offset.
  public func long(_ date: EntryDate) -> String {
    names.long(date.fields)
  }

  /// The long date with its weekday, as the language writes it: "Saturday, November 21, 2026",
  /// "2026년 11월 21일 토요일". For one entry's own page or header, where there is room.
  public func full(_ date: EntryDate) -> String {
    fullNames.long(date.fields)
  }

  /// A month of a year: "November 2026", "2026년 11월".
  public func month(_ year: Int, _ month: Int) -> String {
    guard let day = DayRange.date(String(format: "%04d-%02d-15", year, month)) else { return "\(year)-\(month)" }
    var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian)).year().month(.wide)
    style.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    return style.format(day)
  }

  /// The weekdays' short names, Monday first: "Mon", "월".
  public var weekdays: [String] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = locale
    let sundayFirst =
      locale.identifier.hasPrefix("ko")
      ? calendar.veryShortStandaloneWeekdaySymbols : calendar.shortStandaloneWeekdaySymbols
    return Array(sundayFirst[1...]) + [sundayFirst[0]]
  }

  /// The weekday's name: "Saturday", "토요일".
  public func weekday(_ date: EntryDate) -> String {
    guard let day = DayRange.date(date.day) else { return "" }
    var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian)).weekday(.wide)
    style.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    return style.format(day.addingTimeInterval(43_200))
  }

  /// A day of the year without its year, `YYYY-MM-DD` given: "November 23", "11월 23일".
  public func monthAndDay(_ day: String) -> String {
    guard let date = DayRange.date(day) else { return String(day.dropFirst(5)) }
    var style = Date.FormatStyle(locale: locale, calendar: Calendar(identifier: .gregorian)).month(.wide).day()
    style.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    return style.format(date.addingTimeInterval(43_200))
  }

  /// The time of day (`09:30`), 24-hour, in the entry's own offset; empty for a date written
  /// without one.
  public func time(_ date: EntryDate) -> String {
    guard date.hasTime else { return "" }
    let c = date.fields
    return "\(pad(c.hour)):\(pad(c.minute))"
  }

  /// `day` and the time of day after a space, or `day` alone for a date written without a time.
  public func withTime(_ day: String, _ date: EntryDate) -> String {
    date.hasTime ? day + " " + time(date) : day
  }
}

/// One long-date formatter (in UTC, so a day's noon is that day everywhere) and the names it
/// made, shared by copies of a `DateStyle` and safe across threads.
private final class DayNames: @unchecked Sendable {
  private let lock = NSLock()
  private let style: Date.FormatStyle
  private var cache: [Int: String] = [:]

  init(locale: Locale, style date: Date.FormatStyle.DateStyle) {
    // `Date.FormatStyle` keeps its ICU formatter; a corelibs `DateFormatter` makes a new one
    // for every string it writes.
    var style = Date.FormatStyle(date: date, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian))
    style.timeZone = .gmt
    self.style = style
  }

  func long(_ day: EntryDate.Fields) -> String {
    let key = (day.year * 13 + day.month) * 32 + day.day
    lock.lock()
    defer { lock.unlock() }
    if let known = cache[key] { return known }
    // Noon UTC of that day (days from the civil date, Howard Hinnant's algorithm).
    let year = day.month <= 2 ? day.year - 1 : day.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (day.month + (day.month > 2 ? -3 : 9)) + 2) / 5 + day.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let text = style.format(Date(timeIntervalSince1970: TimeInterval(days) * 86_400 + 43_200))
    cache[key] = text
    return text
  }
}
