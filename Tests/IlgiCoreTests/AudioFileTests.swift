import Foundation
import Testing

@testable import IlgiFormat

/// Recordings told by their bytes, with their length: real ones a browser's MediaRecorder and
/// Python's `wave` made (`Audio/`), and an MP3 and an Ogg Opus stream built to their specs.
@Suite struct AudioFileTests {
  static func fixture(_ name: String) throws -> [UInt8] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Audio")
    return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// Two seconds of a 440 Hz tone recorded by Chromium (WebM Opus, fragmented MP4) and one and
  /// a half written by `wave`.
  @Test(arguments: [("tone.webm", "audio/webm", 2.0), ("tone.m4a", "audio/mp4", 2.0), ("tone.wav", "audio/wav", 1.5)])
  func aRecordingsKindAndLength(_ name: String, _ mediaType: String, _ seconds: Double) throws {
    let bytes = try Self.fixture(name)
    #expect(AudioFile.kind(bytes)?.mediaType == mediaType)
    let length = try #require(AudioFile.duration(bytes), "\(name)")
    #expect(abs(length - seconds) < 0.25, "\(name): \(length)")
  }

  /// An MP3 of 100 frames of 128 kbit/s at 44.1 kHz (26 ms each), after an ID3 tag; and one
  /// whose Xing frame counts 250 frames.
  @Test func anMP3sLengthFromItsFramesOrItsXingFrame() {
    let header: [UInt8] = [0xFF, 0xFB, 0x90, 0x00]  // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
    let frame = header + [UInt8](repeating: 0, count: 417 - 4)
    let tag: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 10] + [UInt8](repeating: 0, count: 10)
    let constant = tag + Array((0..<100).map { _ in frame }.joined())
    #expect(AudioFile.kind(constant)?.fileExtension == "mp3")
    #expect(abs((AudioFile.duration(constant) ?? 0) - 2.612) < 0.01)
    var xing = frame
    xing.replaceSubrange(36..<48, with: Array("Xing".utf8) + [0, 0, 0, 1] + [0, 0, 0, 250])
    #expect(abs((AudioFile.duration(xing + frame) ?? 0) - 6.531) < 0.01)
  }

  /// An Ogg Opus stream's length is its last page's granule position less the pre-skip, at
  /// 48 kHz.
  @Test func anOggOpusLengthFromItsLastPage() {
    func page(granule: UInt64, packet: [UInt8]) -> [UInt8] {
      Array("OggS".utf8) + [0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: granule >> (8 * UInt64($0))) }
        + [UInt8](repeating: 0, count: 12) + [1, UInt8(packet.count)] + packet
    }
    let head = Array("OpusHead".utf8) + [1, 1, 0x38, 0x01, 0x80, 0xBB, 0, 0, 0, 0, 0]  // pre-skip 312
    let stream =
      page(granule: 0, packet: head) + page(granule: 0, packet: Array("OpusTags".utf8))
      + page(granule: 144_312, packet: [0xFC, 0xFF, 0xFE])
    #expect(AudioFile.kind(stream, named: "note.opus")?.fileExtension == "opus")
    #expect(AudioFile.duration(stream) == 3.0)
  }

  /// Bytes that are no recording (a picture, text) are none.
  @Test func otherBytesAreNoRecording() {
    #expect(AudioFile.kind([0xFF, 0xD8, 0xFF, 0xE0]) == nil)
    #expect(AudioFile.kind(Array("hello".utf8)) == nil)
    #expect(AudioFile.duration(Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
  }

  /// Crafted headers claim any size or length: none crashes, and a length that is no length
  /// (negative, endless, past any recording) is none.
  @Test func craftedHeadersNeitherCrashNorClaimAnyLength() {
    func hex(_ text: String) -> [UInt8] {
      var bytes: [UInt8] = []
      var rest = Substring(text.filter { !$0.isWhitespace })
      while rest.count >= 2 {
        bytes.append(UInt8(rest.prefix(2), radix: 16) ?? 0)
        rest = rest.dropFirst(2)
      }
      return bytes
    }
    let craft = [
      hex("00000010 66747970 4D344120 00000000 00000001 66726565 7FFFFFFFFFFFFFFF"),  // a box of Int.max bytes
      hex("1A45DFA3 80 4489 88 BFF0000000000000"),  // a Duration of -1
      hex("1A45DFA3 80 4489 88 7FEFFFFFFFFFFFFF"),  // a Duration past any float's scale
      hex("1A45DFA3 80 E7 88 7FFFFFFFFFFFFFFF A3 84 81 0001 00"),  // a cluster at the end of time
      hex("1A45DFA3 01FFFFFFFFFFFFFF 18538067 01FFFFFFFFFFFFFF"),  // unknown sizes all the way
      hex("00000018 66747970 4D344120 00000000 00000010 6D6F6F76 00000008 6D766864"),  // mvhd cut short
      hex("52494646 00000000 57415645 666D7420 FFFFFFFF"),  // a chunk past the end
    ]
    for bytes in craft {
      if let seconds = AudioFile.duration(bytes) { #expect(seconds.isFinite && seconds >= 0 && seconds < 8_640_000) }
    }
    #expect(AudioFile.duration(craft[1]) == nil && AudioFile.duration(craft[2]) == nil)
    // A film is no recording: a WebM with a video track, an MP4 with a video handler.
    #expect(AudioFile.kind(hex("1A45DFA3 80 18538067 80 1654AE6B 80 AE 80 83 81 01")) == nil)
    #expect(AudioFile.kind(hex("1A45DFA3 80 18538067 80 1654AE6B 80 AE 80 83 81 02")) != nil)
    #expect(
      AudioFile.kind(
        hex("00000010 66747970 6D703432 00000000") + Array("hdlr".utf8) + [0, 0, 0, 0, 0, 0, 0, 0] + Array("vide".utf8))
        == nil)
  }
}
