import Foundation
import IlgiSystem

/// Runs the built `ilgi` binary as a child process, the way a person or a script would.
public struct IlgiProcess: Sendable {
  /// What a run produced.
  public typealias Result = ChildProcess.Result

  /// The binary: `ILGI_BINARY`, else `ilgi` beside the test bundle, else in `.build/debug`.
  public static var binary: String {
    if let path = ProcessInfo.processInfo.environment["ILGI_BINARY"] { return path }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = runner.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("ilgi").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/ilgi").path
  }

  /// Environment every run starts from: a temp HOME, English, Seoul's time, no editor, no
  /// colour, no pager (a test on a terminal that wants one sets `ILGI_PAGER`).
  public static func baseEnvironment(home: String) -> [String: String] {
    [
      "HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "en_US.UTF-8", "TZ": "Asia/Seoul", "PAGER": "cat",
      "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
    ]
  }

  /// Runs `ilgi arguments` with `environment`, feeding `input` on stdin, optionally wrapped in
  /// another command (`setpriv`, `script`) given as `prefix`.
  public static func run(
    _ arguments: [String], environment: [String: String], input: String? = nil, prefix: [String] = []
  ) throws -> Result {
    try ChildProcess.run(prefix + [binary] + arguments, environment: environment, input: input.map { Array($0.utf8) })
  }
}
