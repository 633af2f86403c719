import ArgumentParser
import Foundation
import IlgiFormat
import IlgiInterchange
import IlgiSystem

extension Ilgi {
  /// `ilgi share [SELECTOR] [--html] [--copy]`.
  struct Share: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "share",
          abstract: tr(.shareAbstract),
          discussion: helpText(.shareDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String = "last"

    @Flag(help: ArgumentHelp(tr(.shareHTMLHelp)))
    var html = false

    @Flag(help: ArgumentHelp(tr(.shareCopyHelp)))
    var copy = false

    /// Clipboard programs, in the order they are tried.
    static let clipboards: [[String]] = [
      ["wl-copy"], ["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"], ["pbcopy"],
    ]

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector, in: store)
      let text = html ? Self.html(entry, context) : Self.text(entry, context)
      guard copy else {
        Terminal.standardOutput.write(text)
        return
      }
      let path = context.variables["PATH"] ?? "/usr/bin:/bin"
      let found = Self.clipboards.lazy.compactMap { tool in ChildProcess.find(tool[0], path: path).map { (tool, $0) } }
      guard let (tool, program) = found.first else {
        throw Failure(tr(.errShareNoClipboard))
      }
      let result: ChildProcess.Result
      do {
        result = try ChildProcess.run(
          [program] + tool.dropFirst(), environment: context.variables, input: Array(text.utf8))
      } catch {
        throw Failure(tr(.errShareCopyFailed, tool[0], "\(error)"))
      }
      guard result.status == 0 else { throw Failure(tr(.errShareCopyFailed, tool[0], result.firstErrorLine)) }
      Terminal.standardError.write(tr(.shareCopied, entry.path, tool[0]) + "\n")
    }

    /// The apps' share text (`ShareText`), dates in the person's language.
    static func text(_ entry: Entry, _ context: Context) -> String {
      ShareText.text(entry, dates: context.dates)
    }

    /// The same as an HTML fragment: the date, the title as a heading, the body through libcmark.
    static func html(_ entry: Entry, _ context: Context) -> String {
      let date =
        "<p><time datetime=\"\(entry.date.iso8601)\">\(EntryHTML.escape(context.dates.long(entry.date)))</time></p>\n"
      return "<article>\n" + date + EntryHTML.fragment(entry, renderer: context.renderer()) + "</article>\n"
    }
  }
}
