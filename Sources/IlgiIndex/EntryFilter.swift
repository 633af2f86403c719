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
    if let weather {
      conditions.append("(lower(e.weather) = ? OR lower(e.weather) LIKE ? ESCAPE '\\')")
      let lowered = weather.lowercased()
      arguments.append(lowered)
      arguments.append(
        lowered.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
          .replacingOccurrences(of: "_", with: "\\_") + ",%")
    }
    return (conditions, arguments)
  }
}
