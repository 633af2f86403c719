import Foundation
import IlgiSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The person's own editor: the `editor` setting (`ILGI_EDITOR`, config), `VISUAL`, `EDITOR`, then the first of `sensible-editor`,
/// `editor`, `nano`, `vi` on the PATH. The value may carry arguments (`code --wait`).
struct Editor {
  /// The shell command text that starts the editor (the file is appended as `"$1"`).
  let command: String

  /// How the editor ended.
  enum Ending: Equatable {
    case exited(Int32)
    case killed(signal: Int32)
    /// ilgi itself was told to stop (hang-up, terminate) while the editor ran.
    case interrupted(signal: Int32)
  }

  /// Whether the command's program exists, when that can be told without a shell (a plain
  /// first word); commands with quotes or shell syntax are left to the shell.
  func isAvailable(path: String) -> Bool {
    guard let program = command.split(whereSeparator: \.isWhitespace).first.map(String.init),
      !program.contains(where: { "\"'$`\\=;|&()<>".contains($0) })
    else { return true }
    if program.contains("/") { return access(program, X_OK) == 0 }
    return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
  }

  /// This editor for a draft of an encrypted journal: vim and neovim started without their
  /// history files (viminfo, shada), swap file, undo file or backup, each of which would keep
  /// lines of the draft on disk. Other editors are started as they are (the README says what
  /// they keep).
  func leavingNoTrace(path: String) -> Editor {
    guard let (first, name) = program(path: path), Self.isVim(name) else { return self }
    // Right after the program, before any `-c` the person gave: a vimrc setting them again is
    // overruled by the first `-c`, which runs once the file is loaded.
    let off = "'set noundofile nobackup nowritebackup noswapfile'"
    let rest = command.dropFirst(first.count)
    return Editor(command: first + " -i NONE -n --cmd \(off) -c \(off)" + rest)
  }

  /// The command's first word and the name of the program it runs, links followed (`vi` and
  /// `editor` are often vim under another name, through /etc/alternatives); nil for a command
  /// with shell syntax in its first word, or a program not found.
  private func program(path: String) -> (first: String, name: String)? {
    guard let first = command.split(whereSeparator: \.isWhitespace).first.map(String.init),
      !first.contains(where: { "\"'$`\\=;|&()<>".contains($0) })
    else { return nil }
    let found =
      first.contains("/")
      ? first
      : path.split(separator: ":").map { "\($0)/\(first)" }.first {
        access($0, X_OK) == 0
      }
    guard let found, let resolved = realpath(found, nil) else { return nil }
    defer { free(resolved) }
    return (first, (String(cString: resolved) as NSString).lastPathComponent)
  }

  private static func isVim(_ name: String) -> Bool {
    name.hasPrefix("vim") || name.hasPrefix("nvim") || name.hasPrefix("gvim")
  }

  /// This editor opening its file at `line` (1-based) when it is one known to take `+LINE`:
  /// vim and neovim right after the program (before the person's own `-c`, which then run
  /// there), nano, emacs and micro just before the file; any other as it is.
  func at(line: Int, path: String) -> Editor {
    guard let (first, name) = program(path: path) else { return self }
    if Self.isVim(name) || name == "vi" {
      return Editor(command: first + " +\(line)" + command.dropFirst(first.count))
    }
    guard ["nano", "rnano", "micro"].contains(name) || name.hasPrefix("emacs") else { return self }
    return Editor(command: command + " +\(line)")
  }

  /// The line after the front matter of `text` (1-based), where writing starts: a person who
  /// just types writes the entry, not above its front matter. Nil for a file without one.
  static func firstLineAfterFrontMatter(_ text: String) -> Int? {
    let lines = text.split(separator: "\n", maxSplits: 200, omittingEmptySubsequences: false)
    guard lines.first.map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) == "---" }) == true else { return nil }
    guard
      let end = lines.dropFirst().firstIndex(where: {
        ["---", "..."].contains($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    else { return nil }
    return end + 2
  }

  /// Picks the editor from the environment.
  static func fromEnvironment(_ environment: [String: String], configured: String? = nil) -> Editor {
    if let configured = configured?.trimmingCharacters(in: .whitespaces), !configured.isEmpty {
      return Editor(command: configured)
    }
    for key in ["VISUAL", "EDITOR"] {
      if let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
        return Editor(command: value)
      }
    }
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for candidate in ["sensible-editor", "editor", "nano", "vi"] {
      for folder in path.split(separator: ":") where access("\(folder)/\(candidate)", X_OK) == 0 {
        return Editor(command: candidate)
      }
    }
    return Editor(command: "vi")
  }

  /// The hang-up or terminate signal received while an editor ran, or 0.
  nonisolated(unsafe) static var stopSignal: Int32 = 0
  private static let noteStop: @convention(c) (Int32) -> Void = { Editor.stopSignal = $0 }

  /// Opens `file` and waits. The editor shares ilgi's terminal and process group; ilgi ignores
  /// Ctrl-C meanwhile so that the key reaches the editor and ilgi can still keep the draft.
  func edit(_ file: String, path: String) throws -> Ending {
    guard isAvailable(path: path) else {
      throw Failure(tr(.errEditorNotFound, command))
    }
    let opening = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap(Self.firstLineAfterFrontMatter)
    let command = opening.map { at(line: $0, path: path).command } ?? command
    let arguments = ["/bin/sh", "-c", "\(command) \"$1\"", "ilgi-editor", file]
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGQUIT, SIGHUP, SIGTERM] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // The editor starts with no signal blocked, whatever ilgi inherited.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let oldInterrupt = signal(SIGINT, SIG_IGN)
    let oldQuit = signal(SIGQUIT, SIG_IGN)
    // A hang-up or terminate while the editor runs must not lose the draft: note it, stop
    // waiting, and let the caller keep the draft (unless hang-ups were ignored, as under nohup).
    Self.stopSignal = 0
    let oldHangUp = signal(SIGHUP, SIG_IGN)
    if unsafeBitCast(oldHangUp, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
      signal(SIGHUP, Self.noteStop)
    }
    let oldTerminate = signal(SIGTERM, Self.noteStop)
    var stops = sigset_t()
    sigemptyset(&stops)
    sigaddset(&stops, SIGHUP)
    sigaddset(&stops, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &stops, nil)
    defer {
      signal(SIGINT, oldInterrupt)
      signal(SIGQUIT, oldQuit)
      signal(SIGHUP, oldHangUp)
      signal(SIGTERM, oldTerminate)
    }
    var pid = pid_t()
    let cEnvironment = Self.environmentWithoutSecrets()
    defer { cEnvironment.forEach { free($0) } }
    let spawned = posix_spawn(&pid, "/bin/sh", nil, &attributes, &cArguments, cEnvironment)
    guard spawned == 0 else {
      throw Failure(
        tr(.errEditorNotStarted, command, String(cString: strerror(spawned))))
    }
    return try Self.wait(for: pid, command: command)
  }

  /// ilgi's own environment, without its secrets (the editor and its plugins need none), as
  /// C strings ending with nil; each to be freed.
  static func environmentWithoutSecrets() -> [UnsafeMutablePointer<CChar>?] {
    var cEnvironment: [UnsafeMutablePointer<CChar>?] = []
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
      if !IlgiEnvironment.secrets.contains(name) { cEnvironment.append(strdup(text)) }
      entry += 1
    }
    return cEnvironment + [nil]
  }

  /// How the editor `pid` (running `command`) ended, or that ilgi was asked to stop meanwhile.
  static func wait(for pid: pid_t, command: String) throws -> Ending {
    var status: Int32 = 0
    // Polled, because a signal may land on any thread and so need not interrupt waitpid.
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR { throw Failure(tr(.errEditorLost, command)) }
      let stop = Self.stopSignal
      if stop != 0 {
        // Pass the request on, so the editor can save its own recovery file and go.
        kill(pid, stop)
        return .interrupted(signal: stop)
      }
      usleep(20_000)
    }
    let signalNumber = status & 0x7F
    if signalNumber != 0 { return .killed(signal: signalNumber) }
    let code = (status >> 8) & 0xFF
    // sh reports a command it could not find as 127.
    if code == 127 {
      throw Failure(tr(.errEditorNotFound, command))
    }
    return .exited(code)
  }
}
