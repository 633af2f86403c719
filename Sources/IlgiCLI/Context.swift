import Foundation
import IlgiCore

/// What one command run knows of the world: environment, clock, locale, and the journal.
///
/// The composition root: the only place that reads `ProcessInfo` and decides which journal
/// a command works on. Commands get values from here and hand them to IlgiCore.
struct Context {
  let environment: IlgiEnvironment
  let variables: [String: String]
  let options: GlobalOptions
  /// Every setting in effect: flags, `ILGI_*`, the journal's config, the global config.
  let settings: Settings
  /// The journal path and whether it is the default one (which may be made on first use).
  let journalPath: (path: String, isDefault: Bool)
  /// The language messages and dates are in.
  let language: Language

  init(
    _ options: GlobalOptions, variables: [String: String] = ProcessInfo.processInfo.environment,
    reportsSettings: Bool = true
  ) {
    self.options = options
    self.variables = variables
    let loaded = Self.loadSettings(journalFlag: options.journal, localeFlag: options.locale, variables: variables)
    settings = loaded.settings
    journalPath = loaded.journal
    let locale = Self.locale(settings.string(.locale), variables)
    language = Language(localeIdentifier: locale.identifier)
    Localization.catalog = Catalog(language)
    let now = Date()
    environment = IlgiEnvironment(
      now: { now }, locale: locale, timeZone: .current,
      variables: variables.filter { $0.key.hasPrefix("ILGI_") || $0.key.hasPrefix("XDG_") })
    if reportsSettings {
      if let inside = loaded.inside {
        Terminal.note(tr(.noteInsideJournal, display(inside), display(loaded.journal.path)))
      }
      for problem in loaded.unreadable { Terminal.warn(problem) }
      for warning in settings.warnings {
        Terminal.warn(Self.describe(warning))
      }
    }
  }

  /// Reads the global config, picks the journal (flag, `ILGI_JOURNAL`, the global `journal`
  /// key, else `~/ilgi`), then reads the journal's own config. Files that are not TOML are
  /// left out and come back as one line each in `unreadable`.
  static func loadSettings(journalFlag: String?, localeFlag: String?, variables: [String: String])
    -> (settings: Settings, journal: (path: String, isDefault: Bool), unreadable: [String], inside: String?)
  {
    var unreadable: [String] = []
    func load(_ path: String, journal: Bool) -> ConfigFile? {
      do throws(ConfigError) {
        return try ConfigFile.load(path: path, isJournalConfig: journal)
      } catch {
        unreadable.append(describe(error).message)
        return nil
      }
    }
    let global = load(Settings.globalPath(variables: variables), journal: false)
    var flags: [ConfigKey: ConfigValue] = [:]
    if let localeFlag, !localeFlag.isEmpty { flags[.locale] = .string(localeFlag) }
    var journal: (String, Bool)
    if let flag = journalFlag, !flag.isEmpty {
      journal = (expand(flag, variables), false)
    } else if let env = variables["ILGI_JOURNAL"], !env.isEmpty {
      journal = (expand(env, variables), false)
    } else if let configured = global?.values[.journal]?.string, !configured.isEmpty {
      journal = (expand(configured, variables), false)
    } else {
      journal = ((variables["HOME"] ?? NSHomeDirectory()) + "/ilgi", true)
    }
    // A folder inside a journal names that journal, as a subfolder of a git work tree does.
    var inside: String?
    if !journal.1, let enclosing = JournalLayout.enclosingJournal(of: journal.0) {
      inside = journal.0
      journal.0 = enclosing
    }
    let own = load(Settings.journalPath(root: journal.0), journal: true)
    let settings = Settings(flags: flags, variables: variables, journalFile: own, globalFile: global)
    return (settings, journal, unreadable, inside)
  }

  /// The language to speak before the command line is parsed (for `--help`): `--locale` and
  /// `--journal` are picked out of the raw arguments.
  static func startupLanguage(arguments: [String], variables: [String: String]) -> Language {
    func value(_ names: [String]) -> String? {
      var found: String?
      for (offset, argument) in arguments.enumerated() {
        if argument == "--" { break }
        for name in names {
          if argument == name, offset + 1 < arguments.count { found = arguments[offset + 1] }
          if argument.hasPrefix(name + "=") { found = String(argument.dropFirst(name.count + 1)) }
        }
      }
      return found
    }
    let loaded = loadSettings(
      journalFlag: value(["-J", "--journal"]), localeFlag: value(["--locale"]), variables: variables)
    return Language(localeIdentifier: locale(loaded.settings.string(.locale), variables).identifier)
  }

  /// The configured locale, else `LC_ALL`, `LC_MESSAGES`, `LANG`; `C`/`POSIX` and unset mean
  /// English.
  static func locale(_ configured: String?, _ variables: [String: String]) -> Locale {
    let candidates = [configured, variables["LC_ALL"], variables["LC_MESSAGES"], variables["LANG"]]
    for candidate in candidates {
      guard var value = candidate?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { continue }
      if let dot = value.firstIndex(of: ".") { value = String(value[..<dot]) }
      if let at = value.firstIndex(of: "@") { value = String(value[..<at]) }
      if value == "C" || value == "POSIX" { return Locale(identifier: "en_US") }
      if value.lowercased() == "ko" { return Locale(identifier: "ko_KR") }
      if value.lowercased() == "en" { return Locale(identifier: "en_US") }
      return Locale(identifier: value.replacingOccurrences(of: "-", with: "_"))
    }
    return Locale(identifier: "en_US")
  }

  var dates: DateStyle { DateStyle(locale: environment.locale) }
  var now: Date { environment.now() }
  var paint: Paint { Paint(enabled: Terminal.usesColor(variables)) }

  func renderer(allowRawHTML: Bool = false) -> MarkdownRenderer {
    MarkdownRenderer(allowsRawHTML: allowRawHTML || settings.flag(.rawHTML))
  }

  /// The editor: the `editor` setting, `VISUAL`, `EDITOR`, then a system default.
  var editor: Editor { Editor.fromEnvironment(variables, configured: settings.string(.editor)) }

  var reader: EntryReader { EntryReader(timeZone: environment.timeZone) }

  static func expand(_ path: String, _ variables: [String: String]) -> String {
    var result = path
    if result == "~" || result.hasPrefix("~/") {
      result = (variables["HOME"] ?? NSHomeDirectory()) + result.dropFirst()
    }
    if !result.hasPrefix("/") {
      result = FileManager.default.currentDirectoryPath + "/" + result
    }
    return (result as NSString).standardizingPath
  }

  /// Opens the journal; the default folder is made (and announced) on first use, any other must
  /// exist already.
  func openJournal() throws -> JournalStore {
    let (path, isDefault) = journalPath
    let opened = Result { () throws(JournalError) in try JournalStore(root: path, reader: reader) }
    switch opened {
    case .success(let store):
      return store
    case .failure(let error):
      guard error.reason == .journalMissing, isDefault else { throw Self.describe(error) }
      let (store, _) = try Self.map { try JournalStore.initialize(root: path, reader: reader) }
      Terminal.standardError.write(
        "ilgi: " + tr(.madeNewJournal, display(path)) + "\n")
      return store
    }
  }

  /// `~/ilgi` rather than `/home/someone/ilgi`.
  func display(_ path: String) -> String {
    if let home = variables["HOME"], !home.isEmpty, path.hasPrefix(home + "/") {
      return "~" + path.dropFirst(home.count)
    }
    return path
  }

  /// The journal's site (`export html`, `serve`): the entries `filter` keeps, newest first, the
  /// pictures beside them (from `report`, the index's, asked for with its attachments), the
  /// journal's templates, its language and title.
  func site(_ store: JournalStore, index: EntryIndex, report: IndexReport, filter: EntryFilter, keepsFragments: Bool) throws -> Site {
    var filter = filter
    filter.reverse = false
    let rows = try Self.indexed { try index.entriesWithHashes(filter) }
    var options = siteOptions
    options.keepsFragments = keepsFragments
    return try Self.map {
      try Site(
        entries: rows, attachments: report.attachments, store: store,
        templates: templates(for: store), options: options)
    }
  }

  /// The site's language, title and settings from the journal's configuration.
  var siteOptions: Site.Options {
    Site.Options(
      language: language, title: settings.string(.siteTitle).flatMap { $0.isEmpty ? nil : $0 } ?? tr(.siteTitle),
      allowsRawHTML: settings.flag(.rawHTML))
  }

  func templates(for store: JournalStore) -> TemplateRenderer {
    TemplateRenderer(overrideFolder: store.root + "/" + JournalLayout.templatesFolder)
  }

  /// Runs an index query, turning its failure into a `Failure`.
  static func indexed<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as IndexError {
      throw Failure(tr(.errIndexFailed, error.path, error.message), status: ExitStatus.ioError)
    }
  }

  /// Runs a core call and turns its `JournalError` into a `Failure` with a good message.
  static func map<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as JournalError {
      throw describe(error)
    }
  }

  /// One line naming the file or value and what to do, with the matching exit status.
  static func describe(_ error: JournalError) -> Failure {
    switch error.reason {
    case .journalMissing:
      return Failure(tr(.errJournalMissing, error.path), status: ExitStatus.noSuchEntry)
    case .journalIsAFile:
      return Failure(tr(.errJournalIsFile, error.path))
    case .noSuchEntry(let selector):
      return Failure(tr(.errNoSuchEntry, selector), status: ExitStatus.noSuchEntry)
    case .ambiguous(let selector, let candidates):
      return Failure(
        tr(.errAmbiguous, selector, candidates.count, candidates.map(\.rawValue).joined(separator: ", ")))
    case .invalidSelector(let text):
      return Failure(tr(.errInvalidSelector, text), status: ExitStatus.usage)
    case .changedOnDisk(let kept):
      return Failure(tr(.errChangedOnDisk, error.path, kept))
    case .editInProgress(let draft):
      return Failure(tr(.errEditInProgress, error.path, draft))
    case .noEditToResume:
      return Failure(tr(.errNoEditToResume, error.path), status: ExitStatus.noSuchEntry)
    case .occupied:
      return Failure(tr(.errOccupied, error.path))
    case .unreadable(let readError):
      return Failure(describe(readError), status: ExitStatus.badData)
    case .io(let io):
      return Failure(tr(.errIO, operation(io.operation), io.path, io.reason.lowercased()), status: ExitStatus.ioError)
    case .template(let problem):
      return Failure(tr(.errTemplate, error.path, problem))
    }
  }

  /// A file that could not be read as an entry: what is wrong, then what to do.
  static func describe(_ error: EntryReadError) -> String {
    let path = error.path.rawValue
    switch error.reason {
    case .binary:
      return tr(.warningLine, tr(.readBinary, path), tr(.adviceConvert))
    case .invalidUTF8(let offset):
      return tr(.warningLine, tr(.readInvalidUTF8, path, offset), tr(.adviceConvert))
    case .tooLarge(let size, let limit):
      let sizes = (EntryReadError.megabytes(size), EntryReadError.megabytes(Int64(limit)))
      return tr(.warningLine, tr(.readTooLarge, path, sizes.0, sizes.1), tr(.adviceSplit))
    case .frontMatter(let problem):
      return tr(.warningLine, tr(.readFrontMatter, path, problem.position, describe(problem)), tr(.adviceFixLine))
    case .unreadable(let io):
      return tr(.warningLine, tr(.readUnreadable, path, io.reason.lowercased()), tr(.adviceCheckPermissions))
    }
  }

  /// What is wrong with a front matter, in words.
  static func describe(_ error: FrontMatterError) -> String {
    switch error.problem {
    case .unclosed: tr(.fmUnclosed)
    case .invalidYAML(let reason): tr(.fmInvalidYAML, reason)
    case .notAMapping: tr(.fmNotAMapping)
    case .wrongType(let key, let expected): tr(.fmWrongType, key, expected)
    case .loneCarriageReturn: tr(.fmLoneCarriageReturn)
    case .notEditableInPlace(let key): tr(.fmNotEditableInPlace, key)
    }
  }

  /// What is wrong with a search, in words that say what to fix.
  static func describe(_ problem: SearchQuery.Problem) -> String {
    switch problem.kind {
    case .orNeedsWords: tr(.searchOrNeedsWords)
    case .doubleNot: tr(.searchDoubleNot)
    case .tagAfterOperator: tr(.searchTagAfterOperator)
    case .noLetters(let term): tr(.searchNoLetters, term)
    case .orAtEnd: tr(.searchOrAtEnd)
    case .notAtEnd: tr(.searchNotAtEnd)
    case .empty: tr(.searchEmpty)
    case .unclosedQuote: tr(.searchUnclosedQuote)
    case .tagNeedsName: tr(.searchTagNeedsName)
    case .excludedTag: tr(.searchExcludedTag)
    }
  }

  /// A note the index stored about an entry (`ilgi doctor`).
  static func describe(note: String) -> String {
    switch EntryNote(encoded: note) {
    case .dateNotADate(let text): tr(.noteDateNotADate, text)
    case .dateNotSingle: tr(.noteDateNotSingle)
    case .conflictMarkers: tr(.noteConflictMarkers)
    case .none: note
    }
  }

  /// Why the index was made anew.
  static func describe(_ notice: IndexNotice) -> String {
    switch notice {
    case .replacedUnopenable(let path): tr(.noticeIndexReplaced, path)
    case .rebuiltOtherVersion: tr(.noticeIndexOtherVersion)
    case .rebuiltDamaged(let path): tr(.noticeIndexDamaged, path)
    }
  }

  /// An operating-system action named in an I/O error.
  static func operation(_ name: String) -> String {
    switch name {
    case "read": tr(.ioRead)
    case "write": tr(.ioWrite)
    case "list": tr(.ioList)
    case "move": tr(.ioMove)
    case "remove": tr(.ioRemove)
    case "create": tr(.ioCreate)
    case "create folder": tr(.ioCreateFolder)
    case "inspect": tr(.ioInspect)
    case "change": tr(.ioChange)
    default: name
    }
  }

  /// The journal's index, brought up to date; prints its notices and one warning line per file
  /// that could not be read (except `quiet` ones, which the caller reports itself).
  func index(_ store: JournalStore, rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil,
             quiet: Set<JournalPath> = [], warnings: Bool = true, attachments: Bool = false) throws -> (EntryIndex, IndexReport) {
    let (index, report): (EntryIndex, IndexReport)
    do {
      (index, report) = try EntryIndex.load(store, rebuild: rebuild, progress: progress, attachments: attachments)
    } catch {
      throw Failure(tr(.errIndexFailedDelete, error.path, error.message), status: ExitStatus.ioError)
    }
    for notice in index.notices { Terminal.standardError.write("ilgi: \(Self.describe(notice))\n") }
    if warnings {
      // A file's problem is told in full once, when it appears or the file changes; after
      // that one line says how many there are and where to see them.
      let shown = report.skipped.filter { !quiet.contains($0.path) }
      warn(shown.filter { !report.knownBefore.contains($0.path) })
      for (path, note) in report.notes where !quiet.contains(path) {
        Terminal.warn("\(path.rawValue): " + Self.describe(note: note))
      }
      if shown.contains(where: { report.knownBefore.contains($0.path) }) {
        Terminal.warn(tr(.problemsKnown, shown.count))
      }
    }
    return (index, report)
  }

  func warn(_ skipped: [EntryReadError]) {
    for problem in skipped {
      Terminal.warn(Self.describe(problem))
    }
  }

  /// The shortest name that picks `entry` alone out of `entries`: an id prefix of 8 or more
  /// characters, else (two files with one id) its path.
  static func distinctName(of entry: IndexedEntry, among entries: [IndexedEntry]) -> String {
    let id = entry.id.rawValue.lowercased()
    let others = entries.filter { $0.path != entry.path }.map { $0.id.rawValue.lowercased() }
    for length in stride(from: 8, through: id.count, by: 1) {
      let prefix = String(id.prefix(length))
      if !others.contains(where: { $0.hasPrefix(prefix) }) { return prefix }
    }
    return entry.path.rawValue
  }

  /// The entry a selector names, read from its file.
  /// A path that names a file ilgi cannot read fails with that file's own problem (exit 65).
  func resolve(_ text: String, in store: JournalStore) throws -> Entry {
    let selector = try Self.map { try EntrySelector(parsing: text, today: today) }
    var quiet: Set<JournalPath> = []
    if case .path(let path) = selector { quiet.insert(path) }
    let (index, report) = try self.index(store, quiet: quiet)
    if case .path(let path) = selector, let named = report.skipped.first(where: { $0.path == path }) {
      throw Self.describe(JournalError(path: named.path.rawValue, reason: .unreadable(named)))
    }
    let found: [IndexedEntry]
    do {
      found = try index.entries(matching: selector)
    } catch {
      throw Failure(tr(.errIndexFailed, error.path, error.message), status: ExitStatus.ioError)
    }
    if found.count > 1 {
      Terminal.standardError.write("ilgi: " + tr(.selectorMatchesMany, text, found.count) + "\n")
      for entry in found { Terminal.standardError.write("  " + summaryLine(entry) + "\n") }
      throw Failure(tr(.errNameOne, Self.distinctName(of: found[0], among: found)))
    }
    guard let only = found.first else {
      throw Self.describe(JournalError(path: text, reason: .noSuchEntry(selector: text)))
    }
    do {
      return try store.read(only.path)
    } catch {
      throw Self.describe(JournalError(path: only.path.rawValue, reason: .unreadable(error)))
    }
  }

  /// `0f8b6c0e  2026-11-21 09:30  Title  (path)` for lists of candidates.
  func summaryLine(_ entry: IndexedEntry) -> String {
    "\(entry.id.rawValue.prefix(8).lowercased())  \(entry.date.day) \(dates.time(entry.date))  \(Sanitize.line(Self.title(entry.title)))  (\(entry.path))"
  }

  static func title(_ title: String) -> String {
    title.isEmpty ? tr(.untitled) : title
  }

  static func title(_ entry: Entry) -> String { title(entry.title) }

  /// Today in the journal's zone, `YYYY-MM-DD`.
  var today: String { EntryDate(instant: now, in: environment.timeZone).day }
}
