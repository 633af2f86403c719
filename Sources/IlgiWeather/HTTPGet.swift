import CCurl
import Foundation

/// One HTTP GET through libcurl, which is loaded the first time a request is made (see
/// `Sources/CCurl`): the weather is the only thing ilgi fetches, and most commands never do.
enum HTTPGet {
  /// How a request ended.
  enum Outcome: Sendable, Equatable {
    case answered(status: Int, body: Data)
    case noLibrary
    case unreachable
    case timedOut
    case tooLarge
  }

  /// GETs `url` on a thread of its own (libcurl blocks), so a server's event loops and the
  /// concurrency pool are never held up by a slow weather service.
  static func get(_ url: URL, headers: [String], timeout: Double, limit: Int) async -> Outcome {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: perform(url.absoluteString, headers: headers, timeout: timeout, limit: limit))
      }
    }
  }

  private static func perform(_ url: String, headers: [String], timeout: Double, limit: Int) -> Outcome {
    var answer = ilgi_curl_answer()
    let pointers = headers.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    let lines = pointers.map { UnsafePointer($0) }
    let outcome = lines.withUnsafeBufferPointer { buffer in
      ilgi_curl_get(url, buffer.baseAddress, buffer.count, Int(timeout * 1000), limit, &answer)
    }
    defer { ilgi_curl_free(&answer) }
    switch outcome {
    case ILGI_CURL_ANSWERED:
      let body = answer.body.map { Data(bytes: $0, count: answer.length) } ?? Data()
      return .answered(status: answer.status, body: body)
    case ILGI_CURL_NO_LIBRARY: return .noLibrary
    case ILGI_CURL_TIMED_OUT: return .timedOut
    case ILGI_CURL_TOO_LARGE: return .tooLarge
    default: return .unreachable
    }
  }
}
