import Foundation
import IlgiStore
import IlgiStrings
import IlgiWeather

/// The weather for a new entry, asked for when the command starts so that it never delays
/// the editor; whatever has not come by the time the entry is saved is left out.
struct WeatherRequest {
  let pending: Pending<Result<WeatherReport?, WeatherError>>
  let deadline: DispatchTime
  let language: Language

  /// Starts the request when a place is configured and weather is on; nil otherwise (and a
  /// notice when the settings are incomplete in a way the person should hear about).
  static func start(_ context: Context, _ store: JournalStore, at instant: Date) -> WeatherRequest? {
    guard context.settings[.weatherEnabled]?.bool != false else { return nil }
    switch context.weatherLookup(root: store.root) {
    case .failure(.notConfigured(.place)):
      return nil
    case .failure(let error):
      Terminal.note(tr(.weatherForNewEntry, Diagnostics.describe(error)))
      return nil
    case .success(let lookup):
      let now = context.now
      return WeatherRequest(
        pending: Pending { await lookup.weather(at: instant, now: now) },
        deadline: .now() + lookup.client.timeout + 0.5, language: context.language)
    }
  }

  /// The `weather:` text, waiting until the deadline at most.
  func text() -> String? {
    guard case .success(let report?) = pending.wait(until: deadline) else { return nil }
    return report.text(in: language)
  }

  /// One notice line when the weather could not be had.
  func reportProblem() {
    switch pending.wait(until: .now()) {
    case .none:
      Terminal.note(tr(.weatherSkipped))
    case .failure(let error):
      Terminal.note(tr(.weatherForNewEntry, Diagnostics.describe(error)))
    case .success:
      break
    }
  }
}
