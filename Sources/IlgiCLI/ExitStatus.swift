/// The exit codes ilgi uses; documented in the README and `ilgi --help`.
public enum ExitStatus {
  /// Everything asked for was done.
  public static let success: Int32 = 0
  /// The command failed; the message says why. Nothing was changed on disk.
  public static let failure: Int32 = 1
  /// The command line was wrong (unknown option, bad value).
  public static let usage: Int32 = 64
  /// A file's contents could not be read as an entry (bad front matter, not UTF-8, binary).
  public static let badData: Int32 = 65
  /// No entry, draft or file matches what was named.
  public static let noSuchEntry: Int32 = 66
  /// What the command needs of the system is not there (no systemd or cron for `remind`), or a
  /// reminder reached nowhere.
  public static let unavailable: Int32 = 69
  /// The operating system refused a read or write (permissions, full disk).
  public static let ioError: Int32 = 74
}

/// A failure the CLI reports as one line and an exit status.
struct Failure: Error {
  /// The line after `ilgi: `; names the file or value and says what to do.
  var message: String
  /// The process exit status.
  var status: Int32

  init(_ message: String, status: Int32 = ExitStatus.failure) {
    self.message = message
    self.status = status
  }
}
