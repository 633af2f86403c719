import CQREncode

/// A QR code of a text, made by libqrencode: what `ilgi serve` prints so a phone's camera can
/// open the journal (its address with the token) without typing it.
struct QRCode {
  /// The modules, row by row: true is dark.
  let rows: [[Bool]]

  /// The code of `text` at error correction level M; nil when libqrencode cannot make one.
  init?(_ text: String) {
    guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    guard let data = code.pointee.data else { return nil }
    // Bit 0 of each byte is the module's colour; the others say how libqrencode placed it.
    rows = (0..<width).map { y in (0..<width).map { x in data[y * width + x] & 1 == 1 } }
  }

  /// The code as terminal text, two rows of modules per line in half blocks, dark on light
  /// whatever the terminal's colours, inside the quiet zone a reader needs.
  func terminalText(quiet: Int = 2) -> String {
    let width = rows.count + 2 * quiet
    func dark(_ x: Int, _ y: Int) -> Bool {
      let (column, row) = (x - quiet, y - quiet)
      return rows.indices.contains(row) && rows.indices.contains(column) && rows[row][column]
    }
    var out = ""
    for y in stride(from: 0, to: width, by: 2) {
      out += "\u{1B}[30;47m"
      for x in 0..<width {
        switch (dark(x, y), dark(x, y + 1)) {
        case (true, true): out += "█"
        case (true, false): out += "▀"
        case (false, true): out += "▄"
        case (false, false): out += " "
        }
      }
      out += "\u{1B}[0m\n"
    }
    return out
  }
}
