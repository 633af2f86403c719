import Foundation
import IlgiStore
import IlgiStrings

/// The app's script, style, icon and web app manifest: files of `Templates/` (a journal's own
/// copy first), sent as they are.
enum AppAssets {
  /// The files under `/app/`: their templates and types.
  static let files: [String: (template: String, type: String)] = [
    "app.js": ("app.js", "text/javascript; charset=utf-8"),
    "app.css": ("app.css", "text/css; charset=utf-8"),
    "icon.svg": ("app-icon.svg", "image/svg+xml"),
    "token.js": ("app-token.js", "text/javascript; charset=utf-8"),
    "enter.js": ("app-enter.js", "text/javascript; charset=utf-8"),
  ]

  /// The icon as PNG, drawn from `icon.svg` at each size a phone asks for: Android's home
  /// screen and splash (192, 512), iOS's home screen (`apple-touch-icon`, 180).
  static let pictures: [String: Int] = ["icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180]

  /// Whether `path` names one of these files or the manifest: what any page, the one asking
  /// for the token too, needs whole.
  static func isShipped(_ path: String) -> Bool {
    guard path.hasPrefix("/app/") else { return path == "/manifest.webmanifest" || path == "/sw.js" }
    let name = String(path.dropFirst(5))
    return files[name] != nil || pictures[name] != nil
  }

  /// The file `name`, or nil when there is none by that name (or, for a PNG icon, when libvips
  /// cannot draw it: a phone then uses the SVG the manifest also names).
  static func reply(_ name: String, templates: TemplateRenderer) -> Reply? {
    if let side = pictures[name] {
      guard let source = try? templates.source(files["icon.svg"]?.template ?? ""),
        let png = drawn.png(name, from: source.text, side: side)
      else { return nil }
      return Reply(status: 200, headers: [("Content-Type", "image/png")], body: png)
    }
    guard let file = files[name], let source = try? templates.source(file.template) else { return nil }
    return Reply(status: 200, headers: [("Content-Type", file.type)], body: Array(source.text.utf8))
  }

  /// The service worker (`app-sw.js`), served from the root so that it sees every page, told
  /// how many entries to keep, and beginning with the token's keeper (`app-token.js`) and the
  /// query reader (`search-query.js`) its search of the kept entries shares with the exported
  /// site's.
  ///
  /// It needs no token, so it says nothing of the journal: the number comes from its own
  /// address (`/sw.js?keep=50`), which the app's pages, let in by the token, register it under
  /// (`data-keep`). A change of the setting changes that address, and the browser takes up the
  /// new worker at the next page it opens.
  static func serviceWorker(asked: String?, templates: TemplateRenderer) -> Reply? {
    let entries = max(0, min(Int(asked ?? "") ?? 0, OfflineKeeping.mostEntries))
    guard let source = try? templates.source("app-sw.js"), let query = try? templates.source("search-query.js"),
      let token = try? templates.source("app-token.js")
    else {
      return nil
    }
    let script = "const keptEntries = \(entries);\n" + token.text + "\n" + query.text + "\n" + source.text
    return Reply(status: 200, headers: [("Content-Type", "text/javascript; charset=utf-8")], body: Array(script.utf8))
  }

  /// The service worker of a served site (`site-sw.js`), which only puts the token on its
  /// requests. A worker's own requests obey its script's policy, so its policy lets it ask this
  /// server (the site's pages' policy, which fetches nothing, would not).
  static func siteWorker() -> Reply? {
    guard let token = TemplateRenderer.shipped("app-token.js"), let source = TemplateRenderer.shipped("site-sw.js")
    else { return nil }
    return Reply(
      status: 200,
      headers: [
        ("Content-Type", "text/javascript; charset=utf-8"),
        ("Content-Security-Policy", "default-src 'none'; connect-src 'self'"),
      ],
      body: Array((token + "\n" + source).utf8))
  }

  /// The PNG icons drawn, each kept with the SVG it was drawn from: drawn once, not at every
  /// request (anyone who reaches the port may ask for them).
  static let drawn = DrawnIcons()

  final class DrawnIcons: @unchecked Sendable {
    private let lock = NSLock()
    private var icons: [String: (svg: String, png: [UInt8])] = [:]

    func png(_ name: String, from svg: String, side: Int) -> [UInt8]? {
      if let kept = lock.withLock({ icons[name] }), kept.svg == svg { return kept.png }
      guard let png = try? PictureDecoder.displayCopy(Array(svg.utf8), maxSide: side, png: true) else { return nil }
      lock.withLock { icons[name] = (svg, png) }
      return png
    }
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

    /// The SVG for browsers that take it, and PNGs at the sizes Android installs an app with.
    static let icons = [
      Icon(purpose: "any"), Icon(purpose: "maskable"),
      Icon(src: "/app/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any"),
      Icon(src: "/app/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any"),
    ]

    /// The manifest's `share_target`: a phone's share sheet offers the diary, and what is
    /// shared is posted to `/share` as a form (`SharedItems`).
    struct ShareTarget: Encodable {
      struct Params: Encodable {
        struct Files: Encodable {
          var name = SharedItems.filesField
          var accept = ["image/*"]
        }

        var title = SharedItems.titleField
        var text = SharedItems.textField
        var url = SharedItems.urlField
        var files = [Files()]
      }

      var action = "/share"
      var method = "POST"
      var enctype = "multipart/form-data"
      var params = Params()
    }

    var name: String
    var shortName: String
    var lang: String
    var startURL = "/"
    var scope = "/"
    var display = "standalone"
    var backgroundColor = "#fbfaf7"
    var themeColor = "#3b5b7a"
    var icons = Self.icons
    var shareTarget = ShareTarget()

    init(name: String, language: Language) {
      self.name = name
      shortName = name
      lang = language.rawValue
    }

    enum CodingKeys: String, CodingKey {
      case name, lang, scope, display, icons
      case shortName = "short_name"
      case startURL = "start_url"
      case shareTarget = "share_target"
      case backgroundColor = "background_color"
      case themeColor = "theme_color"
    }
  }
}
