import Foundation
import Testing

@testable import IlgiServer

/// `ConnectionWatch` with a clock and sockets of the test's: which connections it closes, and
/// when.
@Suite struct ConnectionWatchTests {
  /// A watch whose clock the test moves and whose closed sockets it reads.
  final class Bench: @unchecked Sendable {
    var now = 0.0
    var ended: [Int32] = []
    lazy var watch = ConnectionWatch(
      limits: .init(waiting: 4, waitingPerAddress: 2, waitSeconds: 10, bodySeconds: 60),
      end: { [unowned self] in self.ended.append($0) }, clock: { [unowned self] in self.now })
  }

  @Test func theOldestWaitingConnectionsOfAnAddressCloseBeyondItsShare() {
    let bench = Bench()
    for socket in Int32(1)...3 { bench.watch.opened(UInt(socket), socket: socket, address: "10.0.0.9") }
    #expect(bench.ended == [1])
    // Another address has a share of its own.
    bench.watch.opened(10, socket: 10, address: "10.0.0.7")
    #expect(bench.ended == [1])
  }

  @Test func theOldestWaitingConnectionsCloseBeyondTheWholeShare() {
    let bench = Bench()
    for socket in Int32(1)...5 { bench.watch.opened(UInt(socket), socket: socket, address: "10.0.0.\(socket)") }
    #expect(bench.ended == [1])
  }

  @Test func aRequestLetInIsNeverCountedAsWaiting() {
    let bench = Bench()
    bench.watch.opened(1, socket: 1, address: "127.0.0.1")
    bench.watch.answering(1)
    bench.watch.opened(2, socket: 2, address: "127.0.0.1")
    bench.watch.opened(3, socket: 3, address: "127.0.0.1")
    bench.watch.opened(4, socket: 4, address: "127.0.0.1")
    #expect(bench.ended == [2])
    bench.now = 1_000
    bench.watch.sweep()
    #expect(!bench.ended.contains(1), "a reply in the making was cut")
  }

  @Test func aConnectionThatWaitsTooLongIsClosedAndABodyHasItsOwnDeadline() {
    let bench = Bench()
    bench.watch.opened(1, socket: 1, address: "::1")
    bench.watch.opened(2, socket: 2, address: "::1")
    bench.watch.receiving(2)
    bench.now = 9
    bench.watch.sweep()
    #expect(bench.ended.isEmpty)
    bench.now = 11
    bench.watch.sweep()
    #expect(bench.ended == [1])
    bench.now = 61
    bench.watch.sweep()
    #expect(bench.ended == [1, 2])
    // Told once: a connection closing is not closed again.
    bench.now = 200
    bench.watch.sweep()
    #expect(bench.ended == [1, 2])
  }

  @Test func aRequestOverStartsTheWaitAgain() {
    let bench = Bench()
    bench.watch.opened(1, socket: 1, address: "::1")
    bench.watch.answering(1)
    bench.now = 100
    bench.watch.waiting(1)
    bench.now = 109
    bench.watch.sweep()
    #expect(bench.ended.isEmpty)
    bench.now = 111
    bench.watch.sweep()
    #expect(bench.ended == [1])
  }

  @Test func theMemoryIsGivenBackOnceWhenTheLastConnectionCloses() {
    let bench = Bench()
    #expect(!bench.watch.sweep())
    bench.watch.opened(1, socket: 1, address: "::1")
    #expect(!bench.watch.sweep())
    bench.watch.closed(1)
    #expect(bench.watch.sweep())
    #expect(!bench.watch.sweep())
    #expect(bench.watch.counts.isEmpty)
  }
}
