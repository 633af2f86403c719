import Foundation
import IlgiCore

extension Context {
  /// One line for a setting that is ignored.
  static func describe(_ warning: ConfigWarning) -> String {
    let place = warning.line.map { "\(warning.source):\($0)" } ?? warning.source
    switch warning.problem {
    case .unknownKey(let key):
      return tr(.configUnknownKey, place, key)
    case .wrongType(let key, let found):
      return tr(.configWrongType, place, key.rawValue, shown(found, key), expected(key))
    case .notInJournalConfig(let key):
      return tr(.configNotInJournal, place, key.rawValue)
    }
  }

  /// A failure for a config file or change that cannot be used.
  static func describe(_ error: ConfigError) -> Failure {
    switch error {
    case .syntax(let path, let line, let column, let message):
      return Failure(tr(.configSyntax, path, line, column, message), status: ExitStatus.badData)
    case .io(let io):
      return describe(JournalError(path: io.path, reason: .io(io)))
    case .unknownKey(let key):
      return Failure(
        tr(.configUnknownKeyArgument, key, ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")),
        status: ExitStatus.usage)
    case .invalidValue(let problem):
      if case .wrongType(let key, let found) = problem {
        return Failure(tr(.configInvalidValue, key.rawValue, shown(found, key), expected(key)), status: ExitStatus.usage)
      }
      return Failure(describe(ConfigWarning(source: "", line: nil, problem: problem)), status: ExitStatus.usage)
    case .uneditable(let path, let key):
      return Failure(tr(.configUneditable, path, key.rawValue))
    }
  }

  /// What a key takes, in words: `a number`, `true or false`, `metric or imperial`.
  static func expected(_ key: ConfigKey) -> String {
    switch key.kind {
    case .string: return tr(.kindString)
    case .number: return tr(.kindNumber)
    case .bool: return tr(.kindBool)
    case .choice(let choices): return choices.joined(separator: tr(.kindOr))
    case .language: return Language.allCases.map(\.rawValue).joined(separator: tr(.kindOr))
    }
  }

  /// A value as a message shows it; secrets are never shown.
  static func shown(_ value: String, _ key: ConfigKey) -> String {
    key.isSecret ? "\"…\"" : "\"\(value)\""
  }

  /// Where a setting came from, in words.
  static func describe(_ source: Settings.Source) -> String {
    switch source {
    case .flag: tr(.configSourceFlag)
    case .environment(let name): tr(.configSourceEnvironment, name)
    case .journalFile(let path): tr(.configSourceJournal, path)
    case .globalFile(let path): tr(.configSourceGlobal, path)
    case .builtIn: tr(.configSourceDefault)
    }
  }

  /// One notice line for weather that could not be had.
  static func describe(_ error: WeatherError) -> String {
    switch error {
    case .unreachable(let host): tr(.weatherUnreachable, host)
    case .timedOut(let host, let seconds): tr(.weatherTimedOut, host, String(format: "%g", seconds))
    case .httpStatus(let host, let code): tr(.weatherHTTPStatus, host, code)
    case .rejectedKey(let host): tr(.weatherRejectedKey, host)
    case .malformed(let host): tr(.weatherMalformed, host)
    case .tooLarge(let host): tr(.weatherTooLarge, host)
    case .placeNotFound(let name): tr(.weatherPlaceNotFound, name)
    case .notConfigured(let what): what == "key" ? tr(.weatherNoKey) : tr(.weatherNoPlace)
    }
  }

  /// The weather lookup the settings describe, or the reason there is none.
  func weatherLookup(root: String) -> Result<WeatherLookup, WeatherError> {
    let place = settings.string(.weatherPlace)
    var coordinates: WeatherPlace?
    if let latitude = settings.number(.weatherLatitude), let longitude = settings.number(.weatherLongitude) {
      coordinates = WeatherPlace(name: place, latitude: latitude, longitude: longitude)
    }
    guard place != nil || coordinates != nil else { return .failure(.notConfigured("place")) }
    let provider: WeatherClient.Provider
    if settings.string(.weatherProvider) == "openweathermap" {
      guard let key = settings.string(.weatherKey) else { return .failure(.notConfigured("key")) }
      provider = .openWeatherMap(key: key)
    } else {
      provider = .openMeteo
    }
    let forecastDefault =
      provider == .openMeteo ? "https://api.open-meteo.com" : "https://api.openweathermap.org"
    func url(_ key: ConfigKey, _ fallback: String) -> URL {
      URL(string: settings.string(key) ?? fallback) ?? URL(fileURLWithPath: "/")
    }
    let client = WeatherClient(
      provider: provider,
      forecastURL: url(.weatherURL, forecastDefault),
      archiveURL: url(.weatherArchiveURL, "https://archive-api.open-meteo.com"),
      geocodingURL: url(.weatherGeocodingURL, "https://geocoding-api.open-meteo.com"),
      units: settings.string(.weatherUnits) == "imperial" ? .imperial : .metric,
      timeout: max(0.1, min(settings.number(.weatherTimeout) ?? 4, 60)))
    return .success(
      WeatherLookup(
        placeName: place, coordinates: coordinates, client: client, cachePath: WeatherCache.path(root: root)))
  }
}
