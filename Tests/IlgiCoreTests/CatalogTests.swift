import Foundation
import IlgiCore
import Testing

/// The English and Korean message catalogs.
struct CatalogTests {
  /// The numbers of the `{1}`, `{2 entry|entries}`... in a text.
  func placeholders(_ text: String) -> Set<String> {
    Set(text.matches(of: /\{([0-9]+)[ }]/).map { String($0.output.1) })
  }

  /// `{N one|other}` gives the number and the word in the form the number takes.
  @Test func countedWordsTakeTheFormOfTheirNumber() {
    let catalog = Catalog(.english)
    #expect(catalog.text(.exportWrote, ["1", "out.txt"]) == "Wrote 1 entry to out.txt.")
    #expect(catalog.text(.exportWrote, ["2", "out.txt"]) == "Wrote 2 entries to out.txt.")
    #expect(catalog.text(.doctorHealthy, ["1"]) == "1 entry, no problems found.")
    #expect(catalog.text(.importSummary, ["1", "a", "b", "1"]) == "Imported 1 entry (a to b), 1 tag.")
    #expect(Catalog(.korean).text(.exportWrote, ["1", "out.txt"]) == "일기 1개를 out.txt에 썼습니다.")
  }

  @Test(arguments: Language.allCases)
  func everyKeyHasATextInEveryLanguage(_ language: Language) {
    let catalog = Catalog(language)
    let missing = Message.allCases.filter { catalog.entries[$0] == nil }
    #expect(missing.isEmpty, "\(language) lacks \(missing)")
    let empty = Message.allCases.filter { catalog.entries[$0]?.isEmpty == true }
    #expect(empty.isEmpty, "\(language) has empty texts for \(empty)")
  }

  @Test func bothLanguagesFillTheSamePlaceholders() {
    let english = Catalog(.english)
    let korean = Catalog(.korean)
    for key in Message.allCases {
      #expect(
        placeholders(english.text(key, [])) == placeholders(korean.text(key, [])),
        "placeholders differ for \(key)")
    }
  }

  @Test func koreanTextsAreKoreanWhereTheyAreWords() {
    // Texts that are only symbols, commands or placeholders may be the same in both languages.
    let same = Message.allCases.filter { Catalog(.english).entries[$0] == Catalog(.korean).entries[$0] }
    let allowed: Set<Message> = [
      .confirmSuffix, .readFrontMatter, .readUnreadable, .configSet, .weatherNotConfigured, .weatherFillWould,
      .trashRestoreDiscussion, .statsDiscussion, .impUnreadable, .importWould,
    ]
    #expect(Set(same).subtracting(allowed).isEmpty, "untranslated: \(Set(same).subtracting(allowed))")
  }

  @Test func argumentsFillInOrderAndOnlyOnce() {
    let catalog = Catalog(.english)
    #expect(
      catalog(.errAmbiguous, "2026-11-21", 2, "{1} and {3}")
        == "`2026-11-21` matches 2 entries; name one by id or path: {1} and {3}")
    #expect(Catalog(.korean)(.doctorFoundMany, 3, 10) == "일기 10개에서 문제 3개를 찾았습니다. 위를 보세요")
  }

  @Test(arguments: [
    ("ko_KR.UTF-8", Language.korean), ("ko", .korean), ("en_US", .english), ("C", .english), ("fr_FR", .english),
  ])
  func localeNamesPickALanguage(_ identifier: String, _ language: Language) {
    #expect(Language(localeIdentifier: identifier) == language)
  }
}
