import ArgumentParser
import Foundation
import IlgiCore

extension Ilgi {
  /// `ilgi render [FILE]`.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Turn Markdown into the HTML fragment ilgi gives entries.",
      discussion: """
        Reads FILE, or standard input when FILE is missing or `-`. Front matter, if any, is
        left out. Raw HTML and javascript: links are dropped unless --allow-raw-html.

        Examples:
          ilgi render notes.md > notes.html
          echo '**bold**' | ilgi render
        """)

    @Argument(help: "A Markdown file; `-` or nothing for standard input.")
    var file: String?

    @Flag(help: "Let raw HTML through (off by default; ILGI_RAW_HTML=1 too).")
    var allowRawHtml = false

    func run() throws {
      let variables = ProcessInfo.processInfo.environment
      var bytes: [UInt8]
      if let file, file != "-" {
        let path = Context.expand(file, variables)
        let read = Result { () throws(FileSystemError) in
          try LocalFileSystem().readFile(atPath: path, limit: EntryReader.sizeLimit)
        }
        switch read {
        case .success(let contents): bytes = contents
        case .failure(let error):
          let status = error.code == ENOENT ? ExitStatus.noSuchEntry : ExitStatus.ioError
          throw Failure("\(file): \(error.reason.lowercased()); check the path", status: status)
        }
      } else {
        bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
      }
      let name = file ?? "standard input"
      let document: EntryDocument
      do {
        document = try EntryDocument(bytes: bytes)
      } catch {
        switch error {
        case .binary: throw Failure("\(name): is a binary file, not Markdown text", status: ExitStatus.badData)
        case .invalidUTF8(let offset):
          throw Failure(
            "\(name): is not UTF-8 text (bad byte at offset \(offset)); convert it first", status: ExitStatus.badData)
        case .frontMatter(let problem):
          throw Failure("\(name):\(problem.position): \(problem.summary); fix that line", status: ExitStatus.badData)
        }
      }
      let renderer = MarkdownRenderer(allowsRawHTML: allowRawHtml
          || Context.loadSettings(journalFlag: nil, localeFlag: nil, variables: variables).settings.flag(.rawHTML))
      Terminal.standardOutput.write(renderer.html(document.content))
    }
  }
}
