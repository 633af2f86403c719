import Foundation

extension JournalStore {
  /// The three-way merge of an entry's text (`TextMerge`), its three texts kept for git in a
  /// scratch folder in memory, never in the journal: they are diary entries, and a run killed
  /// midway must not leave them on disk. Scratch folders a killed run left are swept first.
  public func merge(base: String, mine: String, theirs: String, labels: TextMerge.Labels) -> TextMerge.Outcome {
    merge(base: Array(base.utf8), mine: Array(mine.utf8), theirs: Array(theirs.utf8), labels: labels)
  }

  /// The same merge of three texts' bytes.
  func merge(base: [UInt8], mine: [UInt8], theirs: [UInt8], labels: TextMerge.Labels) -> TextMerge.Outcome {
    let folder = MemoryFolder.base(variables: variables)
    let git =
      (try? MemoryFolder.prepare(base: folder)) == nil
      ? nil : ChildProcess.find("git", path: variables["PATH"] ?? "/usr/bin:/bin:/usr/local/bin")
    if git != nil { Self.sweepScratch(in: folder) }
    return TextMerge.merge(
      base: base, mine: mine, theirs: theirs, labels: labels, git: git,
      scratch: folder + "/" + Self.scratchPrefix + String(getpid()) + "-" + UUID().uuidString.prefix(8))
  }

  static let scratchPrefix = "merge-"

  /// Removes the scratch folders of merges whose process is gone.
  static func sweepScratch(in folder: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(scratchPrefix)
    {
      let parts = name.dropFirst(scratchPrefix.count).split(separator: "-")
      guard parts.count == 2, let pid = pid_t(parts[0]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
        continue
      }
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }
}
