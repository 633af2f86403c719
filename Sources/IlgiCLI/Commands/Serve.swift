import ArgumentParser
import Dispatch
import Foundation
import IlgiCore
import IlgiServer

extension Ilgi {
  /// `ilgi serve [--port P] [--host H] [--token T] [--open] [--read-only] [filters]`.
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

    @Option(help: ArgumentHelp(tr(.serveTokenHelp), valueName: "token"))
    var token: String?

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
      let context = Context(global)
      let store = try context.openJournal()
      // The first refresh reports unreadable files once; later ones stay quiet.
      _ = try context.index(store)
      let token = self.token ?? (Self.localHosts.contains(host) ? nil : Self.newToken())
      let respond: @Sendable (ServerRequest) async -> Reply
      if readOnly {
        let live = LiveSite(store: store, context: context, filter: filters.filter(today: context.today))
        _ = try live.pages()
        let server = SiteServer(token: token, pages: { try live.pages() }, report: { Terminal.warn($0) })
        respond = { server.reply($0) }
      } else {
        let server = AppServer(
          diary: Self.diary(context, store), token: token, language: context.language, renderer: context.renderer())
        respond = { await server.reply($0) }
      }
      guard let port = Int(port) else { throw ValidationError(tr(.errServePort, port)) }
      try serve(respond, port: port, token: token, display: context.display(store.root))
    }

    /// The journal as the app writes it: git commits and the weather as the CLI makes them.
    ///
    /// A command's context holds one instant for its whole run; a server runs for days, so the
    /// app's dates and its weather take the system's clock at each request instead.
    static func diary(_ context: Context, _ store: JournalStore) -> Diary {
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
        store: store, templates: context.templates(for: store), effects: context.effects,
        zone: context.environment.timeZone, now: clock, hooks: hooks)
    }

    /// Listens until Ctrl-C, printing where to open the journal (and, on another address,
    /// the token and a QR code of the address with it, for a phone).
    private func serve(
      _ respond: @escaping @Sendable (ServerRequest) async -> Reply, port: Int, token: String?, display: String
    ) throws {
      let host = self.host
      let open = self.open
      let done = DispatchSemaphore(value: 0)
      nonisolated(unsafe) var failure: Error?
      Task {
        do {
          try await HTTPListener.run(host: host, port: port, respond: respond) { bound in
            let shown = host.contains(":") ? "[\(host)]" : host
            let address = "http://\(shown):\(bound)/"
            Terminal.standardError.write("ilgi: " + tr(.serveListening, display, address) + "\n")
            // On every address, the ones another device (a phone) can open take 0.0.0.0's place.
            let query = token.map { "?token=" + $0 } ?? ""
            var addresses = [address + query]
            if ["0.0.0.0", "::"].contains(host) {
              addresses = (HTTPListener.networkAddresses() + ["127.0.0.1"]).map { "http://\($0):\(bound)/" + query }
            }
            for (number, shown) in addresses.enumerated() where token != nil || addresses.count > 1 {
              let line =
                number > 0 ? tr(.serveOrAt, shown) : token != nil ? tr(.serveTokenLine, shown) : tr(.serveOpenAt, shown)
              Terminal.standardError.write("ilgi: " + line + "\n")
            }
            if token != nil, !Self.localHosts.contains(host), Terminal.standardError.isTerminal,
              let code = QRCode(addresses[0])
            {
              Terminal.standardError.write(tr(.serveQRNote) + "\n" + code.terminalText())
            }
            if open { Self.openBrowser(address + query) }
          }
        } catch {
          failure = error
        }
        done.signal()
      }
      done.wait()
      if let failure {
        throw Failure(tr(.errServeBind, "\(host):\(port)", HTTPListener.reason(failure)), status: ExitStatus.ioError)
      }
      Terminal.standardError.write("ilgi: " + tr(.serveStopped) + "\n")
    }

    static func newToken() -> String {
      var generator = SystemRandomNumberGenerator()
      return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
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
