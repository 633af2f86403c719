import Foundation
import IlgiSystem

/// A three-way merge of an entry's text, as `git merge-file` makes it: the changes from `base`
/// to `theirs` applied to `mine`, with git's conflict markers where both changed the same lines.
public enum TextMerge {
  /// What the merge gave.
  public enum Outcome: Sendable, Equatable {
    /// Both sides' changes, without conflicts.
    case clean([UInt8])
    /// Both sides' changes, and `<<<<<<<` / `=======` / `>>>>>>>` around the lines both changed.
    case conflicted([UInt8])
  }

  /// The labels git writes beside its markers.
  public struct Labels: Sendable {
    /// The side being saved.
    public var mine: String
    /// What both sides started from.
    public var base: String
    /// The other side.
    public var theirs: String

    /// Makes labels.
    public init(mine: String, base: String, theirs: String) {
      self.mine = mine
      self.base = base
      self.theirs = theirs
    }
  }

  /// Merges through `git merge-file` at `git`, with the three texts in `scratch` (a private
  /// folder, removed afterwards: the texts are diary entries). Without git, or when it fails,
  /// the whole of both sides stands between one pair of markers.
  public static func merge(
    base: [UInt8], mine: [UInt8], theirs: [UInt8], labels: Labels, git: String?, scratch: String
  ) -> Outcome {
    if mine == base { return .clean(theirs) }
    if theirs == base || theirs == mine { return .clean(mine) }
    if let git,
      let merged = try? gitMerge(base: base, mine: mine, theirs: theirs, labels: labels, git: git, scratch: scratch)
    {
      return merged
    }
    return .conflicted(wholeConflict(mine: mine, theirs: theirs, labels: labels))
  }

  /// Two texts that both changed from `base`, joined without conflict markers: the changes of
  /// each applied to the other, and where both changed the same place, `first`'s lines then
  /// `second`'s. `overlapping` is true when at that place both changed lines of `base` (two
  /// versions of one passage stand one after the other, for the person to settle); two
  /// additions at one place (the commonest diary case: both wrote at the end) are not. Nil
  /// without git, or when it fails.
  public static func combine(base: [UInt8], first: [UInt8], second: [UInt8], git: String, scratch: String) -> (
    text: [UInt8], overlapping: Bool
  )? {
    if first == base || first == second { return (second, false) }
    if second == base { return (first, false) }
    // Labels no diary line holds, so the markers git writes are told apart from the text.
    let tag = "ilgi-" + UUID().uuidString
    let labels = Labels(mine: tag + "-first", base: tag + "-base", theirs: tag + "-second")
    guard
      let merged = try? gitMerge(
        base: base, mine: first, theirs: second, labels: labels, git: git, scratch: scratch, diff3: true)
    else { return nil }
    guard case .conflicted(let marked) = merged else {
      if case .clean(let text) = merged { return (text, false) }
      return nil
    }
    return unmark(marked, labels: labels)
  }

  /// A diff3-style merge's text with every conflict replaced by its first side's lines, then
  /// its second side's; whether any conflict changed lines of the base.
  static func unmark(_ marked: [UInt8], labels: Labels) -> (text: [UInt8], overlapping: Bool) {
    enum Part { case outside, first, base, second }
    var part = Part.outside
    var text: [UInt8] = []
    var first: [UInt8] = []
    var second: [UInt8] = []
    var baseHadLines = false
    var overlapping = false
    for line in marked.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(marked.last == 0x0A ? 1 : 0) {
      // A CRLF file's markers end in `\r\n` too: the `\r` is no part of a marker.
      let string = String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
      switch (part, string) {
      case (.outside, "<<<<<<< " + labels.mine):
        (part, first, second, baseHadLines) = (.first, [], [], false)
      case (.first, "||||||| " + labels.base): part = .base
      case (.base, "======="): part = .second
      case (.second, ">>>>>>> " + labels.theirs):
        overlapping = overlapping || baseHadLines
        text += first + second
        part = .outside
      case (.outside, _): text += line + [0x0A]
      case (.first, _): first += line + [0x0A]
      case (.base, _): baseHadLines = true
      case (.second, _): second += line + [0x0A]
      }
    }
    if marked.last != 0x0A, text.last == 0x0A, part == .outside { text.removeLast() }
    return (text, overlapping)
  }

  private static func gitMerge(
    base: [UInt8], mine: [UInt8], theirs: [UInt8], labels: Labels, git: String, scratch: String, diff3: Bool = false
  ) throws -> Outcome? {
    try FileManager.default.createDirectory(
      atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let files = ["mine", "base", "theirs"].map { scratch + "/" + $0 }
    for (file, bytes) in zip(files, [mine, base, theirs]) {
      guard FileManager.default.createFile(atPath: file, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
      else { return nil }
    }
    let result = try ChildProcess.run(
      [git, "merge-file", "-p"] + (diff3 ? ["--diff3"] : [])
        + ["-L", labels.mine, "-L", labels.base, "-L", labels.theirs] + files,
      environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
    // The exit status is the number of conflicts; 255 or more is an error.
    guard (0..<128).contains(result.status) else { return nil }
    let merged = Array(result.stdout.utf8)
    return result.status == 0 ? .clean(merged) : .conflicted(merged)
  }

  private static func wholeConflict(mine: [UInt8], theirs: [UInt8], labels: Labels) -> [UInt8] {
    func ended(_ bytes: [UInt8]) -> [UInt8] { bytes.last == 0x0A || bytes.isEmpty ? bytes : bytes + [0x0A] }
    return Array("<<<<<<< \(labels.mine)\n".utf8) + ended(mine) + Array("=======\n".utf8) + ended(theirs)
      + Array(">>>>>>> \(labels.theirs)\n".utf8)
  }
}
