import Foundation
import IlgiSystem
import IlgiTestSupport
import Testing

/// Weather at creation and `ilgi weather fill`, through the built binary against a local
/// server that answers like Open-Meteo and OpenWeatherMap.
struct WeatherCLITests {
  /// The journal's files without the weather cache (remembering a place is not a change).
  func journalFiles(_ harness: Harness) -> [String: TempJournal.Snapshot] {
    harness.journal.snapshot().filter { !$0.key.hasPrefix(".ilgi/cache") }
  }

  /// A harness whose weather settings point at `server` (through `ILGI_*` variables).
  func harness(_ server: WeatherStubServer?, port: Int? = nil, files: [String: String] = [:]) throws -> Harness {
    var harness = try Harness(files)
    let base = server?.baseURL ?? "http://127.0.0.1:\(port ?? 9)"
    harness.environment["ILGI_WEATHER_PLACE"] = "Seoul"
    harness.environment["ILGI_WEATHER_URL"] = base
    harness.environment["ILGI_WEATHER_GEOCODING_URL"] = base
    harness.environment["ILGI_WEATHER_ARCHIVE_URL"] = base
    harness.environment["ILGI_WEATHER_TIMEOUT"] = "1"
    return harness
  }

  static let working: [(String, WeatherStubServer.Answer)] = [
    ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
    ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current(temperature: 4.2, code: 0))),
  ]

  /// libcurl and its TLS libraries load only when the weather is fetched, never at start-up
  /// (where they cost about 12 ms of every command); the tests here show fetching still works.
  @Test func theBinaryDoesNotLinkLibcurl() throws {
    let libraries = try ChildProcess.run(["ldd", IlgiProcess.binary])
    #expect(libraries.status == 0)
    #expect(libraries.stdout.contains("libc.so"), "ldd lists the libraries")
    #expect(!libraries.stdout.contains("libcurl"), "\(libraries.stdout)")
  }

  @Test func aPlaceInTheConfigFileGetsEveryNewEntryItsWeather() throws {
    let server = try WeatherStubServer(answers: Self.working)
    let harness = try Harness()
    let config = harness.environment["XDG_CONFIG_HOME"]! + "/ilgi/config.toml"
    try FileManager.default.createDirectory(
      atPath: (config as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try """
    [weather]
    place = "Seoul"
    url = "\(server.baseURL)"
    geocoding_url = "\(server.baseURL)"
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let first = try harness.run("new", "Went out")
    #expect(first.status == 0)
    #expect(first.stderr == "")
    let path = first.stdout.trimmingCharacters(in: .newlines)
    #expect(harness.journal.text(path)?.contains("\nweather: Clear, 4°C\n") == true)
    // The same place within 30 minutes: no new request; the place is looked up once.
    let second = try harness.run("new", "Came back")
    #expect(
      harness.journal.text(second.stdout.trimmingCharacters(in: .newlines))?.contains("weather: Clear, 4°C") == true)
    #expect(server.requests.map { String($0.target.prefix(12)) } == ["/v1/search?c", "/v1/forecast"])
    let list = try harness.run("list")
    #expect(list.stdout.contains("· ☀ Clear, 4°C"))
  }

  @Test func weatherIsWrittenInTheLanguageAndUnitsOfTheJournal() throws {
    let server = try WeatherStubServer(answers: Self.working)
    let harness = try harness(server)
    let result = try harness.run(
      "new", "산책", env: ["LANG": "ko_KR.UTF-8", "ILGI_WEATHER_UNITS": "imperial"])
    #expect(result.status == 0)
    #expect(harness.journal.text(result.stdout.trimmingCharacters(in: .newlines))?.contains("weather: 맑음, 4°F") == true)
    #expect(server.requests.last?.target.contains("temperature_unit=fahrenheit") == true)
  }

  @Test func givenOrRefusedWeatherAsksNoService() throws {
    let server = try WeatherStubServer(answers: Self.working)
    let harness = try harness(server)
    let given = try harness.run("new", "Rainy day", "--weather", "Drizzle")
    #expect(harness.journal.text(given.stdout.trimmingCharacters(in: .newlines))?.contains("weather: Drizzle") == true)
    let none = try harness.run("new", "No weather", "--no-weather")
    #expect(harness.journal.text(none.stdout.trimmingCharacters(in: .newlines))?.contains("weather:") == false)
    let off = try harness.run("new", "Weather off", env: ["ILGI_WEATHER_ENABLED": "false"])
    #expect(harness.journal.text(off.stdout.trimmingCharacters(in: .newlines))?.contains("weather:") == false)
    #expect(server.requests.isEmpty)
    let both = try harness.run("new", "x", "--weather", "Fog", "--no-weather")
    #expect(both.status == 64)
  }

  @Test func theRequestRunsWhileTheEditorIsOpen() throws {
    let server = try WeatherStubServer(answers: Self.working)
    let harness = try harness(server)
    let ended = harness.journal.base + "/editor-ended"
    let editor = try harness.editor("sleep 1\nprintf 'Walked by the river\\n' > \"$1\"\ndate +%s.%N > '\(ended)'\n")
    let result = try harness.run("new", "--edit", env: ["EDITOR": editor])
    #expect(result.status == 0)
    let path = result.stdout.trimmingCharacters(in: .newlines)
    #expect(harness.journal.text(path)?.contains("weather: Clear, 4°C") == true)
    let editorEnded = try #require(
      Double(String(contentsOfFile: ended, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    let asked = try #require(server.requests.last?.arrived.timeIntervalSince1970)
    // The forecast was asked for before the editor was closed, not after.
    #expect(asked < editorEnded)
  }

  static let failures: [(String, String)] = [
    ("refused", "could not reach 127.0.0.1:"),
    ("hang", "did not answer within 1 s"),
    ("500", "answered HTTP 500"),
    ("401", "refused the API key; check weather.key (or ILGI_WEATHER_KEY)"),
    ("malformed", "sent an answer ilgi cannot read"),
    ("large", "far too large"),
    ("noplace", "no place called `Seoul` was found"),
  ]

  @Test(arguments: failures)
  func aFailingServiceLeavesTheEntrySavedWithoutWeatherAndOneNotice(_ kind: String, _ notice: String) throws {
    let secret = "sekrit-\(UUID().uuidString.prefix(8))"
    let answer: WeatherStubServer.Answer =
      switch kind {
      case "hang": .hang
      case "500": .body(status: 500, #"{"error":true,"reason":"Internal"}"#)
      case "401": .body(status: 401, WeatherStubAnswers.openWeatherMapBadKey)
      case "malformed": .body(status: 200, #"{"current":{"temperature_2m":"#)
      case "large": .large(count: 10 << 20)
      default: .body(status: 200, WeatherStubAnswers.current())
      }
    let server = try WeatherStubServer(answers: [
      (
        "/v1/search",
        .body(status: 200, kind == "noplace" ? WeatherStubAnswers.geocodingEmpty : WeatherStubAnswers.geocoding())
      ),
      ("/", answer),
    ])
    defer { server.stop() }
    let port = kind == "refused" ? try WeatherStubServer.closedPort() : nil
    var harness = try harness(kind == "refused" ? nil : server, port: port)
    if kind == "401" {
      harness.environment["ILGI_WEATHER_PROVIDER"] = "openweathermap"
      harness.environment["ILGI_WEATHER_KEY"] = secret
    }
    let result = try harness.run("new", "Went out")
    #expect(result.status == 0)
    let path = result.stdout.trimmingCharacters(in: .newlines)
    let text = try #require(harness.journal.text(path))
    #expect(text.contains("Went out"))
    #expect(!text.contains("weather:"))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.stderr.hasPrefix("ilgi: note: "))
    #expect(result.stderr.contains(notice))
    // The key never shows: not in output, errors, the entry or the cache.
    let cache = harness.journal.text(".ilgi/cache/weather.json") ?? ""
    for place in [result.stdout, result.stderr, text, cache] { #expect(!place.contains(secret)) }
    if kind == "401" { #expect(server.requests.last?.target.contains("appid=\(secret)") == true) }
    #expect(result.stderr.hasSuffix("; the entry is saved without weather\n"))
    // `ilgi weather` writes no entry, so it says what went wrong and nothing of an entry.
    let asked = try harness.run("weather")
    #expect(asked.status == 1)
    #expect(asked.stderr.contains(notice), "\(asked.stderr)")
    #expect(!asked.stderr.contains("entry"), "\(asked.stderr)")
  }

  /// A backdated entry gets the archive's weather for its hour, never today's forecast; a
  /// future one gets none, without a word.
  @Test func aBackdatedEntryGetsTheWeatherOfItsHour() throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2024-04-30", last: "2024-05-02"))),
      ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current(temperature: 4.2, code: 0))),
    ])
    defer { server.stop() }
    let harness = try harness(server)
    let backdated = try harness.run("new", "Back then", "--date", "2024-05-01T09:00")
    #expect(backdated.status == 0)
    #expect(backdated.stderr == "")
    let text = try #require(harness.journal.text(backdated.stdout.trimmingCharacters(in: .newlines)))
    #expect(text.contains("weather: Rain, 12°C\n"), "\(text)")
    #expect(!server.requests.contains { $0.target.hasPrefix("/v1/forecast") })
    #expect(server.requests.contains { $0.target.hasPrefix("/v1/archive") && $0.target.contains("2024-05-01") })
    let future = try harness.run("new", "Plans", "--date", "2099-01-01T09:00")
    #expect(future.status == 0)
    // Only the note that the entry is ahead of now: no weather is asked for a future hour.
    #expect(future.stderr.hasPrefix("ilgi: note: the entry is dated January 1, 2099 09:00, later than now"))
    #expect(future.stderr.split(separator: "\n").count == 1, "\(future.stderr)")
    #expect(harness.journal.text(future.stdout.trimmingCharacters(in: .newlines))?.contains("weather:") == false)
    let now = try harness.run("new", "Now")
    #expect(
      harness.journal.text(now.stdout.trimmingCharacters(in: .newlines))?.contains("weather: Clear, 4°C\n") == true)
  }

  @Test func fillWritesOnlyTheWeatherLineOfEntriesWithoutOne() throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2024-04-30", last: "2024-05-04"))),
    ])
    let files = [
      "2024/05/a.md": entry(
        "AAAA0001-0000-4000-8000-000000000001", "2024-05-01T09:00:00+09:00", "First",
        extra: "mood: calm # kept\n"),
      "2024/05/b.md": entry("AAAA0002-0000-4000-8000-000000000002", "2024-05-02T21:30:00+09:00", "Second"),
      "2024/05/c.md": entry(
        "AAAA0003-0000-4000-8000-000000000003", "2024-05-03T08:00:00+09:00", "Third",
        extra: "weather: Fog\n"),
      "2024/05/2024-05-04-0700-plain.md": "Plain file\n\nNo front matter here.\n",
    ]
    let harness = try harness(server, files: files)
    let before = journalFiles(harness)
    let dry = try harness.run("weather", "fill", "--dry-run")
    #expect(dry.status == 0)
    #expect(dry.stdout.split(separator: "\n").count == 3)
    #expect(dry.stdout.contains("2024/05/a.md  weather: Rain, 12°C"))
    #expect(journalFiles(harness) == before)

    let filled = try harness.run("weather", "fill", "--yes")
    #expect(filled.status == 0)
    #expect(filled.stdout == "Filled the weather of 3 entries.\n")
    #expect(
      harness.journal.text("2024/05/a.md")
        == files["2024/05/a.md"]!.replacingOccurrences(
          of: "mood: calm # kept\n", with: "mood: calm # kept\nweather: Rain, 12°C\n"))
    #expect(
      harness.journal.text("2024/05/b.md")
        == files["2024/05/b.md"]!.replacingOccurrences(
          of: "+09:00\n", with: "+09:00\nweather: Rain, 12°C\n"))
    #expect(harness.journal.text("2024/05/c.md") == files["2024/05/c.md"])
    let plain = try #require(harness.journal.text("2024/05/2024-05-04-0700-plain.md"))
    #expect(plain.hasPrefix("---\nid: "))
    #expect(plain.contains("weather: Rain, 12°C\n---\nPlain file\n\nNo front matter here.\n"))
    let archive = server.requests.filter { $0.target.hasPrefix("/v1/archive") }
    #expect(archive.count == 2)  // the dry run and the real one; one request each for the whole range
    #expect(try harness.run("weather", "fill").stderr == "Every selected entry has its weather already.\n")
  }

  @Test func fillChangesNothingWhenTheArchiveFailsOrNoPlaceIsSet() throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 500, #"{"error":true}"#)),
    ])
    let files = ["2024/05/a.md": entry("AAAA0001-0000-4000-8000-000000000001", "2024-05-01T09:00:00+09:00", "First")]
    var harness = try harness(server, files: files)
    let before = journalFiles(harness)
    let failed = try harness.run("weather", "fill", "--yes")
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("answered HTTP 500"))
    #expect(journalFiles(harness) == before)
    harness.environment["ILGI_WEATHER_PLACE"] = nil
    let unset = try harness.run("weather", "fill", "--yes")
    #expect(unset.status == 64)
    #expect(unset.stderr.contains("ilgi config set weather.place"))
    #expect(journalFiles(harness) == before)
  }

  @Test func fillingManyEntriesAsksFirst() throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2024-04-30", last: "2024-05-13"))),
    ])
    var files: [String: String] = [:]
    for day in 1...12 {
      files[String(format: "2024/05/e%02d.md", day)] = entry(
        String(format: "BBBB%04d-0000-4000-8000-000000000000", day), String(format: "2024-05-%02dT10:00:00+09:00", day),
        "Day \(day)")
    }
    let harness = try harness(server, files: files)
    let before = journalFiles(harness)
    let refused = try harness.run("weather", "fill")
    #expect(refused.status == 1)
    #expect(refused.stderr == "ilgi: filling 12 entries needs a yes; run on a terminal, or add --yes\n")
    #expect(journalFiles(harness) == before)
    let declined = try harness.runOnTerminal("weather fill", input: "n\n")
    #expect(declined.stdout.contains("Write the weather into 12 entries? [y/N]"))
    #expect(journalFiles(harness) == before)
  }
}
