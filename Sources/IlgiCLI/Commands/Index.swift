import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi index [--rebuild]`.
  struct Index: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "index",
      abstract: tr(.indexAbstract),
      discussion: helpText(.indexDiscussion))

    @OptionGroup var global: GlobalOptions

    @Flag(help: ArgumentHelp(tr(.indexRebuildHelp)))
    var rebuild = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let started = Date()
      let progress: (@Sendable (Int, Int) -> Void)? = isatty(STDERR_FILENO) == 1 ? Self.drawProgress : nil
      let (_, report) = try context.index(store, rebuild: rebuild, progress: progress)
      let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
      Terminal.standardOutput.write(
        tr(
          .indexSummary, report.total, report.added, report.updated, report.removed, report.moved,
          report.skipped.count, seconds) + "\n")
    }

    /// A bar on stderr for runs of a thousand files or more, cleared when done.
    @Sendable static func drawProgress(done: Int, total: Int) {
      guard total >= 1000 else { return }
      let width = 30
      let filled = done * width / max(total, 1)
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      Terminal.standardError.write("\r\(tr(.indexReading)) \(bar) \(done)/\(total)")
      if done == total { Terminal.standardError.write("\r\u{1B}[K") }
    }
  }
}
