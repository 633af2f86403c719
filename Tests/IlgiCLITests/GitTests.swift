import Foundation
import IlgiFormat
import IlgiSystem
import IlgiTestSupport
import Synchronization
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
    #expect(try Self.git(h, "ls-files") == ".gitattributes\n.gitignore\n")

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

  /// Another git (the person's `git status`, an editor's) holds the index's lock for a moment
  /// while ilgi commits: the commit waits for it and lands; a lock left for good (a git that
  /// crashed) still ends in the warning, with the entry saved.
  @Test func aCommitWaitsForAnotherGitsMomentaryLock() throws {
    let h = try Self.harness(initialize: false)
    #expect(h.call("init", "--git", h.journal.root).status == 0)
    let lock = h.journal.root + "/.git/index.lock"
    for round in 1...5 {
      #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
      // A thread of its own: the dispatch queues' threads may all be busy with other tests.
      Thread.detachNewThread {
        usleep(150_000)
        try? FileManager.default.removeItem(atPath: lock)
      }
      let made = h.call("new", "Written while git looked, \(round)")
      #expect(made.status == 0)
      #expect(made.stderr == "", "round \(round): \(made.stderr)")
    }
    #expect(try Self.git(h, "status", "--porcelain") == "")
    #expect(try Self.git(h, "log", "--oneline").split(separator: "\n").count >= 5)
    #expect(FileManager.default.createFile(atPath: lock, contents: Data()))
    let stuck = h.call("new", "Written while git was stuck")
    #expect(stuck.status == 0)
    #expect(stuck.stderr.hasPrefix("ilgi: warning: saved, but git did not commit it: "), "\(stuck.stderr)")
    #expect(stuck.stderr.contains("index.lock"))
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
    // A first push to an empty remote is not a branch given back.
    #expect(!first.stderr.contains("pushed it there again"), "\(first.stderr)")
    try git(h, "clone", "--quiet", bare, b, in: h.journal.base)
    return (h, a, b)
  }

  static func titles(_ h: Harness, _ journal: String) throws -> [String] {
    let listed = h.call("list", "--json", env: ["ILGI_JOURNAL": journal])
    let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    return entries.compactMap { $0["title"] as? String }.sorted()
  }

  /// A journal put in git by hand (`git add -A` without ilgi's `.gitignore`) commits the
  /// index and the locks: each device's copy then met the other's in a pull, which stopped. The
  /// first sync on each device stops tracking them, and both devices' entries go through.
  @Test func aJournalPutInGitByHandSyncsAllTheSame() throws {
    let h = try Self.harness(initialize: false)
    let bare = h.journal.base + "/remote.git"
    try Self.git(h, "init", "--quiet", "--bare", "--initial-branch=main", bare, in: h.journal.base)
    let a = h.journal.base + "/a"
    #expect(h.call("init", a).status == 0)
    try FileManager.default.removeItem(atPath: a + "/.gitignore")
    #expect(h.call("new", "First", "--date", "2026-11-20T08:00", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("list", env: ["ILGI_JOURNAL": a]).status == 0)
    // A draft and a temporary file left by a write that stopped, each one of ilgi's own.
    let own = [".ilgi/drafts/2026-11-20-0800.md", "2026/11/.first.md.ilgi-1-A.tmp"]
    for file in own {
      try FileManager.default.createDirectory(
        atPath: a + "/" + (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try "left behind\n".write(toFile: a + "/" + file, atomically: false, encoding: .utf8)
    }
    try Self.git(h, "init", "--quiet", "--initial-branch=main", in: a)
    try Self.git(h, "add", "-A", in: a)
    try Self.git(h, "commit", "--quiet", "-m", "by hand", in: a)
    #expect(try Self.git(h, "ls-files", in: a).contains(".ilgi/index.sqlite"))
    try Self.git(h, "remote", "add", "origin", bare, in: a)
    let first = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("they are no longer tracked"), "\(first.stderr)")
    let tracked = try Self.git(h, "ls-files", in: a)
    #expect(!tracked.contains(".ilgi/index.sqlite"))
    for file in own { #expect(!tracked.contains(file), "\(file)") }
    #expect(tracked.contains("2026/11/2026-11-20-0800-first.md"))
    #expect(FileManager.default.fileExists(atPath: a + "/.ilgi/index.sqlite"))
    let b = h.journal.base + "/b"
    try Self.git(h, "clone", "--quiet", bare, b, in: h.journal.base)
    for round in 1...2 {
      for (journal, name) in [(a, "A"), (b, "B")] {
        #expect(h.call("new", "\(name) \(round)", env: ["ILGI_JOURNAL": journal]).status == 0)
        let sync = h.call("sync", env: ["ILGI_JOURNAL": journal])
        #expect(sync.status == 0, "\(name): \(sync.stderr)")
      }
    }
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(try Self.titles(h, a) == ["A 1", "A 2", "B 1", "B 2", "First"])
    #expect(try Self.titles(h, b) == ["A 1", "A 2", "B 1", "B 2", "First"])
    #expect(try Self.git(h, "status", "--porcelain", in: a) == "")
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

  /// A sync with nothing to send asks the remote to receive nothing: a device whose push
  /// address cannot be reached (a read-only mirror's `pushurl`) syncs while it only reads, and
  /// is told once it has an entry to send.
  @Test func aSyncWithNothingToSendPushesNothing() throws {
    let (h, _, b) = try Self.twoClones()
    try Self.git(h, "config", "remote.origin.pushurl", h.journal.base + "/nowhere.git", in: b)
    let reading = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(reading.status == 0, "\(reading.stderr)")
    #expect(h.call("new", "Written on B", env: ["ILGI_JOURNAL": b]).status == 0)
    let writing = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(writing.status != 0)
    #expect(writing.stderr.contains("nowhere.git"), "\(writing.stderr)")
  }

  /// A branch deleted on the remote is given back by the next sync, even one with nothing new
  /// to send: the device's entries are not left where no other device can fetch them.
  @Test func aBranchDeletedOnTheRemoteIsPushedAgain() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(h.call("new", "Written on A", "--date", "2026-11-20T08:00", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let head = try Self.git(h, "rev-parse", "HEAD", in: a).trimmingCharacters(in: .newlines)
    // Deleted where the remote is kept (git refuses a push that deletes its current branch).
    try Self.git(h, "update-ref", "-d", "refs/heads/main", in: h.journal.base + "/remote.git")
    #expect(try Self.git(h, "ls-remote", "--heads", "origin", in: a) == "")
    let sync = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      sync.stderr.contains("origin no longer had the branch main (deleted there); this device pushed it there again"),
      "\(sync.stderr)")
    #expect(try Self.git(h, "ls-remote", "--heads", "origin", in: a) == head + "\trefs/heads/main\n")
    #expect(try Self.git(h, "rev-parse", "@{upstream}", in: a) == head + "\n")
    let again = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Self.titles(h, b) == ["Written on A"])
  }

  /// A branch deleted on the remote while another was pushed there (renamed, say) is not made
  /// again: the devices would each sync their own. The sync says which branches the remote has.
  @Test func aBranchRenamedOnTheRemoteIsNotMadeAgain() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(h.call("new", "Written on A", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    try Self.git(h, "pull", "--quiet", in: b)
    try Self.git(h, "push", "--quiet", "origin", "main:trunk", in: b)
    let remote = h.journal.base + "/remote.git"
    try Self.git(h, "symbolic-ref", "HEAD", "refs/heads/trunk", in: remote)
    try Self.git(h, "update-ref", "-d", "refs/heads/main", in: remote)
    #expect(h.call("new", "Written on A again", env: ["ILGI_JOURNAL": a]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(sync.status != 0)
    #expect(
      sync.stderr.contains(
        "origin has no branch main, the one this device writes, but holds trunk; ilgi never starts another branch there: check out the journal's branch (git fetch origin, then git checkout trunk), bring what you wrote here with git cherry-pick (git log trunk..main lists it), then ilgi sync"
      ), "\(sync.stderr)")
    #expect(try Self.git(h, "for-each-ref", "--format=%(refname)", "refs/heads", in: remote) == "refs/heads/trunk\n")
  }

  /// A device that fetches from one remote and pushes to another (`pushRemote`) is told when
  /// the branch it fetches is gone: its pushes would no longer reach the devices it hears from.
  @Test func aFetchedBranchGoneWhilePushingElsewhereIsSaid() throws {
    let (h, a, _) = try Self.twoClones()
    let mirror = h.journal.base + "/mirror.git"
    try Self.git(h, "init", "--quiet", "--bare", "--initial-branch=main", mirror, in: h.journal.base)
    try Self.git(h, "remote", "add", "mirror", mirror, in: a)
    try Self.git(h, "config", "branch.main.pushRemote", "mirror", in: a)
    try Self.git(h, "update-ref", "-d", "refs/heads/main", in: h.journal.base + "/remote.git")
    #expect(h.call("new", "Written on A", env: ["ILGI_JOURNAL": a]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      sync.stderr.contains(
        "warning: origin no longer has the branch main this device fetches from, and it pushes to mirror"),
      "\(sync.stderr)")
    #expect(try Self.git(h, "rev-parse", "main", in: mirror) == Self.git(h, "rev-parse", "HEAD", in: a))
  }

  /// A push the remote refuses (its hook says why) is said with the remote's reason, not git's
  /// first line (`To /path/remote.git`), and the entry stays written here.
  @Test func aRefusedPushSaysTheRemotesReason() throws {
    let (h, a, _) = try Self.twoClones()
    let hook = h.journal.base + "/remote.git/hooks/pre-receive"
    try "#!/bin/sh\necho 'no pushes on the day of rest' >&2\nexit 1\n".write(
      toFile: hook, atomically: true, encoding: .utf8)
    chmod(hook, 0o755)
    #expect(h.call("new", "Written on A", env: ["ILGI_JOURNAL": a]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(sync.status != 0)
    #expect(
      sync.stderr.contains("[remote rejected]") && sync.stderr.contains("pre-receive hook declined"), "\(sync.stderr)")
    #expect(!sync.stderr.contains(": To "), "\(sync.stderr)")
    #expect(try Self.titles(h, a) == ["Written on A"])
  }

  /// A bare repository made as `git init --bare` makes one where the default branch is
  /// `master`, and a laptop that pushes its sealed journal to `main`: `git clone` checks
  /// nothing out. `ilgi init` in the clone checks the journal's branch out before it writes,
  /// so the phone's entries are sealed and reach the laptop; a device on a branch the remote
  /// does not have is never given one there.
  @Test func aCloneWithNothingCheckedOutFindsTheJournalsBranch() throws {
    var h = try Self.harness(initialize: false)
    h.environment["XDG_RUNTIME_DIR"] = h.journal.base + "/runtime"
    let bare = h.journal.base + "/remote.git"
    try Self.git(h, "-c", "init.defaultBranch=master", "init", "--quiet", "--bare", bare, in: h.journal.base)
    let laptop = h.journal.base + "/laptop"
    let phone = h.journal.base + "/phone"
    try Self.git(h, "-c", "init.defaultBranch=main", "init", "--quiet", laptop, in: h.journal.base)
    try Self.git(h, "remote", "add", "origin", bare, in: laptop)
    #expect(h.call("init", "--git", "--encrypt", laptop).status == 0)
    #expect(
      h.call("new", "--no-weather", "--date", "2026-11-20T08:00", "On the laptop", env: ["ILGI_JOURNAL": laptop]).status
        == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": laptop]).stdout == "Synced with origin/main.\n")
    _ = try ChildProcess.run(["git", "clone", "--quiet", bare, phone], environment: h.environment)
    #expect(try FileManager.default.contentsOfDirectory(atPath: phone) == [".git"], "git checked something out")

    let set = h.call("init", phone)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.hasPrefix("Checked out main, the branch of origin that holds the journal.\n"), "\(set.stdout)")
    let made = h.call("new", "--no-weather", "--date", "2026-11-21T08:00", "On the phone", env: ["ILGI_JOURNAL": phone])
    #expect(made.status == 0, "\(made.stderr)")
    #expect(made.stdout.trimmingCharacters(in: .newlines).hasSuffix(".md.age"), "written in the clear: \(made.stdout)")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": phone]).stdout == "Synced with origin/main.\n")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": laptop]).status == 0)
    #expect(try Self.titles(h, laptop) == ["On the laptop", "On the phone"])
    #expect(try Self.git(h, "ls-remote", "--heads", bare, in: h.journal.base).hasSuffix("refs/heads/main\n"))
  }

  /// A photo attached on a device that keeps places (`attachments.keep_location = true` there)
  /// reaches one that keeps none through a sync: that sync takes the place out, pixels as they
  /// were, in a commit of its own before its push, so the remote and the first device get the
  /// picture without it, and `ilgi doctor` is quiet.
  @Test func aPictureWithItsPlaceFromAnotherDeviceLosesItOnSync() throws {
    let (h, a, b) = try Self.twoClones()
    let keeps = ["ILGI_JOURNAL": b, "ILGI_ATTACHMENTS_KEEP_LOCATION": "true"]
    #expect(h.call("new", "Sakura", "--date", "2026-04-02T08:00", env: keeps).status == 0)
    let photo = h.journal.base + "/IMG_0001.jpg"
    try Data(AttachTests.phoneJPEG).write(to: URL(fileURLWithPath: photo))
    let attached = h.call("attach", "last", photo, env: keeps)
    #expect(attached.status == 0, "\(attached.stderr)")
    #expect(h.call("sync", env: keeps).status == 0)
    let stored = try #require(
      try Self.git(h, "ls-files", in: b).split(separator: "\n").first { $0.hasSuffix(".jpeg") }.map(String.init))
    #expect(try Data(contentsOf: URL(fileURLWithPath: b + "/" + stored)) == Data(AttachTests.phoneJPEG))

    let synced = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("took the place out of 1 picture the sync brought"), "\(synced.stderr)")
    let kept = try [UInt8](Data(contentsOf: URL(fileURLWithPath: a + "/" + stored)))
    #expect(kept != AttachTests.phoneJPEG && kept.count == AttachTests.phoneJPEG.count)
    let gps = try ChildProcess.run(["exiftool", "-n", "-s3", "-GPSLatitude", "-GPSLongitude", a + "/" + stored])
    #expect(gps.status == 0 && gps.stdout.isEmpty, "a place is left: \(gps.stdout)")
    let before = try ChildProcess.run(["exiftool", "-n", "-s3", "-GPSLatitude", photo])
    #expect(!before.stdout.isEmpty, "the photo said no place to begin with")
    #expect(try Self.git(h, "status", "--porcelain", in: a) == "")
    #expect(try Self.git(h, "log", "-1", "--format=%s", in: a) == "ilgi: take the place out of 1 picture\n")
    #expect(h.call("doctor", env: ["ILGI_JOURNAL": a]).status == 0)
    // Pushed: the device that keeps places gets the picture without it.
    #expect(h.call("sync", env: keeps).status == 0)
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: b + "/" + stored))) == kept)
  }

  /// The app syncs by itself (`git.sync_interval`): another device's entry reaches the app's
  /// list with no terminal, one made in the app reaches the remote soon after, and a remote that
  /// cannot be reached is said on the list and tried again while saves go on.
  @Test func theAppSyncsByItself() throws {
    let (h, a, b) = try Self.twoClones()
    let bare = h.journal.base + "/remote.git"
    let server = try ServeTests.Server(
      h, [], env: ["ILGI_JOURNAL": a, "ILGI_GIT_SYNC_INTERVAL": "1s", "ILGI_WEATHER_ENABLED": "false"])
    defer { _ = server.stop() }
    #expect(server.printed.contains("by itself every 1s"), "\(server.printed)")
    func within(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if try condition() { return true }
        usleep(200_000)
      }
      return try condition()
    }
    func status() throws -> [String: Any] {
      let body = try ServeTests.get(server, "/api/sync").body
      return try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] ?? [:]
    }
    // Another device writes and pushes with the CLI.
    #expect(h.call("new", "Written on the laptop", "--date", "2026-11-20T08:00", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(try within(40) { try ServeTests.get(server, "/").body.contains("Written on the laptop") })
    // The sync that brought it says so once it is over (its push after the pull).
    #expect(try within(40) { try (status()["brought"] as? Int ?? 0) >= 1 })
    #expect(try within(40) { try status()["state"] as? String == "synced" })
    #expect(try ServeTests.get(server, "/").body.contains("Synced with the journal&#39;s remote"))

    // Written in the app: on the remote soon after.
    func create(_ text: String) throws -> ServeTests.Reply {
      let body = try JSONSerialization.data(withJSONObject: ["content": text])
      return try ServeTests.get(
        server, "/api/entries",
        headers: ["X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(server.port)", "Content-Type: application/json"],
        method: "POST", body: Array(body))
    }
    #expect(try create("Written in the app\n\nOn the phone.").status == 201)
    #expect(try within(40) { try Self.git(h, "log", "-p", "main", in: bare).contains("On the phone.") })

    // The remote away: the list says so, saves go on; back, the next sitting syncs.
    try FileManager.default.moveItem(atPath: bare, toPath: bare + ".away")
    #expect(try within(40) { try status()["state"] as? String == "offline" })
    let start = Date()
    #expect(try create("Written offline\n\nThe remote is away.").status == 201)
    #expect(Date().timeIntervalSince(start) < 5, "a save waited for the remote")
    #expect(try ServeTests.get(server, "/").body.contains("cannot be reached"))
    try FileManager.default.moveItem(atPath: bare + ".away", toPath: bare)
    #expect(try create("Back online\n\nThe remote is back.").status == 201)
    #expect(try within(40) { try Self.git(h, "log", "-p", "main", in: bare).contains("The remote is back.") })
    #expect(try Self.git(h, "log", "-p", "main", in: bare).contains("The remote is away."))
    // The push is on the remote a moment before the sync that made it is over.
    #expect(try within(40) { try status()["state"] as? String == "synced" })
  }

  /// Two devices each serving the app, syncing the same remote by themselves every second
  /// while a writer on each adds entries and lines to one entry both have, at once: when the
  /// writing stops, every word is on both devices once, and `ilgi doctor` is clean on both.
  @Test func twoServersSyncingAtOnceLoseNothing() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(
      h.call("new", "Both\n\nThe first line.", "--date", "2026-11-01T08:00", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    let listed = h.call("list", "--json", env: ["ILGI_JOURNAL": a]).stdout
    let entries = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]] ?? []
    let both = try #require(entries.first?["id"] as? String)
    let servers = try [a, b].map {
      try ServeTests.Server(
        h, [], env: ["ILGI_JOURNAL": $0, "ILGI_GIT_SYNC_INTERVAL": "1s", "ILGI_WEATHER_ENABLED": "false"])
    }
    defer { for server in servers { _ = server.stop() } }
    let rounds = 6
    @Sendable func json(_ reply: ServeTests.Reply) -> [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]) ?? [:]
    }
    let targets = servers.map { (port: $0.port, token: $0.token) }
    @Sendable func ask(_ device: Int, _ method: String, _ path: String, _ body: [String: Any]? = nil)
      -> ServeTests.Reply
    {
      let (port, token) = targets[device]
      let data = body.flatMap { try? JSONSerialization.data(withJSONObject: $0) }.map { Array($0) }
      let headers =
        ["Authorization: Bearer " + token]
        + (data == nil
          ? [] : ["X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(port)", "Content-Type: application/json"])
      return (try? ServeTests.get(port, path, headers: headers, method: method, body: data))
        ?? ServeTests.Reply(status: 0, headers: [:], body: "")
    }
    let names = ["A", "B"]
    DispatchQueue.concurrentPerform(iterations: 2) { device in
      for round in 1...rounds {
        _ = ask(
          device, "POST", "/api/entries", ["content": "Entry \(names[device])\(round)\n\nword\(names[device])\(round)x"]
        )
        // A line on the entry both have, saved on the version this page read.
        for _ in 0..<20 {
          let current = json(ask(device, "GET", "/api/entries/" + both))
          guard let content = current["content"] as? String, let version = current["version"] as? String else {
            continue
          }
          let line = "line\(names[device])\(round)x"
          let saved = ask(
            device, "PUT", "/api/entries/" + both,
            [
              "content": content.trimmingCharacters(in: .newlines) + "\n" + line + "\n", "base": version,
              "settled": true,
            ])
          if saved.status == 200 { break }
          usleep(100_000)
        }
        usleep(UInt32.random(in: 200_000...900_000))
      }
    }
    let words = names.flatMap { name in (1...rounds).flatMap { ["word\(name)\($0)x", "line\(name)\($0)x"] } }
    func text(_ journal: String) -> String {
      let files = (FileManager.default.enumerator(atPath: journal)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
      return files.compactMap { try? String(contentsOfFile: journal + "/" + $0, encoding: .utf8) }.joined(
        separator: "\n")
    }
    func settled() -> Bool {
      [a, b].allSatisfy { journal in words.allSatisfy { text(journal).contains($0) } }
        && (try? Self.git(h, "rev-parse", "HEAD", in: a)) == (try? Self.git(h, "rev-parse", "HEAD", in: b))
    }
    let deadline = Date().addingTimeInterval(40)
    while !settled(), Date() < deadline { usleep(500_000) }
    let said = (0..<2).map { ask($0, "GET", "/api/sync").body }
    for server in servers { #expect(server.stop().status == 0) }
    let state = try [a, b].map {
      try Self.git(h, "status", "--short", "--branch", in: $0) + Self.git(h, "log", "--oneline", "-3", in: $0)
    }
    #expect(settled(), "the devices did not converge: \(said) \(state)")
    for journal in [a, b] {
      let all = text(journal)
      for word in words {
        #expect(
          all.components(separatedBy: word).count == 2,
          "\(journal): \(word) is there \(all.components(separatedBy: word).count - 1) times")
      }
      let doctor = h.call("doctor", env: ["ILGI_JOURNAL": journal])
      #expect(doctor.status == 0, "\(journal): \(doctor.stdout)\(doctor.stderr)")
      #expect(try Self.git(h, "status", "--porcelain", in: journal) == "")
    }
    #expect(try Self.git(h, "rev-parse", "HEAD", in: a) == Self.git(h, "rev-parse", "HEAD", in: b))
  }

  /// A sitting in the app ends in a commit of its last text however it ends: the server
  /// stopped with Ctrl-C, or killed and started again. Each save here is one that no sitting's
  /// end committed (the page was closed before it could say so).
  @Test func everySittingEndsInACommitOfItsLastText() throws {
    var h = try Self.harness(initialize: false)
    #expect(h.call("init", "--git", h.journal.root).status == 0)
    h.environment["ILGI_WEATHER_ENABLED"] = "false"
    func save(_ server: ServeTests.Server, _ id: String, _ text: String, base: String) throws -> String {
      let body = try JSONSerialization.data(withJSONObject: ["content": text, "base": base, "settled": false])
      let reply = try ServeTests.get(
        server, "/api/entries/" + id,
        headers: ["X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(server.port)", "Content-Type: application/json"],
        method: "PUT", body: Array(body))
      #expect(reply.status == 200, "\(reply.body)")
      let object = try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
      return object?["version"] as? String ?? ""
    }
    let made = h.call("new", "Sitting\n\nfirst line")
    let path = made.stdout.trimmingCharacters(in: .newlines)
    let id = try #require(h.journal.text(path)?.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
    var version = ""
    for round in 1...3 {
      let server = try ServeTests.Server(h, [])
      let current =
        try JSONSerialization.jsonObject(
          with: Data(try ServeTests.get(server, "/api/entries/" + id).body.utf8)) as? [String: Any]
      version = try save(
        server, String(id), "Sitting\n\nline \(round), Ctrl-C", base: current?["version"] as? String ?? "")
      #expect(try Self.git(h, "status", "--porcelain") != "", "the save was committed before the sitting ended")
      #expect(server.stop().status == 0)
      #expect(try Self.git(h, "status", "--porcelain") == "", "round \(round): Ctrl-C left the text uncommitted")
      #expect(try Self.git(h, "show", "HEAD:" + path).contains("line \(round), Ctrl-C"))
    }
    // Killed (as a power cut would), then started again.
    let killed = try ServeTests.Server(h, [])
    _ = try save(killed, String(id), "Sitting\n\nbefore the kill", base: version)
    kill(killed.process.processIdentifier, SIGKILL)
    killed.process.waitUntilExit()
    #expect(try Self.git(h, "status", "--porcelain") != "")
    let again = try ServeTests.Server(h, [])
    #expect(try Self.git(h, "status", "--porcelain") == "", "a server started again left the text uncommitted")
    #expect(try Self.git(h, "show", "HEAD:" + path).contains("before the kill"))
    _ = again.stop()
  }

  /// A page's settled save whose commit is slow (a hook that takes a second), and that page's
  /// last text sent while it commits (the tab closed): the last text is written on top, never
  /// refused as another writer's change, and committed.
  @Test func aPagesLastSaveDuringItsSlowCommitLands() throws {
    var h = try Self.harness(initialize: false)
    #expect(h.call("init", "--git", h.journal.root).status == 0)
    h.environment["ILGI_WEATHER_ENABLED"] = "false"
    let made = h.call("new", "Tea\n\nGreen.")
    let path = made.stdout.trimmingCharacters(in: .newlines)
    let id = try #require(h.journal.text(path)?.split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
    let hook = h.journal.root + "/.git/hooks/pre-commit"
    try "#!/bin/sh\nsleep 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    let shown =
      try JSONSerialization.jsonObject(
        with: Data(try ServeTests.get(server, "/api/entries/" + id).body.utf8)) as? [String: Any]
    let base = try #require(shown?["version"] as? String)
    let target = (port: server.port, token: server.token)
    @Sendable func save(_ text: String, _ sequence: Int) -> Int {
      let body = try? JSONSerialization.data(withJSONObject: [
        "content": text, "base": base, "settled": true, "page": "one", "sequence": sequence,
      ])
      return
        (try? ServeTests.get(
          target.port, "/api/entries/" + id,
          headers: [
            "Authorization: Bearer " + target.token, "X-Ilgi-Request: 1", "Origin: http://127.0.0.1:\(target.port)",
            "Content-Type: application/json",
          ], method: "PUT", body: body.map { Array($0) }))?.status ?? 0
    }
    let statuses = Mutex<[Int]>([0, 0])
    DispatchQueue.concurrentPerform(iterations: 2) { n in
      if n == 1 { usleep(300_000) }
      let status = save(n == 0 ? "Tea\n\nGreen, then" : "Tea\n\nGreen, then oolong.", 10 + n)
      statuses.withLock { $0[n] = status }
    }
    #expect(statuses.withLock { $0 } == [200, 200])
    #expect(h.journal.text(path)?.contains("Green, then oolong.") == true)
    #expect(try Self.git(h, "show", "HEAD:" + path).contains("Green, then oolong."))
  }

  /// A device whose branch the remote does not have (a `master` the person made) is told so
  /// and pushes nothing: two devices syncing two branches would never see each other's entries.
  @Test func aSyncNeverStartsAnotherBranchOnTheRemote() throws {
    let (h, _, b) = try Self.twoClones()
    try Self.git(h, "checkout", "--quiet", "-b", "master", in: b)
    #expect(h.call("new", "--no-weather", "Written on master", env: ["ILGI_JOURNAL": b]).status == 0)
    let bare = h.journal.base + "/remote.git"
    let before = try Self.git(h, "ls-remote", "--heads", bare, in: h.journal.base)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(sync.status == 1)
    #expect(
      sync.stderr.hasSuffix(
        "ilgi: origin has no branch master, the one this device writes, but holds main; ilgi never starts"
          + " another branch there: check out the journal's branch (git fetch origin, then git checkout main), bring what you wrote here with"
          + " git cherry-pick (git log main..master lists it), then ilgi sync\n"), "\(sync.stderr)")
    #expect(try Self.git(h, "ls-remote", "--heads", bare, in: h.journal.base) == before)
    let doctor = h.call("doctor", env: ["ILGI_JOURNAL": b])
    #expect(doctor.status == 1)
    #expect(doctor.stdout.contains("this device writes the branch master, which origin does not have (it holds main)"))
  }

  /// Saves the app made while typing, and a file written by hand, were never committed (the
  /// page was closed before its sitting ended): the sync commits each entry and carries it.
  @Test func aSyncCarriesEntriesSavedButNotCommitted() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(h.call("new", "Typed on the phone", "--date", "2026-11-20T08:00", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let path = try #require(
      FileManager.default.subpaths(atPath: a)?.first { $0.hasSuffix(".md") && !$0.hasPrefix(".") })
    let typed = Self.text(a, path).replacingOccurrences(of: "Typed on the phone", with: "Typed on the phone, then more")
    try Data(typed.utf8).write(to: URL(fileURLWithPath: a + "/" + path))
    let byHand = "2026/11/2026-11-21-by-hand.md"
    try Data("---\ndate: 2026-11-21T09:00:00+09:00\n---\nBy hand\n\nIn vim.\n".utf8).write(
      to: URL(fileURLWithPath: a + "/" + byHand))
    try Data("notes\n".utf8).write(to: URL(fileURLWithPath: a + "/.ilgi/scratch.md"))
    let sync = h.call("sync", env: ["ILGI_JOURNAL": a])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      try Self.subjects(h, in: a).prefix(2).sorted() == [
        "ilgi: edit 2026-11-20 Typed on the phone, then more", "ilgi: edit 2026-11-21 By hand",
      ])
    #expect(try Self.git(h, "status", "--porcelain", "--", path, byHand, in: a) == "")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(try Self.titles(h, b) == ["By hand", "Typed on the phone, then more"])
    // With git.autocommit off, what is not committed stays as it was.
    #expect(h.call("config", "set", "git.autocommit", "false", env: ["ILGI_JOURNAL": b]).status == 0)
    try Data("Left alone\n".utf8).write(to: URL(fileURLWithPath: b + "/" + byHand))
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(try Self.git(h, "status", "--porcelain", "--", byHand, in: b) == " M \(byHand)\n")
  }

  /// In an encrypted journal the sync commits sealed entries only: a plain `.md` written there
  /// by hand would put its text in the history.
  @Test func aSyncOfAnEncryptedJournalCommitsNoPlainFile() throws {
    var (h, a, _) = try Self.twoClones()
    h.environment["XDG_RUNTIME_DIR"] = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: h.journal.base + "/runtime", withIntermediateDirectories: true)
    let onA = ["ILGI_JOURNAL": a]
    #expect(h.call("init", "--encrypt", a).status == 0)
    #expect(h.call("new", "--no-weather", "--date", "2026-11-20T08:00", "Sealed", env: onA).status == 0)
    #expect(h.call("sync", env: onA).status == 0)
    // A sealed entry sealed again by hand with age (as another tool might), and a plain file.
    let sealed = try #require(
      FileManager.default.subpaths(atPath: a)?.first { $0.hasSuffix(".md.age") && !$0.hasPrefix(".") })
    let recipient = h.call("key", "show", env: onA).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let text = h.journal.base + "/text.md"
    try Data("---\ndate: 2026-11-20T08:00:00+09:00\n---\nSealed again\n".utf8).write(to: URL(fileURLWithPath: text))
    let resealed = try ChildProcess.run([try TestTools.age, "-r", recipient, "-o", a + "/" + sealed, text])
    #expect(resealed.status == 0, "\(resealed.stderr)")
    let plain = "2026/11/by-hand.md"
    try Data("Plain words \(EncryptionTests.marker)\n".utf8).write(to: URL(fileURLWithPath: a + "/" + plain))
    let sync = h.call("sync", env: onA)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(try Self.git(h, "status", "--porcelain", "--", sealed, in: a) == "")
    #expect(try Self.git(h, "status", "--porcelain", "--", plain, in: a) == "?? \(plain)\n")
    #expect(try !Self.git(h, "log", "-p", "--all", in: a).contains(EncryptionTests.marker))
  }

  static func text(_ journal: String, _ path: String) -> String {
    String(decoding: FileManager.default.contents(atPath: journal + "/" + path) ?? Data(), as: UTF8.self)
  }

  /// Both devices changed the same line: the sync goes through, the entry holds both
  /// versions (the one already pushed first), never git's markers, and the sync names it. The
  /// entry says `unsettled:` until the person deletes that line, so `ilgi doctor` names it on
  /// both devices.
  @Test func editingOneLineInBothClonesKeepsBothVersionsWithoutMarkers() throws {
    let (h, a, b) = try Self.twoClones()
    let new = h.call("new", "Shared entry", "--date", "2026-11-21T08:00", env: ["ILGI_JOURNAL": a])
    let path = new.stdout.trimmingCharacters(in: .newlines)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let firstOnB = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(firstOnB.status == 0)
    #expect(
      firstOnB.stderr.contains("git here now shows and merges the journal's entries through ilgi"), "\(firstOnB.stderr)"
    )

    let editorA = try Self.replacingEditor(h, "a.sh", "Shared entry", "Shared entry, as A tells it")
    let editorB = try Self.replacingEditor(h, "b.sh", "Shared entry", "Shared entry, as B remembers it")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": a, "EDITOR": editorA]).status == 0)
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": editorB]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(
      sync.stderr.contains(
        "\(path): both devices changed the same lines; the entry holds both versions, one after the other: settle it with ilgi edit \(path)"
      ), "\(sync.stderr)")
    let text = Self.text(b, path)
    #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>") && !text.contains("======="), "\(text)")
    let told = try #require(text.range(of: "Shared entry, as A tells it"))
    let remembered = try #require(text.range(of: "Shared entry, as B remembers it"))
    #expect(told.lowerBound < remembered.lowerBound)
    #expect(text.contains("\nunsettled: "), "\(text)")
    // Meanwhile A changed the front matter's last line (the date): its sync replays that beside
    // the mark, one of each key.
    let redate = try h.journal.script("redate.sh", "sed -i 's/^\\(date: .*\\)08:00/\\108:05/' \"$1\"")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": a, "EDITOR": redate]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let both = Self.text(a, path)
    #expect(both == text.replacingOccurrences(of: "08:00", with: "08:05"), "\(both)")
    #expect(both.components(separatedBy: "\nunsettled: ").count == 2 && both.contains("T08:05"), "\(both)")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(Self.text(b, path) == both)
    #expect(try Self.git(h, "status", "--porcelain", in: b) == "")
    let unsettled = "a sync kept two devices' versions of one passage, one after the other"
    for journal in [a, b] {
      let doctor = h.call("doctor", env: ["ILGI_JOURNAL": journal])
      #expect(doctor.status == 1, "\(doctor.stdout)")
      #expect((doctor.stdout + doctor.stderr).contains(path) && (doctor.stdout + doctor.stderr).contains(unsettled))
    }
    // B keeps A's telling, but leaves the mark: still unsettled. Then B deletes the mark too.
    let keep = try h.journal.script("keep.sh", "sed -i '/as B remembers it/d' \"$1\"")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": keep]).status == 0)
    #expect(Self.text(b, path).contains("\nunsettled: ") && h.call("doctor", env: ["ILGI_JOURNAL": b]).status == 1)
    let settle = try h.journal.script("settle.sh", "sed -i '/^unsettled: /d' \"$1\"")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": settle]).status == 0)
    let settled = Self.text(b, path)
    #expect(
      !settled.contains("unsettled") && !settled.contains("as B remembers it") && settled.contains("as A tells it"))
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(Self.text(a, path) == settled)
    for journal in [a, b] { #expect(h.call("doctor", env: ["ILGI_JOURNAL": journal]).status == 0) }
  }

  /// An entry deleted by hand (`rm`) is committed by the next sync as ilgi's own deletes are:
  /// left out, the pull stashed the delete, putting it back over the other device's change
  /// stopped with the file unmerged, and the sync said it had synced. Now the changed entry is
  /// kept, as for any delete, and nothing is left in git's stash.
  @Test func anEntryDeletedByHandIsCommittedAndMeetsAChangeCleanly() throws {
    let (h, a, b) = try Self.twoClones()
    let onA = ["ILGI_JOURNAL": a]
    let onB = ["ILGI_JOURNAL": b]
    let path = h.call("new", "Lighthouse", "--date", "2026-11-21T08:00", env: onA).stdout
      .trimmingCharacters(in: .newlines)
    #expect(h.call("sync", env: onA).status == 0)
    #expect(h.call("sync", env: onB).status == 0)
    #expect(unlink(b + "/" + path) == 0)
    let lighthouse = try Self.replacingEditor(h, "lighthouse.sh", "Lighthouse", "Lighthouse at dusk")
    #expect(try h.run("edit", path, env: onA.merging(["EDITOR": lighthouse]) { $1 }).status == 0)
    #expect(h.call("sync", env: onA).status == 0)
    let sync = h.call("sync", env: onB)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("\(path): deleted on one device and changed on the other"), "\(sync.stderr)")
    #expect(try Self.git(h, "status", "--porcelain", in: b) == "")
    #expect(try Self.git(h, "stash", "list", in: b) == "")
    #expect(try Self.titles(h, b) == ["Lighthouse at dusk"])
    #expect(h.call("sync", env: onA).status == 0)
    #expect(try Self.titles(h, a) == ["Lighthouse at dusk"])
  }

  /// An entry renamed with `git mv` and not committed goes whole: the new name and the old
  /// one's delete, so the other device has it once.
  @Test func aRenameByHandGoesWhole() throws {
    let (h, a, b) = try Self.twoClones()
    let onA = ["ILGI_JOURNAL": a]
    let first = h.call("new", "Harbour", "--date", "2026-11-21T08:00", env: onA).stdout
      .trimmingCharacters(in: .newlines)
    #expect(h.call("sync", env: onA).status == 0)
    let renamed = (first as NSString).deletingLastPathComponent + "/harbour-renamed.md"
    try Self.git(h, "mv", first, renamed, in: a)
    let sync = h.call("sync", env: onA)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(try Self.git(h, "status", "--porcelain", in: a) == "")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(FileManager.default.fileExists(atPath: b + "/" + renamed))
    #expect(!FileManager.default.fileExists(atPath: b + "/" + first))
  }

  /// A change not committed here (a file ilgi does not commit) that the pull's change of the
  /// same file meets when git puts it back is a conflict the sync names with what to do, not a
  /// sync said done with the file left unmerged; and every sync after says the same until it
  /// is settled.
  @Test func aStashedChangeThatMeetsThePullIsNamedUntilSettled() throws {
    let (h, a, b) = try Self.twoClones()
    try Data("Plans\n".utf8).write(to: URL(fileURLWithPath: a + "/notes.txt"))
    try Self.git(h, "add", "notes.txt", in: a)
    try Self.git(h, "commit", "--quiet", "-m", "Notes", in: a)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    try Data("Plans from A\n".utf8).write(to: URL(fileURLWithPath: a + "/notes.txt"))
    try Self.git(h, "commit", "--quiet", "-am", "Notes on A", in: a)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    try Data("Plans from B\n".utf8).write(to: URL(fileURLWithPath: b + "/notes.txt"))
    for _ in 0..<2 {
      let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
      #expect(sync.status != 0)
      #expect(
        sync.stderr.contains("conflict in notes.txt: a change not yet committed here met what the sync brought"),
        "\(sync.stderr)")
    }
    #expect(try Self.git(h, "stash", "list", in: b).contains("autostash"))
    let doctor = h.call("doctor", env: ["ILGI_JOURNAL": b])
    #expect(doctor.status != 0)
    #expect(
      doctor.stdout.contains("conflict in notes.txt: a change not yet committed here met what the sync brought"),
      "\(doctor.stdout)")
    // As the message says: keep the file as wanted, add it, drop the stash, sync.
    try Data("Plans from A and B\n".utf8).write(to: URL(fileURLWithPath: b + "/notes.txt"))
    try Self.git(h, "add", "notes.txt", in: b)
    try Self.git(h, "stash", "drop", "--quiet", in: b)
    let settled = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(settled.status == 0, "\(settled.stderr)")
  }

  /// One device deleted an entry the other changed, whichever syncs first: the sync goes
  /// through, the changed entry is kept on both devices, and the sync says so.
  @Test func anEntryDeletedOnOneDeviceAndChangedOnTheOtherIsKept() throws {
    let (h, a, b) = try Self.twoClones()
    let onA = ["ILGI_JOURNAL": a]
    let onB = ["ILGI_JOURNAL": b]
    var paths: [String] = []
    for (title, time) in [("Picnic", "2026-11-21T08:00"), ("Concert", "2026-11-22T20:00")] {
      paths.append(h.call("new", title, "--date", time, env: onA).stdout.trimmingCharacters(in: .newlines))
      // A file beside each, which `ilgi delete` takes with the entry.
      let file = h.journal.base + "/\(title).txt"
      try Data("\(title) programme\n".utf8).write(to: URL(fileURLWithPath: file))
      #expect(h.call("attach", paths.last!, file, env: onA).status == 0)
    }
    #expect(h.call("sync", env: onA).status == 0)
    #expect(h.call("sync", env: onB).status == 0)
    // Picnic: A deletes, B changes; A syncs first. Concert: B changes and syncs, then A deletes.
    #expect(h.call("delete", paths[0], "--yes", env: onA).status == 0)
    let picnic = try Self.replacingEditor(h, "picnic.sh", "Picnic", "Picnic, with rain")
    #expect(try h.run("edit", paths[0], env: onB.merging(["EDITOR": picnic]) { $1 }).status == 0)
    #expect(h.call("sync", env: onA).status == 0)
    let concert = try Self.replacingEditor(h, "concert.sh", "Concert", "Concert, encore")
    #expect(try h.run("edit", paths[1], env: onB.merging(["EDITOR": concert]) { $1 }).status == 0)
    let first = h.call("sync", env: onB)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.contains(
        "\(paths[0]): deleted on one device and changed on the other; the changed entry is kept (ilgi delete \(paths[0]) deletes it again)"
      ), "\(first.stderr)")
    #expect(h.call("delete", paths[1], "--yes", env: onA).status == 0)
    let second = h.call("sync", env: onA)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("\(paths[1]): deleted on one device and changed on the other"), "\(second.stderr)")
    #expect(h.call("sync", env: onB).status == 0)
    for journal in [a, b] {
      #expect(Self.text(journal, paths[0]).contains("Picnic, with rain"))
      #expect(Self.text(journal, paths[1]).contains("Concert, encore"))
      let doctor = h.call("doctor", env: ["ILGI_JOURNAL": journal])
      #expect(doctor.status == 0, "the attachments came back with the entries: \(doctor.stdout)\(doctor.stderr)")
      #expect(try Self.git(h, "status", "--porcelain", in: journal) == "")
    }
  }

  /// One device encrypted the journal (each plain entry deleted, a sealed one added) while the
  /// other changed an entry in the clear: keeping that plain file would put its text in the
  /// sealed journal's history, so the sync stops, says what to do, and loses nothing.
  @Test func aPlainEditMeetingTheOtherDevicesEncryptionStopsTheSync() throws {
    var (h, a, b) = try Self.twoClones()
    h.environment["XDG_RUNTIME_DIR"] = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: h.journal.base + "/runtime", withIntermediateDirectories: true)
    let path = h.call("new", "Picnic", "--date", "2026-11-21T08:00", env: ["ILGI_JOURNAL": a]).stdout
      .trimmingCharacters(in: .newlines)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(h.call("init", "--encrypt", a).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let editor = try Self.replacingEditor(h, "clear.sh", "Picnic", "Picnic, in the clear")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": editor]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(sync.status == 1)
    #expect(
      sync.stderr.contains("conflict in \(path): deleted on one device and changed on the other (ilgi keeps"),
      "\(sync.stderr)")
    #expect(Self.text(b, path).contains("Picnic, in the clear"))
    #expect(try !Self.git(h, "log", "-p", "--all", in: a).contains("Picnic, in the clear"))
  }

  /// The commonest diary case: both devices wrote on at the end of one entry. Both texts
  /// stay, the one pushed first first, and nothing needs settling.
  @Test func twoAdditionsAtTheEndOfOneEntryBothStay() throws {
    let (h, a, b) = try Self.twoClones()
    let new = h.call("new", "Trip notes", "--date", "2026-11-21T08:00", env: ["ILGI_JOURNAL": a])
    let path = new.stdout.trimmingCharacters(in: .newlines)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    for (journal, line) in [(a, "Lunch in Gyeongju."), (b, "Tea at the station.")] {
      let editor = try h.journal.script(
        "append-\(line.prefix(3)).sh", "#!/bin/sh\nprintf '\\n%s\\n' '\(line)' >> \"$1\"\n")
      #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": journal, "EDITOR": editor]).status == 0)
    }
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(!sync.stderr.contains("both versions"), "\(sync.stderr)")
    let text = Self.text(b, path)
    #expect(text.hasSuffix("Trip notes\n\nLunch in Gyeongju.\n\nTea at the station.\n"), "\(text)")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(Self.text(a, path) == text)
  }

  /// Two devices made an entry of one title in one minute: one name for two entries. The sync
  /// keeps both: the one pushed first keeps the name, the other takes one of its own (with its
  /// own later edit), committed and named in a note; nothing is left for git to settle.
  @Test func twoEntriesOfOneNameFromTwoDevicesStayTwo() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    var paths: [String] = []
    for (journal, who) in [(a, "A"), (b, "B")] {
      let made = h.call(
        "new", "Dinner\n\nAs \(who) wrote it.", "--date", "2026-11-20T21:00", env: ["ILGI_JOURNAL": journal])
      #expect(made.status == 0, "\(made.stderr)")
      paths.append(made.stdout.trimmingCharacters(in: .newlines))
    }
    #expect(paths[0] == paths[1], "\(paths)")
    let path = paths[0]
    // B edits its entry before syncing: the edit goes with it to its new name.
    let editor = try Self.replacingEditor(h, "later.sh", "As B wrote it.", "As B wrote it, and later more.")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": editor]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let sync = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(sync.status == 0, "\(sync.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: b + "/2026/11").sorted()
    let moved = try #require(
      names.first { $0.hasPrefix("2026-11-20-2100-dinner-") }.map { "2026/11/" + $0 }, "\(names)")
    #expect(names.count == 2, "\(names)")
    #expect(
      sync.stderr.contains("\(path): two devices each made an entry of this name; both are kept, one now as \(moved)"),
      "\(sync.stderr)")
    #expect(Self.text(b, path).contains("As A wrote it.") && !Self.text(b, path).contains("As B"))
    #expect(Self.text(b, moved).hasSuffix("Dinner\n\nAs B wrote it, and later more.\n"), "\(Self.text(b, moved))")
    #expect(try Self.git(h, "status", "--porcelain", in: b) == "")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(Self.text(a, moved) == Self.text(b, moved))
    #expect(try Self.titles(h, a) == ["Dinner", "Dinner"])
    #expect(h.call("doctor", env: ["ILGI_JOURNAL": a]).status == 0)
  }

  /// `ilgi sync --json` gives the sync's typed outcome, which the app words: merged, unsettled
  /// (both versions of a passage kept), refused (a conflict git left), offline (no remote to
  /// reach), each with what it said.
  @Test func aSyncSaysHowItWentAsJSON() throws {
    let (h, a, b) = try Self.twoClones()
    func sync(_ journal: String) throws -> [String: Any] {
      let result = h.call("sync", "--json", env: ["ILGI_JOURNAL": journal])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      // A sync that stopped says so in its status too.
      let stopped = ["refused", "offline"].contains(object["state"] as? String ?? "")
      #expect((result.status != 0) == stopped, "\(object) exited \(result.status)")
      return object
    }
    let new = h.call("new", "Shared entry", "--date", "2026-11-21T08:00", env: ["ILGI_JOURNAL": a])
    let path = new.stdout.trimmingCharacters(in: .newlines)
    let first = try sync(a)
    #expect(first["state"] as? String == "merged" && first["brought"] as? Bool == false, "\(first)")
    let arrived = try sync(b)
    #expect(arrived["state"] as? String == "merged" && arrived["brought"] as? Bool == true, "\(arrived)")
    #expect((arrived["said"] as? [String])?.first?.hasPrefix("git here now shows") == true, "\(arrived)")
    let editorA = try Self.replacingEditor(h, "a.sh", "Shared entry", "Shared entry, as A tells it")
    let editorB = try Self.replacingEditor(h, "b.sh", "Shared entry", "Shared entry, as B remembers it")
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": a, "EDITOR": editorA]).status == 0)
    #expect(try h.run("edit", path, env: ["ILGI_JOURNAL": b, "EDITOR": editorB]).status == 0)
    #expect(try sync(a)["state"] as? String == "merged")
    let both = try sync(b)
    #expect(both["state"] as? String == "unsettled", "\(both)")
    #expect((both["said"] as? [String])?.contains { $0.hasPrefix(path + ": both devices changed") } == true)
    // A conflict git leaves outside the entries: refused, with the line that says what to do.
    for (journal, line) in [(a, "kept by A"), (b, "kept by B")] {
      try Data("Notes \(line)\n".utf8).write(to: URL(fileURLWithPath: journal + "/notes.txt"))
      try Self.git(h, "add", "notes.txt", in: journal)
      try Self.git(h, "commit", "--quiet", "-m", line, in: journal)
    }
    #expect(try sync(a)["state"] as? String == "merged")
    let refused = try sync(b)
    #expect(refused["state"] as? String == "refused", "\(refused)")
    #expect((refused["said"] as? [String])?.last?.hasPrefix("conflict in notes.txt") == true, "\(refused)")
    // The remote gone: offline.
    let remote = try Self.git(h, "remote", "get-url", "origin", in: a).trimmingCharacters(in: .newlines)
    try FileManager.default.moveItem(atPath: remote, toPath: remote + ".away")
    let offline = try sync(a)
    #expect(offline["state"] as? String == "offline", "\(offline)")
  }

  /// A file that is not an entry (the README beside the diary) changed on both sides stops
  /// the sync with git's markers, as git leaves them, and a message that says so.
  @Test func aConflictOutsideTheEntriesStopsTheSyncAndLosesNothing() throws {
    let (h, a, b) = try Self.twoClones()
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    for (journal, line) in [(a, "kept by A"), (b, "kept by B")] {
      try Data("Notes \(line)\n".utf8).write(to: URL(fileURLWithPath: journal + "/notes.txt"))
      try Self.git(h, "add", "notes.txt", in: journal)
      try Self.git(h, "commit", "--quiet", "-m", line, in: journal)
    }
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    let conflict = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(conflict.status == 1)
    #expect(
      conflict.stderr
        == "ilgi: conflict in notes.txt: both versions are in the file between <<<<<<< and >>>>>>>; keep what you want, then run git add notes.txt, git rebase --continue and ilgi sync\n"
    )
    let text = Self.text(b, "notes.txt")
    #expect(text.contains("kept by A") && text.contains("kept by B"))
    let again = h.call("sync", env: ["ILGI_JOURNAL": b])
    #expect(again.status == 1)
    #expect(again.stderr == conflict.stderr)
    try Data("Notes kept by A and B\n".utf8).write(to: URL(fileURLWithPath: b + "/notes.txt"))
    try Self.git(h, "add", "notes.txt", in: b)
    let resolved = try ChildProcess.run(
      ["git", "-C", b, "-c", "core.editor=true", "rebase", "--continue"], environment: h.environment)
    #expect(resolved.status == 0, "\(resolved.stderr)")
    #expect(h.call("sync", env: ["ILGI_JOURNAL": b]).status == 0)
    #expect(h.call("sync", env: ["ILGI_JOURNAL": a]).status == 0)
    #expect(Self.text(a, "notes.txt") == "Notes kept by A and B\n")
  }

  /// An encrypted journal on two devices, each with its own key and both recipients: entries
  /// made in the same minute stay two, changes to different lines of one entry merge inside
  /// the seal, and both versions of a line both changed stay, sealed, for `ilgi edit`.
  @Test func twoDevicesOfAnEncryptedJournalLoseNothing() throws {
    var (h, a, b) = try Self.twoClones()
    h.environment["XDG_RUNTIME_DIR"] = h.journal.base + "/runtime"
    try FileManager.default.createDirectory(atPath: h.journal.base + "/runtime", withIntermediateDirectories: true)
    let keyB = h.journal.base + "/device-b.txt"
    _ = try ChildProcess.run([try TestTools.ageKeygen, "-o", keyB])
    let recipientB = try ChildProcess.run([try TestTools.ageKeygen, "-y", keyB]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let onA = ["ILGI_JOURNAL": a]
    let onB = ["ILGI_JOURNAL": b, "ILGI_IDENTITY": keyB]
    #expect(h.call("init", "--encrypt", a).status == 0)
    #expect(h.call("key", "add", recipientB, env: onA).status == 0)
    #expect(h.call("sync", env: onA).status == 0)
    // In the clone, init sets up what git needs to show and merge sealed entries.
    #expect(try Self.git(h, "pull", "--quiet", in: b) == "")
    let setUp = h.call("init", b, env: onB)
    #expect(setUp.status == 0 && setUp.stdout.contains("git here now shows and merges"), "\(setUp.stdout)")
    #expect(h.call("sync", env: onB).status == 0)

    // The same minute on both devices.
    #expect(h.call("new", "--no-weather", "--date", "2026-11-20T21:00", "Dinner, as A wrote it", env: onA).status == 0)
    #expect(h.call("new", "--no-weather", "--date", "2026-11-20T21:00", "Dinner, as B wrote it", env: onB).status == 0)
    for env in [onA, onB, onA] { #expect(h.call("sync", env: env).status == 0) }
    for env in [onA, onB] {
      let titles = try Self.titles(h, env["ILGI_JOURNAL"]!)
      #expect(titles == ["Dinner, as A wrote it", "Dinner, as B wrote it"], "\(titles)")
    }
    #expect(h.call("log", "-p", env: onB).stdout.contains("+Dinner, as A wrote it"))

    // Different lines of one entry.
    let made = h.call(
      "new", "--no-weather", "--date", "2026-11-22T07:00", "Morning\n\nline one\n\nline two\n\nline three", env: onA)
    let path = made.stdout.trimmingCharacters(in: .newlines)
    for env in [onA, onB] { #expect(h.call("sync", env: env).status == 0) }
    let first = try Self.replacingEditor(h, "one.sh", "line one", "line one, from A")
    let third = try Self.replacingEditor(h, "three.sh", "line three", "line three, from B")
    #expect(try h.run("edit", path, env: onA.merging(["EDITOR": first]) { $1 }).status == 0)
    #expect(try h.run("edit", path, env: onB.merging(["EDITOR": third]) { $1 }).status == 0)
    #expect(h.call("sync", env: onA).status == 0)
    let merged = h.call("sync", env: onB)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(!merged.stderr.contains("both versions"), "\(merged.stderr)")
    #expect(h.call("sync", env: onA).status == 0)
    for env in [onA, onB] {
      let shown = h.call("show", "--raw", path, env: env)
      #expect(shown.stdout.contains("line one, from A\n\nline two\n\nline three, from B"), "\(shown.stdout)")
    }

    // The same line on both: both versions, sealed, named by the sync.
    let againA = try Self.replacingEditor(h, "two-a.sh", "line two", "line two, A")
    let againB = try Self.replacingEditor(h, "two-b.sh", "line two", "line two, B")
    #expect(try h.run("edit", path, env: onA.merging(["EDITOR": againA]) { $1 }).status == 0)
    #expect(try h.run("edit", path, env: onB.merging(["EDITOR": againB]) { $1 }).status == 0)
    #expect(h.call("sync", env: onA).status == 0)
    let both = h.call("sync", env: onB)
    #expect(both.status == 0, "\(both.stderr)")
    #expect(both.stderr.contains("\(path): both devices changed the same lines"), "\(both.stderr)")
    let shown = h.call("show", "--raw", path, env: onB).stdout
    #expect(shown.contains("line two, A\nline two, B\n") && !shown.contains("<<<<<<<"), "\(shown)")
    #expect(EncryptionTests.filesHolding("line two, A", under: b).isEmpty)
    // Marked inside the seal, so the device that did not merge is told too.
    #expect(shown.contains("\nunsettled: "), "\(shown)")
    #expect(h.call("sync", env: onA).status == 0)
    for env in [onA, onB] {
      let doctor = h.call("doctor", env: env)
      #expect(doctor.status == 1 && (doctor.stdout + doctor.stderr).contains(path), "\(doctor.stdout)")
    }
    #expect(EncryptionTests.filesHolding("unsettled", under: b).isEmpty)
    #expect(try Self.git(h, "status", "--porcelain", in: b) == "")
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
