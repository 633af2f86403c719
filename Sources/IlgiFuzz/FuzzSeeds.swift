/// Starting inputs for every target (the first byte picks the target, as in `FuzzTargets.run`).
public enum FuzzSeeds {
  static let documents = [
    "---\nid: 0F8B6C0E-6C2B-4B8E-9E0B-8F1D2A3C4B5D\ndate: 2026-11-21T09:30:00+09:00\nweather: Clear\ntags: [running, morning]\n---\nMorning run\n\nCold but **bright**. #river\n",
    "\u{FEFF}---\r\ntitle: \"Quoted: title\"\r\ndate: 2024-02-29 23:59\r\n# a comment\r\nextra:\r\n  nested: [1, 2]\r\n---\r\nBody\r\n",
    "No front matter at all\n\njust text\n",
    "---\ntags: one, two three\nweather: 맑음, 4°C\n---\n# 저녁 산책\n\n학교에서 돌아와 산책을 했다.\n",
    "---\n---\n",
    "---\nkey: |\n  block\n  text\nother: >\n  folded\n---\n",
  ]
  static let selectors = [
    "last", "2026-11-21", "2026/11/2026-11-21-0930-run.md", "0F8B6C0E", "../etc/passwd", "a/b.md",
  ]
  static let dates = [
    "2026-11-21T09:30:00+09:00", "2026-11-21 09:30", "2026-11-21T09:30Z", "2026-11-21T09:30:15.123+0530",
    "2026-11-21", "2026-03-29T02:30", "1970-01-01T00:00:00Z", "2026-11-21-0930-title.md",
  ]
  static let ranges = [
    "today", "yesterday", "3 days ago", "last monday", "2024", "2024-05", "오늘", "어제", "그저께", "지난주", "3일 전", "지난 월요일",
  ]

  /// Every seed, tagged with its target's first byte.
  public static var all: [[UInt8]] {
    var seeds: [[UInt8]] = []
    for text in documents {
      seeds.append([0] + Array(text.utf8))
      seeds.append([1] + Array("Rain, 12°C".utf8) + [0] + Array(text.utf8))
    }
    seeds += selectors.map { [2] + Array($0.utf8) }
    seeds += dates.map { [3] + Array($0.utf8) }
    seeds += ranges.map { [4] + Array($0.utf8) }
    seeds.append([5] + FuzzTargets.ageFile.prefix(4000))
    seeds.append([5] + Array("age-encryption.org/v1\n-> scrypt AAAAAAAAAAAAAAAAAAAAAA 10\nAAAA\n--- AAAA\n".utf8))
    seeds.append([6, 0, 0, 200, 0, 1, 2, 3])
    return seeds
  }
}
