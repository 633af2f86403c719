import Foundation
import IlgiFormat
import IlgiIndex
import IlgiMarkdown
import IlgiStore
import IlgiStrings
import IlgiWeather

/// The app's pages as HTML, in one language, from the binary's `app-*.html` templates. Pages are whole without script: reading, the list, search
/// and filters work without it; writing needs it for saving by itself.
struct AppPages {
  let templates: TemplateRenderer
  let catalog: Catalog
  let dates: DateStyle
  let renderer: MarkdownRenderer
  /// Whether the journal is encrypted: no entry's title in a `<title>`, no query in an address.
  let encrypted: Bool
  /// How many entries the browser keeps for use offline: the pages register the service
  /// worker with it (`data-keep`).
  let keptOffline: Int
  /// Whether the browser keeps texts the server does not have yet in its storage (`data-texts`
  /// is `kept`), or in the page's memory only (`page`): `OfflineKeeping.keeps`.
  let keepsTexts: Bool
  /// How the server's own sync goes, said on the list; nil when it does not sync.
  let sync: SyncStatus?

  init(
    templates: TemplateRenderer, language: Language, renderer: MarkdownRenderer, encrypted: Bool = false,
    keptOffline: Int = 0, keepsTexts: Bool = true, sync: SyncStatus? = nil
  ) {
    self.keepsTexts = keepsTexts
    self.sync = sync
    self.templates = templates
    catalog = Catalog(language)
    dates = DateStyle(locale: language.locale)
    self.renderer = renderer
    self.encrypted = encrypted
    self.keptOffline = keptOffline
  }

  /// The `<title>` of a page about `text` (an entry's title, a tag): the app's name for an
  /// encrypted journal, since a title lands in the browser's history, its tabs and its sync.
  func pageTitle(_ text: String) -> String { encrypted ? t(.appName) : text }

  func t(_ key: Message, _ arguments: String...) -> String { catalog.text(key, arguments) }

  /// The texts the script shows, handed over in a `<meta>` (no inline script).
  var scriptStrings: String {
    let keys: [(String, Message)] = [
      ("saved", .appSaved), ("saving", .appSaving), ("unsaved", .appUnsaved), ("offline", .appSaveFailed),
      ("conflict", .appConflict), ("copied", .appCopied), ("taskChanged", .appTaskChanged), ("deleted", .appDeleted),
      ("undo", .appUndo),
      ("gone", .appGone), ("located", .appLocated), ("noLocation", .appNoLocation), ("noResults", .appNoResults),
      ("merged", .appMergedClean), ("mergedConflicts", .appMergedConflicts), ("restored", .appRestored),
      ("empty", .appEmptyNotKept), ("keptTexts", .appKeptTexts), ("openKept", .appOpenKept),
      ("sameLines", .appSameLines), ("uploading", .appUploading), ("uploadFailed", .appUploadFailed),
      ("offlineNow", .appOffline), ("waiting", .appWaiting), ("toSettle", .appToSettle),
      ("searchedKept", .appSearchedKept), ("sharedWaiting", .appSharedWaiting), ("sharedKeep", .appSharedKeep),
      ("sharedDrop", .appSharedDrop), ("offlinePageOnly", .appSaveFailedPageOnly),
      ("previousPicture", .appPreviousPicture), ("nextPicture", .appNextPicture), ("closePicture", .appClosePicture),
      ("record", .appRecord), ("stopRecording", .appStopRecording), ("voiceNote", .appVoiceNote),
      ("noMicrophone", .appNoMicrophone), ("recordingWaits", .appRecordingWaits),
    ]
    let object = Dictionary(uniqueKeysWithValues: keys.map { ($0.0, catalog.text($0.1, [])) })
    return String(decoding: Reply.json(200, object).body, as: UTF8.self)
  }

  /// A whole page: the layout around `content`, with the question delete asks when the page
  /// can delete the entry titled `deleting`.
  func layout(
    _ kind: String, title: String, content: String, deleting: String? = nil, tokenNeeded: Bool = false
  ) throws -> String {
    var values: [String: Any] = [
      "lang": catalog.language.rawValue, "kind": kind, "title": title, "content": content, "keep": keptOffline,
      "texts": keepsTexts ? "kept" : "page",
      "tokenNeeded": tokenNeeded,
      "strings": scriptStrings,
      "appName": t(.appName), "newLabel": t(.appNew), "listLabel": t(.appList), "searchLabel": t(.appSearch),
      "onThisDayLabel": t(.appOnThisDay), "skipLabel": t(.appSkip), "needsHTTPS": t(.appNeedsHTTPS),
      "calendarLabel": t(.appCalendar),
    ]
    if let deleting {
      values["confirm"] = [
        "text": t(.appDeleteQuestion, deleting.isEmpty ? t(.untitled) : deleting), "cancel": t(.appCancel),
        "delete": t(.appDeleteConfirm),
      ]
    }
    return try templates.render("app-page.html", values)
  }

  /// One row of a list or of a search's results: what the apps' list showed. The list's and
  /// the search's templates get its `values`; the API sends it as JSON.
  struct Row: Encodable {
    /// A tag and the list filtered by it.
    struct Tag: Encodable {
      var tag: String
      var href: String
    }

    var id: String
    var href: String
    var title: String
    var date: String
    var iso: String
    var preview: String
    var tags: [Tag]
    var weather: String?
    var symbol: String?
    var snippet: [Piece]?
    /// A small copy of the entry's first picture.
    var thumbnail: String?

    /// The row for a template.
    var values: [String: Any] {
      var values: [String: Any] = [
        "id": id, "href": href, "title": title, "date": date, "iso": iso, "preview": preview,
        "tags": tags.map { ["tag": $0.tag, "href": $0.href] },
      ]
      values["weather"] = weather
      values["symbol"] = symbol
      values["snippet"] = snippet?.map { ["text": $0.text, "mark": $0.mark] }
      values["thumbnail"] = thumbnail
      return values
    }
  }

  /// A piece of a snippet: matched words (`mark`) or the text between them.
  struct Piece: Encodable, Equatable {
    var text: String
    var mark: Bool
  }

  /// The row of `entry`, with `snippet` for a search's result.
  func row(_ entry: IndexedEntry, snippet: [Piece]? = nil) -> Row {
    Row(
      id: entry.id.rawValue, href: "/entry/" + Self.pathComponent(entry.id.rawValue),
      title: entry.title.isEmpty ? t(.untitled) : entry.title,
      date: dates.withTime(dates.long(entry.date), entry.date),
      iso: entry.date.iso8601, preview: entry.preview,
      tags: entry.tags.map { Row.Tag(tag: $0, href: "/?tag=" + Self.queryValue($0)) }, weather: entry.weather,
      symbol: entry.weather.map { WeatherCondition.recognize($0)?.symbol ?? "" }, snippet: snippet,
      thumbnail: entry.links.first { MediaType.of(fileName: $0).hasPrefix("image/") }.map {
        "/file/" + Self.pathComponent(entry.id.rawValue) + "/" + Self.pathComponent($0) + "?size="
          + String(PictureDecoder.thumbnailSide)
      })
  }

  /// The list page; `yearsBefore` (the year it is now) groups the entries under "N years ago"
  /// headings, as on this day's page.
  func list(
    _ entries: [IndexedEntry], filter: EntryFilter, page: Int, more: Bool, tags: [(tag: String, count: Int)],
    undo: String?, heading: String? = nil, yearsBefore: Int? = nil, emptyText: String? = nil
  ) throws -> String {
    var query: [String] = []
    if let tag = filter.tags.first { query.append("tag=" + Self.queryValue(tag)) }
    if let from = filter.fromDay { query.append("from=" + from) }
    if let to = filter.toDay { query.append("to=" + to) }
    let mood = filter.moods.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
    if let mood { query.append("mood=" + mood) }
    if let activity = filter.activities.first { query.append("activity=" + Self.queryValue(activity)) }
    func link(_ number: Int) -> String { "/?" + (query + ["page=\(number)"]).joined(separator: "&") }
    var groups: [[String: Any]] = []
    for entry in entries {
      let year = entry.date.fields.year
      let label = yearsBefore.map { now in now - year == 1 ? t(.yearAgo) : t(.yearsAgo, String(now - year)) }
      if let last = groups.last, last["year"] as? Int == year || yearsBefore == nil {
        groups[groups.count - 1]["entries"] = (last["entries"] as? [[String: Any]] ?? []) + [row(entry).values]
      } else {
        var group: [String: Any] = ["year": year, "entries": [row(entry).values]]
        group["label"] = label
        groups.append(group)
      }
    }
    var values: [String: Any] = [
      "entries": entries.map { row($0).values }, "groups": groups, "empty": entries.isEmpty,
      "emptyText": emptyText ?? (filter == EntryFilter() ? t(.appNothingYet) : t(.appNothingMatches)),
      "heading": heading ?? (filter.tags.first.map { "#" + $0 } ?? t(.appList)),
      "filtering": heading == nil,
      "tags": tags.prefix(30).map {
        [
          "tag": $0.tag, "count": $0.count, "href": "/?tag=" + Self.queryValue($0.tag),
          "current": filter.tags.first == $0.tag,
        ]
      },
      "from": filter.fromDay ?? "", "to": filter.toDay ?? "", "tag": filter.tags.first ?? "",
      "moodLabel": t(.appMood), "anyMoodLabel": t(.appAnyMood), "activityLabel": t(.appActivities),
      "activity": filter.activities.first ?? "",
      "moodChoices": ["1..2", "1", "2", "3", "4", "5", "4..5"].map { value in
        let range = EntryFilter.moods(value) ?? 3...3
        let words = Set(range).sorted().compactMap(Mood.init).map { t(.mood($0)) }.joined(separator: "–")
        return [
          "value": value, "label": value.replacingOccurrences(of: "..", with: "–") + " " + words,
          "selected": value == mood,
        ]
      },
      "fromLabel": t(.appFrom), "toLabel": t(.appTo), "filterLabel": t(.appFilter), "tagsLabel": t(.appTags),
      "clearLabel": t(.appClear), "newLabel": t(.appNewEntry),
      "filtered": filter != EntryFilter(),
    ]
    if page > 1 { values["newer"] = ["href": link(page - 1), "label": t(.appNewer)] }
    if more { values["older"] = ["href": link(page + 1), "label": t(.appOlder)] }
    if let undo { values["undo"] = ["trash": undo, "text": t(.appDeleted), "label": t(.appUndo)] }
    if heading == nil, let sync {
      values["sync"] = ["text": syncLine(sync), "state": sync.state.rawValue, "brought": sync.brought]
    }
    let content = try templates.render("app-list.html", values)
    return try layout(
      heading == nil ? "list" : "onthisday", title: pageTitle(heading ?? t(.appName)), content: content)
  }

  /// What the list says of the server's own sync: when it last went through, that the remote
  /// cannot be reached, or why it stopped, with what it noted (two versions of a passage kept).
  func syncLine(_ sync: SyncStatus, now: Date = Date()) -> String {
    let ago = sync.synced.map { minutesAgo(now.timeIntervalSince($0)) } ?? t(.appSyncNever)
    switch sync.state {
    case .waiting: return t(.appSyncWaiting)
    case .synced: return ([t(.appSynced, ago)] + sync.said).joined(separator: " ")
    case .offline: return t(.appSyncOffline, ago)
    case .stopped: return t(.appSyncStopped, sync.said.last ?? "")
    }
  }

  /// `seconds` ago as the list says it: just now, or a number of minutes or hours.
  func minutesAgo(_ seconds: TimeInterval) -> String {
    let minutes = Int(seconds / 60)
    if minutes < 1 { return t(.appJustNow) }
    if minutes < 120 { return t(.appMinutesAgo, String(minutes)) }
    return t(.appHoursAgo, String(minutes / 60))
  }

  /// `html` with each of the entry's pictures asked for as a copy the size of a page, loaded
  /// when scrolled to: a phone's 12-megapixel photo is ten times the bytes a page shows. The
  /// pictures are the `<img>` the renderer made of the entry's own links (`rebasing` put
  /// `/file/` before them), and any the entry's own HTML names so, with `raw_html` on.
  static func withDisplayCopies(_ html: String) -> String {
    var out = ""
    var rest = html[...]
    while let found = rest.range(of: "<img src=\"/file/") {
      out += rest[..<found.lowerBound]
      let afterPrefix = rest[found.upperBound...]
      guard let quote = afterPrefix.firstIndex(of: "\"") else { break }
      let target = afterPrefix[..<quote]
      out += "<img loading=\"lazy\" src=\"/file/" + target
      if !target.contains("?") { out += "?size=" + String(PictureDecoder.displaySide) }
      rest = afterPrefix[quote...]
    }
    return out + rest
  }

  /// An entry to read, with its buttons and the entries linking to it (`backlinks`); an entry
  /// its wiki links show in place is read with `embedding`.
  func entry(
    _ loaded: Diary.Loaded, wikiTargets: WikiTargets = WikiTargets([]), backlinks: [IndexedEntry] = [],
    embedding: @escaping @Sendable (IndexedEntry) -> Diary.Loaded? = { _ in nil }
  ) throws -> String {
    let entry = loaded.entry
    var renderer = renderer.forBody(of: entry.title)
    renderer.headingAnchors = true
    let shown = renderer
    let embed = { @Sendable (target: IndexedEntry) -> String? in
      guard target.path != entry.path, let found = embedding(target) else { return nil }
      return shown.embedded(
        found.entry.body, title: found.entry.title, id: target.id.rawValue,
        rebasing: "/file/" + Self.pathComponent(target.id.rawValue) + "/")
    }
    // A wiki link leads to the entry it names, or begins one of that title.
    renderer.wikiLinks = WikiResolver { link in
      wikiTargets.resolve(
        link, near: entry.date, entryURL: { "/entry/" + Self.pathComponent($0.id.rawValue) },
        begin: { MarkdownRenderer.escapeHTML("/write?title=" + Self.queryValue($0)) }, embed: embed)
    }
    var values: [String: Any] = [
      "id": entry.id.rawValue, "version": loaded.version.rawValue,
      "title": entry.title.isEmpty ? t(.untitled) : entry.title,
      "date": dates.withTime(dates.full(entry.date), entry.date), "iso": entry.date.iso8601,
      "html": MarkdownRenderer.withAudioPlayers(
        Self.withDisplayCopies(
          renderer.html(entry.body, rebasing: "/file/" + Self.pathComponent(entry.id.rawValue) + "/"))),
      "tags": entry.tags.map { ["tag": $0, "href": "/?tag=" + Self.queryValue($0)] },
      "hasTags": !entry.tags.isEmpty, "editHref": "/write/" + Self.pathComponent(entry.id.rawValue),
      "editLabel": t(.appEdit), "shareLabel": t(.appShare), "deleteLabel": t(.appDelete),
      "backlinksLabel": t(.appBacklinks), "hasBacklinks": !backlinks.isEmpty,
      "backlinks": backlinks.map {
        [
          "href": "/entry/" + Self.pathComponent($0.id.rawValue), "title": $0.title.isEmpty ? t(.untitled) : $0.title,
          "date": dates.full($0.date), "iso": $0.date.iso8601,
        ]
      },
    ]
    if let place = entry.place { values["place"] = place }
    if let weather = entry.weather {
      values["weather"] = weather
      values["symbol"] = WeatherCondition.recognize(weather)?.symbol ?? ""
    }
    return try layout(
      "entry", title: pageTitle(entry.title), content: try templates.render("app-entry.html", values),
      deleting: entry.title)
  }

  /// The writing view: a new entry (`loaded` nil, begun with `title` when a wiki link named it,
  /// else from `start`, the default template's, and offering the templates `choices`) or an
  /// existing one;
  /// the moods to choose from and the `usual` activities a tap away.
  func write(
    _ loaded: Diary.Loaded?, title: String? = nil, start: AppAPI.TemplateStart? = nil,
    choices: [EntryTemplate] = [], usual: [String] = []
  ) throws -> String {
    let begun =
      title.map { String($0.prefix(200).filter { $0 != "\n" && $0 != "\r" }) + "\n\n" } ?? start?.content ?? ""
    let mood = loaded?.entry.mood?.value ?? start?.mood
    var values: [String: Any] = [
      "content": loaded?.entry.document.content ?? begun,
      "tags": loaded?.entry.tags.joined(separator: " ") ?? start?.tags ?? "",
      "templateLabel": t(.appTemplate), "noTemplateLabel": t(.appNoTemplate), "moodLabel": t(.appMood),
      "activitiesLabel": t(.appActivities), "activitiesHint": t(.appActivitiesHint),
      "activities": loaded?.entry.activities.joined(separator: ", ") ?? start?.activities ?? "",
      "usual": usual.map { ["name": $0] }, "hasUsual": !usual.isEmpty,
      "moods": (1...5).map { value in
        [
          "value": String(value), "word": t(.mood(Mood(value) ?? Mood(3)!)), "checked": value == mood,
        ] as [String: Any]
      },
      "templates": choices.map { ["name": $0.name, "title": Self.templateTitle($0)] },
      "hasTemplates": loaded == nil && !choices.isEmpty, "startTemplate": start == nil ? "" : "default",
      "id": loaded?.entry.id.rawValue ?? "", "version": loaded?.version.rawValue ?? "",
      "isNew": loaded == nil,
      "textLabel": t(.appTextLabel), "placeholder": t(.appPlaceholder), "tagsLabel": t(.appTags),
      "tagsHint": t(.appTagsHint), "weatherLabel": t(.appWeather), "locateLabel": t(.appUseLocation),
      "doneLabel": t(.appDone), "shareLabel": t(.appShare), "deleteLabel": t(.appDelete),
      "addPhotosLabel": t(.appAddPhotos), "recordLabel": t(.appRecord),
      "noScript": t(.appNoScript), "conflictText": t(.appConflictExplained), "theirsLabel": t(.appTheirs),
      "mineLabel": t(.appMine),
      "keepMineLabel": t(.appKeepMine), "keepTheirsLabel": t(.appKeepTheirs), "keepBothLabel": t(.appKeepBoth),
      "status": loaded == nil ? "" : t(.appSaved), "statusState": loaded == nil ? "" : "saved",
    ]
    if let weather = loaded?.entry.weather { values["weather"] = weather }
    // A sync kept two devices' versions of one passage, one after the other, for the person.
    if loaded?.entry.notes.contains(EntryNote.unsettled.encoded) == true {
      values["twoVersions"] = true
      values["twoVersionsText"] = t(.appTwoVersions)
      values["resolveLabel"] = t(.appResolve)
    }
    let title = loaded.map { pageTitle($0.entry.title) } ?? t(.appNewEntry)
    return try layout(
      "write", title: title, content: try templates.render("app-write.html", values),
      deleting: loaded.map { $0.entry.title } ?? "")
  }

  /// The calendar page made of `values` (`AppCalendar`) with `template`.
  func calendar(_ values: [String: Any], template: String) throws -> String {
    var values = values
    values["calendarLabel"] = t(.appCalendar)
    values["moodLabel"] = t(.appMood)
    values["wordsLabel"] = t(.appWords)
    values["shadeLabel"] = t(.appShadedBy)
    values["previousLabel"] = t(.appPrevious)
    values["nextLabel"] = t(.appNext)
    let title = values["heading"] as? String ?? t(.appCalendar)
    return try layout("calendar", title: pageTitle(title), content: try templates.render(template, values))
  }

  /// A day chosen on the calendar: its date, its entries, and this day in other years.
  func calendarDay(_ day: String, entries: [IndexedEntry]) -> [String: Any] {
    let date = DayRange.date(day).map { EntryDate(instant: $0.addingTimeInterval(43_200), offset: 0, hasTime: false) }
    return [
      "title": date.map(dates.full) ?? day, "entries": entries.map { row($0).values }, "empty": entries.isEmpty,
      "emptyText": t(.appNoEntriesThatDay), "newHref": "/write", "newLabel": t(.appNewEntry),
      "onThisDayHref": "/onthisday?day=" + day, "onThisDayLabel": t(.appOnThisDay),
    ]
  }

  /// What the New page's choice of `template` says: its name and the first line of its text.
  static func templateTitle(_ template: EntryTemplate) -> String {
    let first = template.text.split(separator: "\n").first.map(String.init) ?? ""
    let shown = first.replacingOccurrences(of: "{{date}}", with: "…").replacingOccurrences(of: "{{weekday}}", with: "…")
    return template.name + (shown.isEmpty ? "" : " · " + shown)
  }

  /// The search page, with results when a query was given, or what is wrong with it.
  func search(_ text: String, hits: [SearchHit]?, problem: String? = nil) throws -> String {
    let values: [String: Any] = [
      "q": text, "searchLabel": t(.appSearch), "placeholder": t(.appSearchPlaceholder),
      "hits": (hits ?? []).map { row($0.entry, snippet: Self.snippet($0)).values },
      "none": problem != nil || hits?.isEmpty == true, "noneText": problem ?? t(.appNoResults),
      // An encrypted journal's query goes in a form's body, never in an address (the history).
      "method": encrypted ? "post" : "get",
    ]
    return try layout("search", title: t(.appSearch), content: try templates.render("app-search.html", values))
  }

  /// What the service worker shows for a page it does not keep while the server cannot be
  /// reached: that entries kept open (or that this journal keeps none), and that writing works.
  func offline(keeping: Bool) throws -> String {
    let text = MarkdownRenderer.escapeHTML(t(keeping ? .appOfflineKept : .appOfflineNotKept))
    let heading = "<h1 class=\"heading\">" + MarkdownRenderer.escapeHTML(t(.appOfflineHeading)) + "</h1>\n"
    let content =
      heading + "<p class=\"offline-note\">" + text + " <a href=\"/write\">"
      + MarkdownRenderer.escapeHTML(t(.appNewEntry)) + "</a></p>"
    return try layout("offline", title: t(.appOfflineHeading), content: content)
  }

  /// A page saying what went wrong.
  /// A page saying what went wrong; `tokenNeeded` when the browser sent no token, whose page
  /// asks once more through the service worker when it was loaded past it (`app-enter.js`).
  func problem(_ text: String, tokenNeeded: Bool = false) throws -> String {
    try layout(
      "problem", title: text, content: "<p class=\"problem\">" + MarkdownRenderer.escapeHTML(text) + "</p>",
      tokenNeeded: tokenNeeded)
  }

  /// A snippet as pieces, the matched words marked.
  static func snippet(_ hit: SearchHit) -> [Piece] {
    var pieces: [Piece] = []
    var at = hit.snippet.startIndex
    for range in hit.highlights where range.lowerBound >= at {
      if at < range.lowerBound { pieces.append(Piece(text: String(hit.snippet[at..<range.lowerBound]), mark: false)) }
      pieces.append(Piece(text: String(hit.snippet[range]), mark: true))
      at = range.upperBound
    }
    if at < hit.snippet.endIndex { pieces.append(Piece(text: String(hit.snippet[at...]), mark: false)) }
    return pieces
  }

  /// `text` as one path component of a URL.
  static func pathComponent(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
  }

  /// `text` as a query value.
  static func queryValue(_ text: String) -> String { pathComponent(text) }
}
