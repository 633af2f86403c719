import Foundation
import IlgiStore

/// A place in a parsed JSON document that knows its own path, so that a bad value is reported
/// as `Journal.json entries[3].creationDate` rather than "invalid data".
struct JSONCursor {
  let value: Any?
  let file: String
  let path: String

  /// Parses `bytes`; a syntax error is reported against the file.
  static func parse(_ bytes: [UInt8], file: String) throws(ImportError) -> JSONCursor {
    do {
      let value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
      return JSONCursor(value: value, file: file, path: "")
    } catch {
      throw ImportError(location: file, problem: .invalidJSON(Self.reason(error, bytes)))
    }
  }

  /// The parser's complaint, with a line number when it gave a byte offset.
  private static func reason(_ error: any Error, _ bytes: [UInt8]) -> String {
    let info = (error as NSError).userInfo
    if let index = info["NSJSONSerializationErrorIndex"] as? Int, index <= bytes.count {
      let line = bytes[..<index].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      return "line \(line)"
    }
    // Foundation on Linux says "... around character 25." instead.
    let text = (info[NSDebugDescriptionErrorKey] as? String) ?? ""
    if let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
      let index = Int(text[range].dropFirst("character ".count)), index <= bytes.count
    {
      let line = bytes[..<index].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      return "line \(line)"
    }
    return text.isEmpty ? "not JSON" : text
  }

  var location: String { path.isEmpty ? file : file + " " + path }

  func fail(_ problem: ImportError.Problem) -> ImportError { ImportError(location: location, problem: problem) }

  subscript(key: String) -> JSONCursor {
    let object = value as? [String: Any]
    return JSONCursor(value: object?[key], file: file, path: path.isEmpty ? key : path + "." + key)
  }

  var isPresent: Bool { value != nil && !(value is NSNull) }

  func object() throws(ImportError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw fail(.wrongType(expected: "object")) }
    return object
  }

  func array() throws(ImportError) -> [JSONCursor] {
    guard let items = value as? [Any] else { throw fail(.wrongType(expected: "array")) }
    return items.enumerated().map { JSONCursor(value: $1, file: file, path: path + "[\($0)]") }
  }

  func string() throws(ImportError) -> String {
    guard isPresent else { throw ImportError(location: location, problem: .missingKey(lastKey)) }
    guard let text = value as? String else { throw fail(.wrongType(expected: "string")) }
    return text
  }

  func optionalString() throws(ImportError) -> String? {
    guard isPresent else { return nil }
    return try string()
  }

  func number() throws(ImportError) -> Double {
    guard isPresent else { throw ImportError(location: location, problem: .missingKey(lastKey)) }
    guard let number = value as? NSNumber else {
      throw fail(.wrongType(expected: "number"))
    }
    return number.doubleValue
  }

  func optionalNumber() throws(ImportError) -> Double? {
    guard isPresent else { return nil }
    return try number()
  }

  func bool() throws(ImportError) -> Bool {
    guard isPresent else { return false }
    if let flag = value as? Bool { return flag }
    throw fail(.wrongType(expected: "true or false"))
  }

  func strings() throws(ImportError) -> [String] {
    guard isPresent else { return [] }
    var out: [String] = []
    for item in try array() { out.append(try item.string()) }
    return out
  }

  private var lastKey: String {
    guard let dot = path.lastIndex(of: ".") else { return path }
    return String(path[path.index(after: dot)...])
  }
}

/// A number as YAML writes it: `-11`, `37.5665`.
func yamlNumber(_ number: Double) -> String {
  if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
  return String(number)
}
