import ArgumentParser
import Foundation
import IlgiFormat
import IlgiStore

extension Ilgi {
  /// `ilgi new`.
  struct New: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "new",
          abstract: tr(.newAbstract),
          discussion: helpText(.newDiscussion))
      }
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(tr(.newTextHelp)))
    var text: [String] = []

    @Option(
      help: ArgumentHelp(tr(.newDateHelp), valueName: "date"))
    var date: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp(tr(.newTagHelp), valueName: "tag"))
    var tags: [String] = []

    @Option(help: ArgumentHelp(tr(.newWeatherHelp), valueName: "text"))
    var weather: String?

    @Flag(help: ArgumentHelp(tr(.newNoWeatherHelp)))
    var noWeather = false

    @Flag(help: ArgumentHelp(tr(.newStarHelp)))
    var star = false

    @Option(name: .customLong("attach"), help: ArgumentHelp(tr(.optNewAttach), valueName: "file"))
    var attachments: [String] = []

    @Flag(help: ArgumentHelp(tr(.newEditHelp)))
    var edit = false

    @Flag(help: ArgumentHelp(tr(.newResumeHelp)))
    var resume = false

    @Option(help: ArgumentHelp(tr(.newTemplateHelp), valueName: "name"))
    var template: String?

    @Flag(help: ArgumentHelp(tr(.newNoTemplateHelp)))
    var noTemplate = false

    @Option(help: ArgumentHelp(tr(.newMoodHelp), valueName: "mood"))
    var mood: String?

    @Option(name: .customLong("activity"), help: ArgumentHelp(tr(.newActivityHelp), valueName: "activity"))
    var activities: [String] = []

    func validate() throws {
      if let date, NewEntryDate.parse(date, now: Date(), zone: Invocation.current.timeZone) == nil {
        throw ValidationError(tr(.errNewDate, date))
      }
      for tag in tags
      where tag.trimmingCharacters(in: .whitespaces).isEmpty || tag.contains(where: { $0.isWhitespace || $0 == "," }) {
        throw ValidationError(tr(.errNewTag, tag))
      }
      // `--date yesterday 21:30` unquoted: the time would become the entry's title.
      if let date, let first = text.first,
        NewEntryDate.parse(date, now: Date(), zone: Invocation.current.timeZone) != nil,
        NewEntryDate.parse(date + " " + first, now: Date(), zone: Invocation.current.timeZone) != nil
      {
        throw ValidationError(tr(.errNewDateSplit, date, first))
      }
      if weather != nil && noWeather {
        throw ValidationError(tr(.newWeatherConflict))
      }
      if let weather, weather.contains(where: \.isNewline) {
        throw ValidationError(tr(.errNewWeatherLine))
      }
      if let mood, Mood(text: mood) == nil { throw ValidationError(tr(.errNotAMood, mood)) }
      for activity in activities where activity.trimmingCharacters(in: .whitespaces).isEmpty || activity.contains(",") {
        throw ValidationError(tr(.errNewActivity, activity))
      }
      if let template, !EntryTemplate.isName(template) { throw ValidationError(tr(.errNoTemplate, template)) }
      if template != nil && noTemplate { throw ValidationError(tr(.errTemplateAndNoTemplate)) }
      // A resumed draft is saved as it was left; files would otherwise be dropped unsaid.
      if resume, let file = attachments.first {
        throw ValidationError(tr(.errNewResumeAttach, file))
      }
    }

    func run() throws {
      let context = Context(global)
      let store = try context.openJournal(making: true)
      if resume { return try resumeDraft(context, store) }
      // Read and checked first: a bad file leaves no entry behind.
      let attaching = try Attach.prepare(attachments, context)

      let (text, dateText) = textAndDate(context)
      let date = try entryDate(context, dateText)
      let asking = weather == nil && !noWeather ? WeatherRequest.start(context, store, at: date.instant) : nil
      let start = try startingTemplate(context, store)
      var details = NewEntryDetails(
        date: date,
        tags: ((start?.tags ?? []) + tags).compactMap { EntryTag($0)?.name },
        weather: weather?.trimmingCharacters(in: .whitespaces))
      details.starred = star
      details.mood = mood.flatMap(Mood.init(text:)) ?? start?.mood.flatMap(Mood.init)
      details.activities = Self.distinct((start?.activities ?? []) + activities)
      let begun = try start.map { try Self.filled($0, on: date, context, store) }

      let given = try givenBody(text)
      // A template's text comes first, the words given after it.
      let body = given.map { given in begun.map { Self.normalized($0) + "\n\n" + given } ?? given }
      if let body, edit {
        // The text given is where the editor starts, and is kept even if the editor leaves it
        // as it was.
        let (draft, _) = try context.writer(store).beginNew(details, text: Self.normalized(body), now: context.now)
        return try finish(context, store, draft: draft, template: nil, weather: asking, attaching: attaching)
      }
      if let body {
        guard !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
          throw Failure(
            tr(.errNothingToWrite),
            status: ExitStatus.usage)
        }
        if let asking { details.weather = asking.text() }
        var changes = EntryChanges(content: Self.normalized(body), tags: details.tags, weather: details.weather)
        changes.mood = details.mood
        changes.activities = details.activities
        let written = try Diagnostics.journalStep { () throws(JournalError) in
          try context.writer(store).create(changes, date: details.date, starred: details.starred)
        }
        Terminal.standardOutput.write(written.path.rawValue + "\n")
        try Self.attach(attaching, to: written.path, context, store)
        asking?.reportProblem()
        return
      }
      let (draft, template) = try context.writer(store).beginNew(details, text: begun ?? "", now: context.now)
      try finish(context, store, draft: draft, template: template, weather: asking, attaching: attaching)
    }

    /// The template the entry starts from: `--template`'s, else `new.template`'s, unless
    /// `--no-template`. One asked for that is not there (or cannot be read) is an error that names
    /// it; the default, which the journal's file may set and a sync may bring, is said and left
    /// out: a pushed setting never keeps the owner from writing.
    private func startingTemplate(_ context: Context, _ store: JournalStore) throws -> EntryTemplate? {
      guard !noTemplate, let name = template ?? context.settings.string(.newTemplate), !name.isEmpty else {
        return nil
      }
      if template == nil {
        guard let found = try? EntryTemplate.named(name, root: store.root, language: context.language) else {
          Terminal.note(tr(.newDefaultTemplateMissing, name))
          return nil
        }
        return found
      }
      let found = try Diagnostics.journalStep { () throws(JournalError) in
        try EntryTemplate.named(name, root: store.root, language: context.language)
      }
      guard let found else {
        let names = EntryTemplate.all(root: store.root, language: context.language).map(\.name)
        throw Failure(tr(.errNoTemplateNamed, name, names.joined(separator: ", ")), status: ExitStatus.usage)
      }
      return found
    }

    /// `template`'s text for an entry of `date`: today's prompt where it asks for one.
    static func filled(_ template: EntryTemplate, on date: EntryDate, _ context: Context, _ store: JournalStore) throws
      -> String
    {
      let prompt =
        template.asksForPrompt
        ? try Diagnostics.journalStep { () throws(JournalError) in
          try PromptDeck.of(root: store.root, language: context.language).prompt(on: date.day)
        } : nil
      return template.filled(prompt: prompt, date: context.dates.full(date), weekday: context.dates.weekday(date))
    }

    /// `words` each once, in order, compared without regard to case.
    static func distinct(_ words: [String]) -> [String] {
      var seen = Set<String>()
      return words.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty && seen.insert($0.lowercased()).inserted
      }
    }

    /// The entry's words and its date as given: `ilgi new yesterday: Forgot my keys` is dated
    /// by the words' leading date, as jrnl reads it, when --date is not given.
    private func textAndDate(_ context: Context) -> (text: [String], date: String?) {
      var text = self.text
      var dateText = self.date
      let zone = context.environment.timeZone
      if dateText == nil,
        let leading = CommandLineEntry.datePrefix(
          text, isDate: { NewEntryDate.parse($0, now: context.now, zone: zone) != nil })
      {
        (dateText, text) = (leading.date, leading.rest)
      }
      return (text, dateText)
    }

    /// The entry's text when it is given rather than written in the editor: the words of `text`
    /// (and text piped in as well), or else what is piped in without --edit; nil otherwise.
    private func givenBody(_ text: [String]) throws -> String? {
      var body: String?
      if !text.isEmpty {
        body = CommandLineEntry.text(text)
        // Text piped in as well is the body under the arguments' title, never dropped.
        if Terminal.inputIsPiped, case let piped = try Terminal.readStandardInput(),
          !piped.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
          body = Self.normalized(CommandLineEntry.text(text)) + "\n\n" + piped
        }
      } else if !Terminal.inputIsTerminal && !edit {
        body = try Terminal.readStandardInput()
      }
      return body
    }

    /// Keeps the files of `--attach` beside the new entry and links them.
    static func attach(
      _ attaching: [(file: String, attachment: Attachment, label: String)], to path: JournalPath, _ context: Context,
      _ store: JournalStore
    ) throws {
      guard !attaching.isEmpty else { return }
      _ = try Diagnostics.journalStep { () throws(JournalError) in
        try context.writer(store).attach(attaching.map { ($0.attachment, $0.label) }, to: path)
      }
      Attach.sayWhatWasTakenByContent(attaching)
    }

    /// Text from arguments or stdin ends with exactly one newline.
    static func normalized(_ text: String) -> String {
      var result = text
      while result.hasSuffix("\n") || result.hasSuffix("\r\n") { result.removeLast() }
      return result
    }

    private func entryDate(_ context: Context, _ date: String?) throws -> EntryDate {
      let zone = context.environment.timeZone
      guard let date else { return EntryDate(instant: context.now, in: zone) }
      guard let parsed = NewEntryDate.parse(date, now: context.now, zone: zone) else {
        throw ValidationError(tr(.errNewDate, date))
      }
      // Taken as jrnl takes it, but said: `--date 9pm` just after midnight is tonight's.
      if parsed.instant.timeIntervalSince(context.now) > 60 {
        Terminal.note(tr(.newDatedAhead, context.dates.long(parsed) + " " + context.dates.time(parsed)))
      }
      return parsed
    }

    private func resumeDraft(_ context: Context, _ store: JournalStore) throws {
      let drafts = store.drafts.all().filter { $0.editing == nil }
      let wanted = text.joined(separator: " ")
      let draft: Draft
      if wanted.isEmpty {
        guard let newest = drafts.first else {
          throw Failure(
            tr(.errNoDraftToResume), status: ExitStatus.noSuchEntry)
        }
        draft = newest
      } else {
        guard
          let named = drafts.first(where: {
            $0.path.rawValue == wanted || $0.path.fileName == wanted || $0.path.fileName == wanted + ".md"
          })
        else {
          throw Failure(tr(.errNoDraftNamed, wanted), status: ExitStatus.noSuchEntry)
        }
        draft = named
      }
      // As a new entry without text: the editor needs a terminal, unless --edit says otherwise.
      guard Terminal.inputIsTerminal || edit else {
        throw Failure(tr(.errResumeNeedsTerminal), status: ExitStatus.usage)
      }
      try finish(context, store, draft: draft.path, template: nil)
    }

    private func finish(
      _ context: Context, _ store: JournalStore, draft: JournalPath, template: [UInt8]?,
      weather: WeatherRequest? = nil, attaching: [(file: String, attachment: Attachment, label: String)] = []
    ) throws {
      let path = context.variables["PATH"] ?? "/usr/bin:/bin"
      let editor = store.sealing.mustSeal ? context.editor.leavingNoTrace(path: path) : context.editor
      let ending: Editor.Ending
      do {
        ending = try editor.edit(store.absolute(draft), path: path)
      } catch let failure as Failure {
        // The editor never ran, so an untouched draft holds nothing of the person's.
        if let template, (try? store.fileSystem.readFile(atPath: store.absolute(draft), limit: 1 << 20)) == template {
          try? store.fileSystem.remove(atPath: store.absolute(draft))
        }
        throw failure
      }
      guard ending == .exited(0) else {
        let how: String
        switch ending {
        case .exited(let code): how = tr(.editorExited, code)
        case .killed(let signal): how = tr(.editorKilled, signal)
        case .interrupted(let signal): how = tr(.editorInterrupted, signal)
        }
        throw Failure(
          tr(.errEditorDraftKept, how, draft)
        )
      }
      let weatherText = weather?.text()
      let outcome = try context.writer(store).finishNew(draft: draft, template: template, weather: weatherText)
      switch outcome {
      case .saved(let path):
        Terminal.standardOutput.write(path.rawValue + "\n")
        try Self.attach(attaching, to: path, context, store)
        weather?.reportProblem()
      case .discardedUntouched:
        Terminal.standardError.write(tr(.newDiscardedUntouched) + "\n")
      case .discardedBlank:
        Terminal.standardError.write(tr(.newDiscardedBlank) + "\n")
      }
    }
  }
}
