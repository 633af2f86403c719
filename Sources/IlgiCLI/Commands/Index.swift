import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi index [--rebuild]`.
  struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Bring the index up to date, or rebuild it from the files.",
      discussion: """
        Every command does this by itself, reading only new and changed files; run it after a
        large change to see the progress, or with --rebuild to start over. The index is a cache
        in .ilgi/index.sqlite: deleting it loses nothing.

        Examples:
          ilgi index
          ilgi index --rebuild
        """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Forget the index and read every file again.")
    var rebuild = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let started = Date()
      let progress: (@Sendable (Int, Int) -> Void)? = isatty(STDERR_FILENO) == 1 ? Self.drawProgress : nil
      let (_, report) = try context.index(store, rebuild: rebuild, progress: progress)
      let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
      Terminal.standardOutput.write(
        "\(report.total) entries indexed: \(report.added) added, \(report.updated) updated, \(report.removed) removed, \(report.moved) moved, \(report.skipped.count) unreadable (\(seconds) s).\n")
    }

    /// A bar on stderr for runs of a thousand files or more, cleared when done.
    @Sendable static func drawProgress(done: Int, total: Int) {
      guard total >= 1000 else { return }
      let width = 30
      let filled = done * width / max(total, 1)
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      Terminal.standardError.write("\rReading \(bar) \(done)/\(total)")
      if done == total { Terminal.standardError.write("\r\u{1B}[K") }
    }
  }
}
