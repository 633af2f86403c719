import Foundation
import IlgiFormat
import IlgiIndex
import IlgiInterchange
import IlgiMarkdown
import IlgiStore
import IlgiStrings

/// `ilgi serve`: the diary app over the journal's files. Pages to read, list, search and
/// write; a small JSON API the page's script saves through; the script, style and icons.
///
/// Every write goes through `Diary`, so the journal's lock, atomic writes, trash and git
/// autocommit are the CLI's own. Every save names the version it was based on, and a file
/// changed since is never overwritten: the reply is 409 with the file's text now.
///
/// Every reply carries the security headers (`commonHeaders`), and every error ends in one
/// funnel (`failure`): a `ServerProblem` in the page's language, the detail of anything else
/// in the server's log.
public final class AppServer: ServerResponder {
  /// Who may ask.
  public let gate: RequestGate
  let diary: Diary
  let language: Language
  let renderer: MarkdownRenderer
  /// Whether the journal is encrypted (`JournalSealing.mustSeal`, asked at each
  /// request, so `ilgi encrypt` while serving counts at once, or set for tests): then no page's
  /// `<title>` holds an entry's title and no search puts its query in an address, so neither
  /// lands in the browser's history.
  var encrypted: Bool { alwaysEncrypted || diary.store.sealing.mustSeal }
  private let alwaysEncrypted: Bool
  /// What the app's pages, styles, icon and scripts are made from: the binary's templates,
  /// never the journal's (whoever can push to its remote writes those).
  let templates: TemplateRenderer
  /// What the browser keeps for use offline.
  let offline: OfflineKeeping
  /// The template the New page starts from (`new.template`), if any.
  let newTemplate: String?
  /// How the server's own sync with the journal's remote goes; nil when it does not sync.
  let sync: @Sendable () -> SyncStatus?
  /// How many entries the browser keeps now (none for an encrypted journal by default).
  var keptOffline: Int { offline.kept(encrypted: encrypted) }

  /// Makes the app over `diary`, letting in what `gate` does; `language` is the journal's, used
  /// when the browser asks for neither Korean nor English.
  public init(
    diary: Diary, gate: RequestGate, language: Language, renderer: MarkdownRenderer, encrypted: Bool = false,
    offline: OfflineKeeping = OfflineKeeping(), templates: TemplateRenderer = .shippedOnly,
    newTemplate: String? = nil, sync: @escaping @Sendable () -> SyncStatus? = { nil }
  ) {
    self.newTemplate = newTemplate
    self.sync = sync
    self.templates = templates
    self.diary = diary
    self.gate = gate
    self.language = language
    self.renderer = renderer
    self.offline = offline
    alwaysEncrypted = encrypted
  }

  /// What no page may do: load anything from elsewhere, run inline script, be framed.
  public static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; "
    + "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

  static let commonHeaders: [(String, String)] = [
    ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"), ("X-Frame-Options", "DENY"),
  ]

  /// The reply to `request`, with the time it took to make (`Server-Timing`).
  public func reply(_ request: ServerRequest) async -> Reply {
    let start = DispatchTime.now().uptimeNanoseconds
    var reply: Reply
    switch gate.check(request, shipped: Self.isRead(request) && AppAssets.isShipped(request.rawPath)) {
    case .refuse(let problem):
      reply = refusal(problem, request)
    case .enter:
      // The token leaves the address (and so the history) before anything is read.
      reply = TokenPage.entering(request, worker: "/sw.js?keep=\(keptOffline)", language: language(of: request))
    case .exchange(let cookie):
      reply = Self.onward(request).adding([("Set-Cookie", cookie)])
    case .admit:
      reply = await answer(request)
    }
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    return reply.adding(Self.commonHeaders + [("Server-Timing", "app;dur=" + String(format: "%.2f", milliseconds))])
  }

  /// The reply to a request the gate let in.
  func answer(_ request: ServerRequest) async -> Reply {
    do {
      if Self.isRead(request) || Self.isSearchForm(request) {
        if let problem = gate.checkRead(request) { throw problem }
        return try await read(request)
      }
      if Self.isShare(request) {
        if let problem = gate.checkShare(request) { throw problem }
        return try share(request)
      }
      if let problem = gate.checkWrite(request) { throw problem }
      return try await write(request)
    } catch {
      return failure(error, request)
    }
  }

  /// Where every error of a request ends: a problem the person can act on is answered in the
  /// page's words; anything else goes to the server's log in full (the request, the error with
  /// its paths) and is answered with `.failed`, which names neither. A journal that could not
  /// seal is answered in its own words, and its detail logged too (the person must mend it).
  func failure(_ error: any Error, _ request: ServerRequest) -> Reply {
    if let problem = ServerProblem.known(error) {
      if problem == .notSealed { diary.hooks.report("\(request.method) \(request.rawPath): \(error)") }
      return refusal(problem, request)
    }
    diary.hooks.report("\(request.method) \(request.rawPath): \(error)")
    return refusal(.failed, request)
  }

  /// A refusal the listener makes itself (a body too large), with the headers of every reply.
  public func refuse(_ problem: ServerProblem, _ request: ServerRequest) -> Reply {
    // Who asks comes before what was sent: a body too large without the token is told so. A
    // request that names a header twice cannot say who asks.
    if case .repeatedHeader = problem {
      return refusal(problem, request).adding(Self.commonHeaders)
    }
    if case .refuse(let first) = gate.check(request, shipped: false) {
      return refusal(first, request).adding(Self.commonHeaders)
    }
    return refusal(problem, request).adding(Self.commonHeaders)
  }

  static func isRead(_ request: ServerRequest) -> Bool { request.method == "GET" || request.method == "HEAD" }

  /// What a phone's share sheet sends (the manifest's `share_target`): a form posted to `/share`.
  static func isShare(_ request: ServerRequest) -> Bool { request.method == "POST" && request.rawPath == "/share" }

  /// The search page's form sent as a POST (an encrypted journal's, so the query stays out of
  /// the address): a read, which no form on another site's page can send. A browser sends an
  /// `Origin` with every POST, and `checkRead` wants it to be this server's, or `null` from a
  /// page of this server (`Sec-Fetch-Site: same-origin`; the app's pages send no referrer).
  static func isSearchForm(_ request: ServerRequest) -> Bool {
    request.method == "POST" && request.rawPath == "/search" && request.header("origin") != nil
      && request.header("content-type")?.hasPrefix("application/x-www-form-urlencoded") == true
  }

  /// Where `/app/session` sends the browser on to, once the cookie is set: a redirect, or, when
  /// another site's page or a file sent the browser here (`Sec-Fetch-Site`), a page that goes on
  /// by itself (see `Reply.onward`).
  static func onward(_ request: ServerRequest) -> Reply {
    let location = RequestGate.sessionTarget(request)
    switch request.header("sec-fetch-site") {
    case nil, "same-origin", "none": return .redirect(location)
    default: return .onward(location)
    }
  }

  /// A refusal in the page's language: a page for what a browser shows as one, JSON
  /// (`{"error": ...}`) for the API and every write.
  func refusal(_ problem: ServerProblem, _ request: ServerRequest) -> Reply {
    let pages = pages(for: request)
    let text = problem.text(pages.catalog)
    if Self.isRead(request) || Self.isSearchForm(request) || Self.isShare(request), !request.rawPath.hasPrefix("/api/"),
      let page = try? pages.problem(text, tokenNeeded: problem == .tokenNeeded)
    {
      return .html(page, status: problem.status)
    }
    return .problem(problem.status, text)
  }

  /// The language of a request: the first of the browser's that ilgi speaks, else the journal's.
  func language(of request: ServerRequest) -> Language { request.language(otherwise: language) }

  func pages(for request: ServerRequest) -> AppPages {
    AppPages(
      templates: templates, language: language(of: request), renderer: renderer, encrypted: encrypted,
      keptOffline: keptOffline, keepsTexts: offline.keeps(encrypted: encrypted), sync: sync())
  }

  // MARK: Reading

  /// The segments of a request's path, percent-decoded; nil for anything that is not a plain
  /// path (`..`, `.`, a backslash, a NUL, bytes that are not UTF-8, an encoded `/`).
  static func segments(_ rawPath: String) -> [String]? {
    guard rawPath.hasPrefix("/") else { return nil }
    var segments: [String] = []
    for raw in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
      guard let decoded = String(raw).removingPercentEncoding, !decoded.isEmpty, decoded != ".", decoded != "..",
        !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0")
      else { return nil }
      segments.append(decoded)
    }
    return segments
  }

  func read(_ request: ServerRequest) async throws -> Reply {
    guard let segments = Self.segments(request.rawPath) else { throw ServerProblem.badPath }
    let pages = pages(for: request)
    switch segments.first {
    case nil: return .html(try listPage(request, pages))
    case "entry" where segments.count == 2:
      guard let loaded = try diary.entry(id: segments[1]) else { throw ServerProblem.noSuchEntry }
      let names = WikiTargets.names(in: loaded.entry.body)
      let (targets, backlinks) = try diary.withIndex { index in
        (
          names.isEmpty ? WikiTargets([]) : try index.wikiTargets(names),
          try index.backlinks(to: IndexedEntry(loaded.entry))
        )
      }
      let diary = diary
      return .html(
        try pages.entry(
          loaded, wikiTargets: targets, backlinks: backlinks,
          embedding: { target in (try? diary.entry(id: target.id.rawValue)) ?? nil }))
    case "file" where segments.count == 3: return try attachmentReply(request, id: segments[1], name: segments[2])
    case "write" where segments.count == 1:
      return .html(try newPage(title: request.parameter("title"), pages))
    case "write" where segments.count == 2:
      guard let loaded = try diary.entry(id: segments[1]) else { throw ServerProblem.noSuchEntry }
      return .html(try pages.write(loaded, usual: try diary.withIndex { try $0.usualActivities() }))
    case "search" where segments.count == 1: return try searchReply(request, pages)
    case "calendar" where segments.count <= 2:
      return .html(try calendarPage(request, segments.count == 2 ? segments[1] : nil, pages))
    case "onthisday" where segments.count == 1:
      let entries = try diary.onThisDay(request.parameter("day").flatMap(Self.day))
      return .html(
        try pages.list(
          entries, filter: EntryFilter(), page: 1, more: false, tags: [], undo: nil, heading: pages.t(.appOnThisDay),
          yearsBefore: Int(diary.today.prefix(4)),
          // What the terminal's onthisday says, not "write your first" in a journal that has entries.
          emptyText: pages.t(
            .onThisDayNothing, pages.dates.monthAndDay(request.parameter("day").flatMap(Self.day) ?? diary.today))))
    case "api": return try await api(request, Array(segments.dropFirst()), pages)
    case "app" where segments.count == 2:
      guard let reply = AppAssets.reply(segments[1], templates: templates) else {
        throw ServerProblem.noSuchPage
      }
      return reply
    case "manifest.webmanifest" where segments.count == 1:
      return AppAssets.manifest(name: pages.t(.appName), language: pages.catalog.language)
    case "sw.js" where segments.count == 1:
      guard let reply = AppAssets.serviceWorker(asked: request.parameter("keep"), templates: templates) else {
        throw ServerProblem.noSuchPage
      }
      return reply
    case "offline" where segments.count == 1: return .html(try pages.offline(keeping: keptOffline > 0))
    default: throw ServerProblem.noSuchPage
    }
  }

  /// The reply to `/file/<id>/<name>`: the file `name` beside the entry `id`, or a copy of the
  /// picture it holds.
  private func attachmentReply(_ request: ServerRequest, id: String, name: String) throws -> Reply {
    guard let file = try diary.attachmentFile(id: id, name: name) else {
      throw ServerProblem.noSuchPage
    }
    // A smaller copy for a list or a page; a HEIC photo, which browsers do not show, as a JPEG.
    let asked = request.parameter("size").flatMap(Int.init)
    let side =
      asked.map { min(max($0, 1), PictureDecoder.displaySide) }
      ?? (file.mediaType == "image/heic" && request.header("sec-fetch-dest") == "image"
        ? PictureDecoder.displaySide : nil)
    // A file that is not the picture its name says is sent as it is.
    if let side, file.mediaType.hasPrefix("image/"), let copy = try? diary.pictureCopy(file, side: side) {
      return Self.fileReply(copy, mediaType: "image/jpeg", name: name)
    }
    let bytes = try diary.store.bytes(of: file)
    if let audio = AudioFile.kind(bytes) {
      return Self.recordingReply(bytes, mediaType: audio.mediaType, range: request.header("range"))
    }
    return Self.fileReply(bytes, mediaType: MediaType.picture(bytes)?.mediaType ?? file.mediaType, name: name)
  }

  /// A recording as a player asks for it: its own media type, shown in place, and the part of it
  /// a `Range` asks (`bytes=0-`, `bytes=100-199`, `bytes=-500`), which Safari's player needs.
  static func recordingReply(_ bytes: [UInt8], mediaType: String, range: String?) -> Reply {
    var headers = [("Content-Type", mediaType), ("Cache-Control", "private, max-age=3600"), ("Accept-Ranges", "bytes")]
    guard let range, range.hasPrefix("bytes="), !bytes.isEmpty else {
      return Reply(status: 200, headers: headers, body: bytes)
    }
    let spec = range.dropFirst(6).split(separator: ",").first.map(String.init) ?? ""
    let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var first: Int?
    var last = bytes.count - 1
    if parts.count == 2, parts[0].isEmpty, let suffix = Int(parts[1]), suffix > 0 {
      first = max(0, bytes.count - suffix)
    } else if parts.count == 2, let start = Int(parts[0]), start >= 0 {
      first = start
      if let end = Int(parts[1]) { last = min(end, bytes.count - 1) }
    }
    guard let first, first <= last, first < bytes.count else {
      headers.append(("Content-Range", "bytes */\(bytes.count)"))
      return Reply(status: 416, headers: headers, body: [])
    }
    headers.append(("Content-Range", "bytes \(first)-\(last)/\(bytes.count)"))
    return Reply(status: 206, headers: headers, body: Array(bytes[first...last]))
  }

  /// The search page for the query a request asks (`q`, in its form or its address), with its
  /// hits, or with what is wrong with the query.
  private func searchReply(_ request: ServerRequest, _ pages: AppPages) throws -> Reply {
    let text = request.formField("q") ?? request.parameter("q") ?? ""
    do {
      let hits = text.trimmed.isEmpty ? nil : try search(text, limit: 50)
      return .html(try pages.search(text, hits: hits))
    } catch let problem as ServerProblem {
      // What is wrong with the query shows where the results would, under the box with it.
      return .html(try pages.search(text, hits: [], problem: problem.text(pages.catalog)), status: problem.status)
    }
  }

  /// A request with a body from someone the gate does not let in is refused before its body is
  /// kept: a body of up to the listener's limit, from each of many connections, costs memory.
  public func refusalBeforeBody(_ request: ServerRequest) -> ServerProblem? {
    guard
      !Self.isRead(request) || request.header("content-length").map({ $0 != "0" }) == true
        || request.header("transfer-encoding") != nil
    else { return nil }
    if case .refuse(let problem) = gate.check(request, shipped: false) { return problem }
    return nil
  }

  /// An upload (`POST /api/uploads`) from someone let in may be as large as a file to attach;
  /// anything else, or anyone else, is held to the listener's limit before its body is read.
  public func bodyLimit(for request: ServerRequest) -> Int? {
    guard request.method == "POST", case .admit = gate.check(request) else { return nil }
    if request.rawPath == "/api/uploads", gate.checkWrite(request) == nil { return diary.intake.limit }
    // A share may hold a few photos, each up to the limit of one.
    if Self.isShare(request), gate.checkShare(request) == nil { return Self.shareFiles * diary.intake.limit }
    return nil
  }

  /// How many files' worth of bytes a share may send.
  static let shareFiles = 4

  /// A share from a phone's share sheet: a new entry holding its title, text and link, and its
  /// photos kept beside it as an upload's are; the browser goes on to write in it. A file that
  /// cannot be kept refuses the whole share: no entry is made, and photos staged before it wait
  /// with the uploads no entry linked, which are removed after two weeks.
  func share(_ request: ServerRequest) throws -> Reply {
    let shared = try SharedItems(body: request.body, contentType: request.header("content-type") ?? "")
    let links = try shared.files.map { file in
      let name = file.name.split(separator: "/").last.map(String.init) ?? ""
      return try diary.stage(file.bytes, fileName: name.isEmpty ? "photo" : name).link(label: "")
    }
    let content = shared.content(links: links, untitled: pages(for: request).t(.appSharedUntitled))
    let written = try keepingEmptyOut { try diary.create(EntryChanges(content: content, tags: nil, weather: nil)) }
    return .redirect("/write/" + AppPages.pathComponent(written.id.rawValue))
  }

  /// A file an entry links: a picture (known by its bytes) shown in the page, anything else
  /// only downloaded, so no file beside an entry is ever run as a page of this origin.
  static func fileReply(_ bytes: [UInt8], mediaType: String, name: String) -> Reply {
    let picture = MediaType.picture(bytes) != nil
    var headers = [
      ("Content-Type", picture ? mediaType : "application/octet-stream"), ("Cache-Control", "private, max-age=3600"),
    ]
    if !picture { headers.append(("Content-Disposition", "attachment; filename=\"\(name)\"")) }
    return Reply(status: 200, headers: headers, body: bytes)
  }

  /// The best `limit` matches of `text`; a query that is not one is a `ServerProblem`.
  func search(_ text: String, limit: Int) throws -> [SearchHit] {
    do {
      return try diary.search(text, filter: EntryFilter(), limit: limit)
    } catch let problem as SearchQuery.Problem {
      throw ServerProblem.search(problem)
    }
  }

  static let pageSize = 30
  /// The most entries one `/api/versions` asks about; the worker asks in pieces of this size.
  static let versionsAsked = 100

  func listPage(_ request: ServerRequest, _ pages: AppPages) throws -> String {
    var filter = EntryFilter()
    if let tag = request.parameter("tag"), let name = EntryTag(tag)?.name { filter.tags = [name] }
    filter.fromDay = request.parameter("from").flatMap(Self.day)
    filter.toDay = request.parameter("to").flatMap(Self.day)
    filter.moods = request.parameter("mood").flatMap(EntryFilter.moods)
    if let activity = request.parameter("activity")?.trimmingCharacters(in: .whitespaces), !activity.isEmpty {
      filter.activities = [String(activity.prefix(100))]
    }
    let page = max(1, min(Int(request.parameter("page") ?? "") ?? 1, 100_000))
    let (entries, more) = try diary.list(filter, offset: (page - 1) * Self.pageSize, count: Self.pageSize)
    // Undo is offered while the entry is in the trash: not again after it was undone.
    let undo = request.parameter("deleted").flatMap {
      JournalPath($0).escapesRoot || !diary.isInTrash(JournalPath($0)) ? nil : $0
    }
    return try pages.list(entries, filter: filter, page: page, more: more, tags: try diary.tags(), undo: undo)
  }

  /// The New page: a wiki link's new entry starts from its `title`, any other from the default
  /// template; one that is gone or unreadable (a sync may bring either) starts nothing.
  func newPage(title: String?, _ pages: AppPages) throws -> String {
    let start = title == nil ? newTemplate.flatMap { try? templateStart($0) } : nil
    return try pages.write(
      nil, title: title, start: start, choices: EntryTemplate.all(root: diary.store.root, language: language),
      usual: try diary.withIndex { try $0.usualActivities() })
  }

  /// The calendar of the month or year `segment` names (this month's when none): each day with
  /// entries shaded, and with `?day=` the entries of that day listed under it.
  func calendarPage(_ request: ServerRequest, _ segment: String?, _ pages: AppPages) throws -> String {
    let today = diary.today
    let named: (year: Int, month: Int?)? =
      segment.map(AppCalendar.parse) ?? (Int(today.prefix(4)) ?? 2026, Int(today.dropFirst(5).prefix(2)))
    guard let (year, month) = named else { throw ServerProblem.noSuchPage }
    let calendar = AppCalendar(dates: pages.dates, today: today)
    let shade = request.parameter("by").flatMap(AppCalendar.Shade.init)
    guard let month else {
      let y = String(format: "%04d", year)
      let days = try diary.withIndex { try $0.calendarDays(from: y + "-01-01", to: y + "-12-31") }
      return try pages.calendar(calendar.year(year, days: days, shade: shade), template: "app-calendar-year.html")
    }
    let m = String(format: "%04d-%02d", year, month)
    var chosen = request.parameter("day").flatMap(Self.day)
    if chosen?.hasPrefix(m) != true { chosen = nil }
    let days = try diary.withIndex { try $0.calendarDays(from: m + "-01", to: m + "-31") }
    var values = calendar.month(year, month, days: days, chosen: chosen, shade: shade)
    if let chosen {
      let entries = try diary.withIndex { try $0.entries(EntryFilter(fromDay: chosen, toDay: chosen, reverse: true)) }
      values["chosen"] = pages.calendarDay(chosen, entries: entries)
    }
    return try pages.calendar(values, template: "app-calendar.html")
  }

  /// `YYYY-MM-DD`, or nil.
  static func day(_ text: String) -> String? {
    text.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}\z"#, options: .regularExpression) == nil ? nil : text
  }

  // MARK: The API

  func api(_ request: ServerRequest, _ path: [String], _ pages: AppPages) async throws -> Reply {
    switch (request.method, path.first, path.count) {
    case ("GET", "entries", 2), ("HEAD", "entries", 2):
      guard let loaded = try diary.entry(id: path[1]) else { throw ServerProblem.noSuchEntry }
      return .json(200, AppAPI.Entry(loaded, dates: pages.dates))
    case ("GET", "sync", 1), ("HEAD", "sync", 1):
      // How the server's own sync goes: a list page shown before a sync brought something
      // asks for itself again.
      return .json(200, sync() ?? SyncStatus(state: .waiting))
    case ("GET", "versions", 1), ("HEAD", "versions", 1):
      // The versions of the entries the browser keeps offline (`id=A&id=B`): which copies to
      // fetch again. One that is gone is left out, and the browser drops its copy.
      var versions: [String: String] = [:]
      for id in request.parameters("id").prefix(Self.versionsAsked) {
        versions[id] = try diary.entry(id: id)?.version.rawValue
      }
      return .json(200, AppAPI.Versions(versions: versions))
    case ("GET", "entries", 3) where path[2] == "share", ("HEAD", "entries", 3) where path[2] == "share":
      guard let loaded = try diary.entry(id: path[1]) else { throw ServerProblem.noSuchEntry }
      return .json(200, AppAPI.Share(title: loaded.entry.title, text: ShareText.text(loaded.entry, dates: pages.dates)))
    case ("GET", "created", 2), ("HEAD", "created", 2):
      // The entry a keyed create made: the New page drops a kept text the server already has.
      guard CreateKeys.isKey(path[1]), let loaded = try diary.created(key: path[1]) else {
        throw ServerProblem.noSuchEntry
      }
      return .json(200, AppAPI.Entry(loaded, dates: pages.dates))
    case ("GET", "templates", 2), ("HEAD", "templates", 2):
      guard let start = try templateStart(path[1]) else { throw ServerProblem.noSuchTemplate }
      return .json(200, start)
    case ("GET", "search", 1), ("HEAD", "search", 1):
      let text = request.parameter("q") ?? ""
      let limit = max(1, min(Int(request.parameter("limit") ?? "") ?? 20, 100))
      return .json(200, try hits(text, limit: limit, pages))
    case ("GET", "weather", 1), ("HEAD", "weather", 1):
      let latitude = request.parameter("lat").flatMap(Double.init)
      let longitude = request.parameter("lon").flatMap(Double.init)
      if let latitude, let longitude, !(-90...90).contains(latitude) || !(-180...180).contains(longitude) {
        throw ServerProblem.badCoordinates
      }
      let weather = await diary.hooks.weather(latitude, longitude)
      return .json(200, AppAPI.Weather(weather: weather))
    default:
      throw ServerProblem.noSuchRequest(method: request.method, path: "/api/" + path.joined(separator: "/"))
    }
  }

  /// A search's rows for the API; an empty query has none.
  func hits(_ text: String, limit: Int, _ pages: AppPages) throws -> AppAPI.Hits {
    let hits = text.trimmed.isEmpty ? [] : try search(text, limit: limit)
    return AppAPI.Hits(hits: hits.map { pages.row($0.entry, snippet: AppPages.snippet($0)) })
  }

  func write(_ request: ServerRequest) async throws -> Reply {
    guard let segments = Self.segments(request.rawPath), segments.first == "api" else {
      throw ServerProblem.noSuchRequest(method: request.method, path: request.rawPath)
    }
    let path = Array(segments.dropFirst())
    let pages = pages(for: request)
    switch (request.method, path.first, path.count) {
    case ("POST", "search", 1):
      // The page's search as you type: the query in the body, out of every address.
      let asked = try AppAPI.decode(AppAPI.Search.self, from: request)
      return .json(200, try hits(asked.q, limit: max(1, min(asked.limit ?? 20, 100)), pages))
    case ("POST", "uploads", 1):
      // A file for the entry being written: kept by its content until a save links it.
      let name = (request.parameter("name") ?? "").split(separator: "/").last.map(String.init) ?? ""
      let kept = try diary.stage(request.body, fileName: name.isEmpty ? "file" : name)
      return .json(201, AppAPI.Uploaded(name: kept.name, link: kept.link(label: name)))
    case ("POST", "entries", 1): return try create(try AppAPI.decode(AppAPI.NewEntry.self, from: request), pages)
    case ("PUT", "entries", 2): return try save(path[1], try AppAPI.decode(AppAPI.Save.self, from: request), pages)
    case ("POST", "entries", 3) where path[2] == "task":
      return try setTask(path[1], try AppAPI.decode(AppAPI.Task.self, from: request), pages)
    case ("POST", "entries", 3) where path[2] == "settle":
      try diary.settle(id: path[1])
      return .json(200, AppAPI.Done())
    case ("DELETE", "entries", 2):
      guard let trashed = try diary.delete(id: path[1]) else { throw ServerProblem.noSuchEntry }
      return .json(200, AppAPI.Trashed(trash: trashed.rawValue))
    case ("POST", "restore", 1):
      let asked = try AppAPI.decode(AppAPI.Restore.self, from: request)
      let id = try diary.restore(JournalPath(asked.trash))
      return .json(200, AppAPI.Restored(id: id.rawValue, href: "/entry/" + AppPages.pathComponent(id.rawValue)))
    case ("POST", "merge", 1):
      let asked = try AppAPI.decode(AppAPI.Merge.self, from: request)
      let merged = diary.combine(base: asked.base, mine: asked.mine, theirs: asked.theirs)
      return .json(200, AppAPI.Merged(content: merged.text, clean: !merged.overlapping))
    default:
      throw ServerProblem.noSuchRequest(method: request.method, path: "/api/" + path.joined(separator: "/"))
    }
  }

  /// The text, tags and weather a page sent: tags split at spaces and commas, a weather of
  /// more than one line or none at all left out.
  static func changes(
    content: String, tags: String?, weather: String?, mood: Int? = nil, activities: String? = nil
  ) -> EntryChanges {
    let names = tags.map {
      $0.split(whereSeparator: { $0.isWhitespace || $0 == "," }).compactMap { EntryTag(String($0))?.name }
    }
    var weather = weather?.trimmingCharacters(in: .whitespacesAndNewlines)
    if weather?.contains(where: \.isNewline) == true || weather?.isEmpty == true { weather = nil }
    var changes = EntryChanges(content: content, tags: names, weather: weather)
    changes.mood = mood.flatMap(Mood.init)
    changes.activities = activities.map(Self.activities)
    return changes
  }

  /// The activities of a field: separated by commas (and line breaks), each trimmed, each once.
  static func activities(_ field: String) -> [String] {
    var seen = Set<String>()
    return field.split(whereSeparator: { $0 == "," || $0.isNewline }).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
  }

  /// `body` run with the core's refusal of a blank text (`JournalError.blankText`) as the
  /// problem it is for the person.
  func keepingEmptyOut<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as JournalError {
      if case .blankText = error.reason { throw ServerProblem.emptyNotKept }
      throw error
    }
  }

  /// The start of a new entry from template `name` (the journal's, else a built-in in the
  /// journal's language), today's prompt in it; nil when there is no such template.
  func templateStart(_ name: String) throws -> AppAPI.TemplateStart? {
    guard let template = try EntryTemplate.named(name, root: diary.store.root, language: language) else { return nil }
    let today = EntryDate(instant: Date(), in: diary.store.reader.dates.timeZone)
    let prompt =
      template.asksForPrompt ? try PromptDeck.of(root: diary.store.root, language: language).prompt(on: today.day) : nil
    let dates = DateStyle(locale: language.locale)
    return AppAPI.TemplateStart(
      content: template.filled(prompt: prompt, date: dates.full(today), weekday: dates.weekday(today)),
      tags: template.tags.joined(separator: " "), mood: template.mood,
      activities: template.activities.joined(separator: ", "))
  }

  /// A new entry; one with a key the server has seen is the same entry again (`Diary.create`).
  func create(_ asked: AppAPI.NewEntry, _ pages: AppPages) throws -> Reply {
    let changes = Self.changes(
      content: asked.content, tags: asked.tags, weather: asked.weather, mood: asked.mood, activities: asked.activities)
    if let key = asked.key, !CreateKeys.isKey(key) { throw ServerProblem.notJSON }
    guard !changes.content.trimmed.isEmpty else { throw ServerProblem.emptyNotKept }
    let date = asked.written.flatMap(diary.writtenDate)
    guard let key = asked.key else {
      let written = try keepingEmptyOut { try diary.create(changes, date: date) }
      return .json(201, AppAPI.Written(written))
    }
    switch try keepingEmptyOut({ try diary.create(changes, key: key, sequence: asked.sequence, date: date) }) {
    case .made(let written): return .json(201, AppAPI.Written(written))
    case .again(let written): return .json(200, AppAPI.Written(written))
    case .conflict(let id, let content, let tags, let version):
      return .json(
        409,
        AppAPI.Conflict(
          error: pages.t(.appConflict), id: id.rawValue, content: content, tags: tags.joined(separator: " "),
          version: version.rawValue))
    }
  }

  /// A box of the entry page ticked or not: the entry as written now, or its text now when it
  /// changed since the page was shown.
  func setTask(_ id: String, _ asked: AppAPI.Task, _ pages: AppPages) throws -> Reply {
    guard let base = EntryVersion(rawValue: asked.base) else { throw ServerProblem.missingFields(["base"]) }
    let (saved, carried) = try diary.setTask(
      id: id, index: asked.index, checked: asked.checked, text: asked.text, basedOn: base)
    if case .saved(let written) = saved {
      return .json(
        200, AppAPI.Ticked(id: written.id.rawValue, version: written.version.rawValue, changedElsewhere: carried))
    }
    return try Self.reply(saved, conflict: pages.t(.appTaskChanged))
  }

  /// The reply to a save: the entry as written, or its text and version now when it changed.
  static func reply(_ saved: Diary.Saved, conflict: String) throws -> Reply {
    switch saved {
    case .saved(let written): return .json(200, AppAPI.Written(written))
    case .missing: throw ServerProblem.noSuchEntry
    case .conflict(let content, let tags, let version):
      return .json(
        409,
        AppAPI.Conflict(
          error: conflict, id: nil, content: content, tags: tags.joined(separator: " "), version: version.rawValue))
    }
  }

  func save(_ id: String, _ asked: AppAPI.Save, _ pages: AppPages) throws -> Reply {
    var changes = Self.changes(
      content: asked.content, tags: asked.tags, weather: asked.weather, mood: asked.mood, activities: asked.activities)
    changes.resolved = asked.resolved ?? false
    guard let base = EntryVersion(rawValue: asked.base) else { throw ServerProblem.missingFields(["base"]) }
    guard !changes.content.trimmed.isEmpty else { throw ServerProblem.emptyNotKept }
    let settled = asked.settled ?? false
    let page = asked.page.flatMap { $0.count <= 64 ? $0 : nil }
    let saved = try keepingEmptyOut({
      try diary.save(id: id, changes, basedOn: base, settled: settled, page: page, sequence: asked.sequence)
    })
    return try Self.reply(saved, conflict: pages.t(.appConflict))
  }
}
