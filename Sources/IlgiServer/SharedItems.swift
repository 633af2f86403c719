import Foundation

/// What a phone's share sheet sends the app (the manifest's `share_target`): a title, a text,
/// a link and files, as `multipart/form-data` (RFC 7578).
struct SharedItems: Equatable {
  /// One file shared: the name it had, and its bytes.
  struct File: Equatable {
    var name: String
    var bytes: [UInt8]
  }

  var title = ""
  var text = ""
  var url = ""
  var files: [File] = []

  /// The fields the manifest names; any other part is left out.
  static let titleField = "title"
  static let textField = "text"
  static let urlField = "url"
  static let filesField = "photos"

  /// Reads a `multipart/form-data` body; one that is not, or is malformed, is `.notShared`.
  init(body: [UInt8], contentType: String) throws {
    // RFC 2046: 1 to 70 characters.
    guard let boundary = Self.parameter("boundary", of: contentType), (1...70).contains(boundary.utf8.count),
      contentType.lowercased().hasPrefix("multipart/form-data")
    else { throw ServerProblem.notShared }
    guard let parts = Self.parts(of: body, boundary: boundary) else { throw ServerProblem.notShared }
    for part in parts {
      let name = Self.parameter("name", of: part.disposition) ?? ""
      // A form's fields break lines as CRLF; the entry's lines end in LF.
      let value = String(decoding: part.body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        .trimmingCharacters(in: .whitespacesAndNewlines)
      switch name {
      case Self.titleField: title = value
      case Self.textField: text = value
      case Self.urlField: url = value
      case Self.filesField where !part.body.isEmpty:
        files.append(File(name: Self.parameter("filename", of: part.disposition) ?? "", bytes: part.body))
      default: continue
      }
    }
    guard !(title.isEmpty && text.isEmpty && url.isEmpty && files.isEmpty) else { throw ServerProblem.notShared }
  }

  init(title: String = "", text: String = "", url: String = "", files: [File] = []) {
    self.title = title
    self.text = text
    self.url = url
    self.files = files
  }

  /// The new entry's text: the title as its first line (else the text's first line, else the
  /// link, else `untitled`), then the text, the link (unless the text holds it already), and a
  /// line linking each file; the writer ends it with a newline.
  func content(links: [String], untitled: String) -> String {
    var heading = title
    var body = text
    if heading.isEmpty, !text.isEmpty {
      let split = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      heading = split[0].trimmingCharacters(in: .whitespaces)
      body = split.count > 1 ? split[1].trimmingCharacters(in: .whitespacesAndNewlines) : ""
    }
    if heading.isEmpty { heading = url.isEmpty ? untitled : url }
    var lines = [heading]
    if !body.isEmpty { lines.append(body) }
    if !url.isEmpty, !lines.contains(where: { $0.contains(url) }) { lines.append("<" + url + ">") }
    return (lines + links).joined(separator: "\n\n")
  }

  /// The parts of a `multipart/form-data` body (RFC 2046 5.1): each one's
  /// `Content-Disposition` and bytes, in order; nil when the body is not one whole. Written
  /// here because libmicrohttpd's form reader works only inside a connection, while the body
  /// reaches the app whole.
  static func parts(of body: [UInt8], boundary: String) -> [(disposition: String, body: [UInt8])]? {
    let delimiter = Array("--\(boundary)".utf8)
    let lineBreak: [UInt8] = [13, 10]
    guard var at = find(delimiter, in: body, from: 0) else { return nil }
    var parts: [(disposition: String, body: [UInt8])] = []
    while true {
      at += delimiter.count
      // `--` after a delimiter closes the body; spaces may pad it before its line break.
      if body[at...].starts(with: [45, 45]) { return parts }
      while at < body.count, body[at] == 32 || body[at] == 9 { at += 1 }
      guard body[at...].starts(with: lineBreak) else { return nil }
      at += 2
      var headers: ArraySlice<UInt8> = []
      if body[at...].starts(with: lineBreak) {
        at += 2
      } else {
        guard let end = find(lineBreak + lineBreak, in: body, from: at) else { return nil }
        headers = body[at..<end]
        at = end + 4
      }
      guard let next = find(lineBreak + delimiter, in: body, from: at) else { return nil }
      var disposition = ""
      for line in String(decoding: headers, as: UTF8.self).components(separatedBy: "\r\n") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        if line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" {
          disposition = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      }
      parts.append((disposition, Array(body[at..<next])))
      at = next + 2
    }
  }

  /// Where `needle` first occurs in `haystack` at or after `start`.
  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard start < haystack.count else { return nil }
    return haystack[start...].firstRange(of: needle)?.lowerBound
  }

  /// A parameter of a header value (`boundary` of a `Content-Type`, `name` and `filename` of a
  /// `Content-Disposition`), quoted or not; nil when it has none.
  static func parameter(_ key: String, of value: String) -> String? {
    var rest = Substring(value)
    // Past the first `;`: the value's own type is not a parameter.
    guard let start = rest.firstIndex(of: ";") else { return nil }
    rest = rest[rest.index(after: start)...]
    while !rest.isEmpty {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == ";" }
      guard let equals = rest.firstIndex(of: "=") else { return nil }
      let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      rest = rest[rest.index(after: equals)...]
      var found = ""
      if rest.first == "\"" {
        rest = rest.dropFirst()
        while var character = rest.first, character != "\"" {
          // A backslash quotes the character after it.
          if character == "\\", let next = rest.dropFirst().first {
            character = next
            rest = rest.dropFirst()
          }
          found.append(character)
          rest = rest.dropFirst()
        }
        rest = rest.dropFirst()
        rest = rest.drop { $0 != ";" }
      } else {
        let end = rest.firstIndex(of: ";") ?? rest.endIndex
        found = rest[..<end].trimmingCharacters(in: .whitespaces)
        rest = rest[end...]
      }
      if name == key { return found }
    }
    return nil
  }
}
