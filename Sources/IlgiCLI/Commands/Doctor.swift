import ArgumentParser
import IlgiCore

extension Ilgi {
  /// `ilgi doctor`.
  struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check the journal: duplicate ids, unreadable files, bad front matter and dates.",
      discussion: """
        Exits 1 when it finds a problem, 0 when the journal is healthy. It only reads.

        Example: ilgi doctor
        """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let (index, report) = try context.index(store, warnings: false)
      var problems: [String] = []
      for error in report.skipped { problems.append("\(error.summary); \(error.advice)") }
      for duplicate in try Context.indexed({ try index.duplicateIDs() }) {
        problems.append("id \(duplicate.id) is used by \(duplicate.paths.count) files: \(duplicate.paths.joined(separator: ", ")); give each its own id")
      }
      for note in try Context.indexed({ try index.notes() }) {
        for text in note.notes { problems.append("\(note.path): \(text)") }
      }
      let total = try Context.indexed { try index.count() }
      if problems.isEmpty {
        Terminal.standardOutput.write("\(total) entries, no problems found.\n")
        return
      }
      Terminal.standardOutput.write(problems.map { $0 + "\n" }.joined())
      throw Failure("found \(problems.count) problem\(problems.count == 1 ? "" : "s") in \(total) entries; see above")
    }
  }
}
