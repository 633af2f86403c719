import Foundation
import IlgiSystem
import TOMLKit

/// One `config.toml`: its text, the settings it holds, and where each one is written.
///
/// Read with TOMLKit; edited as text, so `config set` changes one line (or adds one) and keeps
/// every comment, blank line and key order the user wrote.
public struct ConfigFile: Sendable {
  /// Where the file lives.
  public let path: String
  /// The file's text.
  public let text: String
  /// The settings ilgi knows, read from the file.
  public private(set) var values: [ConfigKey: ConfigValue] = [:]
  /// Journals by name (`[journals]`, global config only): `-J NAME` opens the folder.
  public private(set) var journals: [String: String] = [:]
  /// Settings that were ignored, with their lines.
  public private(set) var warnings: [ConfigWarning] = []
  /// Whether this is a journal's own config (where `journal` means nothing).
  public let isJournalConfig: Bool
  /// The 1-based line of each dotted key path written in the file.
  private var lines: [String: Int] = [:]

  /// Reads `text` as the config file at `path`.
  ///
  /// - Throws: `ConfigError.syntax` when the text is not TOML.
  public init(path: String, text: String, isJournalConfig: Bool = false) throws(ConfigError) {
    self.path = path
    self.text = text
    self.isJournalConfig = isJournalConfig
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw .syntax(
        path: path, line: error.source.begin.line, column: error.source.begin.column,
        message: error.description)
    } catch {
      throw .syntax(path: path, line: 1, column: 1, message: "\(error)")
    }
    lines = Self.keyLines(text)
    read(table, prefix: nil)
    warnings.sort { ($0.line ?? 0) < ($1.line ?? 0) }
  }

  /// Loads the file at `path`, or nil when there is none.
  public static func load(
    path: String, isJournalConfig: Bool = false
  ) throws(ConfigError) -> ConfigFile? {
    let bytes: [UInt8]
    do {
      let fileSystem = LocalFileSystem()
      guard try fileSystem.status(atPath: path) != nil else { return nil }
      bytes = try fileSystem.readFile(atPath: path, limit: 1 << 20)
    } catch {
      throw .io(error)
    }
    return try ConfigFile(path: path, text: String(decoding: bytes, as: UTF8.self), isJournalConfig: isJournalConfig)
  }

  /// The line a key is written on, if it is.
  public func line(of key: ConfigKey) -> Int? { lines[key.rawValue] }

  private mutating func read(_ table: TOMLTable, prefix: String?) {
    for (name, value) in table {
      let path = prefix.map { "\($0).\(name)" } ?? name
      if let inner = value.table, prefix == nil, name == "journals", !isJournalConfig {
        for (journal, folder) in inner {
          guard let folder = folder.string, !folder.isEmpty else {
            warnings.append(
              ConfigWarning(
                source: self.path, line: lines["journals.\(journal)"] ?? lines["journals"],
                problem: .unknownKey("journals.\(journal)")))
            continue
          }
          journals[journal] = folder
        }
        continue
      }
      if let inner = value.table, prefix == nil, ConfigKey.allCases.contains(where: { $0.table == name }) {
        read(inner, prefix: name)
        continue
      }
      let line = lines[path] ?? lines[prefix ?? path]
      guard let key = ConfigKey(rawValue: path) else {
        warnings.append(ConfigWarning(source: self.path, line: line, problem: .unknownKey(path)))
        continue
      }
      if key.isDeviceOnly, isJournalConfig {
        warnings.append(ConfigWarning(source: self.path, line: line, problem: .notInJournalConfig(key)))
        continue
      }
      switch Self.value(value, for: key) {
      case .success(let parsed): values[key] = parsed
      case .failure(let problem): warnings.append(ConfigWarning(source: self.path, line: line, problem: problem))
      }
    }
  }

  private static func value(_ value: TOMLValueConvertible, for key: ConfigKey) -> Result<ConfigValue, ConfigProblem> {
    let written = value.type == .string ? (value.string ?? "") : "\(value)"
    switch key.kind {
    case .string:
      guard let text = value.string else { return .failure(.wrongType(key, found: written)) }
      return .success(.string(text))
    case .number:
      if let number = value.double { return .success(.number(number)) }
      if let number = value.int { return .success(.number(Double(number))) }
      return .failure(.wrongType(key, found: written))
    case .bool:
      guard let flag = value.bool else { return .failure(.wrongType(key, found: written)) }
      return .success(.bool(flag))
    case .choice, .language, .recipients:
      guard let text = value.string else { return .failure(.wrongType(key, found: written)) }
      return key.parse(text)
    case .duration:
      // `sync_interval = 300` and `sync_interval = "5m"` alike.
      return key.parse(value.string ?? written)
    }
  }

  // MARK: - Finding keys in the text

  /// One line of the file as far as keys go.
  private enum Line {
    case header(String)
    case key(String, valueStart: String.Index)
    case other
  }

  /// The lines of `text`; `\r\n` is one Character in Swift, so it is matched as itself.
  private static func split(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }

  /// Reads `line` as a table header, a `key = value` line, or neither.
  private static func classify(_ line: Substring) -> Line {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("[") {
      var name = trimmed.drop { $0 == "[" }
      if let close = name.firstIndex(of: "]") { name = name[..<close] }
      return .header(normalizedKey(String(name)))
    }
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), let equals = keyEnd(line) else { return .other }
    return .key(normalizedKey(String(line[..<equals])), valueStart: line.index(after: equals))
  }

  /// The `=` that ends the key part of a line, outside quotes.
  private static func keyEnd(_ line: Substring) -> String.Index? {
    var quote: Character?
    for index in line.indices {
      let character = line[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "=" {
        return index
      }
    }
    return nil
  }

  /// `"weather" . place` -> `weather.place`.
  private static func normalizedKey(_ raw: String) -> String {
    raw.split(separator: ".").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
    }.joined(separator: ".")
  }

  /// The line of every key path in `text`, skipping the insides of multi-line strings.
  private static func keyLines(_ text: String) -> [String: Int] {
    var result: [String: Int] = [:]
    var table: String?
    var inMultiline: String?
    for (number, line) in split(text).enumerated() {
      if let delimiter = inMultiline {
        if line.contains(delimiter) { inMultiline = nil }
        continue
      }
      switch classify(line) {
      case .header(let name):
        table = name
        if result[name] == nil { result[name] = number + 1 }
      case .key(let key, let valueStart):
        let path = table.map { "\($0).\(key)" } ?? key
        if result[path] == nil { result[path] = number + 1 }
        let value = line[valueStart...].trimmingCharacters(in: .whitespaces)
        for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
          if value.dropFirst(3).range(of: delimiter) == nil { inMultiline = delimiter }
        }
      case .other:
        break
      }
    }
    return result
  }

  // MARK: - Editing

  /// The file with `key` set to `value`: the key's line rewritten in place (its comment kept),
  /// or a line added to the right table.
  ///
  /// - Throws: `ConfigError.uneditable` when the edited text would not read back as `value`.
  public func setting(_ key: ConfigKey, to value: ConfigValue) throws(ConfigError) -> ConfigFile {
    let result = try setting(path: key.rawValue, table: key.table, name: key.name, toml: value.toml)
    guard result.values[key] == value else { throw .uneditable(path: path, key: key.rawValue) }
    return result
  }

  /// The file without the line that sets `key`, or nil when the file does not set it.
  public func removing(_ key: ConfigKey) throws(ConfigError) -> ConfigFile? {
    guard let result = try removing(path: key.rawValue) else { return nil }
    guard result.values[key] == nil else { throw .uneditable(path: path, key: key.rawValue) }
    return result
  }

  /// The file with the journal `name` (`[journals]`, what `-J NAME` opens) at `folder`.
  public func settingJournal(_ name: String, to folder: String) throws(ConfigError) -> ConfigFile {
    // Journals named otherwise than under a `[journals]` header (`journals = { ... }`, or
    // `journals.work = ...` at the top): a header added now would define the table twice.
    let header = Self.split(text).contains {
      if case .header(Self.journalsTable) = Self.classify($0) { true } else { false }
    }
    if !header, lines.keys.contains(where: { $0 == Self.journalsTable || $0.hasPrefix(Self.journalsTable + ".") }) {
      throw .uneditable(path: path, key: Self.journalKey(name))
    }
    let result = try setting(
      path: Self.journalKey(name), table: Self.journalsTable, name: Self.quotedKey(name),
      toml: ConfigValue.string(folder).toml)
    guard result.journals[name] == folder else { throw .uneditable(path: path, key: Self.journalKey(name)) }
    return result
  }

  /// The file without the journal `name`, or nil when the file does not name it.
  public func removingJournal(_ name: String) throws(ConfigError) -> ConfigFile? {
    guard let result = try removing(path: Self.journalKey(name)) else { return nil }
    guard result.journals[name] == nil else { throw .uneditable(path: path, key: Self.journalKey(name)) }
    return result
  }

  /// The table that names journals, in the global file.
  public static let journalsTable = "journals"

  /// `journals.NAME`, as `config` takes it.
  public static func journalKey(_ name: String) -> String { journalsTable + "." + name }

  /// `name` as a TOML key: bare when it can be (letters, digits, `-`, `_`), else quoted.
  static func quotedKey(_ name: String) -> String {
    let bare =
      !name.isEmpty
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
      }
    return bare ? name : ConfigValue.string(name).toml
  }

  /// The file with the key at the dotted `path` (named `name` in `table`) set to `toml`.
  private func setting(path keyPath: String, table: String?, name: String, toml: String) throws(ConfigError)
    -> ConfigFile
  {
    let newline = text.contains("\r\n") ? "\r\n" : "\n"
    var lines = Self.split(text).map(String.init)
    if let number = self.lines[keyPath] {
      let line = lines[number - 1]
      guard let equals = Self.keyEnd(Substring(line)) else { throw .uneditable(path: path, key: keyPath) }
      let rest = line[line.index(after: equals)...]
      let comment = Self.trailingComment(Substring(rest)).map { " " + $0 } ?? ""
      lines[number - 1] = line[..<equals].trimmingCharacters(in: .init(charactersIn: " \t")) + " = " + toml + comment
      if line.first == " " || line.first == "\t" {
        lines[number - 1] = String(line.prefix { $0 == " " || $0 == "\t" }) + lines[number - 1]
      }
    } else {
      insert("\(name) = \(toml)", in: table, into: &lines)
    }
    var edited = lines.joined(separator: newline)
    if !edited.isEmpty, !edited.hasSuffix(newline) { edited += newline }
    return try ConfigFile(path: path, text: edited, isJournalConfig: isJournalConfig)
  }

  /// The file without the line of the key at the dotted `path`, or nil when it has none.
  private func removing(path keyPath: String) throws(ConfigError) -> ConfigFile? {
    guard let number = lines[keyPath] else { return nil }
    let newline = text.contains("\r\n") ? "\r\n" : "\n"
    var lines = Self.split(text).map(String.init)
    lines.remove(at: number - 1)
    return try ConfigFile(path: path, text: lines.joined(separator: newline), isJournalConfig: isJournalConfig)
  }

  private func insert(_ newLine: String, in table: String?, into lines: inout [String]) {
    if lines.last == "" { lines.removeLast() }
    let classified = lines.map { Self.classify(Substring($0)) }
    guard let table else {
      let firstHeader = classified.firstIndex { if case .header = $0 { true } else { false } }
      let lastTopKey = classified[..<(firstHeader ?? classified.endIndex)].lastIndex {
        if case .key = $0 { true } else { false }
      }
      if let lastTopKey {
        lines.insert(newLine, at: lastTopKey + 1)
      } else if let firstHeader {
        var at = firstHeader
        while at > 0, lines[at - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") { at -= 1 }
        lines.insert(contentsOf: [newLine, ""], at: at)
      } else {
        lines.append(newLine)
      }
      return
    }
    if let header = classified.firstIndex(where: { if case .header(table) = $0 { true } else { false } }) {
      var end = header + 1
      while end < classified.count {
        if case .header = classified[end] { break }
        end += 1
      }
      let lastKey = classified[(header + 1)..<end].lastIndex { if case .key = $0 { true } else { false } }
      lines.insert(newLine, at: (lastKey ?? header) + 1)
    } else {
      if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
      lines.append(contentsOf: ["[\(table)]", newLine])
    }
  }

  /// The `# comment` after a value, outside strings.
  private static func trailingComment(_ value: Substring) -> Substring? {
    var quote: Character?
    var escaped = false
    for index in value.indices {
      let character = value[index]
      if escaped {
        escaped = false
      } else if let open = quote {
        if character == "\\" && open == "\"" { escaped = true } else if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" {
        return value[index...]
      }
    }
    return nil
  }
}
