import ArgumentParser
import Foundation
import IlgiFormat
import IlgiIndex
import IlgiInterchange
import IlgiMarkdown
import IlgiStore

extension Ilgi {
  /// `ilgi links SELECTOR`: an entry's wiki links, both ways.
  struct Links: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "links",
          abstract: tr(.linksAbstract),
          discussion: helpText(.linksDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String?

    @Flag(help: ArgumentHelp(tr(.linksJSONHelp)))
    var json = false

    /// One wiki link of the entry and where it leads.
    struct Outgoing: Encodable {
      /// The name as written (`Han river`).
      var name: String
      var heading: String?
      /// Whether it shows what it names in place (`![[...]]`).
      var embeds: Bool
      /// The entry it leads to; nil for a file or a name no entry answers to.
      var entry: EntryJSON?
      /// The file beside the entry it names (`map.png`).
      var file: String?
    }

    /// What `--json` prints.
    struct Report: Encodable {
      var entry: EntryJSON
      var links: [Outgoing]
      var backlinks: [EntryJSON]
    }

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector ?? "last", in: store)
      let (index, _) = try context.index(store, warnings: false)
      let written = MarkdownRenderer.wikiLinks(in: entry.body).filter { !$0.target.isEmpty }
      let targets = try index.wikiTargets(Set(written.map { WikiLink.key($0.target) }))
      let indexed = IndexedEntry(entry)
      let backlinks = try index.backlinks(to: indexed)
      var seen = Set<String>()
      let outgoing = written.filter { seen.insert(WikiLink.key($0.target) + "#" + ($0.heading ?? "")).inserted }.map {
        link in
        let found = targets.entry(for: link, near: entry.date)
        let beside = found == nil ? store.attachments(linked: [link.target], from: entry.path) : []
        let file = beside.isEmpty ? nil : link.target
        return (link, found, file)
      }
      if json {
        let report = Report(
          entry: EntryJSON(indexed),
          links: outgoing.map {
            Outgoing(
              name: $0.0.target, heading: $0.0.heading, embeds: $0.0.embeds, entry: $0.1.map { EntryJSON($0) },
              file: $0.2)
          },
          backlinks: backlinks.map { EntryJSON($0) })
        Terminal.standardOutput.write(try EntryJSON.render(report))
        return
      }
      let paint = context.paint
      var out = paint("1", Sanitize.line(Context.title(entry))) + "  " + paint.dim("(\(entry.path))") + "\n"
      if outgoing.isEmpty && backlinks.isEmpty {
        Terminal.standardOutput.write(out + tr(.linksNone) + "\n")
        return
      }
      if !outgoing.isEmpty { out += "\n" + tr(.linksOut, outgoing.count) + "\n" }
      for (link, found, file) in outgoing {
        let name = Sanitize.line(link.heading.map { link.target + " › " + $0 } ?? link.target)
        let whereTo =
          found.map(context.summaryLine) ?? (file != nil ? tr(.linksFile) : paint.dim(tr(.linksUnresolved)))
        out += "  → " + name + "  " + whereTo + "\n"
      }
      if !backlinks.isEmpty { out += "\n" + tr(.linksIn, backlinks.count) + "\n" }
      for source in backlinks { out += "  ← " + context.summaryLine(source) + "\n" }
      Terminal.standardOutput.write(out)
    }
  }
}
