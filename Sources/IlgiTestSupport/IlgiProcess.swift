import Foundation

/// Runs the built `ilgi` binary as a child process, the way a person or a script would.
public struct IlgiProcess: Sendable {
  /// What a run produced.
  public struct Result: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }
  }

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

  /// Environment every run starts from: a temp HOME, English, UTC, no editor, no colour.
  public static func baseEnvironment(home: String) -> [String: String] {
    [
      "HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "en_US.UTF-8", "TZ": "Asia/Seoul",
      "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
    ]
  }

  /// Runs `ilgi arguments` with `environment`, feeding `input` on stdin, optionally wrapped in
  /// another command (`setpriv`, `script`) given as `prefix`.
  public static func run(
    _ arguments: [String], environment: [String: String], input: String? = nil, prefix: [String] = []
  ) throws -> Result {
    let process = Process()
    let command = prefix + [binary] + arguments
    process.executableURL = URL(fileURLWithPath: command[0].hasPrefix("/") ? command[0] : "/usr/bin/env")
    process.arguments = command[0].hasPrefix("/") ? Array(command.dropFirst()) : command
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    // Read both pipes while the child runs, so a large output cannot block it.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
