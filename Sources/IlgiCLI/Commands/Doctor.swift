import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi doctor`.
  struct Doctor: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "doctor",
          abstract: tr(.doctorAbstract),
          discussion: helpText(.doctorDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let (index, report) = try context.index(store, warnings: false)
      var problems: [String] = []
      for error in report.skipped { problems.append(Diagnostics.describe(error)) }
      for duplicate in try index.duplicateIDs() {
        problems.append(
          tr(.doctorDuplicateID, duplicate.id, duplicate.paths.count, duplicate.paths.joined(separator: ", ")))
      }
      // An interrupted `key remove`: files that still open with the removed key.
      if let change = KeyChange.pending(in: store) {
        let removed = change.removed.map(\.encoded).joined(separator: " ")
        for path in KeyChange.unfinishedFiles(in: store) {
          problems.append(tr(.doctorSealedToRemovedKey, path.rawValue, removed))
        }
      }
      let check = AttachmentCheck(try index.entries(), in: store)
      for (entry, name) in check.missing { problems.append(tr(.doctorMissingAttachment, entry.rawValue, name)) }
      for file in check.orphans { problems.append(tr(.doctorOrphanAttachment, file.rawValue)) }
      if let change = store.sealing.pendingChange { problems.append(Diagnostics.describe(change)) }
      // What a pushed `.gitattributes` says of the journal's files; this device's own lines win.
      for (line, text) in GitAttributes.foreignLines(in: store) {
        problems.append(tr(.doctorForeignAttribute, line, text))
      }
      for note in try index.notes() {
        for text in note.notes { problems.append("\(note.path): \(Diagnostics.describe(note: text))") }
      }
      let total = try index.count()
      if problems.isEmpty {
        Terminal.standardOutput.write(tr(.doctorHealthy, total) + "\n")
        return
      }
      Terminal.standardOutput.write(problems.map { $0 + "\n" }.joined())
      throw Failure(problems.count == 1 ? tr(.doctorFoundOne, total) : tr(.doctorFoundMany, problems.count, total))
    }
  }
}
