import ArgumentParser
import Foundation
import IlgiFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--no-pager`, for the commands whose output can run to pages.
struct PagerOptions: ParsableArguments {
  @Flag(help: ArgumentHelp(tr(.optNoPager)))
  var noPager = false
}

/// Long output on a terminal goes through a pager, as git does: `ILGI_PAGER`, else `PAGER`,
/// else `less` (with `LESS=FRX` unless set: it quits at once when the text fits one screen,
/// keeps colours and leaves the text on the screen). An empty value or `cat` means none.
/// Output that is not a terminal is never paged.
enum Pager {
  /// Writes `text` to standard output, through the pager where there is one.
  static func show(_ text: String, variables: [String: String], options: PagerOptions) {
    guard !options.noPager, Terminal.outputIsTerminal, let command = command(variables) else {
      Terminal.standardOutput.write(text)
      return
    }
    var environment = variables
    if environment["LESS"] == nil { environment["LESS"] = "FRX" }
    // ilgi writes UTF-8 whatever the locale says: under a LANG whose locale the machine lacks
    // (ko_KR.UTF-8 on a fresh Debian), less would show each byte as <EB><85>.
    if environment["LESSCHARSET"] == nil && environment["LESSCHARDEF"] == nil { environment["LESSCHARSET"] = "utf-8" }
    if environment["LV"] == nil { environment["LV"] = "-c" }
    // Started in ilgi's own process group, the terminal's foreground one, as a shell starts a
    // pipeline's programs: in a group of its own (as Foundation's Process makes it) less is
    // stopped the moment it touches the terminal, and ilgi waits for it for ever.
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      Terminal.standardOutput.write(text)
      return
    }
    let (readEnd, descriptor) = (pipeEnds[0], pipeEnds[1])
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
    let pairs: [UnsafeMutablePointer<CChar>?] = environment.map { pair in strdup(pair.key + "=" + pair.value) } + [nil]
    defer { (arguments + pairs).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments, pairs)
    close(readEnd)
    guard spawned == 0 else {
      close(descriptor)
      Terminal.standardOutput.write(text)
      return
    }
    // A pager quit before the end closes the pipe: the rest is not wanted, and that is no error.
    let previous = signal(SIGPIPE, SIG_IGN)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      bytes = bytes.dropFirst(written)
    }
    close(descriptor)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    signal(SIGPIPE, previous)
  }

  /// The pager command, or nil for none.
  static func command(_ variables: [String: String]) -> String? {
    let chosen = (variables["ILGI_PAGER"] ?? variables["PAGER"] ?? "less").trimmingCharacters(in: .whitespaces)
    return chosen.isEmpty || chosen == "cat" ? nil : chosen
  }
}

extension Terminal {
  /// How many columns standard output's terminal has: `COLUMNS`, else the terminal's own
  /// size; nil when standard output is not a terminal.
  static func columns(_ variables: [String: String]) -> Int? {
    guard outputIsTerminal else { return nil }
    if let text = variables["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return standardOutput.terminalColumns
  }

  /// `text` cut to fit `columns` terminal columns, with `…` where it was cut; East Asian wide
  /// characters (Hangul, Han, kana, full-width forms) take two columns.
  static func fitted(_ text: String, columns: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let width = displayWidth(character)
      if used + width > columns {
        while used + 1 > columns, let last = result.popLast() { used -= displayWidth(last) }
        return result + "…"
      }
      used += width
      result.append(character)
    }
    return result
  }

  /// The columns `text` takes on a terminal.
  static func displayWidth(_ text: String) -> Int { DisplayWidth.of(text) }

  static func displayWidth(_ character: Character) -> Int { DisplayWidth.of(character) }
}
