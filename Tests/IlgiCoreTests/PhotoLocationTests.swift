import Crypto
import Foundation
import IlgiTestSupport
import Testing

@testable import IlgiStore

/// A photo's position is taken out of every container ilgi keeps pictures in, in place: the
/// file keeps its length and every byte but the GPS directory's, and the orientation stays.
@Suite struct PhotoLocationTests {
  /// The bytes that differ between `a` and `b` (of one length) all lie in `range`.
  func onlyChanged(_ a: [UInt8], _ b: [UInt8], within range: Range<Int>) -> Bool {
    a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] || range.contains($0) }
  }

  /// CRC-32 as PNG computes it, bit by bit.
  func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

  /// The chunk holds the TIFF structure; some writers put JPEG's `Exif\0\0` before it.
  @Test(arguments: ["", "Exif\0\0"])
  func aPNGsEXIfChunkLosesThePositionAndKeepsAValidCRC(prefix: String) {
    let data = Array(prefix.utf8) + PhoneEXIF.tiff
    let chunk = Array("eXIf".utf8) + data
    let png =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(data.count) + chunk
      + bigEndian(Int(crc32(chunk[...]))) + bigEndian(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    let kept = PhotoLocation.removed(from: png, mediaType: "image/png")
    #expect(!PhoneEXIF.contains(kept, PhoneEXIF.latitude))
    #expect(kept.count == png.count)
    // The chunk's type and data from 12, its CRC after them.
    let crc = kept[12..<16 + data.count]
    #expect(Array(kept[16 + data.count..<20 + data.count]) == bigEndian(Int(crc32(crc))), "CRC written again")
    // The TIFF header and IFD0, with the orientation, are as they were.
    let header = 16 + prefix.utf8.count
    #expect(kept[16..<header + 38] == png[16..<header + 38])
  }

  @Test func aWebPsEXIFChunkLosesThePosition() {
    let tiff = PhoneEXIF.tiff
    let little = { (v: Int) in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    let vp8 = Array("VP8 ".utf8) + little(4) + [1, 2, 3, 4]
    let exif = Array("EXIF".utf8) + little(tiff.count) + tiff
    let body = Array("WEBP".utf8) + vp8 + exif
    let webp = Array("RIFF".utf8) + little(body.count) + body
    let kept = PhotoLocation.removed(from: webp, mediaType: "image/webp")
    #expect(!PhoneEXIF.contains(kept, PhoneEXIF.latitude))
    #expect(onlyChanged(webp, kept, within: (webp.count - tiff.count + 38)..<webp.count))
  }

  @Test func aHEICsExifItemLosesThePosition() {
    let header: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    let item = [0, 0, 0, 6] + Array("Exif\0\0".utf8) + PhoneEXIF.tiff
    let heic = header + Array(repeating: 0x5A, count: 100) + item + Array(repeating: 0x33, count: 50)
    let kept = PhotoLocation.removed(from: heic, mediaType: "image/heic")
    #expect(!PhoneEXIF.contains(kept, PhoneEXIF.latitude))
    let tiffStart = header.count + 100 + 10
    #expect(onlyChanged(heic, kept, within: (tiffStart + 38)..<(tiffStart + PhoneEXIF.tiff.count)))
  }

  /// HEIF lets the `Exif` item hold the TIFF header right after its 4-byte header offset, 0.
  @Test func aHEICsExifItemWithoutThePrefixLosesThePosition() {
    let header: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    let item = [0, 0, 0, 0] + PhoneEXIF.tiff
    let heic = header + Array(repeating: 0x5A, count: 100) + item + Array(repeating: 0x33, count: 50)
    let kept = PhotoLocation.removed(from: heic, mediaType: "image/heic")
    #expect(!PhoneEXIF.contains(kept, PhoneEXIF.latitude))
    let tiffStart = header.count + 100 + 4
    #expect(onlyChanged(heic, kept, within: (tiffStart + 38)..<(tiffStart + PhoneEXIF.tiff.count)))
  }

  /// A crafted file cannot keep a save busy: a GPS directory of 65,535 entries each naming a
  /// value as long as the file, and a file of nothing but EXIF headers.
  @Test func craftedBlocksAreBoundedInWork() throws {
    func short(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func long(_ v: Int) -> [UInt8] { short(v & 0xFFFF) + short(v >> 16) }
    let size = 8_000_000
    var tiff: [UInt8] = Array("II".utf8) + short(42) + long(8)
    tiff += short(1) + short(0x8825) + short(4) + long(1) + long(26) + long(0)
    tiff += short(0xFFFF)
    for _ in 0..<0xFFFF { tiff += short(2) + short(1) + long(size - 100) + long(8) }
    tiff += Array(repeating: 7, count: size - tiff.count)
    let wide = Array("Exif\0\0".utf8) + tiff
    var started = Date()
    let kept = PhotoLocation.emptiedWhereverFound(wide)
    #expect(Date().timeIntervalSince(started) < 5, "a bounded number of entries and bytes")
    #expect(kept.count == wide.count)
    #expect(kept[6 + 26] == 0 && kept[6 + 27] == 0, "the directory counts no entries")

    let headers = Array([[UInt8]](repeating: Array("Exif\0\0II*\0".utf8) + long(8), count: 200_000).joined())
    started = Date()
    _ = PhotoLocation.removed(from: headers, mediaType: "image/heic")
    #expect(Date().timeIntervalSince(started) < 5, "a bounded number of blocks")
  }

  /// A segment whose length is off by one hides the EXIF block from a walk of the segments; a
  /// decoder steps over the stray byte and shows the picture, so the position must go anyway.
  @Test func aJPEGWithAMisalignedSegmentStillLosesThePosition() {
    let photo = PhoneEXIF.inJPEG([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9])
    // A comment segment claiming one byte more than it holds, before the EXIF segment.
    let damaged = Array(photo.prefix(2)) + [0xFF, 0xFE, 0, 7] + Array("drop".utf8) + Array(photo.dropFirst(2))
    let kept = PhotoLocation.removed(from: damaged, mediaType: "image/jpeg")
    #expect(!PhoneEXIF.contains(kept, PhoneEXIF.latitude))
    #expect(kept.count == damaged.count)
  }

  @Test func damagedBlocksNeverCrashAndChangeNothingOutside() {
    var random = SystemRandomNumberGenerator()
    for kind in ["image/jpeg", "image/png", "image/webp", "image/heic"] {
      for _ in 0..<200 {
        var bytes = PhoneEXIF.inJPEG([0xFF, 0xD8, 0xFF, 0xD9])
        if kind != "image/jpeg" { bytes = Array("Exif\0\0".utf8) + PhoneEXIF.tiff }
        for _ in 0..<8 {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        }
        let kept = PhotoLocation.removed(from: bytes, mediaType: kind)
        #expect(kept.count <= bytes.count)
      }
    }
  }

  /// An XMP packet as editors, Photoshop and drones write it: the places in it, as attributes
  /// and as elements, and a title that is not a place.
  static let xmp = Array(
    """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="37,33.5N" \
    drone-dji:GpsLongitude='126.97' dc:format="image/png"><photoshop:City>Seoul</photoshop:City>\
    <exif:GPSDestLongitude>126,58.7E</exif:GPSDestLongitude><dc:title>By the river</dc:title>\
    </rdf:Description></rdf:RDF></x:xmpmeta>
    """.utf8)

  /// Whether `bytes` still say where: any of the packet's places.
  func saysWhere(_ bytes: [UInt8]) -> Bool {
    ["37,33.5N", "126.97", "Seoul", "126,58.7E"].contains { PhoneEXIF.contains(bytes, Array($0.utf8)) }
  }

  /// XMP text is blanked where it stands in every format: in a PNG's `iTXt` (its CRC written
  /// again), a WebP's `XMP ` chunk, a HEIC's item, a JPEG's extended XMP. The length stays, the
  /// packet's other values stay, and nothing but the places changes.
  @Test func placesInXMPAreBlankedInEveryFormat() {
    let itxt = Array("iTXt".utf8) + Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Self.xmp
    let png =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(itxt.count - 4) + itxt
      + bigEndian(Int(crc32(itxt[...]))) + bigEndian(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    let keptPNG = PhotoLocation.removed(from: png, mediaType: "image/png")
    #expect(!saysWhere(keptPNG) && keptPNG.count == png.count)
    #expect(
      PhoneEXIF.contains(keptPNG, Array("By the river".utf8)) && PhoneEXIF.contains(keptPNG, Array("image/png".utf8)))
    let end = 8 + 8 + itxt.count - 4
    #expect(Array(keptPNG[end..<end + 4]) == bigEndian(Int(crc32(keptPNG[12..<end]))), "CRC written again")

    let little = { (v: Int) in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    let body = Array("WEBP".utf8) + Array("XMP ".utf8) + little(Self.xmp.count) + Self.xmp
    let webp = Array("RIFF".utf8) + little(body.count) + body
    let keptWebP = PhotoLocation.removed(from: webp, mediaType: "image/webp")
    #expect(!saysWhere(keptWebP) && keptWebP.count == webp.count)

    let heic = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + Self.xmp
    for type in ["image/heic", "image/avif", "image/gif"] {
      let kept = PhotoLocation.removed(from: heic, mediaType: type)
      #expect(!saysWhere(kept) && kept.count == heic.count, "\(type)")
      #expect(PhoneEXIF.contains(kept, Array("</photoshop:City><exif:GPSDestLongitude>".utf8)), "\(type): tags kept")
    }

    let extended =
      Array("http://ns.adobe.com/xmp/extension/\0".utf8) + Array(repeating: UInt8(ascii: "0"), count: 40) + Self.xmp
    let jpeg =
      [0xFF, 0xD8, 0xFF, 0xE1] + [UInt8((extended.count + 2) >> 8), UInt8((extended.count + 2) & 0xFF)] + extended + [
        0xFF, 0xD9,
      ]
    let keptJPEG = PhotoLocation.removed(from: jpeg, mediaType: "image/jpeg")
    #expect(!saysWhere(keptJPEG) && keptJPEG.count == jpeg.count)
  }

  /// A JPEG's extended XMP is named by the MD5 of its text: blanked, it is named again, in its
  /// segment and in the main packet's `xmpNote:HasExtendedXMP`, so readers still join the two;
  /// the main packet, its places blanked too, stays with its other values.
  @Test func aJPEGsExtendedXMPIsNamedAgainAfterItsPlacesAreBlanked() throws {
    func md5(_ bytes: [UInt8]) -> [UInt8] {
      Array(Insecure.MD5.hash(data: bytes).map { String(format: "%02X", $0) }.joined().utf8)
    }
    func app1(_ payload: [UInt8]) -> [UInt8] {
      [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }
    let name = md5(Self.xmp)
    let main =
      Array("http://ns.adobe.com/xap/1.0/\0".utf8)
      + Array("<x:xmpmeta><rdf:Description xmpNote:HasExtendedXMP=\"".utf8) + name
      + Array("\" exif:GPSLatitude=\"37,33.5N\" dc:format=\"image/jpeg\"/></x:xmpmeta>".utf8)
    let length = Self.xmp.count
    let sizes: [UInt8] = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + [0, 0, 0, 0]
    let extended = Array("http://ns.adobe.com/xmp/extension/\0".utf8) + name + sizes + Self.xmp
    let jpeg = [0xFF, 0xD8] + app1(main) + app1(extended) + [0xFF, 0xD9]
    let kept = PhotoLocation.removed(from: jpeg, mediaType: "image/jpeg")
    #expect(!saysWhere(kept) && kept.count == jpeg.count)
    #expect(PhoneEXIF.contains(kept, Array("dc:format=\"image/jpeg\"".utf8)), "the main packet's other values stay")
    let blanked = Array(kept[(kept.count - 2 - Self.xmp.count)..<(kept.count - 2)])
    #expect(blanked != Self.xmp)
    let renamed = md5(blanked)
    #expect(renamed != name)
    #expect(PhoneEXIF.contains(kept, Array("HasExtendedXMP=\"".utf8) + renamed), "the main packet names the new MD5")
    #expect(PhoneEXIF.contains(kept, Array("extension/\0".utf8) + renamed), "the part is named by its new MD5")
    #expect(!PhoneEXIF.contains(kept, name))
  }

  /// A PNG's copy of its EXIF block as hex text (`Raw profile type exif`, ImageMagick's), whose
  /// position cannot be blanked in place, is left out whole; the chunks around it stay.
  @Test func aPNGsRawEXIFProfileIsLeftOut() {
    let raw = Array("zTXt".utf8) + Array("Raw profile type exif".utf8) + [0, 0, 0x78, 0x9C, 1, 2, 3]
    let text = Array("tEXt".utf8) + Array("Comment".utf8) + [0] + Array("a walk".utf8)
    func chunk(_ typed: [UInt8]) -> [UInt8] { bigEndian(typed.count - 4) + typed + bigEndian(Int(crc32(typed[...]))) }
    let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk(raw) + chunk(text) + chunk(Array("IEND".utf8))
    let kept = PhotoLocation.removed(from: png, mediaType: "image/png")
    #expect(kept == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk(text) + chunk(Array("IEND".utf8)))
  }
}
