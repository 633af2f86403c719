import IlgiCLI
import IlgiTestSupport

/// A well-formed entry for fixtures.
func entry(_ id: String, _ date: String, _ title: String, body: String = "Body text.", extra: String = "") -> String {
  "---\nid: \(id)\ndate: \(date)\n\(extra)---\n\(title)\n\n\(body)\n"
}

extension Harness {
  /// Runs ilgi inside the test's own process, as `run` runs the binary: the same arguments,
  /// environment and input, with its output kept in memory. For what needs no process of its
  /// own (no editor, terminal, signal or server).
  @discardableResult
  func call(_ arguments: String..., input: String? = nil, env: [String: String] = [:], directory: String? = nil)
    -> IlgiProcess.Result
  {
    InProcess.run(
      arguments, environment: environment.merging(env) { $1 }, input: input, directory: directory ?? journal.base)
  }
}

/// The CLI run inside the test's process, with `IlgiProcess.run`'s arguments and result.
enum InProcess {
  /// Runs `ilgi arguments` in `environment`, from `directory`, with `input` on stdin.
  static func run(_ arguments: [String], environment: [String: String], input: String? = nil, directory: String = "/")
    -> IlgiProcess.Result
  {
    let invocation = Invocation(
      arguments: arguments, variables: environment, directory: directory, input: .text(input ?? ""),
      executable: IlgiProcess.binary)
    let status = IlgiCommandLine.main(invocation)
    return IlgiProcess.Result(status: status, stdout: invocation.output.text, stderr: invocation.errors.text)
  }
}
