import Foundation
import IlgiFormat
import IlgiSystem
import IlgiTestSupport
import Testing

/// `ilgi import`: every format from fixtures written to its documented shape, the generated
/// corpus against its manifest, all-or-nothing bad input, and importing twice.
@Suite struct ImportTests {
  /// A file beside the journal (not inside it), for import to read.
  static func source(_ h: Harness, _ name: String, _ text: String) throws -> String {
    let path = h.journal.base + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every entry as `list --json` gives it, oldest first.
  static func listed(_ h: Harness) throws -> [[String: Any]] {
    let result = h.call("list", "--json", "--reverse")
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
  }

  static let jrnlJournal = """
    [2024-03-10 01:30] Night before the clocks change *
    A body over
    several lines, with a tag @travel inside and Unicode: 한글, café, ✓.

    Second paragraph. Mail me@example.com is no tag.

    @family @trip

    [2024-03-10 09:00] Two entries in one minute
    First of them.

    [2024-03-10 09:00] Another entry in the same minute
    Second of them.
    [2024-03-11 07:00] Only a title
    [2024-03-12 08:15] 봄 일기
    본문입니다. #inline 태그도 있습니다.

    """

  @Test func jrnlJournalEveryShape() throws {
    let h = try Harness()
    let file = try Self.source(h, "journal.txt", Self.jrnlJournal)
    let result = h.call("import", file, "--from", "jrnl")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Imported 5 entries (2024-03-10 to 2024-03-12), 4 tags.\n")
    let entries = try Self.listed(h)
    #expect(
      entries.map { $0["title"] as? String } == [
        "Night before the clocks change", "Another entry in the same minute", "Two entries in one minute",
        "Only a title", "봄 일기",
      ])
    #expect(
      entries.map { $0["date"] as? String } == [
        "2024-03-10T01:30:00+09:00", "2024-03-10T09:00:00+09:00", "2024-03-10T09:00:00+09:00",
        "2024-03-11T07:00:00+09:00", "2024-03-12T08:15:00+09:00",
      ])
    #expect(entries[0]["tags"] as? [String] == ["family", "trip", "travel"])
    #expect(entries[4]["tags"] as? [String] == ["inline"])
    let first = h.journal.text(entries[0]["path"] as! String) ?? ""
    #expect(first.contains("tags: [family, trip, travel]\nstarred: true\n---\n"))
    #expect(
      first.hasSuffix(
        """
        Night before the clocks change

        A body over
        several lines, with a tag @travel inside and Unicode: 한글, café, ✓.

        Second paragraph. Mail me@example.com is no tag.

        """))
    #expect(h.journal.text(entries[3]["path"] as! String)?.hasSuffix("---\nOnly a title\n") == true)
    #expect(entries[4]["path"] as? String == "2024/03/2024-03-12-0815-봄-일기.md")

    let again = h.call("import", file)
    #expect(again.status == 0)
    #expect(again.stdout == "Nothing new to import.\nSkipped 5 entries the journal has already.\n")
    #expect(try Self.listed(h).count == 5)
  }

  @Test func jrnlTimeFormatAndDaylightSaving() throws {
    var h = try Harness()
    h.environment["TZ"] = "America/New_York"
    let file = try Self.source(
      h, "j.txt",
      """
      [03 Nov 2024 01:30 AM] Before the fall-back hour
      One.
      [03 Nov 2024 01:30 AM] The same wall-clock time again
      Two.
      [10 Mar 2024 02:30 AM] A time the spring-forward night skipped
      Three.
      [10 Mar 2024 03:05 PM] Afternoon
      """)
    let result = h.call("import", file, "--from", "jrnl", "--time-format", "%d %b %Y %I:%M %p")
    #expect(result.status == 0, "\(result.stderr)")
    let dates = try Self.listed(h).map { $0["date"] as? String }
    #expect(
      dates == [
        "2024-03-10T03:30:00-04:00", "2024-03-10T15:05:00-04:00", "2024-11-03T01:30:00-04:00",
        "2024-11-03T01:30:00-04:00",
      ])
  }

  /// The README's own example: a jrnl journal in another `timeformat`, its format not named.
  /// `--time-format` is jrnl's, so the file is jrnl's text whatever its look; and a file that
  /// starts `[02 Jan` or `[Jan` is no JSON list (one starts `[{` or `[]`).
  @Test func aTimeFormatSaysTheFileIsJrnlsText() throws {
    let h = try Harness()
    let file = try Self.source(
      h, "journal.txt", "[02 Jan 2024 10:00 AM] Walk in the park.\nIt was cold.\n\n[03 Jan 2024 09:15 PM] Dinner\n")
    let result = h.call("import", file, "--time-format", "%d %b %Y %I:%M %p")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.listed(h).count == 2)
    let other = try Self.source(h, "other.txt", "[Jan 05 2024 08:00] Coffee\n")
    let named = h.call("import", other, "--time-format", "%b %d %Y %H:%M")
    #expect(named.status == 0, "\(named.stderr)")
    #expect(try Self.listed(h).count == 3)
  }

  @Test func jrnlFolderAndJSONExport() throws {
    let h = try Harness()
    _ = try Self.source(
      h, "folder/2025/01/05.txt", "[2025-01-05 08:00] Morning\nCoffee. @coffee\n\n[2025-01-05 21:00] Night\nSleep.\n")
    _ = try Self.source(h, "folder/2025/02/01.txt", "[2025-02-01 10:00] February\n")
    _ = try Self.source(h, "folder/notes.md", "not part of the journal")
    let folder = h.call("import", h.journal.base + "/folder")
    #expect(folder.status == 0, "\(folder.stderr)")
    #expect(folder.stdout.hasPrefix("Imported 3 entries (2025-01-05 to 2025-02-01), 1 tag."))

    let json = try Self.source(
      h, "export.json",
      """
      {"tags": {"@walk": 1, "#code": 1},
       "entries": [
        {"title": "Walk", "body": "Around the lake. #code is read by ilgi itself.\\n\\n@walk", "date": "2025-03-01",
         "time": "07:15", "tags": ["@walk", "#code"], "starred": true},
        {"title": "Morning", "body": "Coffee. @coffee", "date": "2025-01-05", "time": "08:00", "tags": ["@coffee"],
         "starred": false}
       ]}
      """)
    let result = h.call("import", json, "--from", "jrnl")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "Imported 1 entry (2025-03-01 to 2025-03-01), 2 tags.\nSkipped 1 entry the journal has already.\n")
    let walk = try Self.listed(h).first { $0["title"] as? String == "Walk" }
    #expect(walk?["tags"] as? [String] == ["walk", "code"])
    #expect(h.journal.text(walk?["path"] as? String ?? "")?.contains("tags: [walk]\nstarred: true\n") == true)
  }

  static let photoID = "5A1C0E2E6C1B4B6A9D3E2F1A0B9C8D7E"
  static let dayOne = """
    {"metadata": {"version": "1.0"}, "entries": [
      {"uuid": "0A96E7A5AACD432DA745AD8D6C794BFD", "creationDate": "2024-11-03T05:30:00Z",
       "timeZone": "America/New_York", "starred": true,
       "text": "# Central Park\\n\\nLeaves everywhere. ![](dayone-moment://\(photoID))",
       "tags": ["travel", "New York"],
       "weather": {"conditionsDescription": "Partly Cloudy", "temperatureCelsius": 12.5, "relativeHumidity": 80,
                   "weatherCode": "partly-cloudy-day", "weatherServiceName": "HAMweather"},
       "location": {"placeName": "Central Park", "localityName": "New York", "country": "United States",
                    "latitude": 40.78, "longitude": -73.96},
       "photos": [{"identifier": "\(photoID)", "md5": "d41d8cd98f00b204e9800998ecf8427e", "type": "jpeg"}]},
      {"uuid": "11111111222233334444555555555555", "creationDate": "2024-11-04T00:00:00Z",
       "text": "No time zone here\\n\\nRead in the journal's zone."},
      {"uuid": "22222222222233334444555555555555", "creationDate": "2024-11-05T00:00:00Z", "text": ""}
    ]}
    """

  /// A photo's place is removed on every path it comes in by, as `attach` removes it: a Day
  /// One photo imported keeps no GPS position, a site exported never carries one (even of a
  /// photo copied in by hand), and `doctor` names a picture in the journal that still has one.
  @Test func aPhotosPlaceIsRemovedOnImportAndNeverPublished() throws {
    let h = try Harness()
    let folder = h.journal.base + "/export"
    _ = try Self.source(h, "export/Journal.json", Self.dayOne)
    try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
    try Data(AttachTests.phoneJPEG).write(
      to: URL(fileURLWithPath: folder + "/photos/d41d8cd98f00b204e9800998ecf8427e.jpeg"))
    let zipped = try ChildProcess.run(
      ["python3", "-m", "zipfile", "-c", h.journal.base + "/Export.zip", "Journal.json", "photos"], directory: folder)
    #expect(zipped.status == 0, "\(zipped.stderr)")
    try h.run("import", h.journal.base + "/Export.zip").expectSuccess()
    let imported = try #require(h.journal.bytes("2024/11/d41d8cd98f00b204e9800998ecf8427e.jpeg"))
    #expect(!AttachTests.contains(imported, AttachTests.latitude), "the imported photo kept its position")
    #expect(AttachTests.scan(imported) == AttachTests.scan(AttachTests.phoneJPEG), "the pixels are the same bytes")
    #expect(try h.run("doctor").stdout.contains("GPS") == false)

    // A photo copied in by hand keeps its place in the journal, is named by doctor, and is
    // published without it.
    try h.journal.write("2024/11/by-hand.jpeg", AttachTests.phoneJPEG)
    try h.journal.write(
      "2024/11/by-hand.md",
      entry("BBBB0001-0000-4000-8000-000000000001", "2024-11-06T09:00:00+09:00", "By hand", body: "![](by-hand.jpeg)"))
    let doctor = try h.run("doctor")
    #expect(
      doctor.status == 1 && doctor.stdout.contains("2024/11/by-hand.jpeg: says where it was taken"), "\(doctor.stdout)")
    let out = h.journal.base + "/site"
    try h.run("export", "html", "--out", out).expectSuccess()
    for name in try FileManager.default.subpathsOfDirectory(atPath: out)
    where name.hasSuffix(".jpeg") || name.hasSuffix(".jpg") {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)))
      #expect(!AttachTests.contains(bytes, AttachTests.latitude), "\(name) carries a position")
    }
    #expect(FileManager.default.fileExists(atPath: out + "/entries/2024/11/by-hand.jpeg"))
  }

  @Test func dayOnePhotosImportedIntoAnEncryptedJournalAreSealed() throws {
    let h = try EncryptionTests.encrypted()
    let folder = h.journal.base + "/export"
    _ = try Self.source(h, "export/Journal.json", Self.dayOne)
    try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
    let photo = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array("zebrapixel".utf8) + [0xFF, 0xD9])
    try photo.write(to: URL(fileURLWithPath: folder + "/photos/d41d8cd98f00b204e9800998ecf8427e.jpeg"))
    let zipped = try ChildProcess.run(
      ["python3", "-m", "zipfile", "-c", h.journal.base + "/Export.zip", "Journal.json", "photos"], directory: folder)
    #expect(zipped.status == 0, "\(zipped.stderr)")
    try FileManager.default.removeItem(atPath: folder)

    try h.run("import", h.journal.base + "/Export.zip").expectSuccess()
    let sealed = h.journal.root + "/2024/11/d41d8cd98f00b204e9800998ecf8427e.jpeg.age"
    #expect(!FileManager.default.fileExists(atPath: h.journal.root + "/2024/11/d41d8cd98f00b204e9800998ecf8427e.jpeg"))
    #expect(EncryptionTests.filesHolding("zebrapixel", under: h.journal.root).isEmpty)
    let opened = try ChildProcess.run(
      [try TestTools.age, "-d", "-i", EncryptionTests.identityFile(h), "-o", h.journal.base + "/photo.jpeg", sealed])
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(FileManager.default.contents(atPath: h.journal.base + "/photo.jpeg") == photo)

    // The photo is converted with its entry: re-sealed without a removed key, opened by decrypt.
    let (second, recipient) = try EncryptionTests.secondKey(h)
    try h.run("key", "add", recipient).expectSuccess()
    #expect(try EncryptionTests.ageDecrypt(sealed, identity: second).status == 0)
    try h.run("key", "remove", recipient).expectSuccess()
    #expect(try EncryptionTests.ageDecrypt(sealed, identity: second).status != 0)
    try h.run("decrypt").expectSuccess()
    #expect(!FileManager.default.fileExists(atPath: sealed))
    #expect(h.journal.bytes("2024/11/d41d8cd98f00b204e9800998ecf8427e.jpeg") == Array(photo))
    try h.run("encrypt").expectSuccess()
    #expect(FileManager.default.fileExists(atPath: sealed))
    #expect(EncryptionTests.filesHolding("zebrapixel", under: h.journal.root).isEmpty)
  }

  @Test func dayOneZipWithPhotos() throws {
    let h = try Harness()
    let folder = h.journal.base + "/export"
    _ = try Self.source(h, "export/Journal.json", Self.dayOne)
    try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
    let photo = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9])
    try photo.write(to: URL(fileURLWithPath: folder + "/photos/d41d8cd98f00b204e9800998ecf8427e.jpeg"))
    let zipped = try ChildProcess.run(
      ["python3", "-m", "zipfile", "-c", h.journal.base + "/Export.zip", "Journal.json", "photos"], directory: folder)
    #expect(zipped.status == 0, "\(zipped.stderr)")
    try FileManager.default.removeItem(atPath: folder)

    let result = h.call("import", h.journal.base + "/Export.zip")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Imported 2 entries (2024-11-03 to 2024-11-04), 2 tags.\nSkipped 1 empty entry.\n")
    let entries = try Self.listed(h)
    #expect(
      entries.map { $0["id"] as? String } == [
        "0A96E7A5-AACD-432D-A745-AD8D6C794BFD", "11111111-2222-3333-4444-555555555555",
      ])
    #expect(entries.map { $0["date"] as? String } == ["2024-11-03T01:30:00-04:00", "2024-11-04T09:00:00+09:00"])
    #expect(entries[0]["weather"] as? String == "Partly Cloudy")
    let path = entries[0]["path"] as! String
    #expect(path == "2024/11/2024-11-03-0130-central-park.md")
    #expect(
      h.journal.text(path) == """
        ---
        id: 0A96E7A5-AACD-432D-A745-AD8D6C794BFD
        date: 2024-11-03T01:30:00-04:00
        weather: Partly Cloudy
        tags: [travel, New York]
        starred: true
        temperature: 12.5
        humidity: 80
        weather_code: partly-cloudy-day
        location: Central Park, New York, United States
        latitude: 40.78
        longitude: -73.96
        ---
        # Central Park

        Leaves everywhere. ![](d41d8cd98f00b204e9800998ecf8427e.jpeg)

        """)
    #expect(h.journal.bytes("2024/11/d41d8cd98f00b204e9800998ecf8427e.jpeg") == Array(photo))
    let html = h.call("show", path, "--html")
    #expect(html.stdout.contains("<img src=\"d41d8cd98f00b204e9800998ecf8427e.jpeg\""))
    // Where it was written is shown beside its date in the terminal and on the site.
    let shown = h.call("show", path)
    #expect(shown.stdout.contains("Partly Cloudy · Central Park, New York, United States"), "\(shown.stdout)")
    let site = h.journal.base + "/site"
    #expect(h.call("export", "html", "--out", site).status == 0)
    let page = try String(contentsOfFile: site + "/entries/" + path.dropLast(3) + ".html", encoding: .utf8)
    #expect(page.contains(">Central Park, New York, United States</span>"), "\(page)")

    let again = h.call("import", h.journal.base + "/Export.zip")
    #expect(
      again.stdout == "Nothing new to import.\nSkipped 2 entries the journal has already.\nSkipped 1 empty entry.\n")
    #expect(h.journal.entryFiles().count == 2)
  }

  @Test func sampleJSON() throws {
    let h = try Harness()
    let file = try Self.source(
      h, "sample.json",
      """
      [{"title": "첫 일기", "body": "오늘은 맑음.\\n둘째 줄.", "created_at": 1700000000},
       {"title": "Same second", "body": "", "created_at": 1700000000},
       {"title": "Same second", "body": "", "created_at": 1700000000}]
      """)
    let result = h.call("import", file)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "Imported 2 entries (2023-11-15 to 2023-11-15), 0 tags.\nSkipped 1 entry the journal has already.\n")
    let entries = try Self.listed(h)
    #expect(entries.map { $0["date"] as? String } == ["2023-11-15T07:13:20+09:00", "2023-11-15T07:13:20+09:00"])
    let korean = entries.first { $0["title"] as? String == "첫 일기" }
    #expect(h.journal.text(korean?["path"] as? String ?? "")?.hasSuffix("---\n첫 일기\n\n오늘은 맑음.\n둘째 줄.\n") == true)
  }

  @Test func dryRunWritesNothing() throws {
    let h = try Harness()
    let file = try Self.source(h, "journal.txt", Self.jrnlJournal)
    let before = h.journal.snapshot()
    let result = h.call("import", file, "--dry-run")
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 5)
    #expect(
      result.stdout.hasPrefix(
        "2024/03/2024-03-10-0130-night-before-the-clocks-change.md  2024-03-10T01:30:00+09:00  Night before the clocks change\n"
      ))
    #expect(result.stderr == "Would import 5 entries (2024-03-10 to 2024-03-12), 4 tags.\n")
    #expect(h.journal.snapshot() == before)
  }

  /// Each bad input: one line naming the file and line (or JSON path), its exit status, and
  /// nothing on disk changed, even when good entries came before the bad one.
  @Test(arguments: [
    (
      "j.txt", "Some words\n[2024-01-01 10:00] Title\n", ["--from", "jrnl"],
      "ilgi: cannot import j.txt:1: text before the first [date] line; a jrnl journal starts with one; nothing was imported\n",
      65
    ),
    (
      "j.txt", "[2024-01-01 10:00] Good\nBody\n[2024-13-45 10:00] Bad month\n", ["--from", "jrnl"],
      "ilgi: cannot import j.txt:3: [2024-13-45 10:00] is no date in the time format %Y-%m-%d %H:%M; fix it, or give the journal's format with --time-format; nothing was imported\n",
      65
    ),
    (
      "j.txt", "\n\n", ["--from", "jrnl"],
      "ilgi: cannot import j.txt: no entries in it (a jrnl entry starts with a line like [2026-11-21 09:30] Title); nothing was imported\n",
      65
    ),
    (
      "j.txt", "[2024-01-01 10:00] Good\n", ["--from", "jrnl", "--time-format", "%Q"],
      "ilgi: cannot import --time-format: %Q is not a time format ilgi reads: use strftime codes (%Y %m %d %H %M %S %I %p %b %B %a %A %y %e %j) with a year, month and day; nothing was imported\n",
      64
    ),
    (
      "d.json",
      #"{"entries": [{"uuid": "0A96E7A5AACD432DA745AD8D6C794BFD", "creationDate": "2024-01-01T00:00:00Z"}, {"uuid": "0A96E7A5AACD432DA745AD8D6C794BFE"}]}"#,
      ["--from", "dayone"],
      "ilgi: cannot import d.json entries[1].creationDate: creationDate is missing; nothing was imported\n", 65
    ),
    (
      "d.json",
      #"{"entries": [{"uuid": "0A96E7A5AACD432DA745AD8D6C794BFD", "creationDate": "2024-01-01T00:00:00Z", "timeZone": "Mars/Olympus"}]}"#,
      ["--from", "dayone"],
      "ilgi: cannot import d.json entries[0].timeZone: Mars/Olympus is not a time zone ilgi knows; nothing was imported\n",
      65
    ),
    (
      "d.json", #"{"entries": [{"uuid": "not-a-uuid", "creationDate": "2024-01-01T00:00:00Z"}]}"#,
      ["--from", "dayone"],
      "ilgi: cannot import d.json entries[0].uuid: not-a-uuid is not a UUID; nothing was imported\n", 65
    ),
    (
      "d.json",
      #"{"entries": [{"uuid": "0A96E7A5AACD432DA745AD8D6C794BFD", "creationDate": "2024-01-01T00:00:00Z", "text": "x", "photos": [{"identifier": "P", "md5": "abc", "type": "jpeg"}]}]}"#,
      ["--from", "dayone"],
      "ilgi: cannot import d.json entries[0].photos[0]: photos/abc.jpeg is not in the export; import the whole export .zip; nothing was imported\n",
      65
    ),
    (
      "d.json", "{\"entries\": [\n  {\"uuid\": }\n]}", ["--from", "dayone"],
      "ilgi: cannot import d.json: not valid JSON (line 2); nothing was imported\n", 65
    ),
    (
      "s.json",
      #"[{"title": "A", "body": "B", "created_at": 1700000000}, {"title": "C", "body": "D", "created_at": "yesterday"}]"#,
      ["--from", "json"], "ilgi: cannot import s.json [1].created_at: expected number here; nothing was imported\n", 65
    ),
    (
      "s.json", #"{"title": "A"}"#, ["--from", "json"],
      "ilgi: cannot import s.json: expected array here; nothing was imported\n", 65
    ),
    ("e.zip", "this is no zip", ["--from", "dayone"], "", 65),
    (
      "j.txt", "[2024-01-01 10:00] Good\n", ["--from", "jrnl-folder"],
      "ilgi: cannot import j.txt: is a file; jrnl-folder wants the journal's folder; nothing was imported\n", 65
    ),
    (
      "u.json", #"{"notes": [{"text": "neither jrnl's nor Day One's"}]}"#, [],
      "ilgi: cannot tell what u.json is; say --from jrnl, jrnl-folder, dayone or json\n", 64
    ),
    (
      "j.txt", "[2024-01-01 10:00] Good\n", ["--from", "dayone-json"],
      "Error: dayone-json is not an import format; use jrnl, jrnl-folder, dayone or json\n", 64
    ),
  ])
  func badInput(name: String, content: String, options: [String], message: String, status: Int32) throws {
    let h = try Harness(["kept.md": entry("600D0000-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "Kept")])
    let file = try Self.source(h, name, content)
    let before = h.journal.snapshot()
    let result = try IlgiProcess.run(
      ["import", file] + options, environment: h.environment.merging(["PWD": h.journal.base]) { $1 })
    #expect(result.status == status, "\(name): \(result.stderr)")
    let shown = result.stderr.replacingOccurrences(of: h.journal.base + "/", with: "")
    if message.isEmpty {
      #expect(shown.hasPrefix("ilgi: cannot import e.zip: not a zip ilgi can read ("), "\(shown)")
      #expect(shown.hasSuffix("); nothing was imported\n"))
    } else {
      #expect(shown.hasPrefix(message), "\(shown)")
    }
    #expect(shown.split(separator: "\n").count == (message.hasPrefix("Error:") ? 3 : 1))
    #expect(h.journal.snapshot() == before)
  }

  @Test func missingFile() throws {
    let h = try Harness()
    let result = h.call("import", h.journal.base + "/nothing.txt", "--from", "jrnl")
    #expect(result.status == 66)
    #expect(
      result.stderr
        == "ilgi: cannot import \(h.journal.base)/nothing.txt: no such file or folder; nothing was imported\n")
  }

  /// The generated corpus in each import form gives the manifest's entries, days and tags,
  /// and a second import adds nothing.
  @Test(arguments: ["jrnl", "jrnl-folder", "dayone-json", "sample-json"])
  func generatedCorpus(format: String) throws {
    let corpus = try GeneratedCorpus.make(entries: 120, seed: 11, format: format)
    let h = try Harness()
    let result = h.call("import", corpus.journal)
    #expect(result.status == 0, "\(result.stderr)")
    let entries = try Self.listed(h)
    #expect(entries.count == corpus.manifest.entries)
    var perYear: [String: Int] = [:]
    var perDay: [String: Int] = [:]
    for entry in entries {
      let date = entry["date"] as? String ?? ""
      perYear[String(date.prefix(4)), default: 0] += 1
      perDay[String(date.prefix(10)), default: 0] += 1
    }
    #expect(perYear == corpus.manifest.perYear)
    if format != "sample-json" {  // its instants fall on the journal zone's days, not the writer's
      for (day, count) in corpus.manifest.sampleDays { #expect(perDay[day] == count, "\(day)") }
    }
    for latest in corpus.manifest.latest {
      // jrnl keeps wall-clock time only, the sample JSON the instant only; Day One both, and ids.
      let found = entries.contains { entry in
        let date = entry["date"] as? String ?? ""
        guard entry["title"] as? String == latest.title else { return false }
        switch format {
        case "dayone-json": return date == latest.date && entry["id"] as? String == latest.id
        case "sample-json":
          return DateParser(timeZone: .current).parse(date)?.instant
            == DateParser(timeZone: .current).parse(latest.date)?.instant
        default: return date.prefix(16) == latest.date.prefix(16)
        }
      }
      #expect(found, "\(latest.title) at \(latest.date)")
    }
    if format != "sample-json" {
      var perTag: [String: Int] = [:]
      for entry in entries { for tag in entry["tags"] as? [String] ?? [] { perTag[tag, default: 0] += 1 } }
      #expect(perTag == corpus.manifest.perTag)
    }
    if format == "dayone-json" {
      var perWeather: [String: Int] = [:]
      for entry in entries { if let weather = entry["weather"] as? String { perWeather[weather, default: 0] += 1 } }
      #expect(perWeather == corpus.manifest.perWeather)
    }
    let again = h.call("import", corpus.journal)
    #expect(
      again.stdout == "Nothing new to import.\nSkipped \(corpus.manifest.entries) entries the journal has already.\n")
    #expect(h.journal.entryFiles().count == corpus.manifest.entries)
  }
}
