import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Entries' bodies as a year's book shows them, kept in the site folder between exports
/// (`.ilgi-site-books/2024`), each with its file's fingerprint. The book of a year where one
/// entry changed then renders that one body instead of reading and rendering the year's every
/// entry again. Only a shortcut: a body whose file changed, a missing or unreadable file, or
/// other templates and settings (the site's `base`) mean the body is rendered as before.
final class BookCache: Sendable {
  private static let magic = "ilgi-book-bodies 1 "

  let folder: String
  let base: UInt64

  init(site: String, base: UInt64) {
    folder = site + "/" + SiteWriter.booksName
    self.base = base
  }

  /// The bodies kept for `year`'s book, by the entry's path: its file's fingerprint and the HTML.
  func load(_ year: Int) -> [String: (hash: Int64, html: String)] {
    guard let data = FileManager.default.contents(atPath: path(year)) else { return [:] }
    return data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var kept: [String: (hash: Int64, html: String)] = [:]
      var at = 0
      // A line of text up to the next newline, or nil at the end.
      func line() -> String? {
        guard let end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { at = end + 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
      }
      guard line() == Self.magic + String(base, radix: 16) else { return [:] }
      // Each body: `hash pathLength htmlLength`, then the path and the HTML.
      while let header = line() {
        let fields = header.split(separator: " ")
        guard fields.count == 3, let hash = Int64(fields[0]), let pathLength = Int(fields[1]),
          let htmlLength = Int(fields[2]),
          pathLength >= 0, htmlLength >= 0, pathLength + htmlLength <= bytes.count - at
        else { return [:] }
        let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + pathLength)]), as: UTF8.self)
        at += pathLength
        let html = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + htmlLength)]), as: UTF8.self)
        at += htmlLength
        kept[path] = (hash, html)
      }
      return kept
    }
  }

  /// Keeps the bodies of `year`'s book. One that cannot be written costs the next export only
  /// its shortcut.
  func save(_ year: Int, _ bodies: [(path: String, hash: Int64, html: String)]) {
    var bytes = Array((Self.magic + String(base, radix: 16) + "\n").utf8)
    bytes.reserveCapacity(bodies.reduce(bytes.count) { $0 + $1.path.utf8.count + $1.html.utf8.count + 32 })
    for body in bodies {
      bytes += "\(body.hash) \(body.path.utf8.count) \(body.html.utf8.count)\n".utf8
      bytes += body.path.utf8
      bytes += body.html.utf8
    }
    // Written as the site's pages are (a file beside it, then renamed over it).
    // Owner-only: it holds the entries' text.
    mkdir(folder, 0o700)
    _ = try? SiteWriter(folder: folder, ownerOnly: true).replace(path(year), with: bytes)
  }

  private func path(_ year: Int) -> String { folder + "/" + String(year) }
}
