import Foundation
import IlgiSystem
import IlgiTestSupport
import Testing

/// The diary app of `ilgi serve` in a real browser: Tests/Browser/app_test.py drives the
/// system's chromium through Playwright (both installed by `make setup`) against a server this
/// test starts. It writes in English and in Korean (by input-method composition), hides and
/// leaves the page, reloads, changes the file behind the page's back, deletes and undoes, and
/// searches as it types, checking the files after every step. Each browser opens the address
/// with the token `ilgi serve` printed first, as a person does. Phone-sized screenshots of each
/// page are saved to `.build/screenshots/app/`.
@Suite(.serialized) struct AppBrowserTests {
  static var screenshots: String { BrowserTests.screenshots + "/app" }

  @Test func aPersonWritesReadsDeletesAndSearchesInTheBrowser() throws {
    let python = try TestTools.browserPython
    let h = try Harness()
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    #expect(server.port > 0, "the server printed no port: \(server.printed)")
    try? FileManager.default.removeItem(atPath: Self.screenshots)
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let result = try ChildProcess.run(
      [
        "timeout", "300", python, TestTools.repository + "/Tests/Browser/app_test.py",
        "http://127.0.0.1:\(server.port)", h.journal.root, IlgiProcess.binary, Self.screenshots, server.token,
      ], environment: environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2000))")
    #expect(result.stdout.contains("\"passed\""), "\(result.stdout)")

    // What the browser left behind, read by the CLI: three entries and nothing in the trash.
    let list = try h.run("list", "--json")
    #expect(list.status == 0)
    for title in ["Morning walk by the river", "비 오는 날", "Written in the terminal", "Cherry blossoms"] {
      #expect(list.stdout.contains(title), "\(title) is not in ilgi list: \(list.stdout)")
    }
    let trashed = FileManager.default.enumerator(atPath: h.journal.root + "/.ilgi/trash")?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }
    #expect(trashed ?? [] == [], "undo left entries in the trash: \(trashed ?? [])")
    for name in ["app-list.png", "app-entry.png", "app-write.png", "app-conflict.png", "app-search.png"] {
      let bytes = FileManager.default.contents(atPath: Self.screenshots + "/" + name) ?? Data()
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "no screenshot \(name)")
    }
  }

  /// An encrypted journal's entries are ciphertext on disk; the browser must not keep their
  /// titles or the words searched for either: Tests/Browser/private_test.py reads the tab's
  /// history (addresses and titles, through the DevTools protocol) after reading an entry and
  /// searching, with script and without, under the app's Content-Security-Policy; and a photo
  /// added on the writing page leaves neither its bytes nor its thumbnail's on disk in clear.
  @Test func anEncryptedJournalLeavesNoTitleOrQueryInTheHistory() throws {
    let python = try TestTools.browserPython
    let h = try EncryptionTests.encrypted()
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let result = try ChildProcess.run(
      [
        "timeout", "120", python, TestTools.repository + "/Tests/Browser/private_test.py",
        "http://127.0.0.1:\(server.port)", server.token, "11111111-1111-4111-8111-111111111111",
        "A walk by the \(EncryptionTests.marker) river", EncryptionTests.marker, h.journal.root,
        h.environment["HOME"] ?? h.journal.base,
      ], environment: environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2000))")
    #expect(result.stdout.contains("\"passed\""), "\(result.stdout)")
  }

  /// Many writers, no word lost: Tests/Browser/writers_test.py leaves a new page within a second
  /// of typing (one entry each time, nothing brought back), closes two new pages typed offline
  /// (both texts offered back, each its own entry), comes back online (saved with no keystroke)
  /// and types into an entry with inline tags (only the typing changes in the file).
  @Test func manyPagesAndLostConnectionsLoseNoWordAndMakeNoCopy() throws {
    let python = try TestTools.browserPython
    let id = "C1C2C3D4-0000-4000-8000-000000000003"
    let h = try Harness([
      "2026/03/2026-03-02-0900-tagged.md":
        "---\nid: \(id)\ndate: 2026-03-02T09:00:00+09:00\n---\n\nTagged\n\nBy the river #test #ilgi\n"
    ])
    let server = try ServeTests.Server(h, [])
    defer { _ = server.stop() }
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let result = try ChildProcess.run(
      [
        "timeout", "180", python, TestTools.repository + "/Tests/Browser/writers_test.py",
        "http://127.0.0.1:\(server.port)", h.journal.root, server.token, id,
      ], environment: environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2000))")
    #expect(result.stdout.contains("\"passed\""), "\(result.stdout)")
  }

  /// The app offline on a phone: Tests/Browser/offline_test.py lists and opens entries, stops
  /// the server, reads the list and the calendar, searches and writes (an edit, a new entry, an
  /// edit of an entry vim changes meanwhile), starts the server again and sees the first two
  /// reach the files once, in order, and the third open the merge view; then keeps no entry with
  /// app.offline off, and on plain http says that offline use needs HTTPS.
  @Test func theAppWorksOfflineAndSendsWhatWaitedOnce() throws {
    let python = try TestTools.browserPython
    let a = "0FF11111-0000-4000-8000-00000000000A"
    let b = "0FF11111-0000-4000-8000-00000000000B"
    let h = try Harness([
      "2026/03/2026-03-02-0700-morning-walk.md":
        "---\nid: \(a)\ndate: 2026-03-02T07:00:00+09:00\n---\n\nMorning walk\n\nAlong the water, by the river bank.\n",
      "2026/03/2026-03-02-2100-evening-tea.md":
        "---\nid: \(b)\ndate: 2026-03-02T21:00:00+09:00\n---\n\nEvening tea\n\nGreen tea at home.\n",
    ])
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let result = try ChildProcess.run(
      [
        "timeout", "300", python, TestTools.repository + "/Tests/Browser/offline_test.py", IlgiProcess.binary,
        h.journal.root, a, b,
      ], environment: environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2000))")
    #expect(result.stdout.contains("\"passed\""), "\(result.stdout)")
  }

  /// Every sitting in the app ends in a commit of its last text: Tests/Browser/sittings_test.py
  /// writes a new entry a line at a time and ends the sitting by leaving the page (Done), by
  /// closing the tab, by stopping the server with Ctrl-C while the page is open, and by killing
  /// the server and starting it again; three rounds of each, each checked in git.
  @Test func everySittingInTheBrowserEndsInACommit() throws {
    let python = try TestTools.browserPython
    var h = try GitTests.harness(initialize: false)
    #expect(h.call("init", "--git", h.journal.root).status == 0)
    h.environment["ILGI_WEATHER_ENABLED"] = "false"
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    let result = try ChildProcess.run(
      [
        "timeout", "300", python, TestTools.repository + "/Tests/Browser/sittings_test.py", IlgiProcess.binary,
        h.journal.root,
      ], environment: environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2000))")
    #expect(result.stdout.contains("\"passed\""), "\(result.stdout)")
  }

  /// The app syncs by itself: Tests/Browser/sync_test.py serves one clone of a journal with
  /// `git.sync_interval` at a second, writes on another clone with the CLI and pushes; the list
  /// open in Chromium shows that entry with no reload by hand, and an entry written in the app
  /// reaches the remote and the other clone.
  @Test func theAppShowsAnotherDevicesEntriesAndSendsItsOwn() throws {
    let python = try TestTools.browserPython
    let (h, a, b) = try GitTests.twoClones()
    var environment = h.environment
    environment["ILGI_CHROMIUM"] = try TestTools.chromium
    environment["ILGI_WEATHER_ENABLED"] = "false"
    let result = try ChildProcess.run(
      [
        "timeout", "180", python, TestTools.repository + "/Tests/Browser/sync_test.py", IlgiProcess.binary, a, b,
        h.journal.base + "/remote.git",
      ], environment: environment)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr.suffix(2000))")
    #expect(result.stdout.contains("\"passed\""), "\(result.stdout)")
  }
}
