import Foundation

extension String {
  /// The text in Unicode NFC, the form ilgi stores and searches.
  ///
  /// Foundation's normalization is slow on Linux, and nearly all text is already NFC, so it runs
  /// only when a character that normalization could change is present: combining marks,
  /// conjoining Hangul jamo (Hangul typed on macOS arrives decomposed), kana voicing marks.
  package var nfc: String {
    var text = self
    let changes = text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        // Eight ASCII bytes at once.
        if index &+ 8 <= bytes.count,
          UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080
            == 0
        {
          index &+= 8
          continue
        }
        let lead = bytes[index]
        // Every scalar below starts with a lead byte from 0xCC on: ASCII, the Latin letters
        // below U+0300 and the continuation bytes are passed over one by one.
        if lead < 0xCC {
          index += 1
          continue
        }
        // Han (U+4000 to U+9FFF), most Hangul syllables (U+B000 to U+CFFF) and scalars beyond
        // U+FFFF hold none of them either.
        if lead >= 0xF0 {
          index += 4
          continue
        }
        if (0xE4...0xE9).contains(lead) || lead == 0xEB || lead == 0xEC {
          index += 3
          continue
        }
        let (value, length) = bytes.scalar(at: index)
        switch value {
        case 0x300...0x36F, 0x1100...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0x3099...0x309A,
          0xA960...0xA97F, 0xD7B0...0xD7FF, 0xFE20...0xFE2F, 0x0483...0x0489, 0x0591...0x05C7, 0x0610...0x061A,
          0x064B...0x065F, 0x0900...0x0DFF, 0x0F00...0x0FFF:
          return true
        default: index += length
        }
      }
      return false
    }
    return changes ? precomposedStringWithCanonicalMapping : self
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The value of the Unicode scalar whose UTF-8 starts at `index`, and its length in bytes; the
  /// bytes must be valid UTF-8, as a String's and cmark's are.
  @inline(__always)
  package func scalar(at index: Int) -> (value: UInt32, length: Int) {
    let lead = self[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(self[index + offset] & 0x3F) }
    return (value, length)
  }

  /// Whether `byte` occurs from `start` on at an index `accept` takes; each occurrence is found
  /// with memchr, which reads many bytes at a time.
  package func contains(_ byte: UInt8, from start: Int = 0, where accept: (Int) -> Bool) -> Bool {
    guard let base = baseAddress else { return false }
    var index = start
    while index < count, let found = memchr(base + index, Int32(byte), count - index) {
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if accept(at) { return true }
      index = at + 1
    }
    return false
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

extension String {
  /// What `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`) gives, with the
  /// ASCII ends trimmed in Swift: Foundation's trimming goes through NSString on Linux and cost a
  /// tenth of reading an entry. Foundation trims only when a Unicode space is left at an end.
  package func trimmingSpaces(newlines: Bool = false) -> String {
    let utf8 = self.utf8
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || (newlines && byte >= 0x0A && byte <= 0x0D)
    }
    var start = utf8.startIndex
    var end = utf8.endIndex
    while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
    while end > start, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
    let trimmed = start == utf8.startIndex && end == utf8.endIndex ? self : String(self[start..<end])
    // Beyond ASCII, Foundation's white space is Unicode's space separators and U+200B (and,
    // with newlines, NEL and the line and paragraph separators), as it says on this system.
    func mayBeSpace(_ scalar: Unicode.Scalar?) -> Bool {
      switch scalar?.value ?? 0 {
      case 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
      default: false
      }
    }
    guard mayBeSpace(trimmed.unicodeScalars.first) || mayBeSpace(trimmed.unicodeScalars.last) else { return trimmed }
    return trimmed.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
  }
}

extension String {
  /// Whether the text holds `needle`, byte for byte. Foundation's `contains` goes through
  /// NSString on Linux: for the two looks every entry gets when it is indexed (conflict markers,
  /// links to attachments) it was a quarter of a rebuild's time.
  package func holds(_ needle: String) -> Bool {
    var text = self
    var needle = needle
    return text.withUTF8 { haystack in
      needle.withUTF8 { pattern in
        guard let first = pattern.first, let start = pattern.baseAddress else { return true }
        guard haystack.count >= pattern.count, let base = haystack.baseAddress else { return false }
        let last = haystack.count - pattern.count
        var at = 0
        while at <= last, let found = memchr(base + at, Int32(first), last - at + 1) {
          let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          if memcmp(base + offset, start, pattern.count) == 0 { return true }
          at = offset + 1
        }
        return false
      }
    }
  }
}
