#include "ilgi_curl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libcurl's entry points, found with dlsym. Linking libcurl instead would load it and the
// thirty libraries it needs (TLS, Kerberos, LDAP) at the start of every ilgi command, which
// costs about 12 ms, more than most commands take.
static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_perform)(CURL *);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  void (*easy_cleanup)(CURL *);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static int available = 0;

static void load(void) {
  // Debian's libcurl4 (OpenSSL), else its GnuTLS build.
  static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
  void *library = NULL;
  for (size_t i = 0; i < sizeof names / sizeof *names && library == NULL; i++) {
    library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (library == NULL) return;
#define FIND(field, symbol)                           \
  *(void **)(&curl.field) = dlsym(library, symbol); \
  if (curl.field == NULL) return;
  FIND(global_init, "curl_global_init")
  FIND(easy_init, "curl_easy_init")
  FIND(easy_setopt, "curl_easy_setopt")
  FIND(easy_perform, "curl_easy_perform")
  FIND(easy_getinfo, "curl_easy_getinfo")
  FIND(easy_cleanup, "curl_easy_cleanup")
  FIND(slist_append, "curl_slist_append")
  FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
  available = curl.global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
}

struct body {
  unsigned char *bytes;
  size_t length;
  size_t limit;
  int over;
};

// Appends what arrived; answering less than was given stops the transfer once over the limit.
static size_t receive(char *data, size_t size, size_t count, void *context) {
  struct body *body = context;
  size_t n = size * count;
  if (n > body->limit - body->length) {
    body->over = 1;
    return 0;
  }
  unsigned char *grown = realloc(body->bytes, body->length + n + 1);
  if (grown == NULL) return 0;
  memcpy(grown + body->length, data, n);
  body->bytes = grown;
  body->length += n;
  return n;
}

enum ilgi_curl_outcome ilgi_curl_get(const char *url, const char *const *headers, size_t header_count,
                                     long timeout_ms, size_t limit, struct ilgi_curl_answer *answer) {
  return ilgi_curl_post(url, headers, header_count, NULL, 0, timeout_ms, limit, answer);
}

enum ilgi_curl_outcome ilgi_curl_post(const char *url, const char *const *headers, size_t header_count,
                                      const unsigned char *content, size_t content_length, long timeout_ms,
                                      size_t limit, struct ilgi_curl_answer *answer) {
  memset(answer, 0, sizeof *answer);
  pthread_once(&loaded, load);
  if (!available) return ILGI_CURL_NO_LIBRARY;
  CURL *handle = curl.easy_init();
  if (handle == NULL) return ILGI_CURL_UNREACHABLE;
  struct curl_slist *list = NULL;
  for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
  struct body body = {NULL, 0, limit, 0};
  curl.easy_setopt(handle, CURLOPT_URL, url);
  curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
  curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, receive);
  curl.easy_setopt(handle, CURLOPT_WRITEDATA, &body);
  curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  if (content != NULL) {
    // A POST goes where it was sent, never on to where a redirect points.
    curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)content_length);
    curl.easy_setopt(handle, CURLOPT_POSTFIELDS, content);
  }
  curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, content == NULL ? 1L : 0L);
  curl.easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
  curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limit);
  curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
  CURLcode code = curl.easy_perform(handle);
  enum ilgi_curl_outcome outcome;
  if (code == CURLE_OK) {
    outcome = ILGI_CURL_ANSWERED;
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &answer->status);
    answer->body = body.bytes;
    answer->length = body.length;
    body.bytes = NULL;
  } else if (body.over || code == CURLE_FILESIZE_EXCEEDED) {
    outcome = ILGI_CURL_TOO_LARGE;
  } else if (code == CURLE_OPERATION_TIMEDOUT) {
    outcome = ILGI_CURL_TIMED_OUT;
  } else {
    outcome = ILGI_CURL_UNREACHABLE;
  }
  free(body.bytes);
  curl.slist_free_all(list);
  curl.easy_cleanup(handle);
  return outcome;
}

void ilgi_curl_free(struct ilgi_curl_answer *answer) {
  free(answer->body);
  answer->body = NULL;
  answer->length = 0;
}
