import Foundation
import IlgiFormat

/// What the front matter of a saved entry should say besides its text; nil leaves a key as it is.
public struct EntryChanges: Sendable, Equatable {
  /// The entry's text: the Markdown after the front matter, its first line the title.
  public var content: String
  /// The tags, replacing the `tags:` line (an empty list removes it). The tags the entry shows
  /// already (its front matter's and its text's, in any order) change nothing: a page that was
  /// shown them and sends them back leaves the front matter as it is.
  public var tags: [String]?
  /// Weather text, written only when the entry has none yet (the weather is the creation's).
  public var weather: String?
  /// The person kept what they wanted of the two versions a sync left (`unsettled:`): the line
  /// goes.
  public var resolved: Bool
  /// The mood, replacing the `mood:` line; nil leaves it as it is.
  public var mood: Mood?
  /// The activities, replacing the `activities:` line (an empty list removes it); nil leaves
  /// them as they are.
  public var activities: [String]?

  /// Makes changes.
  public init(content: String, tags: [String]? = nil, weather: String? = nil, resolved: Bool = false) {
    self.content = content
    self.tags = tags
    self.weather = weather
    self.resolved = resolved
  }
}

/// How a save based on a version ended.
public enum SaveOutcome: Sendable, Equatable {
  /// Written (or already so); the file's version now, and its id (new when the file had none).
  case saved(EntryVersion, id: EntryID)
  /// The file is no longer at the version the save was based on; nothing written. Its bytes now.
  case conflict(current: [UInt8])
  /// There is no file at that path any more.
  case missing
}

extension JournalStore {
  /// The bytes of the entry at `path` and their version.
  public func versioned(_ path: JournalPath) throws(JournalError) -> (bytes: [UInt8], version: EntryVersion) {
    let bytes = try self.bytes(of: path)
    return (bytes, EntryVersion(of: bytes))
  }

  /// Replaces the text of the entry at `path` with `changes`, only if the file is still at
  /// `base`: the compare and the atomic write happen under the journal's lock, so no other ilgi
  /// writes in between, and a change made by anything else since `base` is never overwritten.
  ///
  /// Every front-matter line the change does not name is kept byte for byte. A blank text is
  /// refused (`.blankText`): emptying an entry is deleting it, which asks first.
  func save(_ changes: EntryChanges, to path: JournalPath, basedOn base: EntryVersion) throws(JournalError)
    -> SaveOutcome
  {
    try saveReading(changes, to: path, basedOn: base).outcome
  }

  /// `save`, with the entry as written when it was: the file is read once and the entry parsed
  /// as found and as written, so what follows a save (its uploads, its commit) reads nothing.
  func saveReading(_ changes: EntryChanges, to path: JournalPath, basedOn base: EntryVersion) throws(JournalError)
    -> (outcome: SaveOutcome, entry: Entry?)
  {
    guard !changes.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw JournalError(path: path.rawValue, reason: .blankText)
    }
    return try whileLocked { () throws(JournalError) -> (outcome: SaveOutcome, entry: Entry?) in
      guard fileSystem.exists(atPath: absolute(path)) else { return (.missing, nil) }
      let current = try bytes(of: path)
      guard EntryVersion(of: current) == base else { return (.conflict(current: current), nil) }
      let entry = try parse(current, as: path)
      var document = entry.document
      try giveIdentity(&document, entry, path)
      document.content = Self.withNewlines(changes.content, document.newline)
      if let tags = changes.tags, Set(tags) != Set(entry.tags), tags != entry.document.frontMatter?.words("tags") {
        if tags.isEmpty {
          try frontMatterRemove(&document, "tags", path)
        } else {
          try frontMatterEdit(&document, "tags", YAMLScalar.flowList(tags), path)
        }
      }
      if changes.resolved, document.frontMatter?.values[EntryNote.unsettledKey] != nil {
        try frontMatterRemove(&document, EntryNote.unsettledKey, path)
      }
      if let weather = changes.weather, !weather.isEmpty, entry.weather == nil {
        try frontMatterEdit(&document, "weather", YAMLScalar.quoted(weather), path)
      }
      if let mood = changes.mood, mood != entry.mood {
        try frontMatterEdit(&document, "mood", String(mood.value), path)
      }
      if let activities = changes.activities, activities != entry.activities {
        if activities.isEmpty {
          try frontMatterRemove(&document, "activities", path)
        } else {
          try frontMatterEdit(&document, "activities", YAMLScalar.flowList(activities), path)
        }
      }
      let bytes = document.bytes
      if bytes != current { try replaceFile(bytes, at: path) }
      let written = try parse(bytes, as: path)
      return (.saved(EntryVersion(of: bytes), id: written.id), written)
    }
  }

  /// `document` without the front matter's `key`.
  func frontMatterRemove(_ document: inout EntryDocument, _ key: String, _ path: JournalPath) throws(JournalError) {
    do throws(FrontMatterError) {
      try document.frontMatter?.remove(key)
    } catch {
      throw JournalError(
        path: path.rawValue, reason: .unreadable(EntryReadError(path: path, reason: .frontMatter(error))))
    }
  }

  /// `text` (as a browser sends it, `\n` or `\r\n`) in the file's own line ending, ending with one.
  static func withNewlines(_ text: String, _ newline: String) -> String {
    var lines = text.replacingOccurrences(of: "\r\n", with: "\n")
    while lines.hasSuffix("\n") { lines.removeLast() }
    lines += "\n"
    return newline == "\n" ? lines : lines.replacingOccurrences(of: "\n", with: newline)
  }
}
