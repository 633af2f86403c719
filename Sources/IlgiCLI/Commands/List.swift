import ArgumentParser
import IlgiInterchange
import IlgiStore

extension Ilgi {
  /// `ilgi list`.
  struct List: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "list",
          abstract: tr(.listAbstract),
          discussion: helpText(.listDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @OptionGroup var filters: FilterOptions

    @Flag(help: ArgumentHelp(tr(.optJSON)))
    var json = false

    @OptionGroup var pager: PagerOptions

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let (index, report) = try context.index(store)
      let entries = try index.entries(filters.filter(today: context.today))
      if json {
        let objects = entries.map { entry in
          var object = EntryJSON(entry)
          if !entry.links.isEmpty {
            object.attachments = store.attachments(linked: entry.links, from: entry.path).compactMap {
              AttachmentJSON($0, in: store)
            }
          }
          return object
        }
        Terminal.standardOutput.write(try EntryJSON.render(objects))
        return
      }
      let paint = context.paint
      var out = ""
      let columns = Terminal.columns(context.variables)
      for entry in entries {
        out += Self.lines(entry, context, paint: paint) + Self.preview(entry, columns: columns)
      }
      // A journal whose files could not be read (sealed to keys this device does not hold) is
      // not empty: the warnings above said why, and "write one" would be no answer.
      if entries.isEmpty, try index.count() > 0 || report.skipped.isEmpty {
        Terminal.standardError.write(
          try index.count() == 0
            ? tr(.listEmptyJournal) + "\n" : tr(.listNoMatch) + "\n")
      }
      Pager.show(out, variables: context.variables, options: pager)
    }

    /// The preview line under an entry's first line, cut to the terminal's width.
    static func preview(_ entry: IndexedEntry, columns: Int?) -> String {
      guard !entry.preview.isEmpty else { return "" }
      let preview = Sanitize.line(entry.preview)
      let indent = "          "
      guard let columns else { return indent + preview + "\n" }
      return indent + Terminal.fitted(preview, columns: max(20, columns - indent.count - 1)) + "\n"
    }

    /// One entry as two lines: id, date, title and weather; then the preview.
    static func lines(_ entry: IndexedEntry, _ context: Context, paint: Paint) -> String {
      let id = paint("33", String(entry.id.rawValue.prefix(8)).lowercased())
      let time = context.dates.time(entry.date)
      let date = context.dates.long(entry.date) + (time.isEmpty ? "" : " " + paint.dim(time))
      let title = entry.title.isEmpty ? paint.dim(tr(.untitled)) : paint.bold(Sanitize.line(entry.title))
      var line = "\(id)  \(date)  \(entry.starred ? paint("33", "★") + " " : "")\(title)"
      if let weather = entry.weather { line += paint.dim("  · \(Weather.shown(weather))") }
      return line + "\n"
    }
  }
}
