import Foundation
import IlgiFormat
import IlgiIndex
import IlgiMarkdown
import IlgiStore
import IlgiSystem

/// The journal as the browser app reads and writes it: the index for lists and search, and
/// every write through the core's `JournalWriter`, the CLI's own rules, lock and effects.
///
/// The index is refreshed only when a folder watcher saw a change (the app's own writes, or
/// vim, `git pull`, `ilgi new`), and then only in the folders that changed, so a page of a
/// 100,000-entry journal needs no walk of it.
public final class Diary: @unchecked Sendable {
  /// What the app asks of the command that serves it.
  public struct Hooks: Sendable {
    /// The weather now, at the journal's place or at the coordinates given; nil when unknown.
    public var weather: @Sendable (_ latitude: Double?, _ longitude: Double?) async -> String?
    /// Told about files and pages that could not be read or made.
    public var report: @Sendable (String) -> Void

    /// Makes hooks.
    public init(
      weather: @escaping @Sendable (Double?, Double?) async -> String?,
      report: @escaping @Sendable (String) -> Void
    ) {
      self.weather = weather
      self.report = report
    }
  }

  /// The journal.
  public var store: JournalStore { writer.store }
  /// Its templates (the journal's own first).
  public var templates: TemplateRenderer { writer.templates }
  /// Every change goes through it; its effects also tell the watcher.
  let writer: JournalWriter
  /// The time zone new entries are dated in.
  public let zone: TimeZone
  /// The clock.
  let now: @Sendable () -> Date
  let hooks: Hooks
  /// How files sent to attach are checked and kept.
  public let intake: AttachmentIntake
  private let watcher: FolderWatcher
  private let lock = NSLock()
  private var opened: EntryIndex?
  /// Where the entries the app has touched are, by upper-cased id: a save needs no index.
  private var known: [String: JournalPath] = [:]
  /// The entries creates with a key made, remembered across restarts.
  private let createKeys: CreateKeys
  /// Each page's last save, so two saves of one page that race land in its order.
  private let pageSaves = PageSaves()
  /// Thumbnails and display copies, made once.
  private let pictures: PictureCache

  /// The app's view of `store`; `effects` follow each write (the commit).
  public init(
    store: JournalStore, templates: TemplateRenderer, effects: WriteEffects, zone: TimeZone,
    now: @escaping @Sendable () -> Date, hooks: Hooks, intake: AttachmentIntake = AttachmentIntake()
  ) {
    self.intake = intake
    pictures = PictureCache(root: store.root)
    let watcher = FolderWatcher(root: store.root)
    self.watcher = watcher
    writer = JournalWriter(
      store: store, templates: templates, effects: effects.telling { paths in watcher.markChanged(paths) })
    self.zone = zone
    self.now = now
    self.hooks = hooks
    createKeys = CreateKeys(file: store.root + "/" + JournalLayout.ilgiFolder + "/cache/app-creates.json")
    writer.sweepUploads(now: now())
  }

  /// Today in the journal's zone, `YYYY-MM-DD`.
  public var today: String { EntryDate(instant: now(), in: zone).day }

  /// Runs `body` with the index up to date.
  public func withIndex<T>(_ body: (EntryIndex) throws -> T) throws -> T {
    lock.lock()
    defer { lock.unlock() }
    let changes = watcher.takeChanges()
    var report: IndexReport?
    // A journal encrypted or decrypted meanwhile needs its index opened again, as the other kind.
    if let index = opened, !index.suits(store) { opened = nil }
    if let index = opened, case .folders(let folders) = changes {
      // Only the folders written in: a page of a 100,000-entry journal after an edit needs no walk.
      report = try? index.refresh(store, folders: folders)
    }
    if report == nil, changes != .nothing || opened == nil {
      do {
        let (index, whole) = try EntryIndex.load(store)
        opened = index
        report = whole
      } catch {
        // What changed is asked about again next time.
        watcher.markChanged()
        throw error
      }
    }
    if let report {
      for problem in report.skipped where !report.knownBefore.contains(problem.path) {
        hooks.report("\(problem)")
      }
    }
    guard let opened else { throw IndexError(path: store.root, message: "the index could not be opened") }
    return try body(opened)
  }

  // MARK: Reading

  /// One page of the list: the entries `filter` keeps from `offset`, and whether more follow.
  public func list(_ filter: EntryFilter, offset: Int, count: Int) throws -> (entries: [IndexedEntry], more: Bool) {
    var filter = filter
    filter.limit = offset + count + 1
    let all = try withIndex { try $0.entries(filter) }
    let page = Array(all.dropFirst(offset).prefix(count))
    return (page, all.count > offset + count)
  }

  /// Entries matching `text`, best first, with snippets.
  public func search(_ text: String, filter: EntryFilter, limit: Int) throws -> [SearchHit] {
    let query = try SearchQuery(text)
    var filter = filter
    filter.limit = limit
    return try withIndex { try $0.search(query, filter: filter, store: store) }
  }

  /// Entries of this month and day in earlier years.
  public func onThisDay(_ day: String? = nil) throws -> [IndexedEntry] {
    let day = day ?? today
    return try withIndex { try $0.entries(onThisDay: day) }
  }

  /// Every tag, most used first.
  public func tags() throws -> [(tag: String, count: Int)] {
    try withIndex { try $0.tagCounts() }
  }

  /// An entry the app shows or edits: the entry, its file's bytes' version.
  public struct Loaded: Sendable {
    /// The entry as read now.
    public var entry: Entry
    /// Its file's version, for the next save.
    public var version: EntryVersion
  }

  /// The entry with id `id` (whole, any case), read from its file now; nil when there is none.
  public func entry(id: String) throws -> Loaded? {
    guard let found = try path(of: id) else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try store.versioned(found).bytes
    } catch {
      // Moved or removed since: ask the index again.
      forget(id)
      guard let again = try path(of: id), again != found else { return nil }
      return try entry(at: again)
    }
    return try entry(bytes, at: found)
  }

  private func entry(at path: JournalPath) throws -> Loaded? {
    try entry(try store.versioned(path).bytes, at: path)
  }

  private func entry(_ bytes: [UInt8], at path: JournalPath) throws -> Loaded {
    let entry = try store.reader.read(bytes, path: path, modified: now())
    remember(entry.id, at: path)
    return Loaded(entry: entry, version: EntryVersion(of: bytes))
  }

  /// Checks the file `bytes` sent as `fileName` and keeps it until an entry links it.
  public func stage(_ bytes: [UInt8], fileName: String) throws -> Attachment {
    let attachment: Attachment
    do throws(AttachmentProblem) {
      attachment = try intake.prepare(bytes, fileName: fileName)
    } catch {
      throw ServerProblem.badFile(error, name: fileName)
    }
    try writer.stage(attachment)
    return attachment
  }

  /// The file `name` that the entry `id` links beside it; nil when it links none so or the file
  /// is not there.
  public func attachmentFile(id: String, name: String) throws -> StoredAttachment? {
    guard let loaded = try entry(id: id) else { return nil }
    return store.attachments(of: loaded.entry).first { $0.path.fileName == name }
  }

  /// A JPEG of the picture `file` fitting `side` pixels, upright: kept from the last time it
  /// was asked for (`PictureCache`), else made from the file.
  public func pictureCopy(_ file: StoredAttachment, side: Int) throws -> [UInt8] {
    try pictures.copy(of: file.file, side: side, sealed: file.file != file.path) {
      try PictureDecoder.displayCopy(try store.bytes(of: file), maxSide: side)
    }
  }

  /// Where the entry `id` is: remembered, else from the index.
  func path(of id: String) throws -> JournalPath? {
    let key = id.uppercased()
    lock.lock()
    let remembered = known[key]
    lock.unlock()
    if let remembered, store.fileSystem.exists(atPath: store.absolute(remembered)) { return remembered }
    guard EntryID.looksWhole(id) else { return nil }
    let found = try withIndex { try $0.entries(matching: .id(id)) }.filter { $0.id.rawValue.uppercased() == key }
    guard let first = found.first else { return nil }
    remember(first.id, at: first.path)
    return first.path
  }

  private func remember(_ id: EntryID, at path: JournalPath) {
    lock.lock()
    known[id.rawValue.uppercased()] = path
    lock.unlock()
  }

  private func forget(_ id: String) {
    lock.lock()
    known[id.uppercased()] = nil
    lock.unlock()
  }

  // MARK: Writing

  /// What a write gave back: the entry's id, path and version now.
  public typealias Written = JournalWriter.Written

  /// Files a new entry with `changes`, dated `date` (when its text was begun) or now in the
  /// journal's zone (`JournalWriter.create`). A blank text is refused (`.blankText`).
  public func create(_ changes: EntryChanges, date: EntryDate? = nil) throws -> Written {
    let written = try writer.create(changes, date: date ?? EntryDate(instant: now(), in: zone))
    remember(written.id, at: written.path)
    return written
  }

  /// The moment a page says its text was begun, with the writer's offset: taken when it is a
  /// date and time with an offset, and not later than now (a page's clock a few minutes fast
  /// is taken as now); nil otherwise, and the entry is dated when it arrives.
  public func writtenDate(_ text: String) -> EntryDate? {
    guard let date = DateParser(timeZone: zone).parse(text), date.hasTime, text.count >= 19 else { return nil }
    let late = date.instant.timeIntervalSince(now())
    guard late <= 300 else { return nil }
    return late > 0 ? EntryDate(instant: now(), offset: date.offset) : date
  }

  /// How a create that named a key ended.
  public enum Created: Sendable, Equatable {
    /// A new entry.
    case made(Written)
    /// The key's entry made before, now holding `changes`.
    case again(Written)
    /// The key's entry `id` was changed since its create (elsewhere): nothing written.
    case conflict(id: EntryID, content: String, tags: [String], version: EntryVersion)
  }

  /// `create`, once for each `key`: sent again with the same key (a retry), the text is saved
  /// onto the entry the key's first create made, never filed as another entry.
  /// `sequence` orders a key's creates: an older one arriving after a newer writes nothing.
  public func create(
    _ changes: EntryChanges, key: String, sequence: Int64? = nil, date: EntryDate? = nil
  ) throws -> Created {
    var outcome: Created?
    let (kept, stale) = try createKeys.once(key, sequence: sequence) { before in
      guard let before else {
        let written = try create(changes, date: date)
        outcome = .made(written)
        return written
      }
      switch try write(id: before.id.rawValue, changes, basedOn: before.version, settled: false) {
      case .saved(let written):
        outcome = .again(written)
        return written
      case .conflict(let content, let tags, let version):
        if content == changes.content, tags == (changes.tags ?? tags) {
          // The very text sent before: nothing to save.
          let written = Written(id: before.id, path: before.path, version: version)
          outcome = .again(written)
          return written
        }
        outcome = .conflict(id: before.id, content: content, tags: tags, version: version)
        return before
      case .missing:
        // Deleted since: this text is a new entry.
        let written = try create(changes, date: date)
        outcome = .made(written)
        return written
      }
    }
    if stale { return .again(kept) }
    guard let outcome else { throw IndexError(path: store.root, message: "a create gave no outcome") }
    return outcome
  }

  /// The entry a create with `key` made, read now: a page that kept the text it sent asks
  /// whether the server has it. Nil when no create of the key reached this server, or its
  /// entry is gone.
  public func created(key: String) throws -> Loaded? {
    guard let written = createKeys.made(by: key) else { return nil }
    return try entry(id: written.id.rawValue)
  }

  /// Whether `trash` (as a delete named it) is still in the trash, for Undo to take back.
  public func isInTrash(_ trash: JournalPath) -> Bool {
    store.fileSystem.exists(atPath: store.root + "/" + JournalLayout.trashFolder + "/" + trash.rawValue)
  }

  /// How a save ended.
  public enum Saved: Sendable, Equatable {
    /// Written; the entry now.
    case saved(Written)
    /// The file changed since `base`: nothing written; its text and version now.
    case conflict(content: String, tags: [String], version: EntryVersion)
    /// No entry has that id any more.
    case missing
  }

  /// Saves `changes` to entry `id` if its file is still at `base`. A settled save (the person
  /// left the page or the field) is also committed when the journal autocommits; the saves
  /// made while typing are not, so the history has one commit per sitting, not per pause.
  ///
  /// A save numbered `sequence` by `page` (the page's name and its count) whose base was
  /// overtaken only by that page's own earlier save is written on top of it, and one older than
  /// the page's last is written nowhere (`PageSaves`): the saves a page sends as it closes.
  public func save(
    id: String, _ changes: EntryChanges, basedOn base: EntryVersion, settled: Bool, page: String? = nil,
    sequence: Int64? = nil
  ) throws -> Saved {
    guard let page, let sequence else { return try saveOnce(id: id, changes, basedOn: base, settled: settled) }
    return try pageSaves.one(page: page) {
      try saveOnce(id: id, changes, basedOn: base, settled: settled, page: page, sequence: sequence)
    }
  }

  /// `save`, in its page's turn when it has one.
  private func saveOnce(
    id: String, _ changes: EntryChanges, basedOn base: EntryVersion, settled: Bool, page: String? = nil,
    sequence: Int64? = nil
  ) throws -> Saved {
    var saved = try write(id: id, changes, basedOn: base, settled: settled)
    if let page, let sequence, case .conflict(_, _, let current) = saved {
      switch pageSaves.verdict(page: page, id: id, sequence: sequence, base: base, current: current) {
      case .rebase(let own): saved = try write(id: id, changes, basedOn: own, settled: settled)
      case .stale:
        // A later save of this page is written already; this one's text is older.
        guard let path = try path(of: id) else { return .missing }
        return .saved(Written(id: EntryID(id), path: path, version: current))
      case nil: break
      }
    }
    if case .saved(let written) = saved {
      createKeys.saved(written)
      if let page, let sequence {
        pageSaves.saved(page: page, id: id, sequence: sequence, base: base, after: written.version)
      }
    }
    return saved
  }

  /// `save` without telling the create keys (a create of a key saves through it, holding them).
  private func write(id: String, _ changes: EntryChanges, basedOn base: EntryVersion, settled: Bool) throws -> Saved {
    guard let path = try path(of: id) else { return .missing }
    switch try writer.save(changes, to: path, basedOn: base, settled: settled) {
    case .missing:
      forget(id)
      return .missing
    case .conflict(let current):
      let entry = try store.reader.read(current, path: path, modified: now())
      return .conflict(content: entry.document.content, tags: entry.tags, version: EntryVersion(of: current))
    case .saved(let version, let newID):
      remember(newID, at: path)
      return .saved(Written(id: newID, path: path, version: version))
    }
  }

  /// Ticks task list item `index` of entry `id` (or takes the tick out), if its file is still
  /// at `base`: the item as the entry's page counts its boxes (`MarkdownRenderer.tasks` of the
  /// body), its mark the one byte changed in the text, saved as every page saves (the file's
  /// line endings kept as a save keeps them) and committed as a sitting's end. A file changed
  /// since is a conflict: a tap is not applied to a text the person did not see.
  ///
  /// When the file changed since `base`, the tap is carried onto it if exactly one task there
  /// reads `text` (the item's words as the page showed them): a box is one person's intent about
  /// one item, and the rest of the change is kept as it is. Otherwise it is a conflict.
  public func setTask(id: String, index: Int, checked: Bool, text: String? = nil, basedOn base: EntryVersion) throws
    -> (saved: Saved, carried: Bool)
  {
    guard let loaded = try entry(id: id) else { return (.missing, false) }
    let (entry, content) = (loaded.entry, loaded.entry.document.content)
    // Items read as the page shows them: a wiki link as its text.
    var renderer = MarkdownRenderer()
    renderer.wikiLinks = WikiResolver { _ in .unresolved(begin: nil) }
    var index = index
    // The page's count of boxes is trusted only with its words: a box whose item reads otherwise
    // (the page counted one the file's text does not have) is looked for by its words.
    let tasks = renderer.tasks(entry.body)
    let same =
      text.map { tasks.indices.contains(index) && tasks[index].text == MarkdownRenderer.foldingSpaces($0) } ?? true
    if loaded.version != base || !same {
      guard let text, let moved = renderer.task(saying: text, in: entry.body) else {
        return (.conflict(content: content, tags: entry.tags, version: loaded.version), false)
      }
      index = moved
    }
    guard content.hasSuffix(entry.body),
      let body = renderer.settingTask(index, checked: checked, in: entry.body)
    else { throw ServerProblem.noSuchTask(index) }
    let changes = EntryChanges(content: String(content.dropLast(entry.body.count)) + body)
    return (try saveOnce(id: id, changes, basedOn: loaded.version, settled: true), loaded.version != base)
  }

  /// Commits entry `id` as it is now (the last save of a sitting came before the person left).
  public func settle(id: String) throws {
    guard let path = try path(of: id) else { return }
    writer.settle(path)
  }

  /// Moves entry `id` to the trash as `ilgi delete` does; returns where it went inside the trash
  /// (what `restore` takes back), or nil when there is no such entry.
  public func delete(id: String) throws -> JournalPath? {
    guard let path = try path(of: id) else { return nil }
    let trashed: JournalPath
    do {
      trashed = try writer.delete(path, id: EntryID(id))
    } catch {
      // Gone meanwhile (deleted elsewhere): there is no such entry.
      if case .noSuchEntry = error.reason {
        forget(id)
        return nil
      }
      throw error
    }
    forget(id)
    return trashed
  }

  /// Puts a trashed entry back (the path `delete` gave); returns its id.
  public func restore(_ trashed: JournalPath) throws -> EntryID {
    let entry = try writer.restore(trashed)
    remember(entry.id, at: trashed)
    return entry.id
  }

  /// Both texts of an entry the browser and the file changed since `base`, joined without
  /// conflict markers (`TextMerge.combine`): each side's changes applied to the other; where
  /// both wrote at one place, the file's lines then the browser's. `overlapping` when both
  /// changed the same lines, and both versions stand one after the other for the person to
  /// settle. Without git, both whole texts, the file's first, stand one after the other.
  public func combine(base: String, mine: String, theirs: String) -> (text: String, overlapping: Bool) {
    guard let combined = store.combine(base: Array(base.utf8), first: Array(theirs.utf8), second: Array(mine.utf8))
    else { return ((theirs.hasSuffix("\n") ? theirs : theirs + "\n") + "\n" + mine, true) }
    return (String(decoding: combined.text, as: UTF8.self), combined.overlapping)
  }
}
