import ArgumentParser
import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem

extension Ilgi {
  /// `ilgi templates [copy [NAME...]]`.
  struct Templates: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "templates",
          abstract: tr(.templatesAbstract),
          discussion: helpText(.templatesDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.templatesActionHelp), valueName: "action"), completion: .list(["copy"]))
    var action: String?

    @Argument(
      help: ArgumentHelp(tr(.templatesNamesHelp), valueName: "name"),
      completion: .list(TemplateRenderer.journalNames))
    var names: [String] = []

    func validate() throws {
      if let action, action != "copy" { throw ValidationError(tr(.errTemplatesAction, action)) }
      if action == nil, !names.isEmpty { throw ValidationError(tr(.errTemplatesAction, names[0])) }
      for name in names {
        guard TemplateRenderer.shipped(name) != nil else { throw ValidationError(tr(.errTemplateName, name)) }
        guard TemplateRenderer.isJournals(name) else { throw ValidationError(tr(.errTemplateIsIlgis, name)) }
      }
    }

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal(making: action == "copy")
      let folder = store.root + "/" + JournalLayout.templatesFolder
      guard action == "copy" else {
        // The templates an entry starts from, then those the journal's pages are made from.
        Terminal.standardOutput.write(tr(.templatesEntryHeading) + "\n")
        for template in EntryTemplate.all(root: store.root, language: context.language) {
          let origin: String
          switch template.origin {
          case .builtIn: origin = tr(.templatesBuiltIn)
          case .journal(let path): origin = tr(.templatesOverridden, context.display(path))
          }
          let title = template.text.split(separator: "\n").first.map(String.init) ?? ""
          Terminal.standardOutput.write(
            "  " + Sanitize.line(template.name).padding(toLength: 12, withPad: " ", startingAt: 0) + " "
              + Sanitize.line(title) + "  " + context.paint.dim("(" + origin + ")") + "\n")
        }
        Terminal.standardOutput.write("\n" + tr(.templatesPageHeading) + "\n")
        for name in TemplateRenderer.journalNames {
          let path = folder + "/" + name
          let state =
            FileManager.default.fileExists(atPath: path)
            ? tr(.templatesOverridden, context.display(path)) : tr(.templatesShipped)
          Terminal.standardOutput.write(
            "  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) + " " + state + "\n")
        }
        return
      }
      let fileSystem = LocalFileSystem()
      for name in names.isEmpty ? TemplateRenderer.journalNames : names {
        let path = folder + "/" + name
        guard let shipped = TemplateRenderer.shipped(name) else { throw ValidationError(tr(.errTemplateName, name)) }
        do throws(FileSystemError) {
          try fileSystem.createDirectory(atPath: folder, permissions: JournalLayout.folderPermissions)
          try fileSystem.createAtomically(
            Array(shipped.utf8), atPath: path, permissions: JournalLayout.filePermissions)
          Terminal.standardOutput.write(tr(.templatesCopied, name, context.display(path)) + "\n")
        } catch {
          if error.code == EEXIST {
            Terminal.standardOutput.write(tr(.templatesKept, context.display(path)) + "\n")
            continue
          }
          throw Failure(
            tr(.errIO, Diagnostics.operation(error.operation), error.path, error.reason.lowercased()),
            status: ExitStatus.ioError)
        }
      }
    }
  }
}
