import Foundation
import IlgiAge
import IlgiFormat
import IlgiStore

/// What the fuzzers check: the front-matter reader and editor, the selector parser and the
/// date parsers. Each target takes any bytes, must not crash or hang, and must keep its
/// round-trip promise; a broken promise is returned as a `FuzzFinding`.
public enum FuzzTargets {
  /// A broken promise: which target, and what differed.
  public struct FuzzFinding: Error, Sendable, CustomStringConvertible {
    /// The target's name.
    public var target: String
    /// What differed, in words.
    public var problem: String
    /// `target: problem`.
    public var description: String { "\(target): \(problem)" }
  }

  /// The targets, by the first byte of an input.
  public static let names = [
    "document", "front-matter-edit", "selector", "date", "day-range", "age-header", "age-stream",
  ]

  /// The zone the targets read dates in: UTC+9 all year.
  static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .gmt
  static let reader = EntryReader(timeZone: seoul)
  static let dates = DateParser(timeZone: seoul)

  /// Runs the target the first byte picks on the rest of the input.
  public static func run(_ input: [UInt8]) throws(FuzzFinding) {
    guard let first = input.first else { return }
    let data = Array(input.dropFirst())
    switch Int(first) % names.count {
    case 0: try document(data)
    case 1: try frontMatterEdit(data)
    case 2: try selector(data)
    case 3: try date(data)
    case 4: try dayRange(data)
    case 5: try ageHeader(data)
    default: try ageStream(data)
    }
  }

  /// A fixed identity and a file of three chunks encrypted to it: what the age targets open.
  static let ageIdentity =
    (try? X25519Identity("AGE-SECRET-KEY-1038CTA4L29WGNDCRLZLMZV7F4N30FALZ7LAFWMCUPCGJGRW9NH8QP6FKQJ"))
    ?? X25519Identity.generate()
  static let agePlaintext = (0..<(2 * 65536 + 40)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
  /// The file the age targets start from.
  public static let ageFile = (try? AgeFile.encrypt(agePlaintext, to: [ageIdentity.recipient])) ?? []

  /// Any bytes as an age file (header, armor, payload): an error or a text, never a crash; and a
  /// text only when the bytes are the fixed file's own (nothing else is authentic).
  public static func ageHeader(_ bytes: [UInt8]) throws(FuzzFinding) {
    guard
      let opened = try? AgeFile.decrypt(
        bytes, with: [ageIdentity, ScryptIdentity(passphrase: "fuzz", maxWorkFactor: 4)])
    else { return }
    if bytes.starts(with: ageFile.prefix(64)), opened != agePlaintext {
      throw FuzzFinding(target: "age-header", problem: "a changed file opened to a different text")
    }
  }

  /// The fixed file with bytes of its payload overwritten or cut by the input: it opens to its
  /// own text or is an error; a changed payload never opens.
  public static func ageStream(_ bytes: [UInt8]) throws(FuzzFinding) {
    guard bytes.count >= 4 else { return }
    var file = ageFile
    let offset = (Int(bytes[0]) << 16 | Int(bytes[1]) << 8 | Int(bytes[2])) % file.count
    let cut = bytes[3] & 1 == 1
    let patch = bytes.dropFirst(4)
    if cut {
      file.removeSubrange(min(offset + patch.count, file.count)...)
    } else {
      for (index, byte) in patch.enumerated() where offset + index < file.count { file[offset + index] = byte }
    }
    guard let opened = try? AgeFile.decrypt(file, with: [ageIdentity]) else { return }
    if file != ageFile || opened != agePlaintext {
      throw FuzzFinding(target: "age-stream", problem: "a changed payload opened")
    }
  }

  /// Reading never changes a file: a document splits and rebuilds to the same bytes, and the
  /// reader turns any bytes into an entry or an error.
  public static func document(_ bytes: [UInt8]) throws(FuzzFinding) {
    _ = try? reader.read(bytes, path: JournalPath("2025/03/fuzz.md"), modified: Date(timeIntervalSince1970: 0))
    guard let document = try? EntryDocument(bytes: bytes) else { return }
    if document.bytes != bytes {
      throw FuzzFinding(target: "document", problem: "rebuilt bytes differ from the file's")
    }
  }

  /// Setting a key changes that key only: the value reads back as set, every other key keeps
  /// its value, and the content after the front matter is untouched.
  public static func frontMatterEdit(_ bytes: [UInt8]) throws(FuzzFinding) {
    // The input is a value and a file, split at the first NUL (or the value is empty).
    let split = bytes.firstIndex(of: 0) ?? -1
    let value = split >= 0 ? String(decoding: bytes[..<split], as: UTF8.self) : "fuzz"
    let file = split >= 0 ? Array(bytes[(split + 1)...]) : bytes
    guard var document = try? EntryDocument(bytes: file) else { return }
    let before = document.frontMatter
    let content = document.content
    // Values are one line; a stray byte-order mark is dropped on writing (YAMLScalar.quoted).
    let clean = String(value.unicodeScalars.filter { $0 != "\u{FEFF}" }).filter { !$0.isNewline && $0 != "\u{0}" }
    do {
      try document.set("weather", yaml: YAMLScalar.quoted(clean))
    } catch {
      return  // A front matter the editor cannot place the key in is refused, not damaged.
    }
    guard let reread = try? EntryDocument(bytes: document.bytes) else {
      throw FuzzFinding(target: "front-matter-edit", problem: "the edited file no longer reads")
    }
    if reread.content != content {
      throw FuzzFinding(target: "front-matter-edit", problem: "the content after the front matter changed")
    }
    let got = reread.frontMatter?.string("weather") ?? ""
    if got != clean.trimmingCharacters(in: .whitespaces) && got != clean {
      throw FuzzFinding(
        target: "front-matter-edit",
        problem: "weather reads back as \(got.debugDescription), set \(clean.debugDescription)")
    }
    for key in (before?.values.keys).map(Array.init) ?? [] where key != "weather" {
      if reread.frontMatter?.values[key] != before?.values[key] {
        throw FuzzFinding(target: "front-matter-edit", problem: "key \(key.debugDescription) changed")
      }
    }
  }

  /// A selector is one of the accepted forms or refused; a path never leaves the journal.
  public static func selector(_ bytes: [UInt8]) throws(FuzzFinding) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let selector = try? EntrySelector(parsing: text) else { return }
    if case .path(let path) = selector, path.escapesRoot || path.rawValue.hasPrefix("/") {
      throw FuzzFinding(target: "selector", problem: "path \(path.rawValue.debugDescription) leaves the journal")
    }
  }

  /// A parsed date written back as ISO 8601 parses to the same instant and offset.
  public static func date(_ bytes: [UInt8]) throws(FuzzFinding) {
    let text = String(decoding: bytes, as: UTF8.self)
    _ = dates.parseFileName(text)
    guard let parsed = dates.parse(text) else { return }
    guard let again = dates.parse(parsed.iso8601) else {
      throw FuzzFinding(target: "date", problem: "\(parsed.iso8601) (from \(text.debugDescription)) does not parse")
    }
    if again.offset != parsed.offset || abs(again.instant.timeIntervalSince(parsed.instant)) >= 1 {
      throw FuzzFinding(target: "date", problem: "\(text.debugDescription) → \(parsed.iso8601) → \(again.iso8601)")
    }
  }

  /// A day range, when understood, starts no later than it ends.
  public static func dayRange(_ bytes: [UInt8]) throws(FuzzFinding) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let range = DayRange(parsing: text, today: "2026-11-21") else { return }
    if range.first > range.last {
      throw FuzzFinding(target: "day-range", problem: "\(text.debugDescription) → \(range.first)...\(range.last)")
    }
  }
}
