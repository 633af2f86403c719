import Foundation
import IlgiFormat
import IlgiStore

/// jrnl's `timeformat` (a Python `strftime` pattern, `%Y-%m-%d %H:%M` by default), read and
/// written the same way jrnl does.
public struct JrnlTimeFormat: @unchecked Sendable {
  /// jrnl's default.
  public static let standard = "%Y-%m-%d %H:%M"

  /// The pattern as the person gave it.
  public let strftime: String
  /// The same pattern for `DateFormatter`.
  let pattern: String
  /// A formatter reading wall-clock times (in UTC), made once: making one costs far more than
  /// reading a date with it. Used from one thread at a time.
  private let wallClock: DateFormatter

  /// Reads a `strftime` pattern; codes without a meaning here, or a pattern without a year,
  /// month and day, are refused.
  public init(_ strftime: String) throws(ImportError) {
    self.strftime = strftime
    var pattern = ""
    var literal = ""
    var seen = Set<Character>()
    func flushLiteral() {
      guard !literal.isEmpty else { return }
      pattern += "'" + literal.replacingOccurrences(of: "'", with: "''") + "'"
      literal = ""
    }
    var characters = strftime.makeIterator()
    while let character = characters.next() {
      guard character == "%" else {
        if character.isLetter || character == "'" {
          literal.append(character)
        } else {
          flushLiteral()
          pattern.append(character)
        }
        continue
      }
      guard let code = characters.next() else {
        throw ImportError(location: "--time-format", problem: .badTimeFormat(strftime))
      }
      let field: String
      switch code {
      case "Y": field = "yyyy"
      case "y": field = "yy"
      case "m": field = "MM"
      case "d": field = "dd"
      case "e": field = "d"
      case "H": field = "HH"
      case "I": field = "hh"
      case "M": field = "mm"
      case "S": field = "ss"
      case "p": field = "a"
      case "b", "h": field = "MMM"
      case "B": field = "MMMM"
      case "a": field = "EEE"
      case "A": field = "EEEE"
      case "j": field = "DDD"
      case "%":
        literal.append("%")
        continue
      default:
        throw ImportError(location: "--time-format", problem: .badTimeFormat(strftime))
      }
      flushLiteral()
      pattern += field
      seen.insert(code)
    }
    flushLiteral()
    let hasYear = !seen.isDisjoint(with: ["Y", "y"])
    let hasDay = !seen.isDisjoint(with: ["d", "e"]) && !seen.isDisjoint(with: ["m", "b", "h", "B"])
    guard hasYear, hasDay || seen.contains("j") else {
      throw ImportError(location: "--time-format", problem: .badTimeFormat(strftime))
    }
    self.pattern = pattern
    wallClock = Self.formatter(pattern, .gmt)
  }

  private static func formatter(_ pattern: String, _ zone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = zone
    formatter.dateFormat = pattern
    formatter.isLenient = false
    return formatter
  }

  /// The date in `text`, read in `zone`; nil when it does not follow the pattern.
  ///
  /// The text is read as a wall-clock time first and placed in the zone after, so a time that
  /// the zone skipped (a spring-forward night) moves forward by the gap instead of failing, and
  /// one it had twice (a fall-back night) is the first of the two.
  public func parse(_ text: String, in zone: TimeZone) -> EntryDate? {
    guard
      let clock = strftime == Self.standard
        ? Self.standardFields(text)
        : wallClock.date(from: text).map({
          EntryDate(instant: $0, offset: 0).fields
        })
    else { return nil }
    let fields = DateComponents(
      timeZone: zone, year: clock.year, month: clock.month, day: clock.day, hour: clock.hour, minute: clock.minute,
      second: clock.second)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    guard let instant = calendar.date(from: fields) else { return nil }
    return EntryDate(instant: instant, in: zone)
  }

  /// `YYYY-MM-DD HH:MM` read by hand: jrnl's default, and most journals' (ICU's parser costs
  /// far more per date).
  static func standardFields(_ text: String) -> EntryDate.Fields? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), (1...12).contains(month), hour < 24, minute < 60
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    guard (1...days).contains(day) else { return nil }
    return EntryDate.Fields(year: year, month: month, day: day, hour: hour, minute: minute, second: 0)
  }

  /// The date as jrnl writes it: the local time in the entry's own offset.
  public func format(_ date: EntryDate) -> String {
    if strftime == Self.standard {
      let c = date.fields
      return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day)) \(pad(c.hour)):\(pad(c.minute))"
    }
    // The wall-clock formatter, given the instant shifted by the entry's offset.
    return wallClock.string(from: date.instant.addingTimeInterval(TimeInterval(date.offset)))
  }

  /// Whether `text` has the shape of a date in this pattern (digits where digits go), so that a
  /// mistyped date is reported instead of being read as body text.
  func looksLikeDate(_ text: String) -> Bool {
    let sample = wallClock.string(from: Date(timeIntervalSince1970: 1_700_000_000))
    func shape(_ s: String) -> String { String(s.map { $0.isASCII && $0.isNumber ? "0" : $0 }) }
    return shape(text) == shape(sample)
  }
}
