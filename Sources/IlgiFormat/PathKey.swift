/// A path as a dictionary key, hashed and compared by its bytes.
///
/// Swift hashes and compares a `String` through its Unicode normalization, which for thousands
/// of paths holding Hangul costs more than walking the journal; paths ilgi matches come from the
/// same place (the walk and the index it filled), so their bytes are what matters.
package struct PathKey: Hashable, Sendable {
  package let text: String

  package init(_ text: String) {
    self.text = text
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.text.utf8.elementsEqual(b.text.utf8)
  }

  package func hash(into hasher: inout Hasher) {
    let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    if hashed == nil {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }
}
