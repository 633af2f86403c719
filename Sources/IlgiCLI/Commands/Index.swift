import ArgumentParser
import Foundation

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
      let (_, report) = try context.index(store, rebuild: rebuild, progress: Terminal.progressBar(tr(.indexReading)))
      let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
      Terminal.standardOutput.write(
        tr(
          .indexSummary, report.total, report.added, report.updated, report.removed, report.moved,
          report.skipped.count, seconds) + "\n")
    }
  }
}
