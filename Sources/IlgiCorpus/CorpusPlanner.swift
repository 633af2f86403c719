import Foundation

/// Plans a corpus: which days have entries and in which zone, then each entry's text, tags,
/// weather, the ways its file varies, and its path.
struct CorpusPlanner {
  let count: Int
  private var random: SeededRandom
  private var text: CorpusText

  init(count: Int, seed: UInt64) {
    self.count = count
    random = SeededRandom(seed: seed)
    text = CorpusText(random: SeededRandom(seed: seed ^ 0x5EED_7E47))
  }

  mutating func plan() -> [CorpusEntry] {
    var entries = days().flatMap { day in day.times.map { (time: $0.time, zone: day.zone, change: $0.change) } }
      .map { makeEntry(time: $0.time, zone: $0.zone, changeOfClocks: $0.change) }
    for index in entries.indices {
      entries[index].index = index
      plantNeedles(&entries[index])
      // The oldest and the newest entries stay plain, so "first" and "latest" read alike anywhere.
      if index > 0 && index < entries.count - Corpus.plainTail { vary(&entries[index]) }
    }
    assignPaths(&entries)
    return entries
  }

  // MARK: Days

  private struct Day {
    var day: Int
    var zone: CorpusZone
    var times: [(time: CivilTime, change: Bool)]
  }

  /// Days with entries, oldest first, `count` entries in all: walking back from the last day,
  /// staying a while in one zone, then another; 1 to 4 entries on a day with any; and a few
  /// days on which the clocks change, with entries on both sides of the change.
  private mutating func days() -> [Day] {
    let meanPerDay = 2.4
    let activeDays = Double(count) / meanPerDay
    // A lifetime at most (120 years, every date one ilgi reads): a larger journal writes more on
    // each day instead, `perDay` times a usual day's entries.
    let span = min(365 * 120, max(activeDays, 365 * min(40, max(3, Double(count) / 300))))
    let perDay = max(1, activeDays / span)
    let changes = clockChangeDays(span: Int(span))
    let zones = CorpusZone.allCases.flatMap { Array(repeating: $0, count: $0.weight) }

    var result: [Day] = []
    var remaining = count
    var day = Corpus.lastDay
    var zone = CorpusZone.seoul
    var stay = 0
    var placed = 0
    while remaining > 0 {
      // The newest entries stay in Seoul; see `Corpus.plainTail`.
      if stay <= 0 && placed >= Corpus.plainTail {
        zone = random.pick(zones)
        stay = random.within(4...90)
      }
      stay -= 1
      if let change = changes[day] {
        let times = Array(change.change.suffix(remaining))
        result.append(Day(day: day, zone: change.zone, times: times.map { ($0.time, $0.change) }))
        remaining -= times.count
      } else if random.chance(min(1, activeDays / span)) {
        let usual = [1, 1, 1, 2, 2, 2, 3, 3, 4, 4][random.below(10)]
        let entries = min(remaining, Int((Double(usual) * perDay).rounded()))
        var minutes = Set<Int>()
        while minutes.count < entries { minutes.insert(random.within(300...1439)) }
        let offset = zone.offset(day: day)
        result.append(
          Day(
            day: day, zone: zone,
            times: minutes.sorted().map { (CivilTime(day: day, minute: $0, offset: offset), false) }))
        remaining -= entries
      }
      placed = count - remaining
      day -= 1
    }
    return result.reversed()
  }

  /// Days on which the clocks change in New York or London, in the later years of the span,
  /// as many in spring as in autumn, each with its entries either side of the change and one
  /// in the evening.
  private mutating func clockChangeDays(span: Int) -> [Int: (
    zone: CorpusZone, change: [(time: CivilTime, change: Bool)]
  )] {
    let lastYear = CivilTime.civil(Corpus.lastDay).year - 1
    let firstYear = max(CivilTime.civil(Corpus.lastDay - span * 3 / 4).year + 1, lastYear - 12)
    guard firstYear <= lastYear else { return [:] }
    let wanted = count < 200 ? 1 : count < 5000 ? 2 : 4
    var result: [Int: (zone: CorpusZone, change: [(time: CivilTime, change: Bool)])] = [:]
    for spring in [true, false] {
      var made = 0
      for _ in 0..<50 where made < wanted {
        let zone = random.chance(0.5) ? CorpusZone.newYork : .london
        guard let summer = zone.summerDays(random.within(firstYear...lastYear)) else { continue }
        let day = spring ? summer.start : summer.end
        guard result[day] == nil else { continue }
        var times = zone.changeTimes(spring: spring).map {
          (time: CivilTime(day: day, minute: $0.minute, offset: $0.offset), change: true)
        }
        times.append((CivilTime(day: day, minute: 1260 + random.below(60), offset: zone.offset(day: day)), false))
        result[day] = (zone, times)
        made += 1
      }
    }
    return result
  }

  // MARK: Entries

  private mutating func makeEntry(time: CivilTime, zone: CorpusZone, changeOfClocks: Bool) -> CorpusEntry {
    let korean = random.chance(0.2)
    let title = text.title(korean: korean)
    let weather = random.chance(0.85) ? random.pick(korean ? Vocabulary.koreanWeather : Vocabulary.englishWeather) : nil
    var tags: [String] = []
    for _ in 0..<[0, 1, 1, 2, 2, 3, 4][random.below(7)] {
      let tag = text.tag(korean: korean)
      if !tags.contains(tag) { tags.append(tag) }
    }
    var entry = CorpusEntry(
      time: time, zone: zone, id: random.uuid(), korean: korean, title: title, namedTitle: title,
      weather: weather, temperature: random.within(-12...34), tags: tags,
      body: "", starred: random.chance(0.05))
    entry.variant.changeOfClocks = changeOfClocks
    entry.body = body(&entry)
    return entry
  }

  /// Markdown of about 200 bytes to 6 KB: paragraphs mostly, with headings, lists, task lists,
  /// quotes, code, pictures and rules; sometimes an inline tag or a `#word` that is none.
  private mutating func body(_ entry: inout CorpusEntry) -> String {
    let target = Int(exp(log(200.0) + Double(random.below(10_000)) / 10_000 * (log(6000.0) - log(200.0))))
    var blocks = [text.paragraph(korean: entry.korean)]
    var size = blocks[0].utf8.count
    while size < min(target, 5600) {
      let block = text.block(korean: entry.korean)
      blocks.append(block)
      size += block.utf8.count + 2
    }
    if random.chance(0.3) {
      let tag = text.tag(korean: entry.korean)
      blocks.append(text.sentence(korean: entry.korean) + " " + String(CorpusText.tagMark) + tag)
      entry.inlineTags.append(tag)
    }
    if random.chance(0.04) { blocks.append(text.inlineCodeDecoy()) }
    if random.chance(0.02) { blocks.append("Plans for #\(Corpus.digitDecoy) keep slipping.") }
    return blocks.joined(separator: "\n\n")
  }

  private func plantNeedles(_ entry: inout CorpusEntry) {
    for needle in Corpus.needles where entry.index % needle.every == needle.at {
      entry.needles.append(needle.word)
      entry.body += entry.korean ? "\n\n오늘의 낱말: \(needle.word)." : "\n\nThe word of the day: \(needle.word)."
    }
  }

  /// The ways real files differ from what ilgi writes.
  private mutating func vary(_ entry: inout CorpusEntry) {
    if random.chance(0.05) && !entry.variant.changeOfClocks {
      // A file without front matter: tags written inline, no weather, no star.
      entry.variant.noFrontMatter = true
      if !entry.tags.isEmpty {
        entry.body += "\n\n" + entry.tags.map { String(CorpusText.tagMark) + $0 }.joined(separator: " ")
        for tag in entry.tags where !entry.inlineTags.contains(tag) { entry.inlineTags.append(tag) }
        entry.tags = []
      }
      entry.weather = nil
      entry.starred = false
    } else {
      if random.chance(0.05) {
        var lines: [String] = []
        for _ in 0..<random.within(1...3) {
          let line = random.pick(Vocabulary.extraLines)
          if !lines.contains(line) { lines.append(line) }
        }
        entry.variant.extraLines = lines
      }
      entry.variant.blockTags = random.chance(0.03) && !entry.tags.isEmpty
      if random.chance(0.02) && !entry.variant.changeOfClocks { entry.variant.blogDate = blogDate(entry.time) }
    }
    entry.variant.headingTitle = random.chance(0.1)
    entry.variant.crlf = random.chance(0.01)
    entry.variant.byteOrderMark = random.chance(0.005)
    if random.chance(0.03) { entry.namedTitle = text.title(korean: entry.korean) }
  }

  /// The day as blogs and other tools write it, in one of the forms docs/FORMAT.md lists.
  private mutating func blogDate(_ time: CivilTime) -> String {
    let (year, month, day) = CivilTime.civil(time.day)
    let name = Self.months[month - 1]
    switch random.below(6) {
    case 0: return "'\(name.prefix(3)) \(day), \(year)'"
    case 1: return "\(name) \(day), \(year)"
    case 2: return "\(day) \(name.prefix(3)) \(year)"
    case 3: return String(format: "%04d/%02d/%02d", year, month, day)
    case 4: return "\(year)-\(month)-\(day)"
    default: return "\(year)년 \(month)월 \(day)일"
    }
  }

  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// `YYYY/MM/YYYY-MM-DD-HHMM-slug.md`, with `-2`, `-3` ... where two would clash.
  private func assignPaths(_ entries: inout [CorpusEntry]) {
    var used = Set<String>()
    for index in entries.indices {
      let time = entries[index].time
      let slug = Self.slug(entries[index].namedTitle)
      let stem =
        String(format: "%04d/%02d/", time.year, time.month) + time.dayText + "-" + time.hhmm
        + (slug.isEmpty ? "" : "-" + slug)
      var path = stem + ".md"
      var clash = 1
      while used.contains(path) {
        clash += 1
        path = stem + "-\(clash).md"
      }
      used.insert(path)
      entries[index].path = path
    }
  }

  /// Letters and digits kept (lower-case), every other run one `-`, at most 60 bytes.
  static func slug(_ title: String) -> String {
    var result = ""
    var dash = false
    for character in title.precomposedStringWithCanonicalMapping.lowercased() {
      if character.isLetter || character.isNumber {
        let piece = (dash && !result.isEmpty ? "-" : "") + String(character)
        if result.utf8.count + piece.utf8.count > 60 { break }
        result += piece
        dash = false
      } else {
        dash = true
      }
    }
    return result
  }
}
