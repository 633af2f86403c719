import Foundation
import IlgiAge
import IlgiFormat
import IlgiStrings

/// One setting ilgi reads from `config.toml`, an `ILGI_*` variable, or a flag.
///
/// The raw value is the key as written in TOML (`weather.place` is `place` under `[weather]`);
/// the environment variable is `ILGI_` and the key in capitals with `.` as `_`.
public enum ConfigKey: String, CaseIterable, Sendable {
  /// The default journal folder (global config only).
  case journal
  /// The editor command, used before `VISUAL` and `EDITOR`.
  case editor
  /// The language of messages and dates: `en`, `ko`, `ko_KR`, ...
  case locale
  /// Let raw HTML in entries through to rendered HTML.
  case rawHTML = "raw_html"
  /// Where the weather is asked for: a place name, looked up once.
  case weatherPlace = "weather.place"
  /// Latitude of the weather place (with `weather.longitude`, instead of a name).
  case weatherLatitude = "weather.latitude"
  /// Longitude of the weather place.
  case weatherLongitude = "weather.longitude"
  /// `open-meteo` (no key) or `openweathermap` (needs `weather.key`).
  case weatherProvider = "weather.provider"
  /// The provider's API key (never written to entries, output or errors).
  case weatherKey = "weather.key"
  /// `metric` (°C) or `imperial` (°F).
  case weatherUnits = "weather.units"
  /// Seconds to wait for the weather service.
  case weatherTimeout = "weather.timeout"
  /// `false` turns weather at creation off even with a place set.
  case weatherEnabled = "weather.enabled"
  /// Base URL of the forecast service (tests point it at a local server).
  case weatherURL = "weather.url"
  /// Base URL of the historical archive service.
  case weatherArchiveURL = "weather.archive_url"
  /// Base URL of the geocoding service.
  case weatherGeocodingURL = "weather.geocoding_url"
  /// Commit every change to the journal when it is a git repository.
  case gitAutocommit = "git.autocommit"
  /// How often `ilgi serve` syncs with the journal's git remote by itself (`5m`, `30s`, `1h`;
  /// `0` never), besides after each sitting in the app ends.
  case gitSyncInterval = "git.sync_interval"
  /// The name of the journal's site, in its header, page titles and feed (else "Diary").
  case siteTitle = "site.title"
  /// The largest file `attach` and the app take, in megabytes (1,000,000 bytes).
  case attachmentsMaxMB = "attachments.max_mb"
  /// `true` keeps the place a photo was taken (its GPS position); by default it is removed.
  case attachmentsKeepLocation = "attachments.keep_location"
  case encryptionRecipients = "encryption.recipients"
  /// Whether the app keeps entries in the browser for use offline; unset, on for a plain
  /// journal and off for an encrypted one (what a browser keeps is not sealed).
  case appOffline = "app.offline"
  /// How many of the entries most recently listed or opened the app keeps offline.
  case appOfflineEntries = "app.offline_entries"
  /// The template `ilgi new` and the app's New page start from (`ilgi templates` lists them).
  case newTemplate = "new.template"
  /// Where `ilgi remind --notify` also sends the reminder: an ntfy topic's address
  /// (`https://ntfy.sh/my-diary-4821`) or an Apprise API's `/notify/KEY`.
  case remindURL = "remind.url"

  /// What a value must look like.
  public enum Kind: Sendable, Equatable {
    case string
    case number
    case bool
    case choice([String])
    /// A locale identifier of a language ilgi speaks (`en`, `ko`, `ko_KR`).
    case language
    /// age recipients (`age1...`), separated by spaces or commas.
    case recipients
    /// A length of time: a number and `s`, `m` or `h` (`30s`, `5m`, `1h`), seconds without one.
    case duration
  }

  /// What a value of this key must look like.
  public var kind: Kind {
    switch self {
    case .rawHTML, .gitAutocommit, .weatherEnabled, .attachmentsKeepLocation, .appOffline: .bool
    case .weatherLatitude, .weatherLongitude, .weatherTimeout, .attachmentsMaxMB, .appOfflineEntries: .number
    case .weatherProvider: .choice(["open-meteo", "openweathermap"])
    case .weatherUnits: .choice(["metric", "imperial"])
    case .locale: .language
    case .encryptionRecipients: .recipients
    case .gitSyncInterval: .duration
    default: .string
    }
  }

  /// The words of a recipient list: split at spaces and commas.
  public static func recipientWords(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).map(String.init)
  }

  /// The environment variable that overrides both config files.
  public var environmentName: String {
    "ILGI_" + rawValue.uppercased().replacingOccurrences(of: ".", with: "_")
  }

  /// The table the key lives in (`weather`), or nil at the top level.
  public var table: String? {
    rawValue.firstIndex(of: ".").map { String(rawValue[..<$0]) }
  }

  /// The key's name inside its table.
  public var name: String {
    rawValue.firstIndex(of: ".").map { String(rawValue[rawValue.index(after: $0)...]) } ?? rawValue
  }

  /// Whether only this device may set the key: the global config, an `ILGI_*` variable or a
  /// flag, never the journal's own file. A journal's file is committed, pushed and pulled, so
  /// whoever can push to its remote writes it; what a key of this kind sets runs a program
  /// (`editor`), lets script into the app (`raw_html`), sends data somewhere (the weather's
  /// place and addresses) or keeps what the owner chose to remove (a photo's place, entries in
  /// the browser). The journal's file keeps what is the journal's: its language, site title,
  /// templates and recipients.
  public var isDeviceOnly: Bool {
    switch self {
    case .journal, .editor, .rawHTML, .attachmentsKeepLocation, .appOffline, .appOfflineEntries: true
    case .weatherPlace, .weatherLatitude, .weatherLongitude, .weatherProvider, .weatherKey, .weatherUnits,
      .weatherTimeout, .weatherEnabled, .weatherURL, .weatherArchiveURL, .weatherGeocodingURL:
      true
    // When this device talks to its remote is its own: a remote could not make it pull every
    // second, nor stop it.
    case .gitSyncInterval: true
    // Where a reminder is sent is this device's: a remote could not have it sent elsewhere.
    case .remindURL: true
    case .locale, .gitAutocommit, .siteTitle, .attachmentsMaxMB, .encryptionRecipients, .newTemplate: false
    }
  }

  /// Whether the value is a secret that output shows only as set or unset.
  public var isSecret: Bool { self == .weatherKey }

  /// The value used when nothing sets one.
  public var defaultValue: ConfigValue? {
    switch self {
    case .rawHTML, .attachmentsKeepLocation: .bool(false)
    case .attachmentsMaxMB: .number(Double(AttachmentIntake.defaultLimit / 1_000_000))
    case .weatherEnabled, .gitAutocommit: .bool(true)
    case .appOfflineEntries: .number(50)
    case .gitSyncInterval: .string("5m")
    case .weatherProvider: .string("open-meteo")
    case .weatherUnits: .string("metric")
    case .weatherTimeout: .number(4)
    case .weatherArchiveURL: .string("https://archive-api.open-meteo.com")
    case .weatherGeocodingURL: .string("https://geocoding-api.open-meteo.com")
    default: nil
    }
  }

  /// Reads `text` (a flag's or variable's value, or `config set`'s argument) as a value of
  /// this key, or says what is wrong.
  public func parse(_ text: String) -> Result<ConfigValue, ConfigProblem> {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .string:
      return .success(.string(text))
    case .number:
      guard let number = Double(trimmed), number.isFinite else { return .failure(.wrongType(self, found: text)) }
      return .success(.number(number))
    case .bool:
      switch trimmed.lowercased() {
      case "true", "yes", "on", "1": return .success(.bool(true))
      case "false", "no", "off", "0": return .success(.bool(false))
      default: return .failure(.wrongType(self, found: text))
      }
    case .choice(let choices):
      guard choices.contains(trimmed.lowercased()) else { return .failure(.wrongType(self, found: text)) }
      return .success(.string(trimmed.lowercased()))
    case .language:
      guard Language.named(trimmed) != nil else { return .failure(.wrongType(self, found: text)) }
      return .success(.string(trimmed))
    case .recipients:
      let words = Self.recipientWords(trimmed)
      guard words.allSatisfy({ (try? KeyRecipient($0)) != nil }) else {
        return .failure(.wrongType(self, found: text))
      }
      return .success(.string(words.joined(separator: " ")))
    case .duration:
      guard Self.seconds(trimmed) != nil else { return .failure(.wrongType(self, found: text)) }
      return .success(.string(trimmed.lowercased()))
    }
  }

  /// The seconds a duration says (`30s`, `5m`, `1h`, or seconds alone); nil when it says none
  /// (or a negative one).
  public static func seconds(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600]
    let unit = trimmed.last.flatMap { units[$0] }
    guard let number = Double(unit == nil ? trimmed : String(trimmed.dropLast())), number.isFinite, number >= 0
    else { return nil }
    return number * (unit ?? 1)
  }
}

/// A setting's value.
public enum ConfigValue: Sendable, Equatable, CustomStringConvertible {
  case string(String)
  case number(Double)
  case bool(Bool)

  /// The value as TOML source.
  public var toml: String {
    switch self {
    case .string(let text): ConfigValue.quoted(text)
    case .number(let number):
      number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    case .bool(let flag): flag ? "true" : "false"
    }
  }

  /// The value as a person reads it (strings without quotes).
  public var description: String {
    if case .string(let text) = self { return text }
    return toml
  }

  /// The text, for string values.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number, for number values.
  public var number: Double? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The flag, for bool values.
  public var bool: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// A TOML basic string: its escapes (`\"`, `\\`, `\n`, `\uXXXX`) are YAML's double-quoted ones.
  static func quoted(_ text: String) -> String { YAMLScalar.doubleQuoted(text) }
}
