import ArgumentParser
import Foundation
import IlgiFormat
import IlgiIndex
import IlgiStore
import IlgiSystem
import IlgiWeather

extension Ilgi {
  /// `ilgi remind [at HH:MM | off] [--notify]`: a daily reminder to write.
  struct Remind: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "remind",
          abstract: tr(.remindAbstract),
          discussion: helpText(.remindDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.remindActionHelp), valueName: "at HH:MM | off"))
    var words: [String] = []

    @Flag(help: ArgumentHelp(tr(.remindNotifyHelp)))
    var notify = false

    /// The time `at HH:MM` names, as hour and minute.
    var time: (hour: Int, minute: Int)? {
      guard words.count == 2, words[0] == "at" else { return nil }
      let parts = words[1].split(separator: ":")
      guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
        (0...23).contains(hour), (0...59).contains(minute)
      else { return nil }
      return (hour, minute)
    }

    func validate() throws {
      if notify && !words.isEmpty { throw ValidationError(tr(.errRemindNotifyAlone)) }
      if words.isEmpty || words == ["off"] || time != nil { return }
      if words.first == "at", words.count == 2 { throw ValidationError(tr(.errRemindTime, words[1])) }
      throw ValidationError(tr(.errRemindWords, words.joined(separator: " ")))
    }

    func run() throws {
      let context = Context(global)
      if notify { return try Self.notify(context) }
      let schedule = ReminderSchedule(variables: context.variables)
      if words == ["off"] {
        Terminal.standardOutput.write(tr(schedule.remove() ? .remindRemoved : .remindNoneSet) + "\n")
        return
      }
      guard let time else {
        guard let current = schedule.current() else {
          Terminal.standardOutput.write(tr(.remindNoneSet) + "\n")
          return
        }
        Terminal.standardOutput.write(Self.said(current.by, time: current.time, schedule) + "\n")
        return
      }
      let store = try context.openJournal()
      let binary = Invocation.current.executable
      let installed: ReminderSchedule.Installed
      do {
        installed = try schedule.install(hour: time.hour, minute: time.minute, binary: binary, journal: store.root)
      } catch let problem as ReminderProblem {
        switch problem {
        case .noScheduler: throw Failure(tr(.errRemindNoScheduler), status: ExitStatus.unavailable)
        case .cron(let line): throw Failure(tr(.errRemindCron, line), status: ExitStatus.unavailable)
        }
      }
      Terminal.standardOutput.write(
        Self.said(installed, time: String(format: "%02d:%02d", time.hour, time.minute), schedule) + "\n")
    }

    /// What a reminder set by `by` at `time` is, in a line (and how to start one written only).
    static func said(_ by: ReminderSchedule.Installed, time: String, _ schedule: ReminderSchedule) -> String {
      switch by {
      case .systemd: tr(.remindSystemd, time, schedule.unitFolder + "/" + ReminderSchedule.timer)
      case .systemdWritten: tr(.remindWritten, time, schedule.unitFolder, ReminderSchedule.timer)
      case .cron: tr(.remindCron, time)
      }
    }

    /// Says it is time to write, unless today has an entry: on the desktop (`notify-send`) and,
    /// with `remind.url`, to an ntfy or Apprise address.
    static func notify(_ context: Context) throws {
      let store = try context.openJournal()
      let (index, _) = try context.index(store, warnings: false)
      let today = context.today
      if try !index.entries(EntryFilter(fromDay: today, toDay: today, limit: 1)).isEmpty { return }
      let message = try ReminderMessage(index: index, store: store, context: context)
      var delivered = false
      var problems: [String] = []
      if let sender = ChildProcess.find("notify-send", path: context.variables["PATH"] ?? "/usr/bin:/bin") {
        let result = try? ChildProcess.run(
          [sender, "--app-name=ilgi", message.title, message.body], environment: context.variables)
        if result?.status == 0 {
          delivered = true
        } else {
          problems.append("notify-send: " + (result?.firstErrorLine ?? ""))
        }
      }
      if let address = context.settings.string(.remindURL), !address.isEmpty {
        switch message.send(to: address) {
        case .answered(let status, _) where (200..<300).contains(status): delivered = true
        case .answered(let status, _): problems.append(tr(.errRemindRefused, address, status))
        default: problems.append(tr(.errRemindUnreachable, address))
        }
      }
      for problem in problems { Terminal.warn(problem) }
      if !delivered {
        // Nowhere to say it: said here, where a timer's log keeps it.
        Terminal.standardOutput.write(message.title + "\n" + message.body + "\n")
        if problems.isEmpty { Terminal.note(tr(.remindNowhere)) }
      }
      if !problems.isEmpty && !delivered { throw Failure(tr(.errRemindNotDelivered), status: ExitStatus.unavailable) }
    }
  }
}

/// What a reminder says: that it is time to write, the days written in a row, an entry of this
/// day in an earlier year, and today's prompt. A sealed journal's titles never leave in it.
struct ReminderMessage {
  let title: String
  let body: String

  init(index: EntryIndex, store: JournalStore, context: Context) throws {
    let today = context.today
    var lines: [String] = []
    let streak = JournalStats(days: try index.days(), today: today).currentStreak.days
    if streak > 0 { lines.append(tr(.remindStreak, streak)) }
    if let earlier = try index.entries(onThisDay: today).first {
      let years = (Int(today.prefix(4)) ?? 0) - earlier.date.fields.year
      let ago = years == 1 ? tr(.yearAgo) : tr(.yearsAgo, String(years))
      // The title is the entry's own words: a sealed journal's stay in the journal.
      lines.append(store.sealing.mustSeal ? tr(.remindOnThisDaySealed, ago) : ago + ": " + Context.title(earlier.title))
    }
    if let prompt = try? PromptDeck.of(root: store.root, language: context.language).prompt(on: today) {
      lines.append(prompt)
    }
    title = tr(.remindTitle)
    body = lines.joined(separator: "\n")
  }

  /// Sends it to `address`: an Apprise API (`.../notify`) gets JSON, anything else ntfy's plain
  /// text with a `Title` header.
  func send(to address: String) -> HTTPRequest.Outcome {
    guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
      return .unreachable
    }
    if url.path.contains("/notify") {
      let json = (try? JSONSerialization.data(withJSONObject: ["title": title, "body": body])) ?? Data()
      return HTTPRequest.post(url, headers: ["Content-Type: application/json"], body: Array(json), timeout: 10)
    }
    // A header is ASCII: a Korean title goes as RFC 2047 text, which ntfy reads.
    let header = "Title: =?UTF-8?B?" + Data(title.utf8).base64EncodedString() + "?="
    return HTTPRequest.post(
      url, headers: [header, "Tags: pencil", "Content-Type: text/plain; charset=utf-8"], body: Array(body.utf8),
      timeout: 10)
  }
}
