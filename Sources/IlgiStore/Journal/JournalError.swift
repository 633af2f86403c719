import Foundation
import IlgiFormat
import IlgiSystem

/// A journal-level failure, with the path it concerns.
public struct JournalError: Error, Sendable, Equatable {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// No folder at the journal path.
    case journalMissing
    /// The journal path is a file.
    case journalIsAFile
    /// No entry matches the selector.
    case noSuchEntry(selector: String)
    /// Several entries match; their paths.
    case ambiguous(selector: String, candidates: [JournalPath])
    /// The selector is not one of the accepted forms.
    case invalidSelector(String)
    /// The file changed on disk while it was being edited; the kept copy is at `keptAt`.
    case changedOnDisk(keptAt: JournalPath)
    /// Another edit of the entry is open, or an earlier one was interrupted; its copy is `draft`.
    case editInProgress(draft: JournalPath)
    /// `edit --resume` found no kept copy of the entry.
    case noEditToResume
    /// Restoring would replace a file that is there now.
    case occupied
    /// A file could not be read as an entry.
    case unreadable(EntryReadError)
    /// The operating system refused.
    case io(FileSystemError)
    /// A template could not be parsed or rendered.
    case template(String)
    /// Whether the journal is encrypted cannot be told (`JournalSealing`): nothing is written.
    case sealingUnknown(String)
    /// An entry's text is blank: emptying an entry is deleting it, which asks first.
    case blankText
    /// A file could not be sealed to the journal's recipients.
    case sealing(String)
    /// This device's key (its recipient) is not one of the journal's recipients: what it
    /// sealed it could not open again, so nothing is written.
    case notARecipient(String)
    /// The folder in memory for an encrypted journal's drafts is not this account's alone.
    case unsafeMemoryFolder(MemoryFolder.Unsafe)
    /// The path goes through a link (the folder or file named): nothing is written through one,
    /// which could lead out of the journal or into `.git`, and no link is replaced by a file.
    case throughLink(String)
    /// One of ilgi's own folders or files (`.ilgi/trash`, `.ilgi/cache/uploads`, ...) is a link:
    /// the journal is not opened until it is removed.
    case ownFileLinked(String)
  }

  /// The journal root, or the entry path, the error concerns.
  public var path: String
  /// What went wrong.
  public var reason: Reason

  /// Makes an error.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }
}
