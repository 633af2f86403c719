import Foundation

/// Asks a weather service for current conditions, past hours, and where a place is.
///
/// Open-Meteo needs no key and serves all three; OpenWeatherMap serves current conditions
/// when a key is set (history and geocoding still come from Open-Meteo). Base URLs are
/// settings, so tests point them at a local server.
public struct WeatherClient: Sendable {
  /// Which service answers for current conditions.
  public enum Provider: Sendable, Equatable {
    case openMeteo
    case openWeatherMap(key: String)
  }

  /// The service for current conditions.
  public var provider: Provider
  /// Base URL of the current-conditions service.
  public var forecastURL: URL
  /// Base URL of Open-Meteo's historical archive.
  public var archiveURL: URL
  /// Base URL of Open-Meteo's geocoding.
  public var geocodingURL: URL
  /// Celsius or Fahrenheit.
  public var units: WeatherUnits
  /// Seconds to wait for an answer.
  public var timeout: Double

  /// The largest answer read; a weather report is a few hundred bytes, a year of hours a
  /// few hundred kilobytes.
  public static let sizeLimit = 4 << 20

  /// Makes a client.
  public init(
    provider: Provider, forecastURL: URL, archiveURL: URL, geocodingURL: URL, units: WeatherUnits,
    timeout: Double
  ) {
    self.provider = provider
    self.forecastURL = forecastURL
    self.archiveURL = archiveURL
    self.geocodingURL = geocodingURL
    self.units = units
    self.timeout = timeout
  }

  // MARK: - Current conditions

  /// The weather at `place` now.
  public func current(at place: WeatherPlace) async throws(WeatherError) -> WeatherReport {
    switch provider {
    case .openMeteo:
      let url = Self.url(
        forecastURL, "v1/forecast",
        [
          "latitude": Self.coordinate(place.latitude), "longitude": Self.coordinate(place.longitude),
          "current": "temperature_2m,weather_code", "temperature_unit": temperatureUnit, "timezone": "GMT",
        ])
      let answer: OpenMeteoCurrent = try await fetch(url)
      return WeatherReport(
        condition: WeatherCondition(wmoCode: answer.current.weather_code),
        temperature: answer.current.temperature_2m, units: units)
    case .openWeatherMap(let key):
      let url = Self.url(
        forecastURL, "data/2.5/weather",
        [
          "lat": Self.coordinate(place.latitude), "lon": Self.coordinate(place.longitude), "appid": key,
          "units": units == .metric ? "metric" : "imperial",
        ])
      let answer: OpenWeatherMapCurrent = try await fetch(url)
      guard let first = answer.weather.first else { throw .malformed(host: Self.host(url)) }
      return WeatherReport(
        condition: WeatherCondition(openWeatherMapID: first.id), temperature: answer.main.temp, units: units)
    }
  }

  // MARK: - History

  /// The hourly weather at `place` from the day `first` to the day `last` (`YYYY-MM-DD`, UTC).
  public func history(at place: WeatherPlace, from first: String, to last: String) async throws(WeatherError)
    -> WeatherHistory
  {
    let url = Self.url(
      archiveURL, "v1/archive",
      [
        "latitude": Self.coordinate(place.latitude), "longitude": Self.coordinate(place.longitude),
        "start_date": first, "end_date": last, "hourly": "temperature_2m,weather_code",
        "temperature_unit": temperatureUnit, "timezone": "GMT",
      ])
    let answer: OpenMeteoArchive = try await fetch(url)
    let hourly = answer.hourly
    guard hourly.time.count == hourly.temperature_2m.count, hourly.time.count == hourly.weather_code.count else {
      throw .malformed(host: Self.host(url))
    }
    var hours: [Int64: WeatherReport] = [:]
    for (index, stamp) in hourly.time.enumerated() {
      guard let instant = WeatherHistory.hour(stamp), let temperature = hourly.temperature_2m[index],
        let code = hourly.weather_code[index]
      else { continue }
      hours[instant] = WeatherReport(condition: WeatherCondition(wmoCode: code), temperature: temperature, units: units)
    }
    return WeatherHistory(hours: hours)
  }

  // MARK: - Geocoding

  /// Where the place called `name` is (the geocoder's best match).
  public func locate(_ name: String) async throws(WeatherError) -> WeatherPlace {
    let url = Self.url(geocodingURL, "v1/search", ["name": name, "count": "1", "format": "json"])
    let answer: OpenMeteoGeocoding = try await fetch(url)
    guard let best = answer.results?.first else { throw .placeNotFound(name) }
    let place = WeatherPlace(name: name, latitude: best.latitude, longitude: best.longitude)
    guard place.isValid else { throw .malformed(host: Self.host(url)) }
    return place
  }

  // MARK: - HTTP

  private var temperatureUnit: String { units == .metric ? "celsius" : "fahrenheit" }

  private func fetch<Answer: Decodable>(_ url: URL) async throws(WeatherError) -> Answer {
    let host = Self.host(url)
    let bytes = try await get(url)
    do {
      return try JSONDecoder().decode(Answer.self, from: bytes)
    } catch {
      throw .malformed(host: host)
    }
  }

  private func get(_ url: URL) async throws(WeatherError) -> Data {
    let host = Self.host(url)
    let headers = ["User-Agent: ilgi (https://github.com/ilgi-journal/ilgi)", "Accept: application/json"]
    switch await HTTPRequest.get(url, headers: headers, timeout: timeout, limit: Self.sizeLimit) {
    case .answered(let status, let body):
      if status == 401 || status == 403 { throw .rejectedKey(host: host) }
      guard (200..<300).contains(status) else { throw .httpStatus(host: host, code: status) }
      return body
    case .noLibrary: throw .noHTTPLibrary
    case .unreachable: throw .unreachable(host: host)
    case .timedOut: throw .timedOut(host: host, seconds: timeout)
    case .tooLarge: throw .tooLarge(host: host)
    }
  }

  static func url(_ base: URL, _ path: String, _ query: [String: String]) -> URL {
    var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
    components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
    return components?.url ?? base
  }

  static func host(_ url: URL) -> String {
    guard let host = url.host else { return url.scheme ?? "the weather service" }
    return url.port.map { "\(host):\($0)" } ?? host
  }

  static func coordinate(_ value: Double) -> String { String(format: "%.4f", value) }
}

/// Hourly weather from the archive, by UTC hour.
public struct WeatherHistory: Sendable, Equatable {
  /// Reports keyed by the hour's start, in seconds since 1970.
  public var hours: [Int64: WeatherReport]

  /// Makes a history.
  public init(hours: [Int64: WeatherReport]) {
    self.hours = hours
  }

  /// The report for the hour nearest `instant`, when the archive has it.
  public func report(at instant: Date) -> WeatherReport? {
    let hour = Int64((instant.timeIntervalSince1970 / 3600).rounded()) * 3600
    return hours[hour] ?? hours[hour - 3600] ?? hours[hour + 3600]
  }

  /// `2024-05-01T13:00` (UTC) as seconds since 1970.
  static func hour(_ stamp: String) -> Int64? {
    let parts = stamp.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
    guard parts.count >= 4 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3])
    return calendar.date(from: components).map { Int64($0.timeIntervalSince1970) }
  }
}

// The answers' documented shapes, only the fields ilgi reads.

private struct OpenMeteoCurrent: Decodable {
  struct Current: Decodable {
    var temperature_2m: Double
    var weather_code: Int
  }
  var current: Current
}

private struct OpenMeteoArchive: Decodable {
  struct Hourly: Decodable {
    var time: [String]
    var temperature_2m: [Double?]
    var weather_code: [Int?]
  }
  var hourly: Hourly
}

private struct OpenMeteoGeocoding: Decodable {
  struct Result: Decodable {
    var latitude: Double
    var longitude: Double
  }
  var results: [Result]?
}

private struct OpenWeatherMapCurrent: Decodable {
  struct Condition: Decodable { var id: Int }
  struct Main: Decodable { var temp: Double }
  var weather: [Condition]
  var main: Main
}
