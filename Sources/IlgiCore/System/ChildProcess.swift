import Foundation

/// Runs a program to its end and collects what it printed (git, clipboard tools, and in tests
/// ilgi itself).
public enum ChildProcess {
  /// What a run produced.
  public struct Result: Sendable {
    /// Exit status (128 + N for a signal).
    public var status: Int32
    /// Standard output, as UTF-8.
    public var stdout: String
    /// Standard error, as UTF-8.
    public var stderr: String

    /// A result with these parts.
    public init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }

    /// The first non-empty line of stderr (else stdout), for a one-line message.
    public var firstErrorLine: String {
      for text in [stderr, stdout] {
        if let line = text.split(separator: "\n").first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
          return line.trimmingCharacters(in: .whitespaces)
        }
      }
      return "exit status \(status)"
    }
  }

  /// Runs `command` (a path, or a name looked up in `PATH` through `/usr/bin/env`) with
  /// `environment`, feeding `input` on stdin. `mergingErrors` sends stderr into stdout (a
  /// terminal's single stream). Throws only when the program cannot be started.
  public static func run(
    _ command: [String], environment: [String: String]? = nil, input: [UInt8]? = nil,
    directory: String? = nil, mergingErrors: Bool = false
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0].hasPrefix("/") ? command[0] : "/usr/bin/env")
    process.arguments = command[0].hasPrefix("/") ? Array(command.dropFirst()) : command
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = mergingErrors ? stdout : stderr
    try process.run()
    // Read both pipes while the child runs, so a large output cannot block it.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    if !mergingErrors {
      group.enter()
      DispatchQueue.global().async {
        errData = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
      }
    }
    if let input { try? stdin.fileHandleForWriting.write(contentsOf: Data(input)) }
    try? stdin.fileHandleForWriting.close()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// The full path of `name` in the `PATH` list, if it is there and executable.
  public static func find(_ name: String, path: String) -> String? {
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
