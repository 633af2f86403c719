import Foundation

/// Dates as people read them, in their language: "November 21, 2026", "2026년 11월 21일".
public struct DateStyle: Sendable {
  /// The reader's locale.
  public var locale: Locale

  /// Makes a style for `locale`.
  public init(locale: Locale) {
    self.locale = locale
  }

  /// The long date of `date`, in the entry's own offset.
  public func long(_ date: EntryDate) -> String {
    formatter(date, dateStyle: .long, timeStyle: .none).string(from: date.instant)
  }

  /// The time of day (`09:30`), 24-hour, in the entry's own offset.
  public func time(_ date: EntryDate) -> String {
    let c = date.fields
    return "\(pad(c.hour)):\(pad(c.minute))"
  }

  private func formatter(_ date: EntryDate, dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style)
    -> DateFormatter
  {
    let formatter = DateFormatter()
    formatter.locale = locale
    formatter.timeZone = date.timeZone
    formatter.dateStyle = dateStyle
    formatter.timeStyle = timeStyle
    return formatter
  }
}
