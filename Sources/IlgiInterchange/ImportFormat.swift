import Foundation
import IlgiStore

/// The formats `ilgi import` reads, how each is told from the others by its look, and how each
/// is read into entries.
public enum ImportFormat: String, CaseIterable, Sendable {
  /// jrnl's plain-text journal (or its JSON export).
  case jrnl
  /// jrnl's folder journal: a file per day.
  case jrnlFolder = "jrnl-folder"
  /// A Day One JSON export, or its `.zip`.
  case dayone
  /// A list of entries as JSON objects.
  case json

  /// The format of `path` by its look: a folder is a jrnl folder, `.zip` is Day One, JSON by
  /// its shape, other text is a jrnl journal. `shownAs` names the path in errors.
  public static func guess(_ path: String, shownAs shown: String) throws(ImportError) -> ImportFormat {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw ImportError(location: shown, problem: .missing)
    }
    if isFolder.boolValue { return .jrnlFolder }
    if path.lowercased().hasSuffix(".zip") { return .dayone }
    guard let file = FileHandle(forReadingAtPath: path), let head = try? file.read(upToCount: 4096) else {
      return .jrnl
    }
    try? file.close()
    let text = String(decoding: head, as: UTF8.self).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
    // jrnl's lines start `[` and a date in any `timeformat` (`[2026-...`, `[02 Jan 2024 ...`,
    // `[Jan 02 ...`); a JSON list starts `[` and an object, a list or a string, or is empty.
    if text.hasPrefix("[") {
      let next = text.dropFirst().first { !$0.isWhitespace }
      return next.map { "{[]\"".contains($0) } ?? true ? .json : .jrnl
    }
    if text.hasPrefix("{") {
      if text.contains("\"uuid\"") || text.contains("\"metadata\"") { return .dayone }
      if text.contains("\"entries\"") { return .jrnl }
      throw ImportError(location: shown, problem: .unknownFormat)
    }
    return .jrnl
  }

  /// The entries at `path` in this format; dates without an offset are read in `zone`, jrnl's
  /// dates with `timeFormat` (a strftime pattern).
  public func entries(at path: String, shownAs shown: String, timeFormat: String, zone: TimeZone) throws(ImportError)
    -> [ImportedEntry]
  {
    let format = try JrnlTimeFormat(timeFormat)
    switch self {
    case .jrnl:
      let text = try Interchange.readText(path, shownAs: shown)
      if text.drop(while: \.isWhitespace).hasPrefix("{") {
        return try JrnlFormat.jsonEntries(Array(text.utf8), file: shown, zone: zone)
      }
      return try JrnlFormat.entries(text: text, file: shown, format: format, zone: zone)
    case .jrnlFolder:
      return try JrnlFormat.folderEntries(root: path, format: format, zone: zone)
    case .dayone:
      return try DayOneFormat.entries(at: path, shownAs: shown, zone: zone)
    case .json:
      return try SampleJSONFormat.entries(
        Array(try Interchange.readText(path, shownAs: shown).utf8), file: shown, zone: zone)
    }
  }
}
