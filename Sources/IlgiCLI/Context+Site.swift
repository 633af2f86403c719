import Foundation
import IlgiFormat
import IlgiIndex
import IlgiSite
import IlgiStore
import IlgiSystem

/// The journal as a site and its templates, from the command's settings.
extension Context {
  /// The journal's site (`export html`, `serve`): the entries `filter` keeps, newest first, the
  /// pictures beside them (from `report`, the index's, asked for with its attachments), the
  /// journal's templates, its language and title.
  func site(_ store: JournalStore, index: EntryIndex, report: IndexReport, filter: EntryFilter, keepsFragments: Bool)
    throws -> Site
  {
    var filter = filter
    filter.reverse = false
    let rows = try index.entriesWithHashes(filter)
    var options = siteOptions
    options.keepsFragments = keepsFragments
    return try Site(
      entries: rows, attachments: report.attachments, store: store,
      templates: templates(for: store), options: options)
  }

  /// The site's language, title and settings from the journal's configuration.
  var siteOptions: Site.Options {
    Site.Options(
      language: language, title: settings.string(.siteTitle).flatMap { $0.isEmpty ? nil : $0 } ?? tr(.siteTitle),
      allowsRawHTML: settings.flag(.rawHTML))
  }

  func templates(for store: JournalStore) -> TemplateRenderer {
    var templates = TemplateRenderer(overrideFolder: store.root + "/" + JournalLayout.templatesFolder)
    templates.sealed = store.sealing.mustSeal
    return templates
  }
}
