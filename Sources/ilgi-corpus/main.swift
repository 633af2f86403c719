import ArgumentParser
import Foundation
import IlgiCorpus

/// Writes a made-up journal and its manifest, for `make bench` and for trying ilgi by hand.
struct GenerateCorpus: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ilgi-corpus",
    abstract: "Write a made-up journal, the same for the same size and seed, with a manifest of what is in it.",
    discussion: """
      Forms: ilgi (a journal tree), jrnl (one file), jrnl-folder (YYYY/MM/DD.txt), dayone-json, sample-json. \
      Every form of one size and seed holds the same entries and shares one manifest.

      Example: ilgi-corpus --entries 1000 --seed 4 --out /tmp/journal
      """)

  @Option(help: "How many entries.") var entries = 1000
  @Option(help: "The seed: the same seed gives the same bytes.") var seed = 1
  @Option(help: "ilgi, jrnl, jrnl-folder, dayone-json or sample-json.") var format: Corpus.Format = .ilgi
  @Option(help: "The folder (ilgi, jrnl-folder) or file to write; a folder must be empty or missing.") var out: String
  @Option(help: "Where to write the manifest (default: manifest.json beside --out).") var manifest: String?

  func validate() throws {
    guard entries > 0 else { throw ValidationError("--entries must be at least 1") }
  }

  func run() throws {
    let corpus = Corpus(entries: entries, seed: seed)
    try corpus.write(format, to: out)
    let path =
      manifest
      ?? ((URL(fileURLWithPath: out).standardizedFileURL.path as NSString).deletingLastPathComponent + "/manifest.json")
    try corpus.manifest.json().write(to: URL(fileURLWithPath: path))
  }
}

GenerateCorpus.main()

extension Corpus.Format: ExpressibleByArgument {}
