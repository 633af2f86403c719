import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem
import IlgiTestSupport
import Testing

/// `ilgi attach` and `ilgi new --attach` through the built binary, with the real libvips: files
/// kept beside the entry by content, linked at its end, a photo's position taken out with its
/// pixels untouched, sealed in an encrypted journal, moved with the entry to the trash and back,
/// and every bad file refused with one line and nothing written.
@Suite struct AttachTests {
  static let walk = entry(
    "0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D", "2026-11-21T09:30:00+09:00", "A walk", body: "By the river.")

  /// A 16 × 8 baseline JPEG made by libvips (`vips black b.jpg[strip] 16 8`).
  static let plainJPEG = Array(
    Data(
      base64Encoded:
        "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/wAALCAAIABABAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AOf/AP/Z"
    ) ?? Data())

  /// The latitude the test photo carries.
  static let latitude = PhoneEXIF.latitude

  /// `plainJPEG` as a phone writes it: orientation 6 (stored sideways) and a GPS position.
  static var phoneJPEG: [UInt8] { PhoneEXIF.inJPEG(plainJPEG) }

  /// The compressed pixels: from the start of scan to the end.
  static func scan(_ jpeg: [UInt8]) -> [UInt8] {
    for k in 0..<jpeg.count - 1 where jpeg[k] == 0xFF && jpeg[k + 1] == 0xDA { return Array(jpeg[k...]) }
    return []
  }

  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool { PhoneEXIF.contains(haystack, needle) }

  func write(_ h: Harness, _ name: String, _ bytes: [UInt8]) throws -> String {
    let path = h.journal.base + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A recording (a browser's WebM, an M4A, a WAV) is kept by its content and linked by its
  /// name; `show` gives its kind and length, in the terminal, in JSON and as a player in HTML;
  /// sealed in an encrypted journal; a file named as a recording that holds none is refused.
  @Test func aRecordingIsKeptWithItsKindAndLength() throws {
    let h = try Harness([
      "2026/11/2026-11-21-0930-a-walk.md": Self.walk
    ])
    let audio = TestTools.repository + "/Tests/IlgiCoreTests/Audio/"
    let copy = try write(h, "Harbour wind.webm", Array(try Data(contentsOf: URL(fileURLWithPath: audio + "tone.webm"))))
    let kept = try h.run("attach", "last", copy)
    #expect(kept.status == 0, "\(kept.stderr)")
    let text = try #require(h.journal.text("2026/11/2026-11-21-0930-a-walk.md"))
    let name = try #require(text.firstMatch(of: /\[Harbour wind\]\(([0-9a-f]{32}\.webm)\)/)?.1)
    #expect(h.journal.bytes("2026/11/" + name)?.count == 4563)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try h.run("show", "last", "--json").stdout.utf8)) as? [String: Any])
    let file = try #require((json["attachments"] as? [[String: Any]])?.first)
    #expect(file["mediaType"] as? String == "audio/webm" && file["duration"] as? Double == 1.9, "\(file)")
    #expect(try h.run("show", "last", "--no-pager").stdout.contains("  2026/11/\(name)  4 KB  0:02\n"))
    #expect(
      try h.run("show", "last", "--html").stdout.contains(
        "<figure class=\"voice\"><audio controls preload=\"metadata\" src=\"\(name)\"></audio><figcaption><a href=\"\(name)\">Harbour wind</a></figcaption></figure>"
      ))
    for fixture in ["tone.m4a", "tone.wav"] {
      let path = try write(h, fixture, Array(try Data(contentsOf: URL(fileURLWithPath: audio + fixture))))
      #expect(try h.run("attach", "last", path).status == 0)
    }
    let listed = try h.run("show", "last", "--no-pager").stdout
    #expect(listed.components(separatedBy: "  0:02\n").count == 4, "\(listed)")
    let before = h.journal.snapshot()
    let fake = try write(h, "note.mp3", Array("not a recording".utf8))
    let refused = try h.run("attach", "last", fake)
    #expect(refused.status == 65)
    #expect(
      refused.stderr.hasSuffix(
        "note.mp3: its name says audio/mpeg but it holds no recording; rename it to what it is\n"), "\(refused.stderr)")
    #expect(h.journal.snapshot() == before)
    try h.run("key", "new").expectSuccess()
    try h.run("encrypt").expectSuccess()
    #expect(h.journal.bytes("2026/11/" + name) == nil && h.journal.bytes("2026/11/" + name + ".age") != nil)
    let sealed = try #require(
      try JSONSerialization.jsonObject(with: Data(try h.run("show", "last", "--json").stdout.utf8)) as? [String: Any])
    #expect((sealed["attachments"] as? [[String: Any]])?.contains { $0["duration"] as? Double == 1.9 } == true)
  }

  @Test func aPhoneJPEGIsKeptBesideTheEntryWithoutItsPositionAndShownUpright() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    let photo = try write(h, "IMG_0001.JPG", Self.phoneJPEG)
    let result = try h.run("attach", "0f8b", photo)
    #expect(result.status == 0, "\(result.stderr)")
    let stored = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".jpeg") })
    #expect(stored.hasPrefix("2026/11/") && stored.count == "2026/11/".count + 32 + ".jpeg".count)
    #expect(result.stdout == "\(photo) → \(stored)\n")
    let bytes = try #require(h.journal.bytes(stored))
    #expect(!Self.contains(bytes, Self.latitude), "the position is gone")
    #expect(Self.scan(bytes) == Self.scan(Self.phoneJPEG), "the pixels are the same bytes")
    #expect(bytes.count == Self.phoneJPEG.count, "nothing re-encoded")
    #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == Data(Self.phoneJPEG), "the original is untouched")
    let name = String(stored.dropFirst("2026/11/".count))
    #expect(h.journal.text("2026/11/walk.md") == Self.walk + "\n![](\(name))\n")

    // The entry lists it, upright: stored 16 wide, shown 8 wide and 16 tall.
    let json = try h.run("show", "--json", "0f8b")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let attachments = try #require(object["attachments"] as? [[String: Any]])
    #expect(attachments.count == 1)
    #expect(attachments.first?["path"] as? String == stored)
    #expect(attachments.first?["mediaType"] as? String == "image/jpeg")
    #expect(attachments.first?["bytes"] as? Int == bytes.count)
    #expect(attachments.first?["width"] as? Int == 8)
    #expect(attachments.first?["height"] as? Int == 16)
    let shown = try h.run("show", "0f8b", env: ["PAGER": "cat"])
    #expect(shown.stdout.contains("Files:\n  \(stored)  \(bytes.count) B  8×16\n"), "\(shown.stdout)")

    // The same photo again: one file, one link.
    #expect(try h.run("attach", "0f8b", photo).status == 0)
    #expect(h.journal.snapshot().keys.filter { $0.hasSuffix(".jpeg") }.count == 1)
    #expect(h.journal.text("2026/11/walk.md") == Self.walk + "\n![](\(name))\n")
  }

  /// A picture whose header claims more pixels than any photo (a JPEG of 65500 x 65500 in a
  /// few hundred bytes, a PNG bomb of 65535 x 65535) is refused from its header in one line, at
  /// once, and nothing is written; a site never tries to shrink one either.
  @Test func aPictureOfTooManyPixelsIsRefusedBeforeItIsDecoded() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    var jpeg = Self.plainJPEG
    let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
    for offset in [sof + 5, sof + 7] { (jpeg[offset], jpeg[offset + 1]) = (0xFF, 0xDC) }  // 65500 tall, 65500 wide
    let claimed = try write(h, "claimed.jpg", jpeg)
    let png = h.journal.base + "/bomb.png"
    let made = try ChildProcess.run([
      "python3", "-c",
      "import struct, sys, zlib\n"
        + "def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))\n"
        + "ihdr = struct.pack('>IIBBBBB', 65535, 65535, 1, 0, 0, 0, 0)\n"
        + "open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(bytes(8193 * 64))) + chunk(b'IEND', b''))",
      png,
    ])
    #expect(made.status == 0, "\(made.stderr)")
    let before = h.journal.snapshot()
    for (file, size) in [(claimed, "65500 x 65500"), (png, "65535 x 65535")] {
      let start = Date()
      let result = try h.run("attach", "last", file)
      #expect(result.status != 0)
      #expect(
        result.stderr.contains("it says it is \(size) pixels, more than the 250 million ilgi reads"), "\(result.stderr)"
      )
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(Date().timeIntervalSince(start) < 5, "\(file): \(Date().timeIntervalSince(start)) s")
    }
    #expect(h.journal.snapshot() == before)
  }

  /// A JPEG whose header claims more pixels than its data holds (one of 8 x 16 saying it is
  /// 400 x 400), or whose data is cut short: libjpeg goes on with a warning ("Premature end of
  /// JPEG file", "Corrupt JPEG data"), which ilgi takes as damage. Refused in one line, and
  /// nothing written.
  @Test func aJPEGWithLessDataThanItsHeaderSaysIsRefused() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    var claiming = Self.plainJPEG
    let sof = try #require((0..<claiming.count - 1).first { claiming[$0] == 0xFF && claiming[$0 + 1] == 0xC0 })
    for offset in [sof + 5, sof + 7] { (claiming[offset], claiming[offset + 1]) = (0x01, 0x90) }  // 400 x 400
    // A camera's photo cut in the middle of its data.
    let photo = try #require(FileManager.default.contents(atPath: TestTools.repository + "/Tests/Browser/photo.jpg"))
    let cut = Array(photo.prefix(photo.count / 2)) + [0xFF, 0xD9]
    let before = h.journal.snapshot()
    for (name, bytes) in [("claiming.jpg", claiming), ("cut.jpg", cut)] {
      let file = try write(h, name, bytes)
      let result = try h.run("attach", "last", file)
      #expect(result.status != 0, "\(name) was taken")
      #expect(result.stderr.contains(name) && result.stderr.contains("JPEG"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    #expect(h.journal.snapshot() == before)
    // A whole one is taken as before.
    #expect(try h.run("attach", "last", try write(h, "whole.jpg", Self.plainJPEG)).status == 0)
  }

  /// Every place a picture can say where it was, in every format ilgi takes, written by
  /// exiftool into pictures libvips made (EXIF's GPS block; XMP's GPS position and destination,
  /// city and country; a JPEG's drone position, EXIF destination and extended XMP), and then
  /// looked for by exiftool in the copy `ilgi attach` keeps: none is left, and exiftool reads
  /// every copy without a warning (a JPEG's extended XMP still joined to its packet).
  @Test func exiftoolFindsNoPlaceInAStoredPictureOfAnyFormat() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    let folder = h.journal.base + "/pictures"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let blank = folder + "/blank.png"
    #expect(try ChildProcess.run(["vips", "black", blank, "32", "32"]).status == 0)
    try String(repeating: "A long caption. ", count: 5_000).write(
      toFile: folder + "/long.txt", atomically: true, encoding: .utf8)
    let everywhere = [
      "-GPSLatitude=37.5665", "-GPSLatitudeRef=N", "-GPSLongitude=126.978", "-GPSLongitudeRef=E",
      "-XMP-exif:GPSLatitude=37.5665", "-XMP-exif:GPSLongitude=126.978", "-XMP-exif:GPSDestLatitude=37.5",
      "-XMP-photoshop:City=Seoul", "-XMP-photoshop:Country=Korea",
    ]
    let jpegOnly = [
      "-XMP-drone-dji:GpsLatitude=37.5665", "-XMP-drone-dji:GpsLongitude=126.978", "-GPSDestLatitude=37.5",
      "-GPSDestLongitude=126.9", "-XMP-dc:Description<=" + folder + "/long.txt",
    ]
    func places(_ file: String) throws -> (places: [String: String], warnings: [String]) {
      let read = try ChildProcess.run(["exiftool", "-a", "-n", "-G1", "-gps:all", "-xmp:all", "-json", file])
      #expect(read.status == 0, "exiftool: \(read.stderr)")
      let objects = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]]
      let tags = objects?.first ?? [:]
      let named = tags.filter { key, _ in
        ["GPS", "Gps", "City", "Country"].contains { key.split(separator: ":").last?.contains($0) == true }
      }
      return (
        named.mapValues { "\($0)".trimmingCharacters(in: .whitespaces) },
        tags.filter { $0.key.hasSuffix("Warning") }.map { "\($0.value)" }
      )
    }
    for kind in ["jpg", "png", "webp", "gif", "heic", "avif"] {
      let file = folder + "/photo." + kind
      #expect(try ChildProcess.run(["vips", "copy", blank, file]).status == 0, "\(kind)")
      let written = try ChildProcess.run(
        ["exiftool", "-q", "-q", "-overwrite_original"] + everywhere + (kind == "jpg" ? jpegOnly : []) + [file])
      #expect(written.status == 0, "\(kind): \(written.stderr)")
      let before = try places(file)
      #expect(before.places.values.contains { $0.contains("37") }, "\(kind) says no place to begin with: \(before)")
      #expect(before.places.values.contains("Seoul"), "\(kind): \(before)")
      let attached = try h.run("attach", "last", file)
      #expect(attached.status == 0, "\(kind): \(attached.stderr)")
      let stored = try #require(attached.stdout.components(separatedBy: " → ").last?.trimmingCharacters(in: .newlines))
      let after = try places(h.journal.root + "/" + stored)
      #expect(after.places.values.allSatisfy { $0.isEmpty }, "\(kind): \(stored) still says \(after.places)")
      #expect(after.warnings.isEmpty, "\(kind): exiftool warns of \(stored): \(after.warnings)")
    }
  }

  @Test func keepLocationKeepsThePhotoAsItIs() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    let photo = try write(h, "IMG_0001.jpg", Self.phoneJPEG)
    #expect(try h.run("config", "set", "attachments.keep_location", "true").status == 0)
    #expect(try h.run("attach", "last", photo).status == 0)
    let stored = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".jpeg") })
    #expect(h.journal.bytes(stored) == Self.phoneJPEG)
  }

  @Test func newWithAttachMakesOneEntryLinkingItsFiles() throws {
    let h = try Harness()
    let photo = try write(h, "river.jpg", Self.plainJPEG)
    let notes = try write(h, "notes [draft].txt", Array("some notes\n".utf8))
    let made = try h.run("new", "--no-weather", "--attach", photo, "--attach", notes, "By the river")
    #expect(made.status == 0, "\(made.stderr)")
    let path = made.stdout.split(separator: "\n").first.map(String.init) ?? ""
    let files = h.journal.snapshot().keys.filter { $0.hasSuffix(".jpeg") || $0.hasSuffix(".txt") }.sorted()
    #expect(files.count == 2, "\(files)")
    let text = try #require(h.journal.text(path))
    let jpeg = try #require(files.first { $0.hasSuffix(".jpeg") }).split(separator: "/").last ?? ""
    let txt = try #require(files.first { $0.hasSuffix(".txt") }).split(separator: "/").last ?? ""
    #expect(text.hasSuffix("By the river\n\n![](\(jpeg))\n[notes \\[draft\\].txt](\(txt))\n"), "\(text)")
  }

  /// A file with no extension, or one an entry or a sealed file has, is kept as `.bin`: the
  /// journal's walk never reads it as an entry, and it stays the entry's attachment.
  @Test func aFileNamedLikeAnEntryOrASealedFileIsKeptAsBin() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    for name in ["README", "other.md", "key.age"] {
      let result = try h.run("attach", "last", try write(h, name, Array("\(name) inside\n".utf8)))
      #expect(result.status == 0, "\(result.stderr)")
    }
    let kept = h.journal.snapshot().keys.filter { $0.hasPrefix("2026/11/") && $0 != "2026/11/walk.md" }
    #expect(kept.count == 3 && kept.allSatisfy { $0.hasSuffix(".bin") }, "\(kept)")
    let list = try h.run("list", "--json")
    #expect(list.status == 0)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    #expect(rows.count == 1, "still one entry")
    #expect((rows.first?["attachments"] as? [[String: Any]])?.count == 3)
    let doctor = try h.run("doctor")
    let said = doctor.stdout + doctor.stderr
    #expect(!said.contains("linked by no entry") && !said.contains("not beside it"), "\(said)")
  }

  /// The site shows a photo as a small square in the lists and as a page-sized copy linking the
  /// original in the entry's page and its year's book; a PNG is shown as it is.
  @Test func theSiteShowsSmallCopiesInListsAndPageCopiesInPages() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    #expect(try h.run("attach", "last", try write(h, "IMG_1.jpg", Self.phoneJPEG)).status == 0)
    let stored = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".jpeg") })
    let name = String(stored.dropFirst("2026/11/".count))
    let out = h.journal.base + "/site"
    let export = try h.run("export", "html", "--out", out)
    #expect(export.status == 0, "\(export.stderr)")
    func file(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: out + "/" + path).map(Array.init) }
    #expect(file("entries/" + stored) == h.journal.bytes(stored), "the original as it is")
    let small = try #require(file("entries/2026/11/small/\(name).jpg"))
    #expect(try PictureDecoder.decode(small) == PictureSize(width: 8, height: 16), "upright")
    #expect(!Self.contains(small, Self.latitude))
    #expect(try PictureDecoder.decode(try #require(file("entries/2026/11/page/\(name).jpg"))).height == 16)
    let index = String(decoding: try #require(file("index.html")), as: UTF8.self)
    #expect(index.contains("<img class=\"entry-picture\" src=\"entries/2026/11/small/\(name).jpg\""), "\(index)")
    let page = try #require(
      try FileManager.default.contentsOfDirectory(atPath: out + "/entries/2026/11").first { $0.hasSuffix(".html") })
    let entry = String(decoding: try #require(file("entries/2026/11/" + page)), as: UTF8.self)
    #expect(
      entry.contains("<a class=\"picture\" href=\"\(name)\"><img loading=\"lazy\" src=\"page/\(name).jpg\""), "\(entry)"
    )
    let book = String(decoding: try #require(file("archive/2026.html")), as: UTF8.self)
    #expect(book.contains("src=\"../entries/2026/11/page/\(name).jpg\""), "\(book)")
  }

  @Test func resumeRefusesFilesItWouldNotAttach() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    let photo = try write(h, "river.jpg", Self.plainJPEG)
    let before = h.journal.snapshot()
    let result = try h.run("new", "--resume", "--attach", photo)
    #expect(result.status != 0)
    #expect(
      result.stderr.contains("--resume saves the draft as it was left and cannot attach `\(photo)`"), "\(result.stderr)"
    )
    #expect(h.journal.snapshot() == before)
  }

  /// A picture of another kind than its name says (a JPEG named `.png`, a PNG named `.jpg`, as
  /// phones and chat apps make them) is kept as what it holds, under that kind's extension, and
  /// one line says so.
  @Test func aPictureNamedAsAnotherKindIsKeptAsWhatItHolds() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    let path = try write(h, "photo.png", Self.plainJPEG)
    let result = try h.run("attach", "last", path)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      lines.first?.contains("photo.png: its name says image/png but it holds image/jpeg; kept as what it holds, ")
        == true)
    #expect(lines.first?.hasSuffix(".jpeg") == true, "\(result.stderr)")
    let kept = h.journal.snapshot().keys.filter { $0.hasPrefix("2026/11/") && $0.hasSuffix(".jpeg") }
    #expect(kept.count == 1)
    #expect(
      h.journal.text("2026/11/walk.md")?.contains("![](" + (kept.first?.split(separator: "/").last ?? "") + ")") == true
    )
    // Refused with another file, nothing is kept and nothing says it was.
    let before = h.journal.snapshot()
    let refused = try h.run(
      "attach", "last", try write(h, "again.png", Self.plainJPEG), try write(h, "fake.jpg", [1, 2]))
    #expect(refused.status == 65)
    #expect(!refused.stderr.contains("kept as"), "\(refused.stderr)")
    #expect(h.journal.snapshot() == before)
  }

  @Test func badFilesAreRefusedWithOneLineAndNothingWritten() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    let cases: [(name: String, bytes: [UInt8]?, status: Int32, message: String)] = [
      ("fake.jpg", Array("not a picture\n".utf8), 65, "fake.jpg: its name says image/jpeg but it holds no picture"),
      ("cut.jpg", Array(Self.plainJPEG.prefix(200)), 65, "cut.jpg: the picture cannot be read"),
      ("empty.txt", [], 65, "empty.txt is empty"),
      ("missing.jpg", nil, 66, "missing.jpg: cannot read it (no such file or directory)"),
    ]
    for item in cases {
      let path = item.bytes == nil ? h.journal.base + "/" + item.name : try write(h, item.name, item.bytes ?? [])
      let before = h.journal.snapshot()
      let result = try h.run("attach", "last", path)
      #expect(result.status == item.status, "\(item.name)")
      #expect(result.stderr.contains(item.message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(h.journal.snapshot() == before, "\(item.name) changed the journal")
    }
    // Over the limit, and a folder; a good file named with a bad one keeps both out.
    #expect(try h.run("config", "set", "attachments.max_mb", "0.0001").status == 0)
    let before = h.journal.snapshot()
    let big = try h.run("attach", "last", try write(h, "big.jpg", Self.plainJPEG))
    #expect(big.status == 65)
    #expect(
      big.stderr.contains("big.jpg is 315 B, over the limit of 100 B; make it smaller or raise attachments.max_mb"))
    #expect(try h.run("config", "unset", "attachments.max_mb").status == 0)
    let folder = try h.run("attach", "last", h.journal.base)
    #expect(folder.status == 66)
    #expect(folder.stderr.contains("is not a file"))
    let mixed = try h.run("attach", "last", try write(h, "good.jpg", Self.plainJPEG), h.journal.base + "/fake.jpg")
    #expect(mixed.status == 65)
    #expect(
      h.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/config") }
        == before.filter { !$0.key.hasPrefix(".ilgi/config") })
  }

  @Test func deleteTakesTheEntrysOwnFilesToTheTrashAndRestoreBringsThemBack() throws {
    let other = entry("AAAA0000-0000-4000-8000-000000000000", "2026-11-22T09:30:00+09:00", "Another walk", body: "")
    let h = try Harness(["2026/11/walk.md": Self.walk, "2026/11/other.md": other])
    let shared = try write(h, "shared.jpg", Self.plainJPEG)
    let own = try write(h, "own.txt", Array("mine alone\n".utf8))
    #expect(try h.run("attach", "0f8b", shared, own).status == 0)
    #expect(try h.run("attach", "aaaa", shared).status == 0)
    let files = h.journal.snapshot().keys.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }
    let jpeg = try #require(files.first { $0.hasSuffix(".jpeg") })
    let txt = try #require(files.first { $0.hasSuffix(".txt") })

    #expect(try h.run("delete", "0f8b", "--yes").status == 0)
    let afterDelete = h.journal.snapshot().keys
    #expect(afterDelete.contains(jpeg), "another entry links it: it stays")
    #expect(!afterDelete.contains(txt))
    #expect(afterDelete.contains(".ilgi/trash/" + txt))

    #expect(try h.run("trash", "restore", "0f8b").status == 0)
    let afterRestore = h.journal.snapshot().keys
    #expect(afterRestore.contains(txt) && afterRestore.contains(jpeg))
    #expect(!afterRestore.contains(".ilgi/trash/" + txt))
  }

  /// `list --json` gives an entry's files; `doctor` names a link whose file is gone and a file
  /// named by its content that no entry links.
  @Test func listGivesTheFilesAndDoctorNamesMissingAndOrphanedOnes() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk, "2026/11/other.md": entry("B", "2026-11-22", "Other")])
    #expect(try h.run("attach", "0f8b", try write(h, "river.jpg", Self.plainJPEG)).status == 0)
    let stored = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".jpeg") })
    let listed = try h.run("list", "--json")
    #expect(listed.stdout.contains("\"path\" : \"\(stored)\""), "\(listed.stdout)")
    #expect(listed.stdout.components(separatedBy: "\"attachments\"").count == 2, "only the entry that has one")
    #expect(try h.run("doctor").status == 0)

    let name = String(stored.dropFirst("2026/11/".count))
    try FileManager.default.moveItem(atPath: h.journal.root + "/" + stored, toPath: h.journal.base + "/away.jpeg")
    let missing = try h.run("doctor")
    #expect(missing.status == 1)
    #expect(missing.stdout.contains("2026/11/walk.md links \(name), which is not beside it"), "\(missing.stdout)")

    try FileManager.default.moveItem(atPath: h.journal.base + "/away.jpeg", toPath: h.journal.root + "/" + stored)
    try h.journal.write("2026/11/0123456789abcdef0123456789abcdef.pdf", "%PDF-1.4\n")
    try h.journal.write("2026/11/holiday.jpg", "a photo of the person's own, linked by nothing")
    let orphan = try h.run("doctor")
    #expect(orphan.status == 1)
    #expect(
      orphan.stdout.contains("2026/11/0123456789abcdef0123456789abcdef.pdf is linked by no entry beside it"),
      "\(orphan.stdout)")
    #expect(!orphan.stdout.contains("holiday.jpg"), "a file of the person's own naming is theirs")
  }

  /// A Day One export to a `.zip` carries the photos as Day One keeps them (`photos/MD5.jpeg`,
  /// `dayone-moment://` links), and importing it makes the same entry and photo again.
  @Test func aDayOneZipCarriesThePhotosThereAndBack() throws {
    let h = try Harness(["2026/11/walk.md": Self.walk])
    #expect(try h.run("attach", "last", try write(h, "river.jpg", Self.plainJPEG)).status == 0)
    let stored = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".jpeg") })
    let name = String(stored.dropFirst("2026/11/".count))
    let md5 = String(name.dropLast(".jpeg".count))
    let json = try h.run("export", "--format", "dayone")
    #expect(json.stderr.contains("1 photo is not in a .json export"), "\(json.stderr)")
    let zip = h.journal.base + "/diary.zip"
    let made = try h.run("export", "--format", "dayone", "--out", zip)
    #expect(made.status == 0, "\(made.stderr)")
    let listing = try ChildProcess.run([
      "python3", "-c",
      "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(sorted(z.namelist())); "
        + "print(z.read('Journal.json').decode()); print(z.read('photos/\(name)') == open(sys.argv[2], 'rb').read())",
      zip, h.journal.root + "/" + stored,
    ])
    #expect(listing.stdout.hasPrefix("['Journal.json', 'photos/\(name)']"), "\(listing.stdout)\(listing.stderr)")
    #expect(listing.stdout.contains("![](dayone-moment://\(md5.uppercased()))"))
    #expect(listing.stdout.contains("\"md5\" : \"\(md5)\""))
    #expect(listing.stdout.hasSuffix("True\n"))

    let other = try Harness()
    let imported = try other.run("import", zip, "--from", "dayone")
    #expect(imported.status == 0, "\(imported.stderr)")
    let back = try #require(other.journal.snapshot().keys.first { $0.hasSuffix(name) })
    #expect(other.journal.bytes(back) == h.journal.bytes(stored))
    let entryFile = try #require(other.journal.entryFiles().first)
    #expect(other.journal.text(entryFile)?.contains("![](\(name))") == true)
    #expect(JournalPath(back).folder == JournalPath(entryFile).folder, "beside the entry")
  }

  /// Encrypting a journal seals every attached file, not only pictures; decrypting opens them.
  @Test func encryptAndDecryptTakeEveryAttachedFileAlong() throws {
    var h = try Harness(["2026/11/walk.md": Self.walk])
    let runtime = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    h.environment["XDG_RUNTIME_DIR"] = runtime
    let notes = try write(h, "notes.txt", Array("zebracorn notes\n".utf8))
    #expect(try h.run("attach", "last", notes).status == 0)
    let plain = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".txt") })
    // An upload from the app that no entry links yet is sealed too.
    let waiting = ".ilgi/cache/uploads/0123456789abcdef0123456789abcdef.txt"
    try h.journal.write(waiting, "zebracorn upload\n")
    let made = try h.run("init", "--encrypt", h.journal.root)
    #expect(made.status == 0, "\(made.stderr)")
    let keys = h.journal.snapshot().keys
    #expect(!keys.contains(plain) && keys.contains(plain + ".age"))
    for case let relative as String in FileManager.default.enumerator(atPath: h.journal.root) ?? NSEnumerator() {
      let data = FileManager.default.contents(atPath: h.journal.root + "/" + relative) ?? Data()
      #expect(!String(decoding: data, as: UTF8.self).contains("zebracorn"), "\(relative) is in the clear")
    }
    #expect(try h.run("show", "--json", "last").stdout.contains("\"path\" : \"\(plain)\""))
    #expect(h.journal.snapshot().keys.contains(waiting + ".age"))
    #expect(try h.run("decrypt").status == 0)
    #expect(h.journal.text(plain) == "zebracorn notes\n")
    #expect(h.journal.text(waiting) == "zebracorn upload\n")
  }

  @Test func anEncryptedJournalKeepsOnlySealedBytes() throws {
    let h = try EncryptionTests.encrypted()
    let photo = try write(h, "IMG_0002.jpg", Self.phoneJPEG)
    let result = try h.run("attach", "11111111", photo)
    #expect(result.status == 0, "\(result.stderr)")
    let stored = try #require(h.journal.snapshot().keys.first { $0.hasSuffix(".jpeg.age") })
    let bytes = try #require(h.journal.bytes(stored))
    #expect(bytes.starts(with: Array("age-encryption.org/v1".utf8)))
    // Neither the photo's pixels nor its position anywhere in the journal or HOME.
    let pixels = Array(Self.scan(Self.phoneJPEG).prefix(64))
    for folder in [h.journal.root, h.environment["HOME", default: ""]] {
      for case let relative as String in FileManager.default.enumerator(atPath: folder) ?? NSEnumerator() {
        guard let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
        #expect(!Self.contains(Array(data), pixels), "\(relative) holds the photo's pixels")
      }
    }
    let json = try h.run("show", "--json", "11111111")
    #expect(json.stdout.contains("\"width\" : 8"), "\(json.stdout)")
    #expect(json.stdout.contains("\"path\" : \"\(stored.dropLast(4))\""))
  }
}
