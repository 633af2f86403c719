import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of ilgi as the world starts it: the arguments, the environment, the working folder
/// and the three standard streams.
///
/// `main.swift` makes one from the process; tests make their own and run the command line in
/// their own process (`IlgiCommandLine.main(_:)`). Everything in the CLI that would otherwise
/// reach for `ProcessInfo`, the working folder or a file descriptor asks the invocation it
/// runs under (`Invocation.current`), so runs side by side do not see each other.
public struct Invocation: Sendable {
  /// The arguments after the program's name.
  public var arguments: [String]
  /// The environment variables.
  public var variables: [String: String]
  /// The folder relative paths start from.
  public var directory: String
  /// Standard input.
  public var input: TextInput
  /// Standard output.
  public var output: TextOutput
  /// Standard error.
  public var errors: TextOutput
  /// The ilgi program, as git is told to run it (its diff and merge drivers): this process's
  /// own unless the invocation names another (a test running the CLI in its own process).
  public var executable: String {
    namedExecutable ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "ilgi"
  }
  private let namedExecutable: String?

  /// An invocation of `arguments` in `variables` and `directory`, reading `input` and writing
  /// to `output` and `errors`; `executable` is this process's program unless given.
  public init(
    arguments: [String], variables: [String: String], directory: String, input: TextInput = .text(""),
    output: TextOutput = TextOutput(), errors: TextOutput = TextOutput(), executable: String? = nil
  ) {
    namedExecutable = executable
    self.arguments = arguments
    self.variables = variables
    self.directory = directory
    self.input = input
    self.output = output
    self.errors = errors
  }

  /// This process's own: its arguments, environment, working folder and standard streams.
  public static let process = Invocation(
    arguments: Array(CommandLine.arguments.dropFirst()), variables: ProcessInfo.processInfo.environment,
    directory: FileManager.default.currentDirectoryPath, input: .standardInput,
    output: TextOutput(descriptor: STDOUT_FILENO), errors: TextOutput(descriptor: STDERR_FILENO))

  /// The invocation the current command runs under.
  @TaskLocal static var current = Invocation.process

  /// The settings read before the command line was parsed, kept so that the command does not
  /// read the same files again (see `LoadedSettings`).
  var loaded: LoadedSettings?
}

/// Where a run's output goes: a file descriptor (the process's own streams), or memory (a run
/// inside a test, which reads `text` afterwards).
public final class TextOutput: @unchecked Sendable {
  private let descriptor: Int32?
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  /// Whether a person sees this stream on a terminal (colour, paging, progress).
  public let isTerminal: Bool

  /// Output to a file descriptor.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    isTerminal = isatty(descriptor) == 1
  }

  /// Output kept in memory, never a terminal.
  public init() {
    descriptor = nil
    isTerminal = false
  }

  /// Writes `text` at once (no buffering: messages and output interleave as they are made).
  func write(_ text: String) {
    if let descriptor {
      FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(Data(text.utf8))
    } else {
      lock.withLock { bytes += text.utf8 }
    }
  }

  /// Writes bytes as they are (a file's contents, which may not be text).
  func write(_ data: [UInt8]) {
    data.withUnsafeBytes { write($0) }
  }

  /// Writes bytes as they are, straight from memory: a large text is not copied once more on
  /// its way out.
  func write(_ raw: UnsafeRawBufferPointer) {
    guard let descriptor else {
      lock.withLock { bytes += raw }
      return
    }
    var offset = 0
    while offset < raw.count {
      let written = Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  /// What was written to a stream kept in memory, as UTF-8.
  public var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// The terminal's width in columns, when this stream is one.
  var terminalColumns: Int? {
    guard isTerminal, let descriptor else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// Where a run's input comes from: the process's standard input, or given text.
public final class TextInput: @unchecked Sendable {
  /// The text still unread, or nil for the process's standard input.
  private var rest: Substring?
  private let lock = NSLock()

  private init(_ text: String?) { rest = text.map { $0[...] } }

  /// File descriptor 0.
  public static var standardInput: TextInput { TextInput(nil) }
  /// This text, as if piped in.
  public static func text(_ text: String) -> TextInput { TextInput(text) }

  /// Whether a person types the input on a terminal (questions, editors).
  var isTerminal: Bool { lock.withLock { rest == nil } && isatty(STDIN_FILENO) == 1 }

  /// Whether text was piped or redirected in (a pipe or a file, not a terminal or a device
  /// such as /dev/null): what a command given its text as arguments must not throw away.
  var isPiped: Bool {
    lock.withLock {
      if let rest { return !rest.isEmpty }
      var info = stat()
      guard fstat(STDIN_FILENO, &info) == 0 else { return false }
      let kind = info.st_mode & S_IFMT
      return kind == S_IFIFO || kind == S_IFREG
    }
  }

  /// All of the input that is left.
  func readAll() -> Data {
    lock.withLock {
      guard let text = rest else { return FileHandle.standardInput.readDataToEndOfFile() }
      rest = ""
      return Data(text.utf8)
    }
  }

  /// The next line, without its line break; nil at the end of the input.
  func readLine() -> String? {
    lock.withLock {
      guard let text = rest else { return Swift.readLine(strippingNewline: true) }
      guard !text.isEmpty else { return nil }
      let line = text.prefix { $0 != "\n" && $0 != "\r\n" }
      rest = text[line.endIndex...].dropFirst()
      return String(line)
    }
  }
}
