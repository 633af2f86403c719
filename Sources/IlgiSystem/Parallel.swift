import Dispatch
import Foundation

/// Work spread over the machine's cores.
package enum Parallel {
  /// `transform` of every item, in order, computed on up to every core; the first error thrown
  /// is thrown once all have stopped.
  ///
  /// The helpers run on the global queue rather than through `concurrentPerform`, which runs
  /// serially when called from inside another `concurrentPerform` (a page rendered by the site
  /// writer): the caller takes items too, so the work is done even when no helper gets a thread.
  ///
  /// Fewer than `helpersFrom` items are done on the calling thread alone.
  package static func map<T: Sendable, U, E: Error>(
    _ items: [T], helpersFrom: Int = 16, _ transform: @escaping @Sendable (T) throws(E) -> U
  ) throws(E) -> [U] {
    let helpers =
      items.count < max(helpersFrom, 2)
      ? 0 : max(0, min(ProcessInfo.processInfo.activeProcessorCount, 8, items.count) - 1)
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
    // Without a failure every slot was filled.
    return results.compactMap { $0 }
  }

  /// `transform` of every item, handed to `consume` in order a chunk at a time, while helpers on
  /// the other cores go on with the next chunks (at most `ahead` of them wait): the caller's work on
  /// one chunk overlaps the transform of the next. The caller transforms chunks too while the one
  /// it needs is not ready, so the work is done even when no helper gets a thread.
  package static func stream<T: Sendable, U>(
    _ items: [T], chunk: Int, ahead: Int = 8, _ transform: @escaping @Sendable (T) -> U,
    consume: ([U]) throws -> Void
  ) rethrows {
    // A chunk or less is done on this thread alone.
    guard items.count > chunk else { return try consume(items.map(transform)) }
    let chunks = (items.count + chunk - 1) / chunk
    // Everything the threads share, read and changed only under `state.condition`.
    let state = StreamState<U>(chunks: chunks)
    @Sendable func make(_ index: Int) {
      let result = items[(index * chunk)..<min(items.count, (index + 1) * chunk)].map(transform)
      state.condition.lock()
      state.done[index] = result
      state.condition.broadcast()
      state.condition.unlock()
    }
    let work: @Sendable () -> Void = {
      while true {
        state.condition.lock()
        while !state.stop, state.next < chunks, state.next >= state.consumed + ahead { state.condition.wait() }
        let index = state.next
        state.next += 1
        let quit = state.stop || index >= chunks
        state.condition.unlock()
        if quit { return }
        make(index)
      }
    }
    // One helper fewer than cores: the caller's consuming keeps a core busy, and a helper more
    // would share it, leaving the other idle while the helpers wait for the caller.
    let helpers = max(1, min(ProcessInfo.processInfo.activeProcessorCount - 1, 8, chunks))
    let group = DispatchGroup()
    for _ in 0..<helpers { DispatchQueue.global().async(group: group, execute: work) }
    defer {
      state.condition.lock()
      state.stop = true
      state.condition.broadcast()
      state.condition.unlock()
      group.wait()
    }
    for index in 0..<chunks {
      state.condition.lock()
      var made = state.done[index]
      while made == nil {
        if state.next < chunks {
          let mine = state.next
          state.next += 1
          state.condition.unlock()
          make(mine)
          state.condition.lock()
        } else {
          state.condition.wait()
        }
        made = state.done[index]
      }
      guard let result = made else { break }
      state.done[index] = nil
      state.consumed = index + 1
      state.condition.broadcast()
      state.condition.unlock()
      try consume(result)
    }
  }
}

/// The shared state of `Parallel.stream`: which chunk is next, how many were handed over, the
/// chunks made and not yet handed over, and whether to stop.
private final class StreamState<U>: @unchecked Sendable {
  let condition = NSCondition()
  var next = 0
  var consumed = 0
  var stop = false
  var done: [[U]?]

  init(chunks: Int) {
    done = Array(repeating: nil, count: chunks)
  }
}

/// Counts files read across threads and reports every so often.
package final class ProgressCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0
  private let total: Int
  private let report: (@Sendable (Int, Int) -> Void)?

  package init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
    self.total = total
    self.report = report
  }

  package func advance() {
    guard let report else { return }
    lock.lock()
    done += 1
    let current = done
    lock.unlock()
    if current % 500 == 0 || current == total { report(current, total) }
  }
}
