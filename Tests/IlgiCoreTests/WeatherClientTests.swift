import Foundation
import IlgiTestSupport
import IlgiWeather
import Testing

/// The weather client against a local server that answers in the providers' documented shapes.
struct WeatherClientTests {
  func client(
    _ server: WeatherStubServer, provider: WeatherClient.Provider = .openMeteo, units: WeatherUnits = .metric,
    timeout: Double = 2
  ) -> WeatherClient {
    let base = URL(string: server.baseURL) ?? URL(fileURLWithPath: "/")
    return WeatherClient(
      provider: provider, forecastURL: base, archiveURL: base, geocodingURL: base, units: units, timeout: timeout)
  }

  @Test func openMeteoCurrentConditions() async throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current(temperature: -0.4, code: 3)))
    ])
    let report = try await client(server, units: .imperial).current(
      at: WeatherPlace(latitude: 37.5665, longitude: 126.978))
    #expect(report == WeatherReport(condition: .cloudy, temperature: -0.4, units: .imperial))
    #expect(report.text(in: .english) == "Cloudy, 0°F")
    #expect(report.text(in: .korean) == "흐림, 0°F")
    let target = try #require(server.requests.first?.target)
    #expect(target.contains("latitude=37.5665") && target.contains("longitude=126.9780"))
    #expect(target.contains("temperature_unit=fahrenheit"))
  }

  @Test func openWeatherMapCurrentConditionsWithTheKey() async throws {
    let server = try WeatherStubServer(answers: [
      ("/data/2.5/weather", .body(status: 200, WeatherStubAnswers.openWeatherMap(id: 500, temperature: 7.6)))
    ])
    let report = try await client(server, provider: .openWeatherMap(key: "k3y")).current(
      at: WeatherPlace(latitude: 1, longitude: 2))
    #expect(report.text(in: .english) == "Rain, 8°C")
    #expect(server.requests.first?.target.contains("appid=k3y") == true)
    #expect(server.requests.first?.target.contains("units=metric") == true)
  }

  @Test func geocodingFindsAPlaceOrSaysItFoundNone() async throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search?count=1&format=json&name=Seoul", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocodingEmpty)),
    ])
    let place = try await client(server).locate("Seoul")
    #expect(place == WeatherPlace(name: "Seoul", latitude: 37.566, longitude: 126.9784))
    await #expect(throws: WeatherError.placeNotFound("Atlantis")) { try await client(server).locate("Atlantis") }
  }

  @Test func archiveGivesTheNearestHour() async throws {
    let server = try WeatherStubServer(answers: [
      (
        "/v1/archive",
        .body(
          status: 200, WeatherStubAnswers.archive(first: "2024-05-01", last: "2024-05-02", temperature: 18.6, code: 71))
      )
    ])
    let history = try await client(server).history(
      at: WeatherPlace(latitude: 1, longitude: 2), from: "2024-05-01", to: "2024-05-02")
    #expect(history.hours.count == 48)
    let instant = try #require(ISO8601DateFormatter().date(from: "2024-05-02T09:40:00+09:00"))
    #expect(history.report(at: instant)?.text(in: .english) == "Snow, 19°C")
    #expect(history.report(at: Date(timeIntervalSince1970: 0)) == nil)
    let target = try #require(server.requests.first?.target)
    #expect(target.contains("start_date=2024-05-01") && target.contains("end_date=2024-05-02"))
  }

  @Test(arguments: [
    ("500", WeatherError.httpStatus(host: "HOST", code: 500)),
    ("401", WeatherError.rejectedKey(host: "HOST")),
    ("malformed", WeatherError.malformed(host: "HOST")),
    ("html", WeatherError.malformed(host: "HOST")),
    ("large", WeatherError.tooLarge(host: "HOST")),
    ("hang", WeatherError.timedOut(host: "HOST", seconds: 1)),
  ])
  func everyFailureIsATypedError(_ case: String, _ expected: WeatherError) async throws {
    let answer: WeatherStubServer.Answer =
      switch `case` {
      case "500": .body(status: 500, "{\"error\":true}")
      case "401": .body(status: 401, WeatherStubAnswers.openWeatherMapBadKey)
      case "malformed": .body(status: 200, "{\"current\": {\"temperature_2m\": \"warm\"")
      case "html": .body(status: 200, "<html>maintenance</html>")
      case "large": .large(count: 10 << 20)
      default: .hang
      }
    let server = try WeatherStubServer(answers: [("/", answer)])
    defer { server.stop() }
    let host = "127.0.0.1:\(server.port)"
    let fixed: WeatherError =
      switch expected {
      case .httpStatus(_, let code): .httpStatus(host: host, code: code)
      case .rejectedKey: .rejectedKey(host: host)
      case .malformed: .malformed(host: host)
      case .tooLarge: .tooLarge(host: host)
      case .timedOut(_, let seconds): .timedOut(host: host, seconds: seconds)
      default: expected
      }
    await #expect(throws: fixed) {
      try await client(server, timeout: 1).current(at: WeatherPlace(latitude: 1, longitude: 2))
    }
  }

  @Test func aRefusedConnectionIsUnreachable() async throws {
    let port = try WeatherStubServer.closedPort()
    let base = URL(string: "http://127.0.0.1:\(port)")!
    let client = WeatherClient(
      provider: .openMeteo, forecastURL: base, archiveURL: base, geocodingURL: base, units: .metric, timeout: 2)
    await #expect(throws: WeatherError.unreachable(host: "127.0.0.1:\(port)")) {
      try await client.current(at: WeatherPlace(latitude: 1, longitude: 2))
    }
  }

  @Test func theCacheRemembersPlacesAndReportsForThirtyMinutes() async throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current())),
    ])
    let journal = try TempJournal()
    let lookup = WeatherLookup(
      placeName: "Seoul", coordinates: nil, client: client(server), cachePath: WeatherCache.path(root: journal.root))
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(try await lookup.current(now: start).get().text(in: .english) == "Clear, 4°C")
    #expect(try await lookup.current(now: start + 29 * 60).get().text(in: .english) == "Clear, 4°C")
    #expect(server.requests.count == 2)  // one geocoding, one forecast
    _ = try await lookup.current(now: start + 31 * 60).get()
    #expect(server.requests.map { $0.target.hasPrefix("/v1/search") } == [true, false, false])
    let cache = try #require(journal.snapshot()[".ilgi/cache/weather.json"])
    #expect(cache.mode & 0o777 == 0o600)
  }

  @Test(arguments: [
    ("Clear", WeatherCondition.clear), ("Partly Cloudy", .partlyCloudy), ("Cloudy", .cloudy), ("Light Rain", .rain),
    ("Snow", .snow), ("Fog", .fog), ("Windy", .windy), ("Thunderstorm", .thunderstorm), ("Haze", .fog),
    ("맑음, 4°C", .clear), ("구름 조금", .partlyCloudy), ("흐림", .cloudy), ("비", .rain), ("눈", .snow),
  ])
  func weatherTextIsRecognised(_ text: String, _ condition: WeatherCondition) {
    #expect(WeatherCondition.recognize(text) == condition)
  }

  @Test func unknownWeatherTextHasNoSymbol() {
    #expect(WeatherCondition.recognize("a strange day") == nil)
  }
}
