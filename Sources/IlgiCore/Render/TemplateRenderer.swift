import Foundation
import Mustache

/// Renders ilgi's Mustache templates: the journal's own `.ilgi/templates/NAME` when it has one,
/// else the copy compiled into the binary from `Templates/`.
public struct TemplateRenderer: Sendable {
  /// The journal's template folder, absolute; `nil` for shipped templates only.
  public var overrideFolder: String?
  /// Where override files are read from.
  public var fileSystem: LocalFileSystem

  /// Makes a renderer that prefers templates in `overrideFolder`.
  public init(overrideFolder: String?) {
    self.overrideFolder = overrideFolder
    fileSystem = LocalFileSystem()
  }

  /// The names of the shipped templates.
  public static var shippedNames: [String] { ShippedTemplates.files.keys.sorted() }

  /// The shipped text of a template, if there is one by that name.
  public static func shipped(_ name: String) -> String? { ShippedTemplates.files[name] }

  /// The template text that applies, and where it came from (a path, or `nil` when shipped).
  public func source(_ name: String) throws(JournalError) -> (text: String, path: String?) {
    if let folder = overrideFolder {
      let path = folder + "/" + name
      if fileSystem.exists(atPath: path) {
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
    guard let text = ShippedTemplates.files[name] else {
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
