import ArgumentParser

/// How a jrnl user asks for entries, taken as jrnl means it: `ilgi -on 2024-03-02`,
/// `ilgi -from monday -to today`, `ilgi -contains pears`, `ilgi @work @home -and`,
/// `ilgi -not @work`, `ilgi -starred`, `ilgi -3`. Spelled as `list` and `search` take them
/// before the command line is parsed, wherever `list` or `search` would run (no command named,
/// or one of the two).
///
/// jrnl's tags are any of those given unless `-and` asks for all of them (ilgi's `--tag` is all
/// of them unless `--any-tag`); `-contains` and `-not` make it a search.
enum JrnlSpelling {
  /// jrnl's one-dash options that take a day, and ilgi's for each.
  static let dayOptions: [String: String] = ["-on": "--on", "-from": "--from", "-to": "--to"]

  /// `arguments` (what follows ilgi's name, global options moved after the command) with
  /// jrnl's spellings rewritten when the command is `list`, `search` or none; as they are
  /// otherwise, or when none is there.
  static func rewritten(_ arguments: [String], list: [String], search: [String], others: [String]) throws -> [String] {
    let named = arguments.first.map { list.contains($0) || search.contains($0) || others.contains($0) } ?? false
    if named, let first = arguments.first, others.contains(first) { return arguments }
    let typedSearch = named && arguments.first.map(search.contains) == true
    let all = named ? Array(arguments.dropFirst()) : arguments
    // What follows `--` is words, never options, jrnl's or ilgi's.
    let end = all.firstIndex(of: "--") ?? all.endIndex
    let rest = Array(all[..<end])
    let after = end < all.endIndex ? Array(all[(end + 1)...]) : []
    guard hasJrnlWord(rest, searching: typedSearch) else { return arguments }
    var options: [String] = []
    var words: [String] = []
    var tags: [String] = []
    var allTags = false
    let searching = typedSearch || rest.contains("-contains") || rest.contains("-not")
    var index = 0
    while index < rest.count {
      let word = rest[index]
      let next: String? = index + 1 < rest.count ? rest[index + 1] : nil
      if let next, Ilgi.Search.optionsWithValues.contains(word) {
        options += [word, next]
        index += 2
        continue
      }
      if let ilgi = Self.dayOptions[word], let next {
        options += [ilgi, next]
        index += 2
        continue
      }
      switch word {
      case "-starred": options.append("--starred")
      case "-and": allTags = true
      case "-contains", "-not":
        words.append(try searchWord(word, next))
        index += 1
      default:
        switch plain(word, typedSearch: typedSearch, searching: searching) {
        case .tag(let tag): tags.append(tag)
        case .word: words.append(word)
        case .options(let spelled): options += spelled
        }
      }
      index += 1
    }
    options += tags.flatMap { ["--tag", $0] }
    if tags.count > 1, !allTags { options.append("--any-tag") }
    words += after
    // Tags and no words to look for is a listing, unless a search was asked for.
    if searching && (!words.isEmpty || typedSearch) { return [search[0]] + options + ["--"] + words }
    return [list[0]] + options + (after.isEmpty ? [] : ["--"] + after)
  }

  /// Whether `options` (what comes before `--`) hold one of jrnl's spellings. An option's value
  /// (`--tag @work`) is the option's, whatever it looks like.
  private static func hasJrnlWord(_ options: [String], searching: Bool) -> Bool {
    let values = Set(options.indices.filter { $0 > 0 && Ilgi.Search.optionsWithValues.contains(options[$0 - 1]) })
    return options.indices.contains(where: { !values.contains($0) && isJrnlWord(options[$0], searching: searching) })
  }

  /// Where `rewritten` puts a word that is none of jrnl's options.
  private enum Plain {
    /// A tag to keep (`@work`).
    case tag(String)
    /// A word for the search to look for or to leave out.
    case word
    /// Options as ilgi spells them (`-3` is `-n 3`).
    case options([String])
  }

  /// How a word that is none of jrnl's options is read: a tag (`@work`), a count (`-3`, unless
  /// `search` was named), a word or an exclusion (`-bike`) when `searching`, else an option of
  /// ilgi's own.
  private static func plain(_ word: String, typedSearch: Bool, searching: Bool) -> Plain {
    if let tag = tagName(word), word.hasPrefix("@") {
      return .tag(tag)
    } else if !typedSearch, isCount(word) {
      return .options(["-n", String(word.dropFirst())])
    } else if searching, word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2 {
      // A search's exclusion (`-bike`, `-2023`).
      return .word
    } else if searching, !word.hasPrefix("-") {
      return .word
    } else {
      return .options([word])
    }
  }

  /// What jrnl's `-contains WORDS` or `-not WORD` asks of a search: the words (several are
  /// jrnl's phrase), or a word or tag to leave out (`-not @tag` leaves out the entries with that
  /// tag; a word, those that hold it).
  static func searchWord(_ option: String, _ value: String?) throws -> String {
    guard let value, !value.hasPrefix("-") || option == "-not" else {
      throw ValidationError(tr(.errJrnlNeedsValue, option, option == "-contains" ? "-contains pears" : "-not @work"))
    }
    if option == "-contains" {
      return value.contains(" ") ? "\"" + value.replacingOccurrences(of: "\"", with: "") + "\"" : value
    }
    return tagName(value).map { "-tag:" + $0 } ?? "-" + value
  }

  /// `-3`: jrnl's count of entries.
  static func isCount(_ word: String) -> Bool {
    word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy(\.isNumber)
  }

  /// Whether `word` is one of jrnl's spellings that ilgi does not take as it is.
  static func isJrnlWord(_ word: String, searching: Bool) -> Bool {
    Self.dayOptions[word] != nil || ["-starred", "-and", "-contains", "-not"].contains(word)
      || (word.hasPrefix("@") && tagName(word) != nil) || (!searching && isCount(word))
  }

  /// The tag `@name` or `#name` names, or nil.
  static func tagName(_ word: String) -> String? {
    guard let first = word.first, first == "@" || first == "#", word.count > 1 else { return nil }
    return String(word.dropFirst())
  }
}
