import Foundation
import IlgiTestSupport
import Testing

/// Every kind of bad input from the core issue: a clear line, the right exit code, no change.
@Suite struct BadInputTests {
  static let good = entry("600D0000-0000-4000-8000-000000000001", "2026-11-21T09:30:00+09:00", "Good entry")

  /// Lists a journal holding one good entry and `bad`, and checks the warning and the tree.
  func expectListed(
    _ bad: String, _ write: (TempJournal) throws -> Void, warning: String,
    prefix: [String] = [], chmodBase: Bool = false
  ) throws {
    let h = try Harness(["good.md": Self.good])
    try write(h.journal)
    if chmodBase { chmod(h.journal.base, 0o755); chmod(h.journal.root, 0o755); chmod(h.journal.root + "/.ilgi", 0o755) }
    let before = h.journal.snapshot()
    let result = try IlgiProcess.run(["list", "--json"], environment: h.environment, prefix: prefix)
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(json?.map { $0["path"] as? String } == ["good.md"], "listing with \(bad)")
    #expect(result.stderr == warning)
    #expect(h.journal.snapshot() == before)
  }

  /// A bad file is described in full the first time a command meets it and after it changes;
  /// in between, one line says how many files could not be read, and `doctor` names them all.
  @Test func aBadFileIsToldOnceThenCounted() throws {
    let h = try Harness(["good.md": Self.good, "a.md": "---\nid: [\n---\nA\n", "b.md": "---\nid: [\n---\nB\n"])
    let first = h.call("list")
    #expect(first.stderr.components(separatedBy: "front matter is not valid YAML").count - 1 == 2, "\(first.stderr)")
    let second = h.call("show", "last")
    #expect(second.stderr == "ilgi: warning: 2 files could not be read; `ilgi doctor` says why\n")
    try h.journal.write("a.md", "---\nid: [\n---\nA, changed\n")
    let third = h.call("list")
    #expect(third.stderr.hasPrefix("ilgi: warning: a.md:"), "\(third.stderr)")
    #expect(third.stderr.hasSuffix("ilgi: warning: 2 files could not be read; `ilgi doctor` says why\n"))
    #expect(!third.stderr.contains("b.md:"))
    let korean = h.call("list", "--locale", "ko")
    #expect(korean.stderr == "ilgi: 경고: 파일 2개를 읽지 못했습니다. 까닭은 `ilgi doctor`가 알려 줍니다\n")
    let doctor = h.call("doctor")
    #expect(doctor.status == 1)
    #expect(doctor.stdout.contains("a.md:") && doctor.stdout.contains("b.md:"), "\(doctor.stdout)")
  }

  /// A `date` that is no date is named once, when the file is first read or changes; `doctor`
  /// keeps listing it.
  @Test func anUnreadableDateIsNamedOnce() throws {
    let h = try Harness(["good.md": Self.good, "odd.md": "---\ndate: the day after\n---\nOdd\n"])
    let first = h.call("list")
    #expect(
      first.stderr == "ilgi: warning: odd.md: `date: the day after` is not a date; using the file's name or time\n")
    #expect(h.call("list").stderr == "")
    let doctor = h.call("doctor")
    #expect(doctor.stdout.contains("odd.md: `date: the day after` is not a date"))
  }

  /// An entry a merge left with both versions in it is flagged by list (when it is first read)
  /// and by doctor (always).
  @Test func gitConflictMarkersAreFlagged() throws {
    let conflicted = "---\nid: C\n---\n<<<<<<< HEAD\nMorning run\n=======\nEvening run\n>>>>>>> origin/main\n\nText.\n"
    let h = try Harness(["good.md": Self.good, "run.md": conflicted])
    let listed = h.call("list")
    #expect(listed.status == 0)
    #expect(
      listed.stderr
        == "ilgi: warning: run.md: holds git conflict markers (<<<<<<<, =======, >>>>>>>) from a merge; keep the text you want, delete the markers and save\n"
    )
    let doctor = h.call("doctor")
    #expect(doctor.status == 1)
    #expect(doctor.stdout.contains("run.md: holds git conflict markers"))
    try h.journal.write("run.md", "---\nid: C\n---\nMorning run\n\nText.\n")
    #expect(h.call("doctor").status == 0)
    // Markers shown in a fenced code block (a note about git merges) are the note's text.
    for fence in ["```", "~~~~", "  ```text"] {
      let closing = fence.trimmingCharacters(in: .whitespaces).prefix(while: { $0 == "`" || $0 == "~" })
      try h.journal.write(
        "merges.md",
        "---\nid: D\n---\nHow git shows a conflict\n\n\(fence)\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> main\n\(closing)\n"
      )
      let quiet = h.call("doctor")
      #expect(quiet.status == 0, "\(fence): \(quiet.stdout)")
    }
    // Outside the block again, they count.
    try h.journal.write(
      "merges.md",
      "---\nid: D\n---\nNotes\n\n```\ncode\n```\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> main\n")
    #expect(h.call("doctor").status == 1)
  }

  /// A mistyped command or option is answered with the one meant, as git does, in one line
  /// with the usage status, and nothing is done.
  @Test func aMistypedCommandOrOptionSuggestsTheOneMeant() throws {
    let h = try Harness(["good.md": Self.good])
    let before = h.journal.snapshot()
    let cases: [([String], String)] = [
      (["lst"], "'lst' is not an ilgi command; did you mean 'ilgi list'?"),
      (["serach", "foo"], "'serach' is not an ilgi command; did you mean 'ilgi search'?"),
      (["shwo", "last"], "'shwo' is not an ilgi command; did you mean 'ilgi show'?"),
      (["--journal", h.journal.root, "lst"], "'lst' is not an ilgi command; did you mean 'ilgi list'?"),
      (["key", "ad", "age1x"], "'ad' is not an ilgi key command; did you mean 'ilgi key add'?"),
      (["frobnicate"], "'frobnicate' is not an ilgi command; ilgi --help lists them"),
      (["list", "--tga", "walk"], "ilgi list takes no option --tga; did you mean --tag?"),
      (["new", "--tga", "walk", "Text"], "ilgi new takes no option --tga; did you mean --tag?"),
      (["--tga", "walk"], "ilgi takes no option --tga; did you mean --tag?"),
      (["list", "--frobnicate"], "ilgi list takes no option --frobnicate; ilgi list --help lists those it takes"),
    ]
    for (arguments, line) in cases {
      let result = InProcess.run(arguments, environment: h.environment, directory: h.journal.base)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr == "ilgi: \(line)\n", "\(arguments)")
    }
    let korean = h.call("lst", env: ["LANG": "ko_KR.UTF-8"])
    #expect(korean.stderr == "ilgi: ilgi에 'lst' 명령은 없습니다. 'ilgi list'인가요?\n")
    #expect(h.journal.snapshot() == before)
  }

  @Test func malformedFrontMatter() throws {
    try expectListed(
      "yaml", { try $0.write("bad.md", "---\nid: A\ndate: [unclosed\n---\nTitle\n") },
      warning:
        "ilgi: warning: bad.md:3:7: front matter is not valid YAML (while parsing a flow sequence: did not find expected ',' or ']'); fix that line\n"
    )
  }

  @Test func unclosedFrontMatter() throws {
    try expectListed(
      "unclosed", { try $0.write("bad.md", "---\nid: A\nTitle\n") },
      warning:
        "ilgi: warning: bad.md:1:1: front matter opened with `---` is never closed by a `---` line; fix that line\n")
  }

  @Test func invalidUTF8() throws {
    try expectListed(
      "latin-1", { try $0.write("bad.md", [0x63, 0x61, 0x66, 0xE9, 0x0A]) },
      warning:
        "ilgi: warning: bad.md: is not UTF-8 text (bad byte at offset 3); move it out of the journal or save it as UTF-8 Markdown\n"
    )
  }

  @Test func binaryFileNamedMd() throws {
    try expectListed(
      "binary", { try $0.write("photo.md", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]) },
      warning:
        "ilgi: warning: photo.md: is a binary file, not Markdown text; move it out of the journal or save it as UTF-8 Markdown\n"
    )
  }

  @Test func fiftyMegabyteFile() throws {
    try expectListed(
      "50 MB",
      { journal in
        let path = journal.root + "/huge.md"
        _ = FileManager.default.createFile(atPath: path, contents: Data("---\nid: H\n---\n".utf8))
        truncate(path, 50 * 1024 * 1024)
      },
      warning:
        "ilgi: warning: huge.md: is 50 MiB; entries larger than 10 MiB are not read; split it into smaller entries or move it out of the journal\n"
    )
  }

  @Test func symlinkLoopAndDanglingLink() throws {
    try expectListed(
      "link loop",
      { journal in
        symlink("loop-b.md", journal.root + "/loop-a.md")
        symlink("loop-a.md", journal.root + "/loop-b.md")
        symlink(journal.root, journal.root + "/self")
      },
      warning: """
        ilgi: warning: loop-a.md: too many levels of symbolic links; check the file's permissions and links
        ilgi: warning: loop-b.md: too many levels of symbolic links; check the file's permissions and links

        """)
  }

  @Test func unreadableFile() throws {
    // Root reads everything, so as root the listing runs as `nobody` through setpriv.
    let asRoot = geteuid() == 0
    try expectListed(
      "unreadable",
      { journal in
        try journal.write("secret.md", "---\nid: S\n---\nSecret\n")
        chmod(journal.root + "/secret.md", 0o000)
        chmod(journal.root + "/good.md", 0o644)
      }, warning: "ilgi: warning: secret.md: permission denied; check the file's permissions and links\n",
      prefix: asRoot ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [],
      chmodBase: asRoot)
  }

  @Test func anEmptyFileIsAnUntitledEntry() throws {
    let h = try Harness(["good.md": Self.good, "empty.md": ""])
    let result = h.call("list")
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains("(untitled)"))
    #expect(h.journal.text("empty.md") == "")
  }

  @Test func showingABadFileNamesItsProblemAndExits65() throws {
    let h = try Harness(["good.md": Self.good])
    try h.journal.write("bad.md", "---\nid: [1, 2]\n---\nTitle\n")
    try h.journal.write("other.md", [0xFF])
    let before = h.journal.snapshot()
    let result = h.call("show", "bad.md")
    #expect(result.status == 65)
    #expect(
      result.stderr == """
        ilgi: warning: other.md: is not UTF-8 text (bad byte at offset 0); move it out of the journal or save it as UTF-8 Markdown
        ilgi: bad.md:2:1: front matter key `id` must be one value, a UUID; fix that line

        """)
    // The editor opens on it all the same (that is how it gets mended); unchanged, nothing is written.
    let edit = try h.run("edit", "bad.md", env: ["EDITOR": "true"])
    #expect(edit.status == 0)
    #expect(edit.stderr == "No changes to bad.md.\n")
    #expect(h.journal.snapshot().filter { $0.key != ".ilgi/drafts" } == before)
  }

  @Test func aJournalPathThatIsAFile() throws {
    let h = try Harness(["good.md": Self.good])
    let before = h.journal.snapshot()
    let result = h.call("list", "--journal", h.journal.root + "/good.md")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "ilgi: \(h.journal.root)/good.md is a file, not a journal folder; pass a folder with --journal or ILGI_JOURNAL\n"
    )
    let initOnFile = h.call("init", h.journal.root + "/good.md")
    #expect(initOnFile.status == 1)
    #expect(initOnFile.stderr == result.stderr)
    #expect(h.journal.snapshot() == before)
  }

  @Test func aJournalThatIsNotThere() throws {
    let h = try Harness()
    let missing = h.journal.base + "/nowhere"
    let result = h.call("new", "text", env: ["ILGI_JOURNAL": missing])
    #expect(result.status == 66)
    #expect(result.stderr == "ilgi: no journal at \(missing); make one with `ilgi init \(missing)`\n")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func aReadOnlyJournalFailsCleanlyOnWrite() throws {
    guard geteuid() != 0 else {
      // Root ignores folder permissions; run the same check as nobody.
      let h = try Harness(["good.md": Self.good])
      for path in [h.journal.base, h.journal.root, h.journal.root + "/.ilgi"] { chmod(path, 0o555) }
      let before = h.journal.snapshot()
      let result = try IlgiProcess.run(
        ["new", "text", "--date", "2026-01-01T10:00+09:00"], environment: h.environment,
        prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
      #expect(result.status == 74)
      #expect(
        result.stderr
          == "ilgi: could not create folder \(h.journal.root)/2026: permission denied; check the folder's permissions and free space\n"
      )
      #expect(h.journal.snapshot() == before)
      return
    }
    let h = try Harness(["good.md": Self.good])
    for path in [h.journal.root, h.journal.root + "/.ilgi"] { chmod(path, 0o555) }
    let result = h.call("new", "text", "--date", "2026-01-01T10:00+09:00")
    #expect(result.status == 74)
  }
}
