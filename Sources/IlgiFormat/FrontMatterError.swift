import Foundation

/// Why a file's text or front matter could not be read, with the position of the problem.
///
/// Lines and columns count from 1 in the file as a person sees it (the `---` fence is line 1).
public struct FrontMatterError: Error, Sendable, Equatable {
  /// What is wrong.
  public enum Problem: Sendable, Equatable {
    /// The opening `---` has no closing `---` line.
    case unclosed
    /// YAML could not parse it; the text is the parser's own words.
    case invalidYAML(String)
    /// The YAML is a list or a scalar, not `key: value` lines.
    case notAMapping
    /// A key the entry needs has a value of the wrong shape (`id: [1, 2]`).
    case wrongType(key: String, expected: String)
    /// A carriage return inside a line: YAML reads it as a line break and ilgi's line-by-line
    /// edit would not, so such a block is not edited.
    case loneCarriageReturn
    /// The block is laid out so that replacing `key`'s lines would change another key
    /// (a multi-line quoted value, say); it is left alone.
    case notEditableInPlace(key: String)
  }

  /// 1-based line in the file.
  public var line: Int
  /// 1-based column, when known.
  public var column: Int?
  /// What is wrong.
  public var problem: Problem

  /// Makes an error.
  public init(line: Int, column: Int? = nil, problem: Problem) {
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// Plain English: `front matter is not valid YAML (found unclosed quote)`.
  public var summary: String {
    switch problem {
    case .unclosed: return "front matter opened with `---` is never closed by a `---` line"
    case .invalidYAML(let reason): return "front matter is not valid YAML (\(reason))"
    case .notAMapping: return "front matter must be `key: value` lines"
    case .wrongType(let key, let expected): return "front matter key `\(key)` must be \(expected)"
    case .loneCarriageReturn: return "front matter has a carriage return inside a line"
    case .notEditableInPlace(let key): return "front matter key `\(key)` cannot be changed without changing others"
    }
  }

  /// `3:7` or `3`.
  public var position: String { column.map { "\(line):\($0)" } ?? "\(line)" }
}
