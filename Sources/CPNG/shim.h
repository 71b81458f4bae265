#include <png.h>

/* Macros Swift cannot import, as constants. */
static const png_uint_32 mtm_png_image_version = PNG_IMAGE_VERSION;
static const png_uint_32 mtm_png_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 mtm_png_image_warning = PNG_IMAGE_WARNING;

#include <stdio.h>

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
