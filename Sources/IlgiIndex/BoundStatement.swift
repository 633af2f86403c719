import GRDB
import GRDBSQLite

/// A compiled statement run through SQLite's C API, for the refresh's per-file writes, where
/// GRDB's arguments cost more than SQLite's own work (docs/PERFORMANCE.md). Values are bound in
/// order, then `run()` steps the statement once and resets it.
struct BoundStatement {
  private let statement: Statement
  private var handle: OpaquePointer { statement.sqliteStatement }
  private var next: Int32 = 1

  init(_ db: Database, _ sql: String) throws {
    statement = try db.makeStatement(sql: sql)
  }

  /// SQLite copies the text before the call returns.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  mutating func bind(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      if let start = bytes.baseAddress {
        _ = UnsafeRawPointer(start).withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
          sqlite3_bind_text(handle, next, pointer, Int32(bytes.count), Self.transient)
        }
      } else {
        sqlite3_bind_text(handle, next, "", 0, Self.transient)
      }
    }
    next += 1
  }

  mutating func bind(_ text: String?) {
    if let text {
      bind(text)
    } else {
      sqlite3_bind_null(handle, next)
      next += 1
    }
  }

  mutating func bind(_ value: Int64) {
    sqlite3_bind_int64(handle, next, value)
    next += 1
  }

  mutating func bind(_ value: Int) { bind(Int64(value)) }

  mutating func bind(_ value: Int?) {
    if let value {
      bind(Int64(value))
    } else {
      sqlite3_bind_null(handle, next)
      next += 1
    }
  }

  mutating func bind(_ value: Double) {
    sqlite3_bind_double(handle, next, value)
    next += 1
  }

  /// Runs the statement with the values bound since the last run; its first row as `decode`
  /// reads it from the statement, or nil when it gave none.
  mutating func row<T>(_ decode: (OpaquePointer) -> T) throws -> T? {
    next = 1
    let code = sqlite3_step(handle)
    defer { sqlite3_reset(handle) }
    guard code == SQLITE_DONE || code == SQLITE_ROW else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
        sql: statement.sql)
    }
    return code == SQLITE_ROW ? decode(handle) : nil
  }

  /// Runs the statement with the values bound since the last run; true when it gave a row.
  @discardableResult
  mutating func run() throws -> Bool {
    try row { _ in () } != nil
  }
}
