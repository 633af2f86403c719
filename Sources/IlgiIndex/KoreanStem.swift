/// A Korean word typed into a search without its particle or ending (`산책을`, `산책하며`,
/// `산책했다` → `산책`): the search matches words as prefixes, so the stem finds every form
/// the text wrote (`산책하며`, `산책을`), where the whole word finds only itself.
///
/// Only a word of Hangul syllables loses an ending, and only when two syllables at least are
/// left: `가을` (autumn) is not `가` with `을`.
enum KoreanStem {
  /// Case particles and the endings of `하다` verbs, longest first. A syllable that ends many
  /// nouns as well (이, 가, 도, 로, 의, 과: 고양이, 소설가, 경기도, 대학로, 회의, 사과) is none.
  static let endings = [
    "에서부터", "으로부터", "에게서", "한테서", "에서는", "에서도", "으로는", "으로도", "이라는", "이라고",
    "에서", "에게", "한테", "으로", "까지", "부터", "처럼", "보다", "이나", "이랑", "하며", "하고", "하는", "하다",
    "했다", "한다", "해서", "했던", "하면", "하여", "을", "를", "은", "는", "에",
  ]

  /// `word` without its ending, or `word` itself.
  static func of(_ word: String) -> String {
    let syllables = Array(word.unicodeScalars)
    guard syllables.count >= 3, syllables.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) }) else { return word }
    for ending in endings where word.hasSuffix(ending) {
      let stem = word.unicodeScalars.dropLast(ending.unicodeScalars.count)
      if stem.count >= 2 { return String(String.UnicodeScalarView(stem)) }
    }
    return word
  }
}
