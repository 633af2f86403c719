import ArgumentParser
import Foundation
import IlgiFormat
import IlgiIndex
import IlgiStore
import IlgiStrings
import IlgiSync
import IlgiSystem
import IlgiWeather

/// Every error a command can end with, in the person's words: one line that names the file or
/// value and says what to do, and the exit status that goes with it (see `ExitStatus`).
///
/// Commands throw the core's typed errors as they come; `IlgiCommandLine` hands whatever ends
/// a run to `failure(for:)`. Commands that know more (which file, which step) throw a
/// `Failure` of their own, which passes through unchanged.
enum Diagnostics {
  /// The line and exit status for `error`; nil for the argument parser's own errors, which
  /// it words itself (see `translated(_:)`).
  static func failure(for error: any Error) -> Failure? {
    switch error {
    case let failure as Failure: failure
    case let error as JournalError: describe(error)
    case let error as IndexError: Failure(tr(.errIndexFailed, error.path, error.message), status: ExitStatus.ioError)
    case let problem as SearchQuery.Problem:
      Failure(
        tr(.errSearch, describe(problem)), status: problem.kind == .tookTooLong ? ExitStatus.failure : ExitStatus.usage)
    case let error as ConfigError: describe(error)
    case let error as ImportError: describe(error)
    case let error as SyncError: describe(error)
    case let error as GitRepository.Failure: Failure(tr(.errGit, error.command, error.message))
    case let error as EntryReadError:
      describe(JournalError(path: error.path.rawValue, reason: .unreadable(error)))
    default: nil
    }
  }

  /// The argument parser's own words (headings, built-in options, `Error:`) in the person's
  /// language; the rest of its output already comes from the catalog.
  static func translated(_ text: String) -> String {
    guard Localization.catalog.language != .english else { return text }
    let english = Catalog(.english)
    var result = text
    let words: [Message] = [
      .apUsage, .apOptions, .apArguments, .apSubcommands, .apHelpSubcommand, .apHelp, .apVersion, .apSeeHelp,
      .apError, .apDefault, .apOverview, .apUsageShort, .apDefaultMark,
    ]
    for key in words {
      let (from, to) = (english.text(key, []), tr(key))
      // A word followed by a column (`list (default)   List entries`) keeps that column where
      // it was: the spaces after it make up the difference in width.
      let difference = Terminal.displayWidth(from) - Terminal.displayWidth(to)
      if difference != 0, let column = try? Regex(NSRegularExpression.escapedPattern(for: from) + " {2,}") {
        result = result.replacing(column) { match in
          let spaces = (match.output[0].substring?.count ?? from.count + 2) - from.count
          return from + String(repeating: " ", count: max(2, spaces + difference))
        }
      }
      result = result.replacingOccurrences(of: from, with: to)
    }
    return result.replacing(/See '([^']+)' for more information\./) { tr(.apSeeCommandHelp, $0.1) }
  }

  /// Runs a journal step and gives back its value, turning its error into one line.
  static func journalStep<T>(_ body: () throws(JournalError) -> T) throws -> T {
    do throws(JournalError) {
      return try body()
    } catch {
      throw describe(error)
    }
  }

  /// One line naming the file or value and what to do, with the matching exit status.
  static func describe(_ error: JournalError) -> Failure {
    switch error.reason {
    case .journalMissing:
      return Failure(tr(.errJournalMissing, error.path), status: ExitStatus.noSuchEntry)
    case .journalIsAFile:
      return Failure(tr(.errJournalIsFile, error.path))
    case .noSuchEntry(let selector):
      return Failure(tr(.errNoSuchEntry, selector), status: ExitStatus.noSuchEntry)
    case .ambiguous(let selector, let candidates):
      return Failure(
        tr(.errAmbiguous, selector, candidates.count, candidates.map(\.rawValue).joined(separator: ", ")))
    case .invalidSelector(let text):
      return Failure(tr(.errInvalidSelector, text), status: ExitStatus.usage)
    case .changedOnDisk(let kept):
      return Failure(tr(.errChangedOnDisk, error.path, kept))
    case .editInProgress(let draft):
      return Failure(tr(.errEditInProgress, error.path, draft))
    case .noEditToResume:
      return Failure(tr(.errNoEditToResume, error.path), status: ExitStatus.noSuchEntry)
    case .occupied:
      return Failure(tr(.errOccupied, error.path))
    case .unreadable(let readError):
      return Failure(describe(readError), status: ExitStatus.badData)
    case .io(let io):
      return Failure(tr(.errIO, operation(io.operation), io.path, io.reason.lowercased()), status: ExitStatus.ioError)
    case .template(let problem):
      return Failure(tr(.errTemplate, error.path, problem))
    case .sealingUnknown(let why):
      return Failure(tr(.errSealingUnknown, error.path, why), status: ExitStatus.badData)
    case .blankText:
      return Failure(tr(.errBlankText, error.path), status: ExitStatus.usage)
    case .sealing(let why):
      return Failure(tr(.errSealing, error.path, why))
    case .notARecipient(let recipient):
      return Failure(tr(.errNotARecipient, error.path, recipient), status: ExitStatus.noSuchEntry)
    case .unsafeMemoryFolder(let why):
      let what: String
      switch why {
      case .link: what = tr(.memoryFolderLink)
      case .notAFolder: what = tr(.memoryFolderNotAFolder)
      case .otherOwner(let uid): what = tr(.memoryFolderOwner, Int(uid))
      case .open(let mode): what = tr(.memoryFolderOpen, String(mode, radix: 8))
      case .io(let io): what = io.reason.lowercased()
      case .onDisk: what = tr(.memoryFolderOnDisk)
      }
      return Failure(tr(.errUnsafeMemoryFolder, error.path, what), status: ExitStatus.ioError)
    case .throughLink(let link):
      return Failure(tr(.errThroughLink, error.path, link), status: ExitStatus.badData)
    case .ownFileLinked(let link):
      return Failure(tr(.errOwnFileLinked, error.path, link), status: ExitStatus.badData)
    }
  }

  /// A change of the journal's recipients this device has not accepted: the keys it adds and
  /// removes, and what this device seals to meanwhile.
  static func describe(_ change: JournalSealing.PendingChange) -> String {
    let keys = change.added.map { "+ " + $0.shown } + change.removed.map { "- " + $0.shown }
    return tr(.recipientsPending, keys.joined(separator: ", "), change.accepted.count)
  }

  /// A file that could not be read as an entry: what is wrong, then what to do.
  static func describe(_ error: EntryReadError) -> String {
    let path = error.path.rawValue
    switch error.reason {
    case .binary:
      return tr(.warningLine, tr(.readBinary, path), tr(.adviceConvert))
    case .invalidUTF8(let offset):
      return tr(.warningLine, tr(.readInvalidUTF8, path, offset), tr(.adviceConvert))
    case .tooLarge(let size, let limit):
      let sizes = (EntryReadError.megabytes(size), EntryReadError.megabytes(Int64(limit)))
      return tr(.warningLine, tr(.readTooLarge, path, sizes.0, sizes.1), tr(.adviceSplit))
    case .frontMatter(let problem):
      return tr(.warningLine, tr(.readFrontMatter, path, problem.position, describe(problem)), tr(.adviceFixLine))
    case .unreadable(let io):
      return tr(.warningLine, tr(.readUnreadable, path, io.reason.lowercased()), tr(.adviceCheckPermissions))
    case .undecryptable(let why):
      return tr(.warningLine, tr(.readUndecryptable, path, why), tr(.adviceCheckKey))
    case .linksOutside(let target):
      return tr(.warningLine, tr(.readLinksOutside, path, target), tr(.adviceLinkOutside))
    }
  }

  /// What is wrong with a front matter, in words.
  static func describe(_ error: FrontMatterError) -> String {
    switch error.problem {
    case .unclosed: tr(.fmUnclosed)
    case .invalidYAML(let reason): tr(.fmInvalidYAML, reason)
    case .notAMapping: tr(.fmNotAMapping)
    case .wrongType(let key, let expected): tr(.fmWrongType, key, expected)
    case .loneCarriageReturn: tr(.fmLoneCarriageReturn)
    case .notEditableInPlace(let key): tr(.fmNotEditableInPlace, key)
    }
  }

  /// What is wrong with a search, in words that say what to fix.
  static func describe(_ problem: SearchQuery.Problem) -> String { problem.text(Localization.catalog) }

  /// A note the index stored about an entry (`ilgi doctor`).
  static func describe(note: String) -> String {
    switch EntryNote(encoded: note) {
    case .dateNotADate(let text): tr(.noteDateNotADate, text)
    case .dateNotSingle: tr(.noteDateNotSingle)
    case .conflictMarkers: tr(.noteConflictMarkers)
    case .unsettled: tr(.noteUnsettled)
    case .none: note
    }
  }

  /// Why the index was made anew.
  static func describe(_ notice: IndexNotice) -> String {
    switch notice {
    case .replacedUnopenable(let path): tr(.noticeIndexReplaced, path)
    case .rebuiltOtherVersion: tr(.noticeIndexOtherVersion)
    case .rebuiltDamaged(let path): tr(.noticeIndexDamaged, path)
    case .keptForOtherKeys(let path): tr(.noticeIndexOtherKeys, path)
    }
  }

  /// An operating-system action named in an I/O error.
  static func operation(_ name: String) -> String {
    switch name {
    case "read": tr(.ioRead)
    case "write": tr(.ioWrite)
    case "list": tr(.ioList)
    case "move": tr(.ioMove)
    case "remove": tr(.ioRemove)
    case "create": tr(.ioCreate)
    case "create folder": tr(.ioCreateFolder)
    case "inspect": tr(.ioInspect)
    case "change": tr(.ioChange)
    default: name
    }
  }

  /// One line for a setting that is ignored.
  static func describe(_ warning: ConfigWarning) -> String {
    let place = warning.line.map { "\(warning.source):\($0)" } ?? warning.source
    switch warning.problem {
    case .unknownKey(let key):
      return tr(.configUnknownKey, place, key)
    case .wrongType(let key, let found):
      return tr(.configWrongType, place, key.rawValue, shown(found, key), expected(key))
    case .notInJournalConfig(let key):
      return tr(.configNotInJournal, place, key.rawValue)
    }
  }

  /// A failure for a sync that stopped.
  static func describe(_ error: SyncError) -> Failure {
    switch error {
    case .busy(let operation): Failure(tr(.errSyncBusy, operation))
    case .conflict(let file):
      Failure(tr(EncryptedName.isEncrypted(file) ? .errSyncSealedConflict : .errSyncConflict, file))
    case .deletedConflict(let path): Failure(tr(.errSyncDeletedConflict, path))
    case .stashConflict(let path): Failure(tr(.errSyncStashConflict, path))
    case .unmerged(let path): Failure(tr(.doctorUnmerged, path))
    case .noRemote: Failure(tr(.errSyncNoRemote))
    case .otherBranch(let remote, let branch, let heads, let local):
      // The one branch the remote holds is named in the commands; of several, NAME stands in.
      Failure(
        tr(
          .errSyncOtherBranch, remote, branch, heads.joined(separator: ", "), heads.count == 1 ? heads[0] : "NAME",
          local))
    case .refused(let command, let line), .offline(let command, let line): Failure(tr(.errGit, command, line))
    case .journal(let journal): describe(journal)
    case .view(let other): failure(for: other) ?? Failure("\(other)")
    }
  }

  /// A failure for a config file or change that cannot be used.
  static func describe(_ error: ConfigError) -> Failure {
    switch error {
    case .syntax(let path, let line, let column, let message):
      return Failure(tr(.configSyntax, path, line, column, message), status: ExitStatus.badData)
    case .io(let io):
      return describe(JournalError(path: io.path, reason: .io(io)))
    case .unknownKey(let key):
      return Failure(
        tr(.configUnknownKeyArgument, key, ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")),
        status: ExitStatus.usage)
    case .invalidValue(let problem):
      if case .wrongType(let key, let found) = problem {
        return Failure(
          tr(.configInvalidValue, key.rawValue, shown(found, key), expected(key)), status: ExitStatus.usage)
      }
      return Failure(describe(ConfigWarning(source: "", line: nil, problem: problem)), status: ExitStatus.usage)
    case .uneditable(let path, let key):
      return Failure(tr(.configUneditable, path, key))
    }
  }

  /// What a key takes, in words: `a number`, `true or false`, `metric or imperial`.
  static func expected(_ key: ConfigKey) -> String {
    switch key.kind {
    case .string: return tr(.kindString)
    case .number: return tr(.kindNumber)
    case .bool: return tr(.kindBool)
    case .choice(let choices): return choices.joined(separator: tr(.kindOr))
    case .language: return Language.allCases.map(\.rawValue).joined(separator: tr(.kindOr))
    case .recipients: return "age1..."
    case .duration: return tr(.kindDuration)
    }
  }

  /// A value as a message shows it; secrets are never shown.
  static func shown(_ value: String, _ key: ConfigKey) -> String {
    key.isSecret ? "\"…\"" : "\"\(value)\""
  }

  /// Where a setting came from, in words.
  static func describe(_ source: Settings.Source) -> String {
    switch source {
    case .flag: tr(.configSourceFlag)
    case .environment(let name): tr(.configSourceEnvironment, name)
    case .journalFile(let path): tr(.configSourceJournal, path)
    case .globalFile(let path): tr(.configSourceGlobal, path)
    case .builtIn: tr(.configSourceDefault)
    }
  }

  /// One notice line for weather that could not be had.
  static func describe(_ error: WeatherError) -> String {
    switch error {
    case .unreachable(let host): tr(.weatherUnreachable, host)
    case .noHTTPLibrary: tr(.weatherNoHTTPLibrary)
    case .timedOut(let host, let seconds): tr(.weatherTimedOut, host, String(format: "%g", seconds))
    case .httpStatus(let host, let code): tr(.weatherHTTPStatus, host, code)
    case .rejectedKey(let host): tr(.weatherRejectedKey, host)
    case .malformed(let host): tr(.weatherMalformed, host)
    case .tooLarge(let host): tr(.weatherTooLarge, host)
    case .placeNotFound(let name): tr(.weatherPlaceNotFound, name)
    case .notConfigured(.key): tr(.weatherNoKey)
    case .notConfigured(.place): tr(.weatherNoPlace)
    }
  }

  /// One line naming the place and what is wrong there.
  static func describe(_ error: ImportError) -> Failure {
    let problem: String
    switch error.problem {
    case .missing: problem = tr(.impMissing)
    case .unreadable(let reason): problem = tr(.impUnreadable, reason)
    case .notText: problem = tr(.impNotText)
    case .noEntries: problem = tr(.impNoEntries)
    case .textBeforeFirstEntry: problem = tr(.impTextBefore)
    case .badJrnlDate(let text, let format): problem = tr(.impBadJrnlDate, text, format)
    case .badTimeFormat(let format): problem = tr(.impBadTimeFormat, format)
    case .invalidJSON(let reason): problem = tr(.impInvalidJSON, reason)
    case .wrongType(let expected): problem = tr(.impWrongType, expected)
    case .missingKey(let key): problem = tr(.impMissingKey, key)
    case .badDate(let text): problem = tr(.impBadDate, text)
    case .unknownTimeZone(let name): problem = tr(.impUnknownZone, name)
    case .badID(let text): problem = tr(.impBadID, text)
    case .missingPhoto(let name): problem = tr(.impMissingPhoto, name)
    case .badZip(let reason): problem = tr(.impBadZip, reason)
    case .wrongKind(let expectedFolder): problem = tr(expectedFolder ? .impWantFolder : .impWantFile)
    case .unknownFormat:
      // Not a problem in the file, but a format to name: its own sentence.
      return Failure(tr(.errImportGuess, error.location), status: ExitStatus.usage)
    }
    let status: Int32
    switch error.problem {
    case .missing: status = ExitStatus.noSuchEntry
    case .badTimeFormat: status = ExitStatus.usage
    case .unreadable: status = ExitStatus.ioError
    default: status = ExitStatus.badData
    }
    return Failure(tr(.errImport, error.location, problem), status: status)
  }
}
