import ArgumentParser
import IlgiFormat
import IlgiInterchange

extension Ilgi {
  /// `ilgi onthisday [DATE]`.
  struct OnThisDay: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "onthisday",
          abstract: tr(.onThisDayAbstract),
          discussion: helpText(.onThisDayDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.onThisDayDateHelp)))
    var date: String?

    @Flag(help: ArgumentHelp(tr(.optJSONList)))
    var json = false

    @OptionGroup var pager: PagerOptions

    func run() throws {
      let context = Context(global)
      guard let day = DayRange(parsing: date ?? "today", today: context.today)?.first else {
        throw Failure(tr(.errNotADay, date ?? ""), status: ExitStatus.usage)
      }
      let store = try context.openJournal()
      let (index, _) = try context.index(store)
      let entries = try index.entries(onThisDay: day)
      if json {
        Terminal.standardOutput.write(try EntryJSON.render(entries.map { EntryJSON($0) }))
        return
      }
      guard !entries.isEmpty else {
        Terminal.standardError.write(tr(.onThisDayNothing, context.dates.monthAndDay(day)) + "\n")
        return
      }
      let paint = context.paint
      var out = ""
      var year = ""
      let columns = Terminal.columns(context.variables)
      let thisYear = Int(day.prefix(4)) ?? 0
      for entry in entries {
        let entryYear = String(entry.date.day.prefix(4))
        if entryYear != year {
          year = entryYear
          let ago = thisYear - (Int(entryYear) ?? thisYear)
          out += (out.isEmpty ? "" : "\n") + paint.bold(ago == 1 ? tr(.yearAgo) : tr(.yearsAgo, ago)) + "\n"
        }
        out += List.lines(entry, context, paint: paint) + List.preview(entry, columns: columns)
      }
      Pager.show(out, variables: context.variables, options: pager)
    }
  }
}
