import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi index [--rebuild]`.
  struct Index: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "index",
          abstract: tr(.indexAbstract),
          discussion: helpText(.indexDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Flag(help: ArgumentHelp(tr(.indexRebuildHelp)))
    var rebuild = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let started = Date()
      // The bar is drawn from the threads that read the files: it is handed its stream and words.
      let errors = Terminal.standardError
      let reading = tr(.indexReading)
      let progress: (@Sendable (Int, Int) -> Void)? =
        errors.isTerminal
        ? { @Sendable done, total in Self.drawProgress(done: done, total: total, on: errors, label: reading) } : nil
      let (_, report) = try context.index(store, rebuild: rebuild, progress: progress)
      let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
      Terminal.standardOutput.write(
        tr(
          .indexSummary, report.total, report.added, report.updated, report.removed, report.moved,
          report.skipped.count, seconds) + "\n")
    }

    /// A bar on stderr for runs of a thousand files or more, cleared when done.
    static func drawProgress(done: Int, total: Int, on errors: TextOutput, label: String) {
      guard total >= 1000 else { return }
      let width = 30
      let filled = done * width / max(total, 1)
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
      errors.write("\r\(label) \(bar) \(done)/\(total)")
      if done == total { errors.write("\r\u{1B}[K") }
    }
  }
}
