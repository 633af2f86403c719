/// The key of every text ilgi shows a person: messages, prompts, labels and help.
///
/// Each key has a text in `Catalog.english` and `Catalog.korean` (a test checks both, and
/// that their `{1}`, `{2}` placeholders agree).
public enum Message: String, Sendable, CaseIterable {
  // General
  case prefixWarning
  case prefixNotice
  case untitled

  // Config
  case configSyntax
  case configUnknownKey
  case configWrongType
  case configNotInJournal
  case configUnknownKeyArgument
  case configInvalidValue
  case configUneditable
  case configJournalOnlyGlobal
  case configSet
  case configUnset
  case configNotSet
  case configSecretSet
  case configSourceFlag
  case configSourceEnvironment
  case configSourceJournal
  case configSourceGlobal
  case configSourceDefault
  case configAbstract
  case configDiscussion
  case configListAbstract
  case configGetAbstract
  case configSetAbstract
  case configUnsetAbstract
  case configKeyHelp
  case configValueHelp
  case configGlobalHelp
  case configJSONHelp

  // Weather
  case weatherUnreachable
  case weatherTimedOut
  case weatherHTTPStatus
  case weatherRejectedKey
  case weatherMalformed
  case weatherTooLarge
  case weatherPlaceNotFound
  case weatherNotConfigured
  case weatherNoPlace
  case weatherNoKey
  case weatherSkipped
  case weatherAbstract
  case weatherFillAbstract
  case weatherFillDiscussion
  case weatherFillNothing
  case weatherFillConfirm
  case weatherFillDone
  case weatherFillMissing
  case weatherFillNeedsYes
  case weatherFillDryRunHelp
  case weatherFillYesHelp
  case weatherFillWould
  case weatherNowAbstract
  case newWeatherHelp
  case newNoWeatherHelp
  case newWeatherConflict
}
