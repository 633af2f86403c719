import Foundation

/// A recording's kind and length, read from its bytes: MP3, WAV, Ogg (Opus or Vorbis), WebM
/// and MP4 audio (`.m4a`), what phones, browsers and recorders make.
///
/// Only what those containers say of their length is read: a WAV's data and byte rate, an MP3's
/// Xing or Info frame (else its first frame's bit rate), an Ogg stream's last granule position,
/// an MP4's `mvhd`, and a WebM's `Duration` or, as a browser's MediaRecorder writes none, the
/// time of its last block.
public enum AudioFile {
  /// The kind of recording `bytes` hold: media type and the extension it is kept with.
  public static func kind(_ bytes: [UInt8], named fileName: String = "") -> (mediaType: String, fileExtension: String)?
  {
    let reader = Bytes(bytes)
    if reader.starts("RIFF"), reader.starts("WAVE", at: 8) { return ("audio/wav", "wav") }
    if reader.starts("OggS") {
      return fileName.lowercased().hasSuffix(".opus") ? ("audio/ogg", "opus") : ("audio/ogg", "ogg")
    }
    // WebM and MP4 hold films too: one with a video track is none of these.
    if reader.starts([0x1A, 0x45, 0xDF, 0xA3]) { return hasVideoTrack(webm: reader) ? nil : ("audio/webm", "webm") }
    if reader.starts("ftyp", at: 4), bytes.count >= 12 {
      let brand = String(decoding: bytes[8..<12], as: UTF8.self)
      guard ["M4A ", "M4B ", "mp42", "isom", "iso5", "iso6", "dash", "mp41"].contains(brand),
        !hasVideoTrack(mp4: reader)
      else { return nil }
      return ("audio/mp4", "m4a")
    }
    if reader.starts("ID3") || mpegFrame(reader, at: 0) != nil { return ("audio/mpeg", "mp3") }
    return nil
  }

  /// Seconds of sound, when the container says so sensibly (a finite length under 100 days:
  /// a crafted header claims any).
  public static func duration(_ bytes: [UInt8]) -> Double? {
    let reader = Bytes(bytes)
    guard let kind = kind(bytes) else { return nil }
    let seconds: Double?
    switch kind.fileExtension {
    case "wav": seconds = wavDuration(reader)
    case "ogg", "opus": seconds = oggDuration(reader)
    case "webm": seconds = webmDuration(reader)
    case "m4a": seconds = mp4Duration(reader)
    default: seconds = mp3Duration(reader)
    }
    guard let seconds, seconds.isFinite, seconds >= 0, seconds < 8_640_000 else { return nil }
    return seconds
  }

  /// Whether a WebM's Tracks (0x1654AE6B) hold a video track (TrackType, 0x83, of 1).
  private static func hasVideoTrack(webm bytes: Bytes) -> Bool {
    var at = 0
    while at < bytes.count, let (id, idLength) = bytes.ebmlID(at),
      let (size, sizeLength) = bytes.ebmlSize(at + idLength)
    {
      let body = at + idLength + sizeLength
      switch id {
      case 0x1853_8067, 0x1654_AE6B, 0xAE:  // Segment, Tracks, TrackEntry: entered
        at = body
        continue
      case 0x83: if bytes.uintBE(body, min(size ?? 0, 7)) == 1 { return true }
      case 0x1F43_B675: return false  // a Cluster: the tracks are behind
      default: break
      }
      guard let next = bytes.after(body, size), next > at else { return false }
      at = next
    }
    return false
  }

  /// Whether an MP4's handlers (`hdlr`) name a video track.
  private static func hasVideoTrack(mp4 bytes: Bytes) -> Bool {
    var from = 0
    while let found = bytes.bytes[from...].firstRange(of: Array("hdlr".utf8)) {
      // The box's version and flags, a predefined word, then the handler type.
      if bytes.starts("vide", at: found.upperBound + 8) { return true }
      from = found.upperBound
    }
    return false
  }

  // MARK: WAV

  private static func wavDuration(_ bytes: Bytes) -> Double? {
    var at = 12
    var byteRate = 0
    while at + 8 <= bytes.count {
      let size = bytes.uint32LE(at + 4)
      if bytes.starts("fmt ", at: at) { byteRate = bytes.uint32LE(at + 16) }
      if bytes.starts("data", at: at), byteRate > 0 {
        return Double(min(size, bytes.count - at - 8)) / Double(byteRate)
      }
      at += 8 + size + size % 2
    }
    return nil
  }

  // MARK: MP3

  /// An MPEG audio frame's bit rate (bits a second), sample rate and length at `at`.
  private static func mpegFrame(_ bytes: Bytes, at: Int) -> (bitRate: Int, sampleRate: Int, length: Int, samples: Int)?
  {
    guard at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] & 0xE0 == 0xE0 else { return nil }
    let version = (bytes[at + 1] >> 3) & 3  // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    let layer = (bytes[at + 1] >> 1) & 3  // 1: Layer III
    guard version != 1, layer == 1 else { return nil }
    let rates1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    let rates2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    let index = Int(bytes[at + 2] >> 4)
    let sampleIndex = Int((bytes[at + 2] >> 2) & 3)
    guard (1...14).contains(index), sampleIndex < 3 else { return nil }
    let bitRate = (version == 3 ? rates1 : rates2)[index] * 1000
    let sampleRate = [44_100, 48_000, 32_000][sampleIndex] / (version == 3 ? 1 : version == 2 ? 2 : 4)
    let samples = version == 3 ? 1152 : 576
    let padding = Int((bytes[at + 2] >> 1) & 1)
    return (bitRate, sampleRate, samples / 8 * bitRate / sampleRate + padding, samples)
  }

  private static func mp3Duration(_ bytes: Bytes) -> Double? {
    var at = 0
    if bytes.starts("ID3"), bytes.count > 10 {
      // The tag's size: four bytes of seven bits each.
      at = 10 + (0..<4).reduce(0) { $0 << 7 | Int(bytes[6 + $1] & 0x7F) }
    }
    let scanEnd = min(bytes.count, at + 64 * 1024)
    while at < scanEnd, mpegFrame(bytes, at: at) == nil { at += 1 }
    guard let frame = mpegFrame(bytes, at: at) else { return nil }
    // A Xing or Info frame counts the frames of a variable bit rate file.
    for offset in [36, 21, 13] where bytes.starts("Xing", at: at + offset) || bytes.starts("Info", at: at + offset) {
      let flags = bytes.uint32BE(at + offset + 4)
      if flags & 1 == 1 {
        let frames = bytes.uint32BE(at + offset + 8)
        return Double(frames * frame.samples) / Double(frame.sampleRate)
      }
    }
    return Double(bytes.count - at) * 8 / Double(frame.bitRate)
  }

  // MARK: Ogg

  private static func oggDuration(_ bytes: Bytes) -> Double? {
    // The first page's packet says the codec and its rate: Opus counts at 48 kHz, after its
    // pre-skip; Vorbis at its sample rate.
    guard bytes.count > 28 + 19 else { return nil }
    let segments = Int(bytes[26])
    let packet = 27 + segments
    var rate = 48_000
    var skip = 0
    if bytes.starts("OpusHead", at: packet) {
      skip = bytes.uint16LE(packet + 10)
    } else if bytes.starts([0x01] + Array("vorbis".utf8), at: packet) {
      rate = bytes.uint32LE(packet + 12)
    } else {
      return nil
    }
    // The last page's granule position is the samples so far.
    var at = bytes.count - 27
    while at >= 0 {
      if bytes.starts("OggS", at: at) {
        let granule = bytes.uint64LE(at + 6)
        guard rate > 0, granule > skip else { return nil }
        return Double(granule - skip) / Double(rate)
      }
      at -= 1
    }
    return nil
  }

  // MARK: MP4

  private static func mp4Duration(_ bytes: Bytes) -> Double? {
    // `moov` holds `mvhd`: a version, then (version 1) 64-bit times or (0) 32-bit ones.
    func find(_ name: String, from start: Int, to end: Int) -> (start: Int, end: Int)? {
      var at = start
      while at + 8 <= end {
        var size = bytes.uint32BE(at)
        var header = 8
        if size == 1, at + 16 <= end { size = bytes.uint64BE(at + 8); header = 16 }
        if size == 0 { size = end - at }
        // A box no larger than its header, or larger than what holds it, ends the walk.
        guard size >= header, size <= end - at else { return nil }
        if bytes.starts(name, at: at + 4) { return (at + header, at + size) }
        at += size
      }
      return nil
    }
    guard let moov = find("moov", from: 0, to: bytes.count), let mvhd = find("mvhd", from: moov.start, to: moov.end)
    else { return nil }
    let at = mvhd.start
    let version = bytes[at]
    let (scale, length) =
      version == 1
      ? (bytes.uint32BE(at + 20), bytes.uint64BE(at + 24)) : (bytes.uint32BE(at + 12), bytes.uint32BE(at + 16))
    return scale > 0 ? Double(length) / Double(scale) : nil
  }

  // MARK: WebM

  private static func webmDuration(_ bytes: Bytes) -> Double? {
    var scale = 1_000_000.0  // nanoseconds a tick
    var declared: Double?
    var lastCluster = 0
    var lastBlock = 0
    // EBML elements: an id and a size, each a variable-length integer; Segment, Info and
    // Cluster are entered, every other element stepped over.
    var at = 0
    while at < bytes.count, let (id, idLength) = bytes.ebmlID(at),
      let (size, sizeLength) = bytes.ebmlSize(at + idLength)
    {
      let body = at + idLength + sizeLength
      switch id {
      case 0x1853_8067, 0x1549_A966, 0x1F43_B675:  // Segment, Info, Cluster
        at = body
        continue
      case 0x2A_D7B1: scale = Double(bytes.uintBE(body, min(size ?? 0, 7)))
      case 0x4489:  // Duration, a float of 4 or 8 bytes, in ticks
        let bits = UInt64(truncatingIfNeeded: bytes.uintBE(body, size == 4 ? 4 : 8))
        declared = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
      case 0xE7: lastCluster = bytes.uintBE(body, min(size ?? 0, 7))  // a cluster's time
      case 0xA3, 0xA1:  // SimpleBlock, Block: a track number, then a 16-bit time from its cluster's
        if let (_, trackLength) = bytes.ebmlSize(body), body + trackLength + 2 <= bytes.count {
          let offset = Int(Int16(truncatingIfNeeded: bytes.uintBE(body + trackLength, 2)))
          let (time, overflow) = lastCluster.addingReportingOverflow(offset)
          if !overflow { lastBlock = max(lastBlock, time) }
        }
      default: break
      }
      guard let next = bytes.after(body, size), next > at else { break }
      at = next
    }
    if let declared, declared > 0 { return declared * scale / 1e9 }
    return lastBlock > 0 ? Double(lastBlock) * scale / 1e9 : nil
  }
}

/// A file's bytes, read without reading past their end (zeros there).
private struct Bytes {
  let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  var count: Int { bytes.count }
  subscript(_ at: Int) -> UInt8 { at >= 0 && at < bytes.count ? bytes[at] : 0 }

  func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
  func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
    offset >= 0 && offset + prefix.count <= bytes.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
  }
  func uintBE(_ at: Int, _ length: Int) -> Int { (0..<min(length, 8)).reduce(0) { $0 << 8 | Int(self[at + $1]) } }

  /// Where an element of `size` bytes starting at `body` ends; nil for an unknown size or one
  /// past what an Int holds.
  func after(_ body: Int, _ size: Int?) -> Int? {
    guard let size, size >= 0 else { return nil }
    let (end, overflow) = body.addingReportingOverflow(size)
    return overflow ? nil : end
  }
  func uint32BE(_ at: Int) -> Int { uintBE(at, 4) }
  func uint64BE(_ at: Int) -> Int { uintBE(at, 8) & Int.max }
  func uint16LE(_ at: Int) -> Int { Int(self[at]) | Int(self[at + 1]) << 8 }
  func uint32LE(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(self[at + $1]) << (8 * $1) } }
  func uint64LE(_ at: Int) -> Int { (0..<8).reduce(0) { $0 | Int(self[at + $1]) << (8 * $1) } & Int.max }

  /// An EBML element id (its marker bits kept) and its length.
  func ebmlID(_ at: Int) -> (Int, Int)? {
    let first = self[at]
    guard first != 0, at < bytes.count else { return nil }
    let length = first.leadingZeroBitCount + 1
    guard length <= 4 else { return nil }
    return (uintBE(at, length), length)
  }

  /// An EBML size (nil for "unknown", all ones) and its length.
  func ebmlSize(_ at: Int) -> (Int?, Int)? {
    let first = self[at]
    guard first != 0, at < bytes.count else { return nil }
    let length = first.leadingZeroBitCount + 1
    let value = uintBE(at, length) & ((1 << (7 * length)) - 1)
    return (value == (1 << (7 * length)) - 1 ? nil : value, length)
  }
}
