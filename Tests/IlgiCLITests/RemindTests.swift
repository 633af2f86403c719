import Foundation
import IlgiTestSupport
import Testing

/// `ilgi remind`: the units or crontab line it sets, and what `--notify` sends. systemctl and
/// crontab are stand-ins that keep what they are asked in files: a test must never reach this
/// account's own user manager or crontab, and a container has no user manager to reach.
@Suite struct RemindTests {
  /// A folder of programs standing in for systemctl (`manager`: whether a user manager
  /// answers) and crontab, and notify-send, each logging its arguments in `log`.
  static func tools(_ h: Harness, systemctl: Bool, manager: Bool, crontab: Bool, notify: Bool = false) throws -> String
  {
    let folder = h.journal.base + "/bin"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let log = h.journal.base + "/log"
    func script(_ name: String, _ body: String) throws {
      try ("#!/bin/sh\n" + body).write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
      chmod(folder + "/" + name, 0o755)
    }
    if systemctl {
      try script(
        "systemctl",
        "echo \"systemctl $*\" >> '\(log)'\n[ \"$2\" = show-environment ] && exit \(manager ? 0 : 1)\nexit 0\n")
    }
    if crontab {
      let table = h.journal.base + "/crontab"
      try script(
        "crontab",
        "echo \"crontab $*\" >> '\(log)'\nif [ \"$1\" = -l ]; then [ -f '\(table)' ] || exit 1; cat '\(table)'; else cat > '\(table)'; fi\n"
      )
    }
    if notify { try script("notify-send", "printf '%s\\n' \"$@\" >> '\(log).notify'\n") }
    return folder + ":/usr/bin:/bin"
  }

  static func environment(_ h: Harness, path: String) -> [String: String] {
    h.environment.merging(["PATH": path, "XDG_CONFIG_HOME": h.journal.base + "/config"]) { $1 }
  }

  /// With a user manager: the timer and service written, reloaded and started; `remind` says
  /// so; `off` stops and removes them.
  @Test func aSystemdTimerIsWrittenAndStarted() throws {
    let h = try Harness()
    let env = Self.environment(h, path: try Self.tools(h, systemctl: true, manager: true, crontab: false))
    let set = try h.run("remind", "at", "07:05", env: env)
    #expect(set.status == 0, "\(set.stderr)")
    let folder = h.journal.base + "/config/systemd/user"
    #expect(set.stdout == "A reminder every day at 07:05 (systemd: \(folder)/ilgi-remind.timer).\n")
    #expect(
      (try? String(contentsOfFile: folder + "/ilgi-remind.timer", encoding: .utf8))
        == "[Unit]\nDescription=A reminder to write in the diary (ilgi)\n\n[Timer]\nOnCalendar=*-*-* 07:05:00\n\n[Install]\nWantedBy=timers.target\n"
    )
    let service = (try? String(contentsOfFile: folder + "/ilgi-remind.service", encoding: .utf8)) ?? ""
    #expect(
      service.contains(
        "Type=oneshot\nExecStart=\"\(IlgiProcess.binary)\" \"--journal\" \"\(h.journal.root)\" \"remind\" \"--notify\"\n"
      ), "\(service)")
    let log = (try? String(contentsOfFile: h.journal.base + "/log", encoding: .utf8)) ?? ""
    #expect(
      log.contains("systemctl --user daemon-reload\n")
        && log.contains("systemctl --user enable --now ilgi-remind.timer\n"))
    #expect(try h.run("remind", env: env).stdout.contains("every day at 07:05"))
    let off = try h.run("remind", "off", env: env)
    #expect(off.stdout == "The reminder is off.\n")
    #expect(!FileManager.default.fileExists(atPath: folder + "/ilgi-remind.timer"))
    #expect(
      ((try? String(contentsOfFile: h.journal.base + "/log", encoding: .utf8)) ?? "").contains(
        "systemctl --user disable --now ilgi-remind.timer"))
    #expect(try h.run("remind", env: env).stdout == "No reminder is set; set one with `ilgi remind at 21:30`.\n")
  }

  /// Without a user manager but with cron: a crontab line, the lines already there kept; `off`
  /// takes only ilgi's out. Without either, nothing can run it: exit 69, nothing written.
  @Test func cronWhereNoUserManagerRunsAndNothingWhereNeither() throws {
    let h = try Harness()
    let env = Self.environment(h, path: try Self.tools(h, systemctl: true, manager: false, crontab: true))
    try "MAILTO=me\n0 5 * * * backup\n".write(toFile: h.journal.base + "/crontab", atomically: true, encoding: .utf8)
    let set = try h.run("remind", "at", "21:30", env: env)
    #expect(set.stdout == "A reminder every day at 21:30 (your crontab).\n", "\(set.stderr)")
    let table = (try? String(contentsOfFile: h.journal.base + "/crontab", encoding: .utf8)) ?? ""
    #expect(
      table
        == "MAILTO=me\n0 5 * * * backup\n30 21 * * * '\(IlgiProcess.binary)' --journal '\(h.journal.root)' remind --notify # ilgi-remind\n"
    )
    #expect(try h.run("remind", env: env).stdout == "A reminder every day at 21:30 (your crontab).\n")
    #expect(try h.run("remind", "at", "06:00", env: env).status == 0)
    #expect(
      ((try? String(contentsOfFile: h.journal.base + "/crontab", encoding: .utf8)) ?? "").components(
        separatedBy: "ilgi-remind"
      ).count == 2)
    #expect(try h.run("remind", "off", env: env).status == 0)
    #expect(
      (try? String(contentsOfFile: h.journal.base + "/crontab", encoding: .utf8)) == "MAILTO=me\n0 5 * * * backup\n")

    let bare = try Harness()
    // Nothing on the PATH but the stand-ins' folder, empty: this machine's own systemctl is none of the test's.
    let none = Self.environment(
      bare, path: String(try Self.tools(bare, systemctl: false, manager: false, crontab: false).prefix { $0 != ":" }))
    let refused = try bare.run("remind", "at", "21:30", env: none)
    #expect(refused.status == 69)
    #expect(refused.stderr.hasPrefix("ilgi: neither systemd nor cron is on this computer"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: bare.journal.base + "/config/systemd"))
    for words in [["at", "24:00"], ["at", "9"], ["at"], ["tomorrow"], ["off", "now"]] {
      #expect(try bare.run(["remind"] + words, env: none).status == 64, "\(words)")
    }
    #expect(try bare.run(["remind", "at", "21:30", "--notify"], env: none).status == 64)
  }

  /// `--notify` sends nothing when today has an entry; otherwise the desktop and the ntfy
  /// address get the streak, this day a year before and today's prompt; an Apprise address gets
  /// JSON; a sealed journal's title never goes; an address that refuses is said, exit 69.
  @Test func notifySendsTheStreakThisDayAndThePrompt() throws {
    let h = try Harness()
    let ntfy = try WeatherStubServer(answers: [
      ("/diary", .body(status: 200, "{}")), ("/notify/k", .body(status: 200, "{}")),
      ("/down", .body(status: 500, "no")),
    ])
    defer { ntfy.stop() }
    var env = Self.environment(
      h, path: try Self.tools(h, systemctl: false, manager: false, crontab: false, notify: true))
    env["ILGI_REMIND_URL"] = ntfy.baseURL + "/diary"
    let zone = TimeZone(identifier: env["TZ"] ?? "Asia/Seoul") ?? .current
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let day = { (offset: Int) -> String in
      let date = calendar.date(byAdding: .day, value: offset, to: Date()) ?? Date()
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
    let lastYear = calendar.date(byAdding: .year, value: -1, to: Date()) ?? Date()
    let ago = calendar.dateComponents([.year, .month, .day], from: lastYear)
    for (offset, title) in [(-1, "Yesterday"), (-2, "Before")] {
      #expect(try h.run(["new", "--date", day(offset) + "T09:00", title], env: env).status == 0)
    }
    #expect(
      try h.run(
        [
          "new", "--date", String(format: "%04d-%02d-%02dT09:00", ago.year ?? 0, ago.month ?? 0, ago.day ?? 0),
          "Harbour walk",
        ], env: env
      ).status == 0)
    let sent = try h.run("remind", "--notify", env: env)
    #expect(sent.status == 0, "\(sent.stderr)")
    let prompt = try h.run("prompt", env: env).stdout.trimmingCharacters(in: .newlines)
    let post = try #require(ntfy.requests.first { $0.target == "/diary" })
    #expect(post.method == "POST")
    #expect(
      post.header("Title") == "=?UTF-8?B?" + Data("Time to write in your diary".utf8).base64EncodedString() + "?=")
    #expect(String(decoding: post.body, as: UTF8.self) == "2 days in a row\n1 year ago: Harbour walk\n\(prompt)")
    let shown = (try? String(contentsOfFile: h.journal.base + "/log.notify", encoding: .utf8)) ?? ""
    #expect(
      shown == "--app-name=ilgi\nTime to write in your diary\n2 days in a row\n1 year ago: Harbour walk\n\(prompt)\n",
      "\(shown)")

    env["ILGI_REMIND_URL"] = ntfy.baseURL + "/notify/k"
    #expect(try h.run("remind", "--notify", env: env).status == 0)
    let apprise = try #require(ntfy.requests.first { $0.target == "/notify/k" })
    let json = try #require(try JSONSerialization.jsonObject(with: Data(apprise.body)) as? [String: String])
    #expect(json["title"] == "Time to write in your diary" && json["body"]?.hasPrefix("2 days in a row\n") == true)

    env["ILGI_REMIND_URL"] = ntfy.baseURL + "/down"
    // No notify-send (this machine may have one): the refused address is all there is.
    env["PATH"] = h.journal.base + "/nothing"
    let refused = try h.run("remind", "--notify", env: env)
    #expect(refused.status == 69)
    #expect(refused.stderr.contains("answered 500 to the reminder; check remind.url"), "\(refused.stderr)")

    // Sealed, the journal's titles stay in it: the phone is told there is an entry, not which.
    env["ILGI_REMIND_URL"] = ntfy.baseURL + "/diary"
    try h.run(["key", "new"], env: env).expectSuccess()
    try h.run(["encrypt"], env: env).expectSuccess()
    let sealedCount = ntfy.requests.count
    #expect(try h.run("remind", "--notify", env: env).status == 0)
    let sealed = try #require(ntfy.requests.dropFirst(sealedCount).first)
    let said = String(decoding: sealed.body, as: UTF8.self)
    #expect(
      said.hasPrefix("2 days in a row\n1 year ago: an entry on this day\n") && !said.contains("Harbour"), "\(said)")

    let before = ntfy.requests.count
    #expect(try h.run(["new", "Written today"], env: env).status == 0)
    #expect(try h.run("remind", "--notify", env: env).status == 0)
    #expect(ntfy.requests.count == before, "a day with an entry was reminded")
  }
}
