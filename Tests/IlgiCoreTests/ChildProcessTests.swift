import Foundation
import IlgiSystem
import Testing

/// `ChildProcess`: a real child each time, its streams, its status, its folder and what it
/// inherits.
@Suite struct ChildProcessTests {
  @Test func bothStreamsAndTheStatusComeBackWhateverTheirSize() throws {
    // More than a pipe holds on each stream at once: neither side may wait on the other.
    let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    let result = try ChildProcess.run(
      ["sh", "-c", "cat; head -c 300000 /dev/zero | tr '\\0' e >&2; exit 3"], input: input)
    #expect(result.status == 3)
    #expect(result.stdout.utf8.count == 1 << 20)
    #expect(result.stderr.utf8.count == 300_000)
  }

  /// The one line a failure is told by names what git listed under it: the files in the way.
  @Test func theErrorLineCarriesTheListItIntroduces() {
    let checkout = ChildProcess.Result(
      status: 1, stdout: "",
      stderr: """
        error: The following untracked working tree files would be overwritten by checkout:
        \tnotes.txt
        \t2026/11/a.md
        Please move or remove them before you switch branches.
        Aborting
        """)
    #expect(
      checkout.firstErrorLine
        == "error: The following untracked working tree files would be overwritten by checkout: notes.txt, 2026/11/a.md"
    )
    let many = ChildProcess.Result(status: 1, stdout: "", stderr: "error: in the way:\n\ta\n\tb\n\tc\n\td\n\te\n")
    #expect(many.firstErrorLine == "error: in the way: a, b, c (and 2 more)")
    let plain = ChildProcess.Result(status: 128, stdout: "", stderr: "fatal: not a git repository\n\tnothing\n")
    #expect(plain.firstErrorLine == "fatal: not a git repository")
  }

  @Test func aChildThatStopsReadingEndsItsRunNotThisProcess() throws {
    let result = try ChildProcess.run(["true"], input: [UInt8](repeating: 0, count: 4 << 20))
    #expect(result.status == 0)
  }

  @Test func theChildGetsItsEnvironmentFolderAndNoOtherDescriptor() throws {
    let folder = FileManager.default.temporaryDirectory.path
    let result = try ChildProcess.run(
      ["sh", "-c", "pwd; echo \"$ONLY\"; ls /proc/self/fd | wc -l"],
      environment: ["ONLY": "this", "PATH": "/usr/bin:/bin"], directory: folder)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        == URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
    #expect(lines.dropFirst().first == "this")
    // 0, 1, 2 and the one `ls` opens to read the folder.
    #expect(lines.last == "4", "\(result.stdout)")
  }

  @Test func aSignalEndsTheChildAs128AndItsNumberAndNothingIsBlocked() throws {
    let result = try ChildProcess.run(["sh", "-c", "grep SigBlk /proc/self/status; kill -TERM $$"])
    #expect(result.status == 128 + SIGTERM)
    #expect(result.stdout.contains("0000000000000000"), "\(result.stdout)")
  }

  @Test func aProgramNotFoundIsSaidByEnvWith127() throws {
    let result = try ChildProcess.run(["ilgi-no-such-program"], environment: ["PATH": "/nonexistent"])
    #expect(result.status == 127)
    #expect(result.stderr.contains("ilgi-no-such-program"))
    #expect(throws: ChildProcess.StartError.self) { try ChildProcess.run(["/nonexistent/program"]) }
  }
}
