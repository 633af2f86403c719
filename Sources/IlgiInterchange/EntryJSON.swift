import Foundation
import IlgiFormat
import IlgiStore

/// The stable JSON shape of an entry (`list --json`, `show --json`, `export json`), documented
/// in the README: the one encoder of that schema.
///
/// Keys: `id`, `date` (ISO 8601 in the entry's own offset), `title`, `preview`, `tags`,
/// `weather` (null when absent), `path`; `show --json` adds `body` and `attachments`, and `export json` adds
/// `body` and `frontMatter` (the front matter's keys and values as JSON).
public struct EntryJSON: Encodable {
  var id: String
  var date: String
  var title: String
  var preview: String
  var tags: [String]
  var weather: String?
  var path: String
  var body: String?
  var frontMatter: [String: JSONValue]?
  /// The files beside the entry that it links (`show --json`).
  public var attachments: [AttachmentJSON]?
  /// How the day felt, 1 to 5, when the entry says.
  var mood: Int?
  /// What the day held, when the entry says.
  var activities: [String]?

  /// The shape of `entry`, with `body` and `frontMatter` when given.
  public init(_ entry: IndexedEntry, body: String? = nil, frontMatter: [String: JSONValue]? = nil) {
    id = entry.id.rawValue
    date = entry.date.iso8601
    title = entry.title
    preview = entry.preview
    tags = entry.tags
    weather = entry.weather
    path = entry.path.rawValue
    self.body = body
    self.frontMatter = frontMatter
    mood = entry.mood?.value
    activities = entry.activities.isEmpty ? nil : entry.activities
  }

  enum CodingKeys: String, CodingKey {
    case id, date, title, preview, tags, weather, path, body, frontMatter, attachments, mood, activities
  }

  /// Writes the keys in the schema's shape: `weather` always; `body`, `frontMatter`, `mood` and
  /// `activities` when set.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(date, forKey: .date)
    try container.encode(title, forKey: .title)
    try container.encode(preview, forKey: .preview)
    try container.encode(tags, forKey: .tags)
    try container.encode(weather, forKey: .weather)  // null, not missing: the schema is fixed
    try container.encode(path, forKey: .path)
    if let body { try container.encode(body, forKey: .body) }
    if let frontMatter { try container.encode(frontMatter, forKey: .frontMatter) }
    if let attachments { try container.encode(attachments, forKey: .attachments) }
    if let mood { try container.encode(mood, forKey: .mood) }
    if let activities { try container.encode(activities, forKey: .activities) }
  }

  /// Pretty, key-sorted JSON with a trailing newline.
  public static func render<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var text = String(decoding: try encoder.encode(value), as: UTF8.self)
    // Foundation writes an empty array or object as `[`, a blank line and `]`; every other
    // JSON tool writes `[]`. Pretty-printed JSON has no blank line otherwise (a newline in a
    // string is escaped), so only those are looked for, and only when there is one.
    if text.contains("\n\n") {
      text = text.replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
        .replacingOccurrences(of: #"\{\n\s*\n\s*\}"#, with: "{}", options: .regularExpression)
    }
    return text + "\n"
  }
}

/// A file an entry links, as `show --json` gives it: `path` (relative to the journal, as the
/// entry links it), `mediaType`, `bytes` (its size, opened when sealed), and for a picture its
/// `width` and `height` as shown.
public struct AttachmentJSON: Encodable, Equatable, Sendable {
  /// The path the entry links, relative to the journal.
  public var path: String
  /// What it is (`image/jpeg`).
  public var mediaType: String
  /// Its size in bytes, opened when sealed.
  public var bytes: Int
  /// A picture's pixels across, as shown.
  public var width: Int?
  /// A picture's pixels down, as shown.
  public var height: Int?
  /// A recording's length in seconds, as its file says.
  public var duration: Double?

  /// The description of `attachment` in `store`; nil when it cannot be read.
  public init?(_ attachment: StoredAttachment, in store: JournalStore) {
    guard let bytes = try? store.bytes(of: attachment) else { return nil }
    path = attachment.path.rawValue
    mediaType = MediaType.picture(bytes)?.mediaType ?? AudioFile.kind(bytes)?.mediaType ?? attachment.mediaType
    if mediaType.hasPrefix("audio/") { duration = AudioFile.duration(bytes).map { ($0 * 10).rounded() / 10 } }
    self.bytes = bytes.count
    if MediaType.picture(bytes) != nil, let size = try? PictureDecoder.decode(bytes, everyPixel: false) {
      width = size.width
      height = size.height
    }
  }
}

/// A JSON value, for what has no fixed shape (an entry's front matter).
public enum JSONValue: Encodable, Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Writes the value as itself.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
