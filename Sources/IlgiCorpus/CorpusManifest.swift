import Foundation

/// What a reader following `docs/FORMAT.md` must find in a corpus: the same for every form it is
/// written in, except `files`.
///
/// Tags are counted as FORMAT.md counts them (front matter, then inline `#tags` outside code,
/// starting with a letter); weather only where front matter holds it. Days are the entries'
/// own wall-clock days; "latest" is newest first by moment.
public struct CorpusManifest: Codable, Sendable, Equatable {
  /// One of the newest entries, as a reader must show it.
  public struct Latest: Codable, Sendable, Equatable {
    /// The front matter's id.
    public var id: String
    /// The date as ilgi prints it, ISO 8601 in the entry's own offset.
    public var date: String
    /// The ilgi file, relative to the journal.
    public var path: String
    /// The title.
    public var title: String
  }

  /// Where a planted word is.
  public struct Needle: Codable, Sendable, Equatable {
    /// How many entries hold it.
    public var count: Int
    /// Their ids (a file without front matter has an id derived from its path instead).
    public var ids: [String]
    /// Their ilgi files.
    public var paths: [String]
  }

  /// How many entries.
  public var entries: Int
  /// The seed they were made from.
  public var seed: Int
  /// Files each form has.
  public var files: [String: Int]
  /// Entries per year of their own date.
  public var perYear: [String: Int]
  /// Entries per tag (lower-case).
  public var perTag: [String: Int]
  /// Entries per `weather:` text.
  public var perWeather: [String: Int]
  /// Starred entries.
  public var starred: Int
  /// The oldest entry's date.
  public var firstDate: String
  /// The 20 newest entries, newest first.
  public var latest: [Latest]
  /// Entries on some days: the newest, the oldest, the busiest, the days the clocks change and
  /// a few more.
  public var sampleDays: [String: Int]
  /// Days on which the clocks changed, with entries on both sides of the change.
  public var clockChangeDays: [String]
  /// Rare words planted in known entries, by word.
  public var needles: [String: Needle]
  /// Tags that appear only inside code, or start with a digit: never tags.
  public var decoyTags: [String]
  /// How many ilgi files depart from the plain form, by way.
  public var variants: [String: Int]

  enum CodingKeys: String, CodingKey {
    case entries, seed, files, starred, latest, needles, variants
    case perYear = "per_year"
    case perTag = "per_tag"
    case perWeather = "per_weather"
    case firstDate = "first_date"
    case sampleDays = "sample_days"
    case clockChangeDays = "clock_change_days"
    case decoyTags = "decoy_tags"
  }

  init(_ corpus: Corpus) {
    let entries = corpus.entries
    func count(_ keys: [String]) -> [String: Int] { keys.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
    self.entries = entries.count
    seed = corpus.seed
    let days = count(entries.map(\.time.dayText))
    files = [
      Corpus.Format.ilgi.rawValue: entries.count, Corpus.Format.jrnl.rawValue: 1,
      Corpus.Format.jrnlFolder.rawValue: days.count, Corpus.Format.dayOne.rawValue: 1, Corpus.Format.sample.rawValue: 1,
    ]
    perYear = count(entries.map { String($0.time.year) })
    perTag = count(entries.flatMap(\.allTags))
    perWeather = count(entries.compactMap(\.weatherOnDisk))
    starred = entries.filter(\.starred).count
    firstDate = entries.first?.time.iso8601 ?? ""
    latest = entries.sorted { ($0.time.unixSeconds, $0.index) > ($1.time.unixSeconds, $1.index) }.prefix(20).map {
      Latest(id: $0.id, date: $0.time.iso8601, path: $0.path, title: $0.title)
    }
    let changes = entries.filter(\.variant.changeOfClocks).map(\.time.dayText)
    clockChangeDays = Array(Set(changes)).sorted()
    var sample = Set(changes)
    if let first = entries.first, let last = entries.last { sample.formUnion([first.time.dayText, last.time.dayText]) }
    if let busiest = days.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) { sample.insert(busiest.key) }
    for index in stride(from: 0, to: entries.count, by: max(1, entries.count / 7)) {
      sample.insert(entries[index].time.dayText)
    }
    sampleDays = days.filter { sample.contains($0.key) }
    needles = Dictionary(
      uniqueKeysWithValues: Corpus.needles.map { needle in
        let hits = entries.filter { $0.needles.contains(needle.word) }
        return (needle.word, Needle(count: hits.count, ids: hits.map(\.id), paths: hits.map(\.path)))
      })
    decoyTags = [Corpus.fencedDecoy, Corpus.inlineCodeDecoy, Corpus.digitDecoy]
    let variants = entries.map(\.variant)
    self.variants = [
      "korean": entries.filter(\.korean).count,
      "no_front_matter": variants.filter(\.noFrontMatter).count,
      "extra_keys": variants.filter { !$0.extraLines.isEmpty }.count,
      "block_tags": variants.filter(\.blockTags).count,
      "heading_title": variants.filter(\.headingTitle).count,
      "crlf": variants.filter(\.crlf).count,
      "byte_order_mark": variants.filter(\.byteOrderMark).count,
      "title_changed": entries.filter { $0.title != $0.namedTitle }.count,
      "clock_change": variants.filter(\.changeOfClocks).count,
      "blog_date": variants.filter { $0.blogDate != nil }.count,
      "inline_tags": entries.filter { !$0.inlineTags.isEmpty }.count,
    ]
  }

  /// The manifest as JSON, keys sorted.
  public func json() throws -> Data { try CorpusWriter.encode(self) }
}
