import Foundation
import IlgiFormat
import IlgiSystem

extension JournalStore {
  /// The three-way merge of an entry's text (`TextMerge`), its three texts kept for git in a
  /// scratch folder in memory, never in the journal: they are diary entries, and a run killed
  /// midway must not leave them on disk. Scratch folders a killed run left are swept first.
  public func merge(base: String, mine: String, theirs: String, labels: TextMerge.Labels) -> TextMerge.Outcome {
    merge(base: Array(base.utf8), mine: Array(mine.utf8), theirs: Array(theirs.utf8), labels: labels)
  }

  /// The same merge of three texts' bytes.
  func merge(base: [UInt8], mine: [UInt8], theirs: [UInt8], labels: TextMerge.Labels) -> TextMerge.Outcome {
    let (git, scratch) = mergeScratch()
    return TextMerge.merge(base: base, mine: mine, theirs: theirs, labels: labels, git: git, scratch: scratch)
  }

  /// git, and a scratch folder for one merge in the memory folder; no git when the folder
  /// cannot be made safely.
  private func mergeScratch() -> (git: String?, scratch: String) {
    var folder = MemoryFolder.base(variables: variables)
    var usable = (try? MemoryFolder.prepare(base: folder)) != nil
    // A plain journal's texts are on the disk already: with no folder in memory, its own
    // `.ilgi` holds the scratch, and merges work as ever.
    if !usable, sealing.mayWritePlain {
      folder = root + "/" + JournalLayout.ilgiFolder
      usable = fileSystem.exists(atPath: folder)
    }
    let git = usable ? ChildProcess.find("git", path: variables["PATH"] ?? "/usr/bin:/bin:/usr/local/bin") : nil
    if git != nil { Self.sweepScratch(in: folder) }
    return (git, folder + "/" + Self.scratchPrefix + String(getpid()) + "-" + UUID().uuidString.prefix(8))
  }

  /// Two texts that both changed from `base`, joined without conflict markers
  /// (`TextMerge.combine`), `first`'s lines then `second`'s where both wrote at one place; the
  /// scratch files in the memory folder. Nil when git cannot be run.
  public func combine(base: [UInt8], first: [UInt8], second: [UInt8]) -> (text: [UInt8], overlapping: Bool)? {
    let (git, scratch) = mergeScratch()
    guard let git else { return nil }
    return TextMerge.combine(base: base, first: first, second: second, git: git, scratch: scratch)
  }

  /// `combine` of three versions of an entry's whole file: its front matter key by key
  /// (`combineEntries`).
  func combineEntryFiles(base: [UInt8], first: [UInt8], second: [UInt8]) -> (text: [UInt8], overlapping: Bool)? {
    let (git, scratch) = mergeScratch()
    guard let git else { return nil }
    return Self.combineEntries(base, first, second, git: git, scratch: scratch)
  }

  /// Two versions of an entry that both changed from `base`, joined (`TextMerge.combine`): the
  /// front matter key by key (`FrontMatterMerge`) and the text after it line by line, when both
  /// versions have front matter; else the whole files line by line. Nil without git.
  static func combineEntries(_ base: [UInt8], _ first: [UInt8], _ second: [UInt8], git: String, scratch: String)
    -> (text: [UInt8], overlapping: Bool)?
  {
    if let documents = try? [base, first, second].map({ bytes throws(EntryDocument.DecodingProblem) in
      try EntryDocument(bytes: bytes)
    }),
      let mine = documents[1].frontMatter, let theirs = documents[2].frontMatter,
      let block = FrontMatterMerge.merge(base: documents[0].frontMatter, first: mine, second: theirs),
      let text = TextMerge.combine(
        base: Array(documents[0].content.utf8), first: Array(documents[1].content.utf8),
        second: Array(documents[2].content.utf8), git: git, scratch: scratch)
    {
      let mark: [UInt8] = documents[1].hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
      var head = block.block.text
      // A closing fence that ended the file ends its line once text follows it.
      if !head.hasSuffix("\n"), !text.text.isEmpty { head += documents[1].newline }
      return (mark + Array(head.utf8) + text.text, text.overlapping || block.conflicting)
    }
    return TextMerge.combine(base: base, first: first, second: second, git: git, scratch: scratch)
  }

  /// What merging two versions of one entry file that both changed from `base` gave.
  public enum StoredMerge: Sendable, Equatable {
    /// The merged file's bytes, sealed as the journal seals `path`; `overlapping` when both
    /// changed one passage and the text holds both versions, one after the other.
    case merged([UInt8], overlapping: Bool)
    /// Two different entries (their ids differ) that were given one name: neither is a
    /// version of the other, and both must be kept under two names. `second` is the second's
    /// id (nil when it has none), for its own name (`JournalLayout.apart`).
    case twoEntries(second: EntryID?)
    /// `second` is a later version of entry `id`, which `base` also is, while `first` is
    /// another entry: `id` was given a name of its own when the two met under one name, and
    /// this version belongs there; `first` stays.
    case movedEntry(EntryID)
    /// The versions could not be read as entries here (one is sealed to a key this device
    /// does not have, or is not an entry); why.
    case unreadable(String)
  }

  /// Merges the stored bytes (plain or sealed) of two versions of the entry file at `path`,
  /// `first` then `second` where both wrote at one place (`TextMerge.combine`); `base` is empty
  /// when both versions were added under one name. Nothing is written.
  public func mergeStored(base: [UInt8], first: [UInt8], second: [UInt8], at path: JournalPath) -> StoredMerge {
    let texts: [[UInt8]]
    do throws(EntryReadError) {
      texts = try [base, first, second].map { bytes throws(EntryReadError) in
        bytes.isEmpty ? [] : try plaintext(of: bytes, path: path)
      }
    } catch {
      return .unreadable("\(error.reason)")
    }
    let ids = texts.map { $0.isEmpty ? nil : try? reader.read($0, path: path, modified: now()).id }
    if base.isEmpty, ids[1] != ids[2] || ids[1] == nil {
      return texts[1] == texts[2] ? .merged(first, overlapping: false) : .twoEntries(second: ids[2])
    }
    if let id = ids[0], ids[2] == id, let other = ids[1], other != id { return .movedEntry(id) }
    let (git, scratch) = mergeScratch()
    guard let git,
      let combined = Self.combineEntries(texts[0], texts[1], texts[2], git: git, scratch: scratch)
    else { return .unreadable("git merge-file could not be run") }
    do throws(JournalError) {
      let text = combined.overlapping ? Self.markedUnsettled(combined.text) : combined.text
      return .merged(try fileBytes(text, for: path), overlapping: combined.overlapping)
    } catch {
      return .unreadable("\(error.reason)")
    }
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
