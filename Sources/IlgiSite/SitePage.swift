import Foundation
import IlgiStore

/// One file of a journal's site: where it goes, a fingerprint of everything it is made from, and
/// how to make it.
///
/// `ilgi export html` writes a page only when its fingerprint differs from the one written last
/// time; `ilgi serve` makes the page a request names.
public struct SitePage: Sendable {
  /// The file's path in the site, relative: `index.html`, `entries/2026/11/....html`.
  public let path: String
  /// Changes whenever anything the page is made from changes (FNV-1a, the same in every run).
  public let key: UInt64
  /// The media type a server sends it with.
  public let contentType: String
  let make: @Sendable () throws -> [UInt8]

  init(
    path: String, key: UInt64, contentType: String = "text/html; charset=utf-8",
    make: @escaping @Sendable () throws -> [UInt8]
  ) {
    self.path = path
    self.key = key
    self.contentType = contentType
    self.make = make
  }

  /// The page's bytes.
  public func render() throws(JournalError) -> [UInt8] {
    do {
      return try make()
    } catch let error as JournalError {
      throw error
    } catch let error as EntryReadError {
      throw JournalError(path: error.path.rawValue, reason: .unreadable(error))
    } catch {
      throw JournalError(path: path, reason: .template("\(error)"))
    }
  }
}
