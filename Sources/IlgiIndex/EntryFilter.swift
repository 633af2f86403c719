import Foundation
import IlgiFormat

/// Which entries a listing or a search keeps, and in what order.
public struct EntryFilter: Sendable, Equatable {
  /// First local day kept (`YYYY-MM-DD`, inclusive).
  public var fromDay: String?
  /// Last local day kept (inclusive).
  public var toDay: String?
  /// Tags an entry must have (all of them, or any with `anyTag`).
  public var tags: [String] = []
  /// Whether one of `tags` is enough.
  public var anyTag = false
  /// Weather text: the whole value or its first part before a comma, ignoring case.
  public var weather: String?
  /// At most this many.
  public var limit: Int?
  /// Oldest first instead of newest first.
  public var reverse = false
  /// Only starred entries.
  public var starred = false
  /// Only entries whose mood is in this range (`--mood 4`, `--mood 1..2`).
  public var moods: ClosedRange<Int>?
  /// Activities an entry must have (all of them), compared without regard to case.
  public var activities: [String] = []

  /// Makes a filter that keeps everything, newest first.
  public init(
    fromDay: String? = nil, toDay: String? = nil, tags: [String] = [], anyTag: Bool = false,
    weather: String? = nil, limit: Int? = nil, reverse: Bool = false
  ) {
    self.fromDay = fromDay
    self.toDay = toDay
    self.tags = tags
    self.anyTag = anyTag
    self.weather = weather
    self.limit = limit
    self.reverse = reverse
  }

  /// SQL conditions on table alias `e`, with their arguments.
  func sql() -> (conditions: [String], arguments: [String]) {
    var conditions: [String] = []
    var arguments: [String] = []
    if starred { conditions.append("e.starred = 1") }
    if let fromDay {
      conditions.append("e.day >= ?")
      arguments.append(fromDay)
    }
    if let toDay {
      conditions.append("e.day <= ?")
      arguments.append(toDay)
    }
    let tags = self.tags.map { EntryTag($0)?.name ?? "" }
    if !tags.isEmpty {
      if anyTag {
        conditions.append(
          "e.rowid IN (SELECT entry FROM entry_tag WHERE tag IN (\(tags.map { _ in "?" }.joined(separator: ","))))")
        arguments += tags.map { $0.lowercased() }
      } else {
        for tag in tags {
          conditions.append("e.rowid IN (SELECT entry FROM entry_tag WHERE tag = ?)")
          arguments.append(tag.lowercased())
        }
      }
    }
    if let moods {
      conditions.append("e.mood BETWEEN \(moods.lowerBound) AND \(moods.upperBound)")
    }
    for activity in activities.map(\.nfc) {
      // The column holds the activities separated by U+001F.
      let column = Self.lowered("e.activities", matching: activity)
      conditions.append("(char(31) || \(column) || char(31)) LIKE ? ESCAPE '\\'")
      arguments.append("%\u{1F}" + Self.escapedForLike(activity.lowercased()) + "\u{1F}%")
    }
    if let weather = weather?.nfc {
      let column = Self.lowered("e.weather", matching: weather)
      conditions.append("(\(column) = ? OR \(column) LIKE ? ESCAPE '\\')")
      let lowered = weather.lowercased()
      arguments.append(lowered)
      arguments.append(Self.escapedForLike(lowered) + ",%")
    }
    return (conditions, arguments)
  }

  /// `column` in lower case, to be compared with `value` lowered by Swift: SQLite's `lower`
  /// knows ASCII letters only, so a value with others (`École`, `Ärger`) is compared through
  /// GRDB's `swiftLowercaseString`, which lowers as Swift does, at a function call a row.
  static func lowered(_ column: String, matching value: String) -> String {
    value.utf8.allSatisfy { $0 < 0x80 } ? "lower(\(column))" : "swiftLowercaseString(\(column))"
  }

  /// `text` with LIKE's `%`, `_` and the escape `\\` escaped.
  static func escapedForLike(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
      .replacingOccurrences(of: "_", with: "\\_")
  }

  /// The moods in both `a` (any, when nil) and `b`: `0...0`, which no entry has, when none is.
  static func both(_ a: ClosedRange<Int>?, _ b: ClosedRange<Int>) -> ClosedRange<Int> {
    guard let a else { return b }
    return a.overlaps(b) ? max(a.lowerBound, b.lowerBound)...min(a.upperBound, b.upperBound) : 0...0
  }

  /// The moods `text` names: one (`4`, `good`) or a range (`1..2`, `3-5`); nil when it names none.
  public static func moods(_ text: String) -> ClosedRange<Int>? {
    for separator in ["..", "-"] {
      let parts = text.components(separatedBy: separator)
      if parts.count == 2, let low = Mood(text: parts[0]), let high = Mood(text: parts[1]), low <= high {
        return low.value...high.value
      }
    }
    return Mood(text: text).map { $0.value...$0.value }
  }
}
