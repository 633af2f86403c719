import Foundation

/// What the app says of `ilgi serve`'s own sync with the journal's git remote
/// (`git.sync_interval`): when it last synced, whether the remote can be reached, and why a
/// sync stopped.
public struct SyncStatus: Sendable, Equatable, Encodable {
  /// How the last sync went.
  public enum State: String, Sendable, Encodable {
    /// None has run yet.
    case waiting
    /// The last one synced.
    case synced
    /// The last one could not reach the remote; it is tried again by itself.
    case offline
    /// The last one stopped for a reason the person must see to (a conflict git left, a
    /// branch of its own): `said` has the sync's words.
    case stopped
  }

  /// How the last sync went.
  public var state: State
  /// When a sync last went through; nil before the first.
  public var synced: Date?
  /// How many syncs so far brought something from the remote: a page shown before a change of
  /// it shows an older journal.
  public var brought: Int
  /// What the last sync said: its notes (two versions of a passage kept, a file sealed again),
  /// or why it stopped. In the server's language.
  public var said: [String]

  enum CodingKeys: String, CodingKey {
    case state, synced, brought, said
  }

  /// As JSON, `synced` in ISO 8601 (`2026-11-27T22:30:00Z`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(state, forKey: .state)
    try container.encodeIfPresent(synced.map { ISO8601DateFormatter().string(from: $0) }, forKey: .synced)
    try container.encode(brought, forKey: .brought)
    try container.encode(said, forKey: .said)
  }

  /// A status.
  public init(state: State, synced: Date? = nil, brought: Int = 0, said: [String] = []) {
    self.state = state
    self.synced = synced
    self.brought = brought
    self.said = said
  }
}
