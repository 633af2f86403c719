/// Three versions of an entry's front matter merged key by key, not line by line: two devices
/// that changed neighbouring keys (one the date, the other the tags; one starring, the other
/// retagging) touch neighbouring lines, which a merge of lines takes for one passage changed
/// on both sides, and keeping both sides' lines would write each key twice, a block no YAML
/// reader accepts.
enum FrontMatterMerge {
  /// `first`'s block, with each key only `second` changed from `base` (added, changed or
  /// removed) taken from `second`; a key both changed, each its own way, keeps `first`'s lines
  /// and makes `conflicting` true (a key `first` removed and `second` changed comes back, as
  /// `second` has it: nothing written is lost). Nil when the result does not read as YAML.
  static func merge(base: FrontMatter?, first: FrontMatter, second: FrontMatter) -> (
    block: FrontMatter, conflicting: Bool
  )? {
    let bases = base?.keyedBlocks() ?? [:]
    let firsts = first.keyedBlocks()
    let seconds = second.keyedBlocks()
    var lines: [String] = []
    var conflicting = false
    for (key, mine) in first.blocks() {
      guard let key else {
        lines += mine
        continue
      }
      let (was, theirs) = (bases[key], seconds[key])
      if theirs == was || theirs == mine {
        lines += mine
      } else if mine == was {
        lines += theirs ?? []
      } else {
        lines += mine
        conflicting = true
      }
    }
    for case (let key?, let theirs) in second.blocks() where firsts[key] == nil && bases[key] != theirs {
      lines += theirs
      conflicting = conflicting || bases[key] != nil
    }
    // A last line without its line ending (the block's own last) gets one where lines follow.
    let newline = first.opening.hasSuffix("\r\n") ? "\r\n" : "\n"
    for index in lines.indices.dropLast() where !lines[index].hasSuffix("\n") { lines[index] += newline }
    if let last = lines.last, !last.hasSuffix("\n") { lines[lines.count - 1] = last + newline }
    guard let block = try? FrontMatter(opening: first.opening, lines: lines, closing: first.closing, firstLine: 1)
    else { return nil }
    return (block, conflicting)
  }
}

extension FrontMatter {
  /// The block's lines by top-level key, in order: each key's lines run up to the next key's
  /// (its comments and blank lines with it); lines before the first key have no key.
  func blocks() -> [(key: String?, lines: [String])] {
    let starts = keys.compactMap { key in lineStart(of: key).map { (key, $0) } }.sorted { $0.1 < $1.1 }
    var blocks: [(key: String?, lines: [String])] = []
    if let first = starts.first?.1, first > 0 { blocks.append((nil, Array(lines[..<first]))) }
    if starts.isEmpty, !lines.isEmpty { blocks.append((nil, lines)) }
    for (index, (key, start)) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].1 : lines.count
      blocks.append((key, Array(lines[start..<end])))
    }
    return blocks
  }

  /// `blocks()` by key.
  func keyedBlocks() -> [String: [String]] {
    var keyed: [String: [String]] = [:]
    for case (let key?, let lines) in blocks() { keyed[key] = lines }
    return keyed
  }
}
