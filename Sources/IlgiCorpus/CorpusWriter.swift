import Foundation

/// Writes a planned corpus in one of its forms.
struct CorpusWriter {
  let corpus: Corpus
  let out: String

  func write(_ format: Corpus.Format) throws {
    switch format {
    case .ilgi: try writeTree()
    case .jrnl: try write(Data(corpus.entries.map(jrnlText).joined().utf8), to: out)
    case .jrnlFolder: try writeJrnlFolder()
    case .dayOne: try write(try dayOneJSON(), to: out)
    case .sample: try write(try sampleJSON(), to: out)
    }
  }

  // MARK: ilgi

  private func writeTree() throws {
    try makeEmptyFolder(out)
    var folders = Set<String>()
    for entry in corpus.entries {
      let file = out + "/" + entry.path
      let folder = (file as NSString).deletingLastPathComponent
      if folders.insert(folder).inserted {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try write(Data(Self.ilgiBytes(entry)), to: file)
      // The file's time is the moment it was written, as it would be in a real journal.
      var times = [
        timeval(tv_sec: entry.time.unixSeconds, tv_usec: 0), timeval(tv_sec: entry.time.unixSeconds, tv_usec: 0),
      ]
      utimes(file, &times)
    }
  }

  /// The bytes of an entry's ilgi file.
  static func ilgiBytes(_ entry: CorpusEntry) -> [UInt8] {
    var lines: [String] = []
    let variant = entry.variant
    if !variant.noFrontMatter {
      lines.append("---")
      lines.append("id: " + entry.id)
      lines.append("date: " + (variant.blogDate ?? entry.time.iso8601))
      if let weather = entry.weather { lines.append("weather: " + weather.text) }
      if variant.blockTags {
        lines.append("tags:")
        lines += entry.tags.map { "  - " + $0 }
      } else if !entry.tags.isEmpty {
        lines.append("tags: [" + entry.tags.joined(separator: ", ") + "]")
      }
      if entry.starred { lines.append("starred: true") }
      lines += variant.extraLines
      lines.append("---")
    }
    lines.append((variant.headingTitle ? "# " : "") + entry.title)
    lines.append("")
    lines.append(entry.body(tagSymbol: "#"))
    var text = lines.joined(separator: "\n") + "\n"
    if variant.crlf { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
    return (variant.byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
  }

  // MARK: jrnl

  /// `[YYYY-MM-DD HH:MM] Title`, the body, then the front matter's tags as `@tag` on a last line.
  private func jrnlText(_ entry: CorpusEntry) -> String {
    var text =
      "[\(entry.time.jrnlText)] \(entry.title)\(entry.starred ? " *" : "")\n" + entry.body(tagSymbol: "@") + "\n"
    let extra = entry.tags.filter { !entry.inlineTags.contains($0) }
    if !extra.isEmpty { text += "\n" + extra.map { "@" + $0 }.joined(separator: " ") + "\n" }
    return text + "\n"
  }

  private func writeJrnlFolder() throws {
    try makeEmptyFolder(out)
    var days: [String: String] = [:]
    for entry in corpus.entries {
      let day = entry.time.dayText
      days[day, default: ""] += jrnlText(entry)
    }
    for (day, text) in days {
      let parts = day.split(separator: "-")
      let folder = "\(out)/\(parts[0])/\(parts[1])"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try write(Data(text.utf8), to: "\(folder)/\(parts[2]).txt")
    }
  }

  // MARK: JSON

  private struct DayOneExport: Encodable {
    struct Metadata: Encodable { var version = "1.0" }
    struct Weather: Encodable {
      var conditionsDescription: String
      var weatherCode: String
      var temperatureCelsius: Int
    }
    struct Item: Encodable {
      var uuid: String
      var creationDate: String
      var timeZone: String
      var starred: Bool
      var text: String
      var tags: [String]?
      var weather: Weather?
    }
    var metadata = Metadata()
    var entries: [Item]
  }

  private func dayOneJSON() throws -> Data {
    let items = corpus.entries.map { entry in
      DayOneExport.Item(
        uuid: entry.id.replacingOccurrences(of: "-", with: ""), creationDate: entry.time.utcText,
        timeZone: entry.zone.rawValue, starred: entry.starred,
        text: entry.title + "\n\n" + entry.body(tagSymbol: "#"), tags: entry.tags.isEmpty ? nil : entry.tags,
        weather: entry.weather.map {
          .init(conditionsDescription: $0.text, weatherCode: $0.code, temperatureCelsius: entry.temperature)
        })
    }
    return try Self.encode(DayOneExport(entries: items))
  }

  private struct SampleItem: Encodable {
    var title: String
    var body: String
    var created_at: Int
  }

  private func sampleJSON() throws -> Data {
    try Self.encode(
      corpus.entries.map { SampleItem(title: $0.title, body: $0.body(tagSymbol: "#"), created_at: $0.time.unixSeconds) }
    )
  }

  static func encode(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value) + Data("\n".utf8)
  }

  // MARK: Files

  private func makeEmptyFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard try FileManager.default.contentsOfDirectory(atPath: path).isEmpty else {
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
    }
  }

  private func write(_ data: Data, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: data) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
  }
}
