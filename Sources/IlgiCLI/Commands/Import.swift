import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi import PATH [--from FORMAT]`.
  struct Import: ParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "import",
        abstract: tr(.importAbstract),
        discussion: helpText(.importDiscussion))
    }

    /// What an import reads.
    enum Format: String, CaseIterable, ExpressibleByArgument {
      case jrnl
      case jrnlFolder = "jrnl-folder"
      case dayone
      case json
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.importPathHelp), valueName: "path"), completion: .file())
    var path: String

    @Option(
      name: .customLong("from"), help: ArgumentHelp(tr(.importFromHelp), valueName: "format"),
      completion: .list(Format.allCases.map(\.rawValue)))
    var format: String?

    @Option(help: ArgumentHelp(tr(.importTimeFormatHelp), valueName: "strftime"))
    var timeFormat: String = JrnlTimeFormat.standard

    @Flag(help: ArgumentHelp(tr(.importDryRunHelp)))
    var dryRun = false

    func validate() throws {
      if let format, Format(rawValue: format) == nil {
        throw ValidationError(tr(.errImportFormat, format))
      }
    }

    func run() throws {
      let context = Context(global)
      let source = context.expand(path)
      let shown = path
      let kind = try format.flatMap(Format.init(rawValue:)) ?? Self.guess(source, shown: shown)
      let zone = context.environment.timeZone
      let entries: [ImportedEntry]
      do throws(ImportError) {
        let timeFormat = try JrnlTimeFormat(self.timeFormat)
        switch kind {
        case .jrnl:
          let text = try Interchange.readText(source, shownAs: shown)
          if text.drop(while: \.isWhitespace).hasPrefix("{") {
            entries = try JrnlFormat.jsonEntries(Array(text.utf8), file: shown, zone: zone)
          } else {
            entries = try JrnlFormat.entries(text: text, file: shown, format: timeFormat, zone: zone)
          }
        case .jrnlFolder:
          entries = try JrnlFormat.folderEntries(root: source, format: timeFormat, zone: zone)
        case .dayone:
          entries = try DayOneFormat.entries(at: source, shownAs: shown, zone: zone)
        case .json:
          entries = try SampleJSONFormat.entries(
            Array(try Interchange.readText(source, shownAs: shown).utf8), file: shown, zone: zone)
        }
      } catch {
        throw Diagnostics.describe(error)
      }

      let store = try context.openJournal()
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
      let written = try store.applyImport(plan)
      _ = try context.index(store)
      report(plan, context: context, dry: false)
      let message =
        "ilgi: import \(plan.items.count) entries from \((shown as NSString).lastPathComponent) (\(kind.rawValue))"
      context.recordChange(store, written, message)
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

    /// The format of `path` by its look: a folder is a jrnl folder, `.zip` is Day One, JSON by
    /// its shape, other text is a jrnl journal.
    static func guess(_ path: String, shown: String) throws -> Format {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw ImportError(location: shown, problem: .missing)
      }
      if isFolder.boolValue { return .jrnlFolder }
      if path.lowercased().hasSuffix(".zip") { return .dayone }
      guard let file = FileHandle(forReadingAtPath: path), let head = try? file.read(upToCount: 4096) else {
        return .jrnl
      }
      try? file.close()
      let text = String(decoding: head, as: UTF8.self).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
      if text.hasPrefix("[") && !text.hasPrefix("[2") && !text.hasPrefix("[1") { return .json }
      if text.hasPrefix("[") { return .jrnl }
      if text.hasPrefix("{") {
        if text.contains("\"uuid\"") || text.contains("\"metadata\"") { return .dayone }
        if text.contains("\"entries\"") { return .jrnl }
        throw Failure(tr(.errImportGuess, shown), status: ExitStatus.usage)
      }
      return .jrnl
    }
  }
}
