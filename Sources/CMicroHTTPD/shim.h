#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon takes its options as C variadic arguments, which Swift cannot pass: this
// starts a daemon on a socket already listening, a thread for each connection (a reply is
// waited for on that thread), with the raw request target handed to `target` and every
// finished request to `finished`.
static inline struct MHD_Daemon *ilgi_http_start(
    int socket, MHD_AccessHandlerCallback handler, void *context,
    void *(*target)(void *context, const char *uri, struct MHD_Connection *connection),
    MHD_RequestCompletedCallback finished, unsigned int idle_seconds) {
  return MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL, 0, NULL, NULL,
      handler, context,
      MHD_OPTION_LISTEN_SOCKET, socket,
      MHD_OPTION_URI_LOG_CALLBACK, target, context,
      MHD_OPTION_NOTIFY_COMPLETED, finished, context,
      MHD_OPTION_CONNECTION_TIMEOUT, idle_seconds,
      MHD_OPTION_END);
}
