/// A tag as a person writes it, made into the form ilgi keeps: spaces around it and one
/// leading `#` taken off, Unicode in NFC (docs/FORMAT.md, "Tags"). Two tags are the same tag
/// when their `key`s are equal: case does not matter.
public struct EntryTag: Hashable, Sendable, CustomStringConvertible {
  /// The tag as written, cleaned: `walk`, `산책`, `Work`.
  public let name: String

  /// The tag `text` names (`#walk`, ` walk `, `walk`); nil when nothing is left.
  public init?(_ text: String) {
    var cleaned = text.trimmingSpaces()
    // `#tag` and jrnl's `@tag` name one tag.
    if cleaned.hasPrefix("#") || cleaned.hasPrefix("@") { cleaned.removeFirst() }
    cleaned = cleaned.nfc
    guard !cleaned.isEmpty else { return nil }
    name = cleaned
  }

  /// What tags are compared and looked up by: the name in lower case.
  public var key: String { name.lowercased() }

  /// The name.
  public var description: String { name }

  /// Tags that differ only in case are one tag.
  public static func == (a: EntryTag, b: EntryTag) -> Bool { a.key == b.key }

  /// Hashes the key, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

}
