extension Catalog {
  /// Every message in English.
  static let english: [Message: String] = [
    .prefixWarning: "warning",
    .prefixNotice: "note",
    .untitled: "(untitled)",

    .configSyntax: "{1}:{2}:{3}: not valid TOML ({4}); its settings are ignored until that line is fixed",
    .configUnknownKey: "{1}: unknown key `{2}`, ignored; see `ilgi config list` for the keys",
    .configWrongType: "{1}: `{2}` cannot be {3}; it takes {4}; the setting is ignored",
    .configNotInJournal:
      "{1}: `{2}` is read from the global config only (ilgi config set {2} PATH --global); ignored here",
    .configUnknownKeyArgument: "`{1}` is not a setting; the settings are: {2}",
    .configInvalidValue: "`{1}` cannot be {2}; it takes {3}",
    .configUneditable: "could not set `{2}` in {1} without changing other settings; edit that file by hand",
    .configJournalOnlyGlobal: "`journal` is a global setting; add --global",
    .configSet: "{1} = {2} (in {3})",
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

      Keys: journal, editor, locale, raw_html, weather.place, weather.latitude,
      weather.longitude, weather.provider (open-meteo, openweathermap), weather.key,
      weather.units (metric, imperial), weather.timeout, weather.enabled, weather.url,
      weather.archive_url, weather.geocoding_url, git.autocommit.

      Examples:
        ilgi config list
        ilgi config set weather.place Seoul
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

    .weatherUnreachable: "could not reach {1}; the entry is saved without weather",
    .weatherTimedOut: "{1} did not answer within {2} s; the entry is saved without weather",
    .weatherHTTPStatus: "{1} answered HTTP {2}; the entry is saved without weather",
    .weatherRejectedKey:
      "{1} refused the API key; check weather.key (or ILGI_WEATHER_KEY); the entry is saved without weather",
    .weatherMalformed: "{1} sent an answer ilgi cannot read; the entry is saved without weather",
    .weatherTooLarge: "{1} sent an answer far too large for a weather report; the entry is saved without weather",
    .weatherPlaceNotFound: "no place called `{1}` was found; set weather.place to another name, or weather.latitude and weather.longitude",
    .weatherNotConfigured: "{1}",
    .weatherNoPlace: "no weather place is set; set one with `ilgi config set weather.place Seoul` (or weather.latitude and weather.longitude)",
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
    .weatherFillConfirm: "Write the weather into {1} entries?",
    .weatherFillDone: "Filled the weather of {1} entries.",
    .weatherFillMissing: "{1} entries got no weather: the archive has no data for their hours.",
    .weatherFillNeedsYes: "filling {1} entries needs a yes; run on a terminal, or add --yes",
    .weatherFillDryRunHelp: "Print what would be written, and change nothing.",
    .weatherFillYesHelp: "Do not ask before changing many files.",
    .weatherFillWould: "{1}  weather: {2}",
    .weatherNowAbstract: "Print the current weather at the configured place.",
    .newWeatherHelp: "The weather, as text (instead of asking the weather service).",
    .newNoWeatherHelp: "Do not ask the weather service for this entry.",
    .newWeatherConflict: "choose either --weather or --no-weather",
  ]
}
