import Foundation
import IlgiFormat

/// An entry read from another tool's journal, before it becomes a file.
///
/// Importers produce these without touching the journal; `JournalStore.planImport` turns them
/// into files and `applyImport` moves the files in.
public struct ImportedEntry: Sendable {
  /// A file to copy beside the entry (a Day One photo), named relative to the entry's folder.
  public struct Attachment: Sendable, Equatable {
    /// The file name, relative to the entry's folder.
    public var name: String
    /// Its contents.
    public var bytes: [UInt8]

    /// An attachment named `name` holding `bytes`.
    public init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }
  }

  /// The id the source gave the entry (Day One's `uuid`), else nil for a fresh one.
  public var id: EntryID?
  /// The entry's date in its own offset.
  public var date: EntryDate
  /// The Markdown after the front matter: the title line, then the body.
  public var text: String
  /// Tags for the front matter.
  public var tags: [String]
  /// The `weather:` text.
  public var weather: String?
  /// Further front-matter keys, in order, with their values already written as YAML.
  public var extraKeys: [(key: String, yaml: String)]
  /// Files that go beside the entry.
  public var attachments: [Attachment]
  /// Where the entry came from, for messages: `journal.txt:12`, `Journal.json entries[3]`.
  public var source: String
  /// The exact file (path and bytes) when the source is ilgi's own Day One export of it.
  public var original: (path: JournalPath, bytes: [UInt8])?

  /// An entry to import; `source` says where it came from in messages.
  public init(
    id: EntryID? = nil, date: EntryDate, text: String, tags: [String] = [], weather: String? = nil,
    extraKeys: [(key: String, yaml: String)] = [], attachments: [Attachment] = [], source: String,
    original: (path: JournalPath, bytes: [UInt8])? = nil
  ) {
    self.id = id
    self.date = date
    self.text = text
    self.tags = tags
    self.weather = weather
    self.extraKeys = extraKeys
    self.attachments = attachments
    self.source = source
    self.original = original
  }

  /// The file: front matter with `id`, `date`, `weather`, `tags` and the extra keys, then the text.
  public func fileBytes(id fresh: EntryID) -> [UInt8] {
    if let original { return original.bytes }
    var lines = ["---", "id: " + YAMLScalar.quoted((id ?? fresh).rawValue), "date: " + date.iso8601]
    if let weather, !weather.isEmpty { lines.append("weather: " + YAMLScalar.quoted(weather)) }
    if !tags.isEmpty { lines.append("tags: " + YAMLScalar.flowList(tags)) }
    for (key, yaml) in extraKeys { lines.append(key + ": " + yaml) }
    lines.append("---")
    var text = self.text
    while text.hasSuffix("\n") { text.removeLast() }
    return Array((lines.joined(separator: "\n") + "\n" + text + "\n").utf8)
  }

  /// Whether the entry has no words at all (such entries are skipped, as `ilgi new` skips them).
  public var isBlank: Bool { text.trimmed.isEmpty }
}

/// Why an import cannot go ahead: where in which file, and what is wrong there.
public struct ImportError: Error, Sendable, Equatable {
  /// What is wrong.
  public enum Problem: Sendable, Equatable {
    /// The file or folder is not there.
    case missing
    /// Reading failed.
    case unreadable(String)
    /// The bytes are not UTF-8 text.
    case notText
    /// A jrnl journal with no `[date] title` line in it.
    case noEntries
    /// Text before the first `[date] title` line.
    case textBeforeFirstEntry
    /// A `[...]` line whose date does not read with the time format.
    case badJrnlDate(String, format: String)
    /// The `--time-format` cannot be used.
    case badTimeFormat(String)
    /// Not JSON; the parser's reason.
    case invalidJSON(String)
    /// A value of the wrong kind: `expected` says what was wanted.
    case wrongType(expected: String)
    /// A required key is absent.
    case missingKey(String)
    /// A date that does not read.
    case badDate(String)
    /// A time zone name that is not known.
    case unknownTimeZone(String)
    /// An id that is not a UUID.
    case badID(String)
    /// A photo the entry links to is not in the export.
    case missingPhoto(String)
    /// A zip that cannot be opened, or holds no JSON.
    case badZip(String)
    /// A folder given where a file is wanted, or the other way round.
    case wrongKind(expectedFolder: Bool)
    /// A JSON file of no shape an importer knows: the format must be named.
    case unknownFormat
  }

  /// `FILE:LINE` or `FILE PATH.TO.VALUE`.
  public var location: String
  /// What is wrong.
  public var problem: Problem

  /// An error at `location`.
  public init(location: String, problem: Problem) {
    self.location = location
    self.problem = problem
  }
}
