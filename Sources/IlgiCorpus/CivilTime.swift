/// A wall-clock moment (a day and a minute of it) with the offset it was written in.
///
/// The corpus does its own calendar arithmetic so its output depends on nothing but the seed:
/// not on the machine's time-zone data, nor on Foundation's version.
struct CivilTime: Comparable, Hashable {
  /// Days since 1970-01-01.
  var day: Int
  /// Minutes since midnight, 0..<1440.
  var minute: Int
  /// Minutes east of UTC.
  var offset: Int

  /// The moment as seconds since 1970-01-01T00:00Z.
  var unixSeconds: Int { (day * 1440 + minute - offset) * 60 }

  /// Wall-clock order; of two equal wall-clock times, the earlier moment first.
  static func < (a: CivilTime, b: CivilTime) -> Bool { (a.day, a.minute, -a.offset) < (b.day, b.minute, -b.offset) }

  /// `2026-11-21`.
  var dayText: String {
    let (y, m, d) = Self.civil(day)
    return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
  }

  /// `2026-11-21T09:30:00+09:00`.
  var iso8601: String { dayText + "T" + pad(minute / 60, 2) + ":" + pad(minute % 60, 2) + ":00" + offsetText }

  /// `+09:00`, `-04:00`, `+05:30`.
  var offsetText: String {
    (offset < 0 ? "-" : "+") + pad(abs(offset) / 60, 2) + ":" + pad(abs(offset) % 60, 2)
  }

  /// `0930`.
  var hhmm: String { pad(minute / 60, 2) + pad(minute % 60, 2) }

  /// `2026-11-21 09:30`, as jrnl writes it.
  var jrnlText: String { dayText + " " + pad(minute / 60, 2) + ":" + pad(minute % 60, 2) }

  /// `2026-11-21T00:30:00Z`, the moment in UTC.
  var utcText: String {
    let seconds = unixSeconds
    let day = Int((Double(seconds) / 86_400).rounded(.down))
    let minute = (seconds - day * 86_400) / 60
    return CivilTime(day: day, minute: minute, offset: 0).dayText + "T" + pad(minute / 60, 2) + ":"
      + pad(minute % 60, 2) + ":00Z"
  }

  var year: Int { Self.civil(day).year }
  var month: Int { Self.civil(day).month }

  /// The proleptic Gregorian date of a day count (the well-known era-based conversion).
  static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day count of a date.
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// 0 for Sunday ... 6 for Saturday.
  static func weekday(_ days: Int) -> Int { ((days + 4) % 7 + 7) % 7 }

  private func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}

/// The zones entries are written in, with today's daylight-saving rules applied to every year.
enum CorpusZone: String, CaseIterable {
  case seoul = "Asia/Seoul"
  case newYork = "America/New_York"
  case london = "Europe/London"
  case kolkata = "Asia/Kolkata"

  /// How often a stretch of days is spent in each zone.
  var weight: Int {
    switch self {
    case .seoul: 50
    case .newYork: 22
    case .london: 18
    case .kolkata: 10
    }
  }

  var standardOffset: Int {
    switch self {
    case .seoul: 540
    case .newYork: -300
    case .london: 0
    case .kolkata: 330
    }
  }

  /// The days summer time starts and ends in `year`, or nil for a zone without it.
  func summerDays(_ year: Int) -> (start: Int, end: Int)? {
    switch self {
    case .newYork: (Self.sunday(year, 3, nth: 2), Self.sunday(year, 11, nth: 1))
    case .london: (Self.lastSunday(year, 3), Self.lastSunday(year, 10))
    default: nil
    }
  }

  /// The offset of a wall-clock time from 05:00 on, where no change of clocks happens.
  func offset(day: Int) -> Int {
    let year = CivilTime.civil(day).year
    guard let summer = summerDays(year), day >= summer.start, day < summer.end else { return standardOffset }
    return standardOffset + 60
  }

  /// Wall-clock times on either side of the change of clocks on a summer day: two real moments
  /// an hour of wall clock apart in spring, the same wall-clock time twice in autumn.
  func changeTimes(spring: Bool) -> [(minute: Int, offset: Int)] {
    let summer = standardOffset + 60
    switch (self, spring) {
    case (.newYork, true): return [(90, standardOffset), (210, summer)]
    case (.newYork, false): return [(90, summer), (90, standardOffset)]
    case (_, true): return [(40, standardOffset), (140, summer)]
    case (_, false): return [(75, summer), (75, standardOffset)]
    }
  }

  private static func sunday(_ year: Int, _ month: Int, nth: Int) -> Int {
    let first = CivilTime.days(year: year, month: month, day: 1)
    return first + (7 - CivilTime.weekday(first)) % 7 + 7 * (nth - 1)
  }

  private static func lastSunday(_ year: Int, _ month: Int) -> Int {
    let last = CivilTime.days(year: year, month: month + 1, day: 1) - 1
    return last - CivilTime.weekday(last)
  }
}
