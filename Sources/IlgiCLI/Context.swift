import Foundation
import IlgiAge
import IlgiFormat
import IlgiIndex
import IlgiMarkdown
import IlgiStore
import IlgiStrings
import IlgiSystem

/// What one command knows of the world: its invocation (environment, working folder,
/// streams), its settings, clock, locale and journal.
///
/// Built once per command from its parsed global options and the invocation it runs under;
/// commands take their values from here and hand them to the layers below.
struct Context {
  let invocation: Invocation
  let environment: IlgiEnvironment
  let options: GlobalOptions
  /// Every setting in effect: flags, `ILGI_*`, the journal's config, the global config.
  let settings: Settings
  /// The journal path and whether it is the default one (which may be made on first use).
  let journalPath: (path: String, isDefault: Bool)
  /// The language messages and dates are in.
  let language: Language
  /// This person's keys, unlocked at most once in the command (one passphrase question).
  let cipher: JournalCipher

  /// The context of a command given `options`. Settings are read again only when `options`
  /// name another journal or locale than the raw arguments seemed to; problems with them are
  /// reported unless `reportsSettings` is off (`config` reports them its own way).
  init(_ options: GlobalOptions, reportsSettings: Bool = true, invocation: Invocation = .current) {
    self.invocation = invocation
    self.options = options
    let flags = LoadedSettings.Flags(journal: options.journal, locale: options.locale)
    let loaded = invocation.settings(flags)
    settings = loaded.settings
    journalPath = loaded.journal
    language = loaded.language
    let keyring = Keyring(invocation)
    cipher = JournalCipher(
      unlock: { asking throws(JournalCipher.KeyError) in try keyring.identities(asking: asking) },
      source: { keyring.signature })
    let now = Date()
    environment = IlgiEnvironment(
      now: { now }, locale: loaded.locale, timeZone: invocation.timeZone,
      variables: invocation.variables.filter { $0.key.hasPrefix("ILGI_") || $0.key.hasPrefix("XDG_") })
    if reportsSettings {
      if let inside = loaded.inside {
        Terminal.note(tr(.noteInsideJournal, display(inside), display(loaded.journal.path)))
      }
      for problem in loaded.unreadable { Terminal.warn(problem) }
      for warning in settings.warnings {
        Terminal.warn(Diagnostics.describe(warning))
      }
    }
  }

  /// The environment variables.
  var variables: [String: String] { invocation.variables }

  /// `path` made absolute (`~`, and relative to the working folder).
  func expand(_ path: String) -> String { invocation.expand(path) }

  var dates: DateStyle { DateStyle(locale: environment.locale) }
  var now: Date { environment.now() }
  var paint: Paint { Paint(enabled: Terminal.usesColor(variables)) }

  func renderer(allowRawHTML: Bool = false) -> MarkdownRenderer {
    MarkdownRenderer(allowsRawHTML: allowRawHTML || settings.flag(.rawHTML))
  }

  /// The editor: the `editor` setting, `VISUAL`, `EDITOR`, then a system default.
  var editor: Editor { Editor.fromEnvironment(variables, configured: settings.string(.editor)) }

  var reader: EntryReader { EntryReader(timeZone: environment.timeZone) }

  /// Opens the journal; the default folder is made (and announced) on first use, any other must
  /// exist already.
  ///
  /// The default journal (`~/ilgi`) is made here by a command that writes (`making`); any other
  /// finds nothing to read, says where the journal will be, and ends with success.
  func openJournal(making: Bool = false) throws -> JournalStore {
    let (path, isDefault) = journalPath
    let opened = Result { () throws(JournalError) in
      try JournalStore(root: path, reader: reader, environment: environment)
    }
    switch opened {
    case .success(let store):
      return try keyed(store)
    case .failure(let error):
      guard error.reason == .journalMissing, isDefault else { throw Diagnostics.describe(error) }
      guard making else { throw Failure(tr(.noJournalYet, display(path)), status: ExitStatus.success) }
      let (store, _) = try JournalStore.initialize(root: path, reader: reader, environment: environment)
      Terminal.standardError.write(
        "ilgi: " + tr(.madeNewJournal, display(path)) + "\n")
      return try keyed(store)
    }
  }

  var keyring: Keyring { Keyring(self) }

  /// The journal with this person's keys: encrypted entries open with their identity. Whether
  /// the journal is sealed is its own fact (`JournalSealing`): an encrypted journal whose
  /// identity cannot be had stops here with one line; one that cannot tell is opened (to mend
  /// it, `ilgi config`) and every write and the index stop on it. Recipients set anywhere but
  /// the journal's own config are refused rather than ignored. The drafts folder is the one of
  /// the journal as it is now, for the whole command: an editor open while another terminal
  /// encrypts the journal saves to the draft it opened.
  func keyed(_ store: JournalStore) throws -> JournalStore {
    switch store.sealing.state {
    case .plain:
      if let elsewhere = settings.string(.encryptionRecipients), !elsewhere.isEmpty {
        throw Failure(tr(.errRecipientsElsewhere, display(store.root)))
      }
    case .unknown:
      break
    case .sealed:
      do {
        _ = try cipher.identities()
      } catch {
        throw Failure(error.message, status: ExitStatus.noSuchEntry)
      }
    }
    return store.with(cipher: cipher).pinningDrafts()
  }

  /// `~/ilgi` rather than `/home/someone/ilgi`.
  func display(_ path: String) -> String { Self.display(path, variables: variables) }

  /// `path` with the home folder written `~`.
  static func display(_ path: String, variables: [String: String]) -> String {
    if let home = variables["HOME"], !home.isEmpty, path.hasPrefix(home + "/") {
      return "~" + path.dropFirst(home.count)
    }
    return path
  }

  /// The journal's index, brought up to date; prints its notices and one warning line per file
  /// that could not be read (except `quiet` ones, which the caller reports itself).
  func index(
    _ store: JournalStore, rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil,
    quiet: Set<JournalPath> = [], warnings: Bool = true, attachments: Bool = false
  ) throws -> (EntryIndex, IndexReport) {
    let (index, report): (EntryIndex, IndexReport)
    if case .unknown(let why) = store.sealing.state {
      // A plain index of a journal that may be encrypted would be its text in the clear.
      throw Diagnostics.describe(JournalError(path: display(store.root), reason: .sealingUnknown(why)))
    }
    do {
      (index, report) = try EntryIndex.load(store, rebuild: rebuild, progress: progress, attachments: attachments)
    } catch {
      throw Failure(tr(.errIndexFailedDelete, error.path, error.message), status: ExitStatus.ioError)
    }
    for notice in index.notices { Terminal.standardError.write("ilgi: \(Diagnostics.describe(notice))\n") }
    if warnings {
      // A file's problem is told in full once, when it appears or the file changes; after
      // that one line says how many there are and where to see them.
      let shown = report.skipped.filter { !quiet.contains($0.path) }
      let new = shown.filter { !report.knownBefore.contains($0.path) }
      // Entries sealed to keys this device does not hold (a second device before its key was
      // added) are told as one line saying what to do, not one line each.
      let forOtherKeys = new.filter(\.isForAnotherKey)
      warn(forOtherKeys.count > 1 ? new.filter { !$0.isForAnotherKey } : new)
      if forOtherKeys.count > 1 {
        let recipient = (try? Ilgi.Key.recipient(self))?.encoded ?? "<the key ilgi key show prints>"
        Terminal.warn(tr(.warningOtherKeys, forOtherKeys.count, recipient))
      }
      for (path, note) in report.notes where !quiet.contains(path) {
        Terminal.warn("\(path.rawValue): " + Diagnostics.describe(note: note))
      }
      if shown.contains(where: { report.knownBefore.contains($0.path) }) {
        Terminal.warn(tr(.problemsKnown, shown.count))
      }
    }
    return (index, report)
  }

  func warn(_ skipped: [EntryReadError]) {
    for problem in skipped {
      Terminal.warn(Diagnostics.describe(problem))
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
    let selector = try EntrySelector(parsing: text, today: today)
    var quiet: Set<JournalPath> = []
    if case .path(let path) = selector { quiet.insert(path) }
    let (index, report) = try self.index(store, quiet: quiet)
    if case .path(let path) = selector, let named = report.skipped.first(where: { $0.path == path }) {
      throw Diagnostics.describe(JournalError(path: named.path.rawValue, reason: .unreadable(named)))
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
      throw Diagnostics.describe(JournalError(path: text, reason: .noSuchEntry(selector: text)))
    }
    do {
      return try store.read(only.path)
    } catch {
      throw Diagnostics.describe(JournalError(path: only.path.rawValue, reason: .unreadable(error)))
    }
  }

  /// `0f8b6c0e  2026-11-21 09:30  Title  (path)` for lists of candidates.
  func summaryLine(_ entry: IndexedEntry) -> String {
    "\(entry.id.rawValue.prefix(8).lowercased())  \(dates.withTime(entry.date.day, entry.date))  \(Sanitize.line(Self.title(entry.title)))  (\(entry.path))"
  }

  static func title(_ title: String) -> String {
    title.isEmpty ? tr(.untitled) : title
  }

  static func title(_ entry: Entry) -> String { title(entry.title) }

  /// Today in the journal's zone, `YYYY-MM-DD`.
  var today: String { EntryDate(instant: now, in: environment.timeZone).day }
}
