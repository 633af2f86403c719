import ArgumentParser
import Foundation
import IlgiStore

extension Ilgi {
  /// `ilgi attach SELECTOR FILE...`.
  struct Attach: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "attach",
          abstract: tr(.attachAbstract),
          discussion: helpText(.attachDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.optSelector)))
    var selector: String

    @Argument(help: ArgumentHelp(tr(.optAttachFiles)))
    var files: [String]

    func validate() throws {
      if files.isEmpty { throw ValidationError(tr(.errAttachNoFiles)) }
    }

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal()
      let entry = try context.resolve(selector, in: store)
      // Every file is read and checked before anything is written: one bad file keeps them all out.
      let prepared = try Self.prepare(files, context)
      let written = try Diagnostics.journalStep { () throws(JournalError) in
        try context.writer(store).attach(prepared.map { ($0.attachment, $0.label) }, to: entry.path)
      }
      Self.sayWhatWasTakenByContent(prepared)
      for item in prepared {
        let kept = written.path.folder.isEmpty ? item.attachment.name : written.path.folder + "/" + item.attachment.name
        Terminal.standardOutput.write(tr(.attachKept, item.file, kept) + "\n")
      }
    }

    /// One line for each picture kept as what it holds, not as its name said; said once the
    /// files are kept, as nothing is when one of them is refused.
    static func sayWhatWasTakenByContent(_ prepared: [(file: String, attachment: Attachment, label: String)]) {
      for item in prepared {
        guard let named = item.attachment.namedAs else { continue }
        Terminal.note(tr(.attachTakenAsContent, item.file, named, item.attachment.mediaType, item.attachment.name))
      }
    }

    /// The files read and made ready to keep, or the first one's problem.
    static func prepare(_ files: [String], _ context: Context) throws -> [(
      file: String, attachment: Attachment, label: String
    )] {
      let intake = context.attachmentIntake
      var prepared: [(String, Attachment, String)] = []
      for file in files {
        let bytes = try read(file, limit: intake.limit)
        do throws(AttachmentProblem) {
          let attachment = try intake.prepare(bytes, fileName: file)
          prepared.append((file, attachment, (file as NSString).lastPathComponent))
        } catch {
          throw Failure(Self.describe(error, file), status: ExitStatus.badData)
        }
      }
      return prepared
    }

    /// The bytes of `file`, refusing what is no readable file or is over `limit`.
    static func read(_ file: String, limit: Int) throws -> [UInt8] {
      var info = stat()
      guard stat(file, &info) == 0 else {
        throw Failure(
          tr(.errAttachUnreadable, file, String(cString: strerror(errno)).lowercased()), status: ExitStatus.noSuchEntry)
      }
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw Failure(tr(.errAttachNotAFile, file), status: ExitStatus.noSuchEntry)
      }
      guard Int(info.st_size) <= limit else {
        throw Failure(Self.describe(.tooLarge(size: Int(info.st_size), limit: limit), file), status: ExitStatus.badData)
      }
      guard let data = FileManager.default.contents(atPath: file) else {
        throw Failure(
          tr(.errAttachUnreadable, file, String(cString: strerror(errno)).lowercased()), status: ExitStatus.noSuchEntry)
      }
      return Array(data)
    }

    /// One line naming the file, what is wrong and what to do.
    static func describe(_ problem: AttachmentProblem, _ file: String) -> String {
      problem.text(file, Localization.catalog)
    }
  }
}
