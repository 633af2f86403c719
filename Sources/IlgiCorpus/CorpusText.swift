import Foundation

/// Diary prose in English and Korean, and the Markdown blocks a body is made of.
///
/// Inline tags are written with `CorpusText.tagMark` in place of the tag symbol, so that each
/// format can write its own (`#` for ilgi and Day One, `@` for jrnl).
struct CorpusText {
  static let tagMark: Character = "\u{1}"

  private var random: SeededRandom
  private let englishNouns = SkewedList(Vocabulary.englishNouns)
  private let englishWords = SkewedList(Vocabulary.englishDescriptions)
  private let koreanNouns = SkewedList(Vocabulary.koreanNouns)
  private let englishTags = SkewedList(Vocabulary.englishTags)
  private let koreanTags = SkewedList(Vocabulary.koreanTags)

  init(random: SeededRandom) { self.random = random }

  // MARK: Words

  mutating func tag(korean: Bool) -> String {
    korean && random.chance(0.5) ? random.pick(koreanTags) : random.pick(englishTags)
  }

  /// A made-up proper noun, so the vocabulary has a long tail as real diaries do.
  mutating func rareName() -> String {
    let parts = (0..<random.within(2...3)).map { _ in random.pick(Vocabulary.syllables) }
    return parts.joined().capitalized
  }

  // MARK: Sentences

  mutating func sentence(korean: Bool) -> String {
    korean ? koreanSentence() : englishSentence()
  }

  private mutating func englishSentence() -> String {
    let noun = random.pick(englishNouns)
    let thing = emphasised(Self.withArticle(random.pick(englishWords)) + " " + noun, key: noun)
    let who = random.pick(Vocabulary.englishPeople)
    let when = random.pick(Vocabulary.englishTimes)
    switch random.below(7) {
    case 0: return "\(when.sentenceCased), \(who) \(random.pick(Vocabulary.englishActions)) \(thing)."
    case 1: return "\(who.sentenceCased) \(random.pick(Vocabulary.englishActions)) \(thing) \(when)."
    case 2:
      return
        "There was \(thing) by the \(random.pick(englishNouns)), \(random.pick(["again", "oddly", "as ever", "at last"]))."
    case 3: return "\(rareName()) \(random.pick(Vocabulary.englishActions)) \(thing) and nobody minded."
    case 4: return "Not sure why \(thing) felt so \(random.pick(englishWords)) \(when)."
    case 5:
      return "Note to self: \(random.pick(Vocabulary.englishActions)) \(thing) before the \(random.pick(englishNouns))."
    default: return "Is \(thing) ever \(random.pick(englishWords)) enough?"
    }
  }

  private mutating func koreanSentence() -> String {
    let noun = random.pick(koreanNouns)
    let when = random.pick(Vocabulary.koreanTimes)
    switch random.below(5) {
    case 0:
      return
        "\(when) \(Korean.with(random.pick(Vocabulary.koreanPeople), "과", "와")) \(random.pick(Vocabulary.koreanPlaces))에서 \(random.pick(Vocabulary.koreanDoings))."
    case 1: return "\(emphasised(Korean.with(noun, "은", "는"), key: "ko")) \(random.pick(Vocabulary.koreanFeelings))."
    case 2: return "\(when) \(Korean.with(noun, "을", "를")) 한참 바라보았다."
    case 3:
      return
        "\(random.pick(Vocabulary.koreanPlaces))에 들렀는데 \(Korean.with(noun, "이", "가")) 생각보다 \(random.pick(Vocabulary.koreanFeelings))."
    default: return "\(rareName()) 씨가 \(Korean.with(noun, "을", "를")) 알려 주었다."
    }
  }

  /// `a word` or `an word`, by the word's first letter.
  static func withArticle(_ word: String) -> String {
    ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
  }

  /// Sometimes wraps a phrase in emphasis, a link or inline code.
  private mutating func emphasised(_ phrase: String, key: String) -> String {
    switch random.below(40) {
    case 0, 1: return "**\(phrase)**"
    case 2: return "*\(phrase)*"
    case 3: return "_\(phrase)_"
    case 4: return "[\(phrase)](https://example.org/\(key)/\(random.below(500)))"
    case 5: return "`\(key).txt`"
    default: return phrase
    }
  }

  mutating func paragraph(korean: Bool) -> String {
    (0..<random.within(2...6)).map { _ in sentence(korean: korean) }.joined(separator: " ")
  }

  // MARK: Titles

  mutating func title(korean: Bool) -> String {
    if korean {
      switch random.below(3) {
      case 0: return "\(random.pick(Vocabulary.koreanPlaces))에서 보낸 하루"
      case 1: return "\(random.pick(Vocabulary.koreanTitleTimes)) \(random.pick(koreanNouns))"
      default: return "\(Korean.with(random.pick(koreanNouns), "과", "와")) \(random.pick(koreanNouns))"
      }
    }
    let noun = random.pick(englishNouns)
    switch random.below(4) {
    case 0: return "The \(random.pick(englishWords)) \(noun)"
    case 1: return "\(noun.capitalized) \(random.pick(Vocabulary.englishTimes))"
    case 2: return "\(rareName()) and the \(noun)"
    default:
      return Self.withArticle(random.pick(englishWords)).sentenceCased + " "
        + random.pick(["day", "evening", "morning", "week"])
    }
  }

  // MARK: Blocks

  /// One Markdown block of the body (a paragraph most of the time).
  mutating func block(korean: Bool) -> String {
    switch random.below(20) {
    case 0, 1: return "## " + random.pick(korean ? Vocabulary.koreanHeadings : Vocabulary.englishHeadings)
    case 2: return list(korean: korean, .bullets)
    case 3: return list(korean: korean, .numbers)
    case 4: return list(korean: korean, .tasks)
    case 5: return "> " + sentence(korean: korean) + "\n> " + sentence(korean: korean)
    case 6: return codeBlock()
    case 7: return "![\(random.pick(englishNouns))](photos/\(random.below(9000)).jpg)"
    case 8: return "---"
    default: return paragraph(korean: korean)
    }
  }

  private enum ListKind { case bullets, numbers, tasks }

  private mutating func list(korean: Bool, _ kind: ListKind) -> String {
    var items: [String] = []
    for number in 1...random.within(2...5) {
      let marker =
        switch kind {
        case .bullets: "- "
        case .numbers: "\(number). "
        case .tasks: random.chance(0.5) ? "- [x] " : "- [ ] "
        }
      items.append(marker + sentence(korean: korean))
    }
    return items.joined(separator: "\n")
  }

  /// A fenced code block; its `#` words are comments, never tags.
  private mutating func codeBlock() -> String {
    let noun = random.pick(englishNouns)
    return "```sh\n# count the \(noun) lines, see #\(Corpus.fencedDecoy)\ngrep -c \(noun) notes.txt\n```"
  }

  /// A sentence with inline code that holds a decoy `#tag`.
  mutating func inlineCodeDecoy() -> String {
    "The label said `#\(Corpus.inlineCodeDecoy)` for some reason."
  }
}

/// Korean particles that depend on whether the word ends in a consonant (batchim).
enum Korean {
  static func with(_ word: String, _ afterConsonant: String, _ afterVowel: String) -> String {
    guard let last = word.unicodeScalars.last?.value, (0xAC00...0xD7A3).contains(last) else {
      return word + afterVowel
    }
    return word + ((last - 0xAC00) % 28 == 0 ? afterVowel : afterConsonant)
  }
}

extension String {
  /// The string with its first letter upper-cased.
  var sentenceCased: String { prefix(1).uppercased() + dropFirst() }
}
