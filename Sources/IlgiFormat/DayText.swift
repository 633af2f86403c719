import Foundation

/// Days written the ways people, blogs and notes write them, in English and Korean:
/// `Mar 28, 2025`, `March 28, 2025`, `28 Mar 2025`, `2025/03/28`, `2024-7-23`, `2025년 3월 28일`,
/// and without a year `Nov 18`, `18 November`, `11월 18일`. A weekday beside them
/// (`Saturday, March 28, 2025`, `2025년 3월 28일 토요일`) is allowed, as ilgi's long dates have one.
public enum DayText {
  /// A calendar day; `year` is nil when the text named none.
  public struct Day: Sendable, Equatable {
    /// The year, or nil.
    public var year: Int?
    /// 1 to 12.
    public var month: Int
    /// 1 to 31.
    public var day: Int

    /// `YYYY-MM-DD`, for a day with a year.
    public var iso: String? { year.map { String(format: "%04d-%02d-%02d", $0, month, day) } }
  }

  /// The day `text` names, or nil for anything else (including days that do not exist).
  public static func parse(_ text: String) -> Day? {
    var words = text.lowercased().replacingOccurrences(of: ",", with: " ").split(whereSeparator: \.isWhitespace)
      .map(String.init)
    words.removeAll { weekdays.contains($0.trimmingCharacters(in: CharacterSet(charactersIn: "."))) }
    guard !words.isEmpty, let day = read(words) else { return nil }
    guard (1...12).contains(day.month), day.day >= 1,
      day.day <= DateParser.daysIn(month: day.month, year: day.year ?? 2000)
    else { return nil }
    if let year = day.year, !(1583...9999).contains(year) { return nil }
    return day
  }

  private static func read(_ words: [String]) -> Day? {
    // 2025/03/28, 2024-7-23, 2025.3.28
    if words.count == 1, let parts = numbers(words[0], separators: "/-."), parts.count == 3, words[0].count >= 8 {
      return parts[0] > 31 ? Day(year: parts[0], month: parts[1], day: parts[2]) : nil
    }
    // 2025년 3월 28일, 3월 28일
    if words.last?.hasSuffix("일") == true {
      var year: Int?
      var rest = words[...]
      if let first = rest.first, first.hasSuffix("년") {
        guard let value = Int(first.dropLast()) else { return nil }
        year = value
        rest = rest.dropFirst()
      }
      guard rest.count == 2, let monthWord = rest.first, let dayWord = rest.last, monthWord.hasSuffix("월"),
        let month = Int(monthWord.dropLast()), let day = Int(dayWord.dropLast())
      else { return nil }
      return Day(year: year, month: month, day: day)
    }
    // March 28 2025, Mar 28, 28 Mar 2025, 28 March
    guard (2...3).contains(words.count) else { return nil }
    let year = words.count == 3 ? Int(words[2]) : nil
    if words.count == 3 && year == nil { return nil }
    if let month = monthNumber(words[0]), let day = Int(words[1]) { return Day(year: year, month: month, day: day) }
    if let day = Int(words[0]), let month = monthNumber(words[1]) { return Day(year: year, month: month, day: day) }
    return nil
  }

  private static func numbers(_ word: String, separators: String) -> [Int]? {
    let parts = word.split(whereSeparator: { separators.contains($0) }).map { Int($0) }
    guard parts.allSatisfy({ $0 != nil }), Set(word.filter { separators.contains($0) }).count == 1 else { return nil }
    return parts.compactMap { $0 }
  }

  /// 1 to 12 for an English month's name or its first three letters (`sept` too).
  static func monthNumber(_ word: String) -> Int? {
    let name = word.trimmingCharacters(in: CharacterSet(charactersIn: "."))
    guard name.count >= 3 else { return nil }
    if name == "sept" { return 9 }
    return months.firstIndex { $0 == name || $0.prefix(3) == name }.map { $0 + 1 }
  }

  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
  ]

  static let weekdays: Set<String> = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu",
    "thur", "thurs", "fri", "sat", "sun", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일",
  ]
}
