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
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let (dayText, time) = splitTime(trimmed)
    let today = EntryDate(instant: now, in: zone)
    if let day = day(dayText, today: today.day) {
      let fields = today.fields
      let (hour, minute) = time ?? (fields.hour, fields.minute)
      return parser.parse(day + "T" + String(format: "%02d:%02d", hour, minute))
    }
    return time == nil ? parser.parse(trimmed) : nil
  }

  /// `YYYY-MM-DD` for the day part, `today` when there is none.
  static func day(_ text: String, today: String) -> String? {
    if text.isEmpty { return today }
    if let range = DayRange(parsing: text, today: today), range.first == range.last { return range.first }
    guard let written = DayText.parse(text) else { return nil }
    if let iso = written.iso { return iso }
    // No year: the latest such day up to today (February 29 looks back to a leap year).
    guard var year = Int(today.prefix(4)) else { return nil }
    let thisYear = String(format: "%04d-%02d-%02d", year, written.month, written.day)
    if thisYear > today { year -= 1 }
    for candidate in stride(from: year, to: year - 8, by: -1)
    where written.day <= DateParser.daysIn(month: written.month, year: candidate) {
      return String(format: "%04d-%02d-%02d", candidate, written.month, written.day)
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
