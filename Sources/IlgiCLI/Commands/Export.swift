import ArgumentParser
import Foundation
import IlgiFormat
import IlgiInterchange
import IlgiSite
import IlgiStore
import IlgiSystem

extension Ilgi {
  /// `ilgi export [FORMAT | --format FORMAT] [--out PATH] [filters]`.
  struct Export: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "export",
          abstract: tr(.exportAbstract),
          discussion: helpText(.exportDiscussion))
      }
    }

    /// What an export writes.
    enum Format: String, CaseIterable, ExpressibleByArgument {
      case json, jrnl, markdown, dayone, html
    }

    @OptionGroup var global: GlobalOptions

    @Argument(
      help: ArgumentHelp(tr(.exportFormatHelp), valueName: "format"), completion: .list(Format.allCases.map(\.rawValue))
    )
    var formatName: String?

    @Option(
      name: .customLong("format"), help: ArgumentHelp(tr(.exportFormatHelp), valueName: "format"),
      completion: .list(Format.allCases.map(\.rawValue)))
    var formatOption: String?

    @Option(help: ArgumentHelp(tr(.exportOutHelp), valueName: "path"), completion: .file())
    var out: String?

    @Option(help: ArgumentHelp(tr(.importTimeFormatHelp), valueName: "strftime"))
    var timeFormat: String = JrnlTimeFormat.standard

    @Flag(help: ArgumentHelp(tr(.exportForceHelp)))
    var force = false

    @OptionGroup var filters: FilterOptions

    /// The format named by the argument or by `--format`.
    var format: String? { formatName ?? formatOption }

    func validate() throws {
      guard let format else { throw ValidationError(tr(.errExportNoFormat)) }
      if let formatName, let formatOption, formatName != formatOption {
        throw ValidationError(tr(.errExportTwoFormats, formatName, formatOption))
      }
      if Format(rawValue: format) == nil { throw ValidationError(tr(.errExportFormat, format)) }
      if format == Format.html.rawValue && out == nil { throw ValidationError(tr(.exportHTMLNeedsOut)) }
    }

    func run() throws {
      let context = Context(global)
      guard let format = self.format.flatMap(Format.init(rawValue:)) else {
        throw ValidationError(tr(.errExportNoFormat))
      }
      if format == .html { return try site(context) }
      let jrnlFormat: JrnlTimeFormat
      do throws(ImportError) {
        jrnlFormat = try JrnlTimeFormat(timeFormat)
      } catch {
        throw Failure(tr(.impBadTimeFormat, timeFormat), status: ExitStatus.usage)
      }
      let target = out.map { context.expand($0) }
      if let out, let target, FileManager.default.fileExists(atPath: target) {
        throw Failure(tr(.errExportExists, out))
      }
      let store = try context.openJournal()
      if let target { try Self.checkPlaintext(target, of: store, context, force: force) }
      let (index, _) = try context.index(store)
      let listed = try index.entries(filters.filter(today: context.today))
      let entries = try Self.read(listed, in: store)
      let text: String
      switch format {
      case .json:
        text = try Self.json(entries, listed)
      case .jrnl:
        text = JrnlFormat.text(entries, format: jrnlFormat)
      case .markdown:
        text = Self.markdown(entries, context)
      case .dayone:
        let photos = { (entry: Entry) in
          store.attachments(of: entry).compactMap { file in
            (try? store.bytes(of: file)).flatMap { DayOneFormat.Photo(linkedAs: file.path.fileName, bytes: $0) }
          }
        }
        text = try DayOneFormat.json(entries, zone: context.environment.timeZone, photos: photos)
        let all = entries.flatMap(photos)
        if let target, target.lowercased().hasSuffix(".zip") {
          do {
            try DayOneFormat.writeZip(text, photos: all, to: target)
          } catch let error as FileSystemError where error.code == EEXIST {
            throw Failure(tr(.errExportExists, out ?? target))
          } catch {
            throw Failure(tr(.errIO, Diagnostics.operation("write"), target, "\(error)"), status: ExitStatus.ioError)
          }
          Terminal.standardOutput.write(tr(.exportWrote, entries.count, context.display(target)) + "\n")
          return
        }
        if !all.isEmpty { Terminal.note(tr(.exportDayOnePhotosNeedZip, all.count)) }
      case .html:
        preconditionFailure("a site is written by site(_:)")
      }
      guard let target else {
        Terminal.standardOutput.write(text)
        return
      }
      try Self.write(text, to: target, named: out ?? target)
      Terminal.standardOutput.write(tr(.exportWrote, entries.count, context.display(target)) + "\n")
    }

    /// `entries` as one printable Markdown file, headed by the days they span.
    static func markdown(_ entries: [Entry], _ context: Context) -> String {
      let days = entries.map(\.date).sorted()
      let heading = tr(.exportMarkdownTitle, days.first?.day ?? context.today, days.last?.day ?? context.today)
      return JournalExport.markdown(entries, heading: heading, dates: context.dates)
    }

    /// The entries `listed`, read from their files.
    static func read(_ listed: [IndexedEntry], in store: JournalStore) throws -> [Entry] {
      try listed.map { item in
        do throws(EntryReadError) {
          return try store.read(item.path)
        } catch {
          throw Diagnostics.describe(JournalError(path: item.path.rawValue, reason: .unreadable(error)))
        }
      }
    }

    /// Writes `text` as a new file at `target` (as the person `named` it), owner-only.
    static func write(_ text: String, to target: String, named: String) throws {
      do throws(FileSystemError) {
        try LocalFileSystem().createAtomically(
          Array(text.utf8), atPath: target, permissions: JournalLayout.filePermissions)
      } catch {
        if error.code == EEXIST { throw Failure(tr(.errExportExists, named)) }
        throw Failure(
          tr(.errIO, Diagnostics.operation(error.operation), error.path, error.reason.lowercased()),
          status: ExitStatus.ioError)
      }
    }

    /// `ilgi export html --out DIR`: the journal as a website, writing only what changed.
    func site(_ context: Context) throws {
      guard let out else { throw ValidationError(tr(.exportHTMLNeedsOut)) }
      let target = context.expand(out)
      do throws(SiteWriter.Refusal) {
        try SiteWriter(folder: target).check()
      } catch {
        switch error {
        case .notOurs: throw Failure(tr(.errSiteNotOurs, out))
        case .isAFile: throw Failure(tr(.errSiteIsFile, out))
        }
      }
      let store = try context.openJournal()
      try Self.checkPlaintext(target, of: store, context, force: force)
      let writer = SiteWriter(folder: target, ownerOnly: store.sealing.mustSeal)
      let (index, indexReport) = try context.index(store, attachments: true)
      var filter = filters.filter(today: context.today)
      filter.reverse = false
      var options = context.siteOptions
      options.keepsFragments = true
      let templates = context.templates(for: store)
      let report = try writer.export(
        index: index, attachments: indexReport.attachments, store: store, templates: templates, options: options,
        filter: filter)
      Terminal.standardOutput.write(
        tr(
          .siteWrote, report.written, report.total, context.display(target), report.unchanged, report.removed,
          context.display(target + "/index.html")) + "\n")
    }

    /// An encrypted journal's export is its text in the clear: it is not written inside the
    /// journal or any git work tree (where it would be committed and copied) unless `force`.
    static func checkPlaintext(_ target: String, of store: JournalStore, _ context: Context, force: Bool) throws {
      guard store.sealing.mustSeal else { return }
      var folder = URL(fileURLWithPath: target).standardizedFileURL.path
      let root = URL(fileURLWithPath: store.root).standardizedFileURL.path
      while !folder.isEmpty {
        let isJournal = folder == root
        if isJournal || LocalFileSystem().exists(atPath: folder + "/.git") {
          if !force { throw Failure(tr(.exportPlaintextRefused, context.display(target), context.display(folder))) }
          break
        }
        if folder == "/" { break }
        folder = (folder as NSString).deletingLastPathComponent
      }
      Terminal.warn(tr(.exportPlaintextNote))
    }

    /// The `list --json` shape plus `body` and `frontMatter`, newest first like `list`.
    static func json(_ entries: [Entry], _ listed: [IndexedEntry]) throws -> String {
      try EntryJSON.render(
        zip(entries, listed).map { entry, indexed in
          EntryJSON(indexed, body: entry.body, frontMatter: JournalExport.frontMatterJSON(entry))
        })
    }
  }
}
