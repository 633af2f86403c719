import IlgiFormat
import IlgiStore

/// Where an exported site keeps the smaller copies of an entry's pictures, and how its pages
/// point at them: a list shows a small square of an entry's first picture, and an entry's page
/// (and its year's book) a photo the size of a page that links the original, never the
/// 12-megapixel original itself.
///
/// Beside `entries/2026/11/0a1b….jpeg` (the original, as it is): `small/0a1b….jpeg.jpg`, at
/// most 160 pixels across and down, for every picture; `page/0a1b….jpeg.jpg`, at most 1,600,
/// for photos (JPEG, HEIC, AVIF, WebP; a PNG or GIF is shown as it is, being most often a
/// drawing or a screenshot that a JPEG would blur).
enum SitePictures {
  /// Whether the file at `path` is a picture, by its name.
  static func isPicture(_ path: String) -> Bool { MediaType.of(fileName: path).hasPrefix("image/") }

  /// Whether a page shows a copy of the picture at `path` rather than the picture.
  static func hasPageCopy(_ path: String) -> Bool {
    let type = MediaType.of(fileName: path)
    return isPicture(path) && type != "image/png" && type != "image/gif"
  }

  /// The small copy's path beside `path` (relative to the journal).
  static func small(_ path: JournalPath) -> String { beside(path, "small") }

  /// The copies made of the picture at `path`: their paths and the side each fits.
  static func copies(of path: JournalPath) -> [(path: String, side: Int)] {
    var copies = [(small(path), PictureDecoder.thumbnailSide)]
    if hasPageCopy(path.rawValue) { copies.append((beside(path, "page"), PictureDecoder.displaySide)) }
    return copies
  }

  private static func beside(_ path: JournalPath, _ folder: String) -> String {
    let parent = path.folder
    return (parent.isEmpty ? "" : parent + "/") + folder + "/" + path.fileName + ".jpg"
  }

  /// `html` (an entry's body, whose links start with `prefix`) with each `<img>` of a photo in
  /// `names` (its own files that have copies) showing the page-sized copy, loaded when
  /// scrolled to, inside a link to the original.
  static func withPageCopies(_ html: String, prefix: String, names: [String]) -> String {
    guard !names.isEmpty, html.contains("<img src=\"") else { return html }
    let copied = Set(names)
    var out = ""
    var rest = html[...]
    while let found = rest.range(of: "<img src=\"") {
      out += rest[..<found.lowerBound]
      let source = rest[found.upperBound...]
      // cmark closes an image with " />"; the alt text escapes any `>` in it.
      guard let quote = source.firstIndex(of: "\""), let close = source[quote...].firstIndex(of: ">") else {
        rest = rest[found.lowerBound...]
        break
      }
      let target = String(source[..<quote])
      let name = target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : ""
      if copied.contains(name) {
        out += "<a class=\"picture\" href=\"" + target + "\"><img loading=\"lazy\" src=\"" + prefix + "page/" + name
        out += ".jpg" + source[quote...close] + "</a>"
      } else {
        out += rest[found.lowerBound...close]
      }
      rest = source[source.index(after: close)...]
    }
    return out + rest
  }
}
