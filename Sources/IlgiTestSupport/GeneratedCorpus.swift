import Foundation
import IlgiCorpus

/// A journal made by IlgiCorpus in a fresh temp folder, with the manifest that describes it.
public struct GeneratedCorpus: Sendable {
  /// What the journal holds.
  public typealias Manifest = CorpusManifest

  /// The journal root (or the file, for the forms that are one file).
  public var journal: String
  /// The manifest.
  public var manifest: Manifest

  /// Generates `entries` entries from `seed`, written in `format` (a `Corpus.Format` name).
  public static func make(entries: Int, seed: Int = 1, format: String = "ilgi") throws -> GeneratedCorpus {
    guard let form = Corpus.Format(rawValue: format) else { throw POSIXError(.EINVAL) }
    var template = Array(
      ((NSTemporaryDirectory() as NSString).appendingPathComponent("ilgi-corpus-XXXXXX")).utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    let corpus = Corpus(entries: entries, seed: seed)
    let out = String(cString: made) + "/journal"
    try corpus.write(form, to: out)
    return GeneratedCorpus(journal: out, manifest: corpus.manifest)
  }
}
