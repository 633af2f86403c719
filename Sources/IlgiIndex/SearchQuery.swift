import Foundation
import IlgiFormat
import IlgiStore
import IlgiStrings

/// What a person typed into `ilgi search`, turned into an FTS5 expression and filters.
///
/// Words match as prefixes, so a Korean stem finds its forms with particles (`산책` finds
/// `산책을`; `산책을` is searched as `산책`, `KoreanStem`) and `run` finds `running`; `"exact phrases"` match as written; `a OR b`; `NOT word`
/// and `-word` exclude; `tag:x` keeps entries tagged x. Text is put in NFC, so Hangul typed
/// decomposed finds the same entries; case and Latin diacritics are folded by the tokenizer.
public struct SearchQuery: Sendable, Equatable {
  /// Why the text is not a query, in words that say what to fix.
  public struct Problem: Error, Sendable, Equatable {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
      case orNeedsWords, doubleNot, tagAfterOperator, noLetters(String), orAtEnd, notAtEnd, empty
      case unclosedQuote, tagNeedsName
      /// `mood:` with no mood 1 to 5 (or range) after it.
      case notAMood(String)
      /// More words, phrases and tags than `SearchQuery.termLimit` (how many there were).
      case tooManyTerms(Int)
      /// The index took longer than `SearchQuery.timeLimit` to answer; the search was stopped.
      case tookTooLong
    }

    /// What is wrong.
    public var kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// Plain English that says what to fix.
    public var message: String {
      switch kind {
      case .orNeedsWords: "`OR` needs a word on each side, as in `rain OR snow`"
      case .doubleNot: "`NOT NOT` means nothing; write `NOT word` once"
      case .tagAfterOperator: "`tag:` cannot follow `OR`; use --any-tag for either of several tags"
      case .noLetters(let term): "`\(term)` has no letters or digits to search for; put a word after `OR` or `NOT`"
      case .orAtEnd: "`OR` at the end needs a word after it, as in `rain OR snow`"
      case .notAtEnd: "`NOT` at the end needs a word after it, as in `walk NOT rain`"
      case .empty: "nothing to search for; give a word, a \"phrase\" or tag:name"
      case .unclosedQuote: "a quote is not closed; add the closing \" after the phrase"
      case .tagNeedsName: "`tag:` needs a name, as in tag:travel"
      case .notAMood(let text): "`\(text)` is no mood; give 1 to 5 or a range, as in mood:4 or mood:1..2"
      case .tooManyTerms(let count): "the search has \(count) words and tags; ask with at most \(SearchQuery.termLimit)"
      case .tookTooLong: "the search took too long and was stopped; ask with fewer words or with longer ones"
      }
    }
  }

  /// The FTS5 expression for the positive part, or `nil` when there is none.
  public var match: String?
  /// The FTS5 expression for what must not match, or `nil`.
  public var exclude: String?
  /// Tags from `tag:` words.
  public var tags: [String]
  /// Tags from `-tag:` words (or `NOT tag:`): entries with any of them are left out.
  public var excludedTags: [String] = []
  /// Moods from `mood:4` or `mood:1..2`: entries with a mood in the range.
  public var moods: ClosedRange<Int>?
  /// Activities from `activity:run` words: entries with each of them.
  public var activities: [String] = []
  /// The words and phrases to highlight in snippets.
  public var terms: [String]

  /// The most words, phrases and tags one query may hold. A search's cost grows with the
  /// square of its terms while the index is locked, and a person asks with a few; a longer
  /// query is refused before it reaches the index.
  public static let termLimit = 64

  /// The longest the index may work on one search before it is stopped: the journal's
  /// index is shared with every other reader and writer (the app's pages, the CLI), and no
  /// search a person means takes a fraction of this.
  public static let timeLimit: Duration = .seconds(2)

  /// Parses `text`.
  public init(_ text: String) throws(Problem) {
    var tokens = try Self.tokenize(text.nfc)
    // `mood:` and `activity:` keep entries as `tag:` does, read before the words.
    var rest: [Token] = []
    for token in tokens {
      guard case .term(let word, phrase: false) = token else {
        rest.append(token)
        continue
      }
      let lowered = word.lowercased()
      if lowered.hasPrefix("mood:") {
        guard let range = EntryFilter.moods(String(word.dropFirst(5))) else { throw Problem(.notAMood(word)) }
        moods = EntryFilter.both(moods, range)
      } else if lowered.hasPrefix("activity:"), word.count > 9 {
        activities.append(String(word.dropFirst(9)))
      } else {
        rest.append(token)
      }
    }
    tokens = rest
    let count = tokens.count { $0 != .or && $0 != .not }
    if count > Self.termLimit { throw Problem(.tooManyTerms(count)) }
    let (groups, negatives, tags, excludedTags, terms) = try Self.parse(tokens)
    if groups.isEmpty && negatives.isEmpty && tags.isEmpty && excludedTags.isEmpty && moods == nil
      && activities.isEmpty
    {
      throw Problem(.empty)
    }
    match =
      groups.isEmpty
      ? nil : groups.map { $0.count == 1 ? $0[0] : "(" + $0.joined(separator: " OR ") + ")" }.joined(separator: " AND ")
    exclude = negatives.isEmpty ? nil : negatives.joined(separator: " OR ")
    self.tags = tags
    self.excludedTags = excludedTags
    self.terms = terms
  }

  /// Reads `tokens` into groups of expressions of which one each must match (an AND of ORs),
  /// expressions that must not match, tags to keep and to leave out, and the terms to
  /// highlight; throws when an operator has nothing to work on.
  private static func parse(_ tokens: [Token]) throws(Problem) -> (
    groups: [[String]], negatives: [String], tags: [String], excludedTags: [String], terms: [String]
  ) {
    var groups: [[String]] = []  // AND of ORs
    var negatives: [String] = []
    var tags: [String] = []
    var excludedTags: [String] = []
    var terms: [String] = []
    var pendingOr = false
    var pendingNot = false
    for token in tokens {
      switch token {
      case .or:
        guard !groups.isEmpty, !pendingOr, !pendingNot else {
          throw Problem(.orNeedsWords)
        }
        pendingOr = true
      case .not:
        guard !pendingNot else { throw Problem(.doubleNot) }
        pendingNot = true
      case .tag(let tag, let excluded):
        // `NOT -tag:x` says NOT twice, as `NOT NOT tag:x` does.
        if excluded, pendingNot { throw Problem(.doubleNot) }
        guard !pendingOr, !pendingNot else {
          throw Problem(.tagAfterOperator)
        }
        if excluded { excludedTags.append(tag) } else { tags.append(tag) }
      case .term(let term, let phrase):
        // A word left out is left out as typed: its stem would leave out more (`-경기도`).
        guard let expression = Self.expression(term, phrase: phrase, stem: !pendingNot) else {
          if pendingOr || pendingNot {
            throw Problem(.noLetters(term))
          }
          continue
        }
        if pendingNot {
          negatives.append(expression)
          pendingNot = false
        } else if pendingOr {
          groups[groups.count - 1].append(expression)
          pendingOr = false
          terms.append(phrase ? term : KoreanStem.of(term))
        } else {
          groups.append([expression])
          terms.append(phrase ? term : KoreanStem.of(term))
        }
      }
    }
    if pendingOr { throw Problem(.orAtEnd) }
    if pendingNot { throw Problem(.notAtEnd) }
    return (groups, negatives, tags, excludedTags, terms)
  }

  enum Token: Equatable {
    case term(String, phrase: Bool)
    case or, not
    case tag(String, excluded: Bool)
  }

  static func tokenize(_ text: String) throws(Problem) -> [Token] {
    var tokens: [Token] = []
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character.isWhitespace {
        index = text.index(after: index)
        continue
      }
      if character == "\"" {
        let start = text.index(after: index)
        guard let close = text[start...].firstIndex(of: "\"") else {
          throw Problem(.unclosedQuote)
        }
        tokens.append(.term(String(text[start..<close]), phrase: true))
        index = text.index(after: close)
        continue
      }
      let end = text[index...].firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? text.endIndex
      var word = String(text[index..<end])
      index = end
      switch word {
      case "OR", "|": tokens.append(.or)
      case "NOT": tokens.append(.not)
      case "AND", "&": continue
      default:
        if word.hasPrefix("-") && word.count > 1 {
          tokens.append(.not)
          word.removeFirst()
        }
        if word.lowercased().hasPrefix("tag:") || word.hasPrefix("#") && word.count > 1 {
          guard let tag = EntryTag(word.hasPrefix("#") ? word : String(word.dropFirst(4)))?.name else {
            throw Problem(.tagNeedsName)
          }
          if tokens.last == .not {
            tokens.removeLast()
            tokens.append(.tag(tag, excluded: true))
          } else {
            tokens.append(.tag(tag, excluded: false))
          }
        } else {
          tokens.append(.term(word, phrase: false))
        }
      }
    }
    return tokens
  }

  /// One word or phrase as FTS5 text: quoted so no character is read as syntax; words are prefixes.
  static func expression(_ term: String, phrase: Bool, stem: Bool = true) -> String? {
    guard term.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    else { return nil }
    // A Korean word loses its particle or ending: its stem, a prefix, finds every form.
    let word = phrase || !stem ? term : KoreanStem.of(term)
    let quoted = "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return phrase ? quoted : quoted + "*"
  }
}

/// One search result: the entry, its place in the ranking, and a line of context.
public struct SearchHit: Sendable, Equatable {
  /// The entry.
  public var entry: IndexedEntry
  /// 1 for the best match.
  public var rank: Int
  /// A line of the entry's text around the first match, plain text.
  public var snippet: String
  /// Where the matched words are in `snippet`.
  public var highlights: [Range<String.Index>]
}

extension SearchQuery.Problem {
  /// What is wrong, in `catalog`'s words that say what to fix: the CLI's and the app's.
  public func text(_ catalog: Catalog) -> String {
    switch kind {
    case .orNeedsWords: catalog(.searchOrNeedsWords)
    case .doubleNot: catalog(.searchDoubleNot)
    case .tagAfterOperator: catalog(.searchTagAfterOperator)
    case .noLetters(let term): catalog(.searchNoLetters, term)
    case .orAtEnd: catalog(.searchOrAtEnd)
    case .notAtEnd: catalog(.searchNotAtEnd)
    case .empty: catalog(.searchEmpty)
    case .unclosedQuote: catalog(.searchUnclosedQuote)
    case .tagNeedsName: catalog(.searchTagNeedsName)
    case .notAMood(let text): catalog(.searchNotAMood, text)
    case .tooManyTerms(let count): catalog(.searchTooManyTerms, count, SearchQuery.termLimit)
    case .tookTooLong: catalog(.searchTookTooLong)
    }
  }
}
