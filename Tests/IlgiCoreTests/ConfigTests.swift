import Foundation
import IlgiStore
import Testing

/// `config.toml` reading, in-place edits, warnings and the order settings win in.
struct ConfigTests {
  let sample = """
    # my ilgi settings
    editor = "nvim"   # the one true editor
    locale = "ko"

    # where I live
    [weather]
    place = "Seoul"
    units = "metric"

    [git]
    autocommit = true
    """

  @Test func readsEveryKnownKeyWithItsType() throws {
    let file = try ConfigFile(path: "/c.toml", text: sample)
    #expect(file.values[.editor] == .string("nvim"))
    #expect(file.values[.locale] == .string("ko"))
    #expect(file.values[.weatherPlace] == .string("Seoul"))
    #expect(file.values[.weatherUnits] == .string("metric"))
    #expect(file.values[.gitAutocommit] == .bool(true))
    #expect(file.warnings.isEmpty)
    #expect(file.line(of: .weatherPlace) == 7)
  }

  @Test func setRewritesOnlyThatLineAndKeepsItsComment() throws {
    let file = try ConfigFile(path: "/c.toml", text: sample)
    let edited = try file.setting(.editor, to: .string("hx"))
    #expect(
      edited.text == sample.replacingOccurrences(
        of: #"editor = "nvim"   # the one true editor"#,
        with: #"editor = "hx" # the one true editor"#) + "\n")
    #expect(edited.values[.editor] == .string("hx"))
  }

  @Test func setAddsAMissingKeyToItsTableOrMakesTheTable() throws {
    let file = try ConfigFile(path: "/c.toml", text: sample)
    let inTable = try file.setting(.weatherLatitude, to: .number(37.5))
    #expect(inTable.text.contains("units = \"metric\"\nlatitude = 37.5\n\n[git]"))
    let topLevel = try file.setting(.rawHTML, to: .bool(true))
    #expect(topLevel.text.contains("locale = \"ko\"\nraw_html = true\n"))
    let plain = try ConfigFile(path: "/c.toml", text: "# only a comment\n")
    let made = try plain.setting(.weatherPlace, to: .string("Busan"))
    #expect(made.text == "# only a comment\n\n[weather]\nplace = \"Busan\"\n")
    let empty = try ConfigFile(path: "/c.toml", text: "")
    #expect(try empty.setting(.editor, to: .string("vi")).text == "editor = \"vi\"\n")
  }

  @Test func setKeepsCRLFAndEscapesStrings() throws {
    let file = try ConfigFile(path: "/c.toml", text: "editor = \"vi\"\r\n[weather]\r\nplace = \"x\"\r\n")
    let edited = try file.setting(.weatherPlace, to: .string("Say \"hi\"\\"))
    #expect(edited.text == "editor = \"vi\"\r\n[weather]\r\nplace = \"Say \\\"hi\\\"\\\\\"\r\n")
    #expect(edited.values[.weatherPlace] == .string("Say \"hi\"\\"))
  }

  @Test func unsetRemovesOneLine() throws {
    let file = try ConfigFile(path: "/c.toml", text: sample)
    let edited = try #require(try file.removing(.locale))
    #expect(edited.text == sample.replacingOccurrences(of: "locale = \"ko\"\n", with: ""))
    #expect(try file.removing(.weatherKey) == nil)
  }

  @Test func unknownKeysAndWrongTypesAreWarningsWithTheirLines() throws {
    let text = """
      editor = 3
      colour = "red"
      [weather]
      latitude = "north"
      units = "kelvin"
      place = "Seoul"
      """
    let file = try ConfigFile(path: "/c.toml", text: text)
    #expect(
      file.warnings == [
        ConfigWarning(source: "/c.toml", line: 1, problem: .wrongType(.editor, found: "3")),
        ConfigWarning(source: "/c.toml", line: 2, problem: .unknownKey("colour")),
        ConfigWarning(source: "/c.toml", line: 4, problem: .wrongType(.weatherLatitude, found: "north")),
        ConfigWarning(source: "/c.toml", line: 5, problem: .wrongType(.weatherUnits, found: "kelvin")),
      ])
    #expect(file.values == [.weatherPlace: .string("Seoul")])
  }

  @Test func theJournalKeyMeansNothingInAJournalConfig() throws {
    let file = try ConfigFile(path: "/j/.ilgi/config.toml", text: "journal = \"~/x\"\n", isJournalConfig: true)
    #expect(file.values.isEmpty)
    #expect(
      file.warnings == [ConfigWarning(source: "/j/.ilgi/config.toml", line: 1, problem: .notInJournalConfig(.journal))])
  }

  @Test func invalidTOMLNamesTheLine() {
    #expect(throws: ConfigError.self) { try ConfigFile(path: "/c.toml", text: "editor = \"vi\"\nplace = \n") }
    do {
      _ = try ConfigFile(path: "/c.toml", text: "editor = \"vi\"\nplace = \n")
    } catch {
      guard case .syntax(let path, let line, _, _) = error else { Issue.record("not a syntax error"); return }
      #expect(path == "/c.toml")
      #expect(line == 2)
    }
  }

  @Test(
    arguments: [
      // flag, env, journal, global -> winner
      ("flag", "env", "journal", "global", "flag"),
      (nil, "env", "journal", "global", "env"),
      (nil, nil, "journal", "global", "journal"),
      (nil, nil, nil, "global", "global"),
      (nil, nil, nil, nil, nil),
    ] as [(String?, String?, String?, String?, String?)])
  func precedenceIsFlagThenEnvironmentThenJournalThenGlobal(
    flag: String?, env: String?, journal: String?, global: String?, winner: String?
  ) throws {
    func file(_ value: String?, _ path: String) throws -> ConfigFile? {
      try value.map { try ConfigFile(path: path, text: "editor = \"\($0)\"\n") }
    }
    let settings = Settings(
      flags: flag.map { [.editor: .string($0)] } ?? [:], variables: env.map { ["ILGI_EDITOR": $0] } ?? [:],
      journalFile: try file(journal, "/j"), globalFile: try file(global, "/g"))
    #expect(settings.string(.editor) == winner)
    let source = settings.resolved(.editor)?.source
    switch winner {
    case "flag": #expect(source == .flag)
    case "env": #expect(source == .environment("ILGI_EDITOR"))
    case "journal": #expect(source == .journalFile("/j"))
    case "global": #expect(source == .globalFile("/g"))
    default: #expect(source == nil)
    }
  }

  @Test func environmentValuesAreCheckedAndDefaultsFillTheRest() {
    let settings = Settings(variables: ["ILGI_WEATHER_LATITUDE": "north", "ILGI_RAW_HTML": "1"])
    #expect(settings.number(.weatherLatitude) == nil)
    #expect(settings.environmentWarnings.map(\.source) == ["ILGI_WEATHER_LATITUDE"])
    #expect(settings.flag(.rawHTML))
    #expect(settings.string(.weatherUnits) == "metric")
    #expect(settings.resolved(.weatherUnits)?.source == .builtIn)
  }
}
