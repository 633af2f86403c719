import Foundation

/// An instant with the UTC offset where it was written, so it is shown in the entry's own time.
public struct EntryDate: Hashable, Sendable, Comparable {
  /// The instant.
  public var instant: Date
  /// Seconds east of UTC where the entry was written.
  public var offset: Int

  /// Makes a date from an instant and an offset.
  public init(instant: Date, offset: Int) {
    self.instant = instant
    self.offset = offset
  }

  /// The instant in `timeZone`, with that zone's offset at that instant.
  public init(instant: Date, in timeZone: TimeZone) {
    self.init(instant: instant, offset: timeZone.secondsFromGMT(for: instant))
  }

  /// A time zone with exactly this offset.
  public var timeZone: TimeZone { TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")! }

  public static func < (lhs: EntryDate, rhs: EntryDate) -> Bool { lhs.instant < rhs.instant }

  /// Local calendar fields in the entry's own offset.
  public var components: DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
  }

  /// `2026-11-21T09:30:00+09:00`: ISO 8601 with the entry's own offset, as front matter holds it.
  public var iso8601: String {
    let c = components
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!,
      c.second!) + Self.offsetText(offset)
  }

  /// `2026-11-21`: the local day in the entry's own offset.
  public var day: String {
    let c = components
    return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
  }

  /// `+09:00`, `-05:00`, `+05:30`.
  static func offsetText(_ offset: Int) -> String {
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
  }
}
