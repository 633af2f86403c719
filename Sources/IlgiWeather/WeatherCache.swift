import Foundation
import IlgiFormat
import IlgiSystem

/// What ilgi remembers between runs: where named places are, and recent reports, so the same
/// place within 30 minutes costs no request.
///
/// Lives in the journal's `.ilgi/cache/weather.json` (ignored by git, 0600). A missing or
/// unreadable cache is an empty one; failing to save it costs only a later request.
public struct WeatherCache: Sendable, Codable, Equatable {
  /// How long a current-conditions report is reused.
  public static let freshness: TimeInterval = 30 * 60

  /// One remembered report.
  public struct Stored: Sendable, Codable, Equatable {
    /// Provider, place and units, e.g. `open-meteo 37.5665,126.9780 metric`.
    public var key: String
    /// When it was fetched, seconds since 1970.
    public var fetched: Double
    /// The report.
    public var report: WeatherReport
  }

  /// Coordinates of place names, by lowercased name.
  public var places: [String: WeatherPlace] = [:]
  /// Recent reports.
  public var reports: [Stored] = []

  /// An empty cache.
  public init() {}

  /// The cache file inside a journal.
  public static func path(root: String) -> String {
    root + "/" + JournalLayout.ilgiFolder + "/cache/weather.json"
  }

  /// Reads the cache at `path`; empty when there is none or it cannot be read.
  public static func load(path: String) -> WeatherCache {
    guard let bytes = try? LocalFileSystem().readFile(atPath: path, limit: 1 << 20),
      let cache = try? JSONDecoder().decode(WeatherCache.self, from: Data(bytes))
    else { return WeatherCache() }
    return cache
  }

  /// Writes the cache to `path` (its folder made if needed), dropping stale reports.
  public func save(path: String, now: Date) throws(FileSystemError) {
    var kept = self
    kept.reports = reports.filter { now.timeIntervalSince1970 - $0.fetched < Self.freshness }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(kept) else { return }
    try LocalFileSystem().writeAtomicallyMakingFolder(Array(data), toPath: path)
  }

  /// A report for `key` fetched less than 30 minutes before `now`.
  public func report(for key: String, now: Date) -> WeatherReport? {
    reports.last { $0.key == key && now.timeIntervalSince1970 - $0.fetched < Self.freshness }?.report
  }

  /// Remembers `report` for `key`.
  public mutating func remember(_ report: WeatherReport, for key: String, now: Date) {
    reports.removeAll { $0.key == key }
    reports.append(Stored(key: key, fetched: now.timeIntervalSince1970, report: report))
  }
}

/// The weather ilgi asks for: where, and with which client; then the lookups that use and
/// update the cache.
public struct WeatherLookup: Sendable {
  /// A place name to look up, when no coordinates are given.
  public var placeName: String?
  /// Coordinates, when given.
  public var coordinates: WeatherPlace?
  /// The client.
  public var client: WeatherClient
  /// The cache file.
  public var cachePath: String

  /// Makes a lookup; `placeName` is used only without `coordinates`.
  public init(placeName: String?, coordinates: WeatherPlace?, client: WeatherClient, cachePath: String) {
    self.placeName = placeName
    self.coordinates = coordinates
    self.client = client
    self.cachePath = cachePath
  }

  /// The place, from the coordinates, the cache, or the geocoder (then remembered).
  public func place(cache: inout WeatherCache) async throws(WeatherError) -> WeatherPlace {
    if let coordinates { return coordinates }
    guard let name = placeName?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
      throw .notConfigured(.place)
    }
    if let known = cache.places[name.lowercased()] { return known }
    let found = try await client.locate(name)
    cache.places[name.lowercased()] = found
    return found
  }

  /// The weather now, from the cache when it is fresh.
  public func current(now: Date) async -> Result<WeatherReport, WeatherError> {
    var cache = WeatherCache.load(path: cachePath)
    let before = cache
    defer { if cache != before { try? cache.save(path: cachePath, now: now) } }
    do {
      let place = try await place(cache: &cache)
      let key = cacheKey(place)
      if let fresh = cache.report(for: key, now: now) { return .success(fresh) }
      let report = try await client.current(at: place)
      cache.remember(report, for: key, now: now)
      return .success(report)
    } catch {
      return .failure(error)
    }
  }

  /// The weather for an entry written at `instant`: the conditions now when that is within an
  /// hour of `now`, else the archive's report for that hour; nil for a moment in the future
  /// or an hour the archive has nothing for (a backdated entry never gets today's weather).
  public func weather(at instant: Date, now: Date) async -> Result<WeatherReport?, WeatherError> {
    let distance = instant.timeIntervalSince(now)
    if abs(distance) <= 3600 { return await current(now: now).map { $0 } }
    guard distance < 0 else { return .success(nil) }
    let day = EntryDate(instant: instant, offset: 0).day
    do {
      return .success(try await history(from: day, to: day, now: now).report(at: instant))
    } catch {
      return .failure(error)
    }
  }

  /// The place's hourly history over a UTC day range.
  public func history(from first: String, to last: String, now: Date) async throws(WeatherError) -> WeatherHistory {
    var cache = WeatherCache.load(path: cachePath)
    let before = cache
    defer { if cache != before { try? cache.save(path: cachePath, now: now) } }
    let place = try await place(cache: &cache)
    return try await client.history(at: place, from: first, to: last)
  }

  private func cacheKey(_ place: WeatherPlace) -> String {
    let provider =
      switch client.provider {
      case .openMeteo: "open-meteo"
      case .openWeatherMap: "openweathermap"
      }
    return
      "\(provider) \(WeatherClient.coordinate(place.latitude)),\(WeatherClient.coordinate(place.longitude)) \(client.units.rawValue)"
  }
}
