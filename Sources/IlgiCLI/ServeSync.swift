import Foundation
import IlgiServer
import IlgiSystem

/// `ilgi serve`'s own sync with the journal's git remote: the app is the one writer a phone
/// has, so the server pulls and pushes by itself, every `git.sync_interval` and soon after each
/// sitting in the app ends (a change recorded), and the app shows how it went (`SyncStatus`).
///
/// Each sync is `ilgi sync --json` (`JournalSync`), run as a child process with the server's
/// environment: one sync, with its merge driver, its sealing and its refusals, whoever starts
/// it, whose typed outcome the app words; a sync that hangs on a remote is ended after
/// `longest`, and none ever holds up a save. A remote that cannot be reached is tried again
/// after a wait that doubles up to `longestWait`.
final class ServeSync: @unchecked Sendable {
  /// The wait between syncs.
  let interval: TimeInterval
  /// How soon after a sitting ends a sync runs: long enough for the page's last requests.
  static let afterSitting: TimeInterval = 3
  /// The longest wait between two tries while the remote cannot be reached.
  static let longestWait: TimeInterval = 30 * 60
  /// The longest one sync may take.
  static let longest = 300

  private let binary: String
  private let variables: [String: String]
  private let root: String
  private let condition = NSCondition()
  private var next: Date
  private var stopped = false
  private var failures = 0
  private var current = SyncStatus(state: .waiting)

  /// A sync of the journal at `root` every `interval` seconds, by the ilgi at `binary` with
  /// `variables`; nil when the journal has no git remote or `interval` is 0.
  init?(root: String, interval: TimeInterval, binary: String, variables: [String: String]) {
    guard interval > 0, let git = GitRepository(root: root, environment: variables),
      let remotes = try? git.check(["remote"]), !remotes.isEmpty
    else { return nil }
    self.interval = interval
    self.binary = binary
    self.root = root
    self.variables = variables.merging(["ILGI_JOURNAL": root]) { $1 }
    next = Date()
  }

  /// How the last sync went.
  var status: SyncStatus { condition.withLock { current } }

  /// Starts syncing, the first time at once, on a thread of its own.
  func start() {
    Thread.detachNewThread { self.loop() }
  }

  /// A change was recorded (a sitting ended): a sync soon, the remote away or not (the person
  /// is there to see it come back).
  func poke() {
    condition.withLock {
      next = min(next, Date().addingTimeInterval(Self.afterSitting))
      condition.broadcast()
    }
  }

  /// No sync after this one (one under way runs to its end).
  func stop() {
    condition.withLock {
      stopped = true
      condition.broadcast()
    }
  }

  private func loop() {
    while true {
      condition.lock()
      while !stopped, Date() < next { _ = condition.wait(until: next) }
      if stopped {
        condition.unlock()
        return
      }
      next = Date().addingTimeInterval(interval)
      condition.unlock()
      let outcome = syncOnce()
      condition.withLock {
        current = outcome
        if outcome.state == .synced {
          failures = 0
        } else {
          failures += 1
          let wait = min(interval * pow(2, Double(min(failures, 16))), max(interval, Self.longestWait))
          next = Date().addingTimeInterval(wait)
        }
      }
    }
  }

  /// One `ilgi sync --json`, and what the app says of it.
  private func syncOnce() -> SyncStatus {
    let git = GitRepository(root: root, environment: variables)
    let head = { try? git?.check(["rev-parse", "--verify", "--quiet", "HEAD"]) }
    let before = head()
    let result = try? ChildProcess.run(
      ["timeout", String(Self.longest), binary, "sync", "--json"], environment: variables, input: [])
    let outcome = (try? JSONSerialization.jsonObject(with: Data((result?.stdout ?? "").utf8))) as? [String: Any]
    var status = condition.withLock { current }
    // What the sync said, then what else the command warned of (an unreadable file, a setting).
    let said = outcome?["said"] as? [String] ?? []
    status.said = said + Self.lines(result?.stderr ?? "").filter { !said.contains($0) }
    // A pull that went through counts even when the push after it did not.
    if head() != before { status.brought += 1 }
    switch outcome?["state"] as? String {
    case "merged", "keptBoth", "unsettled":
      status.state = .synced
      status.synced = Date()
    case "offline": status.state = .offline
    // 124: `timeout` ended a sync that hung on the remote.
    default: status.state = result?.status == 124 ? .offline : .stopped
    }
    return status
  }

  /// What a sync that printed no outcome (one that could not start) said, without `ilgi: `.
  static func lines(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map { String($0.hasPrefix("ilgi: ") ? $0.dropFirst(6) : $0) }
  }
}
