import Foundation

/// A span of local days, from what a person types: ISO days, months and years, and natural
/// words in English and Korean (`today`, `yesterday`, `3 days ago`, `last monday`, `오늘`, `어제`,
/// `그저께`, `지난주`, `3일 전`, `지난 월요일`).
public struct DayRange: Sendable, Equatable {
  /// First day, `YYYY-MM-DD`.
  public var first: String
  /// Last day, inclusive.
  public var last: String

  /// Makes a range.
  public init(first: String, last: String) {
    self.first = first
    self.last = last
  }

  /// Reads `text` relative to `today` (a `YYYY-MM-DD` in the journal's zone); `nil` if it is
  /// no date ilgi understands.
  public init?(parsing text: String, today: String) {
    let input = text.trimmingCharacters(in: .whitespaces).lowercased()
    guard let todayDate = Self.date(today) else { return nil }
    func day(_ offset: Int) -> String {
      Self.string(Self.calendar.date(byAdding: .day, value: offset, to: todayDate) ?? todayDate)
    }

    if let range = Self.iso(input) {
      self.init(first: range.first, last: range.last)
      return
    }
    switch input {
    case "today", "오늘": self.init(first: day(0), last: day(0))
    case "yesterday", "어제": self.init(first: day(-1), last: day(-1))
    case "the day before yesterday", "그저께", "그제": self.init(first: day(-2), last: day(-2))
    case "tomorrow", "내일": self.init(first: day(1), last: day(1))
    case "the day after tomorrow", "모레": self.init(first: day(2), last: day(2))
    case "this week", "이번 주", "이번주":
      let monday = Self.weekday(todayDate)
      self.init(first: day(-monday), last: day(6 - monday))
    case "last week", "지난주", "지난 주":
      let monday = Self.weekday(todayDate)
      self.init(first: day(-monday - 7), last: day(-monday - 1))
    case "this month", "이번 달", "이번달":
      self.init(parsing: String(today.prefix(7)), today: today)
    case "last month", "지난달", "지난 달":
      guard let previous = Self.calendar.date(byAdding: .month, value: -1, to: todayDate) else { return nil }
      self.init(parsing: String(Self.string(previous).prefix(7)), today: today)
    default:
      guard let offset = Self.pastDayOffset(input, today: todayDate) else { return nil }
      self.init(first: day(offset), last: day(offset))
    }
  }

  /// The days an ISO day (`2024-03-05`), month (`2024-03`) or year (`2024`) spans; nil for
  /// anything else.
  private static func iso(_ input: String) -> DayRange? {
    if let exact = Self.date(input) {
      let value = Self.string(exact)
      return DayRange(first: value, last: value)
    }
    if input.range(of: #"^[0-9]{4}-[0-9]{2}\z"#, options: .regularExpression) != nil,
      let first = Self.date(input + "-01"),
      let next = Self.calendar.date(byAdding: .month, value: 1, to: first),
      let last = Self.calendar.date(byAdding: .day, value: -1, to: next)
    {
      return DayRange(first: Self.string(first), last: Self.string(last))
    }
    if input.range(of: #"^[0-9]{4}\z"#, options: .regularExpression) != nil {
      return DayRange(first: input + "-01-01", last: input + "-12-31")
    }
    return nil
  }

  /// How many days from `today` the one day `input` names in words lies (`3 days ago`, `2주 전`,
  /// `monday`, `last friday`): never after today; nil for anything else.
  private static func pastDayOffset(_ input: String, today todayDate: Date) -> Int? {
    if let match = input.wholeMatch(of: /(\d+)\s*(days?|일)\s*(ago|전)/), let count = Int(match.output.1) {
      return -count
    } else if let match = input.wholeMatch(of: /(\d+)\s*(weeks?|주)\s*(ago|전)/), let count = Int(match.output.1) {
      return -7 * count
    } else if let target = Self.weekdayNames[input] {
      // A weekday alone is the last one, today if it is that day (jrnl's `monday`).
      let back = (Self.weekday(todayDate) - target + 7) % 7
      return -back
    } else if let match = input.wholeMatch(of: /(?:last|지난)\s*(\S+)/),
      let target = Self.weekdayNames[String(match.output.1)]
    {
      // The most recent such weekday before today.
      var back = (Self.weekday(todayDate) - target + 7) % 7
      if back == 0 { back = 7 }
      return -back
    } else {
      return nil
    }
  }

  /// Monday is 0.
  static let weekdayNames: [String: Int] = [
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
    "mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6,
    "월요일": 0, "화요일": 1, "수요일": 2, "목요일": 3, "금요일": 4, "토요일": 5, "일요일": 6,
  ]

  package static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
    return calendar
  }()

  package static func date(_ text: String) -> Date? {
    // Exactly `DDDD-DD-DD` in ASCII digits (a regex `$` would also match before a final newline).
    let bytes = Array(text.utf8)
    guard bytes.count == 10,
      bytes.indices.allSatisfy({
        $0 == 4 || $0 == 7 ? bytes[$0] == UInt8(ascii: "-") : (0x30...0x39).contains(bytes[$0])
      })
    else { return nil }
    let parts = [0..<4, 5..<7, 8..<10].map { range in range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } }
    let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == parts[2], calendar.component(.month, from: date) == parts[1]
    else { return nil }
    return date
  }

  package static func string(_ date: Date) -> String {
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
  }

  /// Days since Monday.
  package static func weekday(_ date: Date) -> Int { (calendar.component(.weekday, from: date) + 5) % 7 }
}
