import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem

/// jrnl's journals: the plain-text file (`[YYYY-MM-DD HH:MM] Title` then the body), the folder
/// journal (`YYYY/MM/DD.txt`), and the JSON that `jrnl --export json` writes.
///
/// jrnl keeps no time zone; its times are read in the zone given (the journal's). Tags are
/// words after `@` (jrnl's default tag symbols are `#@`; ilgi reads `#tags` in the body itself):
/// a last line holding only tags, as jrnl users write them, becomes the front matter's `tags`,
/// and tags inside the text are added there too, so that nothing of the text changes.
public enum JrnlFormat {
  // MARK: Reading

  /// The entries of a jrnl plain-text journal.
  public static func entries(text: String, file: String, format: JrnlTimeFormat, zone: TimeZone)
    throws(ImportError) -> [ImportedEntry]
  {
    var lines = lineSplit(text)
    if lines.last == "" { lines.removeLast() }
    var entries: [ImportedEntry] = []
    var current: (date: EntryDate, title: String, line: Int, body: [String])?
    func finish() {
      guard let current else { return }
      entries.append(
        entry(
          date: current.date, title: current.title, body: current.body.joined(separator: "\n"),
          extraTags: [], starred: nil, source: "\(file):\(current.line)"))
    }
    for (offset, raw) in lines.enumerated() {
      let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
      if let header = try header(line, format: format, zone: zone, location: "\(file):\(offset + 1)") {
        finish()
        current = (header.date, header.title, offset + 1, [])
      } else if current != nil {
        current?.body.append(unescaped(line, format: format))
      } else if !line.trimmed.isEmpty {
        throw ImportError(location: "\(file):\(offset + 1)", problem: .textBeforeFirstEntry)
      }
    }
    finish()
    guard !entries.isEmpty else { throw ImportError(location: file, problem: .noEntries) }
    return entries
  }

  /// A `[date] title` line, or nil for a body line; a line shaped like a header whose date
  /// does not read is an error, not body text.
  static func header(_ line: String, format: JrnlTimeFormat, zone: TimeZone, location: String)
    throws(ImportError) -> (date: EntryDate, title: String)?
  {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
    let inside = String(line[line.index(after: line.startIndex)..<close])
    let rest = line[line.index(after: close)...]
    guard rest.isEmpty || rest.hasPrefix(" ") else { return nil }
    guard let date = format.parse(inside, in: zone) else {
      if format.looksLikeDate(inside) {
        throw ImportError(location: location, problem: .badJrnlDate(inside, format: format.strftime))
      }
      return nil
    }
    return (date, String(rest.dropFirst()))
  }

  /// The entries of a jrnl folder journal: every `YYYY/MM/DD.txt` under `root`, oldest first.
  public static func folderEntries(root: String, format: JrnlTimeFormat, zone: TimeZone)
    throws(ImportError) -> [ImportedEntry]
  {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: root, isDirectory: &isFolder) else {
      throw ImportError(location: root, problem: .missing)
    }
    guard isFolder.boolValue else { throw ImportError(location: root, problem: .wrongKind(expectedFolder: true)) }
    var files: [String] = []
    for year in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where isDigits(year, 4) {
      for month in (try? manager.contentsOfDirectory(atPath: root + "/" + year)) ?? [] where isDigits(month, 2) {
        for day in (try? manager.contentsOfDirectory(atPath: root + "/\(year)/\(month)")) ?? []
        where day.hasSuffix(".txt") && isDigits(String(day.dropLast(4)), 2) {
          files.append("\(year)/\(month)/\(day)")
        }
      }
    }
    guard !files.isEmpty else { throw ImportError(location: root, problem: .noEntries) }
    var entries: [ImportedEntry] = []
    for file in files.sorted() {
      let text = try Interchange.readText(root + "/" + file, shownAs: file)
      entries += try self.entries(text: text, file: file, format: format, zone: zone)
    }
    return entries
  }

  private static func isDigits(_ text: String, _ count: Int) -> Bool {
    text.count == count && text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The entries of `jrnl --export json`: `{"entries": [{"date", "time", "title", "body",
  /// "tags", "starred"}]}`.
  public static func jsonEntries(_ bytes: [UInt8], file: String, zone: TimeZone) throws(ImportError) -> [ImportedEntry]
  {
    let root = try JSONCursor.parse(bytes, file: file)
    var entries: [ImportedEntry] = []
    for item in try root["entries"].array() {
      let day = try item["date"].string()
      let time = try item["time"].optionalString() ?? "00:00"
      guard let date = DateParser(timeZone: zone).parse(day + " " + time) else {
        throw item["date"].fail(.badDate(day + " " + time))
      }
      // `#tags` are read from the body by ilgi itself (and not inside code, as jrnl would).
      let tags = try item["tags"].strings().filter { $0.hasPrefix("@") }.map { String($0.dropFirst()) }
      entries.append(
        entry(
          date: date, title: try item["title"].optionalString() ?? "", body: try item["body"].optionalString() ?? "",
          extraTags: tags, starred: try item["starred"].bool(), source: item.location))
    }
    return entries
  }

  /// One entry from jrnl's parts: the title (a trailing ` *` marks it starred), the body, and
  /// its tags.
  static func entry(
    date: EntryDate, title: String, body: String, extraTags: [String], starred: Bool?,
    source: String
  ) -> ImportedEntry {
    var title = String(title.trimmed)
    var isStarred = starred ?? false
    if starred == nil, title == "*" || title.hasSuffix(" *") {
      isStarred = true
      title = String(title.dropLast().trimmed)
    }
    var lines = lineSplit(body).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
    var tags: [String] = []
    trim(&lines)
    if let last = lines.last, let lineTags = tagLine(last) {
      tags = lineTags
      lines.removeLast()
      trim(&lines)
    }
    let text = lines.joined(separator: "\n")
    for tag in inlineTags(title + "\n" + text) + extraTags where !tags.contains(tag) { tags.append(tag) }
    var extra: [(key: String, yaml: String)] = []
    if isStarred { extra.append(("starred", "true")) }
    return ImportedEntry(
      date: date, text: text.isEmpty ? title : title + "\n\n" + text, tags: tags, extraKeys: extra, source: source)
  }

  private static func trim(_ lines: inout [String]) {
    let blankAtStart = lines.prefix(while: { $0.trimmed.isEmpty }).count
    lines.removeFirst(blankAtStart)
    while let last = lines.last, last.trimmed.isEmpty { lines.removeLast() }
    if !lines.isEmpty {
      while let character = lines[lines.count - 1].last, character == " " || character == "\t" {
        lines[lines.count - 1].removeLast()
      }
    }
  }

  /// The tags of a line that holds nothing but `@tags`, else nil.
  static func tagLine(_ line: String) -> [String]? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard !words.isEmpty else { return nil }
    var tags: [String] = []
    for word in words {
      guard word.hasPrefix("@"), let tag = tagName(word.dropFirst()), tag.count == word.count - 1 else { return nil }
      if !tags.contains(tag) { tags.append(tag) }
    }
    return tags
  }

  /// `@tags` in text, in order, once each; not inside fenced code or backticks, and only after
  /// a space or at the start of a line (so `me@example.com` is no tag), as jrnl reads them.
  static func inlineTags(_ text: String) -> [String] {
    guard text.utf8.contains(UInt8(ascii: "@")) else { return [] }
    var tags: [String] = []
    var fence: Substring?
    for line in lineSplit(text) {
      let trimmed = line.drop(while: { $0 == " " })
      if let open = fence {
        if trimmed.hasPrefix(open) { fence = nil }
        continue
      }
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        fence = trimmed.prefix(3)
        continue
      }
      guard line.utf8.contains(UInt8(ascii: "@")) else { continue }
      var inCode = false
      var previous: Unicode.Scalar = " "
      let scalars = line.unicodeScalars
      var index = scalars.startIndex
      while index < scalars.endIndex {
        let scalar = scalars[index]
        if scalar == "`" { inCode.toggle() }
        if scalar == "@", !inCode, previous.properties.isWhitespace,
          let tag = tagName(Substring(scalars[scalars.index(after: index)...]))
        {
          if !tags.contains(tag) { tags.append(tag) }
        }
        previous = scalar
        index = scalars.index(after: index)
      }
    }
    return tags
  }

  /// The lines of `text` split at `\n` (fast: by bytes, not by characters).
  static func lineSplit(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
  }

  /// The tag at the start of `text`: letters, digits, then also `-`, `_`, `/`, `+` inside.
  private static func tagName(_ text: Substring) -> String? {
    var name = ""
    for character in text {
      if character.isLetter || character.isNumber || (!name.isEmpty && "-_/+".contains(character)) {
        name.append(character)
      } else {
        break
      }
    }
    while let last = name.last, "-_/+".contains(last) { name.removeLast() }
    // jrnl takes any word character first (`@2024plans` is a tag there), so ilgi does too.
    return name.isEmpty ? nil : name
  }

  // MARK: Writing

  /// Whether a body line would read as a new entry's `[date] title` line to jrnl.
  static func looksLikeHeader(_ line: Substring, format: JrnlTimeFormat) -> Bool {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
    let inside = String(line[line.index(after: line.startIndex)..<close])
    return format.parse(inside, in: TimeZone(secondsFromGMT: 0) ?? .current) != nil || format.looksLikeDate(inside)
  }

  /// A body line that would start a new entry, with a backslash before it: jrnl reads it as
  /// text, Markdown shows the same `[`, and ilgi's import takes the backslash away again.
  static func escaped(_ line: Substring, format: JrnlTimeFormat) -> Substring {
    looksLikeHeader(line, format: format) ? "\\" + line : line
  }

  /// `escaped` undone.
  static func unescaped(_ line: String, format: JrnlTimeFormat) -> String {
    line.hasPrefix("\\[") && looksLikeHeader(line.dropFirst(), format: format) ? String(line.dropFirst()) : line
  }

  /// The tags jrnl finds itself in `text`: `#word` or `@word` after white space or at a line's
  /// start, lower-cased, without the punctuation that ends a sentence.
  static func tagsJrnlSees(_ text: String) -> Set<String> {
    var found = Set<String>()
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) where word.count > 1 {
      guard let first = word.first, first == "#" || first == "@" else { continue }
      found.insert(word.dropFirst().trimmingCharacters(in: .punctuationCharacters).lowercased())
    }
    return found
  }

  /// A jrnl plain-text journal of `entries` (oldest first), which jrnl reads back as the same
  /// entries: `[date] title` (` *` when starred), the body, and the front matter's tags as a last
  /// line of `@tags` (tags written `#tag` in the body jrnl reads itself).
  public static func text(_ entries: [Entry], format: JrnlTimeFormat) -> String {
    var out = ""
    for entry in entries.sorted(by: Entry.oldestFirst) {
      if !out.isEmpty { out += "\n" }
      let starred = entry.document.frontMatter?.string("starred") == "true"
      out += "[\(format.format(entry.date))] \(entry.title)\(starred ? " *" : "")\n"
      var body = entry.body.utf8.contains(13) ? entry.body.replacingOccurrences(of: "\r\n", with: "\n") : entry.body
      while body.hasPrefix("\n") { body.removeFirst() }
      while body.hasSuffix("\n") || body.hasSuffix(" ") { body.removeLast() }
      if body.contains("[") {
        body = body.split(separator: "\n", omittingEmptySubsequences: false).map { escaped($0, format: format) }
          .joined(separator: "\n")
      }
      var tags = entry.tags
      let text = entry.title + "\n" + body
      if !tags.isEmpty && (text.contains("#") || text.contains("@")) {
        // Tags written `#tag` or `@tag` in the title or the text jrnl reads itself (its default
        // tag symbols are `#@`): no line repeats them.
        let written = tagsJrnlSees(text)
        tags = tags.filter { !written.contains($0.lowercased()) }
      }
      if !tags.isEmpty { body += (body.isEmpty ? "" : "\n\n") + tags.map { "@" + $0 }.joined(separator: " ") }
      if !body.isEmpty { out += body + "\n" }
    }
    return out
  }
}

/// Reading the files importers are given.
public enum Interchange {
  /// A file's text; `shownAs` names it in errors.
  public static func readText(_ path: String, shownAs: String) throws(ImportError) -> String {
    let bytes = try readBytes(path, shownAs: shownAs)
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    guard let text = String(validating: body, as: UTF8.self), !bytes.contains(0) else {
      throw ImportError(location: shownAs, problem: .notText)
    }
    return text
  }

  /// A file's bytes.
  static func readBytes(_ path: String, shownAs: String) throws(ImportError) -> [UInt8] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw ImportError(location: shownAs, problem: .missing)
    }
    guard !isFolder.boolValue else { throw ImportError(location: shownAs, problem: .wrongKind(expectedFolder: false)) }
    do {
      return try LocalFileSystem().readFile(atPath: path, limit: Int.max)
    } catch {
      throw ImportError(location: shownAs, problem: .unreadable(error.reason.lowercased()))
    }
  }
}
