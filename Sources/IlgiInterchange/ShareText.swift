import Foundation
import IlgiFormat
import IlgiStrings

/// An entry as the apps shared it: the long date, a blank line, the title, a blank line, the
/// body. What `ilgi share` copies and what the browser's share button sends.
public enum ShareText {
  /// The share text of `entry`, its date written in `dates`' language.
  public static func text(_ entry: Entry, dates: DateStyle) -> String {
    var out = dates.long(entry.date) + "\n\n" + entry.title + "\n"
    let body = entry.body.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    if !body.isEmpty { out += "\n" + body + "\n" }
    return out
  }
}
