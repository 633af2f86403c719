// ilgi-fuzz: the front-matter reader and editor, the selector and the date parsers under a
// fuzzer. `make fuzz` builds it with -sanitize=fuzzer (libFuzzer, coverage-guided); built
// plainly it runs the seeded mutational generator instead:
//
//   ilgi-fuzz [--runs N] [--seed S] [FILE...]     (FILEs are run once each, e.g. found cases)
import Foundation
import IlgiFuzz

#if ILGI_LIBFUZZER
  import CFuzzerDriver

  // `ILGI_FUZZ_SEEDS=DIR` puts the seed inputs into the corpus folder first.
  if let folder = ProcessInfo.processInfo.environment["ILGI_FUZZ_SEEDS"] {
    for (number, seed) in FuzzSeeds.all.enumerated() {
      FileManager.default.createFile(atPath: "\(folder)/seed-\(number)", contents: Data(seed))
    }
  }
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do throws(FuzzTargets.FuzzFinding) {
      try FuzzTargets.run(input)
    } catch {
      // A broken promise is a crash to libFuzzer, which saves the input as crash-<sha1>.
      FileHandle.standardError.write(Data("ilgi-fuzz: \(error)\n".utf8))
      abort()
    }
    return 0
  }
  exit(status)
#else
  var runs = 1_000_000
  var seed: UInt64 = 1
  var files: [String] = []
  var arguments = CommandLine.arguments.dropFirst()
  while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--seed": seed = UInt64(arguments.popFirst() ?? "") ?? seed
    default: files.append(argument)
    }
  }
  var findings = 0
  @MainActor func check(_ input: [UInt8], _ name: String) {
    do throws(FuzzTargets.FuzzFinding) {
      try FuzzTargets.run(input)
    } catch {
      findings += 1
      let path = "finding-\(findings).bin"
      _ = FileManager.default.createFile(atPath: path, contents: Data(input))
      FileHandle.standardError.write(Data("ilgi-fuzz: \(name): \(error) (input saved to \(path))\n".utf8))
    }
  }
  for file in files {
    check(Array(FileManager.default.contents(atPath: file) ?? Data()), file)
  }
  var mutator = SeededMutator(seed: seed, seeds: FuzzSeeds.all)
  let began = Date()
  for run in 0..<(files.isEmpty ? runs : 0) { check(mutator.input(), "input \(run)") }
  let seconds = Date().timeIntervalSince(began)
  print("inputs\tfindings\tseconds\tengine")
  print(
    "\(files.isEmpty ? runs : files.count)\t\(findings)\t\(String(format: "%.1f", seconds))\tseeded generator (seed \(seed))"
  )
  exit(findings == 0 ? 0 : 1)
#endif
