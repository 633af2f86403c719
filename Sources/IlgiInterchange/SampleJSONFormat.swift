import Foundation
import IlgiFormat
import IlgiStore

/// The diary apps' sample data: a JSON array of `{"title", "body", "created_at"}`, with
/// `created_at` in Unix seconds, read in the journal's zone.
public enum SampleJSONFormat {
  /// The entries of a sample JSON file (`file` names it in messages), dates without an
  /// offset read in `zone`.
  public static func entries(_ bytes: [UInt8], file: String, zone: TimeZone) throws(ImportError) -> [ImportedEntry] {
    let root = try JSONCursor.parse(bytes, file: file)
    var entries: [ImportedEntry] = []
    for item in try root.array() {
      _ = try item.object()
      let title = try item["title"].optionalString() ?? ""
      let body = try item["body"].optionalString() ?? ""
      let seconds = try item["created_at"].number()
      guard seconds.isFinite, abs(seconds) < 1e11 else { throw item["created_at"].fail(.badDate(yamlNumber(seconds))) }
      let date = EntryDate(instant: Date(timeIntervalSince1970: seconds.rounded(.down)), in: zone)
      var text = String(title.trimmed)
      let trimmedBody = body.trimmingCharacters(in: .newlines)
      if !trimmedBody.isEmpty { text += (text.isEmpty ? "\n" : "\n\n") + trimmedBody }
      entries.append(ImportedEntry(date: date, text: text, source: item.location))
    }
    return entries
  }
}
