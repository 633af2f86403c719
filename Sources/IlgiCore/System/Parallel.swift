import Dispatch
import Foundation

/// Work spread over the machine's cores.
enum Parallel {
  /// `transform` of every item, in order, computed on up to every core; the first error thrown
  /// is thrown once all have stopped.
  ///
  /// The helpers run on the global queue rather than through `concurrentPerform`, which runs
  /// serially when called from inside another `concurrentPerform` (a page rendered by the site
  /// writer): the caller takes items too, so the work is done even when no helper gets a thread.
  ///
  /// Fewer than `helpersFrom` items are done on the calling thread alone.
  static func map<T: Sendable, U, E: Error>(
    _ items: [T], helpersFrom: Int = 16, _ transform: @escaping @Sendable (T) throws(E) -> U
  ) throws(E) -> [U] {
    let helpers = items.count < max(helpersFrom, 2) ? 0 : max(0, min(ProcessInfo.processInfo.activeProcessorCount, 8, items.count) - 1)
    let results = UnsafeMutableBufferPointer<U?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    let lock = NSLock()
    nonisolated(unsafe) var next = 0
    nonisolated(unsafe) var failure: E?
    nonisolated(unsafe) let output = results
    let work: @Sendable () -> Void = {
      while true {
        lock.lock()
        let index = next
        next += 1
        let stop = failure != nil
        lock.unlock()
        if stop || index >= items.count { return }
        do throws(E) {
          output[index] = try transform(items[index])
        } catch {
          lock.lock()
          if failure == nil { failure = error }
          lock.unlock()
          return
        }
      }
    }
    let group = DispatchGroup()
    for _ in 0..<helpers { DispatchQueue.global().async(group: group, execute: work) }
    work()
    group.wait()
    if let failure { throw failure }
    return results.map { $0! }
  }
}
