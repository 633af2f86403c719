import Foundation
import IlgiFormat

/// What goes into a fresh entry besides its text.
public struct NewEntryDetails: Sendable {
  /// The entry's date, in the offset where it is written.
  public var date: EntryDate
  /// Tags from `--tag`.
  public var tags: [String]
  /// Weather text, when known.
  public var weather: String?
  /// The id; fresh unless a caller needs a known one.
  public var id: EntryID
  /// Whether the entry starts starred (`starred: true`).
  public var starred = false
  /// How the day felt, 1 to 5 (`mood:`).
  public var mood: Mood?
  /// What the day held (`activities:`).
  public var activities: [String] = []

  /// Makes details for a new entry.
  public init(date: EntryDate, tags: [String] = [], weather: String? = nil, id: EntryID = .make()) {
    self.date = date
    self.tags = tags
    self.weather = weather
    self.id = id
  }
}

/// How an editor session for a new entry ended.
public enum NewEntryOutcome: Sendable, Equatable {
  /// Saved into the dated tree at this path.
  case saved(JournalPath)
  /// The text was left as the template made it; nothing kept.
  case discardedUntouched
  /// The title and body are empty; nothing kept.
  case discardedBlank
}

extension JournalStore {
  /// The text of a new entry: the `new-entry.md` template filled with `details` and `text`.
  public func newEntryText(_ details: NewEntryDetails, text: String, templates: TemplateRenderer)
    throws(JournalError) -> String
  {
    var values: [String: Any] = [
      "id": YAMLScalar.quoted(details.id.rawValue),
      "date": details.date.iso8601,
      "text": text,
    ]
    if let weather = details.weather, !weather.isEmpty { values["weather"] = YAMLScalar.quoted(weather) }
    if !details.tags.isEmpty { values["tags"] = YAMLScalar.flowList(details.tags) }
    if details.starred { values["starred"] = "true" }
    if let mood = details.mood { values["mood"] = String(mood.value) }
    if !details.activities.isEmpty { values["activities"] = YAMLScalar.flowList(details.activities) }
    var text = try templates.render("new-entry.md", values)
    // A template of the person's own that lacks a line for what was asked still gets it.
    for (key, value) in [
      ("starred", values["starred"]), ("mood", values["mood"]), ("activities", values["activities"]),
    ] {
      guard let value = value as? String, !text.contains("\n\(key):"), text.hasPrefix("---\n"),
        let close = text.range(of: "\n---\n")
      else { continue }
      text = String(text[..<close.lowerBound]) + "\n\(key): \(value)" + String(text[close.lowerBound...])
    }
    return text
  }

  /// Writes a new entry with `text` straight into the dated tree (no editor).
  ///
  /// Throws `.blankText` when the text is blank: an empty entry is never kept.
  public func addEntry(text: String, details: NewEntryDetails, templates: TemplateRenderer)
    throws(JournalError) -> JournalPath
  {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw JournalError(path: "new.md", reason: .blankText)
    }
    let full = try newEntryText(details, text: text, templates: templates)
    let entry = try parse(Array(full.utf8), as: JournalPath("new.md"))
    return try add(Array(full.utf8), date: entry.date, title: entry.title, id: entry.id)
  }

  /// Starts an editor session for a new entry: writes the draft and returns its path and text.
  public func beginNewEntry(_ details: NewEntryDetails, text: String = "", templates: TemplateRenderer, now: Date)
    throws(JournalError) -> (draft: JournalPath, template: [UInt8])
  {
    let text = Array(try newEntryText(details, text: text, templates: templates).utf8)
    return (try drafts.makeNew(text, id: details.id, now: now), text)
  }

  /// Ends a new-entry session after the editor exited 0: files the draft into the dated tree,
  /// or drops it when it is untouched (`template` given) or blank. `weather` goes into the
  /// entry unless the person wrote a `weather:` line.
  public func finishNewEntry(draft: JournalPath, template: [UInt8]?, weather: String? = nil) throws(JournalError)
    -> NewEntryOutcome
  {
    let bytes = try bytes(of: draft)
    if let template, bytes == template {
      try drafts.remove(draft)
      return .discardedUntouched
    }
    var entry = try parse(bytes, as: JournalPath(draft.fileName))
    if entry.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      && entry.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      try drafts.remove(draft)
      return .discardedBlank
    }
    // The person may have removed the keys ilgi writes on creation; put them back.
    var document = entry.document
    if entry.idIsDerived || document.frontMatter?.values["date"] == nil {
      if entry.idIsDerived { try frontMatterEdit(&document, "id", YAMLScalar.quoted(EntryID.make().rawValue), draft) }
      if document.frontMatter?.values["date"] == nil {
        try frontMatterEdit(&document, "date", entry.date.iso8601, draft)
      }
      entry = try parse(document.bytes, as: JournalPath(draft.fileName))
    }
    if let weather, !weather.isEmpty, entry.weather == nil {
      try frontMatterEdit(&document, "weather", YAMLScalar.quoted(weather), draft)
    }
    let path = try add(document.bytes, date: entry.date, title: entry.title, id: entry.id)
    try drafts.remove(draft)
    return .saved(path)
  }

  func parse(_ bytes: [UInt8], as path: JournalPath) throws(JournalError) -> Entry {
    do {
      return try reader.read(bytes, path: path, modified: now())
    } catch {
      throw JournalError(path: path.rawValue, reason: .unreadable(error))
    }
  }

  func frontMatterEdit(_ document: inout EntryDocument, _ key: String, _ yaml: String, _ path: JournalPath)
    throws(JournalError)
  {
    do {
      try document.set(key, yaml: yaml)
    } catch {
      throw JournalError(
        path: path.rawValue, reason: .unreadable(EntryReadError(path: path, reason: .frontMatter(error))))
    }
  }
}

/// The text of an entry typed on the command line (`ilgi new TEXT...`), as jrnl reads it: the
/// title ends at the first line break or sentence end (`.`, `?`, `!` or `。` before a space),
/// which stays in the title; the rest is the body. When the arguments were quoted as phrases
/// (one of them holds a space), the first phrase is the title at most:
/// `ilgi new "Rainy commute" "Got soaked."` is titled "Rainy commute".
public enum CommandLineEntry {
  /// The entry's text: the title line, a blank line and the body (or the title alone).
  public static func text(_ arguments: [String]) -> String {
    let phrases = arguments.filter { !$0.trimmed.isEmpty }
    guard let first = phrases.first else { return "" }
    let quoted = phrases.count > 1 && phrases.contains { $0.contains(where: \.isWhitespace) }
    let head = quoted ? first : phrases.joined(separator: " ")
    var (title, body) = split(head)
    if quoted {
      body = ([body] + phrases.dropFirst()).filter { !$0.trimmed.isEmpty }.joined(separator: " ")
    }
    return body.isEmpty ? title : title + "\n\n" + body
  }

  /// A day and time leading the text as jrnl reads one (`yesterday: Forgot my keys`,
  /// `어제 저녁 9시: 산책`): the words before a colon that ends a word, when `isDate` takes
  /// them, and the arguments without them and the colon. Nil when the text does not start so,
  /// or nothing follows.
  public static func datePrefix(_ arguments: [String], isDate: (String) -> Bool) -> (date: String, rest: [String])? {
    let joined = arguments.joined(separator: " ")
    let line = joined.prefix(while: { !$0.isNewline }).prefix(60)
    for colon in line.indices where line[colon] == ":" {
      let after = joined.index(after: colon)
      guard after == joined.endIndex || joined[after].isWhitespace else { continue }
      let date = String(joined[..<colon].trimmed)
      guard !date.isEmpty, isDate(date) else { continue }
      // The arguments after the colon, the one it is in cut after it.
      var consumed = joined.distance(from: joined.startIndex, to: after)
      var rest: [String] = []
      for argument in arguments {
        if consumed <= 0 {
          rest.append(argument)
        } else if consumed < argument.count {
          rest.append(String(argument.dropFirst(consumed).drop(while: \.isWhitespace)))
          consumed = 0
        } else {
          consumed -= argument.count + 1
        }
      }
      rest = rest.filter { !$0.trimmed.isEmpty }
      return rest.isEmpty ? nil : (date, rest)
    }
    return nil
  }

  /// `text` cut after its first line break or sentence end.
  static func split(_ text: String) -> (title: String, body: String) {
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      // The body keeps its text as typed but for the white space that separated it.
      if character.isNewline {
        return (String(text[..<index].trimmed), String(text[next...].drop(while: \.isWhitespace)))
      }
      if ".?!。".contains(character), next == text.endIndex || text[next].isWhitespace {
        return (String(text[..<next].trimmed), String(text[next...].drop(while: \.isWhitespace)))
      }
      index = next
    }
    return (String(text.trimmed), "")
  }
}
