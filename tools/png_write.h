/*
 * Minimal PNG writer for the link map heat map: 8-bit RGB, no filtering, the image data in
 * stored (uncompressed) deflate blocks. A few hundred kilobytes at most, so compression is not
 * worth a zlib dependency.
 */
#ifndef PARALIA_PNG_WRITE_H
#define PARALIA_PNG_WRITE_H
#include <stddef.h>
#include <stdint.h>

/* Writes a width x height image, rgb holding 3 bytes per pixel row by row. Returns 0 or -1
 * (errno set). */
int png_write_rgb(const char *path, int width, int height, const unsigned char *rgb);
/* The checksums PNG and zlib use, exposed for tests. */
uint32_t png_crc32(uint32_t crc, const unsigned char *p, size_t n);
uint32_t png_adler32(uint32_t adler, const unsigned char *p, size_t n);
#endif
