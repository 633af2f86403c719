/// How a day felt, from 1 (awful) to 5 (great): the `mood:` of an entry's front matter.
///
/// Written as a number; read from a number or, as other diaries export it, one of the words
/// for each step in English or Korean (`good`, `좋음`).
public struct Mood: Sendable, Equatable, Hashable, Comparable {
  /// 1 to 5.
  public let value: Int

  /// The steps' words, lowest first: what `mood:` may say instead of a number.
  public static let words: [[String]] = [
    ["awful", "terrible", "최악", "아주 나쁨"],
    ["bad", "sad", "나쁨", "별로"],
    ["okay", "ok", "meh", "neutral", "보통", "그저 그럼"],
    ["good", "happy", "좋음"],
    ["great", "rad", "excellent", "최고", "아주 좋음"],
  ]

  /// A mood of `value`, when it is 1 to 5.
  public init?(_ value: Int) {
    guard (1...5).contains(value) else { return nil }
    self.value = value
  }

  /// A mood from its text: a number 1 to 5, or one of `words`.
  public init?(text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let number = Int(trimmed) {
      self.init(number)
      return
    }
    guard let step = Self.words.firstIndex(where: { $0.contains(trimmed) }) else { return nil }
    self.init(step + 1)
  }

  /// A lower mood comes first.
  public static func < (a: Mood, b: Mood) -> Bool { a.value < b.value }
}
