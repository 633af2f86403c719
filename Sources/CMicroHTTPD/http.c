#include "ilgi_http.h"

#include <dlfcn.h>
#include <malloc.h>
#include <netdb.h>
#include <pthread.h>

// libmicrohttpd's entry points, found with dlsym (see ilgi_http.h for why it is not linked).
static struct {
  struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                     MHD_AccessHandlerCallback, void *, ...);
  void (*stop_daemon)(struct MHD_Daemon *);
  int (*quiesce_daemon)(struct MHD_Daemon *);
  int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
  struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
  enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
  enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
  void (*destroy_response)(struct MHD_Response *);
  const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
} mhd;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static int available = 0;

static void load(void) {
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
#define FIND(field, symbol)                          \
  *(void **)(&mhd.field) = dlsym(library, symbol); \
  if (mhd.field == NULL) return;
  FIND(start_daemon, "MHD_start_daemon")
  FIND(stop_daemon, "MHD_stop_daemon")
  FIND(quiesce_daemon, "MHD_quiesce_daemon")
  FIND(get_connection_values, "MHD_get_connection_values")
  FIND(create_response_from_buffer, "MHD_create_response_from_buffer")
  FIND(add_response_header, "MHD_add_response_header")
  FIND(queue_response, "MHD_queue_response")
  FIND(destroy_response, "MHD_destroy_response")
  FIND(get_connection_info, "MHD_get_connection_info")
#undef FIND
  available = 1;
}

int ilgi_http_load(void) {
  pthread_once(&loaded, load);
  return available;
}

struct MHD_Daemon *ilgi_http_start(int socket, MHD_AccessHandlerCallback handler, void *context,
                                   void *(*target)(void *context, const char *uri, struct MHD_Connection *connection),
                                   MHD_RequestCompletedCallback finished, MHD_NotifyConnectionCallback connections,
                                   unsigned int idle_seconds, unsigned int connection_limit) {
  if (!ilgi_http_load()) return NULL;
  return mhd.start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_ITC, 0, NULL,
                          NULL, handler, context, MHD_OPTION_LISTEN_SOCKET, socket, MHD_OPTION_URI_LOG_CALLBACK,
                          target, context, MHD_OPTION_NOTIFY_COMPLETED, finished, context,
                          MHD_OPTION_NOTIFY_CONNECTION, connections, context, MHD_OPTION_CONNECTION_TIMEOUT,
                          idle_seconds, MHD_OPTION_CONNECTION_LIMIT, connection_limit, MHD_OPTION_END);
}

int ilgi_http_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

int ilgi_http_peer(struct MHD_Connection *connection, char *text, size_t length) {
  const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return -1;
  const struct sockaddr *address = info->client_addr;
  socklen_t size = address->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
  return getnameinfo(address, size, text, length, NULL, 0, NI_NUMERICHOST) == 0 ? 0 : -1;
}

int ilgi_http_quiesce(struct MHD_Daemon *daemon) { return mhd.quiesce_daemon(daemon); }

void ilgi_http_stop(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }

int ilgi_http_headers(struct MHD_Connection *connection, MHD_KeyValueIterator each, void *context) {
  return mhd.get_connection_values(connection, MHD_HEADER_KIND, each, context);
}

struct MHD_Response *ilgi_http_response(const void *body, size_t length) {
  return mhd.create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
}

enum MHD_Result ilgi_http_add_header(struct MHD_Response *response, const char *name, const char *value) {
  return mhd.add_response_header(response, name, value);
}

enum MHD_Result ilgi_http_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
  return mhd.queue_response(connection, status, response);
}

void ilgi_http_destroy(struct MHD_Response *response) { mhd.destroy_response(response); }

void ilgi_http_give_back_memory(void) { malloc_trim(0); }
