import Foundation
import IlgiSystem

/// Where the daily reminder is kept for this user: a systemd user timer and service
/// (`~/.config/systemd/user/ilgi-remind.{timer,service}`) or, where no systemd user manager
/// runs and cron does, a line of the user's crontab. Each runs `ilgi remind --notify` for one
/// journal at one time of day.
struct ReminderSchedule {
  /// The environment the commands see (`PATH`, `HOME`, `XDG_CONFIG_HOME`).
  let variables: [String: String]

  static let timer = "ilgi-remind.timer"
  static let service = "ilgi-remind.service"
  /// What marks ilgi's line in a crontab.
  static let cronMark = "# ilgi-remind"

  /// How a reminder was set.
  enum Installed: Equatable {
    /// The timer is enabled and running in the user's systemd manager.
    case systemd
    /// The units are written, but no user manager could be reached to start them.
    case systemdWritten
    /// A crontab line.
    case cron
  }

  /// What is set now: the time (`21:30`) and by what, or nil.
  struct Current: Equatable {
    var time: String
    var by: Installed
  }

  var unitFolder: String {
    let config = variables["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    return (config ?? (variables["HOME"] ?? NSHomeDirectory()) + "/.config") + "/systemd/user"
  }

  private var path: String { variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin" }

  func has(_ program: String) -> Bool { ChildProcess.find(program, path: path) != nil }

  private func run(_ command: [String], input: String? = nil) -> ChildProcess.Result? {
    try? ChildProcess.run(command, environment: variables, input: input.map { Array($0.utf8) })
  }

  /// Whether this user's systemd manager answers.
  var userManagerRuns: Bool { has("systemctl") && run(["systemctl", "--user", "show-environment"])?.status == 0 }

  /// The timer's unit: every day at `hour`:`minute`, local time.
  static func timerUnit(hour: Int, minute: Int) -> String {
    """
    [Unit]
    Description=A reminder to write in the diary (ilgi)

    [Timer]
    OnCalendar=*-*-* \(String(format: "%02d:%02d", hour, minute)):00

    [Install]
    WantedBy=timers.target

    """
  }

  /// The service the timer starts: `ilgi remind --notify` for `journal`, with the `binary` now running.
  static func serviceUnit(binary: String, journal: String) -> String {
    // Each argument quoted, `%` doubled: systemd reads both.
    let quoted = [binary, "--journal", journal, "remind", "--notify"].map {
      "\""
        + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "%", with: "%%") + "\""
    }
    return """
      [Unit]
      Description=ilgi: a reminder to write, unless today has an entry

      [Service]
      Type=oneshot
      ExecStart=\(quoted.joined(separator: " "))

      """
  }

  /// The crontab line: every day at `hour`:`minute`.
  static func cronLine(hour: Int, minute: Int, binary: String, journal: String) -> String {
    let quoted = [binary, journal].map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "%", with: "\\%") + "'"
    }
    return "\(minute) \(hour) * * * \(quoted[0]) --journal \(quoted[1]) remind --notify \(cronMark)"
  }

  /// Sets the reminder, replacing one set before; throws with what to do when neither systemd
  /// nor cron is here.
  func install(hour: Int, minute: Int, binary: String, journal: String) throws -> Installed {
    remove()
    let manager = userManagerRuns
    if manager || !has("crontab") && has("systemctl") {
      let fileSystem = LocalFileSystem()
      try fileSystem.createDirectory(atPath: unitFolder, permissions: 0o755)
      try fileSystem.writeAtomically(
        Array(Self.timerUnit(hour: hour, minute: minute).utf8), toPath: unitFolder + "/" + Self.timer,
        permissions: 0o644)
      try fileSystem.writeAtomically(
        Array(Self.serviceUnit(binary: binary, journal: journal).utf8), toPath: unitFolder + "/" + Self.service,
        permissions: 0o644)
      guard manager, run(["systemctl", "--user", "daemon-reload"])?.status == 0,
        run(["systemctl", "--user", "enable", "--now", Self.timer])?.status == 0
      else { return .systemdWritten }
      return .systemd
    }
    guard has("crontab") else { throw ReminderProblem.noScheduler }
    let lines = cronLines().filter { !$0.hasSuffix(Self.cronMark) }
    let table =
      (lines + [Self.cronLine(hour: hour, minute: minute, binary: binary, journal: journal)])
      .joined(separator: "\n") + "\n"
    guard let result = run(["crontab", "-"], input: table), result.status == 0 else {
      throw ReminderProblem.cron(run(["crontab", "-"], input: table)?.firstErrorLine ?? "crontab failed")
    }
    return .cron
  }

  /// Takes the reminder away wherever it is set; whether there was one.
  @discardableResult
  func remove() -> Bool {
    var removed = false
    let files = [Self.timer, Self.service].map { unitFolder + "/" + $0 }
    if files.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
      let manager = userManagerRuns
      if manager { _ = run(["systemctl", "--user", "disable", "--now", Self.timer]) }
      for file in files { unlink(file) }
      if manager { _ = run(["systemctl", "--user", "daemon-reload"]) }
      removed = true
    }
    let lines = cronLines()
    if lines.contains(where: { $0.hasSuffix(Self.cronMark) }) {
      let kept = lines.filter { !$0.hasSuffix(Self.cronMark) }
      _ = run(["crontab", "-"], input: kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n")
      removed = true
    }
    return removed
  }

  /// What is set: the timer's time, or the crontab line's.
  func current() -> Current? {
    if let text = try? String(contentsOfFile: unitFolder + "/" + Self.timer, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("OnCalendar=") }),
      let time = line.split(separator: " ").last
    {
      let enabled = FileManager.default.fileExists(atPath: unitFolder + "/timers.target.wants/" + Self.timer)
      return Current(time: String(time.prefix(5)), by: enabled ? .systemd : .systemdWritten)
    }
    if let line = cronLines().first(where: { $0.hasSuffix(Self.cronMark) }) {
      let fields = line.split(separator: " ")
      if fields.count > 2, let minute = Int(fields[0]), let hour = Int(fields[1]) {
        return Current(time: String(format: "%02d:%02d", hour, minute), by: .cron)
      }
    }
    return nil
  }

  /// The user's crontab, a line each; none where there is no cron.
  private func cronLines() -> [String] {
    guard has("crontab"), let result = run(["crontab", "-l"]), result.status == 0 else { return [] }
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
      !$0.isEmpty
    }
  }
}

/// Why a reminder could not be set.
enum ReminderProblem: Error {
  case noScheduler
  case cron(String)
}
