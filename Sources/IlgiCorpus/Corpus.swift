import Foundation

/// A made-up journal for tests and benchmarks: the same entries for the same size and seed,
/// written in any of the forms ilgi reads, with a manifest of what a reader must find.
///
/// The entries are planned first (days, zones, titles, bodies, tags, the ways files vary) and
/// written afterwards, so every form holds the same entries and shares one manifest. Its
/// counts follow ilgi's rules in `docs/FORMAT.md` (which `#words` are tags, how a file without
/// front matter gets its date), so a reader that follows them matches it exactly.
public struct Corpus: Sendable {
  /// The forms a corpus can be written in.
  public enum Format: String, CaseIterable, Sendable {
    /// A journal tree: `YYYY/MM/YYYY-MM-DD-HHMM-slug.md` with front matter.
    case ilgi
    /// One jrnl text file.
    case jrnl
    /// jrnl's folder journal, `YYYY/MM/DD.txt`.
    case jrnlFolder = "jrnl-folder"
    /// A Day One JSON export.
    case dayOne = "dayone-json"
    /// The diary apps' sample data, `[{"title", "body", "created_at"}]`.
    case sample = "sample-json"
  }

  /// Words planted as whole words in exactly the entries whose position `i` has
  /// `i % every == at`, and nowhere else.
  static let needles: [(word: String, every: Int, at: Int)] = [
    ("quindlemoss", 97, 5), ("zarvelinth", 997, 11), ("달무리빛", 211, 7),
  ]
  /// Tags written only inside code, where they are not tags.
  static let fencedDecoy = "fencedtag"
  static let inlineCodeDecoy = "inlinecodetag"
  /// An inline `#word` that starts with a digit: not a tag by FORMAT.md.
  static let digitDecoy = "2024plans"
  /// The newest entries are all plain (front matter, LF, no BOM, Seoul): "the latest" is then
  /// the same for every reader, whatever its time zone.
  static let plainTail = 60
  /// The last day of the corpus.
  static let lastDay = CivilTime.days(year: 2026, month: 9, day: 30)

  /// The entries, oldest first.
  let entries: [CorpusEntry]
  /// The seed the entries were planned from.
  public let seed: Int

  /// Plans `count` entries from `seed`.
  public init(entries count: Int, seed: Int) {
    self.seed = seed
    var planner = CorpusPlanner(count: count, seed: UInt64(bitPattern: Int64(seed)))
    entries = planner.plan()
  }

  /// What a reader must find in the corpus.
  public var manifest: CorpusManifest { CorpusManifest(self) }

  /// Writes the corpus in `format` to `path`: a folder for `ilgi` and `jrnl-folder` (made if
  /// missing, and must be empty), a file otherwise.
  public func write(_ format: Format, to path: String) throws {
    try CorpusWriter(corpus: self, out: path).write(format)
  }
}

/// One planned entry.
struct CorpusEntry {
  var index = 0
  var time: CivilTime
  var zone: CorpusZone
  var id: String
  var korean: Bool
  var title: String
  /// The title the file was named after; differs when the title changed later.
  var namedTitle: String
  var weather: (text: String, code: String)?
  var temperature: Int
  /// Tags in the front matter.
  var tags: [String]
  /// Markdown after the title; `CorpusText.tagMark` stands for the tag symbol.
  var body: String
  /// Tags written inline as `#tag` (which FORMAT.md counts).
  var inlineTags: [String] = []
  var needles: [String] = []
  var starred: Bool
  var variant = Variant()
  /// The ilgi file, relative to the journal.
  var path = ""

  /// How the ilgi file departs from the plain form.
  struct Variant {
    var noFrontMatter = false
    var extraLines: [String] = []
    var blockTags = false
    var headingTitle = false
    var crlf = false
    var byteOrderMark = false
    var changeOfClocks = false
    /// The date written as a blog writes it (`Mar 28, 2025`, ...): the day without its time.
    var blogDate: String?
  }

  /// Every tag a reader finds: front matter first, then inline, each once.
  var allTags: [String] {
    var seen: [String] = []
    for tag in (variant.noFrontMatter ? [] : tags) + inlineTags where !seen.contains(tag) { seen.append(tag) }
    return seen
  }

  /// The weather a reader finds: only front matter has it.
  var weatherOnDisk: String? { variant.noFrontMatter ? nil : weather?.text }

  /// The body with tags marked by `symbol`.
  func body(tagSymbol: Character) -> String {
    String(body.map { $0 == CorpusText.tagMark ? tagSymbol : $0 })
  }
}
