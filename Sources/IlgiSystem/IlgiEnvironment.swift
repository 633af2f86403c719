import Foundation

/// What ilgi may learn about the world beyond the journal's files.
///
/// The CLI builds one per command from its invocation (clock, locale, time zone, environment
/// variables) and hands it to the journal store; tests build their own. The core never reads
/// `ProcessInfo` or the clock by itself: the default clock here is the only `Date()` in it.
public struct IlgiEnvironment: Sendable {
  /// The current instant; the CLI reads the clock once per command.
  public var now: @Sendable () -> Date
  /// Picks date styles (and, later, message tables).
  public var locale: Locale
  /// The journal's time zone: dates written without an offset are read in it.
  public var timeZone: TimeZone
  /// Environment variables the core may consult (`ILGI_*`, `XDG_*`).
  public var variables: [String: String]

  /// The variables that hold secrets: the identity's passphrase, the server's token, the
  /// weather service's key. No program ilgi starts (git and its hooks, the editor) gets them.
  public static let secrets: Set<String> = ["ILGI_PASSPHRASE", "ILGI_TOKEN", "ILGI_WEATHER_KEY"]

  /// Makes an environment from explicit values.
  public init(
    now: @escaping @Sendable () -> Date = { Date() },
    locale: Locale = Locale(identifier: "en_US"),
    timeZone: TimeZone = .current,
    variables: [String: String] = [:]
  ) {
    self.now = now
    self.locale = locale
    self.timeZone = timeZone
    self.variables = variables
  }
}
