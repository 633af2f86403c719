import Foundation
import IlgiFormat
import IlgiStore
import IlgiStrings

/// The settings of one run, read once: the global config, the journal it and the flags name,
/// that journal's own config, and the language they choose.
///
/// `IlgiCommandLine` reads them before parsing the command line (so `--help` speaks the
/// person's language), with `--journal` and `--locale` picked out of the raw arguments; the
/// command's `Context` takes them over when its parsed flags say the same.
struct LoadedSettings: Sendable {
  /// Every setting in effect: flags, `ILGI_*`, the journal's config, the global config.
  var settings: Settings
  /// The journal path and whether it is the default one (which may be made on first use).
  var journal: (path: String, isDefault: Bool)
  /// A line for each config file that is not TOML (left out of `settings`).
  var unreadable: [String]
  /// The folder named, when it is inside the journal that `journal` names instead.
  var inside: String?
  /// The `--journal` and `--locale` values these settings were read with.
  var flags: Flags
  /// The locale messages and dates follow.
  var locale: Locale

  /// `--journal` and `--locale` as given.
  struct Flags: Equatable, Sendable {
    var journal: String?
    var locale: String?
  }

  /// The language messages are in.
  var language: Language { Language(localeIdentifier: locale.identifier) }

  /// Reads the global config, picks the journal (flag, `ILGI_JOURNAL`, the global `journal`
  /// key, else `~/ilgi`), then reads the journal's own config. Files that are not TOML are
  /// left out and come back as one line each in `unreadable`.
  static func load(_ flags: Flags, in invocation: Invocation) -> LoadedSettings {
    let variables = invocation.variables
    var unreadable: [String] = []
    func load(_ path: String, journal: Bool) -> ConfigFile? {
      do throws(ConfigError) {
        return try ConfigFile.load(path: path, isJournalConfig: journal)
      } catch {
        unreadable.append(Diagnostics.describe(error).message)
        return nil
      }
    }
    let global = load(Settings.globalPath(variables: variables), journal: false)
    var flagValues: [ConfigKey: ConfigValue] = [:]
    if let locale = flags.locale, !locale.isEmpty { flagValues[.locale] = .string(locale) }
    var journal: (path: String, isDefault: Bool)
    // A name the global config gives a journal (`[journals]`, as jrnl's `journals:`) is that
    // folder; a folder of the same name is `./NAME`.
    func named(_ text: String) -> String { global?.journals[text].map(invocation.expand) ?? invocation.expand(text) }
    if let flag = flags.journal, !flag.isEmpty {
      journal = (named(flag), false)
    } else if let env = variables["ILGI_JOURNAL"], !env.isEmpty {
      journal = (named(env), false)
    } else if let configured = global?.values[.journal]?.string, !configured.isEmpty {
      journal = (invocation.expand(configured), false)
    } else {
      journal = ((variables["HOME"] ?? NSHomeDirectory()) + "/ilgi", true)
    }
    // A folder inside a journal names that journal, as a subfolder of a git work tree does.
    var inside: String?
    if !journal.isDefault, let enclosing = JournalLayout.enclosingJournal(of: journal.path) {
      inside = journal.path
      journal.path = enclosing
    }
    let own = load(Settings.journalPath(root: journal.path), journal: true)
    let settings = Settings(flags: flagValues, variables: variables, journalFile: own, globalFile: global)
    return LoadedSettings(
      settings: settings, journal: journal, unreadable: unreadable, inside: inside, flags: flags,
      locale: locale(settings.string(.locale), variables))
  }

  /// `--journal` (`-J`) and `--locale` as the raw arguments give them, before parsing.
  static func flags(in arguments: [String]) -> Flags {
    func value(_ names: [String]) -> String? {
      var found: String?
      for (offset, argument) in arguments.enumerated() {
        if argument == "--" { break }
        for name in names {
          if argument == name, offset + 1 < arguments.count { found = arguments[offset + 1] }
          if argument.hasPrefix(name + "=") { found = String(argument.dropFirst(name.count + 1)) }
        }
      }
      return found
    }
    return Flags(journal: value(["-J", "--journal"]), locale: value(["--locale"]))
  }

  /// The configured locale, else `LC_ALL`, `LC_MESSAGES`, `LANG`; `C`/`POSIX` and unset mean
  /// English.
  static func locale(_ configured: String?, _ variables: [String: String]) -> Locale {
    let candidates = [configured, variables["LC_ALL"], variables["LC_MESSAGES"], variables["LANG"]]
    for candidate in candidates {
      guard var value = candidate?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { continue }
      if let dot = value.firstIndex(of: ".") { value = String(value[..<dot]) }
      if let at = value.firstIndex(of: "@") { value = String(value[..<at]) }
      if value == "C" || value == "POSIX" { return Locale(identifier: "en_US") }
      if value.lowercased() == "ko" { return Locale(identifier: "ko_KR") }
      if value.lowercased() == "en" { return Locale(identifier: "en_US") }
      return Locale(identifier: value.replacingOccurrences(of: "-", with: "_"))
    }
    return Locale(identifier: "en_US")
  }
}

extension Invocation {
  /// The zone `TZ` names (`Asia/Seoul`, `:Asia/Seoul`), else the system's.
  var timeZone: TimeZone {
    if var name = variables["TZ"], !name.isEmpty {
      if name.hasPrefix(":") { name.removeFirst() }
      if let zone = TimeZone(identifier: name) { return zone }
    }
    return .current
  }

  /// The settings for `flags`: those read before parsing when they were read for the same
  /// flags, else read now.
  func settings(_ flags: LoadedSettings.Flags) -> LoadedSettings {
    if let loaded, loaded.flags == flags { return loaded }
    return LoadedSettings.load(flags, in: self)
  }

  /// `path` made absolute: `~` is `HOME`, and a relative path starts at the working folder.
  func expand(_ path: String) -> String {
    var result = path
    if result == "~" || result.hasPrefix("~/") {
      result = (variables["HOME"] ?? NSHomeDirectory()) + result.dropFirst()
    }
    if !result.hasPrefix("/") {
      result = directory + "/" + result
    }
    return (result as NSString).standardizingPath
  }
}
