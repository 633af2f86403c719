import Foundation

/// An EXIF block as a phone writes one, for tests of what ilgi keeps of a photo: orientation 6
/// (stored on its side) and a GPS latitude, little-endian.
public enum PhoneEXIF {
  /// The latitude it carries: 37° 33′ 43.21″ as three EXIF rationals.
  public static let latitude: [UInt8] = [
    37, 0, 0, 0, 1, 0, 0, 0, 33, 0, 0, 0, 1, 0, 0, 0, 0xE1, 0x10, 0, 0, 100, 0, 0, 0,
  ]

  /// The TIFF structure: IFD0 (orientation, where the GPS directory is), the GPS directory
  /// (latitude reference "N" and the latitude) and the latitude's values.
  public static var tiff: [UInt8] {
    func short(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func long(_ v: Int) -> [UInt8] { short(v & 0xFFFF) + short(v >> 16) }
    var tiff: [UInt8] = Array("II".utf8) + short(42) + long(8)
    // IFD0 at 8; the GPS directory at 8 + 2 + 24 + 4 = 38.
    tiff += short(2) + short(0x0112) + short(3) + long(1) + short(6) + short(0)
    tiff += short(0x8825) + short(4) + long(1) + long(38) + long(0)
    // The GPS directory at 38; the latitude's values at 38 + 2 + 24 + 4 = 68.
    tiff += short(2) + short(0x0001) + short(2) + long(2) + Array("N\0".utf8) + short(0)
    tiff += short(0x0002) + short(5) + long(3) + long(68) + long(0)
    return tiff + latitude
  }

  /// `jpeg` with the block as its first APP1 segment.
  public static func inJPEG(_ jpeg: [UInt8]) -> [UInt8] {
    let payload = Array("Exif\0\0".utf8) + tiff
    let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
  }

  /// Whether `needle` occurs in `haystack`.
  public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count, !needle.isEmpty else { return false }
    return (0...haystack.count - needle.count).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
  }
}
