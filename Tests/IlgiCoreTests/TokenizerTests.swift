import GRDB
import Testing

@testable import IlgiIndex

/// The full-text table's tokenizer "ilgi" against the one it stands for, SQLite's "unicode61
/// remove_diacritics 2": the same terms at the same positions, in both columns.
@Suite struct TokenizerTests {
  /// Pieces of text: ASCII words and separators, Hangul and Han on both sides of the ranges the
  /// tokenizer takes itself, and letters unicode61 folds, strips of diacritics or splits at.
  static let pieces =
    TextShortcutTests.pieces + [
      "Word", "ABC", "x_y", "#tag", "a.b", "it's", "\u{4DFF}", "\u{4E00}", "\u{9FA5}", "\u{9FA6}", "\u{9FCB}",
      "\u{9FCC}", "\u{9FFF}", "\u{ABFF}", "\u{AC00}", "\u{D7A3}", "\u{D7A4}", "É", "Å", "ß", "İ", "ǅ", "Ǆ", "Ａ",
      "ｚ", "\u{3002}", "Σ", "ж", "ひ", "カ", "ﾊ", "\u{1F1F0}\u{1F1F7}", "ﬀ", "산책을", "학교에서", "Ångström",
    ]

  static func text(_ state: inout UInt64) -> String {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    var text = ""
    var bits = state
    for _ in 0..<Int(state >> 58) + 1 {
      if bits < 64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bits = state
      }
      text += pieces[Int(bits % UInt64(pieces.count))]
      bits /= UInt64(pieces.count)
    }
    return text
  }

  /// Every term, row, column and position the table named `table` holds.
  static func instances(_ db: Database, _ table: String) throws -> [String] {
    try db.execute(sql: "CREATE VIRTUAL TABLE temp.\(table)_terms USING fts5vocab(main, \(table), instance)")
    return try String.fetchAll(
      db,
      sql:
        "SELECT term || ' ' || doc || ' ' || col || ' ' || offset FROM temp.\(table)_terms ORDER BY term, doc, col, offset"
    )
  }

  @Test func theTermsAreThoseOfUnicode61() throws {
    let queue = try DatabaseQueue(configuration: EntryIndex.configuration())
    var state: UInt64 = 0x1A61
    let (ilgi, unicode61) = try queue.write { db in
      try db.execute(
        sql: """
          CREATE VIRTUAL TABLE fast USING fts5(title, body, content='', tokenize='ilgi');
          CREATE VIRTUAL TABLE plain USING fts5(title, body, content='', tokenize='unicode61 remove_diacritics 2');
          """)
      for row in 1...3000 {
        let (title, body) = (Self.text(&state), Self.text(&state) + " " + Self.text(&state))
        for table in ["fast", "plain"] {
          try db.execute(
            sql: "INSERT INTO \(table) (rowid, title, body) VALUES (?, ?, ?)", arguments: [row, title, body])
        }
      }
      return (try Self.instances(db, "fast"), try Self.instances(db, "plain"))
    }
    #expect(ilgi.count > 20_000)
    #expect(ilgi == unicode61)
  }

  @Test func foldsAndSplitsAsUnicode61Does() throws {
    let queue = try DatabaseQueue(configuration: EntryIndex.configuration())
    let terms = try queue.write { db in
      try db.execute(sql: "CREATE VIRTUAL TABLE fast USING fts5(body, content='', tokenize='ilgi')")
      try db.execute(
        sql: "INSERT INTO fast (rowid, body) VALUES (1, ?)",
        arguments: ["Café 산책을 했다。漢字 ÅNGSTRÖM x_y Ａ1 \u{9FA6}"])
      try db.execute(sql: "CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, fast, instance)")
      return try String.fetchAll(db, sql: "SELECT term FROM temp.terms ORDER BY offset")
    }
    #expect(terms == ["cafe", "산책을", "했다", "漢字", "angstrom", "x", "y", "ａ1", "\u{9FA6}"])
  }
}
