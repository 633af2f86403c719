import Crypto
import Foundation

/// The payload: the plaintext in 64 KiB chunks, each sealed with ChaCha20-Poly1305 under a key
/// made from the file key and a nonce, the chunk's counter and a flag on the last one (STREAM).
enum AgeStream {
  static let chunkSize = 64 * 1024
  static let tagSize = 16
  static let nonceSize = 16

  /// The nonce followed by the sealed chunks of `plaintext`.
  static func seal(_ plaintext: [UInt8], fileKey: [UInt8], nonce: [UInt8]) -> [UInt8] {
    let key = payloadKey(fileKey: fileKey, nonce: nonce)
    let chunks = max(1, (plaintext.count + chunkSize - 1) / chunkSize)
    var output = nonce
    output.reserveCapacity(nonce.count + plaintext.count + chunks * tagSize)
    for index in 0..<chunks {
      let start = index * chunkSize
      let end = min(start + chunkSize, plaintext.count)
      let box = plaintext.withUnsafeBytes { raw in
        Sealing.seal(
          UnsafeRawBufferPointer(rebasing: raw[start..<end]), key: key,
          nonce: Sealing.nonce(chunkNonce(index, last: index == chunks - 1)))
      }
      box.ciphertext.withUnsafeBytes { output.append(contentsOf: $0) }
      box.tag.withUnsafeBytes { output.append(contentsOf: $0) }
    }
    return output
  }

  /// The plaintext of the payload at `payload`, all of it or an error: a damaged, truncated or
  /// extended payload never yields part of its text.
  static func open(_ payload: ArraySlice<UInt8>, fileKey: [UInt8]) throws(AgeError) -> [UInt8] {
    let count = plaintextCount(payloadCount: payload.count)
    var failure: AgeError?
    let plaintext = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      let result = payload.withUnsafeBytes { raw in
        Result { () throws(AgeError) in try open(raw, fileKey: fileKey, into: UnsafeMutableRawBufferPointer(buffer)) }
      }
      if case .failure(let error) = result { failure = error }
      initialized = failure == nil ? count : 0
    }
    if let failure { throw failure }
    return plaintext
  }

  /// How long the plaintext of a payload of `payloadCount` bytes is, when it is well formed.
  static func plaintextCount(payloadCount: Int) -> Int {
    let sealed = payloadCount - nonceSize
    guard sealed > 0 else { return 0 }
    let chunks = (sealed + chunkSize + tagSize - 1) / (chunkSize + tagSize)
    return max(0, sealed - chunks * tagSize)
  }

  /// Opens `payload` into `output`, which holds exactly `plaintextCount(payloadCount:)` bytes;
  /// on an error what `output` holds is no text.
  static func open(
    _ payload: UnsafeRawBufferPointer, fileKey: [UInt8], into output: UnsafeMutableRawBufferPointer
  ) throws(AgeError) {
    // The nonce is the header's last part (age-encryption.org/v1): without it there is no payload.
    guard payload.count >= nonceSize else { throw .malformedHeader("the payload's nonce is missing or short") }
    var opener = ChunkOpener(key: payloadKey(fileKey: fileKey, nonce: Array(payload[..<nonceSize])))
    var offset = nonceSize
    var index = 0
    let sealedSize = chunkSize + tagSize
    // A payload whose last piece is shorter than a tag has room for less text than its full
    // chunks hold: no well-formed file is that long, and its text is never written past the end.
    func keep(_ chunk: Data) throws(AgeError) {
      guard index * chunkSize + chunk.count <= output.count else { throw .truncated }
      chunk.withUnsafeBytes {
        UnsafeMutableRawBufferPointer(rebasing: output[(index * chunkSize)...]).copyMemory(from: $0)
      }
    }
    while true {
      let remaining = payload.count - offset
      guard remaining >= tagSize else { throw remaining == 0 ? .truncated : .damagedChunk(index + 1) }
      let size = min(remaining, sealedSize)
      let sealed = UnsafeRawBufferPointer(rebasing: payload[offset..<(offset + size)])
      if size < sealedSize || offset + size == payload.count {
        // The last chunk: short, or full and at the end of the file.
        if let chunk = opener.open(sealed, index: index, last: true) {
          // Only an empty text is an empty last chunk; a chunk after full ones never is.
          guard !chunk.isEmpty || index == 0 else { throw .damagedChunk(index + 1) }
          try keep(chunk)
          return
        }
        if size == sealedSize, opener.open(sealed, index: index, last: false) != nil { throw .truncated }
        throw .damagedChunk(index + 1)
      }
      guard let chunk = opener.open(sealed, index: index, last: false) else {
        if opener.open(sealed, index: index, last: true) != nil { throw .trailingData }
        throw .damagedChunk(index + 1)
      }
      try keep(chunk)
      offset += size
      index += 1
    }
  }

  private static func payloadKey(fileKey: [UInt8], nonce: [UInt8]) -> SymmetricKey {
    HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: fileKey), salt: nonce, info: Array("payload".utf8), outputByteCount: 32)
  }

  /// An 11-byte big-endian counter and the last-chunk flag.
  static func chunkNonce(_ index: Int, last: Bool) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 12)
    var value = UInt64(index)
    for position in stride(from: 10, through: 3, by: -1) {
      bytes[position] = UInt8(value & 0xff)
      value >>= 8
    }
    bytes[11] = last ? 1 : 0
    return bytes
  }
}

/// Opens a file's chunks one after another through one buffer laid out as swift-crypto's
/// sealed box (nonce, ciphertext, tag). The box copies it once, at its exact size; made from
/// its three parts it was grown by appending, and the grown 64 KiB buffers were mapped and
/// unmapped by glibc for every chunk.
private struct ChunkOpener {
  let key: SymmetricKey
  private var combined = Data(count: 12 + AgeStream.chunkSize + AgeStream.tagSize)

  init(key: SymmetricKey) {
    self.key = key
  }

  /// The chunk's text, or nil when it does not authenticate.
  mutating func open(_ sealed: UnsafeRawBufferPointer, index: Int, last: Bool) -> Data? {
    let nonce = AgeStream.chunkNonce(index, last: last)
    let count = 12 + sealed.count
    combined.withUnsafeMutableBytes { buffer in
      buffer.copyBytes(from: nonce)
      UnsafeMutableRawBufferPointer(rebasing: buffer[12...]).copyMemory(from: sealed)
    }
    guard let box = try? ChaChaPoly.SealedBox(combined: combined.prefix(count)) else { return nil }
    return try? ChaChaPoly.open(box, using: key)
  }
}

/// ChaCha20-Poly1305 where swift-crypto can fail only on sizes this module always gets right:
/// a failure there is a broken build, not a bad input.
enum Sealing {
  static func nonce(_ bytes: [UInt8]) -> ChaChaPoly.Nonce {
    guard let nonce = try? ChaChaPoly.Nonce(data: bytes) else { preconditionFailure("a nonce of \(bytes.count) bytes") }
    return nonce
  }

  static func seal(_ plaintext: some DataProtocol, key: SymmetricKey, nonce: ChaChaPoly.Nonce) -> ChaChaPoly.SealedBox {
    guard let box = try? ChaChaPoly.seal(plaintext, using: key, nonce: nonce) else {
      preconditionFailure("ChaCha20-Poly1305 refused a 256-bit key")
    }
    return box
  }
}
