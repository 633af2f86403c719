/// How many columns text takes on a terminal: East Asian wide and fullwidth characters
/// (Hangul, Han, kana, fullwidth forms) and emoji take two, any other character one.
public enum DisplayWidth {
  /// The columns `text` takes.
  public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

  /// The columns `character` takes.
  public static func of(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first?.value else { return 0 }
    switch scalar {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
      0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
