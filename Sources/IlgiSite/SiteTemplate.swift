import IlgiMarkdown
import IlgiStore
import Mustache

/// A site template: swift-mustache's compiled template, and for the common case a faster way
/// through the same tokens.
///
/// swift-mustache looks up every `{{name}}` through a chain of dynamic casts to its protocols,
/// which made much of the time of a site export (docs/PERFORMANCE.md). Most templates, ours included, use only text, variables and
/// sections; those are read once into a plan (`SiteTemplatePlanner`) and walked here over the
/// site's own value types: dictionaries of strings, lists, strings and flags. Anything else
/// (partials, transforms, blocks, a value of another type) renders through swift-mustache, so
/// the output is always what swift-mustache makes; `SiteTemplateTests` checks the two agree.
struct SiteTemplate: Sendable {
  let mustache: MustacheTemplate
  /// The tokens as a plan, or `nil` when the template uses more than this walks.
  let plan: [Node]?

  indirect enum Node: Sendable {
    case text([UInt8])
    case variable(path: [String], escaped: Bool)
    case section(path: [String], body: [Node])
    case inverted(path: [String], body: [Node])
  }

  /// The template of `source` (`path` names it in errors), compiled by swift-mustache and,
  /// when it uses only what this walks, planned.
  init(_ source: String, path: String) throws(JournalError) {
    mustache = try Site.compile(source, path: path)
    plan = SiteTemplatePlanner.plan(Site.contentTypePragma + source, contentType: SiteEscaping.name)
  }

  /// Whether the fast way serves this template (for tests).
  var isPlanned: Bool { plan != nil }

  func render(_ context: [String: Any]) -> String {
    if let plan, let out = Self.render(plan, context) { return String(decoding: out, as: UTF8.self) }
    return mustache.render(context)
  }

  /// The same as `render`, as UTF-8: a page's content goes into the shell as bytes, without
  /// being checked as UTF-8 on the way (it is made of strings and the template's own text).
  func renderBytes(_ context: [String: Any]) -> [UInt8] {
    if let plan, let out = Self.render(plan, context) { return out }
    return Array(mustache.render(context).utf8)
  }

  private static func render(_ plan: [Node], _ context: [String: Any]) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(4096)
    var stack: [Any] = [context]
    return render(plan, stack: &stack, into: &out) ? out : nil
  }

  // MARK: Rendering

  /// Renders `nodes` into `out`; `false` when a value is of a kind left to swift-mustache.
  private static func render(_ nodes: [Node], stack: inout [Any], into out: inout [UInt8]) -> Bool {
    for node in nodes {
      switch node {
      case .text(let bytes):
        out.append(contentsOf: bytes)
      case .variable(let path, let escaped):
        guard let found = lookup(path, in: stack) else { return false }
        guard let value = found else { continue }
        guard let text = variableText(value) else { return false }
        if escaped { MarkdownRenderer.appendEscapedHTML(text, to: &out) } else { out.append(contentsOf: text.utf8) }
      case .section(let path, let body):
        guard let found = lookup(path, in: stack) else { return false }
        guard let value = found else { continue }
        if !renderSection(body, value: value, stack: &stack, into: &out) { return false }
      case .inverted(let path, let body):
        guard let found = lookup(path, in: stack) else { return false }
        guard let show = showsInverted(found) else { return false }
        if show, !render(body, stack: &stack, into: &out) { return false }
      }
    }
    return true
  }

  /// The text a variable shows for `value`: a string, a flag or a number; nil for a value of a
  /// kind left to swift-mustache.
  private static func variableText(_ value: Any) -> String? {
    if let string = value as? String { return string }
    if let flag = value as? Bool { return flag ? "true" : "false" }
    if let number = value as? Int { return String(number) }
    return nil
  }

  /// Renders a section's `body` for its `value`: once for a set flag, once for each item of a
  /// list, once with a string or a dictionary on the stack; `false` when the value (or one in the
  /// body) is of a kind left to swift-mustache.
  private static func renderSection(_ body: [Node], value: Any, stack: inout [Any], into out: inout [UInt8]) -> Bool {
    if let flag = value as? Bool {
      if flag, !render(body, stack: &stack, into: &out) { return false }
    } else if let list = value as? [[String: Any]] {
      for item in list {
        stack.append(item)
        defer { stack.removeLast() }
        if !render(body, stack: &stack, into: &out) { return false }
      }
    } else if let list = value as? [String] {
      for item in list {
        stack.append(item)
        defer { stack.removeLast() }
        if !render(body, stack: &stack, into: &out) { return false }
      }
    } else if value is String || value is [String: Any] || value is [String: String] {
      stack.append(value)
      defer { stack.removeLast() }
      if !render(body, stack: &stack, into: &out) { return false }
    } else {
      return false
    }
    return true
  }

  /// Whether an inverted section shows for what its name found (nil when nothing has it): when
  /// nothing does, for a false flag and for an empty list; nil for a value of a kind left to
  /// swift-mustache.
  private static func showsInverted(_ found: Any?) -> Bool? {
    guard let value = found else { return true }
    if let flag = value as? Bool { return !flag }
    if let list = value as? [[String: Any]] { return list.isEmpty }
    if let list = value as? [String] { return list.isEmpty }
    if value is String || value is [String: Any] || value is [String: String] { return false }
    return nil
  }

  /// The value `path` names: searched from the innermost context out for its first step, then
  /// followed from there, as swift-mustache does. `.some(nil)` when nothing has that name; `nil`
  /// when a context or a value on the way is of a kind left to swift-mustache.
  private static func lookup(_ path: [String], in stack: [Any]) -> Any?? {
    guard let first = path.first else { return .some(stack.last) }
    var found: Any?
    for frame in stack.reversed() {
      guard let child = child(first, of: frame) else { return nil }
      if let child {
        found = child
        break
      }
    }
    for step in path.dropFirst() {
      guard let value = found else { return .some(nil) }
      guard let child = child(step, of: value) else { return nil }
      found = child
    }
    return .some(found)
  }

  /// A named value of `object`: `.some(nil)` for a missing key or an object without names
  /// (strings, flags, lists), `nil` for an object of a kind left to swift-mustache.
  private static func child(_ name: String, of object: Any) -> Any?? {
    if let dictionary = exactly(object, [String: Any].self) { return .some(dictionary[name]) }
    if let dictionary = exactly(object, [String: String].self) { return .some(dictionary[name]) }
    if let dictionary = object as? [String: Any] { return .some(dictionary[name]) }
    if let dictionary = object as? [String: String] { return .some(dictionary[name]) }
    if object is String || object is Bool || object is [[String: Any]] || object is [String] { return .some(nil) }
    return nil
  }

  /// `value` when it is exactly a `T`, told by its type alone. A cast (`as?`) of a dictionary to
  /// another value type converts every element: `{{label.older}}` through
  /// `as? [String: Any]` copied the whole `[String: String]` of labels, once for each use.
  @inline(__always)
  private static func exactly<T>(_ value: Any, _ type: T.Type) -> T? {
    Swift.type(of: value) == type ? value as? T : nil
  }
}
