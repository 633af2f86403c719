import ArgumentParser
import Foundation
import IlgiFormat
import IlgiStore
import IlgiWeather

extension Ilgi {
  /// `ilgi weather [now | fill]`.
  struct Weather: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "weather",
          abstract: tr(.weatherAbstract), subcommands: [Now.self, Fill.self], defaultSubcommand: Now.self)
      }
    }

    struct Now: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "now", abstract: tr(.weatherNowAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal(making: true)
        let lookup = try Weather.lookup(context, store)
        let now = context.now
        switch Pending.run({ await lookup.current(now: now) }) {
        case .success(let report):
          Terminal.standardOutput.write("\(report.condition.symbol) \(report.text(in: context.language))\n")
        case .failure(let error):
          throw Failure(Diagnostics.describe(error))
        }
      }
    }

    struct Fill: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(
            commandName: "fill", abstract: tr(.weatherFillAbstract), discussion: helpText(.weatherFillDiscussion))
        }
      }

      @OptionGroup var global: GlobalOptions

      @OptionGroup var filters: FilterOptions

      @Flag(help: ArgumentHelp(tr(.weatherFillDryRunHelp)))
      var dryRun = false

      @Flag(name: [.customShort("y"), .long], help: ArgumentHelp(tr(.weatherFillYesHelp)))
      var yes = false

      func run() throws {
        let context = Context(global)
        let store = try context.openJournal()
        let (index, _) = try context.index(store)
        let missing = try index.entries(filters.filter(today: context.today))
          .filter { ($0.weather ?? "").isEmpty }
        guard !missing.isEmpty else {
          Terminal.standardError.write(tr(.weatherFillNothing) + "\n")
          return
        }
        var lookup = try Weather.lookup(context, store)
        lookup.client.timeout = max(lookup.client.timeout, 15)
        // Everything is fetched before any file is touched, so a failing service changes nothing.
        let reports = try Self.reports(for: missing, lookup: lookup, now: context.now)
        let found = missing.compactMap { entry in reports[entry.path].map { (entry, $0) } }
        if dryRun {
          Terminal.standardOutput.write(
            found.map { tr(.weatherFillWould, $0.0.path.rawValue, $0.1.text(in: context.language)) + "\n" }.joined())
        } else {
          if found.count > 10 && !yes {
            guard Terminal.inputIsTerminal else { throw Failure(tr(.weatherFillNeedsYes, found.count)) }
            guard Terminal.confirm(tr(.weatherFillConfirm, found.count)) else { return }
          }
          _ = try context.writer(store).fillWeather(
            found.map { (path: $0.0.path, text: $0.1.text(in: context.language)) })
          Terminal.standardOutput.write(tr(.weatherFillDone, found.count) + "\n")
        }
        if found.count < missing.count {
          Terminal.standardError.write(tr(.weatherFillMissing, missing.count - found.count) + "\n")
        }
      }

      /// The archive's report for each entry's hour (see `WeatherBackfill`).
      static func reports(for entries: [IndexedEntry], lookup: WeatherLookup, now: Date) throws
        -> [JournalPath: WeatherReport]
      {
        var reports: [JournalPath: WeatherReport] = [:]
        for request in WeatherBackfill(entries).requests {
          let history = Pending.run { () async -> Result<WeatherHistory, WeatherError> in
            do throws(WeatherError) {
              return .success(try await lookup.history(from: request.from, to: request.to, now: now))
            } catch {
              return .failure(error)
            }
          }
          switch history {
          case .success(let history):
            for entry in request.entries { reports[entry.path] = history.report(at: entry.instant) }
          case .failure(let error):
            throw Failure(Diagnostics.describe(error))
          }
        }
        return reports
      }
    }

    /// A `weather:` text for a list or page: the condition's symbol, then the text as written.
    static func shown(_ weather: String) -> String {
      let text = Sanitize.line(weather)
      return WeatherCondition.recognize(text).map { "\($0.symbol) \(text)" } ?? text
    }

    /// The configured lookup, or a failure saying what to set.
    static func lookup(_ context: Context, _ store: JournalStore) throws -> WeatherLookup {
      switch context.weatherLookup(root: store.root) {
      case .success(let lookup): return lookup
      case .failure(let error): throw Failure(Diagnostics.describe(error), status: ExitStatus.usage)
      }
    }
  }
}
