import Foundation
import IlgiFormat

/// How a command names an entry: a full id, a unique id prefix (4+ characters), `last`, a path
/// relative to the journal, or a day: `YYYY-MM-DD`, or a word for one (`today`, `yesterday`,
/// `3 days ago`, `last monday`, `어제`, ...) when `today` is given.
public enum EntrySelector: Sendable, Equatable {
  /// The newest entry.
  case last
  /// A day in each entry's own offset.
  case day(String)
  /// A path relative to the journal.
  case path(JournalPath)
  /// A whole id or its start.
  case id(String)

  /// The shortest id prefix accepted.
  public static let minimumPrefix = 4

  /// Reads a selector as typed, with words for days counted from `today` (`YYYY-MM-DD`);
  /// throws `.invalidSelector` for what fits no form.
  public init(parsing text: String, today: String? = nil) throws(JournalError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased() == "last" {
      self = .last
    } else if let today, let range = DayRange(parsing: trimmed, today: today), range.first == range.last,
      !trimmed.allSatisfy(\.isHexDigit)
    {
      self = .day(range.first)
    } else if trimmed.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}\z"#, options: .regularExpression) != nil {
      self = .day(trimmed)
    } else if EncryptedName.isEntry(trimmed) || trimmed.contains("/") {
      let path = JournalPath(trimmed)
      guard !path.escapesRoot, !trimmed.hasPrefix("/") else {
        throw JournalError(path: trimmed, reason: .invalidSelector(trimmed))
      }
      self = .path(path)
    } else if trimmed.count >= Self.minimumPrefix,
      trimmed.allSatisfy({ $0.isHexDigit || $0 == "-" }) || trimmed.count >= 8
    {
      self = .id(trimmed)
    } else {
      throw JournalError(path: trimmed, reason: .invalidSelector(trimmed))
    }
  }

  /// The entries this selector names among `entries` (newest first).
  public func matches(in entries: [Entry]) -> [Entry] {
    switch self {
    case .last: return entries.first.map { [$0] } ?? []
    case .day(let day): return entries.filter { $0.date.day == day }
    case .path(let path):
      return entries.filter {
        $0.path == path
          || $0.path.rawValue.nfc
            == path.rawValue.nfc
      }
    case .id(let text):
      if let exact = entries.first(where: { $0.id.rawValue.lowercased() == text.lowercased() }) {
        return [exact]
      }
      return entries.filter { $0.id.hasPrefix(text) }
    }
  }

  /// The one entry this selector names, or `.noSuchEntry` / `.ambiguous`.
  public func resolve(in entries: [Entry], text: String) throws(JournalError) -> Entry {
    let found = matches(in: entries)
    if found.count == 1 { return found[0] }
    if found.isEmpty { throw JournalError(path: text, reason: .noSuchEntry(selector: text)) }
    throw JournalError(path: text, reason: .ambiguous(selector: text, candidates: found.map(\.path)))
  }
}
