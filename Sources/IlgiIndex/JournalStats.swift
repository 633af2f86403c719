import Foundation
import IlgiFormat

/// Counts over a journal's days: entries, words, streaks, per year and month.
public struct JournalStats: Sendable, Equatable, Encodable {
  /// A run of consecutive days with at least one entry.
  public struct Streak: Sendable, Equatable, Encodable {
    /// Days in the run.
    public var days: Int
    /// First day.
    public var from: String?
    /// Last day.
    public var to: String?
  }

  /// Entries in all.
  public var entries: Int
  /// Words in all.
  public var words: Int
  /// Days with at least one entry.
  public var days: Int
  /// The longest run of days with an entry, up to today.
  public var longestStreak: Streak
  /// The run that ends today or yesterday (0 days when there is none).
  public var currentStreak: Streak
  /// Entries per year (`2024`).
  public var perYear: [String: Int]
  /// Entries per month (`2024-05`).
  public var perMonth: [String: Int]
  /// Entries per day (`2024-05-01`), for the calendar.
  public var perDay: [String: Int]

  /// Works the numbers out from per-day counts (any order) relative to `today`.
  public init(days: [(day: String, entries: Int, words: Int)], today: String) {
    let sorted = days.sorted { $0.day < $1.day }
    entries = sorted.reduce(0) { $0 + $1.entries }
    words = sorted.reduce(0) { $0 + $1.words }
    self.days = sorted.count
    var perYear: [String: Int] = [:]
    var perMonth: [String: Int] = [:]
    var perDay: [String: Int] = [:]
    for day in sorted {
      perYear[String(day.day.prefix(4)), default: 0] += day.entries
      perMonth[String(day.day.prefix(7)), default: 0] += day.entries
      perDay[day.day] = day.entries
    }
    self.perYear = perYear
    self.perMonth = perMonth
    self.perDay = perDay

    var longest = Streak(days: 0, from: nil, to: nil)
    var current = Streak(days: 0, from: nil, to: nil)
    var previous: Date?
    // Streaks are of days written: an entry dated after today (a plan) is counted, not a day of one.
    for day in sorted where day.day <= today {
      guard let date = DayRange.date(day.day) else { continue }
      if let previous, DayRange.calendar.date(byAdding: .day, value: 1, to: previous) == date {
        current.days += 1
        current.to = day.day
      } else {
        current = Streak(days: 1, from: day.day, to: day.day)
      }
      if current.days > longest.days { longest = current }
      previous = date
    }
    longestStreak = longest
    let yesterday = DayRange(parsing: "yesterday", today: today)?.first
    currentStreak = (current.to == today || current.to == yesterday) ? current : Streak(days: 0, from: nil, to: nil)
  }
}
