import Foundation

/// A journal made by `../shared/bench/gen-journal`, with the manifest that describes it.
public struct GeneratedCorpus: Sendable {
  /// The parts of the manifest tests assert against.
  public struct Manifest: Decodable, Sendable {
    public struct Latest: Decodable, Sendable {
      public var id: String
      public var date: String
      public var path: String
      public var title: String
    }
    public var entries: Int
    public var files: [String: Int]
    public var perYear: [String: Int]
    public var perTag: [String: Int]
    public var latest: [Latest]
    public var sampleDays: [String: Int]
    public var perWeather: [String: Int]
    public var firstDate: String
    public var needles: [String: Needle]
    public var variants: [String: Int]

    public struct Needle: Decodable, Sendable {
      public var count: Int
      public var ids: [String]
      public var paths: [String]
    }

    enum CodingKeys: String, CodingKey {
      case entries, files, latest, needles, variants
      case perWeather = "per_weather"
      case firstDate = "first_date"
      case perYear = "per_year"
      case perTag = "per_tag"
      case sampleDays = "sample_days"
    }
  }

  /// The journal root.
  public var journal: String
  /// The manifest.
  public var manifest: Manifest

  /// The generator: `ILGI_GEN_JOURNAL`, else `shared/bench/gen-journal` beside the repository.
  public static var generator: String {
    if let path = ProcessInfo.processInfo.environment["ILGI_GEN_JOURNAL"] { return path }
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return repository.deletingLastPathComponent().appendingPathComponent("shared/bench/gen-journal").path
  }

  /// Generates a journal of `entries` in a fresh temp folder.
  public static func make(entries: Int, seed: Int = 1, format: String = "ilgi") throws -> GeneratedCorpus {
    var template = Array(
      ((NSTemporaryDirectory() as NSString).appendingPathComponent("ilgi-corpus-XXXXXX")).utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
    let base = String(cString: made)
    let out = base + "/journal"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", generator, "--entries", "\(entries)", "--seed", "\(seed)", "--format", format, "--out", out,
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw POSIXError(.EIO, userInfo: [NSLocalizedDescriptionKey: "gen-journal failed at \(generator)"])
    }
    let data = try Data(contentsOf: URL(fileURLWithPath: base + "/manifest.json"))
    return GeneratedCorpus(journal: out, manifest: try JSONDecoder().decode(Manifest.self, from: data))
  }
}
