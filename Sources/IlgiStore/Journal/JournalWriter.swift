import Foundation
import IlgiFormat

/// Every change an entry goes through, for every writer (the CLI's commands, the app): create,
/// save based on a version, delete, restore, merge.
///
/// It owns the rules (a blank text is refused; tags are names; the weather is the creation's;
/// a file changed since the version a save began from is never overwritten) and the order of
/// things (each change under the journal's lock, so a save and a delete of one entry never
/// interleave), returns typed outcomes, and has each change's effects recorded: the commit, and
/// a word to whoever keeps a view of the journal (`WriteEffects`).
public struct JournalWriter: Sendable {
  /// The journal.
  public let store: JournalStore
  /// Its templates (the journal's own first): what a new entry is made from.
  public let templates: TemplateRenderer
  /// What follows each change.
  public let effects: WriteEffects

  /// A writer of `store`.
  public init(store: JournalStore, templates: TemplateRenderer, effects: WriteEffects) {
    self.store = store
    self.templates = templates
    self.effects = effects
  }

  /// What a write gave back: the entry's id, path and version now.
  public struct Written: Sendable, Equatable {
    /// The id.
    public var id: EntryID
    /// The file, relative to the journal.
    public var path: JournalPath
    /// The version to base the next save on.
    public var version: EntryVersion

    /// Makes one.
    public init(id: EntryID, path: JournalPath, version: EntryVersion) {
      self.id = id
      self.path = path
      self.version = version
    }
  }

  /// Files a new entry with `changes` as `ilgi new` does: the template, a fresh id, `date`, the
  /// slug of its title (none in an encrypted journal). A blank text is refused (`.blankText`).
  public func create(_ changes: EntryChanges, date: EntryDate, starred: Bool = false) throws(JournalError) -> Written {
    var details = NewEntryDetails(date: date, tags: changes.tags ?? [])
    details.weather = changes.weather
    details.starred = starred
    details.mood = changes.mood
    details.activities = changes.activities ?? []
    let path = try store.addEntry(text: changes.content, details: details, templates: templates)
    let (bytes, version) = try store.versioned(path)
    let entry = try? store.parse(bytes, as: path)
    let adopted = entry.map { store.adoptUploads(linkedBy: $0) } ?? []
    // Written: its effects follow even if reading it back fails.
    effects.record(store, [path] + adopted, entry.map { store.commitMessage("new", $0) } ?? "ilgi: new")
    return Written(id: try store.parse(bytes, as: path).id, path: path, version: version)
  }

  /// Saves `changes` to the entry at `path` if its file is still at `base` (`JournalStore.save`).
  /// A `settled` save (the person left the page or the field) is also committed; the saves
  /// made while typing are not, so the history has one commit per sitting, not per pause.
  public func save(_ changes: EntryChanges, to path: JournalPath, basedOn base: EntryVersion, settled: Bool)
    throws(JournalError) -> SaveOutcome
  {
    let (outcome, written) = try store.saveReading(changes, to: path, basedOn: base)
    if case .saved = outcome, let written {
      let adopted = store.adoptUploads(linkedBy: written)
      if settled { settle(path, as: written) } else { effects.changed([path] + adopted) }
    }
    return outcome
  }

  /// Keeps `attachment` with the app's uploads until an entry links it, sealed as an
  /// attachment is; the same file sent again is the same file.
  public func stage(_ attachment: Attachment) throws(JournalError) {
    try store.stage(attachment)
  }

  /// Removes the uploads that waited longer than `JournalStore.uploadsKeptFor` before `now`
  /// and that no entry linked; how many.
  @discardableResult
  public func sweepUploads(now: Date) -> Int {
    store.sweepUploads(now: now)
  }

  /// Takes the place out of the plain pictures among `paths` that say where they were taken:
  /// what a sync brought from a device that keeps places, to one that keeps none. The pictures
  /// changed, for the sync to commit with its own message.
  public func takePlacesOut(of paths: [JournalPath]) throws(JournalError) -> [JournalPath] {
    try store.takePlacesOut(of: paths)
  }

  /// Commits the entry at `path` as it is now, with the files beside it that it links (the
  /// last save of a sitting came before the person left).
  public func settle(_ path: JournalPath) {
    guard let entry = try? store.read(path) else {
      let gone = !FileManager.default.fileExists(atPath: store.absolute(path))
      return effects.record(store, [path], (gone ? "ilgi: delete " : "ilgi: edit ") + path.rawValue)
    }
    settle(path, as: entry)
  }

  /// `settle` of the entry at `path` as `entry` (just written, so not read again).
  func settle(_ path: JournalPath, as entry: Entry) {
    effects.record(store, [path] + store.attachments(of: entry).map(\.file), store.commitMessage("edit", entry))
  }

  /// Keeps `attachments` beside the entry at `path` and links each at the end of its text, on a
  /// line of its own (`label` names a file that is not a picture); the entry as written. A file
  /// linked already is not linked again. An entry changed meanwhile is read again, so the links
  /// go after what is there now. When the links cannot be saved, the files this call kept that
  /// nothing links are taken away again.
  public func attach(_ attachments: [(attachment: Attachment, label: String)], to path: JournalPath)
    throws(JournalError) -> Written
  {
    var kept: [JournalStore.Kept] = []
    do throws(JournalError) {
      for item in attachments { kept.append(try store.keep(item.attachment, beside: path)) }
      let written = try link(attachments, to: path)
      // A delete of another entry that linked the same file may have trashed it between its
      // keeping and the save; the link is saved now, so kept again it stays.
      for item in attachments { try store.keep(item.attachment, beside: path) }
      effects.record(store, [path] + kept.map(\.file), written.message)
      return written.written
    } catch {
      store.removeUnlinked(kept, beside: path)
      throw error
    }
  }

  /// Links `attachments` at the end of the entry at `path`, read again while it changes under
  /// the save; what was written and its commit message.
  private func link(_ attachments: [(attachment: Attachment, label: String)], to path: JournalPath)
    throws(JournalError) -> (written: Written, message: String)
  {
    var attempts = 0
    while true {
      attempts += 1
      let (bytes, version) = try store.versioned(path)
      let entry = try store.parse(bytes, as: path)
      var linked = Set(AttachmentLinks.names(in: entry.document.content))
      var links: [String] = []
      for item in attachments where linked.insert(item.attachment.name).inserted {
        links.append(item.attachment.link(label: item.label))
      }
      var content = entry.document.content
      while content.hasSuffix("\n") || content.hasSuffix(" ") { content.removeLast() }
      if !links.isEmpty { content += "\n\n" + links.joined(separator: "\n") }
      switch try store.save(EntryChanges(content: content), to: path, basedOn: version) {
      case .saved(let now, let id):
        let written = (try? store.read(path)) ?? entry
        return (Written(id: id, path: path, version: now), store.commitMessage("attach", written))
      case .missing:
        throw JournalError(path: path.rawValue, reason: .noSuchEntry(selector: path.rawValue))
      case .conflict where attempts < 5:
        continue
      case .conflict:
        throw JournalError(path: path.rawValue, reason: .changedOnDisk(keptAt: path))
      }
    }
  }

  /// Moves the entry at `path` to the trash, under the journal's lock, with the files beside it
  /// that it alone links; returns where it went inside the trash (what `restore` takes back).
  /// With `id`, only while the file there still holds that entry: a name another entry has
  /// taken since is `.noSuchEntry`, nothing moved.
  public func delete(_ path: JournalPath, id: EntryID? = nil) throws(JournalError) -> JournalPath {
    var entry: Entry?
    var moved: [JournalPath] = []
    let trashed = try store.whileLocked { () throws(JournalError) -> JournalPath in
      let there = store.fileSystem.exists(atPath: store.absolute(path))
      guard there, id.map({ holds(path, $0) }) ?? true else {
        throw JournalError(path: path.rawValue, reason: .noSuchEntry(selector: id?.rawValue ?? path.rawValue))
      }
      // Read under the lock: the links it has as it goes are the files that go with it.
      entry = try? store.read(path)
      let trashed = try store.trash.move(path)
      if let entry { moved = store.trash.moveAlong(store.ownAttachments(of: entry)) }
      return trashed
    }
    effects.record(store, [path] + moved, entry.map { store.commitMessage("delete", $0) } ?? "ilgi: delete")
    return trashed
  }

  /// Whether the file at `path` holds the entry `id` (any case).
  private func holds(_ path: JournalPath, _ id: EntryID) -> Bool {
    guard let bytes = try? store.bytes(of: path), let entry = try? store.parse(bytes, as: path) else { return false }
    return entry.id.rawValue.uppercased() == id.rawValue.uppercased()
  }

  /// Puts a trashed entry back where it was (`trashed`, its path inside the trash), never over
  /// a file that is there now (`.occupied`); returns the entry.
  public func restore(_ trashed: JournalPath) throws(JournalError) -> Entry {
    guard !trashed.escapesRoot, !trashed.rawValue.hasPrefix("/"), EncryptedName.isEntry(trashed.rawValue) else {
      throw JournalError(path: trashed.rawValue, reason: .invalidSelector(trashed.rawValue))
    }
    let entry = try store.whileLocked { () throws(JournalError) -> Entry in
      try store.trash.restore(trashed)
      do throws(EntryReadError) {
        return try store.read(trashed)
      } catch {
        throw JournalError(path: trashed.rawValue, reason: .unreadable(error))
      }
    }
    let back = store.trash.bringBack(linkedBy: entry)
    effects.record(store, [trashed] + back, store.commitMessage("restore", entry))
    return entry
  }

  /// The three-way merge of an entry's text (`JournalStore.merge`): nothing is written.
  public func merge(base: String, mine: String, theirs: String, labels: TextMerge.Labels) -> TextMerge.Outcome {
    store.merge(base: base, mine: mine, theirs: theirs, labels: labels)
  }
}
