import Foundation

/// Reads the dates journals arrive with, generously (FORMAT.md "Dates").
///
/// Accepts `YYYY-MM-DD`, then optionally `T` or a space, `HH:MM`, `:SS`, fractions, and an offset
/// written `Z`, `+09:00`, `+0900` or `+09`. A value without an offset is in `timeZone`, never
/// silently UTC.
public struct DateParser: Sendable {
  /// The zone for dates and times written without an offset.
  public var timeZone: TimeZone

  /// Makes a parser for a journal in `timeZone`.
  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
  }

  /// The date in `text`, or `nil` when it is no date at all: ISO 8601 first, then the days
  /// blogs and notes write (`Mar 28, 2025`, `2025/03/28`, `2024-7-23`, `2025년 3월 28일`; see
  /// `DayText`), which are that day's midnight in `timeZone`.
  public func parse(_ text: String) -> EntryDate? {
    if let date = parse(text, calendarAlways: false) { return date }
    guard let day = DayText.parse(text)?.iso else { return nil }
    return parse(day, calendarAlways: false)
  }

  /// `parse(_:)`; with `calendarAlways`, every date goes through Foundation's calendar (the
  /// reference the arithmetic for dates with an offset is tested against).
  func parse(_ text: String, calendarAlways: Bool) -> EntryDate? {
    var scanner = ByteScanner(Array(text.trimmingSpaces().utf8))
    guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
      let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
      let day = scanner.digits(2)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    var offset: Int?
    let timed =
      scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " "))
    if timed {
      while scanner.take(UInt8(ascii: " ")) {}
      guard let h = scanner.digits(2), scanner.take(UInt8(ascii: ":")), let m = scanner.digits(2)
      else { return nil }
      hour = h
      minute = m
      if scanner.take(UInt8(ascii: ":")) {
        guard let s = scanner.digits(2) else { return nil }
        second = s
        if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
          guard let fraction = Self.nanoseconds(&scanner) else { return nil }
          nanosecond = fraction
        }
      }
      while scanner.take(UInt8(ascii: " ")) {}
      switch Self.zoneOffset(&scanner) {
      case .some(.some(let given)): offset = given
      case .some(.none): break
      case .none: return nil
      }
    }
    // Before 1583 the calendar ilgi reads with (Julian until October 1582) and ISO 8601's
    // proleptic Gregorian one disagree by days; such a year is no diary date.
    guard scanner.atEnd, year >= 1583, (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 61
    else { return nil }
    if !calendarAlways, let offset, abs(offset) < 18 * 3600, nanosecond == 0 {
      // With its own offset a date needs no calendar.
      return Self.offsetDate(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset, timed: timed)
    }
    return calendarDate(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond,
      offset: offset, timed: timed)
  }

  /// The date of a day and time written with their `offset`, counted without a calendar: days
  /// since 1970 (proleptic Gregorian, as Foundation's calendar counts from 1583 on) and seconds.
  /// What the calendar would roll over (February 30, a leap second at midnight) is no date, as
  /// in `calendarDate`.
  private static func offsetDate(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int, timed: Bool
  ) -> EntryDate? {
    let time = hour * 3600 + minute * 60 + second
    guard day <= Self.daysIn(month: month, year: year), time < 86_400 else { return nil }
    let seconds = Self.daysSince1970(year: year, month: month, day: day) * 86_400 + time - offset
    return EntryDate(instant: Date(timeIntervalSince1970: Double(seconds)), offset: offset, hasTime: timed)
  }

  /// The date of a day and time through Foundation's calendar, in `offset` or else in
  /// `timeZone`; nil for a day the calendar rolls over into another.
  private func calendarDate(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, nanosecond: Int, offset: Int?, timed: Bool
  ) -> EntryDate? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second,
      nanosecond: nanosecond)
    guard let instant = calendar.date(from: components) else { return nil }
    // Reject dates the calendar rolled over (2026-02-30 would become March 2).
    let check = calendar.dateComponents([.year, .month, .day], from: instant)
    guard check.year == year, check.month == month, check.day == day else { return nil }
    var date = offset.map { EntryDate(instant: instant, offset: $0) } ?? EntryDate(instant: instant, in: timeZone)
    date.hasTime = timed
    return date
  }

  /// The digits of a second's fraction (after `.` or `,`) as nanoseconds (digits past the ninth
  /// dropped); nil when there is none.
  static func nanoseconds(_ scanner: inout ByteScanner) -> Int? {
    var fraction = 0
    var places = 0
    while let d = scanner.digits(1) {
      if places < 9 {
        fraction = fraction * 10 + d
        places += 1
      }
    }
    guard places > 0 else { return nil }
    return fraction * Int(pow(10.0, Double(9 - places)))
  }

  /// A zone offset after the time, in seconds: `Z`, `+09:00`, `+0900`, `-05`; `.some(nil)` when
  /// there is none, nil when one is begun and wrong.
  static func zoneOffset(_ scanner: inout ByteScanner) -> Int?? {
    if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) { return .some(0) }
    guard let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return .some(nil) }
    scanner.advance()
    guard let hours = scanner.digits(2), hours <= 18 else { return nil }
    var minutes = 0
    if scanner.take(UInt8(ascii: ":")) {
      guard let given = scanner.digits(2) else { return nil }
      minutes = given
    } else if let given = scanner.digits(2) {
      minutes = given
    }
    guard minutes < 60 else { return nil }
    return .some((hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1))
  }

  /// Days in `month` of `year` in the Gregorian calendar.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to the date (Howard Hinnant's days-from-civil; years from 1 on).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = y / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date a file name starts with (`2026-11-21-0930-run.md`, `2026-11-21.md`), if any.
  ///
  /// A `-HHMM` right after the date is taken as the local time.
  public func parseFileName(_ name: String) -> EntryDate? {
    let bytes = Array(name.utf8)
    guard bytes.count >= 10, let date = String(bytes: bytes[0..<10], encoding: .utf8) else {
      return nil
    }
    if bytes.count >= 15, bytes[10] == UInt8(ascii: "-"),
      bytes[11..<15].allSatisfy({ (48...57).contains($0) }),
      bytes.count == 15 || !(48...57).contains(bytes[15])
    {
      let hhmm = String(decoding: bytes[11..<15], as: UTF8.self)
      let time = "\(hhmm.prefix(2)):\(hhmm.suffix(2))"
      if let withTime = parse("\(date)T\(time)") { return withTime }
    }
    if bytes.count > 10, (48...57).contains(bytes[10]) { return nil }
    return parse(date)
  }
}

/// A cursor over ASCII bytes for the small parsers here.
struct ByteScanner {
  private let bytes: [UInt8]
  private(set) var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { position == bytes.count }
  var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func advance() { position += 1 }

  mutating func take(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    position += 1
    return true
  }

  /// Exactly `count` decimal digits as a number.
  mutating func digits(_ count: Int) -> Int? {
    guard position + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[position..<position + count] {
      guard (48...57).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    position += count
    return value
  }
}
