/*
 * The heat map's PNG encoder (tools/png_write.c): CRC-32 and Adler-32 against their published
 * check values, and an image larger than one stored deflate block read back field by field.
 */
#include "tools/png_write.h"
#include "tests/testing.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int main(void)
{
	t_set_name("linkmap_png");
	const unsigned char *nine = (const unsigned char *)"123456789";
	t_check(png_crc32(0, nine, 9) == 0xcbf43926u, "CRC-32 of '123456789' is cbf43926");
	t_check(png_adler32(1, (const unsigned char *)"Wikipedia", 9) == 0x11e60398u,
	        "Adler-32 of 'Wikipedia' is 11e60398");
	t_check(png_crc32(png_crc32(0, nine, 4), nine + 4, 5) == 0xcbf43926u, "CRC-32 in two pieces");

	/* 200 x 150 RGB: 150 rows of 601 bytes = 90150 bytes, two stored blocks. */
	int w = 200, h = 150;
	unsigned char *rgb = malloc((size_t)w * h * 3);
	for (int i = 0; i < w * h * 3; i++)
		rgb[i] = (unsigned char)(i * 7 + i / 600);
	char path[256];
	snprintf(path, sizeof(path), "%s/linkmap_png.%ld.png", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
	         (long)getpid());
	t_check(png_write_rgb(path, w, h, rgb) == 0, "png_write_rgb %s", path);
	t_check(png_write_rgb(path, 0, h, rgb) == -1, "png_write_rgb refuses a width of 0");
	FILE *f = fopen(path, "rb");
	static unsigned char d[1 << 18];
	size_t n = f ? fread(d, 1, sizeof(d), f) : 0;
	if (f)
		fclose(f);
	unlink(path);
	t_check(n > 8 && !memcmp(d, "\x89PNG\r\n\x1a\n", 8), "PNG signature");
	size_t p = 8;
	int nchunks = 0, crc_ok = 1, ihdr_ok = 0, data_ok = 0;
	while (p + 12 <= n) {
		uint32_t len = be32(d + p);
		const unsigned char *type = d + p + 4, *body = d + p + 8;
		if (p + 12 + len > n)
			break;
		crc_ok &= png_crc32(0, type, 4 + len) == be32(body + len);
		if (!memcmp(type, "IHDR", 4))
			ihdr_ok = len == 13 && be32(body) == (uint32_t)w && be32(body + 4) == (uint32_t)h &&
			          body[8] == 8 && body[9] == 2;
		if (!memcmp(type, "IDAT", 4)) {
			/* zlib header, then stored blocks: walk them, rebuild the raw scanlines */
			static unsigned char raw[1 << 18];
			size_t q = 2, r = 0;
			int last = 0, ok = body[0] == 0x78 && (body[0] * 256 + body[1]) % 31 == 0;
			while (ok && !last && q + 5 <= len) {
				last = body[q] & 1;
				ok = (body[q] & 6) == 0;
				unsigned bl = body[q + 1] | body[q + 2] << 8, nl = body[q + 3] | body[q + 4] << 8;
				ok = ok && (bl ^ nl) == 0xffff && q + 5 + bl <= len;
				if (ok)
					memcpy(raw + r, body + q + 5, bl);
				r += bl, q += 5 + bl;
			}
			ok = ok && last && r == (size_t)h * (3 * w + 1) && q + 4 == len &&
			     be32(body + q) == png_adler32(1, raw, r);
			for (int y = 0; ok && y < h; y++)
				ok = raw[y * (3 * w + 1)] == 0 &&
				     !memcmp(raw + y * (3 * w + 1) + 1, rgb + (size_t)y * w * 3, (size_t)w * 3);
			data_ok = ok;
		}
		nchunks++;
		p += 12 + len;
	}
	t_check(crc_ok && nchunks == 3 && p == n, "3 chunks, every CRC right, nothing after IEND");
	t_check(ihdr_ok, "IHDR: 200 x 150, 8-bit RGB");
	t_check(data_ok, "IDAT: stored blocks hold every pixel, Adler-32 right");
	free(rgb);
	return t_summary();
}
