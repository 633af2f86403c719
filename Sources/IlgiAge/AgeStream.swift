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
          nonce: chunkNonce(index, last: index == chunks - 1))
      }
      box.ciphertext.withUnsafeBytes { output.append(contentsOf: $0) }
      box.tag.withUnsafeBytes { output.append(contentsOf: $0) }
    }
    return output
  }

  /// The plaintext of the payload at `payload`, all of it or an error: a damaged, truncated or
  /// extended payload never yields part of its text.
  static func open(_ payload: ArraySlice<UInt8>, fileKey: [UInt8]) throws(AgeError) -> [UInt8] {
    guard payload.count >= nonceSize else { throw .truncated }
    let start = payload.startIndex
    let key = payloadKey(fileKey: fileKey, nonce: Array(payload[start..<(start + nonceSize)]))
    var offset = start + nonceSize
    var index = 0
    var plaintext: [UInt8] = []
    plaintext.reserveCapacity(payload.count)
    let sealedSize = chunkSize + tagSize
    while true {
      let remaining = payload.endIndex - offset
      guard remaining >= tagSize else { throw remaining == 0 ? .truncated : .damagedChunk(index + 1) }
      let size = min(remaining, sealedSize)
      let sealed = payload[offset..<(offset + size)]
      let atEnd = offset + size == payload.endIndex
      if size < sealedSize || atEnd {
        // The last chunk: short, or full and at the end of the file.
        if let chunk = openChunk(sealed, key: key, index: index, last: true) {
          guard !chunk.isEmpty || index == 0 else { throw .malformedHeader("its last chunk is empty") }
          chunk.withUnsafeBytes { plaintext.append(contentsOf: $0) }
          return plaintext
        }
        if size == sealedSize, openChunk(sealed, key: key, index: index, last: false) != nil { throw .truncated }
        throw .damagedChunk(index + 1)
      }
      guard let chunk = openChunk(sealed, key: key, index: index, last: false) else {
        if openChunk(sealed, key: key, index: index, last: true) != nil { throw .trailingData }
        throw .damagedChunk(index + 1)
      }
      chunk.withUnsafeBytes { plaintext.append(contentsOf: $0) }
      offset += size
      index += 1
    }
  }

  /// The chunk's text, or nil when it does not authenticate. The bytes go to swift-crypto as raw
  /// buffers: handed over as a collection they would be copied a byte at a time.
  private static func openChunk(_ sealed: ArraySlice<UInt8>, key: SymmetricKey, index: Int, last: Bool) -> Data? {
    sealed.withUnsafeBytes { raw in
      let split = raw.count - tagSize
      guard
        let box = try? ChaChaPoly.SealedBox(
          nonce: chunkNonce(index, last: last), ciphertext: UnsafeRawBufferPointer(rebasing: raw[..<split]),
          tag: UnsafeRawBufferPointer(rebasing: raw[split...]))
      else { return nil }
      return try? ChaChaPoly.open(box, using: key)
    }
  }

  private static func payloadKey(fileKey: [UInt8], nonce: [UInt8]) -> SymmetricKey {
    HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: fileKey), salt: nonce, info: Array("payload".utf8), outputByteCount: 32)
  }

  /// An 11-byte big-endian counter and the last-chunk flag.
  private static func chunkNonce(_ index: Int, last: Bool) -> ChaChaPoly.Nonce {
    var bytes = [UInt8](repeating: 0, count: 12)
    var value = UInt64(index)
    for position in stride(from: 10, through: 3, by: -1) {
      bytes[position] = UInt8(value & 0xff)
      value >>= 8
    }
    bytes[11] = last ? 1 : 0
    return Sealing.nonce(bytes)
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
