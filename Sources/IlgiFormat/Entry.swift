import Foundation

/// One diary entry as read from its file: what listings, pages and JSON show.
public struct Entry: Sendable, Equatable {
  /// Where the file is, relative to the journal root.
  public var path: JournalPath
  /// The `id:` of the front matter, or one derived from the path.
  public var id: EntryID
  /// Whether `id` was derived from the path because the file has none.
  public var idIsDerived: Bool
  /// When it was written, in the offset where it was written.
  public var date: EntryDate
  /// The title (front matter `title`, else the first non-blank line); may be empty.
  public var title: String
  /// The Markdown after the title line (or all content when the title is in front matter,
  /// less a post's site markup before its text: `EntryReader.withoutSiteMarkup`).
  public var body: String
  /// The start of the body as plain text, one line.
  public var preview: String
  /// Tags from front matter (`tags`, `tag`, `keywords`) then inline `#tags`, each once.
  public var tags: [String]
  /// The `weather:` text, if any.
  public var weather: String?
  /// The parsed file, kept so edits can rewrite only what changed.
  public var document: EntryDocument
  /// Things a careful reader would fix but that did not stop reading (`date:` not a date).
  public var notes: [String]

  /// Makes an entry from its parts.
  public init(
    path: JournalPath, id: EntryID, idIsDerived: Bool, date: EntryDate, title: String,
    body: String, preview: String, tags: [String], weather: String?, document: EntryDocument,
    notes: [String] = []
  ) {
    self.path = path
    self.id = id
    self.idIsDerived = idIsDerived
    self.date = date
    self.title = title
    self.body = body
    self.preview = preview
    self.tags = tags
    self.weather = weather
    self.document = document
    self.notes = notes
  }

  /// Newest first; ties broken by path so the order is stable.
  public static func newestFirst(_ lhs: Entry, _ rhs: Entry) -> Bool {
    lhs.date.instant != rhs.date.instant ? lhs.date > rhs.date : lhs.path > rhs.path
  }

  /// The order of exports and printed periods: oldest first, then by path.
  public static func oldestFirst(_ lhs: Entry, _ rhs: Entry) -> Bool { newestFirst(rhs, lhs) }

  /// Where it was written: the front matter's `location` (a place's name, as Day One's export
  /// gives it), or nil.
  public var place: String? {
    guard let text = document.frontMatter?.string("location")?.trimmingCharacters(in: .whitespaces), !text.isEmpty
    else { return nil }
    return text
  }

  /// Whether the front matter says `starred: true`.
  public var starred: Bool {
    guard let value = document.frontMatter?.string("starred")?.lowercased() else { return false }
    return value == "true" || value == "yes"
  }

  /// How the day felt: the front matter's `mood` (1 to 5, or a word for one), or nil.
  public var mood: Mood? { document.frontMatter?.string("mood").flatMap(Mood.init(text:)) }

  /// What the day held: the front matter's `activities`, a list or words separated by commas.
  public var activities: [String] { Self.activities(document.frontMatter) }

  /// The activities `front` gives: a YAML list, or one line separated by commas.
  public static func activities(_ front: FrontMatter?) -> [String] {
    guard let front else { return [] }
    if let line = front.string("activities") {
      return line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    return front.words("activities")
  }
}
