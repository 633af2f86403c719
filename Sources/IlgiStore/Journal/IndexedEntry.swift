import Foundation
import IlgiFormat
import IlgiMarkdown
import IlgiSystem

/// What the index knows of an entry: enough to list, filter and count without reading the file.
public struct IndexedEntry: Sendable, Equatable {
  /// The file, relative to the journal.
  public var path: JournalPath
  /// The entry's id.
  public var id: EntryID
  /// When it was written, in its own offset.
  public var date: EntryDate
  /// The title (may be empty).
  public var title: String
  /// One line of plain text from the start of the body.
  public var preview: String
  /// Front matter tags, then inline tags.
  public var tags: [String]
  /// The weather text, if any.
  public var weather: String?
  /// Words in the title and body.
  public var words: Int
  /// Whether the entry is starred.
  public var starred: Bool
  /// The names of the files beside it that it links (`AttachmentLinks`).
  public var links: [String]
  /// Where it was written (`Entry.place`).
  public var place: String?
  /// The names its wiki links lead to, each once, as they are matched (`WikiLink.key`), those
  /// it shows in place (`![[Title]]`) with a `!` before: what its backlinks are found by, and
  /// what pages showing another entry's text depend on.
  public var wikiLinks: [String]
  /// How the day felt (`Entry.mood`).
  public var mood: Mood?
  /// What the day held (`Entry.activities`).
  public var activities: [String]

  /// Makes an indexed entry.
  public init(
    path: JournalPath, id: EntryID, date: EntryDate, title: String, preview: String, tags: [String],
    weather: String?, words: Int, starred: Bool = false, links: [String] = [], place: String? = nil,
    wikiLinks: [String] = [], mood: Mood? = nil, activities: [String] = []
  ) {
    self.mood = mood
    self.activities = activities
    self.place = place
    self.wikiLinks = wikiLinks
    self.starred = starred
    self.links = links
    self.path = path
    self.id = id
    self.date = date
    self.title = title
    self.preview = preview
    self.tags = tags
    self.weather = weather
    self.words = words
  }

  /// The summary of a freshly read entry. The weather and activities are composed (NFC), as
  /// tags are, so that a filter finds them however the file's editor wrote their accents.
  public init(_ entry: Entry) {
    self.init(
      path: entry.path, id: entry.id, date: entry.date, title: entry.title, preview: entry.preview,
      tags: entry.tags, weather: entry.weather?.nfc, words: Self.countWords(entry.title) + Self.countWords(entry.body),
      starred: entry.starred, links: AttachmentLinks.names(in: entry.document.content), place: entry.place,
      wikiLinks: Self.wikiNames(in: entry.document.content), mood: entry.mood, activities: entry.activities.map(\.nfc))
  }

  /// The names the wiki links of `content` lead to, each once, in order, `!` before those shown
  /// in place (none for a link to a heading of the same entry).
  public static func wikiNames(in content: String) -> [String] {
    var seen = Set<String>()
    return MarkdownRenderer.wikiLinks(in: content).filter { !$0.target.isEmpty }.map {
      ($0.embeds ? "!" : "") + WikiLink.key($0.target)
    }.filter { seen.insert($0).inserted }
  }

  /// The names its wiki links lead to, without the mark of those shown in place.
  public var linkedNames: Set<String> { Set(wikiLinks.map { $0.hasPrefix("!") ? String($0.dropFirst()) : $0 }) }

  /// Words as a reader counts them: runs of letters or digits separated by anything else.
  public static func countWords(_ text: String) -> Int {
    var text = text
    // The counts live in the closure, in registers: one captured from outside is a store to
    // memory on every byte.
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return 0 }
      var count = 0
      var inWord = 0
      let end = bytes.count
      var index = 0
      let high: UInt64 = 0x8080_8080_8080_8080
      while index < end {
        if index &+ 8 <= end {
          // Eight bytes at once when all are ASCII (`wordStarts`).
          let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
          if chunk & high == 0 {
            let (starts, last) = Self.wordStarts(in: chunk, after: inWord)
            count &+= starts
            inWord = last
            index &+= 8
            continue
          }
        }
        let lead = base[index]
        if lead < 0x80 {
          // ASCII digits and letters (either case: `| 0x20` makes a capital small), counted
          // without a branch: a word starts where a wordish byte follows another.
          let wordish = (lead &- 0x30 < 10 ? 1 : 0) | ((lead | 0x20) &- 0x61 < 26 ? 1 : 0)
          count &+= wordish & ~inWord
          inWord = wordish
          index &+= 1
          continue
        }
        if (0xE5...0xE9).contains(lead) || lead == 0xEB || lead == 0xEC {
          // U+5000 to U+9FFF (Han) and U+B000 to U+CFFF (Hangul syllables): letters by their
          // first byte alone, three bytes each in valid UTF-8.
          count &+= 1 & ~inWord
          inWord = 1
          index &+= 3
          continue
        }
        let (value, length) = bytes.scalar(at: index)
        index += length
        let wordish = Self.isWordScalar(value)
        if wordish && inWord == 0 { count += 1 }
        inWord = wordish ? 1 : 0
      }
      return count
    }
  }

  /// How many words start in `chunk`, eight ASCII bytes read little-endian, and whether its
  /// last byte is in a word (1) or not (0); `inWord` says that of the byte before. Without a
  /// branch: each byte's top bit is set by adding what carries it past 0x7F from the low end of
  /// a range, and not from one past its high end.
  @inline(__always)
  private static func wordStarts(in chunk: UInt64, after inWord: Int) -> (count: Int, inWord: Int) {
    let high: UInt64 = 0x8080_8080_8080_8080
    let digits = (chunk &+ 0x5050_5050_5050_5050) & ~(chunk &+ 0x4646_4646_4646_4646)
    let folded = chunk | 0x2020_2020_2020_2020
    let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505)
    let wordish = ((digits | letters) & high) >> 7
    // A word starts at a wordish byte after one that is not (little-endian: the byte before is
    // eight bits lower).
    let starts = wordish & ~(wordish << 8 | UInt64(inWord))
    return (starts.nonzeroBitCount, Int(truncatingIfNeeded: wordish >> 56))
  }

  /// Whether the scalar `value` is part of a word: a letter or a digit. Hangul syllables and Han
  /// are letters by range; Unicode properties are looked up only beyond them.
  @inline(__always)
  private static func isWordScalar(_ value: UInt32) -> Bool {
    (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
      || Unicode.Scalar(value).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } == true
  }
}

/// What a refresh of the index did.
public struct IndexReport: Sendable {
  /// Entries read for the first time.
  public var added = 0
  /// Entries read again because their file changed.
  public var updated = 0
  /// Entries whose file is gone.
  public var removed = 0
  /// Entries whose file moved, recognised without reading it.
  public var moved = 0
  /// Files that could not be read, each with its reason (also the ones known from before).
  public var skipped: [EntryReadError] = []
  /// Those of `skipped` the index knew of already, their files unchanged since.
  public var knownBefore: Set<JournalPath> = []
  /// Notes on the entries read now (a `date` that is no date), each once: a file's notes come
  /// again only when it changes. `doctor` lists them all from the index.
  public var notes: [(path: JournalPath, note: String)] = []
  /// Entries in the index afterwards.
  public var total = 0
  /// Whether the index was made from nothing (missing, corrupt, older format, or asked).
  public var rebuilt = false
  /// Pictures, sound and video beside the entries, found by the same walk (only when asked for).
  public var attachments: [(path: JournalPath, signature: FileSignature)] = []

  /// Makes an empty report.
  public init() {}
}
