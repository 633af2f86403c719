import Foundation
import IlgiFormat
import IlgiStrings
import IlgiSystem

/// A named start for a new entry (`ilgi new --template gratitude`): the journal's own
/// `.ilgi/templates/NAME.md`, else the built-in of that name in the journal's language.
///
/// A template is Markdown whose front matter may give `tags`, `mood` and `activities` for the
/// new entry; its text may hold `{{prompt}}` (a question from the prompt deck), `{{date}}` and
/// `{{weekday}}`, filled in as the entry is begun. Nothing else in it is read or run: a template
/// a remote pushed is text, as an entry is.
public struct EntryTemplate: Sendable, Equatable {
  /// Where a template comes from.
  public enum Origin: Sendable, Equatable {
    /// Built into ilgi.
    case builtIn
    /// The journal's own file (which may replace a built-in of the same name).
    case journal(path: String)
  }

  /// What `--template` calls it.
  public let name: String
  /// Where it comes from.
  public let origin: Origin
  /// Tags the entry starts with.
  public var tags: [String]
  /// The mood the entry starts with (1 to 5), if the template gives one.
  public var mood: Int?
  /// Activities the entry starts with.
  public var activities: [String]
  /// The text, placeholders unfilled.
  public var text: String

  /// The built-in templates' names.
  public static let builtInNames = ["gratitude", "evening", "morning", "dream", "travel", "weekly"]

  /// The largest template file read.
  static let largest = 64 * 1024

  /// Whether `name` can name a template: letters, digits, `-` and `_`, at most 64 characters.
  public static func isName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
  }

  /// Reads a template's text: its front matter's tags, mood and activities, and the rest.
  init(name: String, origin: Origin, source: String) {
    self.name = name
    self.origin = origin
    let document = try? EntryDocument(bytes: Array(source.utf8))
    let front = document?.frontMatter
    tags = front.map { front in ["tags", "tag"].flatMap { front.words($0) } } ?? []
    mood = front?.string("mood").flatMap(Mood.init(text:))?.value
    activities = Entry.activities(front)
    text = document?.content ?? source
  }

  /// The template `name` of the journal at `root` (its folder of templates), else the built-in
  /// in `language`; nil when there is neither.
  public static func named(_ name: String, root: String, language: Language) throws(JournalError) -> EntryTemplate? {
    guard isName(name) else { return nil }
    let path = root + "/" + JournalLayout.templatesFolder + "/" + name + ".md"
    if let source = try journalFile(path) {
      return EntryTemplate(name: name, origin: .journal(path: path), source: source)
    }
    guard let source = builtIn(name, language) else { return nil }
    return EntryTemplate(name: name, origin: .builtIn, source: source)
  }

  /// Every template the journal at `root` can use: the built-ins and its own, by name; the
  /// journal's own replaces a built-in of its name.
  public static func all(root: String, language: Language) -> [EntryTemplate] {
    var names = builtInNames
    let folder = root + "/" + JournalLayout.templatesFolder
    let own = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    for file in own where file.hasSuffix(".md") && file != TemplateRenderer.newEntry {
      let name = String(file.dropLast(3))
      if isName(name), !names.contains(name) { names.append(name) }
    }
    return names.compactMap { try? named($0, root: root, language: language) }
  }

  /// The built-in text of `name` in `language`.
  static func builtIn(_ name: String, _ language: Language) -> String? {
    ShippedTemplates.files["entry-\(name).\(language == .korean ? "ko" : "en").md"]
  }

  /// The text of the journal's template file at `path`: a regular file (never a link, which
  /// could lead to any file of this account's), UTF-8, at most `largest` bytes; nil when there
  /// is none.
  static func journalFile(_ path: String, largest: Int = largest) throws(JournalError) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try LocalFileSystem().readFile(atPath: path, limit: largest)
    } catch {
      throw JournalError(path: path, reason: .io(error))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw JournalError(path: path, reason: .template("is not UTF-8 text"))
    }
    return text
  }

  /// The text with its placeholders filled: `prompt` for `{{prompt}}` (the line goes when there
  /// is none), `date` and `weekday` as the journal's language writes them.
  public func filled(prompt: String?, date: String, weekday: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.contains("{{prompt}}"), prompt == nil { continue }
      lines.append(
        line.replacingOccurrences(of: "{{prompt}}", with: prompt ?? "")
          .replacingOccurrences(of: "{{date}}", with: date).replacingOccurrences(of: "{{weekday}}", with: weekday))
    }
    return lines.joined(separator: "\n")
  }

  /// Whether its text asks for a prompt.
  public var asksForPrompt: Bool { text.contains("{{prompt}}") }
}
