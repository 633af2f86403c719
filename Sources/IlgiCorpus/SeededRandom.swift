import Foundation

/// A random source that gives the same numbers for the same seed on every platform and Swift
/// version (SplitMix64), so a corpus is reproducible from its seed alone.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// A number in `range`.
  mutating func within(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

  /// True with probability `share` (0...1).
  mutating func chance(_ share: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < share }

  /// One element of a non-empty array.
  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// An element of `list`, drawn by its weights.
  mutating func pick<T>(_ list: SkewedList<T>) -> T {
    let target = Double(next() >> 11) / Double(1 << 53) * list.total
    var low = 0
    var high = list.cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if list.cumulative[middle] <= target { low = middle + 1 } else { high = middle }
    }
    return list.items[low]
  }

  /// A version-4-shaped UUID, upper-case, from this source.
  mutating func uuid() -> String {
    let high = next()
    let low = next()
    let hex = String(format: "%016llX%016llX", high, low)
    var characters = Array(hex)
    characters[12] = "4"
    characters[16] = Array("89AB")[Int(low >> 62)]
    let text = String(characters)
    let cuts = [0, 8, 12, 16, 20, 32].map { text.index(text.startIndex, offsetBy: $0) }
    return (0..<5).map { String(text[cuts[$0]..<cuts[$0 + 1]]) }.joined(separator: "-")
  }
}

/// Items drawn with weight 1/(rank+1): the first ones common, the last rare, as words and tags
/// are in a real diary.
struct SkewedList<T> {
  let items: [T]
  let cumulative: [Double]
  var total: Double { cumulative[cumulative.count - 1] }

  init(_ items: [T]) {
    self.items = items
    var sum = 0.0
    cumulative = items.indices.map { rank in
      sum += 1 / Double(rank + 1)
      return sum
    }
  }
}
