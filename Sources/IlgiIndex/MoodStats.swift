import Foundation
import GRDB
import IlgiFormat

/// How a journal's days felt (`ilgi stats --mood`): each month's average mood, and the
/// activities whose days went better or worse than the others.
///
/// A day's mood is the average of its entries' moods; a day has an activity when one of its
/// entries has it. An activity is compared only with enough days on each side
/// (`enoughDays`): fewer would say more than they know.
public struct MoodStats: Sendable, Equatable, Encodable {
  /// A month's days with a mood, and their average.
  public struct Month: Sendable, Equatable, Encodable {
    /// `YYYY-MM`.
    public var month: String
    /// Its days with a mood.
    public var days: Int
    /// Their average mood.
    public var average: Double
  }

  /// An activity's days and the others, with their averages.
  public struct Activity: Sendable, Equatable, Encodable {
    /// The activity, as first written.
    public var activity: String
    /// Days with a mood that had it.
    public var daysWith: Int
    /// Their average mood.
    public var averageWith: Double
    /// Days with a mood that did not.
    public var daysWithout: Int
    /// Their average mood.
    public var averageWithout: Double
  }

  /// The fewest days on each side of an activity for it to be compared.
  public static let enoughDays = 5

  /// Days with a mood.
  public var days: Int
  /// Their average, nil when there are none.
  public var average: Double?
  /// Each month with a mood, oldest first.
  public var months: [Month]
  /// Activities with enough days on each side, the largest difference first.
  public var activities: [Activity]

  /// The stats of `entries`: each entry's day, mood and activities.
  public init(_ entries: [(day: String, mood: Int, activities: [String])]) {
    var byDay: [String: (moods: [Int], activities: Set<String>)] = [:]
    for entry in entries {
      byDay[entry.day, default: ([], [])].moods.append(entry.mood)
      for activity in entry.activities { byDay[entry.day, default: ([], [])].activities.insert(activity.lowercased()) }
    }
    let dayMoods = byDay.mapValues { Double($0.moods.reduce(0, +)) / Double($0.moods.count) }
    days = dayMoods.count
    average = dayMoods.isEmpty ? nil : Self.rounded(dayMoods.values.reduce(0, +) / Double(dayMoods.count))
    var byMonth: [String: [Double]] = [:]
    for (day, mood) in dayMoods { byMonth[String(day.prefix(7)), default: []].append(mood) }
    months = byMonth.keys.sorted().map { month in
      let moods = byMonth[month] ?? []
      return Month(month: month, days: moods.count, average: Self.rounded(moods.reduce(0, +) / Double(moods.count)))
    }
    var names: [String: String] = [:]
    for entry in entries {
      for activity in entry.activities { names[activity.lowercased()] = names[activity.lowercased()] ?? activity }
    }
    activities = names.keys.sorted().compactMap { key in
      let with = byDay.filter { $0.value.activities.contains(key) }.keys.compactMap { dayMoods[$0] }
      let without = byDay.filter { !$0.value.activities.contains(key) }.keys.compactMap { dayMoods[$0] }
      guard with.count >= Self.enoughDays, without.count >= Self.enoughDays else { return nil }
      return Activity(
        activity: names[key] ?? key, daysWith: with.count,
        averageWith: Self.rounded(with.reduce(0, +) / Double(with.count)),
        daysWithout: without.count, averageWithout: Self.rounded(without.reduce(0, +) / Double(without.count)))
    }
    .sorted { abs($0.averageWith - $0.averageWithout) > abs($1.averageWith - $1.averageWithout) }
  }

  /// `value` to one decimal place.
  static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

extension EntryIndex {
  /// The activities of the latest entries that have any, most written first (then as first
  /// met): what the app offers a tap away.
  public func usualActivities(limit: Int = 8) throws(IndexError) -> [String] {
    let lists = try read { db in
      try String.fetchAll(
        db, sql: "SELECT activities FROM entry WHERE activities != '' ORDER BY instant DESC LIMIT 500")
    }
    var counts: [String: (name: String, count: Int, first: Int)] = [:]
    for (place, list) in lists.enumerated() {
      for activity in EntryRow.unitSeparated(list) {
        let key = activity.lowercased()
        counts[key] = (counts[key]?.name ?? activity, (counts[key]?.count ?? 0) + 1, counts[key]?.first ?? place)
      }
    }
    return counts.values.sorted { ($0.count, -$0.first) > ($1.count, -$1.first) }.prefix(limit).map(\.name)
  }

  /// Every entry with a mood: its day, mood and activities.
  public func moods() throws(IndexError) -> [(day: String, mood: Int, activities: [String])] {
    try read { db in
      try Row.fetchAll(db, sql: "SELECT day, mood, activities FROM entry WHERE mood IS NOT NULL ORDER BY day").map {
        ($0[0], $0[1], EntryRow.unitSeparated($0[2]))
      }
    }
  }
}
