import ArgumentParser
import Foundation
import IlgiStore
import IlgiSystem

extension Ilgi {
  /// `ilgi config [list | get | set | unset]`.
  struct Config: ParsableCommand {
    static var configuration: CommandConfiguration {
      .localized(Self.self) {
        CommandConfiguration(
          commandName: "config",
          abstract: tr(.configAbstract), discussion: helpText(.configDiscussion),
          subcommands: [ListSettings.self, Get.self, Set.self, Unset.self], defaultSubcommand: ListSettings.self)
      }
    }

    struct ListSettings: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "list", abstract: tr(.configListAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Flag(help: ArgumentHelp(tr(.configJSONHelp)))
      var json = false

      func run() throws {
        let context = Context(global)
        if json {
          var object: [String: Any] = [:]
          for key in ConfigKey.allCases {
            guard let (value, source) = context.settings.resolved(key) else {
              object[key.rawValue] = NSNull()
              continue
            }
            let shown: Any
            switch value {
            case .string(let text): shown = key.isSecret ? "***" : text
            case .number(let number): shown = number
            case .bool(let flag): shown = flag
            }
            object[key.rawValue] = [
              "value": shown, "source": Diagnostics.describe(source), "scope": key.isDeviceOnly ? "device" : "journal",
            ]
          }
          if let file = context.settings.globalFile {
            for (name, folder) in file.journals {
              object[ConfigFile.journalKey(name)] = [
                "value": folder, "source": Diagnostics.describe(Settings.Source.globalFile(file.path)),
                "scope": "device",
              ]
            }
          }
          let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
          Terminal.standardOutput.write(String(decoding: data, as: UTF8.self) + "\n")
          return
        }
        let width = ConfigKey.allCases.map(\.rawValue.count).max() ?? 0
        var out = ""
        // The journal's settings first, then this device's own: a reader sees which file may
        // set what.
        for (index, deviceOnly) in [false, true].enumerated() {
          out +=
            (index == 0 ? "" : "\n") + context.paint.dim("# " + tr(deviceOnly ? .configDeviceKeys : .configJournalKeys))
            + "\n"
          for key in ConfigKey.allCases where key.isDeviceOnly == deviceOnly { out += line(key, width: width, context) }
        }
        if let file = context.settings.globalFile, !file.journals.isEmpty {
          out += "\n" + context.paint.dim("# " + tr(.configJournalNames)) + "\n"
          for (name, folder) in file.journals.sorted(by: { $0.key < $1.key }) {
            out += "\(ConfigFile.journalKey(name)) = \(ConfigValue.string(folder).toml)  "
            out += context.paint.dim("# " + Diagnostics.describe(Settings.Source.globalFile(file.path))) + "\n"
          }
        }
        Terminal.standardOutput.write(out)
      }

      /// One key's line: its value and where it comes from, or that it is not set.
      private func line(_ key: ConfigKey, width: Int, _ context: Context) -> String {
        let paint = context.paint
        let name = key.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
        guard let (value, source) = context.settings.resolved(key) else {
          return paint.dim("\(name)   # \(tr(.configNotSet, key.rawValue))") + "\n"
        }
        let shown = key.isSecret ? tr(.configSecretSet) : value.toml
        return "\(name) = \(shown)  \(paint.dim("# " + Diagnostics.describe(source)))\n"
      }
    }

    struct Get: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "get", abstract: tr(.configGetAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.configKeyHelp), valueName: "key"))
      var key: String

      func run() throws {
        let context = Context(global)
        if let name = try Config.journalName(self.key) {
          guard let folder = context.settings.globalFile?.journals[name] else {
            throw Failure(tr(.configNotSet, ConfigFile.journalKey(name)))
          }
          Terminal.standardOutput.write(folder + "\n")
          return
        }
        let key = try Config.key(self.key)
        guard let (value, _) = context.settings.resolved(key) else {
          throw Failure(tr(.configNotSet, key.rawValue))
        }
        Terminal.standardOutput.write((key.isSecret ? tr(.configSecretSet) : value.description) + "\n")
      }
    }

    struct Set: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "set", abstract: tr(.configSetAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.configKeyHelp), valueName: "key"))
      var key: String

      @Argument(help: ArgumentHelp(tr(.configValueHelp), valueName: "value"))
      var value: String

      @Flag(name: .customLong("global"), help: ArgumentHelp(tr(.configGlobalHelp)))
      var inGlobalFile = false

      func run() throws {
        let context = Context(global, reportsSettings: false)
        if let name = try Config.journalName(self.key) { return try setJournal(name, context) }
        let key = try Config.key(self.key)
        if key == .journal && !inGlobalFile {
          throw Failure(tr(.configJournalOnlyGlobal, key.rawValue), status: ExitStatus.usage)
        }
        let parsed: ConfigValue
        switch key.parse(value) {
        case .success(let good): parsed = good
        case .failure(let problem): throw Diagnostics.describe(ConfigError.invalidValue(problem))
        }
        // A device's own key is never written where a journal's file would ignore it.
        let global = inGlobalFile || key.isDeviceOnly
        let path = try Config.file(context, global: global, making: true)
        let file = try Config.load(path, journal: !global)
        let edited = try Config.run { () throws(ConfigError) in try file.setting(key, to: parsed) }
        try Config.write(edited.text, to: path)
        let shown = key.isSecret ? tr(.configSecretSet) : parsed.toml
        let done = tr(.configSet, key.rawValue, shown, context.display(path))
        Terminal.standardOutput.write(
          (key.isDeviceOnly && !inGlobalFile ? tr(.configSetDeviceOnly, done) : done) + "\n")
      }

      /// `journals.NAME`: a name for `-J`, kept in the global file alone (a journal's own file
      /// travels with it to other devices, where its folders mean nothing).
      private func setJournal(_ name: String, _ context: Context) throws {
        guard inGlobalFile else {
          throw Failure(tr(.configJournalOnlyGlobal, ConfigFile.journalKey(name)), status: ExitStatus.usage)
        }
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
          throw Failure(tr(.configJournalFolderEmpty, ConfigFile.journalKey(name)), status: ExitStatus.usage)
        }
        let path = Settings.globalPath(variables: context.variables)
        let file = try Config.load(path, journal: false)
        let edited = try Config.run { () throws(ConfigError) in try file.settingJournal(name, to: value) }
        try Config.write(edited.text, to: path)
        let done = tr(.configSet, ConfigFile.journalKey(name), ConfigValue.string(value).toml, context.display(path))
        Terminal.standardOutput.write(done + "\n")
      }
    }

    struct Unset: ParsableCommand {
      static var configuration: CommandConfiguration {
        .localized(Self.self) {
          CommandConfiguration(commandName: "unset", abstract: tr(.configUnsetAbstract))
        }
      }

      @OptionGroup var global: GlobalOptions

      @Argument(help: ArgumentHelp(tr(.configKeyHelp), valueName: "key"))
      var key: String

      @Flag(name: .customLong("global"), help: ArgumentHelp(tr(.configGlobalHelp)))
      var inGlobalFile = false

      func run() throws {
        let context = Context(global, reportsSettings: false)
        if let name = try Config.journalName(self.key) {
          let path = Settings.globalPath(variables: context.variables)
          let file = try Config.load(path, journal: false)
          guard let edited = try Config.run({ () throws(ConfigError) in try file.removingJournal(name) }) else {
            throw Failure(tr(.configNotSet, ConfigFile.journalKey(name)) + " (\(context.display(path)))")
          }
          try Config.write(edited.text, to: path)
          Terminal.standardOutput.write(tr(.configUnset, ConfigFile.journalKey(name), context.display(path)) + "\n")
          return
        }
        let key = try Config.key(self.key)
        // A device's own key is unset where it is set: the global file, or a journal's file that
        // still holds it (where it is ignored, and warned about until it is removed).
        var global = inGlobalFile || key.isDeviceOnly
        if key.isDeviceOnly, !inGlobalFile, let journal = try? Config.file(context, global: false),
          let file = try? ConfigFile.load(path: journal, isJournalConfig: true), file.line(of: key) != nil
        {
          global = false
        }
        let path = try Config.file(context, global: global)
        let file = try Config.load(path, journal: !global)
        guard let edited = try Config.run({ () throws(ConfigError) in try file.removing(key) }) else {
          throw Failure(tr(.configNotSet, key.rawValue) + " (\(context.display(path)))")
        }
        try Config.write(edited.text, to: path)
        Terminal.standardOutput.write(tr(.configUnset, key.rawValue, context.display(path)) + "\n")
      }
    }

    /// The name in `journals.NAME`, or nil for any other key. A name is one TOML key: not empty,
    /// no dot, no control character or space at its ends.
    static func journalName(_ text: String) throws -> String? {
      let text = text.trimmingCharacters(in: .whitespaces)
      let prefix = ConfigFile.journalsTable + "."
      guard text.lowercased().hasPrefix(prefix) || text.lowercased() == ConfigFile.journalsTable else { return nil }
      let name = String(text.dropFirst(prefix.count))
      // No quote or backslash either: the file's keys are read back without unescaping them.
      guard text.count > prefix.count, !name.contains(where: { ".\"'\\".contains($0) }),
        name == name.trimmingCharacters(in: .whitespaces),
        !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw Failure(tr(.configJournalName, text), status: ExitStatus.usage)
      }
      return name
    }

    static func key(_ text: String) throws -> ConfigKey {
      guard let key = ConfigKey(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
        throw Diagnostics.describe(ConfigError.unknownKey(text))
      }
      return key
    }

    /// The file `set`/`unset` change: the global one, or the journal's (the journal opened,
    /// and made if it is the default one and `making`).
    static func file(_ context: Context, global: Bool, making: Bool = false) throws -> String {
      if global { return Settings.globalPath(variables: context.variables) }
      let store = try context.openJournal(making: making)
      return Settings.journalPath(root: store.root)
    }

    /// The file's current contents, or an empty file; a file that is not TOML is refused.
    static func load(_ path: String, journal: Bool) throws -> ConfigFile {
      try run { () throws(ConfigError) -> ConfigFile in
        if let file = try ConfigFile.load(path: path, isJournalConfig: journal) { return file }
        return try ConfigFile(path: path, text: "", isJournalConfig: journal)
      }
    }

    static func run<T>(_ body: () throws(ConfigError) -> T) throws -> T {
      do throws(ConfigError) {
        return try body()
      } catch {
        throw Diagnostics.describe(error)
      }
    }

    static func write(_ text: String, to path: String) throws {
      do throws(FileSystemError) {
        try LocalFileSystem().writeAtomicallyMakingFolder(Array(text.utf8), toPath: path)
      } catch {
        throw Diagnostics.describe(JournalError(path: path, reason: .io(error)))
      }
    }
  }
}
