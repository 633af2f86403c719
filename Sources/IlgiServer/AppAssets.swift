import Foundation
import IlgiCore

/// The app's script, style, icon and web app manifest: files of `Templates/` (a journal's own
/// copy first), sent as they are.
enum AppAssets {
  /// The files under `/app/`: their templates and types.
  static let files: [String: (template: String, type: String)] = [
    "app.js": ("app.js", "text/javascript; charset=utf-8"),
    "app.css": ("app.css", "text/css; charset=utf-8"),
    "icon.svg": ("app-icon.svg", "image/svg+xml"),
  ]

  /// Whether `path` names one of these files or the manifest: what any page, the one asking
  /// for the token too, needs whole.
  static func isShipped(_ path: String) -> Bool {
    path == "/manifest.webmanifest" || path.hasPrefix("/app/") && files[String(path.dropFirst(5))] != nil
  }

  /// The file `name`, or nil when there is none by that name.
  static func reply(_ name: String, templates: TemplateRenderer) -> Reply? {
    guard let file = files[name], let source = try? templates.source(file.template) else { return nil }
    return Reply(status: 200, headers: [("Content-Type", file.type)], body: Array(source.text.utf8))
  }

  /// The web app manifest: what a phone needs to put the diary on its home screen.
  static func manifest(name: String, language: Language) -> Reply {
    .json(200, Manifest(name: name, language: language), type: "application/manifest+json")
  }

  /// The manifest's fields (the Web App Manifest's names).
  struct Manifest: Encodable {
    struct Icon: Encodable {
      var src = "/app/icon.svg"
      var sizes = "any"
      var type = "image/svg+xml"
      var purpose: String
    }

    var name: String
    var shortName: String
    var lang: String
    var startURL = "/"
    var scope = "/"
    var display = "standalone"
    var backgroundColor = "#fbfaf7"
    var themeColor = "#3b5b7a"
    var icons = [Icon(purpose: "any"), Icon(purpose: "maskable")]

    init(name: String, language: Language) {
      self.name = name
      shortName = name
      lang = language.rawValue
    }

    enum CodingKeys: String, CodingKey {
      case name, lang, scope, display, icons
      case shortName = "short_name"
      case startURL = "start_url"
      case backgroundColor = "background_color"
      case themeColor = "theme_color"
    }
  }
}
