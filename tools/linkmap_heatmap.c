/*
 * Heat map of a link map's bandwidth matrix as a PNG: one square per ordered pair (row = from,
 * column = to), colour by bandwidth relative to the fastest link, the value written in the square
 * with a tiny built-in font, grey where there is no direct link.
 */
#include "tools/linkmap_heatmap.h"
#include "tools/png_write.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL 60
#define MARGIN 40
#define SCALE 2 /* font pixels per glyph pixel */

/* 3x5 glyphs, one row per 3 bits (most significant bit on the left). */
static const char glyph_chars[] = "0123456789.HG-";
static const unsigned char glyphs[][5] = {
	{ 7, 5, 5, 5, 7 }, { 2, 6, 2, 2, 7 }, { 7, 1, 7, 4, 7 }, { 7, 1, 7, 1, 7 }, { 5, 5, 7, 1, 1 },
	{ 7, 4, 7, 1, 7 }, { 7, 4, 7, 5, 7 }, { 7, 1, 1, 1, 1 }, { 7, 5, 7, 5, 7 }, { 7, 5, 7, 1, 7 },
	{ 0, 0, 0, 0, 2 }, { 5, 5, 7, 5, 5 }, { 7, 4, 5, 5, 7 }, { 0, 0, 7, 0, 0 },
};

struct image {
	int w, h;
	unsigned char *px;
};

static void put(struct image *im, int x, int y, const unsigned char c[3])
{
	if (x >= 0 && y >= 0 && x < im->w && y < im->h)
		memcpy(im->px + 3 * ((size_t)y * im->w + x), c, 3);
}

static void box(struct image *im, int x0, int y0, int w, int h, const unsigned char c[3])
{
	for (int y = y0; y < y0 + h; y++)
		for (int x = x0; x < x0 + w; x++)
			put(im, x, y, c);
}

/* Text centred on (cx, cy). */
static void text(struct image *im, int cx, int cy, const char *s, const unsigned char c[3])
{
	int n = (int)strlen(s), adv = 4 * SCALE;
	int x = cx - (n * adv - SCALE) / 2, y = cy - 5 * SCALE / 2;
	for (int i = 0; i < n; i++, x += adv) {
		const char *k = strchr(glyph_chars, s[i]);
		if (!k || !s[i])
			continue;
		const unsigned char *g = glyphs[k - glyph_chars];
		for (int r = 0; r < 5; r++)
			for (int b = 0; b < 3; b++)
				if (g[r] >> (2 - b) & 1)
					box(im, x + b * SCALE, y + r * SCALE, SCALE, SCALE, c);
	}
}

/* Dark blue (slow) through teal and green to yellow (fastest). */
static void colour(double t, unsigned char out[3])
{
	static const double stops[5][3] = {
		{ 68, 1, 84 }, { 59, 82, 139 }, { 33, 145, 140 }, { 94, 201, 98 }, { 253, 231, 37 }
	};
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	double f = t * 4;
	int i = f >= 4 ? 3 : (int)f;
	f -= i;
	for (int k = 0; k < 3; k++)
		out[k] = (unsigned char)(stops[i][k] + f * (stops[i + 1][k] - stops[i][k]) + 0.5);
}

static void label(const struct lm_db *db, int i, char *buf, size_t len)
{
	snprintf(buf, len, "%c%d", db->node[i].kind == LM_HOST ? 'H' : 'G', db->node[i].devid);
}

int lm_heatmap_png(const struct lm_db *db, const char *path)
{
	int n = db->nnodes;
	struct image im = { MARGIN + n * CELL + 4, MARGIN + n * CELL + 4, NULL };
	im.px = malloc((size_t)im.w * im.h * 3);
	if (!im.px)
		return -1;
	static const unsigned char white[3] = { 255, 255, 255 }, black[3] = { 0, 0, 0 },
	                           none[3] = { 200, 200, 200 }, diag[3] = { 90, 90, 90 };
	box(&im, 0, 0, im.w, im.h, white);
	double max = 0;
	for (int s = 0; s < n; s++)
		for (int d = 0; d < n; d++)
			if (db->link[s][d].bw_gbs > max)
				max = db->link[s][d].bw_gbs;
	for (int i = 0; i < n; i++) {
		char l[16];
		label(db, i, l, sizeof(l));
		text(&im, MARGIN + i * CELL + CELL / 2, MARGIN / 2, l, black); /* columns: to */
		text(&im, MARGIN / 2, MARGIN + i * CELL + CELL / 2, l, black); /* rows: from */
	}
	for (int s = 0; s < n; s++)
		for (int d = 0; d < n; d++) {
			int x = MARGIN + d * CELL, y = MARGIN + s * CELL;
			double bw = db->link[s][d].bw_gbs;
			unsigned char c[3];
			if (s == d)
				memcpy(c, diag, 3);
			else if (bw <= 0)
				memcpy(c, none, 3);
			else
				colour(max > 0 ? bw / max : 0, c);
			box(&im, x + 1, y + 1, CELL - 2, CELL - 2, c);
			if (s == d || bw <= 0)
				continue;
			char v[16];
			snprintf(v, sizeof(v), bw >= 100 ? "%.0f" : "%.1f", bw);
			int bright = c[0] * 3 + c[1] * 6 + c[2] > 1280;
			text(&im, x + CELL / 2, y + CELL / 2, v, bright ? black : white);
		}
	int ret = png_write_rgb(path, im.w, im.h, im.px);
	free(im.px);
	return ret;
}
