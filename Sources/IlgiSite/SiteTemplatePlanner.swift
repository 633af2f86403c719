/// Reads a template's source into `SiteTemplate.Node`s for the part of Mustache that
/// `SiteTemplate` walks itself: text, variables (`{{a}}`, `{{{a}}}`, `{{&a}}`), sections and
/// inverted sections, comments and changes of delimiters, with Mustache's rule that a tag alone
/// on its line takes the line with it. Anything else (partials, blocks, transforms, pragmas
/// other than the site's content type) gives no plan, and the template renders through
/// swift-mustache.
///
/// It reads the source as swift-mustache's parser does, character by character, so that both
/// make the same text; `SiteTemplateTests` renders every case both ways.
struct SiteTemplatePlanner {
  private var characters: [Character]
  private var position = 0
  private var start: [Character] = ["{", "{"]
  private var end: [Character] = ["}", "}"]
  /// The content type pragma the template may open with, which the plan leaves out.
  private let contentType: String

  /// Why a template has no plan; never shown, only tells the caller to use swift-mustache.
  private struct Unplanned: Error {}

  private init(_ source: String, contentType: String) {
    characters = Array(source)
    self.contentType = contentType
  }

  /// The nodes of `source`, or nil when it uses more than `SiteTemplate` walks.
  static func plan(_ source: String, contentType: String) -> [SiteTemplate.Node]? {
    var planner = SiteTemplatePlanner(source, contentType: contentType)
    guard let (nodes, _) = try? planner.parse(section: nil, newLine: true, top: true) else { return nil }
    return nodes
  }

  private var atEnd: Bool { position >= characters.count }

  /// Reads nodes up to the end, or up to the close of `section`; returns them and, for a
  /// section, whether its closing tag stood alone on its line.
  private mutating func parse(section: String?, newLine: Bool, top: Bool) throws -> ([SiteTemplate.Node], Bool) {
    var nodes: [SiteTemplate.Node] = []
    var newLine = newLine
    var whiteSpaceBefore = ""
    var first = top
    while !atEnd {
      if newLine { whiteSpaceBefore = read(while: { $0 == " " || $0 == "\t" }) }
      let text = readUntilTagOrNewline()
      if !atEnd, characters[position].isNewline {
        nodes.append(.text(Array((whiteSpaceBefore + text + String(characters[position])).utf8)))
        newLine = true
        position += 1
        continue
      }
      if !text.isEmpty {
        nodes.append(.text(Array((whiteSpaceBefore + text).utf8)))
        whiteSpaceBefore = ""
        newLine = false
      }
      if atEnd { break }
      defer { first = false }
      let tag = try readTag(
        section: section, newLine: newLine, top: top, first: first, nodes: &nodes, whiteSpaceBefore: &whiteSpaceBefore)
      switch tag {
      case .close(let standalone): return (nodes, standalone)
      case .other(let standalone): newLine = standalone
      }
    }
    guard section == nil else { throw Unplanned() }
    return (nodes, false)
  }

  /// What a tag read by `readTag` asks of the nodes being read around it.
  private enum Tag {
    /// The close of the section being read, and whether it stood alone on its line.
    case close(standalone: Bool)
    /// Any other tag, and whether it stood alone on its line (its line is then read too).
    case other(standalone: Bool)
  }

  /// Reads the tag whose opening delimiter was just read, adding what it makes to `nodes`; the
  /// white space before it goes in first unless the tag stands alone on its line.
  private mutating func readTag(
    section: String?, newLine: Bool, top: Bool, first: Bool, nodes: inout [SiteTemplate.Node],
    whiteSpaceBefore: inout String
  ) throws -> Tag {
    var standalone = false
    switch characters[position] {
    case "#", "^":
      let inverted = characters[position] == "^"
      position += 1
      let name = try readName()
      if isStandalone(newLine) { standalone = true } else { Self.keep(&whiteSpaceBefore, in: &nodes) }
      nodes.append(try self.section(name, inverted: inverted, standalone: standalone))
    case "/":
      position += 1
      guard try readName() == section else { throw Unplanned() }
      let closeStandalone = isStandalone(newLine)
      if !closeStandalone { Self.keep(&whiteSpaceBefore, in: &nodes) }
      return .close(standalone: closeStandalone)
    case "!":
      position += 1
      try skip(past: end)
      standalone = isStandalone(newLine)
    case "{":
      Self.keep(&whiteSpaceBefore, in: &nodes)
      position += 1
      let name = try readName()
      guard !atEnd, characters[position] == "}" else { throw Unplanned() }
      position += 1
      nodes.append(.variable(path: try Self.path(name), escaped: false))
    case "&":
      Self.keep(&whiteSpaceBefore, in: &nodes)
      position += 1
      nodes.append(.variable(path: try Self.path(try readName()), escaped: false))
    case "=":
      position += 1
      try setDelimiters()
      standalone = isStandalone(newLine)
    case "%":
      // Only the content type `Site.compile` puts first, which every escape follows.
      position += 1
      guard first, top else { throw Unplanned() }
      try readContentType()
      standalone = isStandalone(newLine)
    case ">", "<", "$":
      throw Unplanned()
    default:
      Self.keep(&whiteSpaceBefore, in: &nodes)
      nodes.append(.variable(path: try Self.path(try readName()), escaped: true))
    }
    return .other(standalone: standalone)
  }

  /// Adds the white space read before a tag to `nodes` as text, for a tag that does not stand
  /// alone on its line, and empties it so that it goes in once.
  private static func keep(_ whiteSpace: inout String, in nodes: inout [SiteTemplate.Node]) {
    if !whiteSpace.isEmpty {
      nodes.append(.text(Array(whiteSpace.utf8)))
      whiteSpace = ""
    }
  }

  /// The section `name` whose opening tag was read: its body up to its close.
  private mutating func section(_ name: String, inverted: Bool, standalone: Bool) throws -> SiteTemplate.Node {
    // Delimiters set inside a section end with it.
    let delimiters = (start, end)
    let (body, _) = try parse(section: name, newLine: standalone, top: false)
    (start, end) = delimiters
    let path = try Self.path(name)
    return inverted ? .inverted(path: path, body: body) : .section(path: path, body: body)
  }

  /// The rest of a `{{% CONTENT_TYPE:... }}` tag, which must name this template's type.
  private mutating func readContentType() throws {
    _ = read(while: \.isWhitespace)
    let pragma = read(while: { $0 != "}" && !$0.isWhitespace })
    _ = read(while: \.isWhitespace)
    guard pragma == "CONTENT_TYPE:" + contentType, readDelimiter(end) else { throw Unplanned() }
  }

  /// Text up to the next tag (whose opening delimiter is read) or line break.
  private mutating func readUntilTagOrNewline() -> String {
    var text = ""
    while !atEnd {
      let character = characters[position]
      if character == "\n" || character == "\r\n" { break }
      if character == start[0], readDelimiter(start) { break }
      text.append(character)
      position += 1
    }
    return text
  }

  /// A tag's name, then the closing delimiter. A name with brackets (a transform) is not
  /// walked here.
  private mutating func readName() throws -> String {
    _ = read(while: \.isWhitespace)
    let name = read(while: { Self.nameCharacters.contains($0) })
    _ = read(while: \.isWhitespace)
    guard readDelimiter(end), !name.contains("(") else { throw Unplanned() }
    return name
  }

  /// `{{=<% %>=}}`: the delimiters from here on.
  private mutating func setDelimiters() throws {
    _ = read(while: \.isWhitespace)
    let newStart = read(while: { !$0.isWhitespace })
    _ = read(while: \.isWhitespace)
    let newEnd = read(while: { $0 != "=" && !$0.isWhitespace })
    _ = read(while: \.isWhitespace)
    guard !atEnd, characters[position] == "=" else { throw Unplanned() }
    position += 1
    guard readDelimiter(end), !newStart.isEmpty, !newEnd.isEmpty else { throw Unplanned() }
    start = Array(newStart)
    end = Array(newEnd)
  }

  /// Moves past the next `delimiter`.
  private mutating func skip(past delimiter: [Character]) throws {
    while !atEnd {
      if readDelimiter(delimiter) { return }
      position += 1
    }
    throw Unplanned()
  }

  /// Reads `delimiter` when it comes next.
  private mutating func readDelimiter(_ delimiter: [Character]) -> Bool {
    guard position + delimiter.count <= characters.count,
      characters[position..<position + delimiter.count].elementsEqual(delimiter)
    else { return false }
    position += delimiter.count
    return true
  }

  private mutating func read(while keep: (Character) -> Bool) -> String {
    var text = ""
    while !atEnd, keep(characters[position]) {
      text.append(characters[position])
      position += 1
    }
    return text
  }

  /// Whether the tag just read stands alone on its line: it began one (`newLine`) and only
  /// spaces and tabs follow it to the line's end, which is then read too.
  private mutating func isStandalone(_ newLine: Bool) -> Bool {
    guard newLine else { return false }
    if atEnd { return true }
    var ahead = position
    while ahead < characters.count, characters[ahead] == " " || characters[ahead] == "\t" { ahead += 1 }
    guard ahead < characters.count, characters[ahead].isNewline else { return false }
    position = ahead + 1
    return true
  }

  /// `a.b.c` as its steps, `.` as none; a name starting with a dot (no climbing) is left to
  /// swift-mustache.
  private static func path(_ name: String) throws -> [String] {
    if name == "." { return [] }
    if name.isEmpty || name.first == "." { throw Unplanned() }
    return name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  /// The characters swift-mustache takes in a name (brackets included, for transforms).
  private static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
}
