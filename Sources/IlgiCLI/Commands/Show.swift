import ArgumentParser
import IlgiFormat
import IlgiIndex
import IlgiInterchange
import IlgiMarkdown
import IlgiStore

extension Ilgi {
  /// `ilgi show SELECTOR`.
  struct Show: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "show",
          abstract: tr(.showAbstract),
          discussion: helpText(.showDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String?

    @Flag(help: ArgumentHelp(tr(.showAllHelp)))
    var all = false

    @Flag(help: ArgumentHelp(tr(.showHTMLHelp)))
    var html = false

    @Flag(help: ArgumentHelp(tr(.showRawHelp)))
    var raw = false

    @Flag(help: ArgumentHelp(tr(.showJSONHelp)))
    var json = false

    @Flag(help: ArgumentHelp(tr(.showRawHTMLHelp)))
    var allowRawHtml = false

    @OptionGroup var pager: PagerOptions

    func validate() throws {
      if [html, raw, json].filter({ $0 }).count > 1 {
        throw ValidationError(tr(.errShowOneFormat))
      }
    }

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entries =
        all
        ? try Self.entries(of: selector ?? "today", context, store)
        : [
          try context.resolve(selector ?? "last", in: store)
        ]
      if entries.isEmpty {
        Terminal.standardError.write(tr(.showAllNothing, selector ?? "today") + "\n")
        return
      }
      if raw {
        // Files one after the other, as `cat` would give them.
        Terminal.standardOutput.write(entries.map { String(decoding: $0.document.bytes, as: UTF8.self) }.joined())
      } else if json {
        let objects = entries.map { entry in
          var object = EntryJSON(IndexedEntry(entry), body: entry.body)
          object.attachments = store.attachments(of: entry).compactMap { AttachmentJSON($0, in: store) }
          return object
        }
        Terminal.standardOutput.write(all ? try EntryJSON.render(objects) : try EntryJSON.render(objects[0]))
      } else if html {
        let renderer = context.renderer(allowRawHTML: allowRawHtml)
        Terminal.standardOutput.write(
          entries.map { EntryHTML.fragment($0, renderer: Self.linking($0, renderer, context, store)) }
            .joined(separator: "\n"))
      } else {
        let paint = context.paint
        let shown = entries.map { Self.terminalText($0, context, paint) + Self.filesText($0, store, paint) }
        Pager.show(
          shown.joined(separator: "\n" + paint.dim(String(repeating: "─", count: 40)) + "\n\n"),
          variables: context.variables, options: pager)
      }
    }

    /// One entry as the terminal shows it: title, date, weather and tags, path, then the body.
    static func terminalText(_ entry: Entry, _ context: Context, _ paint: Paint) -> String {
      var meta = context.dates.withTime(context.dates.full(entry.date), entry.date)
      if let weather = entry.weather { meta += " · \(Ilgi.Weather.shown(weather))" }
      if let place = entry.place { meta += " · " + Sanitize.line(place) }
      if let mood = entry.mood { meta += " · " + tr(.mood(mood)) + " (\(mood.value)/5)" }
      if !entry.activities.isEmpty { meta += " · " + Sanitize.line(entry.activities.joined(separator: ", ")) }
      if !entry.tags.isEmpty { meta += " · " + entry.tags.map { "#\($0)" }.joined(separator: " ") }
      var out = paint("1;4", Sanitize.line(Context.title(entry))) + "\n"
      out += paint.dim(meta) + "\n" + paint.dim(entry.path.rawValue) + "\n"
      // Tables fit the terminal, or `COLUMNS`, or 80 columns when the output is no terminal.
      let width = Terminal.columns(context.variables) ?? context.variables["COLUMNS"].flatMap { Int($0) } ?? 80
      let body = linking(entry, context.renderer(), context, nil, fromFolder: false).forBody(of: entry.title)
        .terminal(entry.body, style: paint.enabled ? .ansi : .plain, width: width)
      if !body.isEmpty { out += "\n" + body + "\n" }
      return out
    }

    /// `renderer` with the entry's wiki links leading to the files of the entries they name,
    /// from the entry's folder for HTML (with headings' anchors, and an entry `![[Title]]` names
    /// shown in place), from the journal's for the terminal (the index says which: it is read
    /// only when a link is there).
    static func linking(
      _ entry: Entry, _ renderer: MarkdownRenderer, _ context: Context, _ opened: JournalStore?,
      fromFolder: Bool = true
    ) -> MarkdownRenderer {
      var renderer = renderer
      renderer.headingAnchors = fromFolder
      let names = WikiTargets.names(in: entry.body)
      guard !names.isEmpty, let store = opened ?? (try? context.openJournal()),
        let targets = try? context.index(store, warnings: false).0.wikiTargets(names)
      else { return renderer }
      let up = fromFolder ? String(repeating: "../", count: entry.path.rawValue.split(separator: "/").count - 1) : ""
      let url = { @Sendable (target: IndexedEntry) in
        up + (target.path.rawValue.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
      }
      let shown = renderer
      let embed = { @Sendable (target: IndexedEntry) -> String? in
        guard target.path != entry.path, let body = try? store.readBody(target.path) else { return nil }
        let folder = target.path.folder
        return shown.embedded(
          body, title: target.title, id: target.id.rawValue, rebasing: up + (folder.isEmpty ? "" : folder + "/"))
      }
      let embedding: (@Sendable (IndexedEntry) -> String?)? = fromFolder ? embed : nil
      renderer.wikiLinks = WikiResolver { link in
        targets.resolve(link, near: entry.date, entryURL: url, embed: embedding)
      }
      return renderer
    }

    /// The files beside the entry that it links: name, kind, size and a picture's pixels.
    static func filesText(_ entry: Entry, _ store: JournalStore, _ paint: Paint) -> String {
      let files = store.attachments(of: entry).compactMap { AttachmentJSON($0, in: store) }
      guard !files.isEmpty else { return "" }
      var out = "\n" + paint.dim(tr(.showFiles)) + "\n"
      for file in files {
        var line = "  " + Sanitize.line(file.path) + "  " + sizeText(file.bytes)
        if let width = file.width, let height = file.height { line += "  \(width)×\(height)" }
        if let duration = file.duration {
          let seconds = Int(duration.rounded())
          line += "  " + String(format: "%d:%02d", seconds / 60, seconds % 60)
        }
        out += paint.dim(line) + "\n"
      }
      return out
    }

    /// Every entry of the day or span `text` names, oldest first, read from its file.
    static func entries(of text: String, _ context: Context, _ store: JournalStore) throws -> [Entry] {
      guard let range = DayRange(parsing: text, today: context.today) else {
        throw Failure(tr(.errShowAllNotADay, text), status: ExitStatus.usage)
      }
      var filter = EntryFilter()
      filter.fromDay = range.first
      filter.toDay = range.last
      filter.reverse = true
      let (index, _) = try context.index(store)
      let found: [IndexedEntry]
      do {
        found = try index.entries(filter)
      } catch {
        throw Failure(tr(.errIndexFailed, error.path, error.message), status: ExitStatus.ioError)
      }
      var entries: [Entry] = []
      for indexed in found {
        do {
          entries.append(try store.read(indexed.path))
        } catch {
          throw Diagnostics.describe(JournalError(path: indexed.path.rawValue, reason: .unreadable(error)))
        }
      }
      return entries
    }
  }
}

/// The HTML an entry gets: its title as a heading, then its body through libcmark.
enum EntryHTML {
  static func fragment(_ entry: Entry, renderer: MarkdownRenderer) -> String {
    var html = ""
    if !entry.title.isEmpty { html += "<h1>\(escape(entry.title))</h1>\n" }
    return html + MarkdownRenderer.withAudioPlayers(renderer.forBody(of: entry.title).html(entry.body))
  }

  static func escape(_ text: String) -> String { MarkdownRenderer.escapeHTML(text) }
}
