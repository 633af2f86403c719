import CCurl
import Foundation

/// One HTTP request through libcurl, which is loaded the first time a request is made (see
/// `Sources/CCurl`): the weather and a reminder sent to a phone are all ilgi sends, and most
/// commands never do.
public enum HTTPRequest {
  /// How a request ended.
  public enum Outcome: Sendable, Equatable {
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

  /// POSTs `body` to `url` with `headers`, waiting at most `timeout` seconds, here on this thread
  /// (a command's own, which has nothing else to do meanwhile).
  public static func post(_ url: URL, headers: [String], body: [UInt8], timeout: Double) -> Outcome {
    perform(url.absoluteString, headers: headers, body: body, timeout: timeout, limit: 64 * 1024)
  }

  private static func perform(_ url: String, headers: [String], body: [UInt8]? = nil, timeout: Double, limit: Int)
    -> Outcome
  {
    var answer = ilgi_curl_answer()
    let pointers = headers.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    let lines = pointers.map { UnsafePointer($0) }
    let outcome = lines.withUnsafeBufferPointer { buffer in
      let milliseconds = Int(timeout * 1000)
      guard let body else { return ilgi_curl_get(url, buffer.baseAddress, buffer.count, milliseconds, limit, &answer) }
      // An empty body is still a POST: one byte's room, none of it sent.
      let content = body.isEmpty ? [0] : body
      return content.withUnsafeBufferPointer {
        ilgi_curl_post(url, buffer.baseAddress, buffer.count, $0.baseAddress, body.count, milliseconds, limit, &answer)
      }
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
