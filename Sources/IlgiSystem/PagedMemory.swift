import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A buffer of many megabytes in a mapping of its own, its pages allocated when it is made
/// (`MAP_POPULATE`) rather than one fault at a time as they are first written: for a 10 MB
/// file that is 2,500 faults fewer, which cost more than decrypting it.
public final class PagedMemory: @unchecked Sendable {
  /// The whole buffer.
  public let buffer: UnsafeMutableRawBufferPointer
  /// How many of its bytes are in use, from the start.
  public var count: Int

  /// `capacity` bytes. Like an array's, a failure to find room for them stops the program.
  public init(capacity: Int) {
    let size = max(capacity, 1)
    let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
    guard let address, address != MAP_FAILED else { preconditionFailure("no memory for \(size) bytes") }
    buffer = UnsafeMutableRawBufferPointer(start: address, count: size)
    count = 0
  }

  deinit {
    munmap(buffer.baseAddress, buffer.count)
  }

  /// The bytes in use.
  public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[..<count]) }
}

extension LocalFileSystem {
  /// Reads the whole file into paged memory, refusing more than `limit` bytes; for files large
  /// enough that `readFile`'s array would spend more time faulting its pages in than reading.
  public func readPaged(atPath path: String, limit: Int) throws(FileSystemError) -> PagedMemory {
    let (fd, size) = try openForReading(atPath: path, limit: limit)
    defer { close(fd) }
    // Room for a file that grows while it is read, up to the limit and one byte more.
    let capacity = min(size + (1 << 16), limit + 1)
    let memory = PagedMemory(capacity: capacity)
    while true {
      let room = memory.buffer.count - memory.count
      if room == 0 {
        // Over the limit, or still growing by more than the room left for that: read it again later.
        throw FileSystemError(path: path, code: memory.count > limit ? EFBIG : EAGAIN, operation: "read")
      }
      let n = read(fd, memory.buffer.baseAddress.map { $0 + memory.count }, room)
      if n < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(path: path, code: errno, operation: "read")
      }
      if n == 0 { break }
      memory.count += n
    }
    return memory
  }
}
