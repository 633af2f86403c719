import Foundation
import IlgiCore
import IlgiFuzz
import Testing

/// Inputs the fuzzers found, kept so the bugs they showed stay fixed, and a short seeded run
/// of every fuzz target so CI guards them (`make fuzz` runs a million inputs).
struct FuzzRegressionTests {
  @Test func aValueWithAByteOrderMarkIsWrittenWithoutIt() throws {
    // Found by ilgi-fuzz: YAML parsers drop U+FEFF even when escaped, so the value came back
    // different from what was written.
    var document = try EntryDocument(bytes: Array("---\nid: x\n---\nBody\n".utf8))
    try document.set("weather", yaml: YAMLScalar.quoted("\u{FEFF}Rain, 12°C"))
    let reread = try EntryDocument(bytes: document.bytes)
    #expect(reread.frontMatter?.string("weather") == "Rain, 12°C")
  }

  @Test func aYearBeforeTheGregorianCalendarIsNoDate() throws {
    // Found by ilgi-fuzz: "0026-11-21T09:30Z" parsed (Julian) and wrote back two days off.
    let parser = DateParser(timeZone: TimeZone(identifier: "Asia/Seoul")!)
    #expect(parser.parse("0026-11-21T09:30Z") == nil)
    #expect(parser.parse("1582-10-20") == nil)
    #expect(parser.parse("1583-01-01") != nil)
  }

  @Test func everyFoundInputStaysFixed() throws {
    for (name, input) in Self.found {
      do throws(FuzzTargets.FuzzFinding) {
        try FuzzTargets.run(input)
      } catch {
        Issue.record("\(name): \(error)")
      }
    }
  }

  @Test func aSeededRunOfEveryTargetFindsNothing() throws {
    var mutator = SeededMutator(seed: 20_261_121, seeds: FuzzSeeds.all)
    var findings: [String] = []
    for _ in 0..<20_000 {
      let input = mutator.input()
      do throws(FuzzTargets.FuzzFinding) {
        try FuzzTargets.run(input)
      } catch {
        findings.append("\(error) for \(input)")
      }
    }
    #expect(findings.isEmpty, "\(findings.prefix(3))")
  }

  /// The inputs, as the fuzzer saved them (first byte: the target).
  static let found: [(String, [UInt8])] = [
    ("weather with a byte-order mark", [1] + Array("\u{FEFF}Rain, 12°C".utf8) + [0] + Array("---\nid: x\n---\nBody\n".utf8)),
    ("year 26", [3] + Array("0026-11-21T09:30Z".utf8)),
  ]
}
