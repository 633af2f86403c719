import Foundation

extension String {
  /// The text in Unicode NFC, the form ilgi stores and searches.
  ///
  /// Foundation's normalization is slow on Linux, and nearly all text is already NFC, so it runs
  /// only when a character that normalization could change is present: combining marks,
  /// conjoining Hangul jamo (Hangul typed on macOS arrives decomposed), kana voicing marks.
  var nfc: String {
    for scalar in unicodeScalars where scalar.value >= 0x300 {
      switch scalar.value {
      case 0x300...0x36F, 0x1100...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0x3099...0x309A,
        0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFE20...0xFE2F, 0x0483...0x0489, 0x0591...0x05C7, 0x0610...0x061A,
        0x064B...0x065F, 0x0900...0x0DFF, 0x0F00...0x0FFF:
        return precomposedStringWithCanonicalMapping
      default: continue
      }
    }
    return self
  }
}

extension StringProtocol {
  /// The text without leading and trailing white space and newlines, done in Swift (Foundation's
  /// `trimmingCharacters` goes through NSString on Linux and is many times slower).
  public var trimmed: SubSequence {
    var start = startIndex
    var end = endIndex
    while start < end, self[start].isWhitespace { start = index(after: start) }
    while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
    return self[start..<end]
  }
}
