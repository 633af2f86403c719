import Foundation
import IlgiSystem

/// A temp journal plus the environment the built binary runs with.
public struct Harness: Sendable {
  /// The journal the runs work on.
  public let journal: TempJournal
  /// The environment every run starts from (`ILGI_JOURNAL` names the journal).
  public var environment: [String: String]

  /// A journal holding `files` (paths to contents), made with `ilgi init`'s layout when `initialize`.
  public init(_ files: [String: String] = [:], initialize: Bool = true) throws {
    journal = try TempJournal(files, initialize: initialize)
    let home = journal.base + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    environment = IlgiProcess.baseEnvironment(home: home)
    environment["ILGI_JOURNAL"] = journal.root
  }

  /// Runs the built binary with `arguments`, feeding `input` on stdin, with `env` over the
  /// harness's environment.
  @discardableResult
  public func run(_ arguments: String..., input: String? = nil, env: [String: String] = [:]) throws
    -> IlgiProcess.Result
  {
    try IlgiProcess.run(arguments, environment: environment.merging(env) { $1 }, input: input)
  }

  /// `run` with the arguments as a list.
  @discardableResult
  public func run(_ arguments: [String], input: String? = nil, env: [String: String] = [:]) throws
    -> IlgiProcess.Result
  {
    try IlgiProcess.run(arguments, environment: environment.merging(env) { $1 }, input: input)
  }

  /// Runs ilgi on a pseudo-terminal (util-linux `script`), feeding `input` as typed keys.
  public func runOnTerminal(_ arguments: String, input: String = "", env: [String: String] = [:]) throws
    -> IlgiProcess.Result
  {
    let command = "'\(IlgiProcess.binary)' \(arguments)"
    return try ChildProcess.run(
      ["/usr/bin/script", "-qec", command, "/dev/null"], environment: environment.merging(env) { $1 },
      input: Array(input.utf8), mergingErrors: true)
  }

  /// An `EDITOR` value that runs a shell script given the file as `$1`.
  public func editor(_ body: String) throws -> String {
    try journal.script("editor-\(UUID().uuidString.prefix(6)).sh", body)
  }
}
