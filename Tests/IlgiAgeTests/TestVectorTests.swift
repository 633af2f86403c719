import Crypto
import Foundation
import IlgiAge
import Testing

/// The public age test vectors (C2SP CCTV, vendored in `CCTV/`): every file decrypts to its
/// payload or fails the way it names, and a failure never hands back any plaintext (ilgi's
/// decrypt returns the text only once the whole file authenticates).
@Suite struct TestVectorTests {
  /// One vector: its header's keys and the age file after it.
  struct Vector {
    var name: String
    var fields: [(String, String)]
    var file: [UInt8]

    func values(_ key: String) -> [String] { fields.filter { $0.0 == key }.map(\.1) }
    var expect: String { values("expect").first ?? "" }
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/CCTV"

  static func vectors() throws -> [Vector] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0 != "LICENSE" && $0 != "README.md"
    }
    return try names.sorted().map { name in
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
      var fields: [(String, String)] = []
      var offset = 0
      while let end = bytes[offset...].firstIndex(of: 0x0A) {
        let line = String(decoding: bytes[offset..<end], as: UTF8.self)
        offset = end + 1
        if line.isEmpty { break }
        guard let colon = line.range(of: ": ") else { continue }
        fields.append((String(line[..<colon.lowerBound]), String(line[colon.upperBound...])))
      }
      var file = Array(bytes[offset...])
      if fields.contains(where: { $0 == ("compressed", "zlib") }) { file = try inflate(file) }
      return Vector(name: name, fields: fields, file: file)
    }
  }

  /// zlib's inflate, through Python's zlib (the tests' setup installs python3).
  static func inflate(_ bytes: [UInt8]) throws -> [UInt8] {
    let base = NSTemporaryDirectory() + "/ilgi-vector-" + UUID().uuidString
    defer {
      try? FileManager.default.removeItem(atPath: base + ".z")
      try? FileManager.default.removeItem(atPath: base)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: base + ".z"))
    let script = "import sys,zlib; open(sys.argv[2],'wb').write(zlib.decompress(open(sys.argv[1],'rb').read()))"
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script, base + ".z", base]
    try python.run()
    python.waitUntilExit()
    guard python.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: base)))
  }

  /// The kind of failure an error is, in the vectors' words.
  static func kind(_ error: AgeError) -> String {
    switch error {
    case .malformedArmor: return "armor failure"
    case .notAgeFile, .unsupportedVersion, .malformedHeader, .workFactorTooHigh, .invalidKey: return "header failure"
    case .noIdentityMatches, .wrongPassphrase, .needsPassphrase: return "no match"
    case .headerMACMismatch: return "HMAC failure"
    case .damagedChunk, .truncated, .trailingData: return "payload failure"
    case .invalidRecipients(let what): return "other: \(what)"
    }
  }

  @Test func everyVectorEndsAsItSays() throws {
    let vectors = try Self.vectors()
    #expect(vectors.count == 143)
    var wrong: [String] = []
    var checked = 0
    for vector in vectors {
      var identities: [any AgeIdentity] = []
      for text in vector.values("identity") {
        do {
          identities.append(try KeyIdentity(text))
        } catch {
          wrong.append("\(vector.name): identity not read: \(error)")
        }
      }
      identities += vector.values("passphrase").map { ScryptIdentity(passphrase: $0) }
      checked += 1
      do {
        // What is meant to be armored is read as armor, as age's own tests do; ilgi itself
        // tells the two apart by their first bytes, and a damaged armor is an error either way.
        let file = vector.values("armored").first == "yes" ? try AgeArmor.decode(vector.file) : vector.file
        let plaintext = try AgeFile.decrypt(file, with: identities)
        let digest = SHA256.hash(data: plaintext).map { String(format: "%02x", $0) }.joined()
        if vector.expect != "success" {
          wrong.append("\(vector.name): opened, but expects \(vector.expect)")
        } else if digest != vector.values("payload").first {
          wrong.append("\(vector.name): payload differs")
        }
      } catch {
        if Self.kind(error) != vector.expect {
          wrong.append("\(vector.name): \(Self.kind(error)) (\(error)), expects \(vector.expect)")
        }
      }
    }
    #expect(checked == 143)
    #expect(vectors.filter { $0.name.contains("hybrid") }.count == 19)
    #expect(wrong.isEmpty, "\(wrong.count) vectors:\n\(wrong.joined(separator: "\n"))")
  }
}
