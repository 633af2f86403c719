import Foundation

/// Why the weather could not be had. Messages name the service's host, never a URL (which
/// may carry the provider key).
public enum WeatherError: Error, Sendable, Equatable {
  /// No connection (offline, refused, no such host).
  case unreachable(host: String)
  /// libcurl, which fetches the weather, is not installed.
  case noHTTPLibrary
  /// The service did not answer in time.
  case timedOut(host: String, seconds: Double)
  /// The service answered with an HTTP error status.
  case httpStatus(host: String, code: Int)
  /// The service refused the key (HTTP 401 or 403).
  case rejectedKey(host: String)
  /// The answer was not in the shape the provider documents.
  case malformed(host: String)
  /// The answer was larger than any weather report could be.
  case tooLarge(host: String)
  /// The geocoding service knows no place by this name.
  case placeNotFound(String)
  /// The settings name no place, or a provider that needs a key has none.
  case notConfigured(Missing)

  /// The setting weather needs and lacks.
  public enum Missing: Sendable, Equatable {
    /// `weather.place` (or `weather.latitude` and `weather.longitude`).
    case place
    /// `weather.key`, for a provider that needs one.
    case key
  }
}
