import ArgumentParser
import Foundation
import IlgiCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry point `main.swift` hands over to: parses, runs, and turns every error into one
/// line on stderr and an exit code (see `ExitStatus`).
public enum IlgiCommandLine {
  /// Runs `ilgi` with the process's arguments and exits.
  public static func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
    // A write past `ulimit -f` must fail with EFBIG (and leave the old file), not kill ilgi.
    signal(SIGXFSZ, SIG_IGN)
    Localization.catalog = Catalog(
      Context.startupLanguage(arguments: arguments, variables: ProcessInfo.processInfo.environment))
    do {
      var command = try Ilgi.parseAsRoot(arguments)
      try command.run()
      exit(ExitStatus.success)
    } catch let failure as Failure {
      Terminal.standardError.write("ilgi: \(failure.message)\n")
      exit(failure.status)
    } catch {
      Ilgi.exit(withError: error)
    }
  }
}
