import Foundation
import Yams

/// A value read from front matter, reduced to the shapes ilgi uses.
public enum FrontMatterValue: Sendable, Equatable {
  /// A scalar, as its text (YAML types are not resolved: `2026-11-21` stays text).
  case scalar(String)
  /// A sequence of scalars.
  case list([String])
  /// A mapping or a nested structure ilgi does not read.
  case other
}

/// The YAML block at the top of an entry, kept as its original lines so edits touch only the
/// lines of the key that changed (FORMAT.md "Promises").
public struct FrontMatter: Sendable, Equatable {
  /// The opening fence with its line ending (`---\n`).
  public private(set) var opening: String
  /// The YAML lines between the fences, each with its own line ending.
  public private(set) var lines: [String]
  /// The closing fence with its line ending (may lack one at the end of the file).
  public private(set) var closing: String
  /// Top-level keys in the order they appear.
  public private(set) var keys: [String]
  /// Top-level values by key.
  public private(set) var values: [String: FrontMatterValue]
  /// The index in `lines` where each top-level key starts, as the YAML parser saw it.
  private var keyLines: [String: Int]

  /// Parses the YAML lines of a block that starts on `firstLine` (1-based) of the file.
  package init(opening: String, lines: [String], closing: String, firstLine: Int) throws(FrontMatterError) {
    self.opening = opening
    self.lines = lines
    self.closing = closing
    (keys, values, keyLines) = try Self.parse(lines.joined(), yamlFirstLine: firstLine + 1)
  }

  /// The whole block as text: fences and YAML lines, byte for byte as read or edited.
  public var text: String { opening + lines.joined() + closing }

  /// The scalar text of `key`, if it is a scalar.
  public func string(_ key: String) -> String? {
    if case .scalar(let text) = values[key] { return text }
    return nil
  }

  /// The words of `key`: a YAML list, or one string of comma- or space-separated words.
  public func words(_ key: String) -> [String] {
    switch values[key] {
    case .list(let items):
      return items.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    case .scalar(let text):
      return text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    default: return []
    }
  }

  // MARK: Editing

  /// Sets `key` to a YAML value written as `yaml` (already quoted as needed).
  ///
  /// An existing key's lines are replaced where they stand; a new key goes last, or `first`.
  /// Every other line is kept byte for byte.
  public mutating func set(_ key: String, yaml: String, newline: String, first: Bool = false)
    throws(FrontMatterError)
  {
    try refuseLoneCarriageReturns()
    let before = self
    let line = "\(key): \(yaml)\(newline)"
    if let range = lineRange(of: key) {
      lines.replaceSubrange(range, with: [line])
    } else if first {
      lines.insert(line, at: 0)
    } else {
      // A last line without a line ending (front matter closed at end of file) gets one first.
      if let last = lines.last, last.utf8.last != UInt8(ascii: "\n") { lines[lines.count - 1] = last + newline }
      lines.append(line)
    }
    try reparse()
    try keepOthers(of: before, changing: key)
  }

  /// Removes `key` and its lines, if present.
  public mutating func remove(_ key: String) throws(FrontMatterError) {
    try refuseLoneCarriageReturns()
    guard let range = lineRange(of: key) else { return }
    let before = self
    lines.removeSubrange(range)
    try reparse()
    try keepOthers(of: before, changing: key)
  }

  /// The promise of an edit, checked: every key but `key` reads as before. A layout the
  /// line-by-line edit misjudged is put back and refused instead of changing another key.
  private mutating func keepOthers(of before: FrontMatter, changing key: String) throws(FrontMatterError) {
    let others = before.keys.filter { $0 != key }
    guard others.allSatisfy({ values[$0] == before.values[$0] }),
      Set(keys).subtracting(before.keys).subtracting([key]).isEmpty
    else {
      let line = (before.keyLines[key] ?? 0) + 2
      self = before
      throw FrontMatterError(line: line, problem: .notEditableInPlace(key: key))
    }
  }

  /// Editing goes line by line; a `\r` that ends no line is a line break to YAML only, and an
  /// edit would replace more (or less) than the key's lines. Such a block is left alone.
  private func refuseLoneCarriageReturns() throws(FrontMatterError) {
    for (number, line) in lines.enumerated() {
      let scalars = Array(line.unicodeScalars)
      for (column, scalar) in scalars.enumerated()
      where scalar == "\r" && !(column == scalars.count - 2 && scalars.last == "\n") {
        throw FrontMatterError(line: number + 2, column: column + 1, problem: .loneCarriageReturn)
      }
    }
  }

  private mutating func reparse() throws(FrontMatterError) {
    (keys, values, keyLines) = try Self.parse(lines.joined(), yamlFirstLine: 2)
  }

  /// The lines that belong to top-level `key`: its own line and the indented or `- ` lines
  /// that continue it (block lists, folded text), but not trailing blank or comment lines.
  package func lineRange(of key: String) -> Range<Int>? {
    // Where the parser saw the key start: a `key:` line inside a multi-line quoted value of
    // another key is text, not a key.
    guard let start = keyLines[key], start < lines.count else { return nil }
    // Up to the next key, without the blank and comment lines before it.
    // (The parser also breaks lines at a lone `\r`, U+0085, U+2028 and U+2029, so its line
    // numbers can run past these lines.)
    var end = min(lines.count, keyLines.values.filter { $0 > start }.min() ?? lines.count)
    while end > start + 1 {
      let trimmed = lines[end - 1].trimmingCharacters(in: .whitespacesAndNewlines)
      guard trimmed.isEmpty || trimmed.hasPrefix("#") else { break }
      end -= 1
    }
    return start..<end
  }

  /// The key a line starts at column 0, if it is a `key:` line.
  package static func topLevelKey(in line: String) -> String? {
    guard let first = line.first, !first.isWhitespace, first != "#", first != "-" else {
      return nil
    }
    var key = Substring(line)
    if first == "\"" || first == "'" {
      guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
      key = line[line.index(after: line.startIndex)..<close]
      let rest = line[line.index(after: close)...]
      guard rest.hasPrefix(":") else { return nil }
      return String(key)
    }
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let after = line.index(after: colon)
    guard after == line.endIndex || line[after].isWhitespace else { return nil }
    key = line[..<colon]
    return String(key).trimmingCharacters(in: .whitespaces)
  }

  /// The keys, values and the line where each key starts: read from the bytes when the block is
  /// as simple as most are (`parseSimple`), else by the YAML parser.
  private static func parse(_ yaml: String, yamlFirstLine: Int) throws(FrontMatterError) -> (
    [String], [String: FrontMatterValue], [String: Int]
  ) {
    if let simple = parseSimple(yaml) { return simple }
    return try parseYAML(yaml, yamlFirstLine: yamlFirstLine)
  }

  static func parseYAML(_ yaml: String, yamlFirstLine: Int) throws(FrontMatterError) -> (
    [String], [String: FrontMatterValue], [String: Int]
  ) {
    let node: Node?
    do {
      // An explicit encoding: the default one reads the process environment on every parse.
      node = try Yams.compose(yaml: yaml, .default, .default, .utf8)
    } catch let error as YamlError {
      let lineCount = yaml.utf8.count { $0 == UInt8(ascii: "\n") }
      throw convert(error, yamlFirstLine: yamlFirstLine, yamlLineCount: lineCount)
    } catch {
      throw FrontMatterError(line: yamlFirstLine, problem: .invalidYAML("\(error)"))
    }
    guard let node else { return ([], [:], [:]) }
    guard let mapping = node.mapping else {
      throw FrontMatterError(line: yamlFirstLine, problem: .notAMapping)
    }
    var keys: [String] = []
    var values: [String: FrontMatterValue] = [:]
    var lines: [String: Int] = [:]
    for (keyNode, valueNode) in mapping {
      guard let key = keyNode.scalar?.string else { continue }
      keys.append(key)
      if let mark = keyNode.mark, lines[key] == nil { lines[key] = mark.line - 1 }
      switch valueNode {
      case .scalar(let scalar):
        // `key:` with nothing after it is YAML null; treat it as absent text.
        if scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
          values[key] = .scalar("")
        } else {
          values[key] = .scalar(scalar.string)
        }
      case .sequence(let sequence):
        let items = sequence.compactMap { $0.scalar?.string }
        values[key] = items.count == sequence.count ? .list(items) : .other
      default:
        values[key] = .other
      }
    }
    return (keys, values, lines)
  }

  private static func convert(_ error: YamlError, yamlFirstLine: Int, yamlLineCount: Int)
    -> FrontMatterError
  {
    func at(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> FrontMatterError {
      var reason = problem
      var mark = mark
      if let context {
        reason = "\(context.text.trimmingCharacters(in: .whitespaces)): \(problem)"
        // When the parser only noticed at the end of the block, the construct's start
        // ("while scanning a quoted scalar") is where the fix goes.
        if mark.line > yamlLineCount || problem.contains("end of stream") { mark = context.mark }
      }
      // A position past the last YAML line is the closing fence; the fix belongs on the line before.
      if mark.line > max(yamlLineCount, 1) {
        return FrontMatterError(line: yamlFirstLine + max(yamlLineCount, 1) - 1, problem: .invalidYAML(reason))
      }
      return FrontMatterError(
        line: yamlFirstLine + mark.line - 1, column: mark.column, problem: .invalidYAML(reason))
    }
    switch error {
    case .scanner(let context, let problem, let mark, _): return at(mark, problem, context)
    case .parser(let context, let problem, let mark, _): return at(mark, problem, context)
    case .composer(let context, let problem, let mark, _): return at(mark, problem, context)
    case .duplicatedKeysInMapping(let duplicates, let context):
      return at(
        context.mark, "duplicate key \(duplicates.joined(separator: ", "))", nil)
    case .reader(let problem, _, _, _):
      return FrontMatterError(line: yamlFirstLine, problem: .invalidYAML(problem))
    default:
      return FrontMatterError(line: yamlFirstLine, problem: .invalidYAML("\(error)"))
    }
  }
}
