import Foundation

/// jrnl's `timeformat` (a Python `strftime` pattern, `%Y-%m-%d %H:%M` by default), read and
/// written the same way jrnl does.
public struct JrnlTimeFormat: Sendable {
  /// jrnl's default.
  public static let standard = "%Y-%m-%d %H:%M"

  /// The pattern as the person gave it.
  public let strftime: String
  /// The same pattern for `DateFormatter`.
  let pattern: String

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
        if character.isLetter || character == "'" { literal.append(character) } else {
          flushLiteral()
          pattern.append(character)
        }
        continue
      }
      guard let code = characters.next() else { throw ImportError(location: "--time-format", problem: .badTimeFormat(strftime)) }
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
  }

  private func formatter(_ zone: TimeZone) -> DateFormatter {
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
    let utc = TimeZone(secondsFromGMT: 0)!
    guard let wall = formatter(utc).date(from: text) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    var fields = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wall)
    fields.timeZone = zone
    calendar.timeZone = zone
    guard let instant = calendar.date(from: fields) else { return nil }
    return EntryDate(instant: instant, in: zone)
  }

  /// The date as jrnl writes it: the local time in the entry's own offset.
  public func format(_ date: EntryDate) -> String {
    formatter(date.timeZone).string(from: date.instant)
  }

  /// Whether `text` has the shape of a date in this pattern (digits where digits go), so that a
  /// mistyped date is reported instead of being read as body text.
  func looksLikeDate(_ text: String) -> Bool {
    let sample = format(EntryDate(instant: Date(timeIntervalSince1970: 1_700_000_000), offset: 0))
    func shape(_ s: String) -> String { String(s.map { $0.isASCII && $0.isNumber ? "0" : $0 }) }
    return shape(text) == shape(sample)
  }
}
