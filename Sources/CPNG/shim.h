#include <png.h>

/* Macros Swift cannot import, as constants. */
static const png_uint_32 mtm_png_image_version = PNG_IMAGE_VERSION;
static const png_uint_32 mtm_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 mtm_png_image_warning = PNG_IMAGE_WARNING;

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Reading a PNG a row at a time with libpng's full API. libpng reports errors with longjmp,
 * which only C can catch: each step below sets its own jump point and returns non-zero, with
 * libpng's message in `message`, when libpng gave up. */
typedef struct mtm_png_reader {
  png_structp png;
  png_infop info;
  FILE *file;
  char message[256];
  png_uint_32 width;
  png_uint_32 height;
  int interlaced;
} mtm_png_reader;

static void mtm_png_reader_error(png_structp png, png_const_charp text) {
  mtm_png_reader *reader = (mtm_png_reader *)png_get_error_ptr(png);
  snprintf(reader->message, sizeof reader->message, "%s", text);
  png_longjmp(png, 1);
}

static void mtm_png_reader_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text; /* a warning (a bad ancillary chunk) leaves the picture usable */
}

static inline void mtm_png_reader_close(mtm_png_reader *reader) {
  if (!reader) return;
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  if (reader->file) fclose(reader->file);
  free(reader);
}

/* libpng's own reading says only "Read Error" when the file ends early. */
static void mtm_png_reader_read(png_structp png, png_bytep data, size_t length) {
  mtm_png_reader *reader = (mtm_png_reader *)png_get_io_ptr(png);
  if (fread(data, 1, length, reader->file) != length)
    png_error(png, ferror(reader->file) ? "the file could not be read to its end"
                                        : "the file ends before its image data does");
}

/* Takes over the open file `descriptor` (closed by mtm_png_reader_close, even on failure). */
static inline mtm_png_reader *mtm_png_reader_open(int descriptor) {
  mtm_png_reader *reader = calloc(1, sizeof *reader);
  if (!reader) return NULL;
  reader->file = fdopen(descriptor, "rb");
  if (!reader->file) {
    close(descriptor);
    free(reader);
    return NULL;
  }
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, mtm_png_reader_error,
                                       mtm_png_reader_warning);
  reader->info = reader->png ? png_create_info_struct(reader->png) : NULL;
  if (!reader->info) {
    mtm_png_reader_close(reader);
    return NULL;
  }
  png_set_read_fn(reader->png, reader, mtm_png_reader_read);
  return reader;
}

/* Reads the header and asks for every kind of PNG as 8-bit RGBA rows. */
static inline int mtm_png_reader_start(mtm_png_reader *reader) {
  png_structp png = reader->png;
  png_infop info = reader->info;
  if (setjmp(png_jmpbuf(png))) return 1;
  png_read_info(png, info);
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16) png_set_scale_16(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA)
    png_set_gray_to_rgb(png);
  if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
  reader->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
  if (reader->interlaced) png_set_interlace_handling(png);
  png_read_update_info(png, info);
  reader->width = png_get_image_width(png, info);
  reader->height = png_get_image_height(png, info);
  if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) {
    snprintf(reader->message, sizeof reader->message, "unexpected row layout");
    return 1;
  }
  return 0;
}

/* Reads the whole picture (height rows of width * 4 bytes): interlaced pictures need it. */
static inline int mtm_png_reader_image(mtm_png_reader *reader, unsigned char *pixels) {
  png_bytep *rows = malloc(sizeof(png_bytep) * reader->height);
  if (!rows) {
    snprintf(reader->message, sizeof reader->message, "out of memory");
    return 1;
  }
  for (png_uint_32 y = 0; y < reader->height; y++) rows[y] = pixels + (size_t)y * reader->width * 4;
  if (setjmp(png_jmpbuf(reader->png))) {
    free(rows);
    return 1;
  }
  png_read_image(reader->png, rows);
  free(rows);
  return 0;
}

/* Reads the next row (width * 4 bytes) of a picture that is not interlaced. */
static inline int mtm_png_reader_row(mtm_png_reader *reader, unsigned char *row) {
  if (setjmp(png_jmpbuf(reader->png))) return 1;
  png_read_row(reader->png, row, NULL);
  return 0;
}

/* Writes rows already laid out in the given PNG colour type and bit depth, optionally
 * Adam7-interlaced: the simplified API cannot interlace, and libpng reports errors with
 * longjmp, which only C can catch. Returns 0 on success. Used to make test fixtures. */
static inline int mtm_png_write_rows(const char *path, const unsigned char *rows,
                                     png_uint_32 width, png_uint_32 height, int bit_depth,
                                     int color_type, int interlaced,
                                     const png_color *palette, int palette_size) {
  FILE *file = fopen(path, "wb");
  if (!file) return 1;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    fclose(file);
    return 1;
  }
  png_init_io(png, file);
  png_set_IHDR(png, info, width, height, bit_depth, color_type,
               interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (palette) png_set_PLTE(png, info, palette, palette_size);
  png_write_info(png, info);
  size_t row_bytes = png_get_rowbytes(png, info);
  int passes = png_set_interlace_handling(png);
  for (int pass = 0; pass < passes; pass++)
    for (png_uint_32 y = 0; y < height; y++)
      png_write_row(png, rows + y * row_bytes);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return fclose(file) == 0 ? 0 : 1;
}
