import Foundation

/// Where new entries go: `YYYY/MM/YYYY-MM-DD-HHMM-<slug>.md`, from the entry's own local date.
public enum JournalLayout {
  /// The path for an entry written at `date` titled `title`; `attempt` 1 is the plain name,
  /// 2 and up add `-2`, `-3` for clashes. An `encrypted` entry's name is `NAME.md.age` and
  /// carries no slug: its path says nothing its date does not.
  ///
  /// A name without a slug carries the first characters of the entry's `id` instead, so two
  /// devices making entries in the same minute never make one name (which git would meet as
  /// two versions of one file); they say nothing of the entry, its id being random.
  public static func path(
    for date: EntryDate, title: String, id: EntryID? = nil, attempt: Int = 1, encrypted: Bool = false
  ) -> JournalPath {
    let c = date.fields
    let stamp = "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))-\(pad(c.hour))\(pad(c.minute))"
    var slug = encrypted ? "" : Slug(title: title).rawValue
    if slug.isEmpty, let id { slug = idPart(id) }
    var name = slug.isEmpty ? stamp : "\(stamp)-\(slug)"
    if attempt > 1 { name += "-\(attempt)" }
    return JournalPath("\(pad(c.year, 4))/\(pad(c.month))/" + name + (encrypted ? ".md.age" : ".md"))
  }

  /// The part of `id` a name without a slug carries: its first six letters and digits, lower
  /// case.
  static func idPart(_ id: EntryID) -> String {
    String(id.rawValue.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(6))
  }

  /// The name an entry takes when another entry came to have its name (two devices made one
  /// name): its own, with the first characters of its id before `.md` (`-3f9a1c`); with no id,
  /// `-2`.
  public static func apart(_ path: JournalPath, id: EntryID?) -> JournalPath {
    let raw = path.rawValue
    let suffix = raw.hasSuffix(".md.age") ? ".md.age" : raw.hasSuffix(".md") ? ".md" : ""
    return JournalPath(String(raw.dropLast(suffix.count)) + "-" + (id.map(idPart) ?? "2") + suffix)
  }

  /// The `YYYY-MM-DD-HHMM` a file name starts with, if it does.
  public static func stamp(of name: String) -> String? {
    let prefix = Array(name.utf8.prefix(15))
    guard prefix.count == 15 else { return nil }
    for (offset, byte) in prefix.enumerated() {
      let isDash = offset == 4 || offset == 7 || offset == 10
      guard isDash ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
        return nil
      }
    }
    return String(decoding: prefix, as: UTF8.self)
  }

  /// The folder for ilgi's own files inside a journal.
  public static let ilgiFolder = ".ilgi"
  /// Drafts of entries whose editor has not exited yet.
  public static let draftsFolder = ".ilgi/drafts"
  /// Deleted entries, under their old relative paths.
  public static let trashFolder = ".ilgi/trash"
  /// The lock ilgi's writers take around read-compare-write, so two never interleave.
  public static let lockFile = ".ilgi/lock"
  /// The lock ilgi's writers take around a git commit, so two never race for git's index.
  public static let commitLockFile = ".ilgi/commit-lock"
  /// The user's own templates, overriding the shipped ones.
  public static let templatesFolder = ".ilgi/templates"

  /// ilgi's own folders and files, reached by their paths: none may be a link. A link a sync
  /// brought there (`.ilgi/trash -> ../../photos`) would have `trash empty`, `delete`, `encrypt`
  /// or the app's sweep of old uploads remove, move or seal files outside the journal, and one
  /// at `.gitattributes` would have ilgi copy the file it leads to into a commit.
  public static let ownPaths = [
    ilgiFolder, draftsFolder, trashFolder, lockFile, commitLockFile, templatesFolder, ilgiFolder + "/cache",
    ilgiFolder + "/cache/uploads", ilgiFolder + "/cache/pictures", ilgiFolder + "/config.toml",
    ilgiFolder + "/index.sqlite", ilgiFolder + "/index.age", ilgiFolder + "/key-change", ".gitignore",
    ".gitattributes",
  ]

  /// Owner-only permissions for new files (FORMAT.md "Promises").
  public static let filePermissions: UInt16 = 0o600
  /// Owner-only permissions for new folders.
  public static let folderPermissions: UInt16 = 0o700

  /// The lines `ilgi init` puts into the journal's `.gitignore`.
  public static let gitignoreLines = [
    "# ilgi: the index is a cache and drafts are unfinished; neither belongs in history",
    ".ilgi/index.sqlite*",
    ".ilgi/index.age",
    ".ilgi/drafts/",
    ".ilgi/trash/",
    ".ilgi/cache/",
    ".ilgi/lock",
    ".ilgi/commit-lock",
    ".ilgi/import-*/",
    ".*.ilgi-*.tmp",
  ]
}
