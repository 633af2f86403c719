import Foundation
import IlgiFormat
import IlgiStore
import IlgiSystem

/// How git shows and merges the journal's entries. `.gitattributes` (committed) sends `*.age`
/// to the diff driver `ilgi-age`, so `git log -p` shows an encrypted journal's text on a
/// machine with the key, and entry files to the merge driver `ilgi-entry`, so two devices'
/// changes to one entry are merged on its text (`ilgi merge-entry`). The drivers themselves
/// live in the repository's own config, which a clone does not copy: `ilgi init` and `ilgi
/// sync` set them where they are missing. Without them git diffs and merges as it always does.
///
/// A `.gitattributes` is also what a remote pushes. What it may say of the journal's files (a
/// `filter=` that hands them to a program or a large-file store elsewhere, `eol=` or `text`
/// that change their bytes, `working-tree-encoding`, `ident`, another diff or merge driver)
/// never applies here: this device's `.git/info/attributes`, which git reads after every
/// committed file and which no sync carries, says it again for every file of the journal.
public enum GitAttributes {
  /// The lines of the journal's committed `.gitattributes` that name ilgi's drivers.
  public static let lines = ["*.age diff=ilgi-age", "*.md merge=ilgi-entry", "*.md.age merge=ilgi-entry"]
  /// The files a change of the attributes commits.
  public static let files = [JournalPath(".gitattributes"), Settings.journalFile]

  /// This device's own attributes, in `.git/info/attributes`: later lines win, so the entry
  /// files' come after the line for every file.
  public static let deviceLines = [
    "# ilgi: the journal's files are kept byte for byte and merged by ilgi, whatever a",
    "# .gitattributes pushed to the remote says (ilgi init and ilgi sync write these lines)",
    "* -filter -ident -working-tree-encoding -text !eol !diff !merge",
    "*.md -text diff merge=ilgi-entry",
    "*.age -text diff=ilgi-age",
    "*.md.age -text diff=ilgi-age merge=ilgi-entry",
  ]

  /// The attributes a committed `.gitattributes` must not set for the journal's files; `doctor`
  /// names each line that does.
  public static let foreign = [
    "filter", "eol", "text", "crlf", "binary", "working-tree-encoding", "ident", "diff", "merge",
  ]

  /// The lines of the committed `.gitattributes` that set an attribute ilgi keeps for itself,
  /// other than ilgi's own lines: (line number, text).
  public static func foreignLines(in store: JournalStore) -> [(Int, String)] {
    let text = (try? String(contentsOfFile: store.root + "/.gitattributes", encoding: .utf8)) ?? ""
    var found: [(Int, String)] = []
    // A checked-out file may have CRLF (`\r\n` is one Character, a newline like `\n`).
    for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.hasPrefix("#"), !lines.contains(trimmed) else { continue }
      let attributes = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst()
      let names = attributes.map { word in
        String(word.drop { $0 == "-" || $0 == "!" }.prefix { $0 != "=" })
      }
      if names.contains(where: foreign.contains) { found.append((number + 1, trimmed)) }
    }
    return found
  }

  /// Writes `deviceLines` into this clone's `.git/info/attributes` when they are not there;
  /// whether it changed. Lines the person wrote there stay, before ilgi's.
  @discardableResult
  public static func writeDeviceFile(_ git: GitRepository) -> Bool {
    guard let path = git.gitPath("info/attributes") else { return false }
    let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let block = deviceLines.joined(separator: "\n") + "\n"
    guard !current.hasSuffix(block) else { return false }
    // Ours are moved to the end, where they win.
    var kept = current.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    kept.removeAll { deviceLines.contains($0) }
    while kept.last == "" { kept.removeLast() }
    let text = (kept.isEmpty ? "" : kept.joined(separator: "\n") + "\n") + block
    return (try? LocalFileSystem().writeAtomicallyMakingFolder(Array(text.utf8), toPath: path)) != nil
  }

  /// ilgi's own files of this device (the index, locks, drafts: `JournalLayout.gitignoreLines`)
  /// that git tracks, taken in by a commit made by hand in a journal without ilgi's
  /// `.gitignore`. Tracked, each device's copy meets the other's in a pull, which stops it.
  ///
  /// Asked with pathspecs, which git matches against its index alone; exclude patterns
  /// (`--ignored -x`) are tried on every tracked file, 20 ms at 10,000 entries.
  public static func trackedOwnFiles(_ git: GitRepository) -> [String] {
    let patterns = JournalLayout.gitignoreLines.filter { !$0.hasPrefix("#") }
    let listed = try? git.readingPatterns.check(["ls-files", "--cached", "-z", "--"] + patterns.map(pathspec))
    return (listed ?? "").split(separator: "\0").map(String.init)
  }

  /// The pathspec that names what the `.gitignore` line `pattern` does: anchored at the top
  /// when it holds a slash before its end, at any depth otherwise, and everything below a
  /// folder (a trailing slash). `*` stops at a slash in both.
  static func pathspec(_ pattern: String) -> String {
    var spec = pattern
    let folder = spec.hasSuffix("/")
    if folder { spec.removeLast() }
    if !spec.contains("/") { spec = "**/" + spec }
    return ":(glob)" + spec + (folder ? "/**" : "")
  }

  /// Tells git on this device (`.git/info/exclude`, which no sync carries) to leave ilgi's own
  /// files alone, whatever the journal's `.gitignore` says; whether it changed.
  @discardableResult
  public static func writeDeviceExclude(_ git: GitRepository) -> Bool {
    guard let path = git.gitPath("info/exclude"), let text = withLines(JournalLayout.gitignoreLines, path) else {
      return false
    }
    return (try? LocalFileSystem().writeAtomicallyMakingFolder(Array(text.utf8), toPath: path)) != nil
  }

  /// The file at `path` with those of `wanted` it lacks (spaces around a line aside) added at its
  /// end; nil when it has them all.
  static func withLines(_ wanted: [String], _ path: String) -> String? {
    let current = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let present = Set(current.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
    let missing = wanted.filter { !present.contains($0) }
    guard !missing.isEmpty else { return nil }
    return current + (current.isEmpty || current.hasSuffix("\n") ? "" : "\n") + missing.joined(separator: "\n") + "\n"
  }

  /// Adds the lines to `.gitattributes` where they are missing; whether it changed.
  @discardableResult
  public static func writeFile(for store: JournalStore) throws(JournalError) -> Bool {
    let path = store.root + "/.gitattributes"
    guard let text = withLines(lines, path) else { return false }
    do throws(FileSystemError) {
      try LocalFileSystem().writeAtomicallyMakingFolder(Array(text.utf8), toPath: path)
    } catch {
      throw JournalError(path: path, reason: .io(error))
    }
    return true
  }

  /// Sets the drivers in the repository's config to the ilgi at `executable`; whether any was
  /// missing or ran another binary.
  @discardableResult
  public static func configure(_ git: GitRepository, binary executable: String) -> Bool {
    let binary = "'" + executable.replacingOccurrences(of: "'", with: "'\\''") + "'"
    let wanted = [
      ("diff.ilgi-age.textconv", binary + " cat"),
      ("diff.ilgi-age.cachetextconv", "false"),
      ("merge.ilgi-entry.name", "ilgi: merge two versions of a diary entry"),
      ("merge.ilgi-entry.driver", binary + " merge-entry --journal . %O %A %B %P"),
    ]
    var changed = writeDeviceFile(git)
    // Read in one call: `NAME VALUE` a line.
    let ours = #"^(diff\.ilgi-age|merge\.ilgi-entry)\."#
    let listed = (try? git.check(["config", "--local", "--get-regexp", ours])) ?? ""
    var now: [String: String] = [:]
    for line in listed.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if let name = parts.first { now[String(name)] = parts.count > 1 ? String(parts[1]) : "" }
    }
    for (key, value) in wanted {
      guard now[key] != value else { continue }
      _ = try? git.check(["config", "--local", key, value])
      changed = true
    }
    return changed
  }
}
