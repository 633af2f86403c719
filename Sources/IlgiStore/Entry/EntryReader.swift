import Foundation
import IlgiAge
import IlgiFormat
import IlgiMarkdown
import IlgiSystem

/// Why a file could not be read as an entry.
public struct EntryReadError: Error, Sendable, Equatable {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The file holds NUL bytes.
    case binary
    /// Not UTF-8 from this byte on.
    case invalidUTF8(offset: Int)
    /// Front matter could not be parsed.
    case frontMatter(FrontMatterError)
    /// Larger than ilgi reads as an entry.
    case tooLarge(size: Int64, limit: Int)
    /// The operating system refused (permissions, a link loop, ...).
    case unreadable(FileSystemError)
    /// An encrypted file that could not be opened; the text says why.
    case undecryptable(String)
    /// A link to a file outside the journal (its target): never read, served or written.
    case linksOutside(String)
  }

  /// The file, relative to the journal.
  public var path: JournalPath
  /// What went wrong.
  public var reason: Reason

  /// Makes an error.
  public init(path: JournalPath, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Plain English, starting with the path and position: `2026/11/x.md:3:7: front matter ...`.
  public var summary: String {
    switch reason {
    case .binary: return "\(path): is a binary file, not Markdown text"
    case .invalidUTF8(let offset): return "\(path): is not UTF-8 text (bad byte at offset \(offset))"
    case .frontMatter(let error): return "\(path):\(error.position): \(error.summary)"
    case .tooLarge(let size, let limit):
      return "\(path): is \(Self.megabytes(size)); entries larger than \(Self.megabytes(Int64(limit))) are not read"
    case .unreadable(let error): return "\(path): \(error.reason.lowercased())"
    case .undecryptable(let why): return "\(path) could not be decrypted: \(why)"
    case .linksOutside(let target): return "\(path): is a link to \(target), outside the journal"
    }
  }

  /// What the person should do about it.
  public var advice: String {
    switch reason {
    case .binary, .invalidUTF8, .tooLarge:
      return "move it out of the journal or save it as UTF-8 Markdown"
    case .frontMatter: return "fix that line"
    case .unreadable: return "check the file's permissions and links"
    case .undecryptable: return "check that your key (`ilgi key show`) is one of the journal's recipients"
    case .linksOutside: return "copy the file into the journal, or remove the link"
    }
  }

  /// Whether the file is sealed to keys other than this run's: a matter of who reads it, not
  /// of the file.
  public var isForAnotherKey: Bool {
    if case .undecryptable(let why) = reason { return why == AgeError.noIdentityMatches.description }
    return false
  }

  /// The reason as one line of text the index stores, read back by `init(encoded:)`.
  public var encodedReason: String {
    switch reason {
    case .binary: return "binary"
    case .invalidUTF8(let offset): return "utf8\t\(offset)"
    case .tooLarge(let size, let limit): return "large\t\(size)\t\(limit)"
    case .unreadable(let error): return "io\t\(error.code)\t\(error.operation)"
    case .undecryptable(let why): return "age\t" + why.replacingOccurrences(of: "\t", with: " ")
    case .linksOutside(let target): return "link\t" + target.replacingOccurrences(of: "\t", with: " ")
    case .frontMatter(let error):
      let position = "\(error.line)\t\(error.column.map(String.init) ?? "")"
      switch error.problem {
      case .unclosed: return "fm\t\(position)\tunclosed"
      case .notAMapping: return "fm\t\(position)\tmapping"
      case .invalidYAML(let text): return "fm\t\(position)\tyaml\t\(text.replacingOccurrences(of: "\t", with: " "))"
      case .wrongType(let key, let expected): return "fm\t\(position)\ttype\t\(key)\t\(expected)"
      case .loneCarriageReturn: return "fm\t\(position)\tcr"
      case .notEditableInPlace(let key): return "fm\t\(position)\tinplace\t\(key)"
      }
    }
  }

  /// The error `encodedReason` stored for `path`; nil for text it did not write.
  public init?(path: JournalPath, encoded: String, absolutePath: String) {
    let parts = encoded.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    let reason: Reason
    switch parts.first {
    case "binary": reason = .binary
    case "age" where parts.count == 2: reason = .undecryptable(parts[1])
    case "link" where parts.count == 2: reason = .linksOutside(parts[1])
    case "utf8" where parts.count == 2: reason = .invalidUTF8(offset: Int(parts[1]) ?? 0)
    case "large" where parts.count == 3: reason = .tooLarge(size: Int64(parts[1]) ?? 0, limit: Int(parts[2]) ?? 0)
    case "io" where parts.count == 3:
      reason = .unreadable(FileSystemError(path: absolutePath, code: Int32(parts[1]) ?? 0, operation: parts[2]))
    case "fm" where parts.count >= 4:
      let line = Int(parts[1]) ?? 1
      let column = Int(parts[2])
      let problem: FrontMatterError.Problem
      switch parts[3] {
      case "unclosed": problem = .unclosed
      case "mapping": problem = .notAMapping
      case "cr": problem = .loneCarriageReturn
      case "inplace" where parts.count == 5: problem = .notEditableInPlace(key: parts[4])
      case "yaml" where parts.count == 5: problem = .invalidYAML(parts[4])
      case "type" where parts.count == 6: problem = .wrongType(key: parts[4], expected: parts[5])
      default: return nil
      }
      reason = .frontMatter(FrontMatterError(line: line, column: column, problem: problem))
    default: return nil
    }
    self.init(path: path, reason: reason)
  }

  /// A file size in mebibytes, the unit the size limit is set in: `10 MiB`, `52.4 MiB`.
  public static func megabytes(_ bytes: Int64) -> String {
    let mebibytes = Double(bytes) / 1_048_576
    return mebibytes == mebibytes.rounded()
      ? String(format: "%.0f MiB", mebibytes) : String(format: "%.1f MiB", mebibytes)
  }
}

/// Turns a file's bytes into an `Entry` by the rules of FORMAT.md. Reading never writes.
public struct EntryReader: Sendable {
  /// Files larger than this are reported, not read.
  public static let sizeLimit = 10 * 1024 * 1024
  /// How many characters of body a preview keeps.
  public static let previewLength = 120

  /// Reads dates without an offset in the journal's zone.
  public var dates: DateParser
  /// Used for previews and inline tags.
  public var renderer: MarkdownRenderer

  /// Makes a reader for a journal in `timeZone`.
  public init(timeZone: TimeZone, renderer: MarkdownRenderer = MarkdownRenderer()) {
    dates = DateParser(timeZone: timeZone)
    self.renderer = renderer
  }

  /// The entry in `bytes`, read from `path`; `modified` is the fallback date.
  public func read(_ bytes: [UInt8], path: JournalPath, modified: Date) throws(EntryReadError)
    -> Entry
  {
    let document: EntryDocument
    do {
      document = try EntryDocument(bytes: bytes)
    } catch {
      switch error {
      case .binary: throw EntryReadError(path: path, reason: .binary)
      case .invalidUTF8(let offset):
        throw EntryReadError(path: path, reason: .invalidUTF8(offset: offset))
      case .frontMatter(let problem):
        throw EntryReadError(path: path, reason: .frontMatter(problem))
      }
    }
    return try entry(from: document, path: path, modified: modified)
  }

  /// The entry a parsed document describes.
  public func entry(from document: EntryDocument, path: JournalPath, modified: Date)
    throws(EntryReadError) -> Entry
  {
    let front = document.frontMatter
    var notes: [String] = []

    let id = try readID(front, document: document, path: path)
    let idIsDerived = id == nil
    let resolvedDate = readDate(front, path: path, modified: modified, notes: &notes)

    // title and body
    var title = ""
    var body = ""
    let content = document.content
    if let frontTitle = front?.string("title"), !frontTitle.isEmpty {
      title = frontTitle
      body = content
    } else {
      (title, body) = Self.splitTitle(content)
      if title.utf8.contains(UInt8(ascii: "\\")) { title = Self.withoutEscapes(title) }
      if title.utf8.contains(UInt8(ascii: "[")) { title = WikiLink.shownText(of: title) }
    }

    let tags = readTags(front, content: content)

    if Self.hasConflictMarkers(document.content) { notes.append(EntryNote.conflictMarkers.encoded) }
    if front?.values[EntryNote.unsettledKey] != nil { notes.append(EntryNote.unsettled.encoded) }

    let weather = front?.string("weather").flatMap { $0.isEmpty ? nil : $0 }
    // A post's site markup (`* TOC`, `{:toc}`, a heading repeating the title) is for its site's
    // generator: not shown, previewed, searched or exported as text. The file keeps it.
    let shown = front?.string("title")?.isEmpty == false ? Self.withoutSiteMarkup(body, title: title) : body
    let preview = makePreview(shown)
    return Entry(
      path: path, id: id ?? EntryID.derived(from: path), idIsDerived: idIsDerived, date: resolvedDate, title: title,
      body: shown,
      preview: preview, tags: tags, weather: weather, document: document, notes: notes)
  }

  /// The id the front matter gives, or nil when it gives none or an empty one; an `id` that is
  /// not a single value makes the file unreadable.
  private func readID(_ front: FrontMatter?, document: EntryDocument, path: JournalPath) throws(EntryReadError)
    -> EntryID?
  {
    var id: EntryID?
    if let front, front.values["id"] != nil {
      guard let text = front.string("id") else {
        throw wrongType(front, key: "id", expected: "one value, a UUID", document: document, path: path)
      }
      if !text.isEmpty { id = EntryID(text) }
    }
    return id
  }

  /// The entry's date: the front matter's, else the one in the file's name, else `modified`. A
  /// `date` that is not a date, or not a single value, is noted in `notes`.
  private func readDate(_ front: FrontMatter?, path: JournalPath, modified: Date, notes: inout [String]) -> EntryDate {
    var date: EntryDate?
    if let text = front?.string("date"), !text.isEmpty {
      date = dates.parse(text)
      if date == nil { notes.append(EntryNote.dateNotADate(text).encoded) }
    } else if let front, front.values["date"] != nil, front.string("date") == nil {
      notes.append(EntryNote.dateNotSingle.encoded)
    }
    return date ?? dates.parseFileName(path.fileName) ?? EntryDate(instant: modified, in: dates.timeZone)
  }

  /// The entry's tags: the front matter's first, then those inline in `content`; each kept once,
  /// in linear time (an entry of 100,000 tags is read as quickly as its text).
  private func readTags(_ front: FrontMatter?, content: String) -> [String] {
    var tags: [String] = []
    var seen = Set<String>()
    func add(_ text: String) {
      guard let tag = EntryTag(text), seen.insert(tag.key).inserted else { return }
      tags.append(tag.name)
    }
    if let front {
      for key in ["tags", "tag", "keywords"] { front.words(key).forEach(add) }
    }
    renderer.inlineTags(content).forEach(add)
    return tags
  }

  /// The first non-blank line (heading marks stripped) and everything after it.
  static func splitTitle(_ content: String) -> (title: String, body: String) {
    quickSplit(content) ?? splitLines(content)
  }

  /// `splitTitle` by lines, each trimmed.
  static func splitLines(_ content: String) -> (title: String, body: String) {
    let lines = EntryDocument.splitLines(content)
    guard let index = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
    else { return ("", "") }
    let title = stripHeading(lines[index].trimmingCharacters(in: .whitespacesAndNewlines))
    var rest = lines[(index + 1)...].joined()
    // The body starts at its first non-blank line; only leading blank lines are dropped.
    while let first = rest.first, first == "\n" || first == "\r\n" || first == "\r" {
      rest.removeFirst()
    }
    return (title, rest)
  }

  /// What `splitTitle` gives, found in the bytes: the first line that is not blank, and what
  /// follows it less the empty lines right after it; `nil` when a line before it has only spaces
  /// and characters that could be Unicode spaces (then the lines are split and trimmed).
  static func quickSplit(_ content: String) -> (title: String, body: String)? {
    var content = content
    // Where the title line starts and ends and where the body starts, as byte offsets; the
    // strings are cut from `content` after, without checking their UTF-8 again.
    let found = content.withUTF8 { bytes -> (start: Int, next: Int, body: Int)?? in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        var blank = true
        var unsure = false
        for byte in bytes[start..<end] {
          switch byte {
          case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
          // Characters from U+4000 to U+DFFF (Han, Hangul) and beyond U+FFFF are never spaces.
          case 0xE4...0xED, 0xF0...0xF4: blank = false
          case 0x0B, 0x0C, 0x80...: unsure = true
          default: blank = false
          }
          if !blank { break }
        }
        let next = end < bytes.count ? end + 1 : end
        if !blank {
          var body = next
          while body < bytes.count, bytes[body] == UInt8(ascii: "\n") || bytes[body] == UInt8(ascii: "\r") { body += 1 }
          return (start, next, body)
        }
        if unsure { return .some(nil) }
        start = next
      }
      return nil
    }
    guard let found else { return ("", "") }
    guard let found else { return nil }
    let utf8 = content.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    let line = String(content[index(found.start)..<index(found.next)])
    return (stripHeading(line.trimmingSpaces(newlines: true)), String(content[index(found.body)...]))
  }

  /// `# Title` and `## Title ##` become `Title`.
  /// A title line as it reads: Markdown's backslash escapes (`\*`, `\.`, `\#`, as Day One
  /// writes them) without their backslash.
  static func withoutEscapes(_ line: String) -> String {
    var result = ""
    var escaping = false
    for character in line {
      if escaping {
        if !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) {
          result.append("\\")
        }
        result.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return escaping ? result + "\\" : result
  }

  static func stripHeading(_ line: String) -> String {
    var text = Substring(line)
    let hashes = text.prefix(while: { $0 == "#" })
    guard (1...6).contains(hashes.count) else { return line }
    let after = text.dropFirst(hashes.count)
    guard after.isEmpty || after.first == " " || after.first == "\t" else { return line }
    text = after.drop(while: { $0 == " " || $0 == "\t" })
    // A closing sequence of #s preceded by a space is not part of the heading's text.
    let trimmed = text.reversed().drop(while: { $0 == "#" })
    if trimmed.count < text.count, trimmed.first == " " || trimmed.isEmpty {
      text = Substring(String(trimmed.reversed()))
    }
    return String(text).trimmingSpaces()
  }

  /// Whether `text` holds a git conflict: a line starting `<<<<<<< `, then `=======`, then one
  /// starting `>>>>>>> `, outside fenced code blocks (where a note shows what git writes).
  public static func hasConflictMarkers(_ text: String) -> Bool {
    guard text.holds("<<<<<<<") else { return false }
    var stage = 0
    var fence: (mark: Character, length: Int)?
    // `\r\n` is one Character: split at it too, or a CRLF text is one line.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let line = line.hasSuffix("\r") ? line.dropLast() : line
      // A fence: three or more backticks or tildes, indented at most three spaces (CommonMark);
      // the block ends at a run of the same mark at least as long, with nothing after it.
      let indent = line.prefix(while: { $0 == " " })
      if indent.count <= 3, let mark = line.dropFirst(indent.count).first, mark == "`" || mark == "~" {
        let run = line.dropFirst(indent.count).prefix(while: { $0 == mark })
        if let open = fence {
          if mark == open.mark, run.count >= open.length,
            line.dropFirst(indent.count + run.count).allSatisfy({ $0 == " " || $0 == "\t" })
          {
            fence = nil
          }
          continue
        }
        if run.count >= 3, !(mark == "`" && line.dropFirst(indent.count + run.count).contains("`")) {
          fence = (mark, run.count)
          stage = 0
          continue
        }
      }
      if fence != nil { continue }
      switch stage {
      case 0 where line.hasPrefix("<<<<<<< ") || line == "<<<<<<<": stage = 1
      case 1 where line == "=======": stage = 2
      case 2 where line.hasPrefix(">>>>>>> ") || line == ">>>>>>>": return true
      default: break
      }
    }
    return false
  }

  /// The body of a file titled in its front matter (a Jekyll or Hugo post) without what sits
  /// before its text there: kramdown's table-of-contents marker and attribute lists (`* TOC`,
  /// `{:toc}`, `{: .lead}`) and a first heading that repeats the title.
  static func withoutSiteMarkup(_ body: String, title: String) -> String {
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)[...]
    var headingSeen = false
    while let line = lines.first {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.isEmpty || text == "* TOC" || text == "- TOC"
        || (text.hasPrefix("{:") || text.hasPrefix("{#")) && text.hasSuffix("}")
      {
        lines = lines.dropFirst()
      } else if !headingSeen, text.hasPrefix("# "),
        text.dropFirst(2).trimmingCharacters(in: .whitespaces) == title.trimmed
      {
        headingSeen = true
        lines = lines.dropFirst()
      } else {
        break
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A one-line plain-text preview of `body`.
  func makePreview(_ body: String) -> String {
    Self.preview(from: shortPreviewText(body) ?? wholePreviewText(body))
  }

  /// The first `previewLength` characters of `text`, cut at a space when one is near the end.
  static func preview(from text: String) -> String {
    var text = text
    // Text of ASCII without carriage returns, Hangul syllables and Han is cut from its bytes:
    // each scalar is a character of its own there.
    let cut = text.withUTF8 { bytes -> String?? in
      guard !bytes.contains(UInt8(ascii: "\r")), MarkdownRenderer.onlyHangulAndHan(bytes) else { return nil }
      var characters = 0
      var end = 0
      var space: (offset: Int, characters: Int)?
      while end < bytes.count {
        if bytes[end] & 0xC0 != 0x80 {
          if characters == previewLength { break }
          if bytes[end] == UInt8(ascii: " ") { space = (end, characters) }
          characters += 1
        }
        end += 1
      }
      guard end < bytes.count else { return .some(nil) }
      if let space, space.characters > 80 { end = space.offset }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) + "…"
    }
    switch cut {
    case .some(.some(let preview)): return preview
    case .some(.none): return text
    case .none: return characterPreview(from: text)
    }
  }

  /// `preview(from:)` counted in Characters.
  static func characterPreview(from text: String) -> String {
    guard text.count > previewLength else { return text }
    var cut = String(text.prefix(previewLength))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 80 {
      cut = String(cut[..<space])
    }
    return cut + "…"
  }

  /// The plain text a preview is cut from: that of the body's first 4 KB (cut at a line end so
  /// cmark sees whole blocks).
  func wholePreviewText(_ body: String) -> String {
    var head = body
    if body.utf8.count > 4096 {
      let cut = body.utf8.index(body.utf8.startIndex, offsetBy: 4096)
      let end = body[..<cut].lastIndex(of: "\n") ?? cut
      head = String(body[..<end])
    }
    return renderer.plainText(head, limit: Self.previewLength + 1)
  }

  /// What `wholePreviewText` gives, for a preview, read from less of the body: most bodies give
  /// enough text in their first few hundred bytes, so cmark reads only those, cut where a blank
  /// line ends every paragraph, doubling while they give too little. What precedes a blank line
  /// reads the same without what follows it, save link reference definitions (`[x]: url`), which
  /// act on the text before them. `nil` when the whole must be read: a short body, no blank line
  /// in the first 4 KB or its first half, too little text before it, or `]:` after the cut.
  func shortPreviewText(_ body: String) -> String? {
    let limit = Self.previewLength + 1
    var body = body
    return body.withUTF8 { bytes -> String? in
      var size = 128
      while size < 4096, size < bytes.count {
        // A cut past the middle saves little, and a second reading when it gives too little.
        guard let cut = Self.blankLineEnd(in: bytes, from: size), cut < 4096, cut <= bytes.count / 2,
          !bytes.contains(
            UInt8(ascii: "]"), from: cut, where: { $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: ":") })
        else { return nil }
        let text = renderer.plainText(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self), limit: limit)
        if text.count >= limit { return text }
        size = cut * 2
      }
      return nil
    }
  }

  /// Where the first line that is blank (spaces and tabs at most) at or after `from` ends.
  static func blankLineEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    // The start of the next line from `from` on.
    var index = from
    while index < bytes.count, bytes[index - 1] != UInt8(ascii: "\n") { index += 1 }
    while index < bytes.count {
      var end = index
      while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
      if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { return end + 1 }
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      index = end + 1
    }
    return nil
  }

  private func wrongType(
    _ front: FrontMatter, key: String, expected: String, document: EntryDocument, path: JournalPath
  ) -> EntryReadError {
    let line = (front.lines.firstIndex { FrontMatter.topLevelKey(in: $0) == key } ?? 0) + 2
    return EntryReadError(
      path: path,
      reason: .frontMatter(
        FrontMatterError(line: line, column: 1, problem: .wrongType(key: key, expected: expected))))
  }
}

/// Something odd about an entry that did not stop ilgi from reading it, for `ilgi doctor`.
public enum EntryNote: Sendable, Equatable {
  /// `date:` holds text that is not a date.
  case dateNotADate(String)
  /// `date:` holds a list or a mapping.
  case dateNotSingle
  /// The text holds git's conflict markers (`<<<<<<<`, `=======`, `>>>>>>>`): a merge left
  /// both versions in the file.
  case conflictMarkers
  /// The front matter says `unsettled:`: a sync kept two devices' versions of one passage, one
  /// after the other, for the person to settle (`JournalStore.mergeStored`).
  case unsettled

  /// The front matter key a sync's merge writes when it kept two versions of one passage; the
  /// person deletes it once the entry is settled (`ilgi edit` shows it).
  public static let unsettledKey = "unsettled"

  /// One line the index stores.
  public var encoded: String {
    switch self {
    case .dateNotADate(let text): "date\t" + text.replacingOccurrences(of: "\n", with: " ")
    case .dateNotSingle: "date-list"
    case .conflictMarkers: "conflict"
    case .unsettled: "unsettled"
    }
  }

  /// The note `encoded` stored; nil for other text.
  public init?(encoded: String) {
    if encoded == "date-list" {
      self = .dateNotSingle
    } else if encoded == "conflict" {
      self = .conflictMarkers
    } else if encoded == "unsettled" {
      self = .unsettled
    } else if encoded.hasPrefix("date\t") {
      self = .dateNotADate(String(encoded.dropFirst(5)))
    } else {
      return nil
    }
  }
}
