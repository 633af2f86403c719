#ifndef ILGI_CURL_H
#define ILGI_CURL_H

#include <stddef.h>

/// How an HTTP request ended.
enum ilgi_curl_outcome {
  /// An answer came (any status); `status` and `body` hold it.
  ILGI_CURL_ANSWERED = 0,
  /// libcurl could not be loaded: it is not installed.
  ILGI_CURL_NO_LIBRARY = 1,
  /// No connection: offline, refused, no such host, TLS failure.
  ILGI_CURL_UNREACHABLE = 2,
  /// No whole answer within the time allowed.
  ILGI_CURL_TIMED_OUT = 3,
  /// The answer was longer than the limit.
  ILGI_CURL_TOO_LARGE = 4,
};

/// An answer: its HTTP status and its body (malloc'd; free it with ilgi_curl_free).
struct ilgi_curl_answer {
  long status;
  unsigned char *body;
  size_t length;
};

/// GETs `url` with libcurl, sending `headers` (`Name: value` lines), following up to five
/// redirects over http and https only, within `timeout_ms` in all and reading at most
/// `limit` bytes of body. libcurl is loaded (dlopen) the first time this is called, so a
/// command that never fetches never pays for loading it and its TLS libraries. Safe to
/// call from any thread.
enum ilgi_curl_outcome ilgi_curl_get(const char *url, const char *const *headers, size_t header_count,
                                     long timeout_ms, size_t limit, struct ilgi_curl_answer *answer);

/// POSTs `content_length` bytes of `content` to `url` as `ilgi_curl_get` asks, following no
/// redirect; a NULL `content` is a GET.
enum ilgi_curl_outcome ilgi_curl_post(const char *url, const char *const *headers, size_t header_count,
                                      const unsigned char *content, size_t content_length, long timeout_ms,
                                      size_t limit, struct ilgi_curl_answer *answer);

/// Frees an answer's body.
void ilgi_curl_free(struct ilgi_curl_answer *answer);

#endif
