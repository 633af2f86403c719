import Foundation

/// Async work started now and waited for later from synchronous code: the weather request
/// that runs while the editor is open.
final class Pending<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?
  private let finished = DispatchSemaphore(value: 0)

  /// Starts `work` on the concurrency pool at once.
  init(_ work: @escaping @Sendable () async -> Value) {
    Task.detached {
      let result = await work()
      self.lock.withLock { self.value = result }
      self.finished.signal()
    }
  }

  /// The value, waiting until `deadline` at most; nil when the work is not done by then.
  func wait(until deadline: DispatchTime) -> Value? {
    guard finished.wait(timeout: deadline) == .success else { return nil }
    finished.signal()
    return lock.withLock { value }
  }

  /// Runs `work` and waits for it without a limit.
  static func run(_ work: @escaping @Sendable () async -> Value) -> Value {
    let pending = Pending(work)
    while true {
      if let value = pending.wait(until: .distantFuture) { return value }
    }
  }
}
