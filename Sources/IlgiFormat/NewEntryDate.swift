import Foundation

/// The date `ilgi new --date` takes: ISO 8601 as front matter has it, or a day and a time of day
/// as a person says them, in English or Korean.
///
/// The day is what `--from` and `--on` take for one day (`yesterday`, `3 days ago`,
/// `last monday`, `어제`, `3일 전`) or a written day (`Nov 18`, `November 21, 2026`,
/// `11월 18일`, see `DayText`; without a year, the latest such day up to today). The time is
/// `21:30`, `9:30pm`, `9pm`, or in Korean `9시`, `저녁 9시`, `오후 9시 30분`, `9시 반`. A day
/// without a time takes the time of day of `now`, so entries written for one day keep their order.
public enum NewEntryDate {
  /// The moment `text` names, or nil when it names none.
  public static func parse(_ text: String, now: Date, zone: TimeZone) -> EntryDate? {
    let parser = DateParser(timeZone: zone)
    var trimmed = text.trimmingCharacters(in: .whitespaces)
    // `지난밤에`, `월요일에`: the particle of a time said in Korean.
    if trimmed.count > 2, trimmed.hasSuffix("에"),
      trimmed.unicodeScalars.dropLast().last.map({ (0xAC00...0xD7A3).contains($0.value) }) == true
    {
      trimmed.removeLast()
    }
    var (dayText, time) = splitTime(nights(trimmed))
    // A part of the day said instead of a time (`yesterday morning`, `noon`, `오늘 밤`): its
    // hour, unless a time was said too (`tonight 11pm`).
    if let (rest, hour) = partOfDay(dayText) {
      dayText = rest
      time = time ?? (hour, 0)
    }
    let today = EntryDate(instant: now, in: zone)
    if let day = day(dayText, today: today.day) {
      let fields = today.fields
      let (hour, minute) = time ?? (fields.hour, fields.minute)
      return parser.parse(day + "T" + String(format: "%02d:%02d", hour, minute))
    }
    return time == nil ? parser.parse(trimmed) : nil
  }

  /// The parts of the day a person names instead of a time, and the hour each stands for.
  static let partsOfDay: [String: Int] = [
    "midnight": 0, "morning": 8, "noon": 12, "midday": 12, "afternoon": 15, "evening": 19, "night": 21,
    "자정": 0, "새벽": 5, "아침": 8, "정오": 12, "낮": 12, "오후": 15, "저녁": 19, "밤": 21,
  ]

  /// `text` with jrnl's nights said as a day and a part of it: `tonight` is today's night,
  /// `last night` and `지난밤` yesterday's.
  static func nights(_ text: String) -> String {
    let lowered = text.lowercased()
    for (said, meant) in [
      ("tonight", "today night"), ("last night", "yesterday night"), ("지난밤", "어제 밤"),
      ("지난 밤", "어제 밤"), ("어젯밤", "어제 밤"),
    ]
    where lowered == said || lowered.hasPrefix(said + " ") {
      return meant + text.dropFirst(said.count)
    }
    return text
  }

  /// The day part of `text` and the hour of the part of the day it ends with (`yesterday
  /// morning`, `noon`, `오늘 밤`, `오늘밤`); nil when it ends with none.
  static func partOfDay(_ text: String) -> (String, Int)? {
    let lowered = text.lowercased()
    for (word, hour) in partsOfDay {
      if lowered == word { return ("", hour) }
      // A Korean part follows its day with a space or without (`오늘밤`); an English one, a space.
      let joined = word.unicodeScalars.first.map { (0xAC00...0xD7A3).contains($0.value) } ?? false
      if lowered.hasSuffix(" " + word) || (joined && lowered.hasSuffix(word)) {
        let rest = String(text.dropLast(word.count)).trimmingCharacters(in: .whitespaces)
        return (rest, hour)
      }
    }
    return nil
  }

  /// `YYYY-MM-DD` for the day part, `today` when there is none.
  static func day(_ text: String, today: String) -> String? {
    if text.isEmpty { return today }
    if let range = DayRange(parsing: text, today: today), range.first == range.last { return range.first }
    // `11/18` and `11/18/2025`, month first, as jrnl reads them.
    if let match = text.wholeMatch(of: /(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?/), let month = Int(match.output.1),
      let dayOfMonth = Int(match.output.2), (1...12).contains(month), dayOfMonth >= 1
    {
      if let year = match.output.3.flatMap({ Int($0) }) {
        guard (1583...9999).contains(year), dayOfMonth <= DateParser.daysIn(month: month, year: year) else {
          return nil
        }
        return String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
      }
      return latest(month: month, day: dayOfMonth, today: today)
    }
    guard let written = DayText.parse(text) else { return nil }
    if let iso = written.iso { return iso }
    return latest(month: written.month, day: written.day, today: today)
  }

  /// A day without a year: the latest such day up to today (February 29 looks back to a leap
  /// year).
  static func latest(month: Int, day: Int, today: String) -> String? {
    guard var year = Int(today.prefix(4)) else { return nil }
    let thisYear = String(format: "%04d-%02d-%02d", year, month, day)
    if thisYear > today { year -= 1 }
    for candidate in stride(from: year, to: year - 8, by: -1)
    where day <= DateParser.daysIn(month: month, year: candidate) {
      return String(format: "%04d-%02d-%02d", candidate, month, day)
    }
    return nil
  }

  /// The text without a time of day at its end, and that time (hour 0-23, minute).
  static func splitTime(_ text: String) -> (String, (Int, Int)?) {
    let lowered = text.lowercased()
    if let match = lowered.firstMatch(
      of: /(?:^|\s)(?:(아침|오전|새벽|낮|오후|저녁|밤)\s*)?(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*(반))?\s*$/)
    {
      guard var hour = Int(match.output.2), hour <= 24 else { return (text, nil) }
      let minute = match.output.4 != nil ? 30 : Int(match.output.3 ?? "0") ?? 0
      switch match.output.1 {
      case "오후", "저녁", "밤": if hour < 12 { hour += 12 }
      case "아침", "오전", "새벽": if hour == 12 { hour = 0 }
      default: break
      }
      return rest(text, before: match.range.lowerBound, lowered: lowered, hour: hour % 24, minute: minute)
    }
    if let match = lowered.firstMatch(of: /(?:^|\s)(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*$/),
      match.output.2 != nil || match.output.3 != nil, var hour = Int(match.output.1),
      let minute = Int(match.output.2 ?? "0")
    {
      if let half = match.output.3 {
        guard (1...12).contains(hour) else { return (text, nil) }
        hour = hour % 12 + (half.hasPrefix("p") ? 12 : 0)
      }
      return rest(text, before: match.range.lowerBound, lowered: lowered, hour: hour, minute: minute)
    }
    return (text, nil)
  }

  private static func rest(_ text: String, before: String.Index, lowered: String, hour: Int, minute: Int)
    -> (String, (Int, Int)?)
  {
    guard hour < 24, minute < 60 else { return (text, nil) }
    let offset = lowered.distance(from: lowered.startIndex, to: before)
    var day = String(text.prefix(offset)).trimmingCharacters(in: .whitespaces)
    for suffix in [" at", ",", "에"] where day.lowercased().hasSuffix(suffix) {
      day = String(day.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
    }
    return (day, (hour, minute))
  }
}
