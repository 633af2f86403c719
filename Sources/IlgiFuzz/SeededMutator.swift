import Foundation

/// A seeded mutational generator: where libFuzzer is not built, inputs come from the seeds by
/// byte flips, inserted tokens, deletions and splices, repeatable from the seed.
public struct SeededMutator {
  private var random: SplitMix64
  private let seeds: [[UInt8]]

  /// Pieces of text the parsers care about, so mutations reach deep into them.
  static let tokens: [String] = [
    "---\n", "---\r\n", ":", ": ", "\"", "'", "\\", "\n", "\r\n", "\r", "#", "[", "]", "{", "}", ",", "- ",
    "\u{FEFF}", "T", "Z", "+09:00", "-0530", " ", "\t", "2024-02-29", "9999-12-31", "0000-00-00", "24:00",
    "id: ", "date: ", "tags: ", "weather: ", "title: ", "&a", "*a", "!!str ", "|\n", ">\n", "..", "../",
    "/", ".md", "last", "오늘", "어제", "그저께", "지난주", "3 days ago", "last monday", "일기", "산책을",
    "\u{1100}\u{1161}", "é", "e\u{301}", "\u{0}", "\u{7F}", "🌧", "null", "~", "yes", "0x10", "1e9",
  ]

  /// Makes a generator over `seeds` starting from `seed`.
  public init(seed: UInt64, seeds: [[UInt8]]) {
    random = SplitMix64(seed: seed)
    self.seeds = seeds.isEmpty ? [[0]] : seeds
  }

  mutating func next() -> UInt64 { random.next() }

  mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

  /// The next input: a seed with one to eight mutations.
  public mutating func input() -> [UInt8] {
    var bytes = seeds[below(seeds.count)]
    for _ in 0...below(8) {
      let at = below(bytes.count + 1)
      switch below(6) {
      case 0 where !bytes.isEmpty:
        bytes[min(at, bytes.count - 1)] ^= UInt8(truncatingIfNeeded: 1 << below(8))
      case 1:
        bytes.insert(contentsOf: Array(Self.tokens[below(Self.tokens.count)].utf8), at: at)
      case 2 where !bytes.isEmpty:
        let end = min(bytes.count, at + 1 + below(16))
        bytes.removeSubrange(min(at, end)..<end)
      case 3:
        let other = seeds[below(seeds.count)]
        let start = below(other.count + 1)
        bytes.insert(contentsOf: other[start..<min(other.count, start + below(64))], at: at)
      case 4:
        bytes.insert(UInt8(truncatingIfNeeded: next()), at: at)
      default:
        if !bytes.isEmpty { bytes[0] = UInt8(truncatingIfNeeded: next()) }
      }
    }
    return bytes
  }
}

/// SplitMix64: a small, fast generator that gives the same numbers for the same seed, so a
/// fuzz or fault run can be repeated exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Starts the sequence at `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
