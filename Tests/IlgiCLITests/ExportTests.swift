import Foundation
import IlgiSystem
import IlgiTestSupport
import Testing

/// `ilgi export` and `ilgi share`: round trips through jrnl itself and through Day One JSON,
/// the JSON and Markdown shapes, and the apps' share text.
@Suite struct ExportTests {
  static func json(_ text: String) throws -> [[String: Any]] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
  }

  /// The body jrnl read, without the last line of `@tags` ilgi wrote for the front matter's tags.
  static func bodyWithoutTagLine(_ body: String) -> (body: String, tags: [String]) {
    var lines = body.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "\n")
    var tags: [String] = []
    if let last = lines.last, !last.isEmpty, last.split(separator: " ").allSatisfy({ $0.hasPrefix("@") }) {
      tags = last.split(separator: " ").map { String($0.dropFirst()) }
      lines.removeLast()
    }
    return (lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines), tags)
  }

  /// A harness on a 200-entry generated journal, and the export of it in `format` beside it.
  static func exportCorpus(seed: Int, format: String, to name: String) throws -> (Harness, String) {
    let corpus = try GeneratedCorpus.make(entries: 200, seed: seed)
    var h = try Harness()
    h.environment["ILGI_JOURNAL"] = corpus.journal
    let out = h.journal.base + "/" + name
    let exported = h.call("export", "--format", format, "--out", out)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stdout == "Wrote 200 entries to \(out).\n")
    return (h, out)
  }

  /// What the real jrnl reads from the plain-text journal `file` (`jrnl --export json`).
  static func readWithJrnl(_ file: String, _ h: Harness) throws -> [[String: Any]] {
    let jrnl = try TestTools.jrnl
    let config = h.journal.base + "/jrnl.yaml"
    try Data(
      """
      colors: {body: none, date: none, tags: none, title: none}
      default_hour: 9
      default_minute: 0
      editor: ''
      encrypt: false
      highlight: false
      indent_character: '|'
      journals:
        default:
          journal: \(file)
      linewrap: 79
      tagsymbols: '#@'
      template: false
      timeformat: '%Y-%m-%d %H:%M'
      version: v4.6

      """.utf8
    ).write(to: URL(fileURLWithPath: config))
    let read = try ChildProcess.run(
      [jrnl, "--config-file", config, "--export", "json"], environment: h.environment.merging(["NO_COLOR": "1"]) { $1 })
    #expect(read.status == 0, "jrnl: \(read.stderr)")
    return (try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])?["entries"]
      as? [[String: Any]] ?? []
  }

  @Test func jrnlReadsTheExportBackAsTheSameEntries() throws {
    let (h, out) = try Self.exportCorpus(seed: 5, format: "jrnl", to: "journal.txt")
    let jrnlEntries = try Self.readWithJrnl(out, h)
    let ilgiEntries = try Self.json(h.call("export", "--format", "json").stdout)
    #expect(jrnlEntries.count == 200)
    #expect(ilgiEntries.count == 200)
    var unmatched = jrnlEntries
    for entry in ilgiEntries {
      let date = String((entry["date"] as? String ?? "").prefix(16))
      let body = (entry["body"] as? String ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let frontMatterTags = Set((entry["frontMatter"] as? [String: Any])?["tags"] as? [String] ?? [])
      let index = unmatched.firstIndex { candidate in
        let read = Self.bodyWithoutTagLine(candidate["body"] as? String ?? "")
        return "\(candidate["date"] ?? "")T\(candidate["time"] ?? "")" == date
          && candidate["title"] as? String == entry["title"] as? String && read.body == body
          && frontMatterTags.isSubset(of: Set((candidate["tags"] as? [String] ?? []).map { String($0.dropFirst()) }))
      }
      #expect(index != nil, "jrnl did not read back \(entry["path"] ?? "")")
      if let index { unmatched.remove(at: index) }
    }
    #expect(unmatched.isEmpty)
  }

  /// A body line shaped like jrnl's `[date] title` stays in its entry, and tags written in the
  /// text are not added again: real jrnl reads the export back as the same entries, and
  /// importing it gives the same text.
  @Test func jrnlExportKeepsDateLikeLinesAndTagsOnce() throws {
    let body =
      "Went out (#walk) with #산책 today, and #Reading.\n\n[2024-01-01 10:00] looks like a jrnl line\n[not a date] stays"
    let h = try Harness([
      "a.md": entry(
        "AAAA0001-0000-4000-8000-000000000001", "2025-05-01T09:00:00+09:00", "Looking back", body: body,
        extra: "tags: [reading, 산책, walk, extra]\n"),
      "b.md": entry("AAAA0002-0000-4000-8000-000000000002", "2025-05-02T09:00:00+09:00", "Next day", body: "Plain."),
      // A tag only in the title is there for jrnl already: no lone line repeats it.
      "c.md": entry(
        "AAAA0003-0000-4000-8000-000000000003", "2025-05-03T09:00:00+09:00", "Morning @running", body: "Five km."),
    ])
    let out = h.journal.base + "/journal.txt"
    #expect(h.call("export", "--format", "jrnl", "--out", out).status == 0)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(text.contains("] Morning @running\nFive km.\n") && !text.contains("\n@running"), "\(text)")
    #expect(
      text.contains("\n\\[2024-01-01 10:00] looks like a jrnl line\n[not a date] stays\n\n@walk @extra\n"), "\(text)")
    let entries = try Self.readWithJrnl(out, h)
    #expect(entries.map { $0["title"] as? String } == ["Looking back", "Next day", "Morning @running"], "\(entries)")
    let tags = Set((entries.first?["tags"] as? [String] ?? []).map { $0.dropFirst().lowercased() })
    #expect(tags == ["walk", "산책", "reading", "extra"])
    // ilgi's own import gives the body back as it was.
    let target = try Harness()
    #expect(target.call("import", out, "--from", "jrnl").status == 0)
    let shown = try Self.json(target.call("export", "--format", "json").stdout)
    let original = try Self.json(h.call("export", "--format", "json").stdout)
    let title = { (entries: [[String: Any]]) in
      entries.first { $0["title"] as? String == "Looking back" }?["body"] as? String
    }
    #expect(title(shown) != nil && title(shown) == title(original))
  }

  /// A Day One zip holds the journal's text in the clear: every file it is written through is
  /// made owner-only (0600) when it is created, never made so afterwards, whatever the umask.
  @Test func aDayOneZipIsOwnerOnlyFromItsFirstByte() throws {
    let strace = try #require(
      ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "make setup installs strace")
    let h = try Harness(["a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2025-05-01T09:00:00+09:00", "Seoul")])
    let out = h.journal.base + "/export"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let log = h.journal.base + "/strace.log"
    let result = try ChildProcess.run(
      [
        "/bin/sh", "-c", "umask 022; exec \"$@\"", "sh", strace, "-f", "-o", log, "-e",
        "trace=openat,open,creat,chmod,fchmod,fchmodat",
        IlgiProcess.binary, "export", "--format", "dayone", "--out", out + "/diary.zip",
      ],
      environment: h.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    let created = calls.filter { $0.contains(out + "/") && $0.contains("O_CREAT") }
    #expect(!created.isEmpty, "\(calls.suffix(20))")
    for call in created { #expect(call.contains(", 0600)"), "\(call)") }
    #expect(!calls.contains { $0.contains("chmod(\"" + out) }, "a file of the export was made owner-only late")
    let mode = try FileManager.default.attributesOfItem(atPath: out + "/diary.zip")[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// Day One's export names the zone an entry was written in, not a fixed offset, whatever the
  /// machine's zone; Day One's escaped titles read without their backslashes.
  @Test func dayOneGetsZoneNamesAndItsEscapesAreRead() throws {
    let h = try Harness([
      "a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2025-05-01T09:00:00+09:00", "Seoul"),
      "b.md": entry("AAAA0002-0000-4000-8000-000000000002", "2025-07-01T09:00:00-04:00", "New York"),
      "c.md": entry("AAAA0003-0000-4000-8000-000000000003", "2025-07-01T09:00:00+05:45", "Kathmandu"),
      "d.md": "---\nid: AAAA0004\ndate: 2025-07-02T09:00:00+09:00\n---\nDinner at 7\\. \\*Great\\* food \\\\o/\n",
    ])
    let out = h.journal.base + "/dayone.json"
    #expect(h.call("export", "--format", "dayone", "--out", out, env: ["TZ": "UTC"]).status == 0)
    let export = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
    let zones = (export["entries"] as? [[String: Any]] ?? []).map { $0["timeZone"] as? String ?? "" }
    #expect(zones == ["Asia/Seoul", "Asia/Kathmandu", "America/New_York", "Asia/Seoul"])  // oldest first
    #expect(h.call("list").stdout.contains("Dinner at 7. *Great* food \\o/"))
  }

  /// An entry without tags (none written, `tags:` with no value, `tags: ~`, `tags: []`) is
  /// exported to Day One with no `tags` key, never `"tags": null`, and comes back the same file.
  @Test func dayOneGetsNoNullTags() throws {
    let h = try Harness([
      "2025/05/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2025-05-01T09:00:00+09:00\n---\nNone\n",
      "2025/05/b.md":
        "---\nid: AAAA0002-0000-4000-8000-000000000002\ndate: 2025-05-02T09:00:00+09:00\ntags:\n---\nEmpty\n",
      "2025/05/c.md":
        "---\nid: AAAA0003-0000-4000-8000-000000000003\ndate: 2025-05-03T09:00:00+09:00\ntags: ~\n---\nNull\n",
      "2025/05/d.md":
        "---\nid: AAAA0004-0000-4000-8000-000000000004\ndate: 2025-05-04T09:00:00+09:00\ntags: []\n---\nList\n",
    ])
    let out = h.journal.base + "/dayone.json"
    #expect(h.call("export", "--format", "dayone", "--out", out).status == 0)
    let text = try String(contentsOfFile: out, encoding: .utf8)
    #expect(!text.contains("null"), "\(text)")
    let export = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let entries = export["entries"] as? [[String: Any]] ?? []
    #expect(entries.count == 4 && entries.allSatisfy { $0["tags"] == nil })
    let back = try Harness(initialize: true)
    #expect(back.call("import", out).status == 0)
    #expect(Self.files(back.journal.root) == Self.files(h.journal.root))
  }

  /// Every `.md` file under `root` with its bytes.
  static func files(_ root: String) -> [String: [UInt8]] {
    var out: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let path = enumerator?.nextObject() as? String {
      if path.hasPrefix(".") { enumerator?.skipDescendants(); continue }
      if path.hasSuffix(".md"), let data = FileManager.default.contents(atPath: root + "/" + path) {
        out[path] = Array(data)
      }
    }
    return out
  }

  @Test func dayOneExportImportsBackIntoIdenticalFiles() throws {
    let (source, out) = try Self.exportCorpus(seed: 9, format: "dayone", to: "dayone.json")
    let corpus = source.environment["ILGI_JOURNAL"]!

    let target = try Harness()
    let imported = target.call("import", out, "--from", "dayone")
    #expect(imported.status == 0, "\(imported.stderr)")
    let original = Self.files(corpus)
    #expect(original.count == 200)
    let variants = original.values.map { String(decoding: $0, as: UTF8.self) }
    #expect(variants.contains { !$0.hasPrefix("---") && !$0.hasPrefix("\u{FEFF}---") })  // no front matter
    #expect(variants.contains { $0.contains("\r\n") || $0.hasPrefix("\u{FEFF}") })  // CRLF or a BOM
    #expect(Self.files(target.journal.root) == original)

    // Without ilgi's own fields, as Day One itself would write it: the same entries by id.
    var export = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as! [String: Any]
    export["entries"] = (export["entries"] as! [[String: Any]]).map { $0.filter { !$0.key.hasPrefix("ilgi") } }
    let plain = source.journal.base + "/plain.json"
    try JSONSerialization.data(withJSONObject: export).write(to: URL(fileURLWithPath: plain))
    let third = try Harness()
    #expect(third.call("import", plain, "--from", "dayone").status == 0)
    func summary(_ h: Harness) throws -> [String: String] {
      var out: [String: String] = [:]
      for entry in try Self.json(h.call("list", "--json").stdout) {
        let tags = (entry["tags"] as? [String] ?? []).sorted().joined(separator: ",")
        out[entry["id"] as! String] =
          "\(entry["date"] ?? "") \(entry["title"] ?? "") [\(tags)] \(entry["weather"] ?? "-") \(entry["preview"] ?? "")"
      }
      return out
    }
    #expect(try summary(third) == summary(source))
  }

  @Test func jsonHasTheListFieldsBodyAndEveryFrontMatterKey() throws {
    let h = try Harness([
      "2026/11/a.md":
        "---\nid: A1B2C3D4-0000-4000-8000-000000000001\ndate: 2026-11-21T09:30:00+09:00\nweather: Clear\ntags: [running]\nmood: 7\nrated: true\nplaces:\n  - river\n---\nMorning run\n\nEight **kilometres**.\n",
      "2025/01/b.md": entry("A1B2C3D4-0000-4000-8000-000000000002", "2025-01-02T08:00:00+09:00", "Older"),
    ])
    let result = h.call("export", "--format", "json", "--from", "2026-01-01")
    #expect(result.status == 0, "\(result.stderr)")
    let items = try Self.json(result.stdout)
    #expect(items.count == 1)
    let item = items[0]
    #expect(Set(item.keys) == ["id", "date", "title", "preview", "tags", "weather", "path", "body", "frontMatter"])
    #expect(item["body"] as? String == "Eight **kilometres**.\n")
    let front = item["frontMatter"] as? [String: Any] ?? [:]
    #expect(front["mood"] as? Int == 7)
    #expect(front["rated"] as? Bool == true)
    #expect(front["places"] as? [String] == ["river"])
    #expect(front["date"] as? String == "2026-11-21T09:30:00+09:00")
  }

  @Test func markdownIsOneFileForAPeriod() throws {
    let h = try Harness([
      "a.md": entry(
        "A1B2C3D4-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "Run",
        body: "# Splits\n\n```\n# not a heading\n```\n", extra: "weather: Clear\ntags: [running]\n"),
      "b.md": entry("A1B2C3D4-0000-4000-8000-000000000002", "2026-11-20T21:00:00+09:00", "Walk"),
    ])
    let out = h.journal.base + "/november.md"
    let result = h.call("export", "--format", "markdown", "--out", out, "--on", "2026-11")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self) == """
        # Journal, 2026-11-20 to 2026-11-21

        ## Walk

        *November 20, 2026 21:00*

        Body text.

        ## Run

        *November 21, 2026 09:30 · Clear · #running*

        ### Splits

        ```
        # not a heading
        ```

        """)
    let again = h.call("export", "--format", "markdown", "--out", out)
    #expect(again.status == 1)
    #expect(again.stderr == "ilgi: \(out) exists already; choose another --out, or remove it first\n")
    let bad = h.call("export", "--format", "pdf")
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("Error: pdf is not an export format; use json, jrnl, markdown, dayone or html\n"))
    let none = h.call("export")
    #expect(none.status == 64)
    #expect(
      none.stderr.hasPrefix("Error: say what to export: ilgi export json|jrnl|markdown|dayone|html (or --format)\n"))
    // The format may be the first argument as well.
    let positional = h.call("export", "json")
    #expect(positional.status == 0)
    #expect(positional.stdout == (h.call("export", "--format", "json").stdout))
  }

  static let shared = entry(
    "A1B2C3D4-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "Morning run",
    body: "Cold but bright. **Eight kilometres**.\n")

  @Test func shareTextAsTheAppsWriteIt() throws {
    let h = try Harness(["a.md": Self.shared])
    let result = h.call("share", "last")
    #expect(result.status == 0)
    #expect(result.stdout == "November 21, 2026\n\nMorning run\n\nCold but bright. **Eight kilometres**.\n")
    let korean = h.call("share", "--locale", "ko")
    #expect(korean.stdout == "2026년 11월 21일\n\nMorning run\n\nCold but bright. **Eight kilometres**.\n")
    let html = h.call("share", "a.md", "--html")
    #expect(
      html.stdout == """
        <article>
        <p><time datetime="2026-11-21T09:30:00+09:00">November 21, 2026</time></p>
        <h1>Morning run</h1>
        <p>Cold but bright. <strong>Eight kilometres</strong>.</p>
        </article>

        """)
  }

  @Test func shareCopiesThroughTheClipboardToolThereIs() throws {
    var h = try Harness(["a.md": Self.shared])
    let tools = h.journal.base + "/bin"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    let clipboard = h.journal.base + "/clipboard.txt"
    let xclip = tools + "/xclip"
    try Data("#!/bin/sh\n[ \"$1 $2\" = '-selection clipboard' ] || exit 9\ncat > '\(clipboard)'\n".utf8)
      .write(to: URL(fileURLWithPath: xclip))
    chmod(xclip, 0o755)
    h.environment["PATH"] = tools + ":/usr/bin:/bin"
    let copied = h.call("share", "--copy")
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(copied.stdout == "")
    #expect(copied.stderr == "Copied a.md to the clipboard with xclip.\n")
    #expect(
      String(decoding: FileManager.default.contents(atPath: clipboard) ?? Data(), as: UTF8.self)
        == "November 21, 2026\n\nMorning run\n\nCold but bright. **Eight kilometres**.\n")

    h.environment["PATH"] = h.journal.base + "/empty"
    let none = h.call("share", "--copy")
    #expect(none.status == 1)
    #expect(
      none.stderr
        == "ilgi: no clipboard tool found; install wl-clipboard, xclip or xsel (pbcopy on macOS), or leave out --copy\n"
    )
  }
}
