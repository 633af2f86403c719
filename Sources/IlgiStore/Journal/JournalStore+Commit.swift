import IlgiFormat
import IlgiSystem

extension JournalStore {
  /// The commit message for `action` on `entry`: its day and title, or its day alone in an
  /// encrypted journal, whose history must not carry what its files hide.
  public func commitMessage(_ action: String, _ entry: Entry) -> String {
    GitRepository.message(action, entry.date, sealing.mustSeal ? "" : entry.title)
  }
}
