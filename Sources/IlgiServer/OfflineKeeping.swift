import Foundation

/// What the app's service worker keeps in the browser for use offline (`app.offline`,
/// `app.offline_entries`): the app's own pages always, and the entries most recently listed or
/// opened, up to `entries`, unless keeping entries is off.
///
/// What a browser keeps is entry text at rest on the phone, outside the journal's sealing: an
/// encrypted journal keeps none unless the setting says so, a plain one keeps them unless it
/// says not to. Texts the server does not have yet are kept in the browser's storage only when
/// entries may be; else in the page's memory.
public struct OfflineKeeping: Sendable, Equatable {
  /// `app.offline` as set; nil when unset.
  public var setting: Bool?
  /// `app.offline_entries`.
  public var entries: Int

  /// How many entries are kept when `app.offline_entries` is not set.
  public static let defaultEntries = 50
  /// More would fill a phone's storage quota with pages before photos.
  public static let mostEntries = 1_000

  /// Keeping as set (`setting` nil when `app.offline` is unset), `entries` held to 0...1,000.
  public init(setting: Bool? = nil, entries: Int = Self.defaultEntries) {
    self.setting = setting
    self.entries = max(0, min(entries, Self.mostEntries))
  }

  /// Whether the browser keeps anything of a journal that is `encrypted` or not in its files:
  /// entries for use offline, and texts the server does not have yet (else those wait in the
  /// page's memory only).
  public func keeps(encrypted: Bool) -> Bool { setting ?? !encrypted }

  /// How many entries the browser keeps for a journal that is `encrypted` or not: 0 for none.
  public func kept(encrypted: Bool) -> Int { keeps(encrypted: encrypted) ? entries : 0 }
}
