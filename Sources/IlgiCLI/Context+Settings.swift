import Foundation
import IlgiServer
import IlgiStore
import IlgiWeather

extension Context {
  /// The weather lookup the settings describe, or the reason there is none.
  func weatherLookup(root: String) -> Result<WeatherLookup, WeatherError> {
    let place = settings.string(.weatherPlace)
    var coordinates: WeatherPlace?
    if let latitude = settings.number(.weatherLatitude), let longitude = settings.number(.weatherLongitude) {
      coordinates = WeatherPlace(name: place, latitude: latitude, longitude: longitude)
    }
    guard place != nil || coordinates != nil else { return .failure(.notConfigured(.place)) }
    let provider: WeatherClient.Provider
    if settings.string(.weatherProvider) == "openweathermap" {
      guard let key = settings.string(.weatherKey) else { return .failure(.notConfigured(.key)) }
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

extension Context {
  /// How files are taken in by `attach` and `new --attach`: the size limit and whether a
  /// photo keeps its location, from `[attachments]`.
  var attachmentIntake: AttachmentIntake {
    let megabytes = settings.number(.attachmentsMaxMB) ?? Double(AttachmentIntake.defaultLimit / 1_000_000)
    return AttachmentIntake(
      limit: Int(max(0, min(megabytes, 4_000)) * 1_000_000), keepsLocation: settings.flag(.attachmentsKeepLocation))
  }
}

extension Context {
  /// What the app keeps in the browser for use offline, from `[app]`.
  var offlineKeeping: OfflineKeeping {
    OfflineKeeping(
      setting: settings[.appOffline]?.bool,
      entries: Int(max(0, min(settings.number(.appOfflineEntries) ?? 0, Double(OfflineKeeping.mostEntries)))))
  }
}
