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
/// arguments in order. The tables live in `Catalog+English.swift` and `Catalog+Korean.swift`.
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
        result += argument
        // `{1 entry|entries}`: the number, then the word in the form that number takes.
        let forms = inside.dropFirst(digits.count)
        if forms.first == " ", let bar = forms.firstIndex(of: "|") {
          result +=
            " "
            + (argument == "1" ? forms[forms.index(after: forms.startIndex)..<bar] : forms[forms.index(after: bar)...])
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
