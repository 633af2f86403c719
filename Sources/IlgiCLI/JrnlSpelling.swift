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
  static func rewritten(_ arguments: [String], list: [String], search: [String], others: [String]) -> [String] {
    let named = arguments.first.map { list.contains($0) || search.contains($0) || others.contains($0) } ?? false
    if named, let first = arguments.first, others.contains(first) { return arguments }
    let rest = named ? Array(arguments.dropFirst()) : arguments
    // An option's value (`--tag @work`) is the option's, whatever it looks like.
    let values = Set(rest.indices.filter { $0 > 0 && Ilgi.Search.optionsWithValues.contains(rest[$0 - 1]) })
    guard rest.indices.contains(where: { !values.contains($0) && isJrnlWord(rest[$0]) }) else { return arguments }
    var options: [String] = []
    var words: [String] = []
    var tags: [String] = []
    var all = false
    var searching = named && arguments.first.map(search.contains) == true
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
      case "-and": all = true
      case "-contains":
        if let next {
          words.append(next)
          searching = true
          index += 1
        }
      case "-not":
        // jrnl's `-not @tag` leaves out the entries with that tag; a word, those that hold it.
        if let next {
          words.append(tagName(next).map { "-tag:" + $0 } ?? "-" + next)
          searching = true
          index += 1
        }
      default:
        if let tag = tagName(word), word.hasPrefix("@") {
          tags.append(tag)
        } else if word.count > 1, word.hasPrefix("-"), word.dropFirst().allSatisfy(\.isNumber) {
          options += ["-n", String(word.dropFirst())]
        } else if searching, !word.hasPrefix("-") {
          words.append(word)
        } else {
          options.append(word)
        }
      }
      index += 1
    }
    options += tags.flatMap { ["--tag", $0] }
    if tags.count > 1, !all { options.append("--any-tag") }
    // Tags and no words to look for is a listing.
    return searching && !words.isEmpty ? [search[0]] + options + ["--"] + words : [list[0]] + options
  }

  /// Whether `word` is one of jrnl's spellings that ilgi does not take as it is.
  static func isJrnlWord(_ word: String) -> Bool {
    Self.dayOptions[word] != nil || ["-starred", "-and", "-contains", "-not"].contains(word)
      || (word.hasPrefix("@") && tagName(word) != nil)
      || (word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy(\.isNumber))
  }

  /// The tag `@name` or `#name` names, or nil.
  static func tagName(_ word: String) -> String? {
    guard let first = word.first, first == "@" || first == "#", word.count > 1 else { return nil }
    return String(word.dropFirst())
  }
}
