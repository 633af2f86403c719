/// Keeps entry text from moving the cursor or changing colours in the person's terminal.
enum Sanitize {
  /// One line with control characters removed.
  static func line(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter {
          !($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
        }))
  }
}
