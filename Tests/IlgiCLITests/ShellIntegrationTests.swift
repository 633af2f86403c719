import Foundation
import IlgiSystem
import IlgiTestSupport
import Testing

/// `make install` puts the binary, the man page and bash, zsh and fish completions under PREFIX,
/// all made from the argument parser; bash completes with them. (`swift test` holds the build
/// lock, so the test runs `make install-files`, the copying half of `make install`, with the
/// debug build and the man page `make test` made before the tests.)
@Suite struct ShellIntegrationTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// What bash's completion offers for `line` (the word being completed is the last one).
  static func complete(_ script: String, _ line: String) throws -> [String] {
    var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    if words.last != "" && line.hasSuffix(" ") { words.append("") }
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source '\(script)'
      COMPREPLY=(); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
      _ilgi ilgi '\(words.last ?? "")' '\(words.count > 1 ? words[words.count - 2] : "")'
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try ChildProcess.run(["bash", "-c", program])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func makeInstallPutsManPageAndCompletionsInPlace() throws {
    let h = try Harness()
    let prefix = h.journal.base + "/prefix"
    let manualSource = Self.repository + "/.build/plugins/GenerateManual/outputs/ilgi/ilgi.1"
    try #require(
      FileManager.default.fileExists(atPath: manualSource), "no man page made: run the tests with `make test`")
    let make = try ChildProcess.run(
      ["make", "-C", Self.repository, "install-files", "PREFIX=" + prefix, "BIN=" + IlgiProcess.binary])
    #expect(make.status == 0, "make install: \(make.stderr)")
    let installed = try ChildProcess.run([prefix + "/bin/ilgi", "--version"])
    #expect(installed.stdout == "0.1.0\n")

    let manual = String(
      decoding: FileManager.default.contents(atPath: prefix + "/share/man/man1/ilgi.1") ?? Data(), as: UTF8.self)
    #expect(manual.contains(".Dt ILGI 1"))
    for command in ["import", "export", "share", "sync", "log", "new", "search"] {
      #expect(
        manual.contains(".It Em \(command)\n"),
        "man page lacks \(command)")
    }
    #expect(!manual.contains("\n\n"), "blank lines in mdoc")

    let bash = prefix + "/share/bash-completion/completions/ilgi"
    #expect(try Self.complete(bash, "ilgi imp") == ["import"])
    #expect(try Self.complete(bash, "ilgi sy") == ["sync"])
    #expect(try Self.complete(bash, "ilgi export --format ") == ["json", "jrnl", "markdown", "dayone", "html"])
    #expect(try Self.complete(bash, "ilgi import x.txt --from ") == ["jrnl", "jrnl-folder", "dayone", "json"])

    let zsh = String(
      decoding: FileManager.default.contents(atPath: prefix + "/share/zsh/site-functions/_ilgi") ?? Data(),
      as: UTF8.self)
    #expect(zsh.hasPrefix("#compdef ilgi"))
    #expect(zsh.contains("'import:"))
    let fish = String(
      decoding: FileManager.default.contents(atPath: prefix + "/share/fish/vendor_completions.d/ilgi.fish") ?? Data(),
      as: UTF8.self)
    #expect(fish.contains("complete -c 'ilgi'") || fish.contains("complete -c ilgi"))
    #expect(fish.contains("import"))

    let removed = try ChildProcess.run(["make", "-C", Self.repository, "uninstall", "PREFIX=" + prefix])
    #expect(removed.status == 0)
    #expect(!FileManager.default.fileExists(atPath: bash))
    #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/ilgi"))
  }
}
