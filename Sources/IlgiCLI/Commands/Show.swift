import ArgumentParser
import IlgiCore

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
    var selector: String = "last"

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
      let entry = try context.resolve(selector, in: store)
      if raw {
        Terminal.standardOutput.write(String(decoding: entry.document.bytes, as: UTF8.self))
      } else if json {
        Terminal.standardOutput.write(try EntryJSON.render(EntryJSON(IndexedEntry(entry), body: entry.body)))
      } else if html {
        Terminal.standardOutput.write(EntryHTML.fragment(entry, renderer: context.renderer(allowRawHTML: allowRawHtml)))
      } else {
        let paint = context.paint
        var meta = "\(context.dates.full(entry.date)) \(context.dates.time(entry.date))"
        if let weather = entry.weather { meta += " · \(Ilgi.Weather.shown(weather))" }
        if !entry.tags.isEmpty { meta += " · " + entry.tags.map { "#\($0)" }.joined(separator: " ") }
        var out = paint("1;4", Sanitize.line(Context.title(entry))) + "\n"
        out += paint.dim(meta) + "\n" + paint.dim(entry.path.rawValue) + "\n"
        let body = context.renderer().terminal(entry.body, style: paint.enabled ? .ansi : .plain)
        if !body.isEmpty { out += "\n" + body + "\n" }
        Pager.show(out, variables: context.variables, options: pager)
      }
    }
  }
}

/// The HTML an entry gets: its title as a heading, then its body through libcmark.
enum EntryHTML {
  static func fragment(_ entry: Entry, renderer: MarkdownRenderer) -> String {
    var html = ""
    if !entry.title.isEmpty { html += "<h1>\(escape(entry.title))</h1>\n" }
    return html + renderer.html(entry.body)
  }

  static func escape(_ text: String) -> String { MarkdownRenderer.escapeHTML(text) }
}
