import Foundation

/// The private folder in memory where an encrypted journal's drafts are kept, so no draft's
/// text reaches the disk: under `$XDG_RUNTIME_DIR` (a tmpfs the login owns), else
/// `/dev/shm/ilgi-UID`; one folder per journal; made owner-only when first needed. It is gone
/// when the machine restarts.
public enum MemoryFolder {
  /// The drafts folder for the journal at `root`.
  public static func drafts(for root: String, variables: [String: String]) -> String {
    var hash = StableHash()
    hash.add(root)
    let name = "drafts-" + String(hash.value, radix: 16)
    if let runtime = variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), LocalFileSystem().exists(atPath: runtime) {
      return runtime + "/ilgi/" + name
    }
    return "/dev/shm/ilgi-\(getuid())/" + name
  }
}
