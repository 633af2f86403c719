import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal side of the current invocation: its output streams, whether they are
/// terminals, colour, prompts.
enum Terminal {
  /// Standard output of the command running.
  static var standardOutput: TextOutput { Invocation.current.output }
  /// Standard error of the command running.
  static var standardError: TextOutput { Invocation.current.errors }

  /// Whether standard input is a terminal (a person can answer a question or use an editor).
  static var inputIsTerminal: Bool { Invocation.current.input.isTerminal }
  /// Whether text was piped or redirected into standard input.
  static var inputIsPiped: Bool { Invocation.current.input.isPiped }
  /// Whether standard output is a terminal.
  static var outputIsTerminal: Bool { standardOutput.isTerminal }

  /// Whether to colour standard output: a terminal, `NO_COLOR` unset, `TERM` not `dumb`.
  static func usesColor(_ environment: [String: String]) -> Bool {
    guard outputIsTerminal else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }

  /// Asks a yes/no question on stderr and reads the answer from stdin; default no.
  static func confirm(_ question: String) -> Bool {
    standardError.write("\(question) \(tr(.confirmSuffix)) ")
    guard let answer = Invocation.current.input.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
    else {
      standardError.write("\n")
      return false
    }
    // "ㅛ" and "ㅛㄷㄴ" are y and yes typed with the Korean keyboard on.
    return ["y", "yes", "네", "예", "ㅇ", "ㅛ", "ㅛㄷㄴ"].contains(answer)
  }

  /// `ilgi: warning: <text>` on stderr: something was skipped, the command goes on.
  /// A progress bar on standard error when it is a terminal (nil otherwise), for runs of a
  /// thousand files or more, cleared when done. It is drawn from the threads doing the work, so
  /// it is handed its stream and its words now.
  static func progressBar(_ label: String) -> (@Sendable (Int, Int) -> Void)? {
    let errors = standardError
    guard errors.isTerminal else { return nil }
    return { @Sendable done, total in
      guard total >= 1000 else { return }
      let width = 30
      let filled = done * width / max(total, 1)
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      errors.write("\r\(label) \(bar) \(done)/\(total)")
      if done == total { errors.write("\r\u{1B}[K") }
    }
  }

  static func warn(_ text: String) {
    standardError.write("ilgi: \(tr(.prefixWarning)): \(text)\n")
  }

  /// `ilgi: note: <text>` on stderr: something the person should know, nothing went wrong.
  static func note(_ text: String) {
    standardError.write("ilgi: \(tr(.prefixNotice)): \(text)\n")
  }

  /// Reads all of standard input as UTF-8.
  static func readStandardInput() throws -> String {
    let data = Invocation.current.input.readAll()
    guard let text = String(data: data, encoding: .utf8) else {
      throw Failure(tr(.errInputNotUTF8), status: ExitStatus.badData)
    }
    return text
  }
}

/// SGR colouring that turns itself off when output is not a colour terminal.
struct Paint {
  let enabled: Bool

  func callAsFunction(_ code: String, _ text: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
  func bold(_ text: String) -> String { self("1", text) }
  func dim(_ text: String) -> String { self("2", text) }
}
