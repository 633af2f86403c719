import Foundation
import IlgiCore
import IlgiTestSupport
import Testing

/// A journal kept in git: one commit per change with exactly its files, `ilgi sync` between two
/// clones of a local bare repository, a reported conflict that loses nothing, and `ilgi log`.
@Suite struct GitTests {
  /// A harness whose git has an identity and no global config of the machine's.
  static func harness(_ files: [String: String] = [:], initialize: Bool = true) throws -> Harness {
    var h = try Harness(files, initialize: initialize)
    h.environment.merge([
      "GIT_AUTHOR_NAME": "Diarist", "GIT_AUTHOR_EMAIL": "diarist@example.com",
      "GIT_COMMITTER_NAME": "Diarist", "GIT_COMMITTER_EMAIL": "diarist@example.com",
      "GIT_CONFIG_GLOBAL": h.journal.base + "/home/.gitconfig", "GIT_CONFIG_NOSYSTEM": "1",
    ]) { $1 }
    return h
  }

  @discardableResult
  static func git(_ h: Harness, _ arguments: String..., in folder: String? = nil) throws -> String {
    let result = try ChildProcess.run(["git", "-C", folder ?? h.journal.root] + arguments, environment: h.environment)
    #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    return result.stdout
  }

  static func subjects(_ h: Harness, in folder: String? = nil) throws -> [String] {
    try git(h, "log", "--format=%s", in: folder).split(separator: "\n").map(String.init)
  }

  /// The files the newest commit changed, with git's status letter.
  static func lastChange(_ h: Harness, in folder: String? = nil) throws -> [String] {
    try git(h, "show", "--name-status", "--format=", "HEAD", in: folder).split(separator: "\n").map {
      $0.replacingOccurrences(of: "\t", with: " ")
    }
  }

  /// An editor that replaces `old` with `new` in the file it is given.
  static func replacingEditor(_ h: Harness, _ name: String, _ old: String, _ new: String) throws -> String {
    try h.journal.script(name, "#!/bin/sh\nsed -i 's/\(old)/\(new)/' \"$1\"\n")
  }

  @Test func everyWriteIsOneCommitOfExactlyItsFiles() throws {
    var h = try Self.harness(initialize: false)
    let made = h.call("init", "--git", h.journal.root)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.contains("Committed the journal to git: "))
    #expect(try Self.subjects(h) == ["ilgi: start the journal"])
    #expect(try Self.git(h, "ls-files") == ".gitignore\n")

    // Something of the person's, staged and unstaged, that ilgi must leave alone.
    try h.journal.write("notes.txt", "mine\n")
    try h.journal.write("staged.txt", "staged\n")
    try Self.git(h, "add", "staged.txt")

    let new = h.call("new", "Morning run", "--date", "2026-11-21T09:30", "--tag", "running")
    #expect(new.status == 0, "\(new.stderr)")
    let path = new.stdout.trimmingCharacters(in: .newlines)
    #expect(try Self.subjects(h).first == "ilgi: new 2026-11-21 Morning run")
    #expect(try Self.lastChange(h) == ["A \(path)"])

    h.environment["EDITOR"] = try Self.replacingEditor(h, "ed.sh", "Morning run", "Morning run by the river")
    let edit = try h.run("edit", path)
    #expect(edit.status == 0, "\(edit.stderr)")
    #expect(try Self.subjects(h).first == "ilgi: edit 2026-11-21 Morning run by the river")
    #expect(try Self.lastChange(h) == ["M \(path)"])

    let file = h.journal.base + "/journal.txt"
    try Data("[2025-01-05 08:00] Imported\nFrom jrnl.\n\n[2025-01-06 08:00] Also imported\n".utf8)
      .write(to: URL(fileURLWithPath: file))
    #expect(h.call("import", file).status == 0)
    #expect(try Self.subjects(h).first == "ilgi: import 2 entries from journal.txt (jrnl)")
    #expect(
      try Self.lastChange(h) == [
        "A 2025/01/2025-01-05-0800-imported.md", "A 2025/01/2025-01-06-0800-also-imported.md",
      ])

    let delete = h.call("delete", path, "--yes")
    #expect(delete.status == 0, "\(delete.stderr)")
    #expect(try Self.subjects(h).first == "ilgi: delete 2026-11-21 Morning run by the river")
    #expect(try Self.lastChange(h) == ["D \(path)"])

    #expect(h.call("trash", "restore", path).status == 0)
    #expect(try Self.subjects(h).first == "ilgi: restore 2026-11-21 Morning run by the river")
    #expect(try Self.lastChange(h) == ["A \(path)"])

    // The index, the trash and drafts never reach git; the person's files stay as they were.
    let tracked = try Self.git(h, "ls-files").split(separator: "\n").map(String.init)
    #expect(tracked.filter { $0.hasPrefix(".ilgi") }.isEmpty)
    #expect(FileManager.default.fileExists(atPath: h.journal.root + "/.ilgi/index.sqlite"))
    #expect(try Self.git(h, "status", "--porcelain") == "A  staged.txt\n?? notes.txt\n")
    #expect(try Self.subjects(h).count == 6)

    let log = h.call("log", path)
    #expect(log.status == 0)
    #expect(
      log.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" } == [
        " \(Self.today(h))  Diarist  ilgi: restore 2026-11-21 Morning run by the river",
        " \(Self.today(h))  Diarist  ilgi: delete 2026-11-21 Morning run by the river",
        " \(Self.today(h))  Diarist  ilgi: edit 2026-11-21 Morning run by the river",
        " \(Self.today(h))  Diarist  ilgi: new 2026-11-21 Morning run",
      ])
    #expect(h.call("log", path, "--patch").stdout.contains("+Morning run by the river"))

    // Turned off: the change is saved and not committed.
    #expect(h.call("config", "set", "git.autocommit", "false").status == 0)
    #expect(h.call("new", "Quiet one").status == 0)
    #expect(try Self.subjects(h).count == 6)
  }

  static func today(_ h: Harness) -> String {
    String(((try? git(h, "log", "-1", "--date=short", "--format=%ad")) ?? "").prefix(10))
  }

  /// Writers at once (the CLI in several terminals, the app) each get their commit: git's
  /// index is taken by one at a time, so none is left uncommitted with a warning.
  @Test func writersAtOnceEachGetTheirCommit() throws {
    let h = try Self.harness()
    #expect(h.call("init", "--git", h.journal.root).status == 0)
    let results = ThreadSafeResults()
    DispatchQueue.concurrentPerform(iterations: 6) { n in
      let result = try? IlgiProcess.run(["new", "--no-weather", "At once \(n)"], environment: h.environment)
      results.append(result)
    }
    for result in results.all {
      #expect(result?.status == 0)
      #expect(result?.stderr.contains("did not commit") == false, "\(result?.stderr ?? "")")
    }
    #expect(try Self.git(h, "status", "--porcelain").isEmpty)
    #expect(try Self.subjects(h).filter { $0.contains("At once") }.count == 6)
  }

  final class ThreadSafeResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [IlgiProcess.Result?] = []
    func append(_ result: IlgiProcess.Result?) { lock.withLock { results.append(result) } }
    var all: [IlgiProcess.Result?] { lock.withLock { results } }
  }

  @Test func weatherFillIsOneCommitOfTheEntriesItChanged() throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2024-04-30", last: "2024-05-04"))),
    ])
    defer { server.stop() }
    var h = try Self.harness([
      "2024/05/a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2024-05-01T09:00:00+09:00", "First"),
      "2024/05/b.md": entry("AAAA0002-0000-4000-8000-000000000002", "2024-05-02T21:30:00+09:00", "Second"),
      "2024/05/c.md": entry(
        "AAAA0003-0000-4000-8000-000000000003", "2024-05-03T08:00:00+09:00", "Third",
        extra: "weather: Fog\n"),
    ])
    for key in [
      "PLACE": "Seoul", "GEOCODING_URL": server.baseURL, "ARCHIVE_URL": server.baseURL, "URL": server.baseURL,
    ] {
      h.environment["ILGI_WEATHER_" + key.key] = key.value
    }
    #expect(h.call("init", "--git").status == 0)
    let filled = try h.run("weather", "fill", "--yes")
    #expect(filled.status == 0, "\(filled.stderr)")
    #expect(try Self.subjects(h) == ["ilgi: weather fill 2 entries", "ilgi: start the journal"])
    #expect(try Self.lastChange(h) == ["M 2024/05/a.md", "M 2024/05/b.md"])
  }

  @Test func aFailedCommitIsAWarningAndTheEntryIsSaved() throws {
    var h = try Self.harness()
    try Self.git(h, "init", "--quiet")
    for key in ["GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"] {
      h.environment[key] = nil
    }
    h.environment["EMAIL"] = nil
    try Self.git(h, "config", "user.useConfigOnly", "true")
    let made = h.call("init", "--git")
    #expect(made.status == 1)
    #expect(
      made.stderr
        == "ilgi: git does not know who you are; run git config --global user.name \"Your Name\" and git config --global user.email you@example.com, then ilgi init --git again\n"
    )
    let result = h.call("new", "Saved anyway")
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("ilgi: warning: saved, but git did not commit it: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(h.journal.entryFiles().count == 1)
  }

  /// A bare repository and two clones of it, each a journal.
  static func twoClones() throws -> (Harness, String, String) {
    let h = try harness(initialize: false)
    let bare = h.journal.base + "/remote.git"
    try git(h, "init", "--quiet", "--bare", "--initial-branch=main", bare, in: h.journal.base)
    let a = h.journal.base + "/a"
    let b = h.journal.base + "/b"
    try git(h, "clone", "--quiet", bare, a, in: h.journal.base)
    try git(h, "-c", "init.defaultBranch=main", "checkout", "--quiet", "-b", "main", in: a)
    #expect(h.call("init", "--git", a).status == 0)
    let first = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "Synced with origin/main.\n")
    try git(h, "clone", "--quiet", bare, b, in: h.journal.base)
    return (h, a, b)
  }

  static func titles(_ h: Harness, _ journal: String) throws -> [String] {
    let listed = h.call("list", "--json", env: ["ILGI_JOURNAL": journal])
    let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    return entries.compactMap { $0["title"] as? String }.sorted()
  }

  @Test func twoClonesWritingDifferentEntriesSyncCleanly() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(h.call("new", "Written on A", "--date", "2026-11-20T08:00", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("new", "Written on B", "--date", "2026-11-21T08:00", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(try Self.titles(h, a) == ["Written on A"])  // the index knows A's entry before the pull
    for journal in [a, b, a] {
      let sync = h.call("sync", env: ["ILGI_JOURNAL": journal])
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    #expect(try Self.titles(h, a) == ["Written on A", "Written on B"])
    #expect(try Self.titles(h, b) == ["Written on A", "Written on B"])
    #expect(try Self.git(h, "rev-parse", "HEAD", in: a) == Self.git(h, "rev-parse", "HEAD", in: b))
    #expect(try Self.git(h, "status", "--porcelain", in: a) == "")
  }

  @Test func editingOneEntryInBothClonesIsAReportedConflictThatLosesNothing() throws {
    let (h, a, b) = try Self.twoClones()
    let new = h.call("new", "Shared entry", "--date", "2026-11-21T08:00", env: ["ILGI_JOURNAL": a])
    let path = new.stdout.trimmingCharacters(in: .newlines)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)

    let editorA = try Self.replacingEditor(h, "a.sh", "Shared entry", "Shared entry, as A tells it")
    let editorB = try Self.replacingEditor(h, "b.sh", "Shared entry", "Shared entry, as B remembers it")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": a, "EDITOR": editorA]).status == 0)
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": editorB]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let conflict = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(conflict.status == 1)
    #expect(
      conflict.stderr
        == "ilgi: conflict in \(path): both versions are in the file between <<<<<<< and >>>>>>>; keep what you want, then run git add \(path), git rebase --continue and ilgi sync\n"
    )
    let text = String(decoding: FileManager.default.contents(atPath: b + "/" + path) ?? Data(), as: UTF8.self)
    #expect(text.contains("<<<<<<<"))
    #expect(text.contains("Shared entry, as A tells it"))
    #expect(text.contains("Shared entry, as B remembers it"))
    #expect(text.contains(">>>>>>>"))
    // Asked again before it is resolved, sync says the same and changes nothing.
    let again = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(again.status == 1)
    #expect(again.stderr == conflict.stderr)

    // Resolved the way the message says, the next sync goes through.
    try Data(
      text.replacingOccurrences(of: #"(?m)^(<<<<<<<|=======|>>>>>>>).*\n"#, with: "", options: .regularExpression).utf8
    )
    .write(to: URL(fileURLWithPath: b + "/" + path))
    try Self.git(h, "add", path, in: b)
    let resolved = try ChildProcess.run(
      ["git", "-C", b, "-c", "core.editor=true", "rebase", "--continue"], environment: h.environment)
    #expect(resolved.status == 0, "\(resolved.stderr)")
    let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let merged = String(decoding: FileManager.default.contents(atPath: a + "/" + path) ?? Data(), as: UTF8.self)
    #expect(merged.contains("Shared entry, as A tells it") && merged.contains("Shared entry, as B remembers it"))
  }

  @Test func syncAndLogNeedARepositoryAndARemote() throws {
    let h = try Self.harness()
    let sync = h.call("sync")
    #expect(sync.status == 1)
    #expect(sync.stderr == "ilgi: \(h.journal.root) is not a git repository; run ilgi init --git to make it one\n")
    #expect(h.call("log").stderr == sync.stderr)
    try Self.git(h, "init", "--quiet")
    let noRemote = h.call("sync")
    #expect(noRemote.status == 1)
    #expect(
      noRemote.stderr == "ilgi: the journal has no git remote to sync with; add one with git remote add origin URL\n")
  }
}
