import Foundation
import IlgiStrings
import Testing

/// The English and Korean message catalogs.
struct CatalogTests {
  /// The numbers of the `{1}`, `{2 entry|entries}`... in a text.
  func placeholders(_ text: String) -> Set<String> {
    Set(text.matches(of: /\{([0-9]+)[^0-9]/).map { String($0.output.1) })
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

  /// A Korean particle after an argument takes the form the argument's last sound needs, read
  /// as Korean reads it: a syllable's final consonant, a Latin word's or a digit's sound.
  @Test func koreanParticlesFollowTheWordBeforeThem() {
    let korean = Catalog(.korean)
    #expect(korean.text(.errNotADay, ["내일"]).hasPrefix("`내일`은 날짜가 아닙니다"))
    #expect(korean.text(.errNotADay, ["모레"]).hasPrefix("`모레`는 날짜가 아닙니다"))
    #expect(korean.text(.errNotADay, ["running"]).hasPrefix("`running`은 "))
    #expect(korean.text(.apSeeCommandHelp, ["ilgi new --help"]) == "자세한 내용은 'ilgi new --help'를 보세요.")
    #expect(korean.text(.deleteKept, ["2026/11/run.md"]) == "2026/11/run.md를 그대로 두었습니다.")
    #expect(korean.text(.deleteKept, ["산책"]) == "산책을 그대로 두었습니다.")
    #expect(korean.text(.editorExited, ["1"]) == "상태 1로 끝났습니다")  // 일: after ㄹ, 로
    #expect(korean.text(.editorExited, ["3"]) == "상태 3으로 끝났습니다")  // 삼
    #expect(korean.text(.editorExited, ["2"]) == "상태 2로 끝났습니다")  // 이
    #expect(korean.text(.errNotGit, ["vim"]).hasPrefix("vim은 "))
    // Nothing to read the sound from: both forms, as before.
    #expect(korean.text(.deleteKept, ["…"]) == "…을(를) 그대로 두었습니다.")
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
      .trashRestoreDiscussion, .statsDiscussion, .impUnreadable, .importWould, .attachKept,
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
