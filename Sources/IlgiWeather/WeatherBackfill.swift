import Foundation
import IlgiFormat
import IlgiStore

/// How `weather fill` asks the archive for the weather of entries written without it: the
/// entries in time order, grouped so that no request spans more than 360 days (the archive
/// answers at most a year at a time), each request covering its entries' UTC days.
public struct WeatherBackfill: Sendable {
  /// One request to the archive: the UTC days `from`...`to` (`YYYY-MM-DD`), and the entries
  /// whose hour it answers.
  public struct Request: Sendable {
    /// The first UTC day asked for.
    public var from: String
    /// The last UTC day asked for (the hour after the last entry included).
    public var to: String
    /// The entries, by path, with their instants.
    public var entries: [(path: JournalPath, instant: Date)]
  }

  /// The longest span one request covers.
  public static let span: TimeInterval = 360 * 86_400

  /// The requests that cover `entries`.
  public let requests: [Request]

  /// The requests for `entries`, oldest first.
  public init(_ entries: [IndexedEntry]) {
    var groups: [[IndexedEntry]] = []
    for entry in entries.sorted(by: { $0.date.instant < $1.date.instant }) {
      if let first = groups.last?.first, entry.date.instant.timeIntervalSince(first.date.instant) < Self.span {
        groups[groups.count - 1].append(entry)
      } else {
        groups.append([entry])
      }
    }
    requests = groups.compactMap { group in
      guard let first = group.first, let last = group.last else { return nil }
      return Request(
        from: Self.utcDay(first.date.instant), to: Self.utcDay(last.date.instant.addingTimeInterval(3600)),
        entries: group.map { ($0.path, $0.date.instant) })
    }
  }

  /// The UTC day of `instant`, `YYYY-MM-DD`.
  static func utcDay(_ instant: Date) -> String { EntryDate(instant: instant, in: .gmt).day }
}
