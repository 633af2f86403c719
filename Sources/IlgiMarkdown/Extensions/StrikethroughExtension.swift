import CCmark

/// Struck-through text, as GitHub Flavored Markdown writes it ("Strikethrough (extension)"):
/// `~~text~~` or `~text~`, a run of one or two tildes opening and a run of the same length
/// closing, by the flanking rules emphasis follows; longer runs are text.
struct StrikethroughExtension {
  /// A run of tildes that may open or close.
  private struct Delimiter {
    var node: OpaquePointer
    var length: Int
    var canOpen: Bool
    var canClose: Bool
  }

  /// Strikes through what the tildes of the document at `root` enclose.
  func apply(to root: OpaquePointer) {
    var containers: [OpaquePointer] = []
    Markdown.walk(root) { node, entering in
      if entering, let child = cmark_node_first_child(node), Self.isInline(cmark_node_get_type(child)),
        NodeMark.of(node) != .autolink
      {
        containers.append(node)
      }
      return true
    }
    for container in containers { strike(in: container) }
  }

  private static func isInline(_ type: cmark_node_type) -> Bool {
    type.rawValue >= CMARK_NODE_FIRST_INLINE.rawValue && type.rawValue <= CMARK_NODE_LAST_INLINE.rawValue
  }

  /// Matches the runs among the children of `container` and wraps what each pair encloses: a
  /// closer takes the nearest opener of its length, and the openers between are text then.
  /// The openers wait on a stack for each length, so matching is linear.
  private func strike(in container: OpaquePointer) {
    // Each opener with its place in the order of runs.
    var openers: [Int: [(place: Int, node: OpaquePointer)]] = [1: [], 2: []]
    for (place, delimiter) in split(container).enumerated() {
      if delimiter.canClose, let opener = openers[delimiter.length]?.last {
        guard let struck = ExtendedNode.strikethrough.make() else { return }
        cmark_node_insert_before(opener.node, struck)
        while let next = cmark_node_next(opener.node), next != delimiter.node { cmark_node_append_child(struck, next) }
        cmark_node_free(opener.node)
        cmark_node_free(delimiter.node)
        openers[delimiter.length]?.removeLast()
        // The openers after it are last on their stacks: taken off from the end, linearly.
        for length in [1, 2] {
          while let last = openers[length]?.last, last.place > opener.place { openers[length]?.removeLast() }
        }
        continue
      }
      if delimiter.canOpen { openers[delimiter.length]?.append((place, delimiter.node)) }
    }
  }

  /// Splits the text children of `container` around each run of one or two tildes, which become
  /// text nodes of their own; the runs, in order.
  private func split(_ container: OpaquePointer) -> [Delimiter] {
    var delimiters: [Delimiter] = []
    var child = cmark_node_first_child(container)
    while let node = child {
      child = cmark_node_next(node)
      guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node) else { continue }
      guard Self.holdsTilde(literal) else { continue }
      let text = Array(String(cString: literal).unicodeScalars)
      let before = Self.edge(cmark_node_previous(node), last: true)
      let after = Self.edge(child, last: false)
      var pieces: [(text: String, delimiter: Delimiter?)] = []
      var start = 0
      var index = 0
      while index < text.count {
        guard text[index] == "~" else {
          index += 1
          continue
        }
        var end = index
        while end < text.count, text[end] == "~" { end += 1 }
        let length = end - index
        if length <= 2 {
          let previous = index > 0 ? text[index - 1] : before
          let next = end < text.count ? text[end] : after
          let (left, right) = Self.flanking(previous, next)
          if left || right {
            if index > start { pieces.append((String(String.UnicodeScalarView(text[start..<index])), nil)) }
            pieces.append(
              (
                String(repeating: "~", count: length),
                Delimiter(node: node, length: length, canOpen: left, canClose: right)
              ))
            start = end
          }
        }
        index = end
      }
      guard !pieces.isEmpty else { continue }
      if start < text.count { pieces.append((String(String.UnicodeScalarView(text[start...])), nil)) }
      for (piece, delimiter) in pieces {
        guard let made = cmark_node_new(CMARK_NODE_TEXT) else { continue }
        cmark_node_set_literal(made, piece)
        cmark_node_insert_before(node, made)
        if var delimiter {
          delimiter.node = made
          delimiters.append(delimiter)
        }
      }
      cmark_node_free(node)
    }
    return delimiters
  }

  /// Whether the C string `literal` holds a `~`.
  private static func holdsTilde(_ literal: UnsafePointer<CChar>) -> Bool {
    var pointer = literal
    while pointer.pointee != 0 {
      if pointer.pointee == 0x7E { return true }
      pointer += 1
    }
    return false
  }

  /// The character next to a run at a node's edge: the last (or first) of a text beside it, a
  /// space for a line break or the paragraph's edge, punctuation for other inlines (their
  /// Markdown starts and ends with it: `*`, `` ` ``, `[`, `)`, `<`, `>`).
  private static func edge(_ node: OpaquePointer?, last: Bool) -> Unicode.Scalar {
    guard let node else { return " " }
    switch cmark_node_get_type(node) {
    case CMARK_NODE_TEXT:
      guard let literal = cmark_node_get_literal(node) else { return " " }
      let scalars = String(cString: literal).unicodeScalars
      return (last ? scalars.last : scalars.first) ?? " "
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return " "
    default: return "*"
    }
  }

  /// Whether a run between `previous` and `next` is left-flanking and right-flanking
  /// (CommonMark's rules for delimiter runs).
  static func flanking(_ previous: Unicode.Scalar, _ next: Unicode.Scalar) -> (left: Bool, right: Bool) {
    let left = !isSpace(next) && (!isPunctuation(next) || isSpace(previous) || isPunctuation(previous))
    let right = !isSpace(previous) && (!isPunctuation(previous) || isSpace(next) || isPunctuation(next))
    return (left, right)
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar.properties.generalCategory == .spaceSeparator
  }

  private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return (0x21...0x2F).contains(scalar.value) || (0x3A...0x40).contains(scalar.value)
        || (0x5B...0x60).contains(scalar.value) || (0x7B...0x7E).contains(scalar.value)
    }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return true
    default: return false
    }
  }
}
