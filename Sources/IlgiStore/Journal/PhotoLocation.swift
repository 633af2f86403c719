import Crypto
import Foundation
import ZIPFoundation

/// Takes the place a photo was taken out of it, leaving every pixel byte as it was.
///
/// A phone writes the position into the EXIF block's GPS directory (JPEG's APP1, HEIC's and
/// AVIF's `Exif` item, WebP's `EXIF` chunk, PNG's `eXIf`), and some editors into an XMP block
/// too. The GPS directory is emptied where it stands (its values zeroed, its entry count set to
/// 0), and XMP's places blanked where they stand, so every other offset, in the EXIF block and
/// in the file around it, stays valid and nothing is re-encoded. A libexif round trip would
/// rewrite the whole EXIF block, maker notes included, which it cannot always do faithfully.
package enum PhotoLocation {
  /// `photo` without its location; the bytes as they were when there is none.
  package static func removed(from photo: [UInt8], mediaType: String) -> [UInt8] {
    let read: [UInt8]
    switch mediaType {
    case "image/jpeg": read = removed(fromJPEG: photo)
    case "image/png": read = removed(fromPNG: photo)
    case "image/webp": read = removed(fromWebP: photo)
    default: read = photo
    }
    // Then every EXIF block found by what it starts with, wherever it is: a HEIF item, and one
    // a damaged file hides from its container's walk (a JPEG segment whose length is off by
    // one, which a decoder steps over and still reads the picture).
    let heif = mediaType == "image/heic" || mediaType == "image/avif"
    let blanked = placesBlanked(emptiedWhereverFound(read, heif: heif))
    return mediaType == "image/jpeg" ? extendedXMPRenamed(blanked) : blanked
  }

  /// Whether the name at `at` is in a closing tag (`</exif:GPSLatitude>`): the `<` before it,
  /// within a namespace prefix's length, is followed by `/`.
  static func isClosingTag(_ bytes: [UInt8], _ at: Int) -> Bool {
    var back = at - 1
    while back >= 0, at - back < 48, bytes[back] != UInt8(ascii: "<") {
      if bytes[back] <= 0x20 || bytes[back] == UInt8(ascii: ">") { return false }
      back -= 1
    }
    return back >= 0 && back + 1 < bytes.count && bytes[back] == UInt8(ascii: "<")
      && bytes[back + 1] == UInt8(ascii: "/")
  }

  /// The names of places an XMP packet may hold, as editors and drones write them: EXIF's GPS
  /// position and destination in XMP (`exif:GPSLatitude`, `exif:GPSDestLongitude`), a DJI
  /// drone's `drone-dji:GpsLatitude`, and the city, state, country and location that
  /// Photoshop and IPTC name.
  static let placeNames = [
    "GPSLatitude", "GPSLongitude", "GPSAltitude", "GPSDestLatitude", "GPSDestLongitude", "GPSAreaInformation",
    "GpsLatitude", "GpsLongitude", "GpsLongtitude", "AbsoluteAltitude", "photoshop:City", "photoshop:State",
    "photoshop:Country", "Iptc4xmpCore:Location", "Iptc4xmpCore:CountryCode",
  ].map { Array($0.utf8) }

  /// `photo` with the value of every place named in XMP text blanked where it stands (spaces
  /// of the same length): `exif:GPSLatitude="37,33.5N"`, `<photoshop:City>Seoul</...>`. XMP is
  /// text in every format that holds it (a JPEG's APP1, extended XMP, a PNG's `iTXt`, a WebP's
  /// `XMP ` chunk, a HEIC's, AVIF's or GIF's XMP), so no offset moves and nothing is
  /// re-encoded; the packet stays well formed.
  static func placesBlanked(_ photo: [UInt8]) -> [UInt8] {
    var bytes = photo
    var at = 0
    var found = 0
    while at < bytes.count, found < entryLimit * 16 {
      let byte = bytes[at]
      guard
        byte == UInt8(ascii: "G") || byte == UInt8(ascii: "p") || byte == UInt8(ascii: "I")
          || byte == UInt8(ascii: "A"),
        let name = placeNames.first(where: { bytes[at...].starts(with: $0) })
      else {
        at += 1
        continue
      }
      // A name in XMP text: after its namespace's `:` (`exif:GPSLatitude`), or itself
      // prefixed and after `<` or a space (`photoshop:City`); in a closing tag, nothing to do.
      let before = at > 0 ? bytes[at - 1] : 0
      let prefixed = name.contains(UInt8(ascii: ":"))
      guard prefixed ? (before == UInt8(ascii: "<") || before <= 0x20) : before == UInt8(ascii: ":"),
        !Self.isClosingTag(bytes, at)
      else {
        at += 1
        continue
      }
      found += 1
      at += name.count
      // An attribute, `NAME="value"`, or an element, `NAME ...>value</`.
      if at + 1 < bytes.count, bytes[at] == UInt8(ascii: "="), bytes[at + 1] == 0x22 || bytes[at + 1] == 0x27 {
        let quote = bytes[at + 1]
        var end = at + 2
        while end < bytes.count, end - at < valueLimit, bytes[end] != quote, bytes[end] != UInt8(ascii: "<") {
          bytes[end] = UInt8(ascii: " ")
          end += 1
        }
        at = end
      } else if let close = bytes[at..<min(bytes.count, at + 256)].firstIndex(of: UInt8(ascii: ">")),
        !bytes[at..<close].contains(UInt8(ascii: "<"))
      {
        var end = close + 1
        // An element's text, up to the next tag; one that holds other elements (`rdf:Bag`) has
        // its own text blanked the same way, item by item.
        while end < bytes.count, end - close < valueLimit, bytes[end] != UInt8(ascii: "<") {
          if bytes[end] > 0x20 { bytes[end] = UInt8(ascii: " ") }
          end += 1
        }
        at = end
      }
    }
    return bytes
  }

  /// How many EXIF blocks one file may hold that are looked into: a camera writes one or two;
  /// a crafted file with thousands would otherwise keep a save busy.
  static let blockLimit = 64
  /// How many entries a GPS directory may have that are emptied (EXIF defines 32 GPS tags).
  static let entryLimit = 64
  /// The largest value of one GPS entry zeroed (the longest, a processing method or area
  /// name, is a few hundred bytes).
  static let valueLimit = 64 * 1024

  /// A PNG's `eXIf` chunks emptied of their position, each chunk's CRC written again; its text
  /// chunks that hold a copy of the EXIF block as hex (`Raw profile type exif`, `APP1`, as
  /// ImageMagick writes them) or XMP compressed, whose place cannot be blanked where it stands,
  /// left out whole. XMP in the clear is blanked by `placesBlanked`, and each `iTXt`'s CRC is
  /// written again after it.
  static func removed(fromPNG png: [UInt8]) -> [UInt8] {
    var bytes = placesBlanked(png)
    var dropped: [Range<Int>] = []
    var at = 8
    while at + 12 <= bytes.count {
      let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
      guard length >= 0, at + 12 + length <= bytes.count else { break }
      let kind = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
      if ["tEXt", "zTXt", "iTXt"].contains(kind) {
        let data = bytes[at + 8..<at + 8 + length]
        let keyword = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
        let compressed =
          kind == "zTXt"
          || (kind == "iTXt" && data.count > keyword.utf8.count + 1
            && data[data.startIndex + keyword.utf8.count + 1] != 0)
        if keyword.hasPrefix("Raw profile type") || (keyword == "XML:com.adobe.xmp" && compressed) {
          dropped.append(at..<at + 12 + length)
        } else {
          let crc = Data(bytes[at + 4..<at + 8 + length]).crc32(checksum: 0)
          for k in 0..<4 { bytes[at + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
        }
      }
      if bytes[at + 4..<at + 8].elementsEqual(Array("eXIf".utf8)) {
        // The chunk holds the TIFF structure itself; some writers put JPEG's `Exif\0\0` first.
        var tiff = at + 8
        if bytes[tiff..<at + 8 + length].starts(with: Array("Exif\0\0".utf8)) { tiff += 6 }
        emptyGPSDirectory(&bytes, tiff: tiff, end: at + 8 + length)
        let crc = Data(bytes[at + 4..<at + 8 + length]).crc32(checksum: 0)
        for k in 0..<4 { bytes[at + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
      }
      at += 12 + length
    }
    for range in dropped.reversed() { bytes.removeSubrange(range) }
    return bytes
  }

  /// A WebP's `EXIF` chunk emptied of its position (RIFF keeps no checksum).
  static func removed(fromWebP webp: [UInt8]) -> [UInt8] {
    var bytes = webp
    var at = 12
    while at + 8 <= bytes.count {
      let length = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
      guard length >= 0, at + 8 + length <= bytes.count else { break }
      if bytes[at..<at + 4].elementsEqual(Array("EXIF".utf8)) {
        var tiff = at + 8
        if bytes[tiff..<at + 8 + length].starts(with: Array("Exif\0\0".utf8)) { tiff += 6 }
        emptyGPSDirectory(&bytes, tiff: tiff, end: at + 8 + length)
      }
      at += 8 + length + (length & 1)
    }
    return bytes
  }

  /// Every EXIF block in `photo` emptied of its position, found by what it starts with
  /// (`Exif\0\0` and a TIFF header): a HEIC's or AVIF's `Exif` item without reading the boxes
  /// that place it, since emptying happens inside it and no box changes. In a HEIF file (`heif`)
  /// the item may also hold the TIFF header right after its 4-byte header offset of 0.
  static func emptiedWhereverFound(_ photo: [UInt8], heif: Bool = false) -> [UInt8] {
    var bytes = photo
    let little = Array("II*\0".utf8)
    let big = Array("MM\0*".utf8)
    let marks: [(prefix: [UInt8], skip: Int)] =
      [(Array("Exif\0\0".utf8) + little, 6), (Array("Exif\0\0".utf8) + big, 6)]
      + (heif ? [([0, 0, 0, 0] + little + [8, 0, 0, 0], 4), ([0, 0, 0, 0] + big + [0, 0, 0, 8], 4)] : [])
    var blocks = 0
    var at = 0
    while at + 10 <= bytes.count, blocks < blockLimit {
      let byte = bytes[at]
      if byte == 0x45 || (heif && byte == 0),
        let mark = marks.first(where: { at + $0.prefix.count <= bytes.count && bytes[at...].starts(with: $0.prefix) })
      {
        emptyGPSDirectory(&bytes, tiff: at + mark.skip, end: bytes.count)
        blocks += 1
        at += mark.prefix.count
      } else {
        at += 1
      }
    }
    return bytes
  }

  /// `jpeg` with its EXIF block's GPS directory emptied (its XMP is `placesBlanked`'s).
  static func removed(fromJPEG jpeg: [UInt8]) -> [UInt8] {
    var bytes = jpeg
    forEachSegment(bytes) { marker, _, payload in
      guard marker == 0xE1, starts(bytes, payload, Array("Exif\0\0".utf8)) else { return }
      emptyGPSDirectory(&bytes, tiff: payload.lowerBound + 6, end: payload.upperBound)
    }
    return bytes
  }

  static let mainXMP = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  static let extendedXMP = Array("http://ns.adobe.com/xmp/extension/\0".utf8)

  /// A JPEG's extended XMP (the part of a packet over 64 KB, in APP1 segments of its own, named
  /// by the MD5 of its whole text in hex) named again once its places are blanked: the new MD5
  /// in each of its segments and in the main packet's `xmpNote:HasExtendedXMP`, where readers
  /// look for it (exiftool ignores a part whose MD5 is not its name). The names are as long as
  /// before, so no offset moves.
  static func extendedXMPRenamed(_ jpeg: [UInt8]) -> [UInt8] {
    var bytes = jpeg
    // Each part: where its name is, the whole's length, and where its piece goes in the whole.
    var parts: [[UInt8]: [(name: Int, total: Int, offset: Int, piece: Range<Int>)]] = [:]
    forEachSegment(bytes) { marker, _, payload in
      let header = extendedXMP.count + 40
      guard marker == 0xE1, payload.count >= header, starts(bytes, payload, extendedXMP) else { return }
      let name = payload.lowerBound + extendedXMP.count
      func number(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
      parts[Array(bytes[name..<name + 32]), default: []].append(
        (name, number(name + 32), number(name + 36), payload.lowerBound + header..<payload.upperBound))
    }
    for (old, pieces) in parts {
      guard let total = pieces.first?.total, total <= jpeg.count else { continue }
      var whole = [UInt8](repeating: 0, count: total)
      for piece in pieces where piece.offset + piece.piece.count <= total {
        whole.replaceSubrange(piece.offset..<piece.offset + piece.piece.count, with: bytes[piece.piece])
      }
      let new = Array(Insecure.MD5.hash(data: whole).map { String(format: "%02X", $0) }.joined().utf8)
      guard new != old else { continue }
      for piece in pieces { bytes.replaceSubrange(piece.name..<piece.name + 32, with: new) }
      forEachSegment(bytes) { marker, _, payload in
        guard marker == 0xE1, starts(bytes, payload, mainXMP) else { return }
        var at = payload.lowerBound
        while let found = bytes[at..<payload.upperBound].firstRange(of: old) {
          bytes.replaceSubrange(found, with: new)
          at = found.upperBound
        }
      }
    }
    return bytes
  }

  /// Calls `body` with each marker segment before the image data: its marker, its whole range
  /// (from the 0xFF) and its payload's range (after the length).
  private static func forEachSegment(_ bytes: [UInt8], _ body: (UInt8, Range<Int>, Range<Int>) -> Void) {
    guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return }
    var at = 2
    while at + 4 <= bytes.count, bytes[at] == 0xFF {
      let marker = bytes[at + 1]
      if marker == 0xFF {
        at += 1  // fill byte
        continue
      }
      // Start of scan: the compressed pixels follow; end of image.
      if marker == 0xDA || marker == 0xD9 { return }
      let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
      guard length >= 2, at + 2 + length <= bytes.count else { return }
      body(marker, at..<at + 2 + length, at + 4..<at + 2 + length)
      at += 2 + length
    }
  }

  /// Empties the GPS directory of the TIFF structure at `tiff` (an EXIF block ending at `end`).
  static func emptyGPSDirectory(_ bytes: inout [UInt8], tiff: Int, end: Int) {
    guard tiff + 8 <= end else { return }
    let little = bytes[tiff] == 0x49 && bytes[tiff + 1] == 0x49
    guard little || (bytes[tiff] == 0x4D && bytes[tiff + 1] == 0x4D) else { return }
    func read(_ offset: Int, _ width: Int) -> Int? {
      guard offset >= tiff, offset + width <= end else { return nil }
      var value = 0
      for k in 0..<width {
        let byte = Int(bytes[offset + (little ? width - 1 - k : k)])
        value = value << 8 | byte
      }
      return value
    }
    guard let first = read(tiff + 4, 4), let count = read(tiff + first, 2) else { return }
    var gps: Int?
    // IFD0 holds a few dozen entries; the GPS pointer is among the first.
    for k in 0..<min(count, 1_024) {
      let entry = tiff + first + 2 + 12 * k
      if read(entry, 2) == 0x8825 { gps = read(entry + 8, 4) }
    }
    guard let gps, let entries = read(tiff + gps, 2) else { return }
    let widths = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8]
    for k in 0..<min(entries, entryLimit) {
      let entry = tiff + gps + 2 + 12 * k
      guard entry + 12 <= end, let type = read(entry + 2, 2), let number = read(entry + 4, 4) else { break }
      let size = (widths[type] ?? 1) * min(number, valueLimit + 1)
      if size > 4, size <= valueLimit, let offset = read(entry + 8, 4), offset >= 8, tiff + offset + size <= end {
        zero(&bytes, tiff + offset..<tiff + offset + size)
      }
      zero(&bytes, entry..<entry + 12)
    }
    // No entries, and (in the first zeroed entry's place) no next directory.
    if tiff + gps + 2 <= end {
      bytes[tiff + gps] = 0
      bytes[tiff + gps + 1] = 0
    }
  }

  private static func zero(_ bytes: inout [UInt8], _ range: Range<Int>) {
    bytes.replaceSubrange(range, with: repeatElement(0, count: range.count))
  }

  private static func starts(_ bytes: [UInt8], _ range: Range<Int>, _ prefix: [UInt8]) -> Bool {
    range.count >= prefix.count && bytes[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
  }
}
