#ifndef ILGI_HTTP_H
#define ILGI_HTTP_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Loads libmicrohttpd (dlopen) the first time it is called; 1 when it is there, 0 when it is
/// not installed. Linked instead, it and the TLS libraries it needs (GnuTLS, nettle, gmp,
/// p11-kit) would load at the start of every ilgi command, about 2 ms, where only `serve` uses
/// it. Safe to call from any thread.
int ilgi_http_load(void);

/// Starts a daemon on `socket`, already listening: a thread for each connection (a reply is
/// made on that thread), the raw request target handed to `target`, every finished request to
/// `finished`, and each connection's start and close to `connections`. At most
/// `connection_limit` connections are open at once; one more is closed as it arrives. NULL when
/// it cannot start; libmicrohttpd then closes the socket.
struct MHD_Daemon *ilgi_http_start(int socket, MHD_AccessHandlerCallback handler, void *context,
                                   void *(*target)(void *context, const char *uri, struct MHD_Connection *connection),
                                   MHD_RequestCompletedCallback finished, MHD_NotifyConnectionCallback connections,
                                   unsigned int idle_seconds, unsigned int connection_limit);

/// Whether a connection's notification says it opened (else it closed).
static inline int ilgi_http_opened(enum MHD_ConnectionNotificationCode code) {
  return code == MHD_CONNECTION_NOTIFY_STARTED;
}

/// The socket of a connection, or -1.
int ilgi_http_socket(struct MHD_Connection *connection);

/// The address a connection comes from, as text (`127.0.0.1`, `::1`), in `text`; 0 when
/// written, -1 when it is not known.
int ilgi_http_peer(struct MHD_Connection *connection, char *text, size_t length);

/// Stops taking new connections; those open go on. Returns the listening socket, the caller's
/// from then on to close after `ilgi_http_stop`, or -1 when it could not (libmicrohttpd then
/// closes it when it stops).
int ilgi_http_quiesce(struct MHD_Daemon *daemon);

/// Stops the daemon: closes its connections (and its socket, unless quiesced) and waits for
/// their threads.
void ilgi_http_stop(struct MHD_Daemon *daemon);

/// Calls `each` with every header field of the request.
int ilgi_http_headers(struct MHD_Connection *connection, MHD_KeyValueIterator each, void *context);

/// A response holding a copy of `length` bytes of `body`.
struct MHD_Response *ilgi_http_response(const void *body, size_t length);

/// Adds a header field to a response; MHD_NO when libmicrohttpd refuses it.
enum MHD_Result ilgi_http_add_header(struct MHD_Response *response, const char *name, const char *value);

/// Queues `response` with `status` on the connection.
enum MHD_Result ilgi_http_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

/// Lets a response go once queued.
void ilgi_http_destroy(struct MHD_Response *response);

/// Gives the memory freed since to the system (glibc's `malloc_trim`): what many requests' bodies
/// took stays in the process otherwise.
void ilgi_http_give_back_memory(void);

#endif
