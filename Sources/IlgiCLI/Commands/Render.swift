import ArgumentParser
import Foundation
import IlgiFormat
import IlgiMarkdown
import IlgiStore
import IlgiSystem

extension Ilgi {
  /// `ilgi render [FILE]`.
  struct Render: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "render",
          abstract: tr(.renderAbstract),
          discussion: helpText(.renderDiscussion))
      }
    }

    @Argument(help: ArgumentHelp(tr(.renderFileHelp)))
    var file: String?

    @Flag(help: ArgumentHelp(tr(.renderRawHTMLHelp)))
    var allowRawHtml = false

    func run() throws {
      let invocation = Invocation.current
      var bytes: [UInt8]
      if let file, file != "-" {
        let path = invocation.expand(file)
        let read = Result { () throws(FileSystemError) in
          try LocalFileSystem().readFile(atPath: path, limit: EntryReader.sizeLimit)
        }
        switch read {
        case .success(let contents): bytes = contents
        case .failure(let error):
          let status = error.code == ENOENT ? ExitStatus.noSuchEntry : ExitStatus.ioError
          throw Failure(tr(.errRenderRead, file, error.reason.lowercased()), status: status)
        }
      } else {
        bytes = Array(invocation.input.readAll())
      }
      let name = file ?? tr(.standardInput)
      let document: EntryDocument
      do {
        document = try EntryDocument(bytes: bytes)
      } catch {
        switch error {
        case .binary:
          throw Failure(tr(.warningLine, tr(.readBinary, name), tr(.adviceConvertInput)), status: ExitStatus.badData)
        case .invalidUTF8(let offset):
          throw Failure(
            tr(.warningLine, tr(.readInvalidUTF8, name, offset), tr(.adviceConvertInput)), status: ExitStatus.badData)
        case .frontMatter(let problem):
          throw Failure(
            tr(
              .warningLine, tr(.readFrontMatter, name, problem.position, Diagnostics.describe(problem)),
              tr(.adviceFixLine)),
            status: ExitStatus.badData)
        }
      }
      let renderer = MarkdownRenderer(
        allowsRawHTML: allowRawHtml
          || invocation.settings(LoadedSettings.Flags()).settings.flag(.rawHTML))
      Terminal.standardOutput.write(renderer.html(document.content))
    }
  }
}
