import IlgiFormat

extension Catalog {
  /// Every message in English.
  static let english: [Message: String] = [
    .prefixWarning: "warning",
    .prefixNotice: "note",
    .untitled: "(untitled)",

    .rootAbstract: "A diary that lives in plain Markdown files.",
    .rootDiscussion: """
    Each entry is a Markdown file with a small YAML front matter, in a dated folder tree you
    own (YYYY/MM/YYYY-MM-DD-HHMM-title.md). Edit the files with any editor, keep them in git.

    Examples:
      ilgi new                        open your editor on a new entry
      ilgi new "Morning run" --tag running
      ilgi list -n 5                  the five newest entries
      ilgi search river --from 2024   find entries, best matches first
      ilgi show last                  the newest entry, rendered
      ilgi edit 0f8b                  edit the entry whose id starts with 0f8b
      ilgi delete 2026-11-21          move that day's entry to the trash
      ilgi config set weather.place Seoul

    Selectors name an entry: a full id, a unique id prefix (4+ characters), `last`, a path
    relative to the journal, or a date YYYY-MM-DD.

    The journal is --journal PATH, else $ILGI_JOURNAL, else `journal` in the global config,
    else ~/ilgi (made on first use). Settings: see `ilgi config --help`.

    Exit status: 0 success, 1 failure, 64 bad usage, 65 unreadable entry or config file,
    66 no such entry or file, 74 input/output error.
    """,
    .optJournal: "The journal folder. Default: $ILGI_JOURNAL, else `journal` in the config, else ~/ilgi.",
    .optLocale:
      "Language for messages and dates: en or ko (en_US, ko_KR...). Default: config, LC_ALL, LC_MESSAGES, LANG.",
    .optMood: "Only entries of this mood: 1 (awful) to 5 (great), a word for one (`good`), or a range (`1..2`).",
    .optActivity: "Only entries with this activity (`activities:` in the front matter); repeat for all of several.",
    .errNotAMood: "`{1}` is no mood: give 1 (awful) to 5 (great), a word such as `good`, or a range such as `1..2`",
    .newTemplateHelp:
      "Start from a template: the journal's `.ilgi/templates/NAME.md`, or a built-in (gratitude, evening, morning, dream, travel, weekly). `ilgi templates` lists them.",
    .newNoTemplateHelp: "Start from no template, whatever `new.template` says.",
    .newMoodHelp: "How the day felt: 1 (awful) to 5 (great), or a word for one (`good`). Written as `mood:`.",
    .newActivityHelp: "Something the day held (`run`, `friends`); repeat for more. Written as `activities:`.",
    .errNewActivity: "`{1}` is no activity: give a word or words without commas, as in --activity run",
    .errNoTemplate: "`{1}` cannot name a template: use letters, digits, `-` and `_`, as in --template gratitude",
    .errTemplateAndNoTemplate: "--template and --no-template say opposite things; give one",
    .errNoTemplateNamed: "no template named `{1}`; the templates are: {2} (`ilgi templates` lists them)",
    .promptAbstract: "The day's question to write about, from the prompt deck.",
    .promptDiscussion: """
    Each day has one prompt, the same on every device: the deck is walked in an order of its
    own, a prompt a day, and none comes again until all the others have. The deck is the
    journal's `.ilgi/prompts.txt` when it has one (a question a line; blank lines and lines
    starting with `#` are left out), else ilgi's own of 140 in the journal's language. A
    template's `{{prompt}}` is the same question.

    Examples:
      ilgi prompt
      ilgi prompt tomorrow
      ilgi new --template evening
    """,
    .promptDayHelp: "The day: today (the default), yesterday, tomorrow or YYYY-MM-DD.",
    .errPromptDay: "`{1}` is not one day; give today, tomorrow or a date such as 2026-11-28",
    .errPromptEmpty: "the prompt deck {1} holds no question; write one a line",
    .templatesEntryHeading: "Entry templates (ilgi new --template NAME; your own as .ilgi/templates/NAME.md):",
    .templatesPageHeading: "Page templates (ilgi templates copy NAME):",
    .templatesBuiltIn: "built in",
    .mood1: "awful",
    .mood2: "bad",
    .mood3: "okay",
    .mood4: "good",
    .mood5: "great",
    .statsMoodHelp: "How the days felt: each month's average mood, and the activities of better or worse days.",
    .statsMoodNone: "No entry has a mood yet; give one with `ilgi new --mood 4` or `mood: 4` in the front matter.",
    .statsMoodAverage: "Average mood",
    .statsMoodDays: "{1 day|days}",
    .statsMoodActivities: "Activities (days with and without):",
    .statsMoodActivity: "days with {1}: {2} ({3}), without: {4} ({5})",
    .statsMoodTooFew: "An activity is compared once it has {1} days with a mood, and {1} without.",
    .remindAbstract: "A daily reminder to write: set, say or take away; --notify sends it.",
    .remindDiscussion: """
    `ilgi remind at 21:30` sets a reminder every day at that time for this user: a systemd user
    timer and service (~/.config/systemd/user/ilgi-remind.timer and .service, started with
    `systemctl --user enable --now` when a user manager is running), or else a line of your
    crontab. `ilgi remind off` takes it away; `ilgi remind` alone says what is set.

    When it fires, `ilgi remind --notify` does nothing if today has an entry. Otherwise it says so
    on the desktop (notify-send) and, with `remind.url` set on this device, to your phone through
    ntfy (an address such as https://ntfy.sh/your-topic) or an Apprise API (.../notify/KEY): the
    days written in a row, an entry of this day in an earlier year (in an encrypted journal, only
    that there is one) and today's prompt.

    Examples:
      ilgi remind at 21:30
      ilgi config set remind.url https://ntfy.sh/my-diary-4821
      ilgi remind --notify
      ilgi remind off
    """,
    .remindActionHelp: "`at HH:MM` sets the reminder, `off` takes it away; nothing says what is set.",
    .remindNotifyHelp: "Send the reminder now, unless today has an entry (what the timer runs).",
    .errRemindNotifyAlone:
      "--notify sends the reminder now and takes nothing else; give `at HH:MM` or `off` without it",
    .errRemindTime: "`{1}` is no time of day; give hours and minutes, as in `ilgi remind at 21:30`",
    .errRemindWords: "`{1}` is not something remind does; give `at 21:30`, `off`, or nothing to see what is set",
    .errRemindNoScheduler:
      "neither systemd nor cron is on this computer, so nothing can run a reminder; install cron, or run `ilgi remind --notify` from what schedules your day",
    .errRemindCron: "crontab refused the reminder: {1}",
    .errRemindRefused: "{1} answered {2} to the reminder; check remind.url",
    .errRemindUnreachable: "the reminder could not reach {1}; check remind.url and the network",
    .errRemindNotDelivered: "the reminder reached nowhere",
    .remindRemoved: "The reminder is off.",
    .remindNoneSet: "No reminder is set; set one with `ilgi remind at 21:30`.",
    .remindSystemd: "A reminder every day at {1} (systemd: {2}).",
    .remindWritten:
      "A reminder every day at {1} is written in {2}, but no systemd user manager answered to start it; once logged in with one, run `systemctl --user enable --now {3}`.",
    .remindCron: "A reminder every day at {1} (your crontab).",
    .remindNowhere:
      "neither notify-send nor remind.url is there to send it to; `ilgi config set remind.url https://ntfy.sh/TOPIC` sends it to your phone",
    .remindTitle: "Time to write in your diary",
    .remindStreak: "{1 day|days} in a row",
    .remindOnThisDaySealed: "{1}: an entry on this day",
    .newDefaultTemplateMissing:
      "new.template names `{1}`, which is not a template here (or cannot be read); this entry starts from none (`ilgi templates` lists them)",
    .optSelector: "Which entry: an id or id prefix, `last`, a path, or a date YYYY-MM-DD.",
    .optNoPager: "Print straight to the terminal, without the pager (ILGI_PAGER, PAGER or less).",
    .optJSON: "Print JSON instead of text.",
    .optYes: "Do not ask.",
    .optFrom:
      "Entries on or after this day: 2024-05-01, 2024-05, 2024, yesterday, '3 days ago', 'last monday', 어제, 지난주.",
    .optTo: "Entries on or before this day (same forms as --from).",
    .optOn: "Entries on this day, month or year (same forms as --from).",
    .optTag: "Entries with this tag; repeat for entries with all of them.",
    .optAnyTag: "With several --tag, entries with any of them.",
    .optWeather: "Entries with this weather (`Rain` matches `Rain, 4°C`).",
    .optLimit: "At most this many entries.",
    .optStarred: "Only starred entries (`starred: true`; ilgi new --star).",
    .newStarHelp: "Star the entry (`starred: true`); `ilgi list --starred` finds it.",
    .optReverse: "Oldest first.",
    .errLimitNegative: "-n must be 1 or more, not {1}",
    .errNotADayOption:
      "{1} `{2}` is not a day; use 2024-05-01, 2024-05, 2024, today, yesterday, '3 days ago', 'last monday', 어제 or 지난주",
    .errOnWithFromTo: "--on cannot go with --from or --to; use one or the other",
    .initAbstract: "Make a journal: the folder, .ilgi/ and a .gitignore.",
    .initDiscussion: """
    Safe to run again: it only adds what is missing and never touches entries.

    Examples:
      ilgi init                 make the default journal (~/ilgi, or $ILGI_JOURNAL)
      ilgi init ~/diary         make a journal in ~/diary
    """,
    .initPathHelp: "Where to make the journal. Default: the journal in use.",
    .initMade: "Made a new journal at {1}.",
    .initSetUp: "Set up the journal at {1}.",
    .initMakeDefault: "To write there without -J: ilgi config set journal {1} --global",
    .noteInsideJournal: "{1} is inside the journal {2}; using that journal",
    .initReady: "The journal at {1} is already set up.",
    .newAbstract: "Write a new entry: in your editor, or straight from text.",
    .newDiscussion: """
    With no text and a terminal, ilgi opens $VISUAL or $EDITOR on a fresh entry. The draft
    lives in .ilgi/drafts/ and moves into YYYY/MM/ when the editor exits with success. An
    entry left untouched or emptied is not kept. If the editor fails or is killed, the draft
    stays: `ilgi new --resume` opens it again, `ilgi drafts` lists drafts.

    With text (arguments or standard input) the entry is written at once. The first line
    is the title. The new file's path, relative to the journal, is printed.

    With weather.place set (see `ilgi config`), the current weather there is asked for while
    you write and goes into `weather:`; without an answer in time the entry is saved without it.

    Examples:
      ilgi new
      ilgi new "Morning run" --tag running --weather "Clear, 4°C"
      echo "Dinner with Minji" | ilgi new --date 2026-11-20T19:30
      ilgi new --template gratitude --mood 4 --activity run "Mina called."
      ilgi new --template evening --edit
      ilgi new --resume
    """,
    .errNewDateSplit:
      "`{2}` after --date {1} reads as part of the date; quote it: --date \"{1} {2}\" (or quote the text)",
    .newTextHelp:
      "The entry's text; the first line is the title, and text piped in too is the body under it. With --resume: which draft.",
    .newDateHelp:
      "When it happened: 2026-11-20, 2026-11-20T21:30[+09:00], yesterday, 'yesterday 21:30', '3 days ago', 'Nov 18 9pm', tomorrow, 어제, '어제 저녁 9시', '11월 18일'. A day alone keeps the time of day now; a moment later than now is kept, with a note. Default: now.",
    .newTagHelp: "A tag for the entry; repeat for more.",
    .newEditHelp: "Open the editor, starting from TEXT when given, even when standard input is not a terminal.",
    .newResumeHelp: "Open the newest draft (or the one named) in the editor again.",
    .errNewDate:
      "--date `{1}` is not a date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM, or words like `yesterday 21:30` or `Nov 18`",
    .errNewTag: "--tag `{1}` is not a tag; use one word, without spaces or commas",
    .errNewWeatherLine: "--weather must be one line",
    .errNewResumeAttach:
      "--resume saves the draft as it was left and cannot attach `{1}`; resume first, then run `ilgi attach last {1}`",
    .errResumeNeedsTerminal: "--resume opens your editor, which needs a terminal; run it on one, or add --edit",
    .errNothingToWrite:
      "nothing to write: give the text as arguments or on standard input, or run on a terminal to open your editor",
    .errNoDraftToResume: "there is no draft to resume; start a new entry with `ilgi new`",
    .errNoDraftNamed: "no draft named `{1}`; see `ilgi drafts`",
    .editorExited: "exited with status {1}",
    .editorKilled: "was stopped by signal {1}",
    .editorInterrupted: "was left open when ilgi was told to stop (signal {1})",
    .errEditorDraftKept:
      "the editor {1}; your draft is kept in {2}. Resume it with `ilgi new --resume` or list drafts with `ilgi drafts`",
    .newDiscardedUntouched: "Nothing written: the new entry was left as it was.",
    .newDiscardedBlank: "Nothing written: the new entry is empty.",
    .listAbstract: "List entries, newest first: date, title and a one-line preview.",
    .listDiscussion: """
    Files that cannot be read are named in one warning line each on stderr; the rest are
    listed all the same.

    Examples:
      ilgi list                 every entry
      ilgi list -n 10           the ten newest
      ilgi list --on 2024-05 --tag travel
      ilgi list --from "last monday" --weather rain
      ilgi list --mood 4..5 --activity run
      ilgi list --json | jq '.[0].title'

    JSON: an array of {id, date, title, preview, tags, weather, path}, with mood and
    activities when the entry has them; `date` is ISO 8601
    in the entry's own offset, `weather` is null when the entry has none.
    """,
    .listEmptyJournal: "No entries yet. Write one with `ilgi new`.",
    .listNoMatch: "No entries match.",
    .warningOtherKeys:
      "{1 entry is|entries are} sealed to keys this device does not hold (ilgi doctor lists them); to read them here, run ilgi key add {2} where the journal opens, then ilgi sync here",
    .tagsNone: "No tags yet. Write `#tag` in an entry, or add one with `ilgi new --tag NAME`.",
    .showAbstract: "Show one entry, rendered for the terminal, as HTML, as JSON or as the raw file.",
    .showDiscussion: """
    Headings, emphasis, lists, quotes, code and links are shown with colour on a terminal;
    without one, or with NO_COLOR set, the output is plain text with no escape codes.

    Examples:
      ilgi show last
      ilgi show 0f8b6c0e
      ilgi show 2026/11/2026-11-21-0930-morning-run.md --raw
      ilgi show 2026-11-21 --html > entry.html
      ilgi show --all yesterday          every entry of the day, whole, oldest first
      ilgi show --all 'last week'
    """,
    .showHTMLHelp: "Print the HTML fragment (title heading and rendered body).",
    .showRawHelp: "Print the file exactly as it is on disk.",
    .showAllHelp:
      "Show every entry of a day or a span (today, yesterday, 2026-11-21, 2026-11, 'last week'), whole, oldest first.",
    .errShowAllNotADay:
      "`{1}` is not a day or a span for --all; use today, yesterday, 2026-11-21, 2026-11, 2026 or 'last week'",
    .showAllNothing: "No entries on {1}.",
    .showJSONHelp: "Print JSON: the list schema plus `body`.",
    .showRawHTMLHelp: "Let raw HTML in the entry through to --html output (off by default; raw_html setting too).",
    .errShowOneFormat: "choose one of --html, --raw and --json",
    .editAbstract: "Edit an entry in your editor (default: the newest).",
    .editDiscussion: """
    You edit a copy in .ilgi/drafts/edit/; when the editor exits with success the entry file
    is updated in place, atomically, at the same path. If the file changed on disk while you
    were editing (another editor, git), nothing is overwritten: your version stays in the
    drafts folder and ilgi says where.

    Examples:
      ilgi edit
      ilgi edit 0f8b
      EDITOR="code --wait" ilgi edit 2026-11-21
    """,
    .errEditorUncleanNothingKept: "the editor did not finish cleanly; {1} is unchanged and nothing was kept",
    .errMarkersLeft:
      "conflict markers are still in {1}; keep the text you want, delete the markers, then `ilgi edit {2} --resume`",
    .editMerged: "{1} changed since your edit began; your edit was merged with it",
    .editMergeConflict:
      "{1} changed since your edit began, in the same lines; both versions stand one after the other in the editor: keep what you want",
    .mergeMine: "your edit",
    .mergeBase: "before",
    .mergeTheirs: "on disk",
    .draftsListAbstract: "List the drafts (the default).",
    .draftsDiscardAbstract: "Delete a draft, after asking.",
    .draftsDiscardNameHelp: "The draft: its path or file name, as `ilgi drafts` lists it.",
    .draftsDiscardQuestion: "Delete the draft {1} ({2})? It cannot be brought back.",
    .draftsDiscarded: "Deleted the draft {1}.",
    .errDiscardNeedsYes: "not deleting {1} without confirmation; run on a terminal or pass --yes",
    .errEditorUnclean:
      "the editor did not finish cleanly; {1} is unchanged and your edited copy is in {2}; `ilgi edit {1} --resume` reopens it",
    .editNoChanges: "No changes to {1}.",
    .attachAbstract: "Add photos and other files to an entry.",
    .attachDiscussion: """
    Each file is copied beside the entry, named by its content (the same photo attached twice is
    kept once), and linked at the end of the entry's text: a picture as ![](NAME), any other file as
    [its name](NAME), so every Markdown editor shows it too. The original is left as it is. A photo's
    location (its GPS position) is taken out of the copy, without touching its pixels; set
    attachments.keep_location = true to keep it. In an encrypted journal the copy is sealed. Files
    over attachments.max_mb (50 MB) are refused, and so is a picture that cannot be read.

    Examples:
      ilgi attach last ~/Pictures/river.jpg
      ilgi attach 2026-11-21 scan.pdf voice.m4a
    """,
    .optAttachFiles:
      "The files to attach: photos (JPEG, PNG, GIF, WebP, HEIC, AVIF), recordings (M4A, Ogg, Opus, WebM, MP3, WAV) or any other file.",
    .optNewAttach: "Attach a file (a photo or any other) to the new entry; repeat for more.",
    .attachKept: "{1} → {2}",
    .attachTakenAsContent: "{1}: its name says {2} but it holds {3}; kept as what it holds, {4}",
    .showFiles: "Files:",
    .attachNoRecording: "no recording",
    .attachNoPicture: "no picture",
    .errAttachNoFiles: "name at least one file to attach, as in: ilgi attach last photo.jpg",
    .errAttachUnreadable: "{1}: cannot read it ({2}); check the name and permissions",
    .errAttachNotAFile: "{1} is not a file; name a file to attach",
    .errAttachTooLarge: "{1} is {2}, over the limit of {3}; make it smaller or raise attachments.max_mb",
    .errAttachEmpty: "{1} is empty; there is nothing to attach",
    .errJrnlNeedsValue: "{1} needs what it asks for after it, as in ilgi {2}",
    .errAttachMismatch: "{1}: its name says {2} but it holds {3}; rename it to what it is",
    .errAttachUndecodable: "{1}: the picture cannot be read ({2}); it may be damaged: open it and save it again",
    .errAttachNoLibrary:
      "{1}: pictures need libvips 8.12 or later, which is not installed; run make deps (Debian: apt install libvips42)",
    .exportDayOnePhotosNeedZip:
      "{1 photo is|photos are} not in a .json export; write a .zip to take them along: --out diary.zip",
    .deleteAbstract: "Move an entry to the journal's trash, after asking.",
    .deleteDiscussion: """
    The file moves to .ilgi/trash/ under the same path; `ilgi trash restore` brings it back
    and only `ilgi trash empty` deletes for good. Without a terminal to ask on, pass --yes.

    Examples:
      ilgi delete 0f8b6c0e
      ilgi delete last --yes
    """,
    .errDeleteNeedsYes: "not deleting {1} without confirmation; run on a terminal or pass --yes",
    .deleteQuestion: "Move “{1}” ({2}, {3}) to the trash?",
    .deleteKept: "Kept {1}.",
    .deleteMoved: "Moved {1} to the trash. Undo: ilgi trash restore {2}",
    .trashAbstract: "See, restore or empty deleted entries.",
    .trashDiscussion: """
    Examples:
      ilgi trash                    list what is in the trash
      ilgi trash restore 0f8b       put an entry back where it was
      ilgi trash empty --yes        delete everything in the trash for good
    """,
    .trashListAbstract: "List deleted entries, newest first.",
    .trashJSONHelp: "Print JSON (the list schema; `path` is where the entry will be restored).",
    .trashIsEmpty: "The trash is empty.",
    .trashRestoreAbstract: "Put a deleted entry back where it was.",
    .trashRestoreDiscussion: "Example: ilgi trash restore 0f8b6c0e",
    .trashRestoreSelectorHelp: "Which trashed entry: an id or id prefix, `last`, its path, or a date YYYY-MM-DD.",
    .trashEmptyAbstract: "Delete everything in the trash for good, after asking.",
    .trashEmptyDiscussion: "Without a terminal to ask on, pass --yes. Example: ilgi trash empty --yes",
    .errTrashEmptyNeedsYes: "not emptying the trash without confirmation; run on a terminal or pass --yes",
    .trashEmptyQuestion: "Delete {1 entry|entries} in the trash for good? This cannot be undone.",
    .trashKept: "The trash is kept.",
    .trashDeleted: "Deleted {1 entry|entries} for good.",
    .draftsAbstract: "List drafts: new entries whose editor did not finish, and kept edit copies.",
    .draftsDiscussion: """
    Examples:
      ilgi drafts
      ilgi new --resume                     open the newest new-entry draft again
      ilgi new --resume new-20261121-093000-0F8B6C0E.md
      ilgi drafts discard new-20261121-093000-0F8B6C0E.md
    """,
    .draftsNone: "No drafts.",
    .draftKindEdit: "edit of {1}",
    .draftKindNew: "new entry",
    .onThisDayAbstract: "Entries written on this day in earlier years.",
    .onThisDayDiscussion: """
    Examples:
      ilgi onthisday                today's date in past years
      ilgi onthisday 2026-05-01
      ilgi onthisday yesterday --json
    """,
    .onThisDayDateHelp: "The day: YYYY-MM-DD, today, yesterday, 어제... Default: today.",
    .optJSONList: "Print JSON (the list schema).",
    .errNotADay: "`{1}` is not a day; use YYYY-MM-DD, today or yesterday",
    .onThisDayNothing: "Nothing written on {1} in earlier years.",
    .yearAgo: "1 year ago",
    .yearsAgo: "{1 year|years} ago",
    .linksAbstract: "An entry's wiki links: the entries it links to, and those that link to it.",
    .linksDiscussion: """
    A wiki link (`[[Title]]`, `[[Title#Heading]]`, `[[2026-11-20]]`, `![[Title]]`) leads to the
    entry of that title or file name, or to a day's first entry; of two that answer to one name,
    the one nearest in time to the entry linking. The index keeps every entry's links, so the
    entries linking here are one query away.

    Examples:
      ilgi links last
      ilgi links 2026-11-20
      ilgi links 3f2a --json
    """,
    .linksJSONHelp: "Print JSON: {entry, links: [{name, heading, embeds, entry, file}], backlinks}.",
    .linksOut: "Links to ({1}):",
    .linksIn: "Linked from ({1}):",
    .linksNone: "No wiki links lead to or from this entry.",
    .linksUnresolved: "no such entry yet",
    .linksFile: "a file beside the entry",
    .tagsAbstract: "Every tag with the number of entries that carry it.",
    .tagsDiscussion: """
    Tags come from front matter (`tags`, `tag`, `keywords`) and from #tags and @tags in the
    text. Each is listed by its name, as `--tag` takes it: `#coffee` and jrnl's `@coffee` are one
    tag, `coffee`.

    Examples:
      ilgi tags
      ilgi list --tag coffee
      ilgi tags --json
    """,
    .tagsJSONHelp: "Print JSON: an array of {tag, count}.",
    .statsAbstract: "Entries, words, streaks, entries per year and month, and a year's calendar.",
    .statsDiscussion: """
    Examples:
      ilgi stats
      ilgi stats --year 2024
      ilgi stats --mood              months' moods; days with an activity against the others
      ilgi stats --json
    """,
    .statsYearHelp: "The year to draw as a calendar. Default: the latest year with entries.",
    .statsJSONHelp: "Print JSON.",
    .statsEntries: "Entries",
    .statsWords: "Words",
    .statsDays: "Days",
    .statsLongest: "Longest streak",
    .statsCurrent: "Current streak",
    .statsPerYear: "Per year",
    .statsTotal: "Total",
    .statsMonths: "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
    .statsMonthInitials: "J F M A M J J A S O N D",
    .statsWeekdays: "Mon,   ,Wed,   ,Fri,   ,Sun",
    .statsLegend: "· none  ░ 1  ▒ 2  ▓ 3  █ 4+",
    .streakNone: "0 days",
    .streakOne: "1 day ({1})",
    .streakMany: "{1 day|days} ({2} to {3})",
    .doctorAbstract: "Check the journal: duplicate ids, unreadable files, bad front matter and dates.",
    .doctorDiscussion: """
    Exits 1 when it finds a problem, 0 when the journal is healthy. It only reads.

    Example: ilgi doctor
    """,
    .doctorMissingAttachment: "{1} links {2}, which is not beside it; put the file back or remove the link",
    .doctorOrphanAttachment: "{1} is linked by no entry beside it; link it from an entry or delete it",
    .doctorAmbiguousWikiName:
      "wiki links to [[{1}]] could mean any of {2} entries ({3}); each leads to the one nearest in time to it. Give one another title, or link by file name",
    .doctorDuplicateID: "id {1} is used by {2 file|files}: {3}; give each its own id",
    .doctorHealthy: "{1 entry|entries}, no problems found.",
    .doctorFoundOne: "found 1 problem in {1 entry|entries}; see above",
    .doctorFoundMany: "found {1} problems in {2 entry|entries}; see above",
    .noteDateNotADate: "`date: {1}` is not a date; using the file's name or time",
    .noteConflictMarkers:
      "holds git conflict markers (<<<<<<<, =======, >>>>>>>) from a merge; keep the text you want, delete the markers and save",
    .noteUnsettled:
      "a sync kept two devices' versions of one passage, one after the other; in ilgi edit, keep the one you want and delete the `unsettled:` line",
    .noteDateNotSingle: "`date:` is not a single value; using the file's name or time",
    .indexAbstract: "Bring the index up to date, or rebuild it from the files.",
    .indexDiscussion: """
    Every command does this by itself, reading only new and changed files; run it after a
    large change to see the progress, or with --rebuild to start over. The index is a cache
    in .ilgi/index.sqlite: deleting it loses nothing.

    Examples:
      ilgi index
      ilgi index --rebuild
    """,
    .indexRebuildHelp: "Forget the index and read every file again.",
    .indexSummary: "{1 entry|entries} indexed: {2} added, {3} updated, {4} removed, {5} moved, {6} unreadable ({7} s).",
    .indexReading: "Reading",
    .noticeIndexReplaced: "the index at {1} could not be opened; made a new one",
    .noticeIndexOtherKeys:
      "the index at {1} and the entries are sealed to keys this device does not hold; nothing was changed. To read them here, run ilgi key add with this device's key (ilgi key show) where the journal opens",
    .noticeIndexOtherVersion: "the index was made by another version of ilgi; rebuilt it",
    .noticeIndexDamaged: "the index at {1} was damaged; rebuilt it",
    .errIndexFailed: "the index at {1} failed: {2}; run `ilgi index --rebuild`",
    .errIndexFailedDelete: "the index at {1} failed: {2}; delete it and run `ilgi index --rebuild`",
    .searchAbstract: "Find entries by words, phrases and tags, best matches first.",
    .searchShownOf: "Showed {1} of {2 match|matches}; -n {2} shows them all.",
    .searchDiscussion: """
    Words match as prefixes (`산책` finds `산책을`, `run` finds `running`); case and accents
    are ignored. "Exact phrases" in quotes; `a OR b`; `NOT word` or `-word` to exclude;
    `tag:name` for a tag, `-tag:name` for entries without it. Titles weigh more than bodies.
    Shows 50 (and how many match) unless `-n` says how many; `--json` gives all unless `-n` does.

    Examples:
      ilgi search river
      ilgi search '"new best"' tag:running
      ilgi search 학교 -시험 --from 2024
      ilgi search 'rain OR snow' --json

    JSON: the list schema plus `snippet` (matches marked **like this**) and `rank` (1 is best).
    """,
    .searchQueryHelp: "What to look for.",
    .errSearchUnknownOption: "`{1}` is not an option of search; `ilgi search --help` lists them",
    .errSearch: "search: {1}",
    .searchOrNeedsWords: "`OR` needs a word on each side, as in `rain OR snow`",
    .searchDoubleNot: "`NOT NOT` means nothing; write `NOT word` once",
    .searchTagAfterOperator: "`tag:` cannot follow `OR`; use --any-tag for either of several tags",
    .searchNoLetters: "`{1}` has no letters or digits to search for; put a word after `OR` or `NOT`",
    .searchOrAtEnd: "`OR` at the end needs a word after it, as in `rain OR snow`",
    .searchNotAtEnd: "`NOT` at the end needs a word after it, as in `walk NOT rain`",
    .searchEmpty: "nothing to search for; give a word, a \"phrase\" or tag:name",
    .searchUnclosedQuote: "a quote is not closed; add the closing \" after the phrase",
    .searchNotAMood: "`{1}` is no mood; give 1 to 5 or a range, as in mood:4 or mood:1..2",
    .searchTagNeedsName: "`tag:` needs a name, as in tag:travel",
    .renderAbstract: "Turn Markdown into the HTML fragment ilgi gives entries.",
    .renderDiscussion: """
    Reads FILE, or standard input when FILE is missing or `-`. Front matter, if any, is
    left out. Raw HTML and javascript: links are dropped unless --allow-raw-html.

    Examples:
      ilgi render notes.md > notes.html
      echo '**bold**' | ilgi render
    """,
    .renderFileHelp: "A Markdown file; `-` or nothing for standard input.",
    .renderRawHTMLHelp: "Let raw HTML through (off by default; raw_html setting too).",
    .errRenderRead: "{1}: {2}; check the path",
    .standardInput: "standard input",
    .noJournalYet:
      "no journal at {1} yet: `ilgi new` makes it there with your first entry (or choose another with --journal or ILGI_JOURNAL)",
    .madeNewJournal: "made a new journal at {1} (choose another with --journal or ILGI_JOURNAL)",
    .errJournalMissing: "no journal at {1}; make one with `ilgi init {1}`",
    .errJournalIsFile: "{1} is a file, not a journal folder; pass a folder with --journal or ILGI_JOURNAL",
    .errNoSuchEntry: "no entry matches `{1}`; see `ilgi list` for ids, dates and paths",
    .errAmbiguous: "`{1}` matches {2 entry|entries}; name one by id or path: {3}",
    .errInvalidSelector:
      "`{1}` is not an entry selector; use an id (4+ characters), `last`, a path like 2026/11/….md, a date YYYY-MM-DD, or a day like `today` or `yesterday`",
    .errEditInProgress:
      "{1} is open in another edit, or an earlier edit of it was interrupted; its copy is {2}. If no other edit is open, `ilgi edit {1} --resume` reopens that copy",
    .errNoEditToResume: "there is no interrupted edit of {1} to resume; `ilgi drafts` lists the copies there are",
    .editResumeHelp: "Reopen the copy an interrupted edit of this entry left in .ilgi/drafts/edit/.",
    .errChangedOnDisk:
      "{1} changed on disk while you were editing; it was not overwritten. Your version is in {2}; `ilgi edit {1} --resume` merges the two",
    .errOccupied: "{1} exists again; move that file away, then restore",
    .errIO: "could not {1} {2}: {3}; check the folder's permissions and free space",
    .doctorSealedToRemovedKey:
      "{1}: still sealed to {2}, which the journal no longer lists; run ilgi key remove {2} again",
    .errUnsafeMemoryFolder:
      "{1} is not a private folder of yours ({2}), so no draft was kept there; remove it, or set XDG_RUNTIME_DIR",
    .memoryFolderLink: "it is a link",
    .memoryFolderOnDisk: "it is on a disk, not in memory (no tmpfs at $XDG_RUNTIME_DIR or /dev/shm)",
    .memoryFolderNotAFolder: "it is not a folder",
    .memoryFolderOwner: "it belongs to user {1}",
    .memoryFolderOpen: "others may open it: mode {1}",
    .readLinksOutside: "{1} is a link to {2}, outside the journal, and is not read",
    .adviceLinkOutside: "copy the file into the journal, or remove the link",
    .appNotSealed:
      "Not saved: the journal's encryption settings cannot be used (see the server's log). Your text is still here.",
    .errRecipientsElsewhere:
      "encryption.recipients is set outside {1}/.ilgi/config.toml (a variable or the global config), where it does not encrypt this journal; remove it there, and run ilgi encrypt to encrypt the journal",
    .errTemplate: "template {1}: {2}; fix or remove it",
    .errSealingUnknown: "{1}: ilgi cannot tell whether this journal is encrypted, so nothing was written: {2}",
    .errBlankText: "{1}: an entry's text cannot be empty; to remove the entry, use ilgi delete",
    .errSealing: "{1} could not be encrypted ({2}); nothing was written",
    .errNotARecipient:
      "{1} was not written: this device's key {2} is not one of the journal's recipients, so it could not open what it wrote; on a device that is, run ilgi key add {2} and ilgi sync, then ilgi sync here",
    .selectorMatchesMany: "`{1}` matches {2 entry|entries}:",
    .errNotInTrash: "nothing in the trash matches `{1}`; `ilgi trash` lists what is there",
    .errNameOne: "name one by its id or path, e.g. `ilgi show {1}`",
    .readBinary: "{1}: is a binary file, not Markdown text",
    .readInvalidUTF8: "{1}: is not UTF-8 text (bad byte at offset {2})",
    .readFrontMatter: "{1}:{2}: {3}",
    .readTooLarge: "{1}: is {2}; entries larger than {3} are not read",
    .readUnreadable: "{1}: {2}",
    .problemsKnown: "{1 file|files} could not be read; `ilgi doctor` says why",
    .adviceSplit: "split it into smaller entries or move it out of the journal",
    .adviceConvert: "move it out of the journal or save it as UTF-8 Markdown",
    .adviceFixLine: "fix that line",
    .adviceConvertInput: "convert it first",
    .adviceCheckPermissions: "check the file's permissions and links",
    .fmUnclosed: "front matter opened with `---` is never closed by a `---` line",
    .fmInvalidYAML: "front matter is not valid YAML ({1})",
    .fmNotAMapping: "front matter must be `key: value` lines",
    .fmLoneCarriageReturn:
      "front matter has a carriage return inside a line, which YAML reads as a line break; make it a newline",
    .fmNotEditableInPlace:
      "front matter key `{1}` cannot be changed there without changing other keys (a value spans several lines); change it by hand",
    .fmWrongType: "front matter key `{1}` must be {2}",
    .ioRead: "read",
    .ioWrite: "write",
    .ioList: "list",
    .ioMove: "move",
    .ioRemove: "remove",
    .ioCreate: "create",
    .ioCreateFolder: "create folder",
    .ioInspect: "inspect",
    .ioChange: "change",
    .warningLine: "{1}; {2}",
    .errEditorNotFound: "the editor `{1}` was not found; set VISUAL or EDITOR to an editor you have",
    .errEditorNotStarted: "could not start the editor `{1}`: {2}; set VISUAL or EDITOR",
    .errEditorLost: "lost track of the editor `{1}`",
    .errInputNotUTF8: "standard input is not UTF-8 text; convert it first",
    .confirmSuffix: "[y/N]",
    .apUsage: "USAGE:",
    .apOptions: "OPTIONS:",
    .apArguments: "ARGUMENTS:",
    .apSubcommands: "SUBCOMMANDS:",
    .apHelp: "Show help information.",
    .apVersion: "Show the version.",
    .apSeeHelp: "See 'ilgi help <subcommand>' for detailed help.",
    .apError: "Error:",
    .apDefault: "(default:",
    .apHelpSubcommand: "Show subcommand help information.",

    .apOverview: "OVERVIEW:",
    .apUsageShort: "Usage:",
    .apDefaultMark: "(default)",
    .apSeeCommandHelp: "See '{1}' for more information.",

    .configSyntax: "{1}:{2}:{3}: not valid TOML ({4}); its settings are ignored until that line is fixed",
    .configUnknownKey: "{1}: unknown key `{2}`, ignored; see `ilgi config list` for the keys",
    .configWrongType: "{1}: `{2}` cannot be {3}; it takes {4}; the setting is ignored",
    .configNotInJournal:
      "{1}: `{2}` is this device's own setting, which a journal's file (it syncs) never sets; ignored here (ilgi config unset {2} removes it there; ilgi config set {2} VALUE sets it for this device)",
    .configUnknownKeyArgument: "`{1}` is not a setting; the settings are: {2}",
    .configInvalidValue: "`{1}` cannot be {2}; it takes {3}",
    .configUneditable: "could not set `{2}` in {1} without changing other settings; edit that file by hand",
    .configJournalOnlyGlobal: "`{1}` is a global setting; add --global",
    .configJournalNames: "Journals by name, for -J (global file)",
    .configJournalName:
      "`{1}` is not a journal's name: write journals.NAME, a name without dots, quotes or backslashes (journals.travel)",
    .configJournalFolderEmpty: "`{1}` needs a folder, as in ilgi config set {1} ~/travel --global",
    .errThroughLink:
      "{1}: {2} is a link; ilgi writes no entry through a link, which could lead out of the journal: copy what it leads to into the journal in its place, or remove it",
    .doctorForeignAttribute:
      ".gitattributes:{1}: `{2}` tells git to change, hand over or merge the journal's files otherwise; ilgi's own lines in .git/info/attributes win on this device: remove the line",
    .configSet: "{1} = {2} (in {3})",
    .configSetDeviceOnly: "{1}: this device's own setting, kept out of the journal's file, which syncs",
    .configJournalKeys: "The journal's settings (its .ilgi/config.toml syncs them to every device)",
    .configDeviceKeys:
      "This device's own settings (the global config, ILGI_* and flags; a journal's file never sets them)",
    .configUnset: "removed {1} from {2}",
    .configNotSet: "`{1}` is not set",
    .configSecretSet: "(set, not shown)",
    .configSourceFlag: "command line",
    .configSourceEnvironment: "environment {1}",
    .configSourceJournal: "journal config {1}",
    .configSourceGlobal: "global config {1}",
    .configSourceDefault: "default",
    .configAbstract: "Show and change settings in config.toml.",
    .configDiscussion: """
    Settings come from, strongest first: flags, ILGI_* environment variables, the journal's
    .ilgi/config.toml, the global $XDG_CONFIG_HOME/ilgi/config.toml (~/.config/ilgi/config.toml).
    `set` changes one line of the file and keeps your comments.

    The journal's keys (its file syncs them to every device): locale, git.autocommit,
    site.title, attachments.max_mb, encryption.recipients (changed with ilgi key).

    This device's own keys, which run a program, send data or keep what you chose to
    remove, so that whoever can push to the journal's remote never sets them: journal,
    editor, raw_html, weather.place, weather.latitude, weather.longitude,
    weather.provider (open-meteo, openweathermap), weather.key, weather.units (metric,
    imperial), weather.timeout, weather.enabled, weather.url, weather.archive_url,
    weather.geocoding_url, attachments.keep_location, app.offline (the app keeps entries
    in the browser for use offline: on for a plain journal, off for an encrypted one
    unless set), app.offline_entries (how many, 50). `set` writes them to the global
    config; a journal's file that sets one is ignored with a warning.

    journals.NAME names a journal's folder for -J NAME (global file only, as jrnl's
    journals).

    Examples:
      ilgi config list
      ilgi config set weather.place Seoul
      ilgi config set journals.travel ~/travel --global
      ilgi config set locale ko --global
      ilgi config get weather.units
      ilgi config unset weather.place
    """,
    .configListAbstract: "Every setting, its value and where it comes from.",
    .configGetAbstract: "Print one setting's value.",
    .configSetAbstract: "Set a key in the journal's config (or the global one with --global).",
    .configUnsetAbstract: "Remove a key from the journal's config (or the global one with --global).",
    .configKeyHelp: "The key, e.g. weather.place.",
    .configValueHelp: "The value.",
    .configGlobalHelp: "Change the global config file instead of the journal's.",
    .configJSONHelp: "Print JSON instead of text.",

    .kindString: "a string",
    .kindNumber: "a number",
    .kindBool: "true or false",
    .kindDuration: "a length of time such as 30s, 5m or 1h (0 for never)",
    .kindOr: " or ",
    .weatherClear: "Clear",
    .weatherMostlyClear: "Mostly clear",
    .weatherPartlyCloudy: "Partly cloudy",
    .weatherCloudy: "Cloudy",
    .weatherFog: "Fog",
    .weatherDrizzle: "Drizzle",
    .weatherRain: "Rain",
    .weatherFreezingRain: "Freezing rain",
    .weatherShowers: "Showers",
    .weatherSnow: "Snow",
    .weatherThunderstorm: "Thunderstorm",
    .weatherWindy: "Windy",
    .weatherForNewEntry: "{1}; the entry is saved without weather",
    .weatherNoHTTPLibrary: "fetching the weather needs libcurl, which is not installed (Debian: apt install libcurl4)",
    .weatherUnreachable: "could not reach {1}",
    .weatherTimedOut: "{1} did not answer within {2} s",
    .weatherHTTPStatus: "{1} answered HTTP {2}",
    .weatherRejectedKey:
      "{1} refused the API key; check weather.key (or ILGI_WEATHER_KEY)",
    .weatherMalformed: "{1} sent an answer ilgi cannot read",
    .weatherTooLarge: "{1} sent an answer far too large for a weather report",
    .weatherPlaceNotFound:
      "no place called `{1}` was found; set weather.place to another name, or weather.latitude and weather.longitude",
    .weatherNotConfigured: "{1}",
    .weatherNoPlace:
      "no weather place is set; set one with `ilgi config set weather.place Seoul` (or weather.latitude and weather.longitude)",
    .weatherNoKey: "weather.provider is openweathermap but no key is set; set weather.key or ILGI_WEATHER_KEY",
    .weatherSkipped: "the weather is still unknown; the entry is saved without it",
    .weatherAbstract: "Weather for entries: fill past entries from the archive.",
    .weatherFillAbstract: "Fill the weather of past entries that have none, from Open-Meteo's archive.",
    .weatherFillDiscussion: """
    For every selected entry without a `weather:` line, asks Open-Meteo's historical archive
    for the hour of the entry at the configured place (weather.place, or weather.latitude and
    weather.longitude) and writes only the `weather:` line. Asks before changing more than 10
    files unless --yes is given.

    Examples:
      ilgi weather fill --from 2024-01-01 --dry-run
      ilgi weather fill --on 2024-05 --yes
    """,
    .weatherFillNothing: "Every selected entry has its weather already.",
    .weatherFillConfirm: "Write the weather into {1 entry|entries}?",
    .weatherFillDone: "Filled the weather of {1 entry|entries}.",
    .weatherFillMissing: "{1 entry|entries} got no weather: the archive has no data for their hours.",
    .weatherFillNeedsYes: "filling {1 entry|entries} needs a yes; run on a terminal, or add --yes",
    .weatherFillDryRunHelp: "Print what would be written, and change nothing.",
    .weatherFillYesHelp: "Do not ask before changing many files.",
    .weatherFillWould: "{1}  weather: {2}",
    .weatherNowAbstract: "Print the current weather at the configured place.",
    .newWeatherHelp: "The weather, as text (instead of asking the weather service).",
    .newNoWeatherHelp: "Do not ask the weather service for this entry.",
    .newWeatherConflict: "choose either --weather or --no-weather",
    .importAbstract: "Bring entries in from jrnl, Day One, or the diary apps' JSON.",
    .importDiscussion: """
    Formats (--from; guessed from PATH when left out):
      jrnl         a jrnl journal file, or what `jrnl --export json` wrote
      jrnl-folder  a jrnl folder journal (YYYY/MM/DD.txt)
      dayone       a Day One export: the .json, or the whole .zip with photos
      json         a JSON array of {"title", "body", "created_at"}

    A jrnl journal written with another timeformat than jrnl's default needs it as --time-format (strftime codes, as in jrnl's config). The apps' created_at is in Unix seconds.

    Dates without a zone (jrnl, json) are in the journal's time zone. Day One keeps its uuid as the id, its time zone, tags, starred, weather and location; photos are copied beside the entry. jrnl's @tags become the entry's tags; starred entries get `starred: true`.

    All or nothing: every entry is read first and a bad input names the file and line (or JSON path) and changes nothing. Entries the journal has already (same id, or the same minute, title and body) are skipped, so importing twice adds nothing the second time.

    Examples:
      ilgi import ~/journal.txt --from jrnl --dry-run
      ilgi import ~/Downloads/Export.zip --from dayone
      ilgi import ~/jrnl-folder --from jrnl-folder --time-format "%d %b %Y %I:%M %p"
    """,
    .importPathHelp: "The file or folder to import.",
    .importFromHelp: "What PATH is: jrnl, jrnl-folder, dayone or json.",
    .importTimeFormatHelp: "The jrnl journal's timeformat (strftime codes), as in jrnl's config.",
    .importDryRunHelp: "Print what would be added, and change nothing.",
    .importWould: "{1}  {2}  {3}",
    .importSummary: "Imported {1 entry|entries} ({2} to {3}), {4 tag|tags}.",
    .importSummaryDry: "Would import {1 entry|entries} ({2} to {3}), {4 tag|tags}.",
    .importDuplicates: "Skipped {1 entry|entries} the journal has already.",
    .importBlank: "Skipped {1 empty entry|empty entries}.",
    .importNothingNew: "Nothing new to import.",
    .errImport: "cannot import {1}: {2}; nothing was imported",
    .errImportGuess: "cannot tell what {1} is; say --from jrnl, jrnl-folder, dayone or json",
    .errImportFormat: "{1} is not an import format; use jrnl, jrnl-folder, dayone or json",
    .impMissing: "no such file or folder",
    .impUnreadable: "{1}",
    .impNotText: "not UTF-8 text",
    .impNoEntries: "no entries in it (a jrnl entry starts with a line like [2026-11-21 09:30] Title)",
    .impTextBefore: "text before the first [date] line; a jrnl journal starts with one",
    .impBadJrnlDate: "[{1}] is no date in the time format {2}; fix it, or give the journal's format with --time-format",
    .impBadTimeFormat:
      "{1} is not a time format ilgi reads: use strftime codes (%Y %m %d %H %M %S %I %p %b %B %a %A %y %e %j) with a year, month and day",
    .impInvalidJSON: "not valid JSON ({1})",
    .impWrongType: "expected {1} here",
    .impMissingKey: "{1} is missing",
    .impBadDate: "{1} is not a date",
    .impUnknownZone: "{1} is not a time zone ilgi knows",
    .impBadID: "{1} is not a UUID",
    .impMissingPhoto: "{1} is not in the export; import the whole export .zip",
    .impBadZip: "not a zip ilgi can read ({1})",
    .impWantFolder: "is a file; jrnl-folder wants the journal's folder",
    .impWantFile: "is a folder; give the file (or --from jrnl-folder)",
    .exportAbstract: "Write the journal (or part of it) out as JSON, jrnl, Markdown, Day One, or a website.",
    .exportDiscussion: """
    Formats:
      json      the `list --json` fields, `body`, `frontMatter` (every key)
      jrnl      a jrnl journal file that jrnl reads back with the same entries
      markdown  one printable Markdown file, oldest entry first
      dayone    Day One JSON; `ilgi import` makes the same files of it
      html      a website in the folder --out: list, entries, archive, tags,
                calendar, Atom feed and offline search; works from file://;
                run again, it writes only what changed

    Filters are those of `ilgi list`. Without --out the export goes to standard output.

    Examples:
      ilgi export --format markdown --from 2025-01-01 --to 2025-12-31 --out 2025.md
      ilgi export --format jrnl --out journal.txt
      ilgi export html --out site && xdg-open site/index.html
      ilgi export --format dayone --tag travel --out travel.json
    """,
    .exportFormatHelp: "json, jrnl, markdown, dayone or html.",
    .exportOutHelp: "The file to write (it must not exist); standard output when left out.",
    .exportWrote: "Wrote {1 entry|entries} to {2}.",
    .errExportFormat: "{1} is not an export format; use json, jrnl, markdown, dayone or html",
    .errExportExists: "{1} exists already; choose another --out, or remove it first",
    .exportMarkdownTitle: "Journal, {1} to {2}",
    .shareAbstract: "Print an entry as the apps share it: date, title, body.",
    .shareDiscussion: """
    The entry's long date, a blank line, the title, a blank line, the body; with --html the same as an HTML fragment. --copy puts it on the clipboard through wl-copy, xclip, xsel or pbcopy, whichever is installed.

    Examples:
      ilgi share last
      ilgi share 2026-11-21 --copy
    """,
    .shareHTMLHelp: "Share as HTML instead of text.",
    .shareCopyHelp: "Put it on the clipboard instead of printing it.",
    .shareCopied: "Copied {1} to the clipboard with {2}.",
    .errShareNoClipboard:
      "no clipboard tool found; install wl-clipboard, xclip or xsel (pbcopy on macOS), or leave out --copy",
    .errShareCopyFailed: "{1} could not copy: {2}",
    .initGitHelp: "Make the journal a git repository too, and commit what it holds.",
    .initCheckedOut: "Checked out {1}, the branch of {2} that holds the journal.",
    .initWhichBranch:
      "nothing is checked out here, and the remote has several branches ({1}); check out the journal's with git checkout NAME, then run ilgi init again",
    .errSyncOtherBranch:
      "{1} has no branch {2}, the one this device writes, but holds {3}; ilgi never starts another branch there: check out the journal's branch (git fetch {1}, then git checkout {4}), bring what you wrote here with git cherry-pick (git log {4}..{5} lists it), then ilgi sync",
    .doctorUnmerged:
      "{1}: git left it unmerged (a conflict of a sync or a rebase), and no sync goes through until it is settled: keep the file as you want it, then git add {1} (or git rm {1}), and ilgi sync",
    .doctorOtherBranch:
      "this device writes the branch {1}, which {2} does not have (it holds {3}): the devices sync apart; check out the journal's branch",
    .doctorSealedOtherwise:
      "{1}: sealed for {2}, where the journal lists {3}; a key the journal does not list may open it: run ilgi key reseal",
    .syncPlacesTakenOut:
      "took the place out of {1 picture|pictures} the sync brought: a device that keeps places wrote them, and this one keeps none (attachments.keep_location)",
    .syncResealed: "{1 file was|files were} sealed to other keys than the journal's; sealed again to its {2 key|keys}",
    .errOwnFileLinked:
      "{1}: {2} is a link; ilgi keeps its own files only inside the journal and opens it through no link: remove it (if a sync brought it: git rm {2}, git commit, git push)",
    .syncPulledLink:
      "the sync brought {1}, a link to {2}; ilgi reads and writes no entry through a link that leads out of the journal or into .git or .ilgi, and opens no journal whose own files are links: remove it (git rm {1}) unless you made it",
    .doctorFolderLink:
      "{1}: a folder that is a link (to {2}); ilgi never walks it, so what is there is neither listed nor written",
    .errTemplateIsIlgis:
      "{1} is one of the app's files or a script, which come from ilgi only (a journal's folder syncs); ilgi templates lists those a journal may change",
    .doctorPlacedPicture:
      "{1}: says where it was taken (a GPS position), which this device removes from photos (attachments.keep_location = false); attach it again to keep it without, or set that key to true",
    .syncKeysDropped: "another device removed {1} from the journal's recipients; this device no longer seals to it",
    .syncBranchPushedAgain: "{1} no longer had the branch {2} (deleted there); this device pushed it there again",
    .syncFetchBranchGone:
      "{1} no longer has the branch {2} this device fetches from, and it pushes to {3}: what other devices send to {1} will not reach it; name the branch to fetch with git branch --set-upstream-to=REMOTE/BRANCH",
    .initGitDone: "Committed the journal to git: {1}",
    .warnGitCommit:
      "saved, but git did not commit it: {1}; commit it yourself, or turn this off with ilgi config set git.autocommit false",
    .warnGitBusy: "saved, but not committed: git is in the middle of a {1}; finish it, then commit",
    .errNotGit: "{1} is not a git repository; run ilgi init --git to make it one",
    .errGit: "git {1} failed: {2}",
    .syncAbstract: "Pull others' changes (rebasing yours on them) and push yours.",
    .syncDiscussion: """
    Runs `git pull --rebase --autostash` and `git push` in the journal, then brings the index up to date. Two devices' changes to one entry are merged on its text, inside the seal of an encrypted journal: changes to different lines both stay, two additions at one place become both texts, and where both changed the same lines the entry holds both versions, one after the other, and the sync names it for you to settle with `ilgi edit`; its front matter says `unsettled:` until you delete that line, so `ilgi doctor` names it on every device until then. An entry deleted on one device and changed on the other is kept, changed. A conflict git cannot leave to ilgi (a file that is not an entry) stops the sync; nothing is lost either way.
    """,
    .errSyncNoRemote: "the journal has no git remote to sync with; add one with git remote add origin URL",
    .errSyncConflict:
      "conflict in {1}: both versions are in the file between <<<<<<< and >>>>>>>; keep what you want, then run git add {1}, git rebase --continue and ilgi sync",
    .errSyncSealedConflict:
      "conflict in {1}: the two versions of this encrypted entry could not be merged here (a key that opens both is needed); nothing is lost: run git rebase --abort to go back to before the sync",
    .syncOverlap:
      "{1}: both devices changed the same lines; the entry holds both versions, one after the other: settle it with ilgi edit {1}",
    .newDatedAhead:
      "the entry is dated {1}, later than now; for a time already past, name its day: --date \"yesterday 9pm\"",
    .errUnknownCommand: "'{1}' is not an {2} command; {2} --help lists them",
    .errUnknownCommandNear: "'{1}' is not an {2} command; did you mean '{3}'?",
    .errUnknownOption: "{2} takes no option {1}; {2} --help lists those it takes",
    .errUnknownOptionNear: "{2} takes no option {1}; did you mean {3}?",
    .syncApart: "{1}: two devices each made an entry of this name; both are kept, one now as {2}",
    .errSyncDeletedConflict:
      "conflict in {1}: deleted on one device and changed on the other (ilgi keeps a changed entry by itself only when it is sealed or plain as the journal now is); nothing is lost: the changed version is in {1}. Keep it with git add {1}, or drop it with git rm {1}; then git rebase --continue and ilgi sync",
    .syncKeptChanged:
      "{1}: deleted on one device and changed on the other; the changed entry is kept (ilgi delete {1} deletes it again)",
    .syncDriversSet:
      "git here now shows and merges the journal's entries through ilgi (in git diff, git log and git pull).",
    .errMergeEntryWrite: "{1}: could not write the merged entry: {2}",
    .errMergeEntryUnreadable: "{1}: the two versions could not be merged here ({2}); git keeps both",
    .errSyncBusy: "git is in the middle of a {1}; finish it (git status tells how), then run ilgi sync",
    .errSyncStashConflict:
      "conflict in {1}: a change not yet committed here met what the sync brought; nothing is lost (git stash list keeps the change): keep the file as you want it, run git add {1} (or git rm {1}) and git stash drop, git commit if the other devices should have it, then ilgi sync",
    .syncDone: "Synced with {1}.",
    .syncUntracked:
      "git tracked ilgi's own files ({1}), which each device keeps for itself; they are no longer tracked",
    .syncJSONHelp:
      "Print how it went as JSON: its state (merged, keptBoth, unsettled, offline, refused) and what it said.",
    .logAbstract: "Show the git history of an entry, or of the journal.",
    .logSelectorHelp: "The entry (a selector); the whole journal when left out.",
    .logPatchHelp: "Show each change, not only its line.",
    .logNone: "No history for {1} yet.",
    .errGitIdentity:
      "git does not know who you are; run git config --global user.name \"Your Name\" and git config --global user.email you@example.com, then ilgi init --git again",
    .siteTitle: "Diary",
    .siteHome: "Home",
    .siteArchive: "Archive",
    .siteTags: "Tags",
    .siteCalendar: "Calendar",
    .siteSearch: "Search",
    .siteSearchPlaceholder: "Search the diary",
    .siteNewer: "Newer",
    .siteOlder: "Older",
    .sitePrevious: "Before",
    .siteNext: "After",
    .siteNoResults: "Nothing found.",
    .siteFeed: "Atom feed",
    .siteBook: "The year as a book",
    .siteWeather: "Weather",
    .sitePlace: "Where it was written",
    .siteEmpty: "No entries yet.",
    .siteSource: "Source",
    .siteMonthTitle: "{2} {1}",
    .siteOneEntry: "1 entry",
    .siteEntries: "{1 entry|entries}",
    .sitePageOf: "Page {1} of {2}",
    .exportHTMLNeedsOut: "ilgi export html writes a folder; give it one with --out DIR",
    .errSiteNotOurs: "{1} is not empty and holds no site ilgi wrote; choose a new or empty folder for --out",
    .errSiteIsFile: "{1} is a file; --out needs a folder for the site",
    .siteWrote: "Wrote {1} of {2 page|pages} to {3} ({4} unchanged, {5} removed); open {6}",
    .serveAbstract: "Serve the journal as a diary app in the browser, over its own files (or as a read-only site).",
    .serveDiscussion: """
    The app lists the entries (with weather and tags, filtered by tag and date), shows each one, searches as you type, and writes: one text area whose first line is the title, saved by itself when you pause, leave the field or put the page away. A save never overwrites an entry changed elsewhere meanwhile (vim, git, another phone): the page shows both texts and lets you keep one or merge. Delete asks first, goes to the trash, and can be undone. Every write goes through the journal's lock, atomic writes and git autocommit, as the CLI's do. --read-only serves the pages of `ilgi export html` instead.

    Every request needs the token, on 127.0.0.1 too, since every account on this computer can reach 127.0.0.1. It is made up at start unless given by --token-file FILE (readable by you only), ILGI_TOKEN or --token; a token on the command line can be read by every user of this computer in the process list, so prefer the file or the variable. Open the address it prints, http://127.0.0.1:8080/?token=...: the browser keeps the token in storage of this address and port alone, never in a cookie (a cookie for 127.0.0.1 reaches every port of it), takes it out of the address bar, and its service worker sends it with every request; a token in the address wins over the one kept (the new address after a restart works at once). A browser that runs no worker (plain http on a network address, script off) keeps it in a cookie of this port instead. Scripts send it as an `Authorization: Bearer` header; a script that changes entries also sends `X-Ilgi-Request: 1`, the server's own address as `Origin` (-H 'Origin: http://127.0.0.1:8080') and a JSON body, as the app's pages do, which a page of another site cannot. The last example below writes a new entry (tags may be left out). --open opens that address for you.

    Listens on 127.0.0.1 unless --host says otherwise; on another address (0.0.0.0) the addresses a phone can open are printed, with a QR code of the first on a terminal. There is no TLS: to reach it from outside your own network, put it behind a reverse proxy that has TLS, or `tailscale serve`. Ctrl-C stops it.

    Examples:
      ilgi serve --open
      ilgi serve --host 0.0.0.0 --token-file ~/.config/ilgi/token
      ilgi serve --read-only --port 8080
      curl http://127.0.0.1:8080/api/entries -H 'X-Ilgi-Request: 1' \\
        -H "Authorization: Bearer $ILGI_TOKEN" \\
        -H 'Origin: http://127.0.0.1:8080' \\
        -H 'Content-Type: application/json' \\
        -d '{"content": "Title\\n\\nText", "tags": "work travel"}'
    """,
    .servePortHelp: "The port to listen on (0 picks a free one).",
    .serveHostHelp: "The address to listen on: 127.0.0.1 (this computer) unless given; 0.0.0.0 for a phone too.",
    .serveURLHelp:
      "The address a TLS proxy (tailscale serve, Caddy, nginx) serves the app at, https://NAME, for a phone to install it; keep ilgi itself on 127.0.0.1.",
    .errServeURL:
      "{1} is not an address the app can be served at; give its scheme, name and port only, as https://diary.example.ts.net",
    .serveQRNoteURL: "Scan to open it on a phone:",
    .serveTokenHelp:
      "The token every request must carry (one is made up when left out). Every user of this computer can read it in the process list: prefer --token-file or ILGI_TOKEN.",
    .serveOpenHelp: "Open it in the browser (xdg-open, open).",
    .serveListening: "Serving {1} at {2} (Ctrl-C stops)",
    .serveOpenAt: "open {1}",
    .serveOrAt: "  or {1}",
    .serveTokenLine: "Every request needs the token; open {1}",
    .errServeBind: "cannot listen on {1}: {2}; choose another --port or --host",
    .errServePort: "{1} is not a port; use a number from 0 to 65535",
    .serveStopped: "Stopped.",
    .serveSyncing:
      "syncing with the journal's git remote by itself every {1} and after each sitting in the app (git.sync_interval; 0 turns it off)",
    .serveDrainingOne:
      "Stopping once the request under way is answered (a save may be waiting for the journal's lock); Ctrl-C again stops at once, without answering it.",
    .serveDraining:
      "Stopping once the {1} requests under way are answered (saves may be waiting for the journal's lock); Ctrl-C again stops at once, without answering them.",
    .serveReadOnlyHelp: "Serve the read-only site of `ilgi export html` instead of the app.",
    .serveQRNote: "Scan to open it on a phone on the same network:",
    .appName: "Diary",
    .appNew: "New",
    .appNewEntry: "New entry",
    .appList: "Entries",
    .appSearch: "Search",
    .appSearchPlaceholder: "Words to find",
    .appOnThisDay: "On this day",
    .appSkip: "Skip to content",
    .appNoScript: "Writing needs JavaScript; reading works without it.",
    .appNothingYet: "No entries yet. Write the first one.",
    .appNothingMatches: "No entries match.",
    .appFrom: "From",
    .appTo: "To",
    .appFilter: "Filter",
    .appClear: "Show all",
    .appTags: "Tags",
    .appTagsHint: "Separated by spaces",
    .appNewer: "Newer",
    .appOlder: "Older",
    .appBacklinks: "Linked from",
    .appNoSuchTemplate: "There is no such template; `ilgi templates` lists them.",
    .appTemplate: "Template",
    .appNoTemplate: "None",
    .appMood: "Mood",
    .appActivities: "Activities",
    .appActivitiesHint: "Separated by commas; a tap adds one you often write",
    .appAnyMood: "any",
    .appCalendar: "Calendar",
    .appWords: "Words",
    .appShadedBy: "Shaded by",
    .appPrevious: "Previous",
    .appNext: "Next",
    .appNoEntriesThatDay: "Nothing written that day.",
    .appRecord: "● Record",
    .appStopRecording: "■ Stop and keep",
    .appVoiceNote: "Voice note {1}",
    .appNoMicrophone: "The microphone could not be had; allow it for this page (localhost or HTTPS only).",
    .appRecordingWaits: "The recording waits here until the server can be reached.",
    .appEdit: "Edit",
    .appShare: "Share",
    .appDelete: "Delete",
    .appDeleteQuestion: "Delete “{1}”? It goes to the journal's trash, and you can undo.",
    .appDeleteConfirm: "Move to trash",
    .appCancel: "Cancel",
    .appDeleted: "Moved to the trash.",
    .appUndo: "Undo",
    .appRestored: "Put back.",
    .appTextLabel: "Entry text; the first line is the title",
    .appPlaceholder: "Title on the first line, then write.",
    .appWeather: "Weather",
    .appUseLocation: "Use my location for the weather",
    .appLocated: "Weather from your location: {1}",
    .appNoLocation: "The location could not be had; the journal's place stays.",
    .appDone: "Done",
    .appSaved: "Saved",
    .appSaving: "Saving…",
    .appAddPhotos: "Add photos",
    .appUploading: "Adding {1} of {2}…",
    .appUploadFailed: "Could not add {1}; try again",
    .appUnsaved: "Not saved yet",
    .appSaveFailed: "Not saved: the server cannot be reached. Your text is kept in this browser.",
    .appEmptyNotKept: "An empty entry is not kept.",
    .appNoSuchTask: "The entry has no task {1} to tick; edit it to change its list.",
    .appTaskChanged: "The entry changed elsewhere; here it is now. Tap the box again.",
    .appConflict: "This entry changed elsewhere while you were writing.",
    .appConflictExplained:
      "This entry was changed elsewhere (another editor, another device, git) since you opened it. Nothing is lost: choose what to keep.",
    .appTheirs: "Saved elsewhere",
    .appMine: "Yours, here",
    .appBase: "Before both",
    .appKeepMine: "Keep mine",
    .appKeepTheirs: "Keep the other",
    .appKeepBoth: "Keep both (merge)",
    .appMergedClean: "Both texts merged; check it and it saves by itself.",
    .appMergedConflicts:
      "Both texts are in; where both changed the same lines, both versions stand one after the other. Check them; it saves when you type or leave.",
    .appKeptTexts: "Kept in this browser, not saved yet:",
    .appOpenKept: "Open",
    .appSaveFailedPageOnly:
      "Not saved: the server cannot be reached. Your text is kept in this page only (this journal keeps nothing in the browser): leave it open until it is sent.",
    .appSynced: "Synced with the journal's remote {1}.",
    .appSyncOffline: "The journal's remote cannot be reached (synced {1}); trying again by itself. Saving goes on.",
    .appSyncStopped: "The sync with the journal's remote stopped: {1}",
    .appSyncNever: "never",
    .appSyncWaiting: "Syncing with the journal's remote…",
    .appJustNow: "just now",
    .appMinutesAgo: "{1 minute|minutes} ago",
    .appHoursAgo: "{1 hour|hours} ago",
    .appSharedWaiting: "Shared to your diary, not kept yet:",
    .appSharedKeep: "Keep as a new entry",
    .appSharedDrop: "Discard",
    .appSameLines: "… {1} lines the same on both sides …",
    .appCopied: "Copied to the clipboard.",
    .appTwoVersions:
      "Two devices changed the same passage, and a sync kept both versions, one after the other, below. Keep what you want, then say so.",
    .appResolve: "Done: this is the entry",
    .appPreviousPicture: "Previous picture",
    .appNextPicture: "Next picture",
    .appClosePicture: "Close",
    .appGone:
      "This entry is gone (deleted or moved elsewhere). Your text is kept in this browser as a new entry: the New page offers it, and typing here saves it as one.",
    .appNoResults: "Nothing found.",
    .appNoSuchEntry: "There is no such entry.",
    .appOffline: "Offline",
    .appWaiting: "{1} waiting",
    .appToSettle: "{1} to settle",
    .appSearchedKept: "Offline: searched the {1} entries kept in this browser.",
    .appNeedsHTTPS:
      "This page is plain http, so the browser keeps nothing of it for use offline: that needs HTTPS. Serve the app through tailscale serve or a proxy with TLS (see ilgi serve --help).",
    .appOfflineHeading: "Offline",
    .appOfflineKept:
      "The server cannot be reached, and this page is not kept in this browser. The entries listed or opened lately are, and new ones can be written: they wait here and are sent when the server is back.",
    .appOfflineNotKept:
      "The server cannot be reached. This journal keeps no entries in the browser (app.offline is off, as it is for an encrypted journal unless turned on), but new ones can be written: they wait here and are sent when the server is back.",
    .templatesAbstract: "List the templates ilgi uses, and copy them into the journal to change them.",
    .templatesDiscussion: """
    New entries start from new-entry.md; the site of `ilgi export html` and `ilgi serve --read-only` is made from the site-* templates (Mustache), site.css and site-search.js, and the app of `ilgi serve` from the app-* templates, app.css and app.js; search-query.js reads a query for the site's search and the app's search offline. A file of the same name in .ilgi/templates/ of the journal is used instead of the shipped one for new-entry.md, the site-* templates and site.css. The app's files and every script come only from ilgi itself: the journal's folder syncs, so whoever can push to its remote could otherwise run their script beside your entries.

    Examples:
      ilgi templates
      ilgi templates copy
      ilgi templates copy site.css
    """,
    .templatesActionHelp: "copy, or nothing to list them.",
    .templatesNamesHelp: "Templates to copy; all of them when left out.",
    .templatesShipped: "shipped",
    .templatesOverridden: "yours: {1}",
    .templatesCopied: "Copied {1} to {2}",
    .templatesKept: "{1} exists already; left as it is",
    .errTemplateName: "{1} is not a template; ilgi templates lists them",
    .errTemplatesAction: "{1} is not something templates does; use copy, or nothing to list them",
    .errExportNoFormat: "say what to export: ilgi export json|jrnl|markdown|dayone|html (or --format)",
    .errExportTwoFormats: "{1} and --format {2} disagree; give the format once",
    .keyAbstract: "Make, show, add and remove the age keys an encrypted journal uses.",
    .keyDiscussion: """
    Your identity (a secret key, AGE-SECRET-KEY-1...) is kept in $XDG_CONFIG_HOME/ilgi/identity.txt (~/.config/ilgi/identity.txt), owner-only; ILGI_IDENTITY names another file. Its recipient (age1...) is public: the journal's config lists the recipients every entry is encrypted to, one for each device.

    A post-quantum key (--pq: ML-KEM-768 with X25519, age's hybrid kind; AGE-SECRET-KEY-PQ-1... and age1pq1...) keeps entries closed to someone who copies them today and has a quantum computer later. Its recipient is 1,959 characters; age 1.3 or later reads it. A journal sealed to both kinds is only as strong as its X25519 keys: move over by adding the new key, then removing the old one.

    Examples:
      ilgi key new                 make your identity
      ilgi key new --pq            make a post-quantum one, or add it beside yours
      ilgi key new --passphrase    make it, protected by a passphrase
      ilgi key show                print your recipients, one a line
      ilgi key add age1pq1...      encrypt every entry to one more recipient
      ilgi key remove age1...      and to one fewer (a lost device, an old key)
    """,
    .keyNewAbstract: "Make your age identity (once per device).",
    .keyShowAbstract: "Print your recipients (age1... or age1pq1...), to give to `ilgi key add` elsewhere.",
    .keyAddAbstract: "Add a recipient and re-encrypt every entry to the journal's recipients.",
    .keyPassphraseHelp: "Protect the identity with a passphrase (asked on the terminal, or ILGI_PASSPHRASE).",
    .keyRecipientHelp: "The recipient to add: age1... or age1pq1... (from `ilgi key show` on the other device).",
    .keyMade: """
    Made your identity at {1}. Your recipient: {2}
    Keep a copy of {1} somewhere safe (a password manager, a USB key kept apart): without it, \
    nothing encrypted to it can be opened again, by you or by ilgi.
    """,
    .keyExists: "{1} holds an identity already; ilgi never replaces one (move it away first)",
    .keyAlreadyAdded: "{1} is already a recipient, and every entry is sealed to it: nothing to do.",
    .keyAdded: "Added {1}; re-encrypted {2 entry|entries} to {3 recipient|recipients}.",
    .keyRemoveAbstract: "Remove a recipient and re-encrypt every entry to the ones left.",
    .keyResealAbstract: "Seal every entry and attachment again to exactly the journal's keys.",
    .keyResealed: "Sealed {1 file|files} again to the {2 recipient|recipients}.",
    .keyAcceptAbstract: "Seal to the recipient list a sync brought, after seeing what it adds and removes.",
    .keyAcceptDiscussion: """
    The journal's .ilgi/config.toml is pushed and pulled, so anyone who can push to its remote could add their own key to its recipients, or remove them all. Each device therefore seals to the list it accepted (kept in .git/ilgi/recipients, never synced): what it first saw, and what its own ilgi encrypt, ilgi key add and ilgi key remove wrote. When a sync brings another list, ilgi sync and ilgi doctor say what it adds and removes, and entries written here stay sealed to the accepted list until you run ilgi key accept. A list that is gone or empty never turns a sealed journal plain until it is accepted.

    Examples:
      ilgi sync            says: the recipients changed on another device (+ age1..., - age1...)
      ilgi key accept      seal to the new list from now on
    """,
    .keyAcceptNothing: "Nothing to accept: this device seals to the {1 recipient|recipients} the journal lists.",
    .keyAcceptLeavesOut:
      "the journal's list leaves out this device's key {1}: what it sealed here it could not open again; have it added where the journal opens (ilgi key add), then ilgi sync, or keep this device's list with ilgi key reject",
    .keyAccepted: "This device now seals entries to the {1 recipient|recipients} the journal lists.",
    .keyAcceptedPlain: "This device now writes the journal's entries plain, as its config says (no recipients).",
    .keyAcceptPlainAsk:
      "the journal's config now lists no recipients: accepting that writes this device's next entries in the clear; if that is meant, run ilgi key accept --plain (else ilgi key reject)",
    .keyAcceptPlainHelp: "Accept a list with no recipients: this device writes plain from then on.",
    .keyRejectAbstract: "Put the recipient list this device accepted back into the journal's config.",
    .keyRejected:
      "The journal's config lists the {1 recipient|recipients} this device accepted again; ilgi sync takes it to the others.",
    .keyRejectNothing: "Nothing to reject: the journal's config lists what this device accepted.",
    .recipientsPending:
      "the journal's recipients changed elsewhere ({1}); entries written here stay sealed to the {2 key|keys} this device accepted until you run ilgi key accept (or ilgi key reject to keep them)",
    .keyRemoveDiscussion: """
    For a device you no longer use or have lost. Every entry (and the index) is encrypted again to the recipients left, so the removed key opens none of the files as they are now. Copies made before still open with it: git history, backups, another clone. Your own recipient cannot be removed here (it would lock this device out); remove it from another device.

    Example:
      ilgi key remove age1...
    """,
    .keyRemoveRecipientHelp:
      "The recipient to remove: age1... or age1pq1... (one of `ilgi config get encryption.recipients`).",
    .keyNotARecipient: "{1} is not one of the journal's recipients (see `ilgi config get encryption.recipients`)",
    .keyRemoveLast: "{1} is the journal's only recipient; to stop encrypting, run `ilgi decrypt`",
    .keyRemoveOwn:
      "{1} is your own recipient: without it this device could not read the journal; remove it from another device",
    .keyRemoved:
      "Removed {1}; re-encrypted {2 entry|entries} to {3 recipient|recipients}. Copies made before (git history, backups) still open with the removed key.",
    .keyNotEncrypted: "{1} is not encrypted; run `ilgi encrypt` first",
    .keyMissing: "no identity at {1}: run `ilgi key new`, or copy your key there (or set ILGI_IDENTITY)",
    .keyUnreadable: "{1} could not be read as an identity: {2}",
    .keyPassphrasePrompt: "Passphrase for {1}: ",
    .keyPassphraseNew: "Passphrase for the new identity: ",
    .keyPassphraseAgain: "The same passphrase again: ",
    .keyPassphraseMismatch: "the two passphrases differ; nothing was made",
    .keyPassphraseNeeded: "{1} is protected by a passphrase: type it on a terminal, or set ILGI_PASSPHRASE",
    .keyPostQuantumHelp:
      "Make a post-quantum key (ML-KEM-768 with X25519); with an identity already, add one beside it.",
    .keyPassphraseKept:
      "{1} exists: a key added to it keeps its passphrase, or none; leave out --passphrase",
    .keyPostQuantumAdded: """
    Added a post-quantum identity to {1}. Its recipient: {2}
    To seal a journal to it: ilgi key add (this recipient), then ilgi key remove (your X25519 recipient). \
    Keep a new copy of {1} somewhere safe: the copy you kept before lacks this key.
    """,
    .keyPostQuantumExists: "{1} holds a post-quantum identity already ({2}); ilgi never replaces one",
    .keyMixedKinds:
      "The journal is also sealed to {1 X25519 key|X25519 keys} ({2} among them): until removed (ilgi key remove), a quantum computer could open it through them.",
    .initPostQuantumHelp: "Encrypt with a post-quantum key, made or added if missing (implies --encrypt).",
    .encryptAbstract: "Encrypt every entry of the journal to its recipients (age).",
    .encryptDiscussion:
      "Each NAME.md becomes NAME.md.age, one file at a time and atomically; a run that is stopped is finished by running it again. The index is then kept only encrypted (.ilgi/index.age) and drafts in memory. With no recipient yet, your own (ilgi key new) is used. In a git journal the change is one commit; git history still holds the old plaintext (see the README, \"Encrypting your journal\", to rewrite it).",
    .decryptAbstract: "Decrypt every entry back to plain Markdown (NAME.md).",
    .encryptProgress: "Encrypting",
    .decryptProgress: "Decrypting",
    .encryptDone: "Encrypted {1 entry|entries} to {2 recipient|recipients}.",
    .decryptDone: "Decrypted {1 entry|entries}; the journal is plain Markdown again.",
    .encryptHistoryNote:
      "git history still holds the entries' earlier plaintext; the README's \"Encrypting your journal\" says how to rewrite it.",
    .encryptFailed: "{1} could not be converted: {2}; nothing else was changed, run the command again when fixed",
    .catAbstract: "Print an entry file's text, decrypting it if it is encrypted (git's textconv).",
    .catFileHelp: "The file to print.",
    .initEncryptHelp: "Encrypt the journal's entries (age), with your identity (made if missing).",
    .initEncrypted: "Entries are encrypted to {1}; drafts are kept in memory ({2}).",
    .draftsInMemory: "Drafts of this encrypted journal are in memory at {1} until the machine restarts.",
    .exportPlaintextRefused:
      "{1} is inside {2}: the export is plaintext of an encrypted journal; write it elsewhere or pass --force",
    .exportPlaintextNote: "This export holds the journal's text in the clear.",
    .exportForceHelp: "Write an encrypted journal's plaintext export even inside the journal or a git work tree.",
    .readUndecryptable: "{1} could not be decrypted: {2}",
    .adviceCheckKey:
      "check that your key (ilgi key show) is one of the journal's recipients (ilgi config get encryption.recipients)",
    .serveTokenFileHelp: "A file holding the token, readable by you only (chmod 600).",
    .errServeEmptyToken:
      "{1} is empty, and an empty token would let anyone in; give a token, or leave {1} out and one is made up",
    .errServeTokenFileOpen: "{1} can be read by other users; make it yours only with `chmod 600 {1}`",
    .errServeTokenFileUnreadable: "{1} cannot be read: {2}; give --token-file a file that holds the token",
    .errServeTwoTokens: "--token and --token-file both give the token; keep one of them",
    .searchTooManyTerms: "the search has {1} words and tags; ask with at most {2}",
    .searchTookTooLong: "the search took too long and was stopped; ask with fewer words or with longer ones",
    .appBadPath: "This address is not a page of the diary; go back to the list.",
    .appNoSuchPage: "There is no such page; go back to the list.",
    .appNoSuchRequest: "{1} is not a request this diary answers; reload the page for its current script.",
    .appTokenNeeded: "This diary needs its token: open the address `ilgi serve` printed, the one ending in ?token=…",
    .appRepeatedHeader: "The request sends {1} more than once, which could be read two ways; send it once.",
    .appWrongHost: "This diary answers only at its own address ({1}); open the address `ilgi serve` printed.",
    .appCrossSite: "A page of another site asked for this; open the diary at its own address instead.",
    .appWriteHeader: "A change must come from the diary's own page (the {1} header); reload the page and try again.",
    .appWriteOrigin: "A change must come from a page of this server (its Origin); open the diary at its own address.",
    .appWriteType: "A change is sent as JSON (Content-Type: application/json); reload the page and try again.",
    .appTooLarge: "What was sent is larger than {1}; make the entry shorter, or split it in two.",
    .appFilesTooLarge: "What was sent is larger than {1}; send smaller files, or fewer at once.",
    .appNotShared: "Nothing was shared: send a title, a text, a link or photos, as a phone's share sheet does.",
    .appSharedUntitled: "Shared photos",
    .appNotJSON: "What was sent is not a JSON object; reload the page and try again.",
    .appMissingFields: "This request needs {1} in its JSON body; if a page sent it, reload the page.",
    .appBadCoordinates:
      "The location is not in degrees (latitude -90 to 90, longitude -180 to 180); try the button again.",
    .appOccupied: "{1} is back in its place already; move that file away, then undo again.",
    .appReadOnly: "This server only reads (ilgi serve --read-only); run ilgi serve without --read-only to write.",
    .appStopping: "The server is stopping; nothing was done. Send it again once ilgi serve runs again.",
    .appFailed:
      "Something went wrong on the server, which printed what in its terminal; try again, and look there if it happens again.",
    .appSearchProblem: "The search cannot be run: {1}",
  ]
}
