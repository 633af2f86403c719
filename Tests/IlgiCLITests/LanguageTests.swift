import Foundation
import IlgiTestSupport
import Synchronization
import Testing

/// Every command speaks English or Korean, chosen by `--locale`, config or the locale variables.
struct LanguageTests {
  static let commands: [[String]] = [
    [], ["init"], ["new"], ["list"], ["search"], ["show"], ["edit"], ["delete"], ["trash"], ["trash", "restore"],
    ["trash", "empty"], ["drafts"], ["onthisday"], ["tags"], ["stats"], ["doctor"], ["index"], ["render"],
    ["config"], ["config", "set"], ["weather"], ["weather", "fill"],
  ]

  /// Whether `text` holds Hangul syllables.
  func hasHangul(_ text: String) -> Bool { text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

  @Test(arguments: commands)
  func everyCommandsHelpSwitchesLanguage(_ command: [String]) throws {
    let harness = try Harness()
    let english = InProcess.run(command + ["--help"], environment: harness.environment)
    let korean = InProcess.run(
      command + ["--help"], environment: harness.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
    #expect(english.status == 0 && korean.status == 0)
    #expect(english.stdout.contains("OPTIONS:") && !english.stdout.contains("옵션:"))
    #expect(english.stdout.contains("Show help information."))
    #expect(english.stdout != korean.stdout)
    #expect(hasHangul(korean.stdout))
    #expect(korean.stdout.contains("옵션:"))
    #expect(korean.stdout.contains("도움말을 보여 줍니다."))
  }

  /// The columns a line's text takes on a terminal (Hangul two each).
  func columns(_ text: Substring) -> Int {
    text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
  }

  /// In Korean help the default command's mark, `(기본)`, is narrower than `(default)`: the
  /// description after it still starts in the column every other command's does.
  @Test func theDefaultCommandsLineStaysInItsColumn() throws {
    let harness = try Harness()
    let korean = InProcess.run(["--help"], environment: harness.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
    let lines = korean.stdout.split(separator: "\n")
    let list = try #require(lines.first { $0.hasPrefix("  list (기본)") })
    let new = try #require(lines.first { $0.hasPrefix("  new ") })
    func start(_ line: Substring) -> Int {
      let name = line.dropFirst(2)
      let gap = name.firstRange(of: "  ")
      let text = name[(gap?.upperBound ?? name.startIndex)...].drop(while: { $0 == " " })
      return columns(line[..<text.startIndex])
    }
    #expect(start(list) == start(new), "\(list)\n\(new)")
  }

  @Test func theLocaleComesFromTheFlagThenConfigThenTheVariables() throws {
    var harness = try Harness([
      "2026/11/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2026-11-21T09:30:00+09:00\n---\n\n"
    ])
    func untitled(_ arguments: [String] = [], _ env: [String: String] = [:]) throws -> Bool {
      let result = InProcess.run(["list"] + arguments, environment: harness.environment.merging(env) { $1 })
      return result.stdout.contains("(제목 없음)") && result.stdout.contains("2026년 11월 21일")
    }
    #expect(try !untitled())
    #expect(try untitled([], ["LANG": "ko_KR.UTF-8"]))
    #expect(try untitled([], ["LC_MESSAGES": "ko_KR.UTF-8"]))
    #expect(try !untitled([], ["LANG": "ko_KR.UTF-8", "LC_ALL": "en_US.UTF-8"]))
    #expect(try untitled(["--locale", "ko"]))
    try "locale = \"ko\"\n".write(
      toFile: harness.journal.root + "/.ilgi/config.toml", atomically: true, encoding: .utf8)
    #expect(try untitled())
    #expect(try !untitled(["--locale", "en"]))
    harness.environment["ILGI_LOCALE"] = "en"
    #expect(try !untitled())
  }

  @Test func messagesAndErrorsSwitchLanguage() throws {
    let harness = try Harness()
    let ko = ["LANG": "ko_KR.UTF-8"]
    #expect(harness.call("list", env: ko).stderr == "아직 일기가 없습니다. `ilgi new`로 써 보세요.\n")
    let missing = harness.call("show", "2020-01-01", env: ko)
    #expect(missing.status == 66)
    #expect(missing.stderr == "ilgi: `2020-01-01`에 맞는 일기가 없습니다. id, 날짜, 경로는 `ilgi list`를 보세요\n")
    let badOption = harness.call("list", "--bogus", env: ko)
    #expect(badOption.status == 64)
    #expect(badOption.stderr == "ilgi: ilgi list에는 --bogus 옵션이 없습니다. ilgi list --help에서 옵션 목록을 보세요\n")
    let badValue = harness.call("list", "-n", "many", env: ko)
    #expect(badValue.status == 64)
    #expect(badValue.stderr.hasPrefix("오류: "), "\(badValue.stderr)")
    let badDay = harness.call("list", "--from", "someday", env: ko)
    #expect(badDay.stderr.contains("`someday`는 날짜가 아닙니다"))
    let search = harness.call("search", "rain", "OR", env: ko)
    #expect(search.stderr == "ilgi: 검색: 끝의 `OR` 뒤에 단어가 필요합니다. 예: `비 OR 눈`\n")
    let written = harness.call("new", "산책", env: ko)
    #expect(written.status == 0)
    #expect(harness.call("doctor", env: ko).stdout == "일기 1개, 문제가 없습니다.\n")
    let stats = harness.call("stats", env: ko)
    #expect(stats.stdout.contains("가장 긴 연속 1일"))
  }

  static let outputs: [[String]] = [
    ["list"], ["trash"], ["drafts"], ["onthisday"], ["tags", "--json"], ["index"], ["doctor"], ["stats"],
    ["config", "list"], ["weather", "fill"], ["show", "nope"], ["delete", "last"], ["init"],
  ]

  @Test(arguments: outputs)
  func everyCommandsOutputSwitchesLanguage(_ command: [String]) throws {
    let files = [
      "2025/11/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2025-11-21T09:30:00+09:00\n---\n\n"
    ]
    let english = try Harness(files)
    let korean = try Harness(files)
    let en = InProcess.run(command, environment: english.environment)
    let ko = InProcess.run(command, environment: korean.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
    #expect(en.status == ko.status)
    if command == ["tags", "--json"] {
      #expect(en.stdout == ko.stdout)  // data, not words
      return
    }
    let enText = (en.stdout + en.stderr).replacingOccurrences(of: english.journal.base, with: "")
    let koText = (ko.stdout + ko.stderr).replacingOccurrences(of: korean.journal.base, with: "")
    #expect(enText != koText)
    #expect(hasHangul(koText), "\(command): \(koText)")
    #expect(!hasHangul(enText), "\(command): \(enText)")
  }

  @Test func koreanDatesAreReadInFiltersToo() throws {
    let harness = try Harness()
    #expect(harness.call("new", "오늘 일기").status == 0)
    for day in ["오늘", "today"] {
      #expect(harness.call("list", "--on", day).stdout.contains("오늘 일기"))
    }
    for day in ["어제", "3일 전", "지난 월요일", "yesterday", "3 days ago", "last monday"] {
      let result = harness.call("list", "--on", day)
      #expect(result.status == 0, "\(day): \(result.stderr)")
      #expect(!result.stdout.contains("오늘 일기"))
    }
  }
}

/// Runs inside one process keep to their own language, streams and settings.
struct InProcessTests {
  @Test func runsSideBySideKeepTheirOwnLanguageAndOutput() throws {
    let harness = try Harness([
      "2026/11/a.md": "---\nid: AAAA0001-0000-4000-8000-000000000001\ndate: 2026-11-21T09:30:00+09:00\n---\n\n"
    ])
    // On threads of their own, all at once: half in Korean, half in English.
    let results = Mutex<[(Bool, IlgiProcess.Result)]>([])
    DispatchQueue.concurrentPerform(iterations: 16) { run in
      let korean = run % 2 == 0
      let result = harness.call("list", env: ["LANG": korean ? "ko_KR.UTF-8" : "en_US.UTF-8"])
      results.withLock { $0.append((korean, result)) }
    }
    let all = results.withLock { $0 }
    #expect(all.count == 16)
    for (korean, result) in all {
      #expect(result.status == 0)
      #expect(result.stdout.contains(korean ? "(제목 없음)" : "(untitled)"))
      #expect(!result.stdout.contains(korean ? "(untitled)" : "(제목 없음)"))
    }
  }

  @Test func relativePathsStartAtTheRunsOwnFolder() throws {
    let harness = try Harness()
    var environment = harness.environment
    environment["ILGI_JOURNAL"] = nil
    let made = InProcess.run(["init", "diary"], environment: environment, directory: harness.journal.base)
    #expect(made.status == 0)
    #expect(FileManager.default.fileExists(atPath: harness.journal.base + "/diary/.ilgi"))
    #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/diary"))
  }
}
