import IlgiTestSupport

/// A well-formed entry for fixtures.
func entry(_ id: String, _ date: String, _ title: String, body: String = "Body text.", extra: String = "") -> String {
  "---\nid: \(id)\ndate: \(date)\n\(extra)---\n\(title)\n\n\(body)\n"
}
