import IlgiFormat

/// Three versions of an entry's front matter merged key by key, not line by line: two devices
/// that changed neighbouring keys (one the date, the other the tags; one starring, the other
/// retagging) touch neighbouring lines, which a merge of lines takes for one passage changed
/// on both sides, and keeping both sides' lines would write each key twice, a block no YAML
/// reader accepts.
enum FrontMatterMerge {
  /// `first`'s block, with each key only `second` changed from `base` (added, changed or
  /// removed) taken from `second`. A key both changed, each its own way, keeps `first`'s lines
  /// followed by `second`'s as comments, and makes `conflicting` true: nothing either wrote is
  /// lost, and the block still reads as YAML. A key `first` removed and `second` changed comes
  /// back, as `second` has it. Blank and comment lines between keys are `first`'s. Nil when a
  /// block cannot be split by key (`blocks()`) or the result does not read as YAML.
  static func merge(base: FrontMatter?, first: FrontMatter, second: FrontMatter) -> (
    block: FrontMatter, conflicting: Bool
  )? {
    guard let mineBlocks = first.blocks(), let theirBlocks = second.blocks() else { return nil }
    var baseBlocks: [(key: String?, lines: [String])] = []
    if let base {
      guard let blocks = base.blocks() else { return nil }
      baseBlocks = blocks
    }
    let bases = keyed(baseBlocks)
    let firsts = keyed(mineBlocks)
    let seconds = keyed(theirBlocks)
    let newline = first.opening.hasSuffix("\r\n") ? "\r\n" : "\n"
    var lines: [String] = []
    var conflicting = false
    for (key, mine) in mineBlocks {
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
        lines += mine + (theirs ?? []).map { "# " + $0 }
        conflicting = true
      }
    }
    for case (let key?, let theirs) in theirBlocks where firsts[key] == nil && bases[key] != theirs {
      lines += theirs
      conflicting = conflicting || bases[key] != nil
    }
    // Every line ends, so the next one stays a line of its own.
    lines = lines.map { $0.hasSuffix("\n") ? $0 : $0 + newline }
    guard let block = try? FrontMatter(opening: first.opening, lines: lines, closing: first.closing, firstLine: 1)
    else { return nil }
    return (block, conflicting)
  }

  private static func keyed(_ blocks: [(key: String?, lines: [String])]) -> [String: [String]] {
    var keyed: [String: [String]] = [:]
    for case (let key?, let lines) in blocks { keyed[key] = lines }
    return keyed
  }
}

extension FrontMatter {
  /// The block's lines in order, each top-level key's own lines (`lineRange(of:)`) under its
  /// key, and the lines around them (before the first key; blank and comment lines between
  /// keys) under none. Nil when the YAML parser's lines are not these lines (it also breaks
  /// lines at a lone `\r`, U+0085, U+2028 and U+2029), so the keys cannot be told apart here.
  func blocks() -> [(key: String?, lines: [String])]? {
    var ranges: [(key: String, range: Range<Int>)] = []
    for key in keys {
      guard let range = lineRange(of: key), range.upperBound <= lines.count else { return nil }
      ranges.append((key, range))
    }
    ranges.sort { $0.range.lowerBound < $1.range.lowerBound }
    var blocks: [(key: String?, lines: [String])] = []
    var at = 0
    for (key, range) in ranges {
      guard range.lowerBound >= at else { return nil }
      if range.lowerBound > at { blocks.append((nil, Array(lines[at..<range.lowerBound]))) }
      blocks.append((key, Array(lines[range])))
      at = range.upperBound
    }
    if at < lines.count { blocks.append((nil, Array(lines[at...]))) }
    return blocks
  }
}
