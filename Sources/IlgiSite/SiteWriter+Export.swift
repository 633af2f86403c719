import Foundation
import IlgiFormat
import IlgiIndex
import IlgiStore
import IlgiSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SiteWriter {
  /// The state file's name inside the site folder, beside the manifest.
  public static let stateName = ".ilgi-site-state"
  /// The folder inside the site folder where year books keep their entries' rendered bodies
  /// (`BookCache`).
  public static let booksName = ".ilgi-site-books"

  /// What an export of the whole journal leaves beside its manifest, so that the next export
  /// can tell, from the index's log of changes, when only entries' bodies changed.
  struct State: Equatable {
    /// Where the index's log stood when the site was made.
    var mark: EntryIndex.ChangeMark
    /// The site's fingerprint of its templates and settings (`Site.base`).
    var base: UInt64
    /// The fingerprint of the pictures and other media the site carries.
    var attachments: UInt64
    /// Each tag's file name (`Site.slugs`).
    var slugs: [String: String]
    /// The modification time of each folder below the site's (not hidden), in nanoseconds: a
    /// page file removed or replaced by hand changes its folder's time.
    var folders: [String: Int64]
    /// The manifest's size and time as this export left it: a manifest edited by hand could
    /// name pages the site no longer has, which only a whole export removes.
    var manifest: [Int64]
  }

  /// Writes the site of the entries `filter` keeps and returns what it did.
  ///
  /// When the whole journal was exported here before and, by the index's log, only entries'
  /// bodies changed since (their dates, titles, previews, tags and weather did not), only what
  /// shows those bodies is made again: each entry's page, its year's book and the feed. That
  /// takes the rows of those years from the index instead of every row, and leaves the rest of
  /// the site as the manifest says it is (after checking that every page's file is there). Any
  /// other change, a change of templates or settings, a page missing, or a filtered export makes
  /// the whole site as `write(_:)` does. Both ways write the same bytes (tested).
  public func export(
    index: EntryIndex, attachments: [(path: JournalPath, signature: FileSignature)], store: JournalStore,
    templates: TemplateRenderer, options: Site.Options, filter: EntryFilter
  ) throws -> Report {
    var options = options
    options.bookCache = folder
    let whole = filter == EntryFilter()
    let saved = whole ? readState() : nil
    // Until this run ends well, no state: a run that fails halfway leaves the next one to make
    // the whole site.
    unlink(folder + "/" + Self.stateName)
    let (now, changes) = try index.changes(since: saved?.mark)
    let media = Self.fingerprint(attachments)
    if let saved, let changes, saved.attachments == media, changes.allSatisfy(\.bodyOnly) {
      var paths: [String] = []
      var seen = Set<PathKey>()
      for change in changes where seen.insert(PathKey(change.path)).inserted { paths.append(change.path) }
      var state = saved
      state.mark = now
      if let report = try update(
        paths, state: &state, index: index, store: store, templates: templates, options: options)
      {
        writeState(state)
        return report
      }
    }
    let rows = try index.entriesWithHashes(filter)
    let site = try Site(entries: rows, attachments: attachments, store: store, templates: templates, options: options)
    let report = try write { site.pages() }
    if whole {
      writeState(
        State(
          mark: now, base: site.base, attachments: media, slugs: site.slugs, folders: folderTimes(),
          manifest: Self.sizeAndTime(folder + "/" + Self.manifestName)))
    }
    return report
  }

  /// Makes again the pages that show the bodies of the entries at `paths`, when the rest of the
  /// site is as the manifest says; `nil` when it is not, or the part made here could differ from
  /// the whole site's (other templates, a new tag), and the whole site must be made. Notes the
  /// times of the folders it wrote into in `state`.
  func update(
    _ paths: [String], state: inout State, index: EntryIndex, store: JournalStore, templates: TemplateRenderer,
    options: Site.Options
  ) throws -> Report? {
    // The templates and settings first (the newest entries count too): with other ones, every
    // page changes.
    guard let rows = try index.entriesAround(paths, newest: options.feedSize) else { return nil }
    let site = try Site(
      entries: rows, store: store, templates: templates, options: options, slugs: state.slugs,
      compiling: ["site-page.html", "site-entry.html", "site-year.html", "site-feed.xml"])
    guard site.base == state.base, site.slugs.count == state.slugs.count else { return nil }
    guard try !Self.showsOtherEntries(site, changed: paths, index: index) else { return nil }
    // Every page file still there: the manifest and each folder's time as they were, and the
    // pages at the top.
    guard let manifest = manifestAsLeft(state) else { return nil }
    var wanted: [PathKey: Int] = [PathKey("feed.xml"): 0]
    // The style sheet and the search script, whose text no entry changes but a new ilgi or the
    // journal's own templates may.
    for page in site.assetPages() { wanted[PathKey(page.path)] = 0 }
    let changed = Set(paths.map(PathKey.init))
    var years = Set<Int>()
    for row in site.entries where changed.contains(PathKey(row.entry.path.rawValue)) {
      wanted[PathKey(row.page)] = 0
      wanted[PathKey(Site.bookPage(row.entry.date.fields.year))] = 0
      years.insert(row.entry.date.fields.year)
    }
    let texts = try Self.yearTexts(years, index: index, store: store)
    for page in texts { wanted[PathKey(page.path)] = 0 }
    guard let (total, found) = Self.manifestLines(manifest, naming: Set(wanted.keys), folder: folder) else {
      return nil
    }
    var report = Report()
    report.partial = true
    report.total = total
    report.unchanged = total

    var stale: [SitePage] = []
    var keys: [(range: Range<Int>, key: UInt64)] = []
    for page in site.pages().filter({ !$0.path.hasPrefix("search/text-") }) + texts
    where wanted[PathKey(page.path)] != nil {
      guard let line = found[PathKey(page.path)] else { return nil }
      if line.value != page.key {
        stale.append(page)
        keys.append((line.key, page.key))
      }
    }
    guard !stale.isEmpty else { return report }
    report.written = try render(stale)
    report.unchanged -= report.written
    _ = try replace(folder + "/" + Self.manifestName, with: Self.manifest(manifest, with: keys))
    state.manifest = Self.sizeAndTime(folder + "/" + Self.manifestName)
    for page in stale {
      let parent = page.path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(page.path[..<$0]) }
      if let parent { state.folders[parent] = Self.modified(folder + "/" + parent) }
    }
    return report
  }

  /// Whether a page this part makes shows other entries' titles or text (wiki links,
  /// backlinks): those are made with the whole journal's, which the part does not hold.
  static func showsOtherEntries(_ site: Site, changed paths: [String], index: EntryIndex) throws -> Bool {
    if site.entries.contains(where: { !$0.entry.wikiLinks.isEmpty }) { return true }
    for row in site.entries where paths.contains(row.entry.path.rawValue) {
      if try !index.backlinks(to: row.entry).isEmpty { return true }
    }
    return false
  }

  /// The manifest's bytes, when its size and time and the time of each folder below the site
  /// are those `state` noted; nil when one changed (a page file may be gone or replaced) or the
  /// manifest cannot be read.
  private func manifestAsLeft(_ state: State) -> [UInt8]? {
    guard Self.sizeAndTime(folder + "/" + Self.manifestName) == state.manifest else { return nil }
    for (folder, time) in state.folders where Self.modified(self.folder + "/" + folder) != time { return nil }
    return FileManager.default.contents(atPath: folder + "/" + Self.manifestName).map(Array.init)
  }

  /// The full-text script of each of `years`. A year's script holds every entry of that year:
  /// made from the index's rows of the year, not from the few rows a partial site is made of.
  private static func yearTexts(_ years: Set<Int>, index: EntryIndex, store: JournalStore) throws -> [SitePage] {
    try years.map { year in
      let day = { (month: Int, day: Int) in String(format: "%04d-%02d-%02d", year, month, day) }
      let rows = try index.entriesWithHashes(EntryFilter(fromDay: day(1, 1), toDay: day(12, 31)))
      return Site.searchTextPage(year: year, entries: rows, store: store)
    }
  }

  /// The manifest's lines (`key<TAB>path`, as `writeManifest` makes them): how many, and the
  /// key's place and value of each of `paths`; nil when a page at the top is gone. Read as bytes:
  /// only the paths asked for (compared by length first) and those at the top become text.
  static func manifestLines(_ manifest: [UInt8], naming paths: Set<PathKey>, folder: String) -> (
    total: Int, found: [PathKey: (key: Range<Int>, value: UInt64)]
  )? {
    var byLength: [Int: [[UInt8]]] = [:]
    for name in paths { byLength[name.text.utf8.count, default: []].append(Array(name.text.utf8)) }
    var total = 0
    var found: [PathKey: (key: Range<Int>, value: UInt64)] = [:]
    let complete: Bool = manifest.withUnsafeBufferPointer { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        defer { start = end + 1 }
        guard let (key, tab) = Self.manifestKey(bytes[start..<end]) else { continue }
        total += 1
        let path = UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<end])
        if !path.contains(UInt8(ascii: "/")), access(folder + "/" + String(decoding: path, as: UTF8.self), F_OK) != 0 {
          return false
        }
        if let candidates = byLength[path.count], candidates.contains(where: { path.elementsEqual($0) }) {
          found[PathKey(String(decoding: path, as: UTF8.self))] = (start..<tab, key)
        }
      }
      return true
    }
    return complete ? (total, found) : nil
  }

  /// `manifest` with each of `keys` written in its place.
  static func manifest(_ manifest: [UInt8], with keys: [(range: Range<Int>, key: UInt64)]) -> [UInt8] {
    var updated: [UInt8] = []
    updated.reserveCapacity(manifest.count + 16 * keys.count)
    var copied = 0
    for (range, key) in keys.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      updated += manifest[copied..<range.lowerBound]
      updated += Array(String(key, radix: 16).utf8)
      copied = range.upperBound
    }
    updated += manifest[copied...]
    return updated
  }

  /// The modification time of `path` in nanoseconds, or -1.
  static func modified(_ path: String) -> Int64 {
    sizeAndTime(path)[1]
  }

  /// The size and modification time (in nanoseconds) of `path`, or -1s.
  static func sizeAndTime(_ path: String) -> [Int64] {
    var status = stat()
    guard stat(path, &status) == 0 else { return [-1, -1] }
    let signature = FileSignature(status)
    return [signature.size, signature.modified]
  }

  /// The time of every folder below the site's, hidden ones (a `.git`) left out.
  func folderTimes() -> [String: Int64] {
    var times: [String: Int64] = [:]
    var pending = [""]
    while let relative = pending.popLast() {
      guard let dir = opendir(relative.isEmpty ? folder : folder + "/" + relative) else { continue }
      defer { closedir(dir) }
      while let item = readdir(dir) {
        let type = Int32(item.pointee.d_type)
        guard type == Int32(DT_DIR) || type == Int32(DT_UNKNOWN) else { continue }
        let name = withUnsafePointer(to: item.pointee.d_name) {
          String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name.hasPrefix(".") { continue }
        let child = relative.isEmpty ? name : relative + "/" + name
        var status = stat()
        guard lstat(folder + "/" + child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
        times[child] = Self.modified(folder + "/" + child)
        pending.append(child)
      }
    }
    return times
  }

  /// The state the last export of the whole journal left, if any and readable.
  func readState() -> State? {
    guard let data = FileManager.default.contents(atPath: folder + "/" + Self.stateName) else { return nil }
    return State(text: String(decoding: data, as: UTF8.self))
  }

  /// Leaves `state` beside the manifest; a state that cannot be written only costs the next
  /// export its shortcut.
  func writeState(_ state: State) {
    _ = try? replace(folder + "/" + Self.stateName, with: Array(state.text.utf8))
  }

  /// A fingerprint of the media files a site carries: their paths, sizes and times.
  static func fingerprint(_ attachments: [(path: JournalPath, signature: FileSignature)]) -> UInt64 {
    var sum: UInt64 = 0
    for (path, signature) in attachments {
      var hash = StableHash()
      hash.add(path.rawValue)
      hash.add(signature.size)
      hash.add(signature.modified)
      sum &+= hash.value
    }
    return sum
  }
}

extension SiteWriter.State {
  private static let magic = "ilgi-site-state 1"

  /// The state as lines of tab-separated fields, names escaped (`\\`, `\t`, `\n`, `\r`): read and
  /// written without JSON's coding machinery, which took several percent of an export after one
  /// edit.
  var text: String {
    var lines = [
      Self.magic, "mark\t\(mark.identity)\t\(mark.change)", "base\t\(base)", "attachments\t\(attachments)",
      "manifest\t\(manifest.map(String.init).joined(separator: "\t"))",
    ]
    for (key, slug) in slugs.sorted(by: { $0.key < $1.key }) {
      lines.append("slug\t\(Self.escape(key))\t\(Self.escape(slug))")
    }
    for (folder, time) in folders.sorted(by: { $0.key < $1.key }) {
      lines.append("folder\t\(Self.escape(folder))\t\(time)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads what `text` wrote; `nil` for anything else.
  init?(text: String) {
    // Split as bytes: splitting Characters took longer than all the rest.
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.first.map({ $0.elementsEqual(Self.magic.utf8) }) == true, lines.last?.isEmpty == true else {
      return nil
    }
    lines.removeLast()
    var mark: EntryIndex.ChangeMark?
    var base: UInt64?
    var attachments: UInt64?
    var manifest: [Int64]?
    var slugs: [String: String] = [:]
    var folders: [String: Int64] = [:]
    for line in lines.dropFirst() {
      let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Substring($0) }
      switch (fields.first, fields.count) {
      case ("mark", 3):
        guard let identity = Int64(fields[1]), let change = Int64(fields[2]) else { return nil }
        mark = EntryIndex.ChangeMark(identity: identity, change: change)
      case ("base", 2): base = UInt64(fields[1])
      case ("attachments", 2): attachments = UInt64(fields[1])
      case ("manifest", 3):
        guard let size = Int64(fields[1]), let time = Int64(fields[2]) else { return nil }
        manifest = [size, time]
      case ("slug", 3): slugs[Self.unescape(fields[1])] = Self.unescape(fields[2])
      case ("folder", 3):
        guard let time = Int64(fields[2]) else { return nil }
        folders[Self.unescape(fields[1])] = time
      default: return nil
      }
    }
    guard let mark, let base, let attachments, let manifest else { return nil }
    self.init(mark: mark, base: base, attachments: attachments, slugs: slugs, folders: folders, manifest: manifest)
  }

  private static func escape(_ name: String) -> String {
    guard
      name.utf8.contains(where: {
        $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
      })
    else {
      return name
    }
    return name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
      .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
  }

  private static func unescape(_ field: Substring) -> String {
    guard field.contains("\\") else { return String(field) }
    var out = ""
    var escaped = false
    for character in field {
      if escaped {
        out.append(character == "t" ? "\t" : character == "n" ? "\n" : character == "r" ? "\r" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        out.append(character)
      }
    }
    return out
  }
}
