import Foundation
import IlgiSystem

/// The programs and files the tests use beyond the Swift toolchain, where `make setup` puts
/// them. A test never installs or downloads anything: a missing tool fails the test with one
/// line saying how to install it.
public enum TestTools {
  /// The repository this test build comes from.
  public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// jrnl 4.6 in the virtualenv `make setup` makes.
  public static var jrnl: String {
    get throws { try installed(repository + "/.build/test-tools/jrnl-venv/bin/jrnl", what: "jrnl") }
  }

  /// The CommonMark spec text (`ILGI_COMMONMARK_SPEC` overrides it).
  public static var commonMarkSpec: String {
    get throws {
      try installed(
        ProcessInfo.processInfo.environment["ILGI_COMMONMARK_SPEC"]
          ?? repository + "/.build/test-tools/commonmark-spec.txt", what: "the CommonMark spec")
    }
  }

  /// The Python of the virtualenv `make setup` makes with Playwright in it.
  public static var browserPython: String {
    get throws { try installed(repository + "/.build/test-tools/browser-venv/bin/python", what: "Playwright") }
  }

  /// zbar's command-line QR reader, from the system.
  public static var zbarimg: String { get throws { try system("zbarimg") } }

  /// Headless Chromium from the system.
  public static var chromium: String {
    get throws {
      for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let path = ChildProcess.find(name, path: "/usr/local/bin:/usr/bin:/bin:/snap/bin") { return path }
      }
      throw Missing(what: "chromium")
    }
  }

  /// A tool the tests need is not installed.
  public struct Missing: Error, CustomStringConvertible {
    /// The tool.
    public var what: String
    /// The line a failing test shows.
    public var description: String { "\(what) is not installed: run `make setup` in \(TestTools.repository)" }
  }

  /// A program from the system's packages.
  static func system(_ name: String) throws -> String {
    guard let path = ChildProcess.find(name, path: "/usr/local/bin:/usr/bin:/bin") else { throw Missing(what: name) }
    return path
  }

  private static func installed(_ path: String, what: String) throws -> String {
    guard FileManager.default.fileExists(atPath: path) else { throw Missing(what: what) }
    return path
  }
}

extension TestTools {
  /// The reference age implementation (Debian's `age`), from the system.
  public static var age: String { get throws { try system("age") } }

  /// age's key maker, from the same package.
  public static var ageKeygen: String { get throws { try system("age-keygen") } }

  /// Runs `command` on a pseudo-terminal (util-linux `script`) typing `keys`: how a test answers
  /// a program that reads a passphrase from /dev/tty only, as `age -p` does.
  public static func onTerminal(_ command: [String], typing keys: String) throws -> ChildProcess.Result {
    let line = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    return try ChildProcess.run(
      ["/usr/bin/script", "-qec", line, "/dev/null"], input: Array(keys.utf8), mergingErrors: true)
  }
}
