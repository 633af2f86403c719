import CImage
import Crypto
import Foundation
import IlgiFormat
import IlgiStrings

/// A file an entry links (a photo, a recording, a PDF), ready to keep beside the entry: named by
/// its content, so the same file attached twice is one file (docs/FORMAT.md "Attachments").
public struct Attachment: Sendable, Equatable {
  /// `MD5.EXT` of the bytes kept, lower case: the name Day One gives its photos.
  public var name: String
  /// The bytes kept: the file's own, a photo's location removed.
  public var bytes: [UInt8]
  /// What the file is (`image/jpeg`).
  public var mediaType: String
  /// A picture's size as shown; nil for other files.
  public var size: PictureSize?
  /// A recording's length in seconds; nil for other files (or one whose length is not said).
  public var duration: Double? = nil
  /// The kind of picture the file's name said (`image/jpeg`) when it holds another kind (a PNG
  /// named `.jpg`, as phones and chat apps make them): it is kept as what it holds.
  public var namedAs: String? = nil

  /// The Markdown that links it: a picture shows where it is linked, another file is a link
  /// named `label`.
  public func link(label: String) -> String {
    if size != nil { return "![](\(name))" }
    // A recording's label is what it is called (`Voice note 0:12`), not its file's name.
    let ext = MediaType.fileExtension(label)
    let named = mediaType.hasPrefix("audio/") && !ext.isEmpty ? String(label.dropLast(ext.count + 1)) : label
    return "[\(Self.escapedLabel(named))](\(name))"
  }

  /// `label` with the characters that would end a link's text escaped.
  static func escapedLabel(_ label: String) -> String {
    var out = ""
    for character in label {
      if "[]\\".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out.isEmpty ? "file" : out
  }
}

/// A picture's width and height in pixels, as it is shown (after its EXIF orientation).
public struct PictureSize: Sendable, Equatable, Codable {
  /// Pixels across and down.
  public var width, height: Int

  /// Makes a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// A file's size as a person reads it: `315 B`, `12 KB`, `3.4 MB` (powers of 1,000).
public func sizeText(_ bytes: Int) -> String {
  if bytes < 1_000 { return "\(bytes) B" }
  if bytes < 1_000_000 { return "\(bytes / 1_000) KB" }
  return String(format: "%.1f MB", Double(bytes) / 1_000_000)
}

/// What a file is, by its content and by its name.
public enum MediaType {
  /// The pictures ilgi shows, by their first bytes: media type and the extension they are kept with.
  public static func picture(_ bytes: [UInt8]) -> (mediaType: String, fileExtension: String)? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0xFF, 0xD8, 0xFF]) { return ("image/jpeg", "jpeg") }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return ("image/png", "png") }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return ("image/gif", "gif") }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return ("image/webp", "webp") }
    if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
      switch String(decoding: bytes[8..<12], as: UTF8.self) {
      case "heic", "heix", "heim", "heis", "mif1", "msf1": return ("image/heic", "heic")
      case "avif", "avis": return ("image/avif", "avif")
      default: return nil
      }
    }
    return nil
  }

  /// The media type a file's name says it is (`photo.JPG` is `image/jpeg`).
  public static func of(fileName: String) -> String {
    switch fileExtension(fileName) {
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "avif": "image/avif"
    case "heic", "heif": "image/heic"
    case "mp3": "audio/mpeg"
    case "m4a": "audio/mp4"
    case "ogg", "opus": "audio/ogg"
    case "wav": "audio/wav"
    case "mp4": "video/mp4"
    case "mov": "video/quicktime"
    case "webm": "video/webm"
    case "pdf": "application/pdf"
    default: "application/octet-stream"
    }
  }

  /// The name's extension, lower case, when it is a short run of letters and digits; else empty.
  public static func fileExtension(_ fileName: String) -> String {
    let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    let ext = name[name.index(after: dot)...].lowercased()
    guard (1...8).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      return ""
    }
    return ext
  }
}

/// Why a file cannot be attached; nothing was stored.
public enum AttachmentProblem: Error, Sendable, Equatable {
  /// Larger than the limit (bytes).
  case tooLarge(size: Int, limit: Int)
  /// No bytes at all.
  case empty
  /// The name says picture and the content is none.
  case notWhatItsNameSays(named: String, content: String?)
  /// A picture libvips could not decode; its reason.
  case undecodable(String)
  /// libvips is not installed, so pictures cannot be checked or shown.
  case noImageLibrary
}

extension AttachmentProblem {
  /// One line naming `file`, what is wrong and what to do, in `catalog`'s language.
  public func text(_ file: String, _ catalog: Catalog) -> String {
    switch self {
    case .tooLarge(let size, let limit): catalog(.errAttachTooLarge, file, sizeText(size), sizeText(limit))
    case .empty: catalog(.errAttachEmpty, file)
    case .notWhatItsNameSays(let named, let content):
      catalog(
        .errAttachMismatch, file, named,
        content ?? catalog(named.hasPrefix("audio/") ? .attachNoRecording : .attachNoPicture))
    case .undecodable(let reason): catalog(.errAttachUndecodable, file, reason.isEmpty ? "?" : reason)
    case .noImageLibrary: catalog(.errAttachNoLibrary, file)
    }
  }
}

/// Makes files ready to attach: checks them and takes a photo's location out.
public struct AttachmentIntake: Sendable {
  /// The largest file taken, in bytes.
  public var limit: Int
  /// Whether a photo keeps the place it was taken (its EXIF GPS position).
  public var keepsLocation: Bool

  /// The default limit: 50 MB.
  public static let defaultLimit = 50 * 1_000_000

  /// Makes an intake.
  public init(limit: Int = AttachmentIntake.defaultLimit, keepsLocation: Bool = false) {
    self.limit = limit
    self.keepsLocation = keepsLocation
  }

  /// The attachment for `bytes`, a file called `fileName`; a problem when it cannot be kept.
  public func prepare(_ bytes: [UInt8], fileName: String) throws(AttachmentProblem) -> Attachment {
    guard bytes.count <= limit else { throw .tooLarge(size: bytes.count, limit: limit) }
    guard !bytes.isEmpty else { throw .empty }
    let named = MediaType.of(fileName: fileName)
    let picture = MediaType.picture(bytes)
    // A picture of another kind than its name says is taken by what it holds; a name that says
    // picture over bytes that are none is refused.
    if named.hasPrefix("image/"), picture == nil {
      throw .notWhatItsNameSays(named: named, content: nil)
    }
    guard let picture else {
      // A recording is taken by what it holds, as a picture is; a name that says recording
      // over bytes that are none is refused.
      if let audio = AudioFile.kind(bytes, named: fileName) {
        return Attachment(
          name: Self.contentName(bytes) + "." + audio.fileExtension, bytes: bytes, mediaType: audio.mediaType,
          size: nil, duration: AudioFile.duration(bytes))
      }
      if named.hasPrefix("audio/") { throw .notWhatItsNameSays(named: named, content: nil) }
      return Attachment(
        name: Self.contentName(bytes) + "." + Self.keptExtension(fileName), bytes: bytes, mediaType: named, size: nil)
    }
    let kept = keepsLocation ? bytes : PhotoLocation.removed(from: bytes, mediaType: picture.mediaType)
    // The bytes kept are the ones checked: every pixel of them decodes.
    let size = try PictureDecoder.decode(kept)
    return Attachment(
      name: Self.contentName(kept) + "." + picture.fileExtension, bytes: kept, mediaType: picture.mediaType, size: size,
      namedAs: named.hasPrefix("image/") && named != picture.mediaType ? named : nil)
  }

  /// `entries` with each picture they bring along as this intake keeps it: without the place
  /// it was taken unless `keepsLocation`. An import keeps to the same rule as `attach` (a Day
  /// One photo kept its GPS position, which `export html` then published).
  public func taking(_ entries: [ImportedEntry]) -> [ImportedEntry] {
    guard !keepsLocation else { return entries }
    return entries.map { entry in
      var entry = entry
      entry.attachments = entry.attachments.map { file in
        guard let picture = MediaType.picture(file.bytes) else { return file }
        return ImportedEntry.Attachment(
          name: file.name, bytes: PhotoLocation.removed(from: file.bytes, mediaType: picture.mediaType))
      }
      return entry
    }
  }

  /// The extension a file that is not a picture is kept with: its own, or `bin` when it has
  /// none, or one an entry (`md`) or a sealed file (`age`) has, so the journal's walk never
  /// reads it as either.
  static func keptExtension(_ fileName: String) -> String {
    let ext = MediaType.fileExtension(fileName)
    return ext.isEmpty || ext == "md" || ext == "age" ? "bin" : ext
  }

  /// The MD5 of `bytes` in lower-case hex: a name, not a seal (Day One names photos so).
  package static func contentName(_ bytes: [UInt8]) -> String {
    Insecure.MD5.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
  }
}

/// Pictures through libvips (loaded when first needed).
public enum PictureDecoder {
  /// The side of a list's small pictures, in pixels (twice what a phone shows, for its screen).
  public static let thumbnailSide = 160
  /// The side of a picture shown in a page.
  public static let displaySide = 1600

  /// The size of the picture in `bytes`, as shown; with `everyPixel`, every pixel is decoded
  /// first, so a damaged file is found.
  public static func decode(_ bytes: [UInt8], everyPixel: Bool = true) throws(AttachmentProblem) -> PictureSize {
    var size = ilgi_image_size()
    var message = [CChar](repeating: 0, count: 256)
    let outcome = bytes.withUnsafeBytes { buffer in
      ilgi_image_decode(buffer.baseAddress, buffer.count, everyPixel ? 1 : 0, &size, &message, message.count)
    }
    switch outcome {
    case ILGI_IMAGE_DECODED: return PictureSize(width: Int(size.width), height: Int(size.height))
    case ILGI_IMAGE_NO_LIBRARY: throw .noImageLibrary
    default: throw .undecodable(firstLine(message))
    }
  }

  /// A JPEG (a PNG with `png`) of the picture in `bytes` to show in a page: upright, fitting
  /// `maxSide` pixels across and down (never enlarged), without metadata; an SVG is drawn at
  /// that size. Made in memory, never kept on disk.
  public static func displayCopy(_ bytes: [UInt8], maxSide: Int, png: Bool = false) throws(AttachmentProblem)
    -> [UInt8]
  {
    var jpeg: UnsafeMutablePointer<UInt8>?
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    let outcome = bytes.withUnsafeBytes { buffer in
      ilgi_image_display_copy(
        buffer.baseAddress, buffer.count, Int32(maxSide), png ? 1 : 0, &jpeg, &length, &message, message.count)
    }
    defer { ilgi_image_free(jpeg) }
    switch outcome {
    case ILGI_IMAGE_DECODED:
      guard let jpeg else { throw .undecodable("") }
      return Array(UnsafeBufferPointer(start: jpeg, count: length))
    case ILGI_IMAGE_NO_LIBRARY: throw .noImageLibrary
    default: throw .undecodable(firstLine(message))
    }
  }

  /// The first line of libvips's message.
  private static func firstLine(_ message: [CChar]) -> String {
    let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return reason.split(separator: "\n").first.map(String.init) ?? ""
  }
}
