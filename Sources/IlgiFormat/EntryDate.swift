import Foundation

/// An instant with the UTC offset where it was written, so it is shown in the entry's own time.
public struct EntryDate: Hashable, Sendable, Comparable {
  /// The instant.
  public var instant: Date
  /// Seconds east of UTC where the entry was written.
  public var offset: Int
  /// Whether a time of day was written; a date written as a day alone (`date: 2020-01-02`, as
  /// blog posts have) is that day's midnight, and no time is shown for it.
  public var hasTime: Bool

  /// Makes a date from an instant and an offset.
  public init(instant: Date, offset: Int, hasTime: Bool = true) {
    self.instant = instant
    self.offset = offset
    self.hasTime = hasTime
  }

  /// The instant in `timeZone`, with that zone's offset at that instant.
  public init(instant: Date, in timeZone: TimeZone) {
    // Whole minutes: ISO 8601 offsets have no seconds, and zones before standard time had
    // some (Seoul's local mean time was +08:27:52); the written date must read back the same.
    let seconds = timeZone.secondsFromGMT(for: instant)
    self.init(instant: instant, offset: Int((Double(seconds) / 60).rounded()) * 60)
  }

  /// A time zone with exactly this offset.
  public var timeZone: TimeZone { TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0) ?? .current }

  /// Earlier instants sort first.
  public static func < (lhs: EntryDate, rhs: EntryDate) -> Bool { lhs.instant < rhs.instant }

  /// Calendar fields of the local time in the entry's own offset.
  public struct Fields: Sendable, Equatable {
    /// Year, month (1-12), day (1-31), hour, minute, second.
    public var year, month, day, hour, minute, second: Int

    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }
  }

  /// The local time in the entry's own offset, as calendar fields.
  public var fields: Fields {
    // Shifting by the offset and reading in UTC gives the local fields without a Calendar per
    // call: a listing asks for every row.
    let local = Int64((instant.timeIntervalSince1970).rounded(.down)) + Int64(offset)
    var days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let seconds = Int(local - days * 86_400)
    // Civil-from-days (Howard Hinnant's algorithm), valid for the proleptic Gregorian calendar.
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
    let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    return Fields(
      year: year, month: month, day: day, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)
  }

  /// `2026-11-21T09:30:00+09:00`: ISO 8601 with the entry's own offset, as front matter holds it.
  public var iso8601: String {
    let c = fields
    return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))"
      + Self.offsetText(offset)
  }

  /// `2026-11-21`: the local day in the entry's own offset.
  public var day: String {
    let c = fields
    return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))"
  }

  /// `+09:00`, `-05:00`, `+05:30`.
  static func offsetText(_ offset: Int) -> String {
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return "\(sign)\(pad(minutes / 60)):\(pad(minutes % 60))"
  }
}

/// `number` in decimal, zero-padded to `width` digits (what `%02d` does, without the cost of
/// `String(format:)`, which dates of a large journal pay many thousand times).
package func pad(_ number: Int, _ width: Int = 2) -> String {
  let digits = String(abs(number))
  let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
  return number < 0 ? "-" + padded : padded
}
