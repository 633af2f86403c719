import Foundation
import IlgiFuzz
import IlgiSystem
import IlgiTestSupport
import Testing

/// Two devices writing one journal through git, plain and encrypted (each device its own key,
/// both recipients): in random order each makes entries (often in the same minute as the
/// other, and with the same title), writes on at the end of entries both have, and rewrites a line both have, syncing
/// now and then. After the last sync every word either wrote is on both devices, once, and no
/// entry holds a conflict marker or is named by `ilgi doctor`, but as unsettled: a line both
/// rewrote before a sync stands twice, and `doctor` names that entry on both devices.
@Suite(.serialized) struct SyncFaultTests {
  /// Trials per journal kind (CI: 2; `make test-faults`: 8), each of `steps` writes.
  static var trials: Int { max(2, FaultBudget.crashTrials / 150) }
  static let steps = 14

  /// One device: its clone and its environment.
  struct Device {
    var name: String
    var root: String
    var environment: [String: String]

    func run(_ arguments: String...) throws -> IlgiProcess.Result {
      try IlgiProcess.run(arguments, environment: environment)
    }
  }

  /// A bare repository, a journal made on A and pushed, B cloned from it; `encrypted`: sealed
  /// to A's key and B's.
  static func devices(_ base: String, encrypted: Bool) throws -> (Device, Device) {
    var shared = IlgiProcess.baseEnvironment(home: base + "/home")
    shared.merge([
      "GIT_AUTHOR_NAME": "Diarist", "GIT_AUTHOR_EMAIL": "diarist@example.com", "GIT_COMMITTER_NAME": "Diarist",
      "GIT_COMMITTER_EMAIL": "diarist@example.com", "GIT_CONFIG_GLOBAL": base + "/home/.gitconfig",
      "GIT_CONFIG_NOSYSTEM": "1", "XDG_RUNTIME_DIR": base + "/runtime",
    ]) { $1 }
    for folder in ["home", "runtime"] {
      try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
    }
    func git(_ arguments: String...) throws {
      let ran = try ChildProcess.run(["git"] + arguments, environment: shared)
      #expect(ran.status == 0, "git \(arguments): \(ran.stderr)")
    }
    try git("init", "--quiet", "--bare", "--initial-branch=main", base + "/remote.git")
    try git("clone", "--quiet", base + "/remote.git", base + "/a")
    try git("-C", base + "/a", "checkout", "--quiet", "-b", "main")
    let a = Device(name: "A", root: base + "/a", environment: shared.merging(["ILGI_JOURNAL": base + "/a"]) { $1 })
    var b = Device(name: "B", root: base + "/b", environment: shared.merging(["ILGI_JOURNAL": base + "/b"]) { $1 })
    #expect(try a.run("init", "--git", a.root).status == 0)
    if encrypted {
      let key = base + "/device-b.txt"
      _ = try ChildProcess.run([try TestTools.ageKeygen, "-o", key])
      let recipient = try ChildProcess.run([try TestTools.ageKeygen, "-y", key]).stdout
      b.environment["ILGI_IDENTITY"] = key
      #expect(try a.run("init", "--encrypt", a.root).status == 0)
      #expect(try a.run("key", "add", recipient.trimmingCharacters(in: .whitespacesAndNewlines)).status == 0)
    }
    #expect(try a.run("sync").status == 0)
    try git("clone", "--quiet", base + "/remote.git", b.root)
    #expect(try b.run("sync").status == 0)
    return (a, b)
  }

  /// What the devices wrote, and what was found.
  struct Tally {
    var words: Set<String> = []
    var lost = 0
    var duplicated = 0
    var markers = 0
    /// Syncs that kept two entries of one name apart.
    var apart = 0
    /// Entries doctor named as unsettled (both devices rewrote one line), per device.
    var unsettled = 0
    var faults: [String] = []
  }

  /// The text of every entry on `device`, by id.
  static func entries(_ device: Device) throws -> [(id: String, text: String)] {
    let listed = try device.run("list", "--json", "--reverse")
    let rows = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]) ?? []
    return try rows.compactMap { row in
      guard let id = row["id"] as? String else { return nil }
      return (id, try device.run("show", "--raw", id).stdout)
    }
  }

  /// `ilgi edit ID` on `device` with an editor that runs `script` on the file (`$1`).
  static func edit(_ id: String, on device: Device, script: String, named name: String) throws -> IlgiProcess.Result {
    let editor = (device.root as NSString).deletingLastPathComponent + "/" + name + ".sh"
    try ("#!/bin/sh\n" + script + "\n").write(toFile: editor, atomically: true, encoding: .utf8)
    chmod(editor, 0o755)
    return try IlgiProcess.run(["edit", id], environment: device.environment.merging(["EDITOR": editor]) { $1 })
  }

  static func trial(_ base: String, encrypted: Bool, seed: UInt64, into tally: inout Tally) throws {
    let (a, b) = try devices(base, encrypted: encrypted)
    var random = SplitMix64(seed: seed)
    var counter = 0
    func word(_ device: Device) -> String {
      counter += 1
      return "w\(device.name.lowercased())\(seed % 1000)x\(counter)"
    }
    for _ in 0..<steps {
      let device = random.next() % 2 == 0 ? a : b
      let known = try entries(device)
      switch known.isEmpty ? 0 : random.next() % 3 {
      case 0:
        // The same few minutes on both devices, often the same title too, so names meet.
        let minute = random.next() % 3
        let made = word(device)
        let title = random.next() % 2 == 0 ? "Evening" : "Evening \(made)"
        let written = try device.run(
          "new", "--no-weather", "--date", "2026-11-20T21:0\(minute)", "\(title)\n\n\(made)\n\nedit-me \(made)")
        if written.status == 0 { tally.words.insert(made) } else { tally.faults.append("new: \(written.stderr)") }
      case 1:
        let target = known[Int(random.next() % UInt64(known.count))].id
        let made = word(device)
        let edited = try edit(
          target, on: device, script: "printf '\\n%s\\n' '\(made)' >> \"$1\"", named: "append-\(made)")
        if edited.status == 0 { tally.words.insert(made) } else { tally.faults.append("append: \(edited.stderr)") }
      default:
        // The line both devices have: whoever rewrites it first, or both before a sync.
        let target = known[Int(random.next() % UInt64(known.count))]
        guard let line = target.text.split(separator: "\n").first(where: { $0.hasPrefix("edit-me") }) else { continue }
        let made = word(device)
        let edited = try edit(
          target.id, on: device, script: "sed -i 's/^\(line)$/rewritten \(made)/' \"$1\"", named: "rewrite-\(made)")
        guard edited.status == 0 else {
          tally.faults.append("rewrite: \(edited.stderr)")
          continue
        }
        // The old line's word is gone by intent, the new one is owed.
        tally.words.insert(made)
        if let old = line.split(separator: " ").last { tally.words.remove(String(old)) }
      }
      if random.next() % 2 == 0 {
        let synced = try device.run("sync")
        if synced.status != 0 { tally.faults.append("sync on \(device.name): \(synced.stderr)") }
        if synced.stderr.contains("made an entry of this name") { tally.apart += 1 }
      }
    }
    for device in [a, b, a] {
      let synced = try device.run("sync")
      if synced.status != 0 { tally.faults.append("last sync on \(device.name): \(synced.stderr)") }
      if synced.stderr.contains("made an entry of this name") { tally.apart += 1 }
    }
    for device in [a, b] {
      let texts = try entries(device)
      let all = texts.map(\.text).joined(separator: "\n")
      for made in tally.words where !all.contains(made + "\n") && !all.contains(made + " ") {
        // A rewritten line's word may have been replaced on the other device first: only a
        // word neither removed is owed.
        tally.lost += 1
        tally.faults.append("\(device.name) lacks \(made)")
      }
      tally.duplicated += texts.count - Set(texts.map(\.id)).count
      tally.markers += texts.filter { $0.text.contains("<<<<<<<") || $0.text.contains(">>>>>>>") }.count
      let doctor = try device.run("doctor")
      // Problems other than an entry left unsettled on purpose (and doctor's count of them).
      let named = (doctor.stdout + doctor.stderr).split(separator: "\n").filter { !$0.hasPrefix("ilgi: found ") }
      let unsettled = named.filter { $0.contains("a sync kept two devices' versions of one passage") }
      tally.unsettled += unsettled.count
      if doctor.status != 0, named.count > unsettled.count || unsettled.isEmpty {
        tally.faults.append("doctor on \(device.name): \(doctor.stdout)\(doctor.stderr)")
      }
      let status = try ChildProcess.run(
        ["git", "-C", device.root, "status", "--porcelain"], environment: device.environment)
      if !status.stdout.isEmpty { tally.faults.append("\(device.name) left uncommitted: \(status.stdout)") }
    }
    let heads = try [a, b].map {
      try ChildProcess.run(["git", "-C", $0.root, "rev-parse", "HEAD"], environment: $0.environment).stdout
    }
    if heads[0] != heads[1] { tally.faults.append("the devices end on different commits") }
  }

  @Test(arguments: [false, true]) func twoClonesSyncingLoseNothing(encrypted: Bool) throws {
    let base = try TempJournal().base
    var total = Tally()
    for trial in 0..<Self.trials {
      var tally = Tally()
      try Self.trial(
        base + "/trial-\(trial)", encrypted: encrypted, seed: FaultBudget.seed &+ UInt64(trial) &* 7919,
        into: &tally)
      total.lost += tally.lost
      total.duplicated += tally.duplicated
      total.markers += tally.markers
      total.apart += tally.apart
      total.unsettled += tally.unsettled
      total.faults += tally.faults.map { "trial \(trial): \($0)" }
      total.words.formUnion(tally.words)
    }
    FaultRow(
      suite: "two clones syncing (\(encrypted ? "encrypted" : "plain"))", trials: Self.trials,
      faults: total.faults.count, bytesLost: 0,
      detail: "\(Self.steps) writes each; words lost \(total.lost), duplicates \(total.duplicated), "
        + "markers written \(total.markers); \(total.apart) syncs kept two entries of one name apart; "
        + "\(total.unsettled) entries named unsettled by doctor"
    ).record()
    #expect(total.lost == 0 && total.duplicated == 0 && total.markers == 0, "\(total.faults.prefix(5))")
    #expect(total.faults.isEmpty, "\(total.faults.prefix(5))")
  }
}
