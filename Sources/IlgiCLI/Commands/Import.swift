import ArgumentParser
import Foundation
import IlgiInterchange
import IlgiStore

extension Ilgi {
  /// `ilgi import PATH [--from FORMAT]`.
  struct Import: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "import",
          abstract: tr(.importAbstract),
          discussion: helpText(.importDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.importPathHelp), valueName: "path"), completion: .file())
    var path: String

    @Option(
      name: .customLong("from"), help: ArgumentHelp(tr(.importFromHelp), valueName: "format"),
      completion: .list(ImportFormat.allCases.map(\.rawValue)))
    var format: String?

    @Option(help: ArgumentHelp(tr(.importTimeFormatHelp), valueName: "strftime"))
    var timeFormat: String?

    @Flag(help: ArgumentHelp(tr(.importDryRunHelp)))
    var dryRun = false

    func validate() throws {
      if let format, ImportFormat(rawValue: format) == nil {
        throw ValidationError(tr(.errImportFormat, format))
      }
    }

    func run() throws {
      let context = Context(global)
      let source = context.expand(path)
      let shown = path
      var kind = try format.flatMap(ImportFormat.init(rawValue:)) ?? ImportFormat.guess(source, shownAs: shown)
      // --time-format is jrnl's: what the person said wins over a guess from the file's look.
      if format == nil, timeFormat != nil, kind == .json { kind = .jrnl }
      let entries = context.attachmentIntake.taking(
        try kind.entries(
          at: source, shownAs: shown, timeFormat: timeFormat ?? JrnlTimeFormat.standard,
          zone: context.environment.timeZone))

      let store = try context.openJournal(making: true)
      let (index, _) = try context.index(store)
      let existing = try index.entries()
      let plan = try store.planImport(entries, existing: existing)
      if dryRun {
        var out = ""
        for item in plan.items {
          out += tr(.importWould, item.path, item.parsed.date.iso8601, Sanitize.line(Context.title(item.parsed))) + "\n"
        }
        Terminal.standardOutput.write(out)
        report(plan, context: context, dry: true)
        return
      }
      let message =
        "ilgi: import \(plan.items.count) entries from \((shown as NSString).lastPathComponent) (\(kind.rawValue))"
      _ = try context.writer(store).importEntries(plan, message: message)
      _ = try context.index(store)
      report(plan, context: context, dry: false)
    }

    private func report(_ plan: ImportPlan, context: Context, dry: Bool) {
      var out = ""
      if let range = plan.dateRange {
        out +=
          tr(
            dry ? .importSummaryDry : .importSummary, plan.items.count, range.first.day, range.last.day, plan.tags.count
          ) + "\n"
      } else {
        out += tr(.importNothingNew) + "\n"
      }
      if !plan.duplicates.isEmpty { out += tr(.importDuplicates, plan.duplicates.count) + "\n" }
      if !plan.blank.isEmpty { out += tr(.importBlank, plan.blank.count) + "\n" }
      (dry ? Terminal.standardError : Terminal.standardOutput).write(out)
    }
  }
}
