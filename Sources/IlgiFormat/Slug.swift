import Foundation

/// The file-name part made from a title (FORMAT.md "Layout").
///
/// Unicode letters and digits are kept (NFC), every other run becomes `-`, and the result is at
/// most 60 bytes. A title too long for that is cut after its last whole word that fits (a
/// single word longer than the limit is cut on a character boundary). Latin letters are
/// lower-cased so names read alike.
public struct Slug: Hashable, Sendable, CustomStringConvertible {
  /// The slug text; may be empty, in which case the file name leaves it out.
  public let rawValue: String

  /// The longest a slug may be, in UTF-8 bytes.
  public static let maximumBytes = 60

  /// Makes the slug of a title.
  public init(title: String) {
    var result = ""
    var pendingDash = false
    for character in title.nfc.lowercased() {
      let keep = character.unicodeScalars.allSatisfy {
        CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0)
          || CharacterSet.nonBaseCharacters.contains($0)
      }
      if keep {
        if pendingDash && !result.isEmpty {
          if result.utf8.count + 1 + character.utf8.count > Self.maximumBytes { break }
          result.append("-")
        }
        pendingDash = false
        if result.utf8.count + character.utf8.count > Self.maximumBytes {
          // Mid-word: back to the end of the last whole word, when there is one.
          if let dash = result.lastIndex(of: "-") { result = String(result[..<dash]) }
          break
        }
        result.append(character)
      } else {
        pendingDash = true
      }
    }
    rawValue = result.nfc
  }

  /// The slug text.
  public var description: String { rawValue }
}
