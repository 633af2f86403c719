import CSpawn
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

    /// The line of stderr (else stdout) that says most, for a one-line message: git's refusal of
    /// a ref with its reason (` ! [remote rejected] main -> main (pre-receive hook declined)`),
    /// else what the remote said (`remote: ...`), else its `fatal:` or `error:`, else the first
    /// line (a refused push begins with `To <remote>`, which says nothing). A line that ends in
    /// `:` is followed by the indented lines it introduces (git's list of the files in the way),
    /// up to three of them.
    public var firstErrorLine: String {
      let raw = stderr.split(separator: "\n")
      let lines = raw.map { $0.trimmingCharacters(in: .whitespaces) }
      for telling in ["! [", "remote: ", "fatal:", "error:"] {
        if let at = lines.firstIndex(where: { $0.hasPrefix(telling) && $0.count > telling.count + 1 }) {
          return Self.withItems(lines[at], raw[(at + 1)...])
        }
      }
      for text in [stderr, stdout] {
        if let line = text.split(separator: "\n").first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
          return line.trimmingCharacters(in: .whitespaces)
        }
      }
      return "exit status \(status)"
    }

    /// `line`, and when it ends in `:` the indented lines of `after` that follow it, joined.
    private static func withItems(_ line: String, _ after: ArraySlice<Substring>) -> String {
      guard line.hasSuffix(":") else { return line }
      let items = after.prefix { $0.first == "\t" || $0.first == " " }
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      guard !items.isEmpty else { return line }
      let more = items.count > 3 ? " (and \(items.count - 3) more)" : ""
      return line + " " + items.prefix(3).joined(separator: ", ") + more
    }
  }

  /// Runs `command` (a path, or a name looked up in the `PATH` of the environment it gets) with
  /// `environment` (this process's when nil), feeding `input` on stdin. `mergingErrors` sends
  /// stderr into stdout (a terminal's single stream). A name not found is handed to
  /// `/usr/bin/env`, which says so and exits 127. Throws only when the program cannot be started.
  ///
  /// Started with `posix_spawn` and waited for with `waitpid`: Foundation's `Process` looks for
  /// the end of a child every 50 ms, which a sync's thirty git commands paid each time. The child
  /// gets only its three streams (no other descriptor of this process), no blocked signal and
  /// every signal's default action.
  public static func run(
    _ command: [String], environment: [String: String]? = nil, input: [UInt8]? = nil,
    directory: String? = nil, mergingErrors: Bool = false
  ) throws -> Result {
    let environment = environment ?? ProcessInfo.processInfo.environment
    let path =
      command[0].hasPrefix("/")
      ? command[0] : find(command[0], path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") ?? "/usr/bin/env"
    let arguments = path == "/usr/bin/env" && !command[0].hasPrefix("/") ? ["/usr/bin/env"] + command : command
    let streams = try Streams()
    defer { streams.closeAll() }
    let pid = try spawn(
      path, arguments: arguments, environment: environment, directory: directory, streams: streams,
      mergingErrors: mergingErrors)
    let (out, err) = streams.exchange(input: input ?? [], mergingErrors: mergingErrors)
    var status: Int32 = 0
    var waited = waitpid(pid, &status, 0)
    while waited < 0 && errno == EINTR { waited = waitpid(pid, &status, 0) }
    guard waited == pid else {
      // Its end cannot be known (SIGCHLD ignored by whoever started ilgi reaps it at once):
      // never taken for a success.
      return Result(
        status: 255, stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self) + "\(path): its exit status was lost\n")
    }
    let signalNumber = status & 0x7F
    return Result(
      status: signalNumber != 0 ? 128 + signalNumber : (status >> 8) & 0xFF,
      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
  }

  /// Why a program could not be started.
  public struct StartError: Error, CustomStringConvertible {
    /// The program and the system's reason.
    public var description: String
  }

  /// The three pipes between this process and a child: each a (read, write) pair, made
  /// close-on-exec so no other child holds them open.
  private final class Streams {
    var input: (Int32, Int32)
    var output: (Int32, Int32)
    var errors: (Int32, Int32)

    init() throws {
      func pipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard ilgi_pipe(&ends) == 0 else {
          throw StartError(description: "pipe: " + String(cString: strerror(errno)))
        }
        return (ends[0], ends[1])
      }
      input = try pipe()
      output = (-1, -1)
      errors = (-1, -1)
      do {
        output = try pipe()
        errors = try pipe()
      } catch {
        closeAll()
        throw error
      }
    }

    /// The child's ends, closed in this process once it has them.
    func closeChildEnds() {
      for fd in [input.0, output.1, errors.1] where fd >= 0 { close(fd) }
      input.0 = -1
      output.1 = -1
      errors.1 = -1
    }

    func closeAll() {
      closeChildEnds()
      for fd in [input.1, output.0, errors.0] where fd >= 0 { close(fd) }
      input.1 = -1
      output.0 = -1
      errors.0 = -1
    }

    /// Writes `input` to the child and reads both of its outputs to their ends, at once, so
    /// neither side waits on a full pipe.
    func exchange(input bytes: [UInt8], mergingErrors: Bool) -> (out: [UInt8], err: [UInt8]) {
      var out: [UInt8] = []
      var err: [UInt8] = []
      var written = 0
      if bytes.isEmpty {
        close(input.1)
        input.1 = -1
      } else {
        _ = fcntl(input.1, F_SETFL, fcntl(input.1, F_GETFL) | O_NONBLOCK)
      }
      // A child that ends before it has read all its input makes the write fail, not this
      // process end: SIGPIPE is held back on this thread meanwhile, and dropped if it came.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      var previous = sigset_t()
      if !bytes.isEmpty { pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous) }
      defer {
        if !bytes.isEmpty {
          var pending = sigset_t()
          var none = timespec()
          sigpending(&pending)
          if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
            _ = sigtimedwait(&pipeSignal, nil, &none)
          }
          pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
      }
      var buffer = [UInt8](repeating: 0, count: 65536)
      while input.1 >= 0 || output.0 >= 0 || errors.0 >= 0 {
        var watched = [
          pollfd(fd: input.1, events: Int16(POLLOUT), revents: 0),
          pollfd(fd: output.0, events: Int16(POLLIN), revents: 0),
          pollfd(fd: errors.0, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
        if input.1 >= 0, watched[0].revents != 0 {
          let count = bytes.withUnsafeBytes { all in
            all.baseAddress.map { write(input.1, $0 + written, bytes.count - written) } ?? 0
          }
          if count > 0 { written += count }
          if count < 0 && errno != EAGAIN && errno != EINTR || written == bytes.count {
            close(input.1)
            input.1 = -1
          }
        }
        for (index, isOutput) in [(1, true), (2, false)] where watched[index].revents != 0 {
          let fd = isOutput ? output.0 : errors.0
          let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
          if count > 0 {
            if isOutput { out += buffer[..<count] } else { err += buffer[..<count] }
          } else if count == 0 || errno != EINTR && errno != EAGAIN {
            close(fd)
            if isOutput { output.0 = -1 } else { errors.0 = -1 }
          }
        }
      }
      return (out, err)
    }
  }

  /// Starts `path` with its streams from `streams`, in `directory`.
  private static func spawn(
    _ path: String, arguments: [String], environment: [String: String], directory: String?, streams: Streams,
    mergingErrors: Bool
  ) throws -> pid_t {
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var cEnvironment = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { cEnvironment.forEach { free($0) } }
    var pid = pid_t()
    let started = ilgi_spawn(
      &pid, path, &cArguments, &cEnvironment, directory, streams.input.0, streams.output.1,
      mergingErrors ? streams.output.1 : streams.errors.1)
    streams.closeChildEnds()
    guard started == 0 else {
      throw StartError(description: "\(path): " + String(cString: strerror(started)))
    }
    return pid
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
