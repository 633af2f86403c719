import ArgumentParser
import Foundation
import IlgiInterchange

extension Ilgi {
  /// `ilgi tags`.
  struct Tags: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "tags",
          abstract: tr(.tagsAbstract),
          discussion: helpText(.tagsDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Flag(help: ArgumentHelp(tr(.tagsJSONHelp)))
    var json = false

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let (index, _) = try context.index(store)
      let counts = try index.tagCounts()
      if json {
        struct Item: Encodable { var tag: String; var count: Int }
        Terminal.standardOutput.write(try EntryJSON.render(counts.map { Item(tag: $0.tag, count: $0.count) }))
        return
      }
      guard !counts.isEmpty else {
        // A journal without tags says so, and how to make one, rather than print nothing.
        Terminal.standardError.write(tr(.tagsNone) + "\n")
        return
      }
      // The name alone: `#coffee` and jrnl's `@coffee` are one tag, and `--tag` takes the name.
      let width = String(counts.first?.count ?? 0).count
      Terminal.standardOutput.write(
        counts.map {
          String(repeating: " ", count: width - String($0.count).count) + "\($0.count)  \(Sanitize.line($0.tag))\n"
        }
        .joined())
    }
  }
}
