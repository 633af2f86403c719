#include "ilgi_image.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libvips's entry points, found with dlsym. Linked, libvips and the hundred libraries it needs
// (GLib, the image codecs, fonts) would load at the start of every ilgi command. Its headers
// need GLib's, so the few functions used are declared here as libvips 8 exports them.
typedef void VipsImage;
static struct {
  int (*init)(const char *);
  VipsImage *(*new_from_buffer)(const void *, size_t, const char *, ...);
  int (*width)(const VipsImage *);
  int (*height)(const VipsImage *);
  int (*orientation_swap)(VipsImage *);
  int (*avg)(VipsImage *, double *, ...);
  int (*thumbnail_buffer)(void *, size_t, VipsImage **, int, ...);
  int (*write_to_buffer)(VipsImage *, const char *, void **, size_t *, ...);
  void (*g_free)(void *);
  char *(*error_buffer_copy)(void);
  int (*version)(int);
  void (*unref)(void *);
  void (*cache_set_max)(int);
  unsigned (*log_set_handler)(const char *, int, void (*)(const char *, int, const char *, void *), void *);
} vips;

// GLogLevelFlags: G_LOG_LEVEL_WARNING.
enum { LOG_LEVEL_WARNING = 1 << 4 };

// libvips's warnings ("error in tile 0 x 160") go to GLib's log, which prints them on stderr;
// what a warning means reaches ilgi through `fail_on` and the error buffer, said in one line.
static void quiet(const char *domain, int level, const char *message, void *data) {
  (void)domain, (void)level, (void)message, (void)data;
}

static pthread_once_t loaded = PTHREAD_ONCE_INIT;
static int available = 0;

static void load(void) {
  void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  if (gobject == NULL) return;
#define FIND(field, from, symbol)                  \
  *(void **)(&vips.field) = dlsym(from, symbol); \
  if (vips.field == NULL) return;
  FIND(init, library, "vips_init")
  FIND(new_from_buffer, library, "vips_image_new_from_buffer")
  FIND(width, library, "vips_image_get_width")
  FIND(height, library, "vips_image_get_height")
  FIND(orientation_swap, library, "vips_image_get_orientation_swap")
  FIND(avg, library, "vips_avg")
  FIND(thumbnail_buffer, library, "vips_thumbnail_buffer")
  FIND(write_to_buffer, library, "vips_image_write_to_buffer")
  FIND(g_free, gobject, "g_free")
  FIND(error_buffer_copy, library, "vips_error_buffer_copy")
  FIND(version, library, "vips_version")
  FIND(unref, gobject, "g_object_unref")
  FIND(cache_set_max, library, "vips_cache_set_max")
  FIND(log_set_handler, gobject, "g_log_set_handler")
#undef FIND
  // 8.12 is the first to take `fail_on`, which finds a damaged picture (Debian 12 has 8.14).
  int major = vips.version(0), minor = vips.version(1);
  if (major < 8 || (major == 8 && minor < 12)) return;
  available = vips.init("ilgi") == 0;
  vips.log_set_handler("VIPS", LOG_LEVEL_WARNING, quiet, NULL);
  // No operation cache: a picture is read from memory ilgi frees once it has its answer, and
  // a cached load keyed by that memory's address could be handed the next picture's bytes.
  if (available) vips.cache_set_max(0);
}

// VipsFailOn: fail on truncated files and decoder errors; or on warnings too.
enum { FAIL_ON_ERROR = 2, FAIL_ON_WARNING = 3 };

// How much damage refuses a picture. libjpeg reports data that ends before the picture does
// ("Premature end of JPEG file") or does not decode ("Corrupt JPEG data") as warnings and fills
// the rest with grey: for a JPEG those warnings are damage. Other decoders warn of things a
// whole picture has (libpng of an sRGB profile it knows to be slightly off), so for them only
// errors are.
static int fail_on(const unsigned char *bytes, size_t length) {
  return length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF ? FAIL_ON_WARNING : FAIL_ON_ERROR;
}

static enum ilgi_image_outcome failed(char *message, size_t message_size) {
  // Taken and cleared in one call, so another thread's failure cannot clear it in between.
  char *reason = vips.error_buffer_copy();
  if (message != NULL && message_size > 0) snprintf(message, message_size, "%s", reason ? reason : "");
  vips.g_free(reason);
  return ILGI_IMAGE_UNDECODABLE;
}

// Whether a picture whose header says `width` x `height` holds more pixels than ilgi reads:
// said in `message`. Asked of the header alone, before a pixel is decoded, so a picture that
// claims 65500 x 65500 (a few hundred bytes that would take minutes and gigabytes) is refused
// at once. The limit is over the largest phone photo (200 megapixels).
static int too_many_pixels(int width, int height, char *message, size_t message_size) {
  if ((long long)width * (long long)height <= ILGI_IMAGE_MAX_PIXELS) return 0;
  if (message != NULL && message_size > 0) {
    snprintf(message, message_size, "it says it is %d x %d pixels, more than the %d million ilgi reads", width, height,
             ILGI_IMAGE_MAX_PIXELS / 1000000);
  }
  return 1;
}

enum ilgi_image_outcome ilgi_image_decode(const void *bytes, size_t length, int every_pixel,
                                          struct ilgi_image_size *size, char *message, size_t message_size) {
  pthread_once(&loaded, load);
  if (!available) return ILGI_IMAGE_NO_LIBRARY;
  if (message != NULL && message_size > 0) message[0] = '\0';
  VipsImage *image = vips.new_from_buffer(bytes, length, "", "fail_on", fail_on(bytes, length), NULL);
  if (image == NULL) return failed(message, message_size);
  if (too_many_pixels(vips.width(image), vips.height(image), message, message_size)) {
    vips.unref(image);
    return ILGI_IMAGE_UNDECODABLE;
  }
  double average = 0;
  // The average reads every pixel: a truncated or damaged file fails here.
  if (every_pixel && vips.avg(image, &average, NULL) != 0) {
    vips.unref(image);
    return failed(message, message_size);
  }
  int swap = vips.orientation_swap(image);
  size->width = swap ? vips.height(image) : vips.width(image);
  size->height = swap ? vips.width(image) : vips.height(image);
  vips.unref(image);
  return ILGI_IMAGE_DECODED;
}

// VipsSize: only ever make a picture smaller.
enum { SIZE_DOWN = 2 };

enum ilgi_image_outcome ilgi_image_display_copy(const void *bytes, size_t length, int max_side, int png,
                                                unsigned char **jpeg, size_t *jpeg_length, char *message,
                                                size_t message_size) {
  pthread_once(&loaded, load);
  if (!available) return ILGI_IMAGE_NO_LIBRARY;
  if (message != NULL && message_size > 0) message[0] = '\0';
  *jpeg = NULL;
  *jpeg_length = 0;
  // The header first: a picture of too many pixels is not shrunk (a PNG is decoded whole).
  VipsImage *header = vips.new_from_buffer(bytes, length, "", NULL);
  if (header == NULL) return failed(message, message_size);
  int refused = too_many_pixels(vips.width(header), vips.height(header), message, message_size);
  vips.unref(header);
  if (refused) return ILGI_IMAGE_UNDECODABLE;
  VipsImage *small = NULL;
  // The thumbnail turns the picture upright by its EXIF orientation as it shrinks it.
  if (vips.thumbnail_buffer((void *)bytes, length, &small, max_side, "height", max_side, "size", SIZE_DOWN, NULL) != 0) {
    return failed(message, message_size);
  }
  void *out = NULL;
  size_t out_length = 0;
  int written = png ? vips.write_to_buffer(small, ".png", &out, &out_length, "strip", 1, NULL)
                    : vips.write_to_buffer(small, ".jpg", &out, &out_length, "Q", 82, "strip", 1, NULL);
  vips.unref(small);
  if (written != 0) return failed(message, message_size);
  *jpeg = malloc(out_length);
  if (*jpeg == NULL) {
    vips.g_free(out);
    return ILGI_IMAGE_UNDECODABLE;
  }
  memcpy(*jpeg, out, out_length);
  *jpeg_length = out_length;
  vips.g_free(out);
  return ILGI_IMAGE_DECODED;
}

void ilgi_image_free(void *pointer) { free(pointer); }
