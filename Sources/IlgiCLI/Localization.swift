import IlgiCore

/// The catalog the CLI speaks from: set once at start-up from `--locale`, config and the
/// locale variables (so `--help` is in the person's language too), and again by `Context`.
enum Localization {
  // Written before parsing and by `Context.init`, both on the main thread before any other
  // work starts; read afterwards.
  nonisolated(unsafe) static var catalog = Catalog(.english)
}

/// The text for `key` in the person's language, with `{1}`, `{2}`... filled from `arguments`.
func tr(_ key: Message, _ arguments: any CustomStringConvertible...) -> String {
  Localization.catalog.text(key, arguments.map(\.description))
}
