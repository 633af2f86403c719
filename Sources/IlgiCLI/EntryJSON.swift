import Foundation
import IlgiCore

/// The stable JSON shape of an entry (`list --json`, `show --json`), documented in the README.
///
/// Keys: `id`, `date` (ISO 8601 in the entry's own offset), `title`, `preview`, `tags`,
/// `weather` (null when absent), `path`; `show --json` adds `body`.
struct EntryJSON: Encodable {
  var id: String
  var date: String
  var title: String
  var preview: String
  var tags: [String]
  var weather: String?
  var path: String
  var body: String?

  init(_ entry: IndexedEntry, body: String? = nil) {
    id = entry.id.rawValue
    date = entry.date.iso8601
    title = entry.title
    preview = entry.preview
    tags = entry.tags
    weather = entry.weather
    path = entry.path.rawValue
    self.body = body
  }

  enum CodingKeys: String, CodingKey {
    case id, date, title, preview, tags, weather, path, body
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(date, forKey: .date)
    try container.encode(title, forKey: .title)
    try container.encode(preview, forKey: .preview)
    try container.encode(tags, forKey: .tags)
    try container.encode(weather, forKey: .weather)  // null, not missing: the schema is fixed
    try container.encode(path, forKey: .path)
    if let body { try container.encode(body, forKey: .body) }
  }

  /// Pretty, key-sorted JSON with a trailing newline.
  static func render<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
  }
}
