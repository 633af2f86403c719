import Foundation
import IlgiFormat
import IlgiIndex
import IlgiStore
import IlgiStrings

/// Everything a server refuses or fails with: the one funnel every error reply goes through.
///
/// Each case has its status and its words in both catalogs, so a reply says what happened and
/// what to do in the page's language. No case carries an error value or a path outside the
/// journal: what went wrong in detail goes to the server's log, never to the browser.
public enum ServerProblem: Sendable, Equatable {
  /// The path is not a plain path (`..`, an encoded `/`, bytes that are not UTF-8).
  case badPath
  /// No entry has that id.
  case noSuchEntry
  /// No page or file at that path.
  case noSuchPage
  /// `GET /api/templates/NAME` of a template the journal does not have.
  case noSuchTemplate
  /// No API answers that method and path (`GET /api/nothing`).
  case noSuchRequest(method: String, path: String)
  /// The token is missing or wrong.
  case tokenNeeded
  /// A loopback server was asked under another name (DNS rebinding).
  case wrongHost
  /// A header that says one thing was sent more than once (two `Host`s, two
  /// `Content-Length`s): readers could take either, so none is taken.
  case repeatedHeader(String)
  /// A page of another site asked (`Sec-Fetch-Site`, `Origin`).
  case crossSite
  /// A write without `RequestGate.writeHeader`.
  case writeHeader
  /// A write whose `Origin` is not this server.
  case writeOrigin
  /// A write whose body is not JSON.
  case writeType
  /// A body over the listener's limit, in bytes.
  case tooLarge(limit: Int)
  /// A body that is not a JSON object of the fields the request takes.
  case notJSON
  /// A share (`POST /share`) that is not a form of a title, text, link or files.
  case notShared
  /// A body without the fields named (`"content"`, `"base"`).
  case missingFields([String])
  /// Coordinates outside -90...90 and -180...180.
  case badCoordinates
  /// An empty text: nothing is written.
  case emptyNotKept
  /// A task list item to tick that the entry does not have (its number as the page counts).
  case noSuchTask(Int)
  /// A file sent to attach that cannot be kept (`AttachmentProblem`), by the name it was sent with.
  case badFile(AttachmentProblem, name: String)
  /// Putting back a trashed entry whose place holds a file again (relative to the journal).
  case occupied(String)
  /// A search that is not a query.
  case search(SearchQuery.Problem)
  /// A write to the read-only site.
  case readOnly
  /// The server is stopping (Ctrl-C): a request that began after it was asked to.
  case stopping
  /// The journal could not seal what was written, or cannot tell whether it is encrypted
  /// (its config cannot be read): nothing is written; the log has the detail.
  case notSealed
  /// Anything else: the server's log has the detail.
  case failed

  /// The HTTP status.
  public var status: Int {
    switch self {
    case .badPath, .notJSON, .notShared, .missingFields, .badCoordinates, .search, .repeatedHeader: 400
    case .tokenNeeded: 401
    case .crossSite, .writeHeader, .writeOrigin: 403
    case .noSuchEntry, .noSuchPage, .noSuchTemplate: 404
    case .noSuchRequest(let method, _): method == "GET" || method == "HEAD" ? 404 : 405
    case .readOnly: 405
    case .occupied: 409
    case .tooLarge: 413
    case .writeType: 415
    case .wrongHost: 421
    case .emptyNotKept, .badFile, .noSuchTask: 422
    case .notSealed, .failed: 500
    case .stopping: 503
    }
  }

  /// What happened and what to do, in `catalog`'s language.
  public func text(_ catalog: Catalog) -> String {
    switch self {
    case .badPath: catalog(.appBadPath)
    case .noSuchEntry: catalog(.appNoSuchEntry)
    case .noSuchPage: catalog(.appNoSuchPage)
    case .noSuchTemplate: catalog(.appNoSuchTemplate)
    case .noSuchRequest(let method, let path): catalog(.appNoSuchRequest, method + " " + path)
    case .tokenNeeded: catalog(.appTokenNeeded)
    case .wrongHost: catalog(.appWrongHost, "127.0.0.1, localhost")
    case .repeatedHeader(let name): catalog(.appRepeatedHeader, name)
    case .crossSite: catalog(.appCrossSite)
    case .writeHeader: catalog(.appWriteHeader, RequestGate.writeHeader)
    case .writeOrigin: catalog(.appWriteOrigin)
    case .writeType: catalog(.appWriteType)
    // Above an entry's limit, what was too large was files: an upload's or a share's.
    case .tooLarge(let limit):
      catalog(limit > HTTPListener.defaultBodyLimit ? .appFilesTooLarge : .appTooLarge, Self.size(limit))
    case .badFile(let problem, let name): problem.text(name, catalog)
    case .notJSON: catalog(.appNotJSON)
    case .notShared: catalog(.appNotShared)
    case .missingFields(let names): catalog(.appMissingFields, names.map { "\"\($0)\"" }.joined(separator: ", "))
    case .badCoordinates: catalog(.appBadCoordinates)
    case .emptyNotKept: catalog(.appEmptyNotKept)
    case .noSuchTask(let index): catalog(.appNoSuchTask, String(index + 1))
    case .occupied(let path): catalog(.appOccupied, path)
    case .search(let problem): catalog(.appSearchProblem, Self.text(problem, catalog))
    case .readOnly: catalog(.appReadOnly)
    case .stopping: catalog(.appStopping)
    case .notSealed: catalog(.appNotSealed)
    case .failed: catalog(.appFailed)
    }
  }

  /// A search's problem in `catalog`'s words: the CLI's (`ilgi search`) own texts.
  static func text(_ problem: SearchQuery.Problem, _ catalog: Catalog) -> String { problem.text(catalog) }

  /// A byte count as a person reads it: `1 MiB`, `512 KiB`, `300 bytes`.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1_000_000, bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }

  /// The problem an error thrown while answering is, if it is one the person can act on;
  /// nil for the rest, which the server logs and answers with `.failed`.
  static func known(_ error: any Error) -> ServerProblem? {
    switch error {
    case let problem as ServerProblem: problem
    case let problem as SearchQuery.Problem: .search(problem)
    case let error as JournalError:
      switch error.reason {
      case .occupied where !error.path.hasPrefix("/") && !JournalPath(error.path).escapesRoot: .occupied(error.path)
      case .invalidSelector: .badPath
      case .noSuchEntry: .noSuchEntry
      case .blankText: .emptyNotKept
      case .sealing, .sealingUnknown, .notARecipient: .notSealed
      default: nil
      }
    default: nil
    }
  }
}

extension ServerProblem: Error {}
