#ifndef ILGI_IMAGE_H
#define ILGI_IMAGE_H

#include <stddef.h>

/// How reading a picture ended.
enum ilgi_image_outcome {
  /// Decoded; the size is filled in.
  ILGI_IMAGE_DECODED = 0,
  /// libvips could not be loaded: it is not installed.
  ILGI_IMAGE_NO_LIBRARY = 1,
  /// The bytes are no picture libvips can decode (damaged, truncated, or another kind).
  ILGI_IMAGE_UNDECODABLE = 2,
};

/// The most pixels a picture may have: 250 million, over the largest phone photo's 200.
#define ILGI_IMAGE_MAX_PIXELS 250000000

/// A decoded picture's size as it is shown: after its EXIF orientation, so a phone's portrait
/// photo stored sideways is taller than wide.
struct ilgi_image_size {
  int width;
  int height;
};

/// Reads the picture in `bytes` with libvips and gives its size; with `every_pixel`, decodes
/// every pixel first, so a damaged or truncated file is found now, not when it is shown. libvips is loaded (dlopen) the first time
/// this is called, so a command that shows no picture never pays for loading it and the
/// libraries it needs. `message` (may be NULL) receives libvips's reason on failure, cut to
/// `message_size`. Safe to call from any thread.
enum ilgi_image_outcome ilgi_image_decode(const void *bytes, size_t length, int every_pixel,
                                          struct ilgi_image_size *size, char *message, size_t message_size);

/// A JPEG (a PNG with `png`) of the picture in `bytes` for a page to show: turned upright by its
/// EXIF orientation, made smaller (never larger) to fit `max_side` pixels across and down,
/// without metadata (so without a position); an SVG is drawn at that size. `*jpeg` is malloc'd
/// (free it with ilgi_image_free).
enum ilgi_image_outcome ilgi_image_display_copy(const void *bytes, size_t length, int max_side, int png,
                                                unsigned char **jpeg, size_t *jpeg_length, char *message,
                                                size_t message_size);

/// Frees what ilgi_image_display_copy made.
void ilgi_image_free(void *pointer);

#endif
