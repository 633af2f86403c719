import Foundation
import GRDB
import IlgiFormat

/// A year laid out as a wall calendar: 7 rows (Monday to Sunday) and one column per week.
public struct YearCalendar: Sendable, Equatable {
  /// The year.
  public var year: Int
  /// `rows[weekday][week]` is the day (`YYYY-MM-DD`) there, or `nil` outside the year.
  public var rows: [[String?]]
  /// The week column where each month starts, January first.
  public var monthStarts: [Int]

  /// Lays out `year`.
  public init(year: Int) {
    self.year = year
    var rows = Array(repeating: [String?](), count: 7)
    var monthStarts: [Int] = []
    guard let january = DayRange.date(String(format: "%04d-01-01", year)) else {
      self.rows = rows
      self.monthStarts = []
      return
    }
    let calendar = DayRange.calendar
    let lead = DayRange.weekday(january)
    let length = calendar.range(of: .day, in: .year, for: january)?.count ?? 365
    let weeks = (lead + length + 6) / 7
    rows = Array(repeating: Array(repeating: nil, count: weeks), count: 7)
    for offset in 0..<length {
      guard let date = calendar.date(byAdding: .day, value: offset, to: january) else { continue }
      let cell = lead + offset
      let day = DayRange.string(date)
      rows[cell % 7][cell / 7] = day
      if day.hasSuffix("-01") { monthStarts.append(cell / 7) }
    }
    self.rows = rows
    self.monthStarts = monthStarts
  }
}

/// What a calendar shows of a day: how many entries, how many words, and the average mood of
/// those that give one.
public struct CalendarDay: Sendable, Equatable {
  /// Its entries.
  public var entries: Int
  /// The words they hold.
  public var words: Int
  /// The average of its entries' moods, nil when none gives one.
  public var mood: Double?
}

extension EntryIndex {
  /// The days from `first` to `last` (`YYYY-MM-DD`, inclusive) that have entries: one range
  /// read of the index by day.
  public func calendarDays(from first: String, to last: String) throws(IndexError) -> [String: CalendarDay] {
    try read { db in
      var days: [String: CalendarDay] = [:]
      let rows = try Row.fetchCursor(
        db, sql: "SELECT day, count(*), sum(words), avg(mood) FROM entry WHERE day BETWEEN ? AND ? GROUP BY day",
        arguments: [first, last])
      while let row = try rows.next() {
        days[row[0]] = CalendarDay(entries: row[1], words: row[2], mood: row[3])
      }
      return days
    }
  }
}
