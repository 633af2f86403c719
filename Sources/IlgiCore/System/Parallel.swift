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

  /// `transform` of every item, handed to `consume` in order a chunk at a time, while helpers on
  /// every core go on with the next chunks (at most `ahead` of them wait): the caller's work on
  /// one chunk overlaps the transform of the next. The caller transforms chunks too while the one
  /// it needs is not ready, so the work is done even when no helper gets a thread.
  static func stream<T: Sendable, U>(
    _ items: [T], chunk: Int, ahead: Int = 8, _ transform: @escaping @Sendable (T) -> U,
    consume: ([U]) throws -> Void
  ) rethrows {
    // A chunk or less is done on this thread alone.
    guard items.count > chunk else { return try consume(items.map(transform)) }
    let chunks = (items.count + chunk - 1) / chunk
    let condition = NSCondition()
    let done = UnsafeMutableBufferPointer<[U]?>.allocate(capacity: chunks)
    done.initialize(repeating: nil)
    defer {
      _ = done.deinitialize()
      done.deallocate()
    }
    nonisolated(unsafe) let output = done
    nonisolated(unsafe) var next = 0
    nonisolated(unsafe) var consumed = 0
    nonisolated(unsafe) var stop = false
    @Sendable func make(_ index: Int) {
      let result = items[(index * chunk)..<min(items.count, (index + 1) * chunk)].map(transform)
      condition.lock()
      output[index] = result
      condition.broadcast()
      condition.unlock()
    }
    let work: @Sendable () -> Void = {
      while true {
        condition.lock()
        while !stop, next < chunks, next >= consumed + ahead { condition.wait() }
        let index = next
        next += 1
        let quit = stop || index >= chunks
        condition.unlock()
        if quit { return }
        make(index)
      }
    }
    let helpers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, chunks))
    let group = DispatchGroup()
    for _ in 0..<helpers { DispatchQueue.global().async(group: group, execute: work) }
    defer {
      condition.lock()
      stop = true
      condition.broadcast()
      condition.unlock()
      group.wait()
    }
    for index in 0..<chunks {
      condition.lock()
      while output[index] == nil {
        if next < chunks {
          let mine = next
          next += 1
          condition.unlock()
          make(mine)
          condition.lock()
        } else {
          condition.wait()
        }
      }
      let result = output[index]!
      output[index] = nil
      consumed = index + 1
      condition.broadcast()
      condition.unlock()
      try consume(result)
    }
  }
}
