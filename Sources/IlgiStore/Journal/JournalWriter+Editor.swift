import Foundation
import IlgiFormat

/// The changes made in an editor: a sitting begins with a draft the person edits, and ends
/// with the draft filed (or dropped) and its effects recorded, as every other change is.
extension JournalWriter {
  /// Starts a new entry in the editor, its text `text` (none: the template's): its draft and
  /// what it began as.
  public func beginNew(_ details: NewEntryDetails, text: String = "", now: Date) throws(JournalError) -> (
    draft: JournalPath, template: [UInt8]
  ) {
    try store.beginNewEntry(details, text: text, templates: templates, now: now)
  }

  /// Files the draft of a new entry after the editor exited 0 (`JournalStore.finishNewEntry`).
  public func finishNew(draft: JournalPath, template: [UInt8]?, weather: String?) throws(JournalError)
    -> NewEntryOutcome
  {
    let outcome = try store.finishNewEntry(draft: draft, template: template, weather: weather)
    if case .saved(let path) = outcome { effects.recordEntry(store, path, action: "new") }
    return outcome
  }

  /// Starts editing the entry at `path`, or takes up its interrupted edit (`resume`).
  public func beginEdit(_ path: JournalPath, resume: Bool) throws(JournalError) -> EditSession {
    try resume ? store.resumeEdit(path) : store.beginEdit(path)
  }

  /// Brings an interrupted edit up to date with the entry as it is now
  /// (`JournalStore.mergeChanges`).
  public func mergeChanges(into session: EditSession, labels: TextMerge.Labels) throws(JournalError) -> (
    session: EditSession, clean: Bool
  )? {
    try store.mergeChanges(into: session, labels: labels)
  }

  /// Puts the edited copy back (`JournalStore.finishEdit`) and records it.
  public func finishEdit(_ session: EditSession) throws(JournalError) -> EditSession.Outcome {
    let outcome = try store.finishEdit(session)
    if outcome == .saved { effects.recordEntry(store, session.entry, action: "edit") }
    return outcome
  }

  /// Ends an edit whose editor failed (`JournalStore.abandonEdit`).
  public func abandonEdit(_ session: EditSession) throws(JournalError) -> Bool {
    try store.abandonEdit(session)
  }
}

/// The changes made to many entries at once: each lands as the core makes it, and all of
/// them are recorded as one change (one commit).
extension JournalWriter {
  /// Adds an import's entries (`JournalStore.applyImport`); the paths added.
  public func importEntries(_ plan: ImportPlan, message: String) throws(JournalError) -> [JournalPath] {
    let written = try store.applyImport(plan)
    effects.record(store, written, message)
    return written
  }

  /// Gives each entry its weather, where it has none yet; the entries changed. Those written
  /// before a failure are recorded all the same.
  public func fillWeather(_ weather: [(path: JournalPath, text: String)]) throws(JournalError) -> [JournalPath] {
    var changed: [JournalPath] = []
    defer { effects.record(store, changed, "ilgi: weather fill \(changed.count) entries") }
    for (path, text) in weather
    where try store.setFrontMatter("weather", yaml: YAMLScalar.quoted(text), of: path, onlyIfAbsent: true) {
      changed.append(path)
    }
    return changed
  }
}
