import Foundation
import IlgiServer
import IlgiTestSupport
import Testing

/// What the server gives the app for use offline: the service worker told how many entries to
/// keep (none for an encrypted journal unless set), the versions of the entries it keeps, and
/// the page it shows for one it does not. The worker itself runs in a real browser:
/// `AppBrowserTests.theAppWorksOfflineAndSendsWhatWaitedOnce`.
struct OfflineAppTests {
  typealias App = AppRepliesTests.App

  /// The number the pages register the worker with, and that the worker at that address is
  /// served with (its first line).
  static func kept(_ app: App) async throws -> Int {
    let page = AppRepliesTests.text(await app.ask("GET", "/"))
    let keep = try #require(page.firstMatch(of: /data-keep="([0-9]+)"/)?.output.1)
    let reply = await app.ask("GET", "/sw.js?keep=" + keep, token: false)
    #expect(reply.status == 200)
    #expect(AppRepliesTests.header(reply, "Content-Type") == "text/javascript; charset=utf-8")
    let first = AppRepliesTests.text(reply).split(separator: "\n").first ?? ""
    let number = try #require(first.wholeMatch(of: /const keptEntries = ([0-9]+);/)?.output.1)
    #expect(Int(number) == Int(keep))
    return try #require(Int(number))
  }

  /// The worker needs no token, so it is the same file for every journal and setting: another
  /// account that asks learns nothing of the journal (not even whether it keeps entries).
  @Test func theWorkerSaysNothingOfTheJournal() async throws {
    var bodies = Set<String>()
    for app in [try App(), try App(encrypted: true), try App(offline: OfflineKeeping(entries: 7))] {
      for target in ["/sw.js", "/sw.js?keep=12"] {
        let reply = await app.ask("GET", target, token: false)
        #expect(reply.status == 200)
        bodies.insert(target + AppRepliesTests.text(reply))
      }
    }
    #expect(bodies.count == 2)
    let asked = await (try App()).ask("GET", "/sw.js?keep=99999999999999999999", token: false)
    #expect(AppRepliesTests.text(asked).hasPrefix("const keptEntries = 0;\n"))
    let most = await (try App()).ask("GET", "/sw.js?keep=5000", token: false)
    #expect(AppRepliesTests.text(most).hasPrefix("const keptEntries = \(OfflineKeeping.mostEntries);\n"))
  }

  @Test func aPlainJournalKeepsEntriesOfflineAndAnEncryptedOneKeepsNoneUnlessSet() async throws {
    #expect(try await Self.kept(App()) == 50)
    #expect(try await Self.kept(App(encrypted: true)) == 0)
    #expect(try await Self.kept(App(encrypted: true, offline: OfflineKeeping(setting: true))) == 50)
    #expect(try await Self.kept(App(offline: OfflineKeeping(setting: false))) == 0)
    #expect(try await Self.kept(App(offline: OfflineKeeping(entries: 10))) == 10)
    #expect(try await Self.kept(App(offline: OfflineKeeping(entries: 1_000_000))) == OfflineKeeping.mostEntries)
  }

  /// The worker is the app's own file (no token, as the script and style); what it fetches to
  /// keep still needs the token.
  @Test func theWorkerNeedsNoTokenAndWhatItKeepsDoes() async throws {
    let app = try App()
    #expect(await app.ask("GET", "/sw.js", token: false).status == 200)
    for path in ["/offline", "/api/versions?id=" + AppRepliesTests.id, "/api/entries/" + AppRepliesTests.id] {
      #expect(await app.ask("GET", path, token: false).status == 401, "\(path)")
    }
  }

  @Test func theVersionsOfKeptEntriesComeInOneRequestAndAGoneOneIsLeftOut() async throws {
    let app = try App()
    let id = AppRepliesTests.id
    func versions() async -> [String: String] {
      let reply = await app.ask("GET", "/api/versions?id=" + id + "&id=0FF00000-0000-4000-8000-000000000000")
      return AppRepliesTests.json(reply)["versions"] as? [String: String] ?? [:]
    }
    let kept = AppRepliesTests.json(await app.ask("GET", "/api/entries/" + id))
    let before = await versions()
    #expect(before == [id: kept["version"] as? String ?? "-"])
    let changed = entry(id, "2026-03-01T09:00:00+09:00", "Walk, changed in vim")
    try app.journal.write("2026/03/2026-03-01-0900-walk.md", changed)
    let after = await versions()
    #expect(after.keys.sorted() == [id] && after[id] != before[id], "\(after)")
    #expect(AppRepliesTests.json(await app.ask("GET", "/api/versions"))["versions"] as? [String: String] == [:])
    // An id that is not plain ASCII, or holds a comma, is asked for as the page encodes it.
    try app.journal.write("2026/03/2026-03-02-0900-trip.md", entry("여행, 1", "2026-03-02T09:00:00+09:00", "Trip"))
    let odd = AppRepliesTests.json(await app.ask("GET", "/api/versions?id=%EC%97%AC%ED%96%89%2C%201"))
    #expect((odd["versions"] as? [String: String])?.keys.sorted() == ["여행, 1"], "\(odd)")
  }

  @Test func theOfflinePageSaysWhatThisJournalKeeps() async throws {
    let plain = AppRepliesTests.text(try await App().ask("GET", "/offline"))
    #expect(plain.contains("The entries listed or opened lately are"), "\(plain)")
    let sealed = AppRepliesTests.text(try await App(encrypted: true).ask("GET", "/offline"))
    #expect(sealed.contains("This journal keeps no entries in the browser"), "\(sealed)")
    #expect(sealed.contains("<a href=\"/write\">"))
  }

  /// Every page carries the line that says "offline, 3 waiting" and the note a page on plain
  /// http shows (both hidden until the script shows them).
  @Test func everyPageHasTheLineForWhatWaits() async throws {
    let app = try App()
    for path in ["/", "/write", "/search", "/entry/" + AppRepliesTests.id] {
      let page = AppRepliesTests.text(await app.ask("GET", path))
      #expect(page.contains("<p id=\"connection\" class=\"connection\" role=\"status\""), "\(path)")
      #expect(page.contains("<p id=\"needs-https\" class=\"notice\" hidden>"), "\(path)")
    }
  }

  /// Through the binary: the settings reach the worker.
  @Test(arguments: [
    (["ILGI_APP_OFFLINE": "false"], 0), (["ILGI_APP_OFFLINE_ENTRIES": "7"], 7), ([:], 50),
  ])
  func theSettingsReachTheWorker(_ env: [String: String], _ expected: Int) throws {
    let h = try Harness()
    let server = try ServeTests.Server(h, [], env: env)
    defer { _ = server.stop() }
    let page = try ServeTests.get(server, "/")
    #expect(page.status == 200)
    #expect(page.body.contains(" data-keep=\"\(expected)\""), "\(page.body.prefix(900))")
  }

  @Test func aBadOfflineSettingIsOneLineAndChangesNothing() throws {
    let h = try Harness()
    let before = h.journal.snapshot()
    let result = h.call("config", "set", "app.offline_entries", "many")
    #expect(result.stderr == "ilgi: `app.offline_entries` cannot be \"many\"; it takes a number\n")
    #expect(result.status == 64)
    #expect(h.journal.snapshot() == before)
  }
}
