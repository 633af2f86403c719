import Foundation
import IlgiTestSupport
import Testing

/// The targets stand in layers, each using only those below it (CONTRIBUTING.md has the
/// picture): a file that imports a module of a layer above its own, or a pure layer that
/// reaches for the disk, the database or the renderer, fails here.
@Suite struct LayerTests {
  /// Each of the project's modules and its layer; a module may import only lower ones.
  static let layers: [String: Int] = [
    "IlgiAge": 0, "IlgiCorpus": 0, "CSpawn": 0, "CCmark": 0, "CCurl": 0, "CImage": 0, "CIlgiTokenizer": 0,
    "CMicroHTTPD": 0, "CQREncode": 0, "CFuzzerDriver": 0,
    "IlgiFormat": 1,
    "IlgiStrings": 2, "IlgiSystem": 2, "IlgiMarkdown": 2,
    "IlgiStore": 3,
    "IlgiIndex": 4, "IlgiWeather": 4, "IlgiInterchange": 4, "IlgiSync": 4,
    "IlgiSite": 5,
    "IlgiServer": 6, "IlgiFuzz": 6, "IlgiTestSupport": 6,
    "IlgiCLI": 7,
    "ilgi": 8, "ilgi-fuzz": 8, "ilgi-corpus": 8,
  ]

  /// What a pure layer may import at all.
  static let pure: [String: Set<String>] = [
    "IlgiStrings": ["Foundation", "IlgiFormat"],
    "IlgiFormat": ["Foundation", "Yams"], "IlgiMarkdown": ["Foundation", "IlgiFormat", "CCmark"],
    "IlgiAge": ["Foundation", "Crypto", "_CryptoExtras"],
  ]

  /// Every `import` of every Swift file of a target: (file, module).
  static func imports(of target: String) throws -> [(String, String)] {
    let folder = TestTools.repository + "/Sources/" + target
    guard let files = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [(String, String)] = []
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      for line in text.split(separator: "\n") {
        if let module = Self.module(importedBy: line) { found.append((target + "/" + file, module)) }
      }
    }
    return found
  }

  /// The module a line imports: `import X`, `@testable import X`, `public import X`,
  /// `import struct X.Y` all import X. Nil for any other line.
  static func module(importedBy line: Substring) -> String? {
    var words = line.split(separator: " ")[...]
    while let first = words.first,
      first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first)
    {
      words = words.dropFirst()
    }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    if let kind = words.first,
      ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind)
    {
      words = words.dropFirst()
    }
    return words.first.map { String($0.prefix { $0 != "." }) }
  }

  @Test func importsAreReadInEveryForm() {
    #expect(Self.module(importedBy: "import IlgiCore") == "IlgiCore")
    #expect(Self.module(importedBy: "@testable import IlgiCore") == "IlgiCore")
    #expect(Self.module(importedBy: "public import IlgiCore") == "IlgiCore")
    #expect(Self.module(importedBy: "@_exported internal import IlgiCore") == "IlgiCore")
    #expect(Self.module(importedBy: "import struct Foundation.URL") == "Foundation")
    #expect(Self.module(importedBy: "// import IlgiCore") == nil)
    #expect(Self.module(importedBy: "let important = 1") == nil)
  }

  @Test func noModuleImportsALayerAboveItsOwn() throws {
    var wrong: [String] = []
    for (target, layer) in Self.layers {
      for (file, module) in try Self.imports(of: target) {
        if let above = Self.layers[module], above >= layer { wrong.append("\(file) imports \(module)") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.sorted())")
  }

  @Test func aPureLayerImportsNothingElse() throws {
    for (target, allowed) in Self.pure {
      let imported = try Self.imports(of: target)
      #expect(!imported.isEmpty, "\(target) has no sources")
      for (file, module) in imported {
        #expect(allowed.contains(module), "\(file) imports \(module)")
      }
    }
  }

  @Test func everyTargetHasItsLayer() throws {
    let targets = try FileManager.default.contentsOfDirectory(atPath: TestTools.repository + "/Sources")
      .filter { !$0.hasPrefix(".") && $0 != "EmbedTemplatesTool" }
    #expect(Set(targets).subtracting(Self.layers.keys).isEmpty, "\(Set(targets).subtracting(Self.layers.keys))")
  }

  /// A target small enough to read and to build beside another: no more than 7,000 lines.
  @Test func noTargetIsOverSevenThousandLines() throws {
    for target in Self.layers.keys {
      let folder = TestTools.repository + "/Sources/" + target
      guard let files = FileManager.default.enumerator(atPath: folder) else { continue }
      var lines = 0
      for case let file as String in files where file.hasSuffix(".swift") {
        lines +=
          try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
          ).count - 1
      }
      #expect(lines <= 7_000, "\(target) has \(lines) lines")
    }
  }
}
