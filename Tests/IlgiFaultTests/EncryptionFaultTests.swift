import Foundation
import IlgiAge
import IlgiFormat
import IlgiFuzz
import IlgiStore
import IlgiSystem
import IlgiTestSupport
import Testing

/// `encrypt`, `decrypt`, `key add` and writes to an encrypted journal killed at random moments:
/// afterwards every entry is complete in exactly one form (plain or sealed, never both, never
/// half), running the command again finishes it, and then no entry's text is anywhere on disk
/// in the clear: not in the journal, its `.ilgi/`, or HOME.
@Suite(.serialized) struct EncryptionFaultTests {
  static let entries = 24
  static var trials: Int { max(4, FaultBudget.crashTrials / 25) }

  static func mark(_ n: Int) -> String { "plainmark\(n)x" }

  /// A plain journal of `entries` entries, each naming its own mark, and an identity in HOME.
  static func template() throws -> (Harness, [String: [UInt8]]) {
    var files: [String: String] = [:]
    var originals: [String: [UInt8]] = [:]
    for n in 1...entries {
      let id = String(format: "%08X-0000-4000-8000-%012X", n, n)
      let text =
        "---\nid: \(id)\ndate: 2026-10-\(String(format: "%02d", n % 28 + 1))T08:\(String(format: "%02d", n % 60)):00+09:00\n---\n"
        + "Entry \(mark(n))\n\n" + String(repeating: "Some words of the day. ", count: 400) + "\n"
      files["2026/10/2026-10-\(String(format: "%02d", n % 28 + 1))-08\(String(format: "%02d", n % 60))-entry-\(n).md"] =
        text
      originals[id] = Array(text.utf8)
    }
    let h = try Harness(files)
    #expect(try h.run("key", "new").status == 0)
    return (h, originals)
  }

  static func identity(_ h: Harness) throws -> [any AgeIdentity] {
    try AgeFile.identities(
      in: String(contentsOfFile: h.environment["HOME", default: ""] + "/.config/ilgi/identity.txt", encoding: .utf8))
  }

  /// Each entry by id: the texts found for it (decrypted where sealed), and the faults seen.
  static func forms(_ root: String, identities: [any AgeIdentity]) -> (byID: [String: [[UInt8]]], faults: [String]) {
    var byID: [String: [[UInt8]]] = [:]
    var faults: [String] = []
    for case let relative as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() {
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
        relative.hasSuffix(".md") || relative.hasSuffix(".md.age"),
        let data = FileManager.default.contents(atPath: root + "/" + relative)
      else { continue }
      var bytes = [UInt8](data)
      if AgeFile.isEncrypted(bytes) {
        guard let opened = try? AgeFile.decrypt(bytes, with: identities) else {
          faults.append("\(relative) does not open")
          continue
        }
        bytes = opened
      }
      let text = String(decoding: bytes, as: UTF8.self)
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("id: ") }) else {
        faults.append("\(relative) has no id")
        continue
      }
      byID[String(line.dropFirst(4)), default: []].append(bytes)
    }
    return (byID, faults)
  }

  /// Faults: an entry missing, in two forms, or changed.
  static func check(_ root: String, _ originals: [String: [UInt8]], identities: [any AgeIdentity]) -> [String] {
    let (byID, faults) = forms(root, identities: identities)
    var found = faults
    for (id, text) in originals {
      let forms = byID[id] ?? []
      if forms.count != 1 { found.append("\(id) is in \(forms.count) files") }
      if let only = forms.first, only != text { found.append("\(id) changed") }
    }
    return found
  }

  /// Files under `folder` holding any entry's mark in the clear.
  static func clearText(under folder: String) -> [String] {
    var found: [String] = []
    for case let relative as String in FileManager.default.enumerator(atPath: folder) ?? NSEnumerator() {
      guard let data = FileManager.default.contents(atPath: folder + "/" + relative) else { continue }
      if String(decoding: data, as: UTF8.self).contains("plainmark") { found.append(relative) }
    }
    return found
  }

  /// A fresh copy of the template's journal and HOME for one trial.
  static func copy(_ template: Harness, to base: String) throws -> Harness {
    var h = template
    try? FileManager.default.removeItem(atPath: base)
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: template.journal.root, toPath: base + "/journal")
    try FileManager.default.copyItem(atPath: template.environment["HOME", default: ""], toPath: base + "/home")
    h.environment["HOME"] = base + "/home"
    h.environment["XDG_CONFIG_HOME"] = base + "/home/.config"
    h.environment["XDG_RUNTIME_DIR"] = base + "/runtime"
    try FileManager.default.createDirectory(atPath: base + "/runtime", withIntermediateDirectories: true)
    h.environment["ILGI_JOURNAL"] = base + "/journal"
    return h
  }

  /// Kills `arguments` at random moments in trials on fresh copies made by `prepare`; after each
  /// kill the forms are checked, then the command is run again and `finished` checked.
  static func killTrials(
    _ name: String, _ arguments: [String], prepare: (Harness) throws -> Void,
    afterKill: (Harness) throws -> [String] = { _ in [] },
    rerunIsDone: (IlgiProcess.Result) -> Bool = { $0.status == 0 },
    finished: (Harness, [String: [UInt8]]) throws -> [String]
  ) throws {
    let (template, originals) = try template()
    let identities = try identity(template)
    var random = SplitMix64(seed: FaultBudget.seed &+ UInt64(name.utf8.count))
    // How long a whole run takes here, to kill within it.
    let timing = try copy(template, to: template.journal.base + "/timing")
    try prepare(timing)
    let started = Date()
    #expect(try IlgiProcess.run(arguments, environment: timing.environment).status == 0)
    var span = max(Date().timeIntervalSince(started), 0.05)
    var faults: [String] = []
    var killed = 0
    var trial = 0
    // A loaded machine can make the timing run slow and the trials fast, so that every kill comes
    // after the command ended: a run that ended before its kill shortens the span, and trials go on
    // (at most twice as many) until one was killed mid-run.
    while trial < trials || (killed == 0 && trial < 2 * trials) {
      defer { trial += 1 }
      let h = try copy(template, to: template.journal.base + "/trial-\(trial)")
      try prepare(h)
      let child = try Child.start(arguments, environment: h.environment)
      let delay = Double(random.next() % 1000) / 1000 * span
      if child.kill(after: delay) { killed += 1 } else { span = max(delay, 0.01) }
      let root = h.environment["ILGI_JOURNAL", default: ""]
      faults += check(root, originals, identities: identities).map { "trial \(trial) after the kill: \($0)" }
      faults += try afterKill(h).map { "trial \(trial) after the kill: \($0)" }
      let again = try IlgiProcess.run(arguments, environment: h.environment)
      if !rerunIsDone(again) { faults.append("trial \(trial): running again failed: \(again.stderr)") }
      faults += check(root, originals, identities: identities).map { "trial \(trial) after the rerun: \($0)" }
      faults += try finished(h, originals).map { "trial \(trial): \($0)" }
    }
    FaultRow(
      suite: "encryption: kill \(name)", trials: trial, faults: faults.count, bytesLost: 0,
      detail: "\(killed) killed mid-run"
    )
    .record()
    #expect(killed > 0, "no trial was killed while \(name) ran")
    #expect(faults.isEmpty, "\(faults.prefix(5))")
  }

  /// No mark in the clear in the journal (its `.ilgi/` too) or HOME.
  static func noClearText(_ h: Harness) -> [String] {
    (clearText(under: h.environment["ILGI_JOURNAL", default: ""]) + clearText(under: h.environment["HOME", default: ""]))
      .map {
        "in the clear: \($0)"
      }
  }

  @Test func killedEncryptLeavesEachEntryOnceAndTheRerunLeavesNoPlaintext() throws {
    try Self.killTrials("encrypt", ["encrypt"], prepare: { _ in }) { h, _ in Self.noClearText(h) }
  }

  @Test func killedDecryptLeavesEachEntryOnce() throws {
    try Self.killTrials(
      "decrypt", ["decrypt"],
      prepare: { h in
        let made = try h.run("encrypt"); #expect(made.status == 0)
      }
    ) { h, _ in
      let sealed =
        (FileManager.default.enumerator(atPath: h.environment["ILGI_JOURNAL", default: ""])?.compactMap {
          $0 as? String
        } ?? [])
        .filter { $0.hasSuffix(".age") }
      return sealed.map { "still sealed: \($0)" }
    }
  }

  @Test func killedKeyAddLeavesEveryEntryOpenable() throws {
    let second = X25519Identity.generate()
    try Self.killTrials(
      "key add", ["key", "add", second.recipient.encoded],
      prepare: { h in
        let made = try h.run("encrypt"); #expect(made.status == 0)
      }
    ) { h, originals in
      // After the rerun every entry opens with the new key too.
      Self.check(h.environment["ILGI_JOURNAL", default: ""], originals, identities: [second]).map {
        "for the new key: \($0)"
      }
        + Self.noClearText(h)
    }
  }

  /// Entry files under the journal (tree and trash) that the identity `removed` still opens.
  static func openingWith(_ removed: X25519Identity, _ root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []).filter { name in
      guard name.hasSuffix(".md") || name.hasSuffix(".md.age"),
        let data = FileManager.default.contents(atPath: root + "/" + name), AgeFile.isEncrypted([UInt8](data))
      else { return false }
      return (try? AgeFile.decrypt([UInt8](data), with: [removed])) != nil
    }
  }

  @Test func killedKeyRemoveIsFinishedByItsRerunAndNamedByDoctor() throws {
    let second = X25519Identity.generate()
    try Self.killTrials(
      "key remove", ["key", "remove", second.recipient.encoded],
      prepare: { h in
        let made = try h.run("encrypt"); #expect(made.status == 0)
        let added = try h.run("key", "add", second.recipient.encoded); #expect(added.status == 0)
      },
      afterKill: { h in
        // Every file the removed key still opens is named by doctor (when the list has changed).
        let root = h.environment["ILGI_JOURNAL", default: ""]
        let listed = try h.run("config", "get", "encryption.recipients").stdout
        guard !listed.contains(second.recipient.encoded) else { return [] }
        let doctor = try h.run("doctor")
        return Self.openingWith(second, root).filter { !doctor.stdout.contains($0) }
          .map { "\($0) opens with the removed key and doctor does not say so" }
      },
      // A kill after the work was done leaves nothing to finish: the key is no longer listed.
      rerunIsDone: {
        $0.status == 0 || ($0.status == 66 && $0.stderr.contains("is not one of the journal's recipients"))
      }
    ) { h, _ in
      let root = h.environment["ILGI_JOURNAL", default: ""]
      var faults = Self.openingWith(second, root).map { "\($0) still opens with the removed key" }
      if FileManager.default.fileExists(atPath: root + "/" + KeyChange.file) { faults.append("the key change is left") }
      let doctor = try h.run("doctor")
      if doctor.status != 0 { faults.append("doctor: \(doctor.stdout)") }
      return faults + Self.noClearText(h)
    }
  }

  /// A new entry as the app's page sends it; the HTTP status.
  static func create(_ port: Int, _ text: String) throws -> Int {
    let body = try JSONSerialization.data(withJSONObject: ["content": text])
    let result = try ChildProcess.run(
      [
        "curl", "-s", "-o", "/dev/null", "--max-time", "30", "-X", "POST", "-H", "X-Ilgi-Request: 1", "-H",
        "Authorization: Bearer " + AppFaultTests.Server.token, "-H",
        "Origin: http://127.0.0.1:\(port)", "-H", "Content-Type: application/json", "--data-binary", "@-",
        "-w", "%{http_code}", "http://127.0.0.1:\(port)/api/entries",
      ], input: Array(body))
    return Int(result.stdout) ?? 0
  }

  @Test func conversionsWhileTheAppWritesLeaveNoPlaintextAndNoRemovedKey() throws {
    let (template, _) = try Self.template()
    let h = try Self.copy(template, to: template.journal.base + "/serving")
    let root = h.environment["ILGI_JOURNAL", default: ""]
    let server = try AppFaultTests.Server(h)
    defer { server.kill() }
    let second = X25519Identity.generate()
    var faults: [String] = []
    var made = 0
    let steps = [["encrypt"], ["key", "add", second.recipient.encoded], ["key", "remove", second.recipient.encoded]]
    for step in steps {
      // The app writes as fast as it is answered while another process converts the journal.
      let conversion = try Child.start(step, environment: h.environment)
      let started = Date()
      var during = 0
      repeat {
        let status = try Self.create(server.port, "New plainmark \(made)\n\nwritten while \(step[0]) ran")
        if status != 201 { faults.append("\(step.joined(separator: " ")): a create answered \(status)") }
        made += 1
        during += 1
      } while conversion.process.isRunning && during < 200 && Date().timeIntervalSince(started) < 60
      let status = conversion.wait()
      if status != 0 { faults.append("\(step.joined(separator: " ")) exited \(status)") }
      // And once after it, from the same server.
      if try Self.create(server.port, "After plainmark \(made)\n\nwords") != 201 { faults.append("create after") }
      made += 1
      faults += Self.noClearText(h).map { "after \(step.joined(separator: " ")): \($0)" }
    }
    faults += Self.openingWith(second, root).map { "\($0) still opens with the removed key" }
    let listed = try h.run("list", "-n", "1000")
    let count = listed.stdout.split(separator: "\n").filter {
      $0.contains("New plainmark") || $0.contains("After plainmark")
    }.count
    if count != made { faults.append("\(count) of the \(made) entries the app made are listed") }
    FaultRow(
      suite: "encryption: conversions while serving", trials: steps.count, faults: faults.count, bytesLost: 0,
      detail: "\(made) entries made by the app meanwhile"
    ).record()
    #expect(faults.isEmpty, "\(faults.prefix(5))")
  }

  @Test func killedWritesToAnEncryptedJournalLeaveNoPlaintext() throws {
    let (template, _) = try Self.template()
    let h = try Self.copy(template, to: template.journal.base + "/writes")
    #expect(try h.run("encrypt").status == 0)
    var random = SplitMix64(seed: FaultBudget.seed &+ 99)
    var faults: [String] = []
    var killed = 0
    let text = "A new plainmark entry\n\n" + String(repeating: "more plainmark words ", count: 3000)
    for trial in 0..<Self.trials {
      let child = try Child.start(["new", "--no-weather", text], environment: h.environment)
      if child.kill(after: Double(random.next() % 300) / 1000) { killed += 1 }
      if trial % 2 == 0 {
        let editor = try h.editor("sed -i 's/Some words/Other plainmark words/' \"$1\"")
        var env = h.environment
        env["EDITOR"] = editor
        let edit = try Child.start(["edit", String(format: "%08X", trial % Self.entries + 1)], environment: env)
        if edit.kill(after: Double(random.next() % 300) / 1000) { killed += 1 }
      }
      faults += Self.noClearText(h).map { "trial \(trial): \($0)" }
    }
    let listed = try h.run("list", "-n", "1000")
    if listed.status != 0 { faults.append("list failed: \(listed.stderr)") }
    FaultRow(
      suite: "encryption: kill writes", trials: Self.trials, faults: faults.count, bytesLost: 0,
      detail: "\(killed) killed mid-run"
    ).record()
    #expect(faults.isEmpty, "\(faults.prefix(5))")
  }
}
