import Foundation
import IlgiFormat
import IlgiStrings

/// Questions to write about: the journal's own `.ilgi/prompts.txt` when it has one, else the
/// built-in deck of its language; a question a line, blank lines and `#` lines left out.
///
/// Each day has one prompt, the same on every device: the deck is walked round and round in one
/// order shuffled from its own text, a prompt a day, so none comes again until every other one
/// has come (any run of as many days as it has prompts holds each once).
/// Nothing is kept of which came: what makes the order (the deck and the day) syncs with the
/// journal.
public struct PromptDeck: Sendable, Equatable {
  /// The questions, in the order written.
  public let prompts: [String]
  /// The file the deck came from; nil for a built-in deck.
  public let path: String?

  /// The journal's own deck file, relative to the journal.
  public static let fileName = ".ilgi/prompts.txt"
  /// The largest deck file read.
  static let largest = 256 * 1024

  /// A deck of the questions in `text`.
  public init(text: String, path: String? = nil) {
    prompts = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    self.path = path
  }

  /// The deck of the journal at `root`: its own file when it holds a question, else the
  /// built-in of `language`.
  public static func of(root: String, language: Language) throws(JournalError) -> PromptDeck {
    let path = root + "/" + fileName
    // A deck that cannot be read (too large, not UTF-8, as a remote may push) is no deck: the
    // built-in one asks instead.
    if let text = try? EntryTemplate.journalFile(path, largest: largest) {
      let own = PromptDeck(text: text, path: path)
      if !own.prompts.isEmpty { return own }
    }
    return PromptDeck(text: ShippedTemplates.files["prompts-\(language == .korean ? "ko" : "en").txt"] ?? "")
  }

  /// The prompt of `day` (`YYYY-MM-DD`); nil for an empty deck or a day that is none.
  public func prompt(on day: String) -> String? {
    guard !prompts.isEmpty, let date = DayRange.date(day) else { return nil }
    let number = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    let place = number % prompts.count
    return prompts[order()[place < 0 ? place + prompts.count : place]]
  }

  /// The deck's order: its places shuffled from its text.
  func order() -> [Int] {
    var hash = StableHash()
    hash.add("ilgi-prompts-1")
    for prompt in prompts { hash.add(prompt) }
    var state = hash.value
    var order = Array(prompts.indices)
    // Fisher–Yates with splitmix64: the same on every machine.
    for index in stride(from: order.count - 1, to: 0, by: -1) {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      order.swapAt(index, Int(z % UInt64(index + 1)))
    }
    return order
  }
}
