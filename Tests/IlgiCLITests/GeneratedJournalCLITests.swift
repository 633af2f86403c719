import Foundation
import IlgiTestSupport
import Testing

/// `ilgi list --json` over a 1,000-entry journal from gen-journal, against its manifest.
@Suite struct GeneratedJournalCLITests {
  @Test func listJSONMatchesTheManifest() throws {
    let corpus = try GeneratedCorpus.make(entries: 1000)
    var environment = IlgiProcess.baseEnvironment(home: NSTemporaryDirectory())
    environment["ILGI_JOURNAL"] = corpus.journal
    let result = try IlgiProcess.run(["list", "--json"], environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(json.count == corpus.manifest.entries)
    let latest = corpus.manifest.latest
    #expect(json.prefix(latest.count).map { $0["title"] as? String } == latest.map(\.title))
    #expect(json.prefix(latest.count).map { $0["id"] as? String } == latest.map(\.id))
    #expect(json.prefix(latest.count).map { $0["date"] as? String } == latest.map(\.date))
    #expect(Set(json.compactMap { $0["id"] as? String }).count == corpus.manifest.entries)
    // Every sample day holds the manifest's number of entries, in each entry's own offset.
    for (day, count) in corpus.manifest.sampleDays {
      #expect(json.filter { ($0["date"] as? String)?.hasPrefix(day) == true }.count == count, "day \(day)")
    }
    let limited = try IlgiProcess.run(["list", "-n", "20"], environment: environment)
    #expect(limited.stdout.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }.count == 20)
  }
}
