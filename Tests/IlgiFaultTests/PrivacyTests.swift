import Foundation
import IlgiTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Privacy on disk: owner-only files and folders whatever the umask, entry text nowhere but in
/// entries (and the index and drafts inside the journal), provider keys nowhere at all.
@Suite(.serialized) struct PrivacyTests {
  static let secretBody = "Sentence-only-in-the-entry-7f3a"
  static let providerKey = "provider-key-d41d8cd98f"

  /// Runs ilgi through `sh -c 'umask U; exec ilgi ...'`.
  static func run(_ harness: Harness, umask: String, _ arguments: [String], env: [String: String] = [:]) throws
    -> IlgiProcess.Result
  {
    try IlgiProcess.run(
      arguments, environment: harness.environment.merging(env) { $1 },
      prefix: ["/bin/sh", "-c", "umask \(umask); exec \"$0\" \"$@\""])
  }

  @Test(arguments: ["000", "022", "077"])
  func everythingIlgiMakesIsOwnerOnly(umask: String) throws {
    let server = try WeatherStubServer(answers: [
      ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
      ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current())),
      ("/data/2.5/weather", .body(status: 200, WeatherStubAnswers.openWeatherMap())),
    ])
    defer { server.stop() }
    var harness = try Harness(initialize: false)
    try FileManager.default.removeItem(atPath: harness.journal.root)
    harness.environment["ILGI_WEATHER_PLACE"] = "Seoul"
    harness.environment["ILGI_WEATHER_URL"] = server.baseURL
    harness.environment["ILGI_WEATHER_GEOCODING_URL"] = server.baseURL
    let editor = try harness.editor("printf '\\nmore\\n' >> \"$1\"")
    let steps: [[String]] = [
      ["init", harness.journal.root],
      ["new", "Title\n\n\(Self.secretBody)", "--tag", "private"],
      ["edit", "last"],
      ["delete", "last", "--yes"],
      ["new", "Second\n\n\(Self.secretBody)"],
      ["config", "set", "weather.units", "imperial"],
      ["config", "set", "--global", "locale", "en"],
      ["index", "--rebuild"],
      ["list"],
    ]
    for step in steps {
      let result = try Self.run(harness, umask: umask, step, env: ["EDITOR": editor])
      #expect(result.status == 0, "\(step): \(result.stderr)")
    }
    // A failed editor leaves a draft, which must be private too.
    let failing = try harness.editor("printf 'draft text\\n' > \"$1\"; exit 1")
    #expect(
      try Self.run(harness, umask: umask, ["new", "--edit", "--no-weather"], env: ["EDITOR": failing]).status == 1)

    var checked = 0
    for folder in [harness.journal.root, harness.environment["XDG_CONFIG_HOME"]! + "/ilgi"] {
      let walker = FileManager.default.enumerator(atPath: folder)
      var paths = [folder]
      while let relative = walker?.nextObject() as? String { paths.append(folder + "/" + relative) }
      for path in paths {
        var info = stat()
        guard lstat(path, &info) == 0 else { continue }
        let mode = info.st_mode & 0o777
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        #expect(mode == (isFolder ? 0o700 : 0o600), "\(path) is \(String(mode, radix: 8)) with umask \(umask)")
        checked += 1
      }
    }
    #expect(checked > 12, "the index, cache, lock, trash, drafts and config were all looked at")
    for wanted in [".ilgi/index.sqlite", ".ilgi/cache/weather.json", ".ilgi/lock", ".ilgi/trash", ".ilgi/drafts"] {
      #expect(FileManager.default.fileExists(atPath: harness.journal.root + "/" + wanted), "\(wanted) was made")
    }
  }

  @Test func entryTextAndKeysStayWhereTheyBelong() throws {
    let server = try WeatherStubServer(answers: [
      ("/data/2.5/weather", .body(status: 401, #"{"cod":401,"message":"Invalid API key"}"#))
    ])
    defer { server.stop() }
    var harness = try Harness()
    harness.environment["ILGI_WEATHER_PROVIDER"] = "openweathermap"
    harness.environment["ILGI_WEATHER_KEY"] = Self.providerKey
    harness.environment["ILGI_WEATHER_URL"] = server.baseURL
    harness.environment["ILGI_WEATHER_LATITUDE"] = "37.5"
    harness.environment["ILGI_WEATHER_LONGITUDE"] = "127.0"
    var outputs = ""
    for step in [
      ["new", "Title\n\n\(Self.secretBody)"], ["list"], ["search", "Sentence"], ["show", "last"], ["weather"],
      ["config", "list"], ["config", "get", "weather.key"], ["doctor"], ["stats"],
    ] {
      let result = try IlgiProcess.run(step, environment: harness.environment)
      outputs += result.stdout + result.stderr
      #expect(!(result.stdout + result.stderr).contains(Self.providerKey), "\(step) printed the key")
    }
    #expect(outputs.contains(Self.secretBody), "show and search print the entry, as asked")
    // Nothing outside the journal holds entry text: no log, no history, no cache in HOME.
    let home = harness.environment["HOME"]!
    let walker = FileManager.default.enumerator(atPath: home)
    while let relative = walker?.nextObject() as? String {
      guard let data = FileManager.default.contents(atPath: home + "/" + relative) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains(Self.secretBody), "\(relative) in HOME holds entry text")
      #expect(!text.contains(Self.providerKey), "\(relative) in HOME holds the key")
    }
    // Inside the journal the key is nowhere; the text only in the entry and the index.
    let journal = FileManager.default.enumerator(atPath: harness.journal.root)
    while let relative = journal?.nextObject() as? String {
      guard let data = FileManager.default.contents(atPath: harness.journal.root + "/" + relative) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains(Self.providerKey), "\(relative) holds the key")
      if text.contains(Self.secretBody) {
        #expect(relative.hasSuffix(".md") || relative.hasPrefix(".ilgi/index.sqlite"), "\(relative) holds entry text")
      }
    }
  }
}
