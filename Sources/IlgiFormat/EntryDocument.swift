import Foundation

/// An entry file split into its parts, so that writing it back gives the same bytes.
///
/// Holds the byte-order mark, the line ending the file uses, the front matter block (if any)
/// and the Markdown content after it. `bytes` rebuilds the file exactly; edits change only the
/// front matter lines they concern (FORMAT.md "Promises").
public struct EntryDocument: Sendable, Equatable {
  /// Why bytes are not an entry at all.
  public enum DecodingProblem: Error, Sendable, Equatable {
    /// The file holds NUL bytes: a binary file named `.md`.
    case binary
    /// The bytes are not UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)
    /// The front matter could not be read.
    case frontMatter(FrontMatterError)
  }

  /// Whether the file starts with a UTF-8 byte-order mark (kept on rewrite).
  public var hasByteOrderMark: Bool
  /// `"\n"` or `"\r\n"`: what the file's first line ends with; new lines get the same.
  public var newline: String
  /// The front matter block, when the file has one.
  public var frontMatter: FrontMatter?
  /// Everything after the front matter: the title line and the body, as written.
  public var content: String

  /// Makes a document from parts.
  public init(
    hasByteOrderMark: Bool = false, newline: String = "\n", frontMatter: FrontMatter?,
    content: String
  ) {
    self.hasByteOrderMark = hasByteOrderMark
    self.newline = newline
    self.frontMatter = frontMatter
    self.content = content
  }

  /// Splits a file's bytes; never changes them.
  public init(bytes: [UInt8]) throws(DecodingProblem) {
    if bytes.contains(0) { throw .binary }
    var body = bytes[...]
    hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    if hasByteOrderMark { body = body.dropFirst(3) }
    guard let text = String(validating: body, as: UTF8.self) else {
      throw .invalidUTF8(offset: Self.firstInvalidByte(in: bytes))
    }
    // Lines are found in the bytes; only the front matter's become strings (splitting a long
    // body into lines and joining them again took a tenth of reading an entry).
    let start = hasByteOrderMark ? 3 : 0
    func lineEnd(from index: Int) -> Int { Self.lineEnd(bytes, from: index) }
    func isFence(_ from: Int, _ to: Int) -> Bool { Self.isFence(bytes[from..<to]) }
    func line(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }
    let firstEnd = lineEnd(from: start)
    newline =
      firstEnd - start >= 2 && bytes[firstEnd - 1] == UInt8(ascii: "\n") && bytes[firstEnd - 2] == UInt8(ascii: "\r")
      ? "\r\n" : "\n"
    guard firstEnd > start, isFence(start, firstEnd) else {
      frontMatter = nil
      content = text
      return
    }
    var lines: [String] = []
    var lineStart = firstEnd
    while lineStart < bytes.count {
      let end = lineEnd(from: lineStart)
      if isFence(lineStart, end) {
        do {
          frontMatter = try FrontMatter(
            opening: line(start, firstEnd), lines: lines, closing: line(lineStart, end), firstLine: 1)
        } catch {
          throw .frontMatter(error)
        }
        // The rest of the text already checked as UTF-8, copied without checking it again.
        content = String(text[text.utf8.index(text.utf8.startIndex, offsetBy: end - start)...])
        return
      }
      lines.append(line(lineStart, end))
      lineStart = end
    }
    throw .frontMatter(FrontMatterError(line: 1, column: 1, problem: .unclosed))
  }

  /// The content of a file (what follows its front matter) found without parsing the YAML, when
  /// the front matter block does not mention `word` at all; `nil` when it does, or when the file
  /// needs the full reading (`init(bytes:)`) to say what is wrong with it.
  package static func content(of bytes: [UInt8], unlessFrontMatterMentions word: String) -> String? {
    if bytes.contains(0) { return nil }
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard let text = String(validating: bytes[start...], as: UTF8.self) else { return nil }
    // Line by line over the bytes: where each line starts, and whether it is a `---` fence.
    func lineEnd(from index: Int) -> Int { Self.lineEnd(bytes, from: index) }
    func isFence(_ from: Int, _ to: Int) -> Bool { Self.isFence(bytes[from..<to]) }
    var end = lineEnd(from: start)
    guard isFence(start, end) else { return text }
    let blockStart = end
    while end < bytes.count {
      let lineStart = end
      end = lineEnd(from: lineStart)
      if isFence(lineStart, end) {
        let needle = Array(word.utf8)
        let block = bytes[blockStart..<lineStart]
        if needle.isEmpty
          || block.count >= needle.count
            && block.indices.dropLast(needle.count - 1).contains(where: {
              bytes[$0..<$0 + needle.count].elementsEqual(needle)
            })
        {
          return nil
        }
        return String(decoding: bytes[end...], as: UTF8.self)
      }
    }
    return nil
  }

  /// The file's bytes: BOM, front matter and content, exactly as read or as edited.
  public var bytes: [UInt8] {
    var out: [UInt8] = hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
    if let frontMatter { out += Array(frontMatter.text.utf8) }
    out += Array(content.utf8)
    return out
  }

  /// The line number (1-based) in the file where `content` starts.
  public var contentFirstLine: Int {
    guard let frontMatter else { return 1 }
    return frontMatter.lines.count + 3
  }

  /// Gives a file without front matter an empty block, in the file's own line ending.
  public mutating func ensureFrontMatter() {
    guard frontMatter == nil else { return }
    // An empty YAML block always parses.
    frontMatter = try? FrontMatter(
      opening: "---" + newline, lines: [], closing: "---" + newline, firstLine: 1)
  }

  /// Sets a front matter key, adding the block when the file has none; a new key goes last, or
  /// `first`.
  public mutating func set(_ key: String, yaml: String, first: Bool = false) throws(FrontMatterError) {
    ensureFrontMatter()
    guard var block = frontMatter else { return }
    try block.set(key, yaml: yaml, newline: newline, first: first)
    frontMatter = block
  }

  /// Splits text after each `\n`, keeping the terminators (`\r\n` stays whole).
  package static func splitLines(_ text: String) -> [String] {
    var lines: [String] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      let next = utf8.index(after: index)
      if utf8[index] == UInt8(ascii: "\n") {
        lines.append(String(text[start..<next]))
        start = next
      }
      index = next
    }
    if start != utf8.endIndex { lines.append(String(text[start...])) }
    return lines
  }

  /// Where the line that starts at `index` ends: after its `\n`, or at the end.
  private static func lineEnd(_ bytes: [UInt8], from index: Int) -> Int {
    var end = index
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
    return end < bytes.count ? end + 1 : end
  }

  /// Whether a line (with its line ending) is a front matter fence, `---`.
  private static func isFence(_ line: ArraySlice<UInt8>) -> Bool {
    line.elementsEqual("---\n".utf8) || line.elementsEqual("---\r\n".utf8) || line.elementsEqual("---".utf8)
  }

  private static func firstInvalidByte(in bytes: [UInt8]) -> Int {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    var consumed = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        consumed += UTF8.width(scalar)
        offset = consumed
      case .emptyInput: return offset
      case .error: return offset
      }
    }
  }
}
