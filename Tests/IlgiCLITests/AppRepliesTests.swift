import Foundation
import IlgiCore
import IlgiTestSupport
import Testing

/// What the diary app answers, asked inside this process: every route of `AppServer.reply`
/// over a journal in a temporary folder, with the status, the security headers on every reply
/// (refusals included) and the shape of each body; errors in the page's language, never a
/// Swift value or a path; and the limits that keep a page of another site from stalling it.
@Suite struct AppRepliesTests {
  /// A query of more words than a search takes is one line and a usage status in the CLI,
  /// and is refused before it reaches the index.
  @Test func aSearchOfMoreThanTheTermLimitIsOneLineInTheCLI() throws {
    let h = try Harness(["2026/03/2026-03-01-0900-walk.md": entry(Self.id, "2026-03-01T09:00:00+09:00", "Walk")])
    let words = (1...65).map { "w\($0)" }
    let refused = InProcess.run(["search"] + words, environment: h.environment, directory: h.journal.base)
    #expect(refused.status == 64)
    #expect(
      refused.stderr == "ilgi: search: the search has 65 words and tags; ask with at most 64\n", "\(refused.stderr)")
    // At the limit, the search runs.
    let most = ["walk"] + (1...63).flatMap { ["OR", "w\($0)"] }
    let asked = InProcess.run(["search"] + most, environment: h.environment, directory: h.journal.base)
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.stdout.contains("Walk"))
  }

  static let id = "A1B2C3D4-0000-4000-8000-000000000001"
}
