/* PNG writer: see png_write.h. Format: RFC 2083 (PNG), RFC 1950 (zlib), RFC 1951 (deflate). */
#include "tools/png_write.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t png_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
	static uint32_t table[256];
	static int ready;
	if (!ready) {
		for (uint32_t i = 0; i < 256; i++) {
			uint32_t c = i;
			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			table[i] = c;
		}
		ready = 1;
	}
	crc = ~crc;
	for (size_t i = 0; i < n; i++)
		crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

uint32_t png_adler32(uint32_t adler, const unsigned char *p, size_t n)
{
	uint32_t a = adler & 0xffff, b = adler >> 16;
	for (size_t i = 0; i < n; i++) {
		a = (a + p[i]) % 65521;
		b = (b + a) % 65521;
	}
	return b << 16 | a;
}

static void be32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
}

static int chunk(FILE *f, const char *type, const unsigned char *data, size_t n)
{
	unsigned char head[8], tail[4];
	be32(head, (uint32_t)n);
	memcpy(head + 4, type, 4);
	uint32_t crc = png_crc32(0, head + 4, 4);
	crc = png_crc32(crc, data, n);
	be32(tail, crc);
	return fwrite(head, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) &&
	               fwrite(tail, 1, 4, f) == 4
	               ? 0
	               : -1;
}

/* zlib stream of the raw scanlines: header, stored blocks of at most 65535 bytes, Adler-32. */
static unsigned char *zlib_stored(const unsigned char *raw, size_t n, size_t *outlen)
{
	size_t nblocks = n / 65535 + 1;
	unsigned char *z = malloc(2 + n + 5 * nblocks + 4), *p = z;
	if (!z)
		return NULL;
	*p++ = 0x78, *p++ = 0x01; /* deflate, 32 KiB window, no dictionary, check bits */
	size_t off = 0;
	do {
		size_t len = n - off > 65535 ? 65535 : n - off;
		*p++ = off + len == n; /* BFINAL, BTYPE 00 = stored */
		*p++ = len & 0xff, *p++ = len >> 8;
		*p++ = ~len & 0xff, *p++ = (~len >> 8) & 0xff;
		memcpy(p, raw + off, len);
		p += len, off += len;
	} while (off < n);
	be32(p, png_adler32(1, raw, n));
	p += 4;
	*outlen = p - z;
	return z;
}

int png_write_rgb(const char *path, int width, int height, const unsigned char *rgb)
{
	if (width < 1 || height < 1 || width > 1 << 14 || height > 1 << 14) {
		errno = EINVAL;
		return -1;
	}
	size_t row = (size_t)width * 3 + 1, n = row * height, zlen;
	unsigned char *raw = malloc(n);
	if (!raw)
		return -1;
	for (int y = 0; y < height; y++) {
		raw[y * row] = 0; /* filter type None */
		memcpy(raw + y * row + 1, rgb + (size_t)y * width * 3, (size_t)width * 3);
	}
	unsigned char *z = zlib_stored(raw, n, &zlen);
	free(raw);
	if (!z)
		return -1;
	FILE *f = fopen(path, "wb");
	if (!f) {
		free(z);
		return -1;
	}
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char ihdr[13];
	be32(ihdr, width);
	be32(ihdr + 4, height);
	ihdr[8] = 8, ihdr[9] = 2, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0; /* 8-bit RGB */
	int ret = fwrite(sig, 1, 8, f) == 8 && !chunk(f, "IHDR", ihdr, 13) &&
	                  !chunk(f, "IDAT", z, zlen) && !chunk(f, "IEND", NULL, 0)
	                  ? 0
	                  : -1;
	free(z);
	if (fclose(f))
		ret = -1;
	return ret;
}
