import Foundation

/// A language ilgi speaks; every message exists in each of them.
public enum Language: String, Sendable, CaseIterable {
  case english = "en"
  case korean = "ko"

  /// The language for a locale identifier such as `ko_KR.UTF-8`, `ko`, `en_US`; English for
  /// anything else.
  public init(localeIdentifier: String) {
    let code = localeIdentifier.lowercased().prefix { $0.isLetter }
    self = code == "ko" ? .korean : .english
  }

  /// The language a locale identifier names (`ko`, `ko_KR`, `en_US.UTF-8`), or nil for a
  /// language ilgi does not speak.
  public static func named(_ identifier: String) -> Language? {
    let code = identifier.trimmingCharacters(in: .whitespaces).lowercased().prefix { $0.isLetter }
    return Language(rawValue: String(code))
  }

  /// The locale dates are written in.
  public var locale: Locale { Locale(identifier: self == .korean ? "ko_KR" : "en_US") }
}

/// One language's messages.
///
/// Messages are looked up by `Message` key; `{1}`, `{2}`, ... in a text are replaced by the
/// arguments in order. `{1 entry|entries}` adds the word in the form the number takes;
/// `{1을}` (or `{1를}`, `{1이}`, `{1은}`, `{1과}`, `{1으로}`, `{1이나}`, `{1아}`) adds the Korean
/// particle the argument's last sound takes (`Particle`), and `{1:을}` is that particle alone,
/// for after a closing quote. The tables live in
/// `Catalog+English.swift` and `Catalog+Korean.swift`.
public struct Catalog: Sendable {
  /// The language of this catalog.
  public let language: Language
  private let table: [Message: String]

  /// The catalog for `language`.
  public init(_ language: Language) {
    self.language = language
    table = language == .korean ? Self.korean : Self.english
  }

  /// The message for `key` with its placeholders filled; the English text when this
  /// language lacks it (a test keeps that from happening).
  public func text(_ key: Message, _ arguments: [String]) -> String {
    let template = table[key] ?? Self.english[key] ?? key.rawValue
    guard !arguments.isEmpty, template.contains("{") else { return template }
    // One pass, so an argument that itself contains `{2}` is left as it is.
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let after = rest[rest.index(after: open)...]
      let close = after.firstIndex(of: "}")
      let inside = close.map { after[..<$0] } ?? ""
      let digits = inside.prefix { $0.isASCII && $0.isNumber }
      if let close, let number = Int(digits), (1...arguments.count).contains(number) {
        let argument = arguments[number - 1]
        let forms = inside.dropFirst(digits.count)
        // `{1:은}`: only the particle, for a word closed by a quote first (`` `{1}`{1:은} ``).
        if forms.first == ":", let particle = Particle(String(forms.dropFirst())) {
          result += particle.after(argument)
        } else {
          result += argument
        }
        // `{1 entry|entries}`: the number, then the word in the form that number takes.
        if forms.first == " ", let bar = forms.firstIndex(of: "|") {
          result +=
            " "
            + (argument == "1" ? forms[forms.index(after: forms.startIndex)..<bar] : forms[forms.index(after: bar)...])
        } else if let particle = Particle(String(forms)) {
          result += particle.after(argument)
        }
        rest = after[after.index(after: close)...]
      } else {
        result += "{"
        rest = after
      }
    }
    return result + rest
  }

  /// The message for `key` with its placeholders filled.
  public func callAsFunction(_ key: Message, _ arguments: any CustomStringConvertible...) -> String {
    text(key, arguments.map(\.description))
  }

  /// The raw table, for tests that compare the languages.
  public var entries: [Message: String] { table }
}

/// A Korean particle whose form follows the sound before it: 을/를, 이/가, 은/는, 과/와, 으로/로,
/// 이나/나, 아/야. After a final consonant the first form, after a vowel the second; 으로
/// after ㄹ is 로. Latin letters and digits are read as Korean reads them aloud (`vim` 빔,
/// `html` ...엘, `1` 일), a name's quotes and brackets skipped.
struct Particle {
  let closed: String
  let open: String

  private static let pairs: [(String, String)] = [
    ("을", "를"), ("이", "가"), ("은", "는"), ("과", "와"), ("으로", "로"), ("이나", "나"), ("아", "야"),
  ]

  /// The particle written either way (`을` or `를`); nil for anything else.
  init?(_ written: String) {
    guard let pair = Self.pairs.first(where: { $0.0 == written || $0.1 == written }) else { return nil }
    (closed, open) = pair
  }

  /// The form that follows `word`.
  func after(_ word: String) -> String {
    let sounds = word.filter { $0.isLetter || $0.isNumber }
    guard let last = sounds.last else { return "\(closed)(\(open))" }
    var (consonant, rieul) = Self.ending(last)
    if sounds.lowercased().hasSuffix("ng") { (consonant, rieul) = (true, false) }  // running: 러닝
    if closed == "으로" { return consonant && !rieul ? closed : open }
    return consonant ? closed : open
  }

  /// Whether `character` ends on a consonant when read aloud, and whether that is ㄹ.
  static func ending(_ character: Character) -> (consonant: Bool, rieul: Bool) {
    if let scalar = character.unicodeScalars.first?.value, (0xAC00...0xD7A3).contains(scalar) {
      let final = (scalar - 0xAC00) % 28
      return (final != 0, final == 8)
    }
    switch character.lowercased() {
    case "l", "1", "7", "8": return (true, true)  // 엘, 일, 칠, 팔
    case "m", "n", "0", "3", "6": return (true, false)  // 엠, 엔, 영, 삼, 육
    default: return (false, false)
    }
  }
}
