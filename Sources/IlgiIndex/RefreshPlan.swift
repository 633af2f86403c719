import IlgiFormat
import IlgiStore
import IlgiSystem

/// What a refresh of the index has to do, worked out from what the index stored and what a
/// walk of the journal found, before anything is read or written: which files to read, which
/// rows vanished, which moved, and which files are still as bad as they were.
///
/// Pure: it takes the index's state as plain values (and a way to ask for the rows of some
/// folders), so it is tested without SQLite. `EntryIndex.refresh` reads the state, makes the
/// plan, reads the files it names and hands all of it to `IndexWriter`.
struct RefreshPlan {
  /// A file the index has a row for.
  struct Known: Equatable {
    var rowid: Int64
    var signature: FileSignature
    var hash: Int64
  }

  /// A file the index stored as unreadable: its signature then, and why (`EntryReadError`'s
  /// encoding).
  struct StoredProblem: Equatable {
    var signature: FileSignature
    var reason: String
  }

  /// What the index stored: the digest of each folder and the unreadable files (empty for a
  /// rebuild, which knows nothing).
  struct Stored {
    var folders: [PathKey: Int64]
    var problems: [String: StoredProblem]
  }

  /// A file that moved: the same inode, size and time under a new path.
  struct Move: Equatable {
    var from: String
    var to: JournalPath
    var signature: FileSignature
  }

  /// Folders whose digest changed (or that are new), to store with their new digests.
  private(set) var changedFolders: [JournalStore.FolderDigest] = []
  /// Folders the index knew that are gone.
  private(set) var goneFolders: [String] = []
  /// Files to read: new, changed, or no longer as they were when they could not be read.
  private(set) var toRead: [(path: JournalPath, signature: FileSignature)] = []
  /// The rows of changed files, by path.
  private(set) var previous: [PathKey: Known] = [:]
  /// Rows whose files are gone.
  private(set) var vanished: [PathKey: Known] = [:]
  /// Stored problems whose files are gone or changed.
  private(set) var vanishedProblems: [String] = []
  /// Files that moved, with the row they keep.
  private(set) var moves: [Move] = []
  /// Stored problems whose files are unchanged: still bad, not read again.
  private(set) var stillBad: [EntryReadError] = []
  /// Whether the index held nothing before (a first fill, or a rebuild).
  private(set) var startsEmpty = false

  /// Compares `stored` with `walk`. `knownFiles` gives the rows of the folders named (of
  /// every folder when nil); only the folders whose digest changed are asked for. `decode`
  /// turns a stored problem back into its error; one it cannot decode is read again.
  init(
    stored: Stored, walk: JournalStore.Walk, knownFiles: ([String]?) throws -> [PathKey: Known],
    decode: (JournalPath, String) -> EntryReadError?
  ) rethrows {
    compareFolders(stored: stored, walk: walk)
    let looked = Set((changedFolders.map(\.path) + goneFolders).map(PathKey.init))

    var unseen = try knownFiles(stored.folders.isEmpty ? nil : changedFolders.map(\.path) + goneFolders)
    // A problem in a folder that did not change is still there, unchanged.
    var unseenProblems: [String: StoredProblem] = [:]
    for (path, problem) in stored.problems {
      if stored.folders.isEmpty || looked.contains(PathKey(JournalPath.folder(of: path))) {
        unseenProblems[path] = problem
      } else if let known = decode(JournalPath(path), problem.reason) {
        stillBad.append(known)
      }
    }
    startsEmpty = stored.folders.isEmpty && unseen.isEmpty && stored.problems.isEmpty

    // Every path seen is taken out of `unseen`; what is left there has vanished.
    for (path, signature) in walk.files {
      let key = PathKey(path.rawValue)
      if let entry = unseen.removeValue(forKey: key) {
        if entry.signature != signature {
          toRead.append((path, signature))
          previous[key] = entry
        }
      } else if let problem = unseenProblems.removeValue(forKey: path.rawValue), problem.signature == signature,
        let known = decode(path, problem.reason)
      {
        stillBad.append(known)
      } else {
        toRead.append((path, signature))
      }
    }
    vanished = unseen
    vanishedProblems = Array(unseenProblems.keys)

    findMoves()
  }

  /// Sets `changedFolders` to the walked folders whose digest is not the stored one, and
  /// `goneFolders` to the stored folders the walk shows are gone.
  private mutating func compareFolders(stored: Stored, walk: JournalStore.Walk) {
    var walked = Set<PathKey>(minimumCapacity: walk.folders.count)
    for folder in walk.folders {
      let key = PathKey(folder.path)
      walked.insert(key)
      if stored.folders[key] != folder.digest { changedFolders.append(folder) }
    }
    // A whole walk saw every folder there is; a walk of some folders says which of them are gone.
    let gone: (PathKey) -> Bool =
      if let missing = walk.missing {
        { key in
          missing.contains { folder in
            folder.isEmpty || key == PathKey(folder) || key.text.utf8.starts(with: (folder + "/").utf8)
          }
        }
      } else {
        { _ in true }
      }
    goneFolders = stored.folders.keys.filter { !walked.contains($0) && gone($0) }.map(\.text)
  }

  /// Takes out of `toRead` the new paths with the inode, size and time of a vanished one, which
  /// are the same file moved, and puts them in `moves`, where each keeps its row.
  private mutating func findMoves() {
    guard !self.vanished.isEmpty else { return }
    var bySignature: [FileSignature: String] = [:]
    for (path, entry) in self.vanished { bySignature[entry.signature] = path.text }
    var moves: [Move] = []
    var vanished = self.vanished
    let previous = self.previous
    toRead.removeAll { path, signature in
      guard previous[PathKey(path.rawValue)] == nil, let from = bySignature[signature] else { return false }
      bySignature[signature] = nil
      vanished[PathKey(from)] = nil
      moves.append(Move(from: from, to: path, signature: signature))
      return true
    }
    self.moves = moves
    self.vanished = vanished
  }

  /// Whether the index is already up to date with the walk.
  var changesNothing: Bool {
    toRead.isEmpty && vanished.isEmpty && vanishedProblems.isEmpty && moves.isEmpty && changedFolders.isEmpty
      && goneFolders.isEmpty
  }
}
