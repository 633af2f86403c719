import Foundation

extension FrontMatter {
  /// The keys, values and key lines of front matter in the shape ilgi itself writes and most
  /// people type: one `key: value` per line, where the value is empty, a plain word or phrase,
  /// or a flow list of plain words (`[work, family]`), or empty and followed by a block list of
  /// plain words (`  - work`, each item indented alike), with blank lines and whole-line comments
  /// (`#` first) between. Read from the bytes without the YAML parser, which takes most of the
  /// time of reading such a file; `nil` for anything else (quotes, comments after a value or
  /// inside a block list, other indented lines, tabs, a repeated key, characters YAML treats
  /// specially), which the YAML parser reads. Both read the same values from what this accepts
  /// (tested on random blocks of the characters that matter to YAML).
  static func parseSimple(_ yaml: String) -> ([String], [String: FrontMatterValue], [String: Int])? {
    var yaml = yaml
    return yaml.withUTF8 { bytes -> ([String], [String: FrontMatterValue], [String: Int])? in
      var keys: [String] = []
      var values: [String: FrontMatterValue] = [:]
      var lines: [String: Int] = [:]
      var line = 0
      var start = 0
      // The key whose value is empty, while block list items may follow it, and their indent.
      var listKey: String?
      var listIndent: Int?
      var items: [String] = []
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        var stop = end
        if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        defer {
          line += 1
          start = end + 1
        }
        if stop == start { continue }
        if bytes[start] == UInt8(ascii: "#") {
          // A comment: the block list before it, if any, ends.
          guard isPrintable(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<stop])) else { return nil }
          listKey = nil
          continue
        }
        if bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "-") {
          // A block list item of the key before it.
          guard let key = listKey, let item = blockItem(bytes, start, stop, indent: &listIndent) else { return nil }
          // The list is taken out while it grows, so the append never copies it: linear in
          // the number of items.
          values[key] = nil
          items.append(item)
          values[key] = .list(items)
          continue
        }
        listKey = nil
        guard let (key, text) = keyLine(bytes, start, stop) else { return nil }
        let value: FrontMatterValue
        if text.isEmpty {
          value = .scalar("")
          (listKey, listIndent, items) = (key, nil, [])
        } else {
          guard let given = Self.value(text) else { return nil }
          value = given
        }
        // A repeated key is an error the YAML parser words.
        guard values.updateValue(value, forKey: key) == nil else { return nil }
        keys.append(key)
        lines[key] = line
      }
      return (keys, values, lines)
    }
  }

  /// The key of a `key: value` line between `start` and `stop` (letters, digits and `_` first,
  /// then also `-` and `.`; then `:` and a space) and its value, trimmed; nil for another line.
  private static func keyLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ stop: Int)
    -> (String, UnsafeBufferPointer<UInt8>)?
  {
    var i = start
    guard isKeyByte(bytes[i], first: true) else { return nil }
    while i < stop, isKeyByte(bytes[i], first: false) { i += 1 }
    guard i < stop, bytes[i] == UInt8(ascii: ":"), i - start <= 1000 else { return nil }
    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    i += 1
    guard i == stop || bytes[i] == UInt8(ascii: " ") else { return nil }
    while i < stop, bytes[i] == UInt8(ascii: " ") { i += 1 }
    var last = stop
    while last > i, bytes[last - 1] == UInt8(ascii: " ") { last -= 1 }
    return (key, UnsafeBufferPointer(rebasing: bytes[i..<last]))
  }

  /// The item of a block list line between `start` and `stop`: `- ` after as many spaces as the
  /// items before it (`indent`, set by the first), then a plain word or phrase; nil otherwise.
  private static func blockItem(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ stop: Int, indent: inout Int?)
    -> String?
  {
    var i = start
    while i < stop, bytes[i] == UInt8(ascii: " ") { i += 1 }
    guard i + 1 < stop, bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: " "),
      indent == nil || indent == i - start
    else { return nil }
    indent = i - start
    i += 2
    while i < stop, bytes[i] == UInt8(ascii: " ") { i += 1 }
    var last = stop
    while last > i, bytes[last - 1] == UInt8(ascii: " ") { last -= 1 }
    let item = UnsafeBufferPointer(rebasing: bytes[i..<last])
    return isPlain(item, inFlow: false) ? String(decoding: item, as: UTF8.self) : nil
  }

  /// A key's value, not empty and trimmed: a flow list of plain words (`[work, family]`) or a
  /// plain word or phrase (`~` and `null` are empty); nil for anything else.
  private static func value(_ text: UnsafeBufferPointer<UInt8>) -> FrontMatterValue? {
    guard text.first == UInt8(ascii: "[") else {
      guard isPlain(text, inFlow: false) else { return nil }
      let string = String(decoding: text, as: UTF8.self)
      return .scalar(["~", "null", "Null", "NULL"].contains(string) ? "" : string)
    }
    guard text.count >= 2, text[text.count - 1] == UInt8(ascii: "]") else { return nil }
    let close = text.count - 1
    var items: [String] = []
    guard !text[1..<close].allSatisfy({ $0 == UInt8(ascii: " ") }) else { return .list(items) }
    var itemStart = 1
    for position in 1...close where position == close || text[position] == UInt8(ascii: ",") {
      var from = itemStart
      var to = position
      while from < to, text[from] == UInt8(ascii: " ") { from += 1 }
      while to > from, text[to - 1] == UInt8(ascii: " ") { to -= 1 }
      let item = UnsafeBufferPointer(rebasing: text[from..<to])
      guard isPlain(item, inFlow: true) else { return nil }
      items.append(String(decoding: item, as: UTF8.self))
      itemStart = position + 1
    }
    return .list(items)
  }

  private static func isKeyByte(_ byte: UInt8, first: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."): return !first
    default: return false
    }
  }

  /// Whether YAML reads `text` (not empty, no spaces at either end) as a plain scalar of exactly
  /// these characters: no indicator first, no `: ` or ` #`, no control characters, nothing YAML
  /// takes for a line break or a byte-order mark, and in a flow list none of `,[]{}:`.
  private static func isPlain(_ text: UnsafeBufferPointer<UInt8>, inFlow: Bool) -> Bool {
    guard let first = text.first else { return false }
    switch first {
    case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
      UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
      UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "):
      return false
    default: break
    }
    var index = 0
    while index < text.count {
      switch text[index] {
      case UInt8(ascii: ":"):
        if inFlow || index + 1 == text.count || text[index + 1] == UInt8(ascii: " ") { return false }
      case UInt8(ascii: "#"):
        if text[index - 1] == UInt8(ascii: " ") { return false }
      case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
        if inFlow { return false }
      default: break
      }
      index += 1
    }
    return isPrintable(text)
  }

  /// Whether YAML takes every character of `text` as it stands: no control characters, nothing
  /// it takes for a line break, no byte-order mark and none of the noncharacters it refuses.
  private static func isPrintable(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < text.count {
      switch text[index] {
      case 0..<0x20, 0x7F: return false
      case 0xC2:
        // U+0080 to U+009F: C1 controls and NEL, a line break to YAML.
        if index + 1 < text.count, text[index + 1] < 0xA0 { return false }
      case 0xE2:
        // U+2028 and U+2029, line breaks to YAML.
        if index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] == 0xA8 || text[index + 2] == 0xA9 {
          return false
        }
      case 0xEF:
        // U+FEFF (a byte-order mark, dropped) and U+FFFE, U+FFFF (not allowed).
        if index + 2 < text.count, text[index + 1] == 0xBB, text[index + 2] == 0xBF { return false }
        if index + 2 < text.count, text[index + 1] == 0xBF, text[index + 2] >= 0xBE { return false }
      default: break
      }
      index += 1
    }
    return true
  }
}
