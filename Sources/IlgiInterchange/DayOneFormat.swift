import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem
import ZIPFoundation

/// Day One's JSON export (`{"metadata": ..., "entries": [...]}`), as the `.json` file or the
/// export `.zip` that holds it with its `photos/` folder.
///
/// Kept on import: `uuid` as the id, `creationDate` in the entry's `timeZone` (the journal's
/// zone when it has none), `tags`, `starred`, the weather (`conditionsDescription` as
/// `weather:`, the numbers as `temperature`, `humidity`, `wind_speed`, `pressure`,
/// `weather_code`), the location (`location`, `latitude`, `longitude`), and photos, copied
/// beside the entry as `MD5.TYPE` with the `dayone-moment://` links pointing at them.
public enum DayOneFormat {
  /// Weather numbers and the front-matter keys they become.
  static let weatherKeys: [(dayOne: String, key: String)] = [
    ("temperatureCelsius", "temperature"), ("relativeHumidity", "humidity"), ("windSpeedKPH", "wind_speed"),
    ("pressureMB", "pressure"),
  ]

  // MARK: Reading

  /// The entries of an export: a `.zip` (every JSON file in it) or a `.json` file (photos from a
  /// `photos/` folder beside it).
  public static func entries(at path: String, shownAs: String, zone: TimeZone) throws(ImportError) -> [ImportedEntry] {
    if path.lowercased().hasSuffix(".zip") { return try zipEntries(at: path, shownAs: shownAs, zone: zone) }
    let bytes = try Interchange.readBytes(path, shownAs: shownAs)
    let folder = (path as NSString).deletingLastPathComponent
    return try entries(json: bytes, file: shownAs, zone: zone) { name throws(ImportError) in
      let photo = folder + "/photos/" + name
      guard FileManager.default.fileExists(atPath: photo) else { return nil }
      return try Interchange.readBytes(photo, shownAs: "photos/" + name)
    }
  }

  private static func zipEntries(at path: String, shownAs: String, zone: TimeZone) throws(ImportError)
    -> [ImportedEntry]
  {
    _ = try Interchange.readBytes(path, shownAs: shownAs)  // missing, folder, unreadable
    let archive: Archive
    do {
      archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    } catch {
      throw ImportError(location: shownAs, problem: .badZip("\(error)"))
    }
    func contents(_ item: ZIPFoundation.Entry) throws(ImportError) -> [UInt8] {
      var data = Data()
      do {
        _ = try archive.extract(item, consumer: { data.append($0) })
      } catch {
        throw ImportError(location: shownAs + ":" + item.path, problem: .badZip("\(error)"))
      }
      return Array(data)
    }
    var files: [String: ZIPFoundation.Entry] = [:]
    for item in archive where item.type == .file && !item.path.hasPrefix("__MACOSX/") {
      files[item.path] = item
    }
    let journals = files.filter { $0.key.lowercased().hasSuffix(".json") }.sorted { $0.key < $1.key }
    guard !journals.isEmpty else { throw ImportError(location: shownAs, problem: .badZip("no .json file inside")) }
    var entries: [ImportedEntry] = []
    for (name, json) in journals {
      let folder = (name as NSString).deletingLastPathComponent
      let prefix = folder.isEmpty ? "" : folder + "/"
      entries += try self.entries(json: try contents(json), file: shownAs + ":" + name, zone: zone) {
        photo throws(ImportError) in
        guard let item = files[prefix + "photos/" + photo] else { return nil }
        return try contents(item)
      }
    }
    return entries
  }

  /// The entries of one export JSON; `photo` gives the bytes of `photos/NAME`, or nil.
  static func entries(
    json bytes: [UInt8], file: String, zone: TimeZone,
    photo: (String) throws(ImportError) -> [UInt8]?
  ) throws(ImportError) -> [ImportedEntry] {
    let root = try JSONCursor.parse(bytes, file: file)
    var entries: [ImportedEntry] = []
    for item in try root["entries"].array() {
      entries.append(try entry(item, zone: zone, photo: photo))
    }
    return entries
  }

  private static func entry(_ item: JSONCursor, zone: TimeZone, photo: (String) throws(ImportError) -> [UInt8]?)
    throws(ImportError) -> ImportedEntry
  {
    let uuid = try item["uuid"].string()
    guard let id = id(fromDayOne: uuid) else { throw item["uuid"].fail(.badID(uuid)) }
    let created = try item["creationDate"].string()
    guard let utc = DateParser(timeZone: .gmt).parse(created) else {
      throw item["creationDate"].fail(.badDate(created))
    }
    var entryZone = zone
    if let name = try item["timeZone"].optionalString() {
      guard let named = TimeZone(identifier: name) else { throw item["timeZone"].fail(.unknownTimeZone(name)) }
      entryZone = named
    }
    let date = EntryDate(instant: utc.instant, in: entryZone)
    var text = try item["text"].optionalString() ?? ""

    // ilgi's own export carries the file it came from; it is used when the text is unchanged.
    if let file = try item["ilgiFile"].optionalString(), let path = try item["ilgiPath"].optionalString(),
      let original = JournalPath(importing: path), text == exportedText(Array(file.utf8))
    {
      return ImportedEntry(
        id: id, date: date, text: text, source: item.location,
        original: (original, Array(file.utf8)))
    }

    var extra: [(key: String, yaml: String)] = []
    if try item["starred"].bool() { extra.append(("starred", "true")) }
    // Its shape checked first (an object), then its text read.
    extra += try weatherKeys(item["weather"])
    let weatherText = item["weather"].isPresent ? try item["weather"]["conditionsDescription"].optionalString() : nil
    extra += try locationKeys(item["location"])
    if let mood = try item["mood"].optionalNumber(), (1...5).contains(mood), let kept = Mood(Int(mood)) {
      extra.append(("mood", String(kept.value)))
    }
    if item["activities"].isPresent {
      let activities = try item["activities"].strings()
      if !activities.isEmpty { extra.append(("activities", YAMLScalar.flowList(activities))) }
    }
    var attachments: [ImportedEntry.Attachment] = []
    if item["photos"].isPresent {
      for picture in try item["photos"].array() {
        let identifier = try picture["identifier"].string()
        let md5 = try picture["md5"].string()
        let type = try picture["type"].optionalString() ?? "jpeg"
        let name = md5 + "." + type
        guard !md5.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
          throw picture["md5"].fail(.missingPhoto(name))
        }
        guard let bytes = try photo(name) else { throw picture.fail(.missingPhoto("photos/" + name)) }
        if !attachments.contains(where: { $0.name == name }) {
          attachments.append(.init(name: name, bytes: bytes))
        }
        text = text.replacingOccurrences(of: "dayone-moment://" + identifier, with: name)
      }
    }
    return ImportedEntry(
      id: id, date: date, text: text, tags: try item["tags"].strings(), weather: weatherText, extraKeys: extra,
      attachments: attachments, source: item.location)
  }

  /// The front matter keys of a Day One entry's `weather`: its figures and its code.
  private static func weatherKeys(_ weather: JSONCursor) throws(ImportError) -> [(key: String, yaml: String)] {
    guard weather.isPresent else { return [] }
    _ = try weather.object()
    var keys: [(key: String, yaml: String)] = []
    for (dayOne, key) in weatherKeys {
      if let number = try weather[dayOne].optionalNumber() { keys.append((key, yamlNumber(number))) }
    }
    if let code = try weather["weatherCode"].optionalString() { keys.append(("weather_code", YAMLScalar.quoted(code))) }
    return keys
  }

  /// The front matter keys of a Day One entry's `location`: the place in words, from the most
  /// particular part to the country, and its coordinates.
  private static func locationKeys(_ location: JSONCursor) throws(ImportError) -> [(key: String, yaml: String)] {
    guard location.isPresent else { return [] }
    _ = try location.object()
    var keys: [(key: String, yaml: String)] = []
    var parts: [String] = []
    for key in ["placeName", "localityName", "administrativeArea", "country"] {
      if let part = try location[key].optionalString(), !part.isEmpty, !parts.contains(part) { parts.append(part) }
    }
    if !parts.isEmpty { keys.append(("location", YAMLScalar.quoted(parts.joined(separator: ", ")))) }
    if let latitude = try location["latitude"].optionalNumber() { keys.append(("latitude", yamlNumber(latitude))) }
    if let longitude = try location["longitude"].optionalNumber() { keys.append(("longitude", yamlNumber(longitude))) }
    return keys
  }

  /// `0A96E7A5AACD432DA745AD8D6C794BFD` (or a UUID with dashes) as an ilgi id.
  static func id(fromDayOne uuid: String) -> EntryID? {
    let hex = uuid.replacingOccurrences(of: "-", with: "")
    guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return nil }
    let upper = hex.uppercased()
    var out = ""
    for (offset, character) in upper.enumerated() {
      if [8, 12, 16, 20].contains(offset) { out.append("-") }
      out.append(character)
    }
    return EntryID(out)
  }

  /// The `text` ilgi writes for a file: everything after the front matter, LF line endings.
  static func exportedText(_ bytes: [UInt8]) -> String? {
    guard let document = try? EntryDocument(bytes: bytes) else { return nil }
    return document.content.replacingOccurrences(of: "\r\n", with: "\n")
  }

  // MARK: Writing

  /// A Day One export of `entries` that Day One reads and `ilgi import --from dayone` turns back
  /// into the same files. `zone` names the offset of entries written in it.
  public static func json(_ entries: [IlgiFormat.Entry], zone: TimeZone) throws -> String {
    try json(entries, zone: zone, photos: { _ in [] })
  }

  /// A photo as Day One keeps it: `photos/MD5.TYPE` in the export, `dayone-moment://ID` in the text.
  public struct Photo: Sendable, Equatable {
    /// The name the entry links it by.
    public var linkedAs: String
    /// The MD5 of its bytes, lower-case hex.
    public var md5: String
    /// `jpeg`, `png`, `gif`, `heic`, ...
    public var type: String
    /// Its bytes.
    public var bytes: [UInt8]

    /// The photo of a picture an entry links as `name`; nil for a file that is no picture.
    public init?(linkedAs name: String, bytes: [UInt8]) {
      guard let picture = MediaType.picture(bytes) else { return nil }
      linkedAs = name
      md5 = AttachmentIntake.contentName(bytes)
      type = picture.fileExtension
      self.bytes = bytes
    }

    /// The file's name inside the export's `photos/`.
    public var fileName: String { md5 + "." + type }
  }

  /// A Day One export `.zip` at `path` (not there yet): `Journal.json` and `photos/`, so Day One
  /// (and `ilgi import`) brings the entries back with their pictures. Written beside `path`
  /// first and moved there whole, never over a file; owner-only from its first byte, since it
  /// holds the journal's text in the clear.
  public static func writeZip(_ json: String, photos: [Photo], to path: String) throws {
    let temporary = path + ".part-" + String(getpid())
    unlink(temporary)
    defer { unlink(temporary) }
    // An empty archive (its end record alone), made 0600, that ZIPFoundation then adds to: its
    // own `.create` makes the file with the umask's mode and the text would be readable to
    // others until the end.
    let emptyArchive: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
    try LocalFileSystem().createAtomically(emptyArchive, atPath: temporary, permissions: 0o600)
    let archive = try Archive(url: URL(fileURLWithPath: temporary), accessMode: .update)
    func add(_ name: String, _ bytes: Data) throws {
      try archive.addEntry(
        with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate,
        provider: { position, size in bytes.subdata(in: Int(position)..<Int(position) + size) })
    }
    try add("Journal.json", Data(json.utf8))
    var added = Set<String>()
    for photo in photos where added.insert(photo.fileName).inserted {
      try add("photos/" + photo.fileName, Data(photo.bytes))
    }
    try LocalFileSystem().moveWithoutReplacing(fromPath: temporary, toPath: path)
  }

  /// The export of `entries` with the pictures `photos` gives for each, listed in the entry's
  /// `photos` and linked in its text as Day One links them.
  public static func json(_ entries: [IlgiFormat.Entry], zone: TimeZone, photos: (IlgiFormat.Entry) -> [Photo]) throws
    -> String
  {
    let iso = ISO8601DateFormatter()
    iso.formatOptions = [.withInternetDateTime]
    var items: [[String: Any]] = []
    for entry in entries.sorted(by: Entry.oldestFirst) {
      let front = entry.document.frontMatter
      let entryPhotos = photos(entry)
      var item: [String: Any] = [
        "uuid": entry.id.rawValue.replacingOccurrences(of: "-", with: "").uppercased(),
        "creationDate": iso.string(from: entry.date.instant),
        "timeZone": zoneName(entry.date, journal: zone),
        "starred": front?.string("starred") == "true",
        "text": dayOneText(exportedText(entry.document.bytes) ?? entry.document.content, entryPhotos),
        "ilgiPath": entry.path.rawValue,
        "ilgiFile": String(decoding: entry.document.bytes, as: UTF8.self),
      ]
      if !entry.tags.isEmpty { item["tags"] = entry.tags }
      // Day One keeps neither; an app reading the export (and ilgi's import) finds them here.
      if let mood = entry.mood { item["mood"] = mood.value }
      if !entry.activities.isEmpty { item["activities"] = entry.activities }
      if !entryPhotos.isEmpty {
        item["photos"] = entryPhotos.enumerated().map { order, photo in
          ["identifier": photo.md5.uppercased(), "md5": photo.md5, "type": photo.type, "orderInEntry": order]
        }
      }
      var weather: [String: Any] = [:]
      if let text = entry.weather { weather["conditionsDescription"] = text }
      for (dayOne, key) in weatherKeys {
        if let number = front?.string(key).flatMap(Double.init) { weather[dayOne] = number }
      }
      if let code = front?.string("weather_code") { weather["weatherCode"] = code }
      if !weather.isEmpty { item["weather"] = weather }
      var location: [String: Any] = [:]
      if let place = front?.string("location") { location["placeName"] = place }
      if let latitude = front?.string("latitude").flatMap(Double.init) { location["latitude"] = latitude }
      if let longitude = front?.string("longitude").flatMap(Double.init) { location["longitude"] = longitude }
      if !location.isEmpty { item["location"] = location }
      items.append(item)
    }
    let export: [String: Any] = ["metadata": ["version": "1.0"], "entries": items]
    let data = try JSONSerialization.data(
      withJSONObject: export, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    // A byte-order mark is written as its escape: Foundation's reader on Linux drops one that
    // starts a string, and an entry's file may start with one.
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\u{FEFF}", with: "\\ufeff") + "\n"
  }

  /// `text` with each photo's links (`![](NAME)`) as Day One writes them:
  /// `![](dayone-moment://IDENTIFIER)`.
  static func dayOneText(_ text: String, _ photos: [Photo]) -> String {
    photos.reduce(text) { text, photo in
      text.replacingOccurrences(of: "](\(photo.linkedAs))", with: "](dayone-moment://\(photo.md5.uppercased()))")
    }
  }

  /// Zones tried in order for an offset the journal's own zone does not have then.
  static let commonZones = [
    "Asia/Seoul", "America/New_York", "Europe/London", "Europe/Berlin", "America/Chicago", "America/Denver",
    "America/Los_Angeles", "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo", "Australia/Sydney", "Europe/Moscow",
    "America/Sao_Paulo", "Asia/Dubai", "Asia/Bangkok", "Pacific/Auckland", "America/Anchorage", "Pacific/Honolulu",
    "Asia/Kathmandu", "Asia/Tehran", "Australia/Adelaide", "America/Halifax", "America/St_Johns", "Africa/Cairo",
  ]

  /// A zone name Day One knows for the entry's offset: the journal's zone when it has that
  /// offset then, else the first of `commonZones` that has it then, else a fixed `GMT+09:00`.
  static func zoneName(_ date: EntryDate, journal: TimeZone) -> String {
    if journal.secondsFromGMT(for: date.instant) == date.offset { return journal.identifier }
    // Else the zone most people with that offset then live in (Day One shows the name).
    for name in commonZones {
      if let zone = TimeZone(identifier: name), zone.secondsFromGMT(for: date.instant) == date.offset { return name }
    }
    let fixed = TimeZone(secondsFromGMT: date.offset) ?? .gmt
    return fixed.identifier
  }
}
