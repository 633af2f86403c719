import Foundation

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

  private static func gitMerge(
    base: [UInt8], mine: [UInt8], theirs: [UInt8], labels: Labels, git: String, scratch: String
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
      [git, "merge-file", "-p", "-L", labels.mine, "-L", labels.base, "-L", labels.theirs] + files,
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
