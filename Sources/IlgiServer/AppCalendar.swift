import Foundation
import IlgiFormat
import IlgiIndex
import IlgiMarkdown
import IlgiStrings

/// The app's calendar: a month as weeks of days, or a year as the terminal's heat map, each day
/// with entries shaded by its mood (when the month has moods) or by the words written, today
/// marked, and a day chosen listing its entries.
struct AppCalendar {
  /// What a day is shaded by.
  enum Shade: String {
    case mood, words
  }

  let dates: DateStyle
  let today: String

  /// The month `year`-`month` from `days` (that month's days with entries), `chosen` marked.
  func month(_ year: Int, _ month: Int, days: [String: CalendarDay], chosen: String?, shade asked: Shade?)
    -> [String: Any]
  {
    let shade = asked ?? (days.values.contains { $0.mood != nil } ? .mood : .words)
    let first = String(format: "%04d-%02d-01", year, month)
    guard let start = DayRange.date(first) else { return [:] }
    let length = DayRange.calendar.range(of: .day, in: .month, for: start)?.count ?? 30
    var cells: [[String: Any]] = Array(repeating: ["blank": true], count: DayRange.weekday(start))
    for number in 1...length {
      let day = String(format: "%04d-%02d-%02d", year, month, number)
      var cell: [String: Any] = [
        "number": String(number), "day": day, "href": Self.path(year, month) + "?day=" + day + "#day",
        "today": day == today, "chosen": day == chosen,
      ]
      if let found = days[day] {
        cell["level"] = Self.level(found, shade).map { shade.rawValue + "-" + String($0) } ?? ""
        cell["count"] = String(found.entries)
      }
      cells.append(cell)
    }
    while cells.count % 7 != 0 { cells.append(["blank": true]) }
    let (previous, next) = (
      Self.step(year, month, by: year == 1 && month == 1 ? 0 : -1),
      Self.step(year, month, by: year == 9999 && month == 12 ? 0 : 1)
    )
    return [
      "heading": dates.month(year, month), "weekdays": dates.weekdays,
      "weeks": stride(from: 0, to: cells.count, by: 7).map { ["days": Array(cells[$0..<$0 + 7])] },
      "previous": [
        "href": Self.path(previous.year, previous.month), "label": dates.month(previous.year, previous.month),
      ],
      "next": ["href": Self.path(next.year, next.month), "label": dates.month(next.year, next.month)],
      "yearHref": "/calendar/" + String(format: "%04d", year), "yearLabel": String(year),
      "byMood": shade == .mood, "moodHref": Self.path(year, month) + "?by=mood",
      "wordsHref": Self.path(year, month) + "?by=words",
    ]
  }

  /// The year `year` from `days` (its days with entries), as 7 rows of weeks.
  func year(_ year: Int, days: [String: CalendarDay], shade asked: Shade?) -> [String: Any] {
    let shade = asked ?? (days.values.contains { $0.mood != nil } ? .mood : .words)
    return [
      "heading": String(year), "heat": heatMap(year, days: days, shade: shade), "byMood": shade == .mood,
      "months": (1...12).map { ["href": Self.path(year, $0), "label": dates.month(year, $0)] },
      "previous": ["href": "/calendar/" + String(year - 1), "label": String(year - 1)],
      "next": ["href": "/calendar/" + String(year + 1), "label": String(year + 1)],
      "moodHref": "/calendar/" + String(year) + "?by=mood", "wordsHref": "/calendar/" + String(year) + "?by=words",
      "days": String(days.count),
    ]
  }

  /// The year's heat map as table rows, a weekday each: written here rather than by the
  /// template, as its 371 cells are most of the page's time, and hold only days, counts and
  /// shades (no text of an entry's).
  func heatMap(_ year: Int, days: [String: CalendarDay], shade: Shade) -> String {
    var html = ""
    for (weekday, weeks) in YearCalendar(year: year).rows.enumerated() {
      html += "<tr><th scope=\"row\">" + MarkdownRenderer.escapeHTML(dates.weekdays[weekday]) + "</th>"
      for day in weeks {
        guard let day else {
          html += "<td class=\"blank\"></td>"
          continue
        }
        var classes: [String] = []
        var said = day
        if let found = days[day] {
          classes += ["has-entries", Self.level(found, shade).map { shade.rawValue + "-" + String($0) } ?? ""]
          said += " · " + String(found.entries)
        }
        if day == today { classes.append("today") }
        let href = "/calendar/" + day.prefix(7) + "?day=" + day + "#day"
        html +=
          "<td class=\"" + classes.joined(separator: " ") + "\"><a href=\"" + href + "\" title=\"" + said
          + "\" aria-label=\"" + said + "\"></a></td>"
      }
      html += "</tr>\n"
    }
    return html
  }

  /// A day's shade, 1 to 5: its average mood rounded, or its words by how much a day holds
  /// (under 100, 300, 600, 1,000, or more); nil for a mood shade of a day without one.
  static func level(_ day: CalendarDay, _ shade: Shade) -> Int? {
    switch shade {
    case .mood: return day.mood.map { max(1, min(5, Int($0.rounded()))) }
    case .words: return ([100, 300, 600, 1_000].firstIndex { day.words < $0 } ?? 4) + 1
    }
  }

  /// `/calendar/2026-11`.
  static func path(_ year: Int, _ month: Int) -> String { String(format: "/calendar/%04d-%02d", year, month) }

  /// The month `by` months from `year`-`month`.
  static func step(_ year: Int, _ month: Int, by months: Int) -> (year: Int, month: Int) {
    let index = year * 12 + (month - 1) + months
    return (index / 12, index % 12 + 1)
  }

  /// What a `/calendar/...` segment names: a month (`2026-11`), a year (`2026`), or nil.
  static func parse(_ segment: String) -> (year: Int, month: Int?)? {
    let parts = segment.split(separator: "-", omittingEmptySubsequences: false)
    guard let year = Int(parts[0]), parts[0].count == 4, (1...9999).contains(year) else { return nil }
    if parts.count == 1 { return (year, nil) }
    guard parts.count == 2, parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return nil }
    return (year, month)
  }
}
