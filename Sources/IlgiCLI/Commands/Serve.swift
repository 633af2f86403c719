import ArgumentParser
import Dispatch
import Foundation
import IlgiIndex
import IlgiServer
import IlgiSite
import IlgiStore
import IlgiSync
import IlgiSystem
import IlgiWeather

#if canImport(Glibc)
  import Glibc
#endif

extension Ilgi {
  /// `ilgi serve [--port P] [--host H] [--token-file F | --token T] [--open] [--read-only] [filters]`.
  struct Serve: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "serve",
          abstract: tr(.serveAbstract),
          discussion: helpText(.serveDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(tr(.servePortHelp), valueName: "port"))
    var port: String = "8080"

    @Option(help: ArgumentHelp(tr(.serveHostHelp), valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp(tr(.serveURLHelp), valueName: "https-address"))
    var url: String?

    @Option(help: ArgumentHelp(tr(.serveTokenHelp), valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp(tr(.serveTokenFileHelp), valueName: "file"))
    var tokenFile: String?

    @Flag(help: ArgumentHelp(tr(.serveOpenHelp)))
    var open = false

    @Flag(help: ArgumentHelp(tr(.serveReadOnlyHelp)))
    var readOnly = false

    @OptionGroup var filters: FilterOptions

    /// Addresses only this computer reaches.
    static let localHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

    func validate() throws {
      guard let number = Int(port), (0...65_535).contains(number) else {
        throw ValidationError(tr(.errServePort, port))
      }
    }

    func run() throws {
      if let url, RequestGate.origin(of: url) == nil {
        throw Failure(tr(.errServeURL, url), status: ExitStatus.usage)
      }
      let token = try ServeToken.resolve(flag: token, file: tokenFile, in: .current)
      let context = Context(global)
      let store = try context.openJournal(making: !readOnly)
      // A server killed before a sitting ended (kill -9, a power cut) left its last text saved
      // and uncommitted: committed before anything else.
      if !readOnly { try Self.endSittings(store, context) }
      // The first refresh reports unreadable files once; later ones stay quiet.
      _ = try context.index(store)
      let gate = RequestGate(
        token: token, checksHost: Self.localHosts.contains(host), publicOrigin: url.flatMap(RequestGate.origin(of:)))
      let responder: any ServerResponder
      // The app syncs by itself with the journal's remote (`git.sync_interval`).
      let sync =
        readOnly
        ? nil
        : ServeSync(
          root: store.root, interval: ConfigKey.seconds(context.settings[.gitSyncInterval]?.string ?? "") ?? 0,
          binary: Invocation.current.executable, variables: context.variables)
      if readOnly {
        let live = LiveSite(store: store, context: context, filter: filters.filter(today: context.today))
        _ = try live.pages()
        responder = SiteServer(
          gate: gate, language: context.language, pages: { try live.pages() }, report: { Terminal.warn($0) })
      } else {
        var effects = context.effects
        effects.recorded = { sync?.poke() }
        responder = AppServer(
          diary: Self.diary(context, store, effects: effects), gate: gate, language: context.language,
          renderer: context.renderer(), offline: context.offlineKeeping,
          newTemplate: context.settings.string(.newTemplate), sync: { sync?.status })
      }
      guard let port = Int(port) else { throw ValidationError(tr(.errServePort, port)) }
      if let sync {
        Terminal.note(tr(.serveSyncing, Self.interval(sync.interval)))
        sync.start()
      }
      try serve(responder, port: port, token: token, display: context.display(store.root))
      sync?.stop()
      // Ctrl-C ends every sitting still open in a browser: its last text is committed.
      if !readOnly { try Self.endSittings(store, context) }
    }

    /// Commits each entry the app saved and no sitting's end committed yet, in a journal kept in
    /// git with `git.autocommit` on, as a sitting's end (leaving the page) commits it.
    static func endSittings(_ store: JournalStore, _ context: Context) throws {
      guard context.settings.flag(.gitAutocommit), let git = context.git(store), git.operationInProgress == nil else {
        return
      }
      do throws(SyncError) {
        try Ilgi.Sync.service(store, git, context).commitUnsettled()
      } catch {
        throw Diagnostics.describe(error)
      }
    }

    /// The journal as the app writes it: git commits and the weather as the CLI makes them.
    ///
    /// A command's context holds one instant for its whole run; a server runs for days, so the
    /// app's dates and its weather take the system's clock at each request instead.
    static func diary(_ context: Context, _ store: JournalStore, effects: WriteEffects? = nil) -> Diary {
      let clock = IlgiEnvironment().now
      let hooks = Diary.Hooks(
        weather: { latitude, longitude in
          guard context.settings[.weatherEnabled]?.bool != false,
            case .success(var lookup) = context.weatherLookup(root: store.root)
          else { return nil }
          if let latitude, let longitude {
            lookup.coordinates = WeatherPlace(name: nil, latitude: latitude, longitude: longitude)
          }
          guard case .success(let report) = await lookup.current(now: clock()) else { return nil }
          return report.text(in: context.language)
        },
        report: { Terminal.warn($0) })
      return Diary(
        store: store, templates: context.templates(for: store), effects: effects ?? context.effects,
        zone: context.environment.timeZone, now: clock, hooks: hooks, intake: context.attachmentIntake)
    }

    /// An interval as a person writes it: `30s`, `5m`, `1h`.
    static func interval(_ seconds: TimeInterval) -> String {
      if seconds >= 3_600, seconds.truncatingRemainder(dividingBy: 3_600) == 0 { return "\(Int(seconds / 3_600))h" }
      if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
      return "\(Int(seconds.rounded(.up)))s"
    }

    /// Listens until Ctrl-C, printing where to open the journal: the address with its token
    /// (and on every address, each one another device can open and a QR code of it, for a
    /// phone).
    private func serve(_ responder: any ServerResponder, port: Int, token: String, display: String) throws {
      let host = self.host
      let open = self.open
      let publicOrigin = url.flatMap(RequestGate.origin(of:))
      let done = DispatchSemaphore(value: 0)
      nonisolated(unsafe) var failure: Error?
      nonisolated(unsafe) var opened: OpeningPage?
      let variables = Invocation.current.variables
      Task {
        do {
          try await HTTPListener.run(
            host: host, port: port, responder: responder,
            draining: { count in
              Terminal.standardError.write(
                "ilgi: " + (count == 1 ? tr(.serveDrainingOne) : tr(.serveDraining, count)) + "\n")
            }
          ) { bound in
            let shown = host.contains(":") ? "[\(host)]" : host
            let address = "http://\(shown):\(bound)/"
            Terminal.standardError.write("ilgi: " + tr(.serveListening, display, address) + "\n")
            // On every address, the ones another device (a phone) can open take 0.0.0.0's place.
            let query = "?token=" + RequestGate.encoded(token)
            var addresses = [address + query]
            if ["0.0.0.0", "::"].contains(host) {
              addresses = (HTTPListener.networkAddresses() + ["127.0.0.1"]).map { "http://\($0):\(bound)/" + query }
            }
            // Behind a TLS proxy the phone opens the proxy's address.
            if let publicOrigin { addresses.insert(publicOrigin + "/" + query, at: 0) }
            for (number, shown) in addresses.enumerated() {
              Terminal.standardError.write(
                "ilgi: " + (number > 0 ? tr(.serveOrAt, shown) : tr(.serveTokenLine, shown)) + "\n")
            }
            if !Self.localHosts.contains(host) || publicOrigin != nil, Terminal.standardError.isTerminal,
              let code = QRCode(addresses[0])
            {
              Terminal.standardError.write(
                tr(publicOrigin == nil ? .serveQRNote : .serveQRNoteURL) + "\n" + code.terminalText())
            }
            if open {
              opened = OpeningPage(address: address + query, variables: variables)
              if let page = opened { Self.openBrowser(page.path) }
            }
          }
        } catch {
          failure = error
        }
        done.signal()
      }
      done.wait()
      opened?.remove()
      if let failure {
        throw Failure(tr(.errServeBind, "\(host):\(port)", HTTPListener.reason(failure)), status: ExitStatus.ioError)
      }
      Terminal.standardError.write("ilgi: " + tr(.serveStopped) + "\n")
    }

    static func openBrowser(_ address: String) {
      let path = Invocation.current.variables["PATH"] ?? "/usr/bin:/bin"
      guard let opener = ChildProcess.find("xdg-open", path: path) ?? ChildProcess.find("open", path: path) else {
        return
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: opener)
      process.arguments = [address]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try? process.run()
    }
  }
}

/// The token every request to `ilgi serve` must carry, on 127.0.0.1 too: `--token`,
/// `--token-file`, else `ILGI_TOKEN`, else one made up. An empty one is refused (it would match
/// anything), and so is a file others can read (its point is that only its owner can).
enum ServeToken {
  /// The token to use; a `Failure` with the usage status when the one given cannot be.
  static func resolve(flag: String?, file: String?, in invocation: Invocation) throws -> String {
    if flag != nil, file != nil { throw Failure(tr(.errServeTwoTokens), status: ExitStatus.usage) }
    if let flag { return try nonEmpty(flag, "--token") }
    if let file { return try read(invocation.expand(file), shown: file) }
    if let variable = invocation.variables["ILGI_TOKEN"] { return try nonEmpty(variable, "ILGI_TOKEN") }
    return made()
  }

  static func nonEmpty(_ token: String, _ source: String) throws -> String {
    guard !token.isEmpty else { throw Failure(tr(.errServeEmptyToken, source), status: ExitStatus.usage) }
    return token
  }

  /// The first line of the file at `path` (an editor's final line break is no part of it). The
  /// file must be a regular file with no permission for group or others.
  static func read(_ path: String, shown: String) throws -> String {
    func unreadable(_ code: Int32) -> Failure {
      Failure(
        tr(.errServeTokenFileUnreadable, shown, String(cString: strerror(code)).lowercased()), status: ExitStatus.usage)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw unreadable(errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw unreadable(errno) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw unreadable(status.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL)
    }
    guard status.st_mode & 0o077 == 0 else {
      throw Failure(tr(.errServeTokenFileOpen, shown), status: ExitStatus.usage)
    }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = Glibc.read(descriptor, &bytes, bytes.count)
    guard count >= 0 else { throw unreadable(errno) }
    let line = String(decoding: bytes.prefix(count), as: UTF8.self).split(whereSeparator: \.isNewline).first
    return try nonEmpty(line.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "", "--token-file " + shown)
  }

  /// 256 random bits in hexadecimal.
  static func made() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}

/// What `serve --open` gives the browser: a page in an owner-only file that sends it on to the
/// address with the token, so the token is never in the browser's command line, which every
/// account of this computer can read in /proc. Removed when the server stops.
struct OpeningPage {
  /// The file.
  let path: String
  /// The folder made for it, if one was.
  let folder: String?

  /// Writes the page for `address` in `$XDG_RUNTIME_DIR`, else a new private folder in the
  /// temporary folder; nil when neither can be written.
  init?(address: String, variables: [String: String]) {
    if let runtime = variables["XDG_RUNTIME_DIR"], !runtime.isEmpty, access(runtime, W_OK) == 0 {
      path = runtime + "/ilgi-open-\(getpid()).html"
      folder = nil
    } else {
      var template = Array((NSTemporaryDirectory() + "/ilgi-open-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { return nil }
      folder = String(cString: made)
      path = String(cString: made) + "/open.html"
    }
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let bytes = Reply.onward(address).body
    guard write(descriptor, bytes, bytes.count) == bytes.count else {
      remove()
      return nil
    }
  }

  /// Removes the file (and the folder made for it).
  func remove() {
    unlink(path)
    if let folder { rmdir(folder) }
  }
}

/// The journal's site as it is now: the index is refreshed on every request and the site made
/// again only when a file changed.
final class LiveSite: @unchecked Sendable {
  private let lock = NSLock()
  private let store: JournalStore
  private let context: Context
  private let filter: EntryFilter
  private var cached: [String: SitePage]?
  private var stamp = ""

  init(store: JournalStore, context: Context, filter: EntryFilter) {
    self.store = store
    self.context = context
    self.filter = filter
  }

  func pages() throws -> [String: SitePage] {
    lock.lock()
    defer { lock.unlock() }
    let (index, report) = try EntryIndex.load(store, attachments: true)
    // Pictures beside the entries count too: one copied in shows without its entry changing.
    let templatesNow =
      templatesStamp()
      + report.attachments.map { "\($0.path.rawValue) \($0.signature.size) \($0.signature.modified)\n" }.joined()
    let changed =
      report.added + report.updated + report.removed + report.moved > 0 || report.rebuilt
      || templatesNow != stamp
    if let cached, !changed { return cached }
    stamp = templatesNow
    let site = try context.site(store, index: index, report: report, filter: filter, keepsFragments: false)
    var pages: [String: SitePage] = [:]
    for page in site.pages() { pages[page.path] = page }
    cached = pages
    return pages
  }

  /// Names, sizes and times of the journal's own templates, so an edited one shows on reload.
  private func templatesStamp() -> String {
    guard let folder = context.templates(for: store).overrideFolder,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { return "" }
    var stamp = ""
    for name in names.sorted() {
      var status = stat()
      if stat(folder + "/" + name, &status) == 0 {
        stamp += "\(name) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\n"
      }
    }
    return stamp
  }
}
