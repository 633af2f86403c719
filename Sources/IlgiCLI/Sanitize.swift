import IlgiMarkdown

/// Keeps entry text from moving the cursor or changing colours in the person's terminal.
enum Sanitize {
  /// One line with control characters removed and bidirectional controls shown as marks.
  static func line(_ text: String) -> String { MarkdownRenderer.terminalSafe(text, keepingLines: false) }
}
