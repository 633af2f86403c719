import Foundation
import IlgiFormat

/// What the journal's layout says of a folder on disk.
extension JournalLayout {
  /// The first of `ownPaths` in the journal at `root` that is a link, if any.
  public static func linkedOwnPath(root: String) -> String? {
    ownPaths.first { path in
      var info = stat()
      return lstat(root + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }
  }

  /// The journal a folder lies inside: the nearest folder above `path` that holds `.ilgi/`,
  /// when `path` itself holds none; nil otherwise.
  public static func enclosingJournal(of path: String) -> String? {
    func isJournal(_ folder: String) -> Bool {
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: folder + "/.ilgi", isDirectory: &isFolder) && isFolder.boolValue
    }
    var folder = URL(fileURLWithPath: path).standardizedFileURL.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue, !isJournal(folder)
    else { return nil }
    while folder != "/" && !folder.isEmpty {
      folder = (folder as NSString).deletingLastPathComponent
      if isJournal(folder) { return folder }
    }
    return nil
  }
}
