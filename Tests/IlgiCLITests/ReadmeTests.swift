import Foundation
import IlgiSystem
import IlgiTestSupport
import Testing

/// Every `ilgi` command the README shows, typed as a person would type it: each ```sh block in a
/// home of its own, through the shell, with no journal set (so `~/ilgi`, or the folder the
/// block's `ilgi init` made, as init says to), and what the examples name made first (pictures,
/// a jrnl file and folder, a Day One export, a remote). Each command must succeed.
@Suite(.serialized) struct ReadmeTests {
  /// A home folder with ilgi on its `PATH`, an editor that writes, and a clipboard and a browser
  /// opener that keep what they were given.
  final class Home {
    let base: String
    let home: String
    var environment: [String: String]
    /// What the README's placeholders stand for here (`0f8b`, `age1...`), as the block goes.
    var replacements: [String: String] = [:]
    /// What the last command printed.
    var printed = ""
    /// Whether another device changed the journal's keys (the README's last example).
    var anotherDevice = false
    /// The weather service the examples ask (Open-Meteo's shapes, on this machine).
    let weather: WeatherStubServer

    init() throws {
      weather = try WeatherStubServer(answers: [
        ("/v1/search", .body(status: 200, WeatherStubAnswers.geocoding())),
        ("/v1/forecast", .body(status: 200, WeatherStubAnswers.current(temperature: 4.2, code: 0))),
        ("/v1/archive", .body(status: 200, WeatherStubAnswers.archive(first: "2024-04-30", last: "2024-05-02"))),
        // ntfy, for the reminder: the README's ntfy.sh address is this one here.
        ("/my-diary-4821", .body(status: 200, "{}")),
      ])
      base = NSTemporaryDirectory() + "ilgi-readme-" + UUID().uuidString.prefix(8)
      home = base + "/home"
      let bin = base + "/bin"
      for folder in [home, bin, home + "/Pictures", home + "/Downloads"] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try FileManager.default.createSymbolicLink(atPath: bin + "/ilgi", withDestinationPath: IlgiProcess.binary)
      try Self.script(bin + "/editor", "printf 'Written in the editor\\n\\nA line of the day.\\n' >> \"$1\"\n")
      try Self.script(bin + "/wl-copy", "cat > '\(base)/clipboard'\n")
      try Self.script(bin + "/xdg-open", "printf '%s' \"$1\" > '\(base)/opened'\n")
      // The reminder's schedulers: no user manager answers, and the crontab is a file here, never
      // this account's own.
      try Self.script(bin + "/systemctl", "exit 1\n")
      try Self.script(
        bin + "/crontab",
        "if [ \"$1\" = -l ]; then cat '\(base)/crontab' 2>/dev/null; else cat > '\(base)/crontab'; fi\n")
      environment = IlgiProcess.baseEnvironment(home: home)
      environment["PATH"] = bin + ":/usr/local/bin:/usr/bin:/bin"
      environment["EDITOR"] = bin + "/editor"
      environment["WAYLAND_DISPLAY"] = "wayland-readme"
      environment["GIT_CONFIG_GLOBAL"] = home + "/.gitconfig"
      for key in ["URL", "GEOCODING_URL", "ARCHIVE_URL"] { environment["ILGI_WEATHER_" + key] = weather.baseURL }
      environment["ILGI_WEATHER_PLACE"] = "Seoul"
      try "[user]\n\tname = Minji\n\temail = minji@example.org\n".write(
        toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
      // The journal the examples read and export: a trip, rain, a run.
      for words in [
        "'2024-05-01 08:00: Spring walk' 'Cherry trees by the river.'",
        "'2025-05-03 18:00: Seoul in the rain' 'Walked by the river in the rain. #travel #seoul'",
        "'yesterday 7am: Morning run' 'Ran along the river. #running'",
      ] {
        let made = try sh("ilgi new --no-weather " + words)
        #expect(made.status == 0, "\(made.stderr)")
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    static func script(_ path: String, _ body: String) throws {
      try ("#!/bin/sh\n" + body).write(toFile: path, atomically: true, encoding: .utf8)
      chmod(path, 0o755)
    }

    /// Runs `line` through the shell in the home folder.
    @discardableResult
    func sh(_ line: String, input: String = "") throws -> ChildProcess.Result {
      try ChildProcess.run(
        ["/bin/bash", "-o", "pipefail", "-c", "cd ~ && " + line], environment: environment, input: Array(input.utf8))
    }

    /// Writes `text` at `path` under the home folder.
    func write(_ path: String, _ text: String) throws {
      let full = home + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// The journal's newest entry as `show --json` gives it.
    func newest() throws -> [String: Any] {
      let shown = try sh("ilgi show last --json")
      return (try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))) as? [String: Any] ?? [:]
    }

    /// The first eight characters of the id of the journal's newest entry.
    func newestID() throws -> String { String((try newest()["id"] as? String ?? "").prefix(8)).lowercased() }
  }

  /// The command lines of each ```sh block of the README that has any: those that run ilgi, with
  /// their comments taken off.
  static func blocks() throws -> [[String]] {
    let readme = try String(contentsOfFile: TestTools.repository + "/README.md", encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]?
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current {
          if !lines.isEmpty { blocks.append(lines) }
          current = nil
        } else if line == "```sh" {
          current = []
        }
        continue
      }
      guard current != nil, Self.runsIlgi(line) else { continue }
      current?.append(Self.command(String(line)))
    }
    return blocks
  }

  /// Whether a line of a block is a command that runs ilgi: `ilgi ...`, after variables
  /// (`LANG=ko_KR.UTF-8 ilgi list`) or after a pipe (`echo ... | ilgi new`); not a comment.
  static func runsIlgi(_ line: Substring) -> Bool {
    if line.hasPrefix("#") || line.hasPrefix(" ") { return false }
    if line.hasPrefix("ilgi ") || line == "ilgi" || line.contains("| ilgi ") { return true }
    let words = line.split(separator: " ")
    guard let first = words.firstIndex(where: { !$0.contains("=") }) else { return false }
    return first > 0 && words[first] == "ilgi"
  }

  /// `line` without its comment: the first ` #` outside quotes.
  static func command(_ line: String) -> String {
    var quote: Character?
    var previous: Character = " "
    for (offset, character) in line.enumerated() {
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "#", previous == " " {
        return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
      }
      previous = character
    }
    return line.trimmingCharacters(in: .whitespaces)
  }

  @Test func theREADMEHasItsCommands() throws {
    let all = try Self.blocks().flatMap { $0 }
    #expect(all.count >= 60, "\(all.count)")
    #expect(all.contains("echo \"Dinner with Minji\" | ilgi new --date 2026-11-20T19:30"))
    #expect(all.contains("LANG=ko_KR.UTF-8 ilgi list"))
    #expect(!all.contains { $0.hasPrefix("make ") })
    #expect(all.contains("ilgi import ~/journal.txt --time-format \"%d %b %Y %I:%M %p\""))
    #expect(Self.command("ilgi search '학교 -시험'            # 학교 finds") == "ilgi search '학교 -시험'")
  }

  @Test func everyCommandInTheREADMERuns() throws {
    for block in try Self.blocks() {
      let home = try Home()
      for line in block {
        let (command, input) = try Self.prepare(line, in: home)
        let result = try home.sh(command, input: input)
        #expect(result.status == 0, "\(line)\n→ \(command)\n\(result.stderr)")
        try Self.check(line, result, in: home)
        home.printed = result.stdout + result.stderr
        // What init makes is where the block goes on writing, as init's last line says.
        if line.hasPrefix("ilgi init"), let folder = line.split(separator: " ").last {
          home.environment["ILGI_JOURNAL"] = folder.replacingOccurrences(of: "~", with: home.home)
        }
      }
    }
  }

  /// The command to run for the README's `line`, and what to type into it; what it needs is
  /// made first.
  static func prepare(_ line: String, in home: Home) throws -> (String, String) {
    var command = line
    var input = ""
    // The README's ids and days are those of an entry of this home's journal.
    if line.contains("0f8b") { command = command.replacingOccurrences(of: "0f8b6c0e", with: "0f8b") }
    if line.hasPrefix("ilgi show 0f8b") || line.hasPrefix("ilgi delete") {
      let id = try home.newestID()
      command = command.replacingOccurrences(of: "0f8b", with: id)
      if line.hasPrefix("ilgi delete") { home.replacements["0f8b"] = id }
    }
    try Self.prepareKeys(line, in: home)
    for (placeholder, value) in home.replacements.sorted(by: { $0.key.count > $1.key.count }) {
      command = command.replacingOccurrences(of: placeholder, with: value)
    }
    if line.contains("2026-11-21"), let day = (try home.newest()["date"] as? String)?.prefix(10) {
      command = command.replacingOccurrences(of: "2026-11-21", with: day)
    }
    // What asks or opens the editor does so on a terminal, as the person runs it; the editor
    // writes and the question is answered yes.
    if line == "ilgi new" || line.hasPrefix("ilgi edit") || line.hasPrefix("ilgi delete") {
      command = "script -qec '" + command + "' /dev/null"
      if line.hasPrefix("ilgi delete") { input = "y\n" }
    }
    if line.contains("~/Pictures/river.jpg") {
      _ = try ChildProcess.run(["vips", "black", home.home + "/Pictures/river.jpg", "40", "30"])
    }
    if line.contains("IMG_0412.HEIC") {
      _ = try ChildProcess.run(["vips", "black", home.home + "/IMG_0412.HEIC", "40", "30"])
      try home.write("notes.pdf", "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")
    }
    if line.hasPrefix("ilgi render notes.md") { try home.write("notes.md", "# Notes\n\nA *short* list:\n\n- one\n") }
    if line.hasPrefix("ilgi import ~/journal.txt --dry-run") {
      try home.write("journal.txt", "[2024-01-02 10:00] New year\nA walk. @walk\n\n[2024-01-03 21:00] Night\n")
    }
    if line.hasPrefix("ilgi import ~/journal.txt --time-format") {
      try home.write("journal.txt", "[02 Jan 2024 10:00 AM] New year\nA walk. @walk\n")
    }
    if line.hasPrefix("ilgi import ~/jrnl-folder") {
      try home.write("jrnl-folder/2024/01/05.txt", "[2024-01-05 08:00] Morning\nCoffee. @coffee\n")
    }
    if line.hasPrefix("ilgi import jrnl-export.json") {
      try home.write(
        "jrnl-export.json",
        """
        {"tags": {"@walk": 1}, "entries": [{"title": "Walk", "body": "Around the lake. @walk",
         "date": "2024-03-01", "time": "07:15", "tags": ["@walk"], "starred": false}]}
        """)
    }
    if line.hasPrefix("ilgi import ~/Downloads/Export.zip") {
      let made = try home.sh(
        "ilgi init ~/daybook >/dev/null && ilgi -J ~/daybook new 'From Day One' 'Kept there.' >/dev/null"
          + " && ilgi -J ~/daybook export --format dayone --out ~/Downloads/Export.zip")
      #expect(made.status == 0, "\(made.stderr)")
    }
    if line.hasPrefix("ilgi import sample.json") {
      try home.write("sample.json", #"[{"title": "In the app", "body": "Kept in the app.", "created_at": 1709280000}]"#)
    }
    if line == "ilgi sync", home.environment["ILGI_JOURNAL"] != nil {
      let remote = try home.sh(
        "git init -q --bare ~/remote.git && git -C \"$ILGI_JOURNAL\" remote add origin ~/remote.git")
      #expect(remote.status == 0, "\(remote.stderr)")
    }
    if line == "ilgi sync", home.environment["ILGI_JOURNAL"] == nil { try Self.anotherDeviceAddsAKey(home) }
    if line.contains("https://ntfy.sh/my-diary-4821") {
      command = command.replacingOccurrences(of: "https://ntfy.sh", with: home.weather.baseURL)
    }
    if line.contains(" && chromium ") {
      command = String(line.prefix { $0 != "&" }).trimmingCharacters(in: .whitespaces)
    }
    if line.hasPrefix("ilgi serve") {
      // Stopped as Ctrl-C stops it, once it has said where it is: one SIGINT (`--foreground`;
      // else timeout signals its whole group too, and a second signal ends the server at once).
      command = "timeout --foreground --preserve-status -s INT 4 " + command + " --port 0"
    }
    return (command, input)
  }

  /// The keys the encryption examples name: another device's (`age1...` to add and remove), or,
  /// moving to a post-quantum key, this device's X25519 recipient (`age1...` removed) and the
  /// post-quantum one `key new --pq` printed (`age1pq1...`).
  static func prepareKeys(_ line: String, in home: Home) throws {
    if line.hasPrefix("ilgi key add age1..."), home.replacements["age1..."] == nil {
      let made = try ChildProcess.run(["age-keygen"])
      home.replacements["age1..."] = Self.recipient(in: made.stdout + made.stderr, prefix: "age1")
    }
    if line.hasPrefix("ilgi key new --pq") {
      // Moving over from an X25519 key: the journal is sealed to this device's.
      let sealed = try home.sh("ilgi key new && ilgi encrypt")
      #expect(sealed.status == 0, "\(sealed.stderr)")
      home.replacements["age1..."] = Self.recipient(in: try home.sh("ilgi key show").stdout, prefix: "age1")
    }
    if line.hasPrefix("ilgi key add age1pq1...") {
      home.replacements["age1pq1..."] = Self.recipient(in: home.printed, prefix: "age1pq1")
    }
  }

  /// The first recipient beginning with `prefix` in `text`.
  static func recipient(in text: String, prefix: String) -> String? {
    text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "(" || $0 == ")" })
      .first { $0.hasPrefix(prefix) && (prefix == "age1pq1" || !$0.hasPrefix("age1pq1")) }.map(String.init)
  }

  /// The README's last example: a journal kept in git, encrypted, whose list of keys another
  /// device (a clone) changed and pushed; its `ilgi sync` and `ilgi key accept` run here.
  static func anotherDeviceAddsAKey(_ home: Home) throws {
    let key = try ChildProcess.run(["age-keygen"])
    let other = try #require(Self.recipient(in: key.stdout + key.stderr, prefix: "age1"))
    let setUp = try home.sh(
      [
        "ilgi init --encrypt --git ~/diary", "git init -q --bare ~/remote.git",
        "git -C ~/diary remote add origin ~/remote.git", "ilgi -J ~/diary new 'Before' 'Written here.'",
        "ilgi -J ~/diary sync", "git clone -q ~/remote.git ~/laptop", "ilgi -J ~/laptop key add \(other)",
        "ilgi -J ~/laptop sync",
      ].joined(separator: " >/dev/null && "))
    #expect(setUp.status == 0, "\(setUp.stderr)")
    home.environment["ILGI_JOURNAL"] = home.home + "/diary"
    home.anotherDevice = true
  }

  /// What a command's run shows beyond its success, where the README says so.
  static func check(_ line: String, _ result: ChildProcess.Result, in home: Home) throws {
    if line.hasPrefix("ilgi serve") {
      #expect(result.stderr.contains("(Ctrl-C stops)"), "\(line): \(result.stderr)")
    }
    if line.hasPrefix("ilgi serve --open") {
      // A page of its own that goes on to the address with the token (no token in `ps`).
      let opened = (try? String(contentsOfFile: home.base + "/opened", encoding: .utf8)) ?? ""
      #expect(opened.hasPrefix("http://127.0.0.1:") || opened.hasSuffix(".html"), "\(opened)")
    }
    if line.contains("--copy") {
      #expect((try? String(contentsOfFile: home.base + "/clipboard", encoding: .utf8))?.isEmpty == false, "\(line)")
    }
    if line == "ilgi remind --notify" {
      // The phone's address got it: the stand-in for ntfy was asked once.
      #expect(home.weather.requests.contains { $0.method == "POST" && $0.target == "/my-diary-4821" })
    }
    if line.contains(" && chromium ") {
      #expect(FileManager.default.fileExists(atPath: home.home + "/site/index.html"))
    }
    if line.hasPrefix("ilgi import ~/journal.txt --time-format") {
      #expect(result.stdout.hasPrefix("Imported 1 entry"), "\(result.stdout)")
    }
    if home.anotherDevice, line == "ilgi sync" {
      #expect(result.stderr.contains("the journal's recipients changed elsewhere (+ age1"), "\(result.stderr)")
    }
    if home.anotherDevice, line == "ilgi key accept" {
      #expect((result.stdout + result.stderr).contains("+ age1"), "\(result.stdout)\(result.stderr)")
    }
  }
}
