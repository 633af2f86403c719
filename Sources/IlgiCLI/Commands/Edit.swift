import ArgumentParser
import Foundation
import IlgiFormat
import IlgiStore

extension Ilgi {
  /// `ilgi edit [SELECTOR]`.
  struct Edit: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "edit",
          abstract: tr(.editAbstract),
          discussion: helpText(.editDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String = "last"

    @Flag(help: ArgumentHelp(tr(.editResumeHelp)))
    var resume = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let path = try Self.path(selector, context, store)
      let writer = context.writer(store)
      var session = try writer.beginEdit(path, resume: resume)
      // An interrupted edit of an entry that changed since is merged with it first: a clean
      // merge is saved at once, a conflict opens the editor with both versions marked.
      var conflicted = false
      if resume {
        let labels = TextMerge.Labels(mine: tr(.mergeMine), base: tr(.mergeBase), theirs: tr(.mergeTheirs))
        if let merged = try writer.mergeChanges(into: session, labels: labels) {
          session = merged.session
          conflicted = !merged.clean
          Terminal.note(merged.clean ? tr(.editMerged, path) : tr(.editMergeConflict, path))
          if merged.clean { return try finish(session, writer, context) }
        }
      }
      let search = context.variables["PATH"] ?? "/usr/bin:/bin"
      let editor = store.sealing.mustSeal ? context.editor.leavingNoTrace(path: search) : context.editor
      let ending = try editor.edit(store.absolute(session.draft), path: search)
      guard ending == .exited(0) else {
        if try writer.abandonEdit(session) { throw Failure(tr(.errEditorUncleanNothingKept, path)) }
        throw Failure(tr(.errEditorUnclean, path, session.draft))
      }
      if conflicted, let text = try? String(contentsOfFile: store.absolute(session.draft), encoding: .utf8),
        EntryReader.hasConflictMarkers(text)
      {
        throw Failure(tr(.errMarkersLeft, session.draft, path))
      }
      try finish(session, writer, context)
    }

    private func finish(_ session: EditSession, _ writer: JournalWriter, _ context: Context) throws {
      let store = writer.store
      switch try writer.finishEdit(session) {
      case .unchanged: Terminal.standardError.write(tr(.editNoChanges, session.entry) + "\n")
      case .saved:
        Terminal.standardOutput.write(session.entry.rawValue + "\n")
        // Saved as written, even when the front matter is still broken: say so.
        if case .failure(let problem) = Result(catching: { () throws(EntryReadError) in try store.read(session.entry) })
        {
          Terminal.warn(Diagnostics.describe(problem))
        }
      }
    }

    /// The entry to edit: what the selector names, or a file named by its path whose front
    /// matter is broken (the editor is how a person mends it).
    static func path(_ selector: String, _ context: Context, _ store: JournalStore) throws -> JournalPath {
      if case .path(let path)? = try? EntrySelector(parsing: selector),
        case .failure(let problem) = Result(catching: { () throws(EntryReadError) in try store.read(path) }),
        case .frontMatter = problem.reason
      {
        return path
      }
      return try context.resolve(selector, in: store).path
    }
  }
}
