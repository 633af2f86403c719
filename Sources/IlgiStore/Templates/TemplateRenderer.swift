import Foundation
import IlgiSystem
import Mustache

/// Renders ilgi's Mustache templates: the journal's own `.ilgi/templates/NAME` when it has one
/// and the name is one a journal may shape (`isJournals`), else the copy compiled into the
/// binary from `Templates/`.
public struct TemplateRenderer: Sendable {
  /// The journal's template folder, absolute; `nil` for shipped templates only.
  public var overrideFolder: String?
  /// Where override files are read from.
  public var fileSystem: LocalFileSystem
  /// The binary's own templates, by name (tests give a broken one to see a page fail).
  public var shipped: [String: String]
  /// Whether the journal is sealed (or cannot tell): its pages are then made from the binary's
  /// templates alone, and only `new-entry.md` is the journal's. A template pushed to a sealed
  /// journal's remote could otherwise carry the decrypted titles and text of an exported site
  /// out to an address of its own (a refresh, a link, a script beside a policy it removed).
  public var sealed = false

  /// Makes a renderer that prefers templates in `overrideFolder` over the binary's own.
  public init(overrideFolder: String?) {
    self.init(overrideFolder: overrideFolder, shipped: ShippedTemplates.files)
  }

  /// Makes a renderer that prefers templates in `overrideFolder` over `shipped`.
  public init(overrideFolder: String?, shipped: [String: String]) {
    self.overrideFolder = overrideFolder
    self.shipped = shipped
    fileSystem = LocalFileSystem()
  }

  /// The binary's templates alone: what the app's pages, styles and scripts are made from.
  public static var shippedOnly: TemplateRenderer { TemplateRenderer(overrideFolder: nil) }

  /// The binary's templates by name.
  public static var shippedFiles: [String: String] { ShippedTemplates.files }

  /// The names of the shipped templates.
  public static var shippedNames: [String] { ShippedTemplates.files.keys.sorted() }

  /// The template a new entry starts from.
  public static let newEntry = "new-entry.md"

  /// The names a journal's own copy may replace: the shapes of its entries and its site.
  public static var journalNames: [String] { shippedNames.filter(isJournals) }

  /// Whether a journal's copy of template `name` is used. The app's pages, styles, icon and
  /// scripts (`app*`) and every script (`*.js`) come only from the binary: a journal's folder
  /// is pushed and pulled, so whoever can push to its remote writes it, and a script of theirs
  /// served by `ilgi serve` would run beside the owner's token and entries.
  /// The built-in entry templates (`entry-*`) and prompt decks (`prompts-*`) are no page's: a
  /// journal has its own beside them (`EntryTemplate`, `PromptDeck`).
  public static func isJournals(_ name: String) -> Bool {
    !name.hasPrefix("app") && !name.hasSuffix(".js") && !name.hasPrefix("entry-") && !name.hasPrefix("prompts-")
  }

  /// The shipped text of a template, if there is one by that name.
  public static func shipped(_ name: String) -> String? { ShippedTemplates.files[name] }

  /// The template text that applies, and where it came from (a path, or `nil` when shipped).
  public func source(_ name: String) throws(JournalError) -> (text: String, path: String?) {
    if let folder = overrideFolder, Self.isJournals(name), !sealed || name == Self.newEntry {
      let path = folder + "/" + name
      // A regular file only: a link could lead to any file of this account's.
      var info = stat()
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        let bytes: [UInt8]
        do {
          bytes = try fileSystem.readFile(atPath: path, limit: 1 << 20)
        } catch {
          throw JournalError(path: path, reason: .io(error))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw JournalError(path: path, reason: .template("is not UTF-8 text"))
        }
        return (text, path)
      }
    }
    guard let text = shipped[name] else {
      throw JournalError(path: name, reason: .template("no such template"))
    }
    return (text, nil)
  }

  /// Renders template `name` with `values`.
  public func render(_ name: String, _ values: [String: Any]) throws(JournalError) -> String {
    let (text, path) = try source(name)
    do {
      return try MustacheTemplate(string: text).render(values)
    } catch {
      throw JournalError(path: path ?? "Templates/\(name)", reason: .template("\(error)"))
    }
  }
}
