/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Heat map of a link map's bandwidth matrix as a PNG (libpng): one square per ordered pair
 * (row = from, column = to) coloured by its bandwidth, the value in GB/s written in it, node
 * names along both sides, a colour scale in GB/s beside the matrix, grey where there is no
 * direct link. Cells are large enough for the values at 1 to 15 GPUs (80 to 360 pixels).
 */
#include "config.h"
#include "tools/linkmap_heatmap.h"
#include "tools/font5x8.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_LIBPNG
#include <png.h>
#endif

#define MIN_SIDE 640
#define PAD 24

void lm_heatmap_layout(int n, struct lm_heatmap_layout *L)
{
	memset(L, 0, sizeof *L);
	L->n = n < 1 ? 1 : n;
	L->cell = 720 / L->n;
	L->cell = L->cell < 80 ? 80 : L->cell > 360 ? 360 : L->cell;
	L->scale = 2;
	int ch = (FONT_W + 1) * L->scale, line = (FONT_H + 3) * L->scale;
	L->x0 = PAD + 6 * ch + PAD;               /* row labels: "gpu15" */
	L->y0 = PAD + 3 * line + PAD / 2;         /* title, "to", column labels */
	L->col_label_y = PAD + 5 * line / 2;
	L->row_label_x = L->x0 - PAD / 2;
	L->bar_x = L->x0 + L->n * L->cell + PAD + 8;
	L->bar_w = 24;
	L->bar_y = L->y0;
	L->bar_h = L->n * L->cell;
	L->w = L->bar_x + L->bar_w + 14 + 7 * ch + PAD; /* tick values: up to 7 characters */
	L->h = L->y0 + L->n * L->cell + PAD + line + PAD; /* the legend below */
	L->w = L->w < MIN_SIDE ? MIN_SIDE : L->w;
	L->h = L->h < MIN_SIDE ? MIN_SIDE : L->h;
}

void lm_heatmap_colour(double t, unsigned char out[3])
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

struct image {
	int w, h;
	unsigned char *px; /* RGB, row by row */
};

static void box(struct image *im, int x0, int y0, int w, int h, const unsigned char c[3])
{
	for (int y = y0 < 0 ? 0 : y0; y < y0 + h && y < im->h; y++)
		for (int x = x0 < 0 ? 0 : x0; x < x0 + w && x < im->w; x++)
			memcpy(im->px + 3 * ((size_t)y * im->w + x), c, 3);
}

static int text_width(const char *s, int scale)
{
	int n = (int)strlen(s);
	return n ? n * (FONT_W + 1) * scale - scale : 0;
}

/* Text with its left end at x (align 0), centred on x (1) or ending at x (2), centred on cy. */
static void text(struct image *im, int x, int cy, int align, const char *s, int scale,
                 const unsigned char c[3])
{
	int w = text_width(s, scale);
	x -= align == 1 ? w / 2 : align == 2 ? w : 0;
	int y = cy - (FONT_H - 1) * scale / 2; /* the descender row hangs below */
	for (; *s; s++, x += (FONT_W + 1) * scale) {
		const unsigned char *g = font5x8_glyph(*s);
		for (int r = 0; g && r < FONT_H; r++)
			for (int b = 0; b < FONT_W; b++)
				if (g[r] >> (FONT_W - 1 - b) & 1)
					box(im, x + b * scale, y + r * scale, scale, scale, c);
	}
}

static void gbs_text(double bw, char *buf, size_t len)
{
	snprintf(buf, len, bw >= 100 ? "%.0f" : bw >= 1 ? "%.1f" : "%.3f", bw);
}

static const unsigned char black[3] = { 0, 0, 0 }, white[3] = { 255, 255, 255 };

static void draw_labels(struct image *im, const struct lm_heatmap_layout *L, const struct lm_db *db)
{
	int s = L->scale, line = (FONT_H + 3) * s;
	text(im, PAD, PAD + line / 2, 0, "link bandwidth, GB/s (each link used alone)", s, black);
	text(im, L->x0 + L->n * L->cell / 2, PAD + 3 * line / 2, 1, "to", s, black);
	text(im, PAD, L->col_label_y, 0, "from", s, black);
	for (int i = 0; i < L->n; i++) {
		char name[32];
		lm_node_name(db, i, name, sizeof name);
		text(im, L->x0 + i * L->cell + L->cell / 2, L->col_label_y, 1, name, s, black);
		text(im, L->row_label_x, L->y0 + i * L->cell + L->cell / 2, 2, name, s, black);
	}
}

static void draw_cells(struct image *im, const struct lm_heatmap_layout *L, const struct lm_db *db,
                       double max)
{
	static const unsigned char none[3] = { LM_HEATMAP_NONE, LM_HEATMAP_NONE, LM_HEATMAP_NONE },
	                           self[3] = { LM_HEATMAP_SELF, LM_HEATMAP_SELF, LM_HEATMAP_SELF };
	for (int s = 0; s < L->n; s++)
		for (int d = 0; d < L->n; d++) {
			int x = L->x0 + d * L->cell, y = L->y0 + s * L->cell;
			double bw = db->link[s][d].bw_gbs;
			unsigned char c[3];
			if (s == d)
				memcpy(c, self, 3);
			else if (bw <= 0)
				memcpy(c, none, 3);
			else
				lm_heatmap_colour(max > 0 ? bw / max : 0, c);
			box(im, x + 1, y + 1, L->cell - 2, L->cell - 2, c);
			if (s == d || bw <= 0)
				continue;
			char v[24];
			gbs_text(bw, v, sizeof v);
			int bright = c[0] * 3 + c[1] * 6 + c[2] > 1280;
			text(im, x + L->cell / 2, y + L->cell / 2, 1, v, L->scale, bright ? black : white);
		}
}

/* The colour bar: its top row is the fastest link's colour, its bottom row 0 GB/s; five ticks. */
static void draw_scale(struct image *im, const struct lm_heatmap_layout *L, double max)
{
	int s = L->scale;
	for (int r = 0; r < L->bar_h; r++) {
		unsigned char c[3];
		lm_heatmap_colour(L->bar_h > 1 ? 1.0 - (double)r / (L->bar_h - 1) : 1, c);
		box(im, L->bar_x, L->bar_y + r, L->bar_w, 1, c);
	}
	text(im, L->bar_x, L->bar_y - (FONT_H + 3) * s, 0, "GB/s", s, black);
	for (int k = 0; k <= 4; k++) {
		int y = L->bar_y + (int)((double)(4 - k) / 4 * (L->bar_h - 1) + 0.5);
		char v[24];
		gbs_text(max * k / 4, v, sizeof v);
		box(im, L->bar_x + L->bar_w, y, 6, 1, black);
		text(im, L->bar_x + L->bar_w + 14, y, 0, k == 0 ? "0" : v, s, black);
	}
}

static void draw_legend(struct image *im, const struct lm_heatmap_layout *L)
{
	static const unsigned char none[3] = { LM_HEATMAP_NONE, LM_HEATMAP_NONE, LM_HEATMAP_NONE },
	                           self[3] = { LM_HEATMAP_SELF, LM_HEATMAP_SELF, LM_HEATMAP_SELF };
	int s = L->scale, sq = FONT_H * s, y = L->y0 + L->n * L->cell + PAD;
	box(im, L->x0, y, sq, sq, none);
	text(im, L->x0 + sq + 6, y + sq / 2, 0, "no direct link", s, black);
	int x = L->x0 + sq + 6 + text_width("no direct link", s) + 3 * PAD;
	box(im, x, y, sq, sq, self);
	text(im, x + sq + 6, y + sq / 2, 0, "same node", s, black);
}

#ifndef HAVE_LIBPNG
static int write_png(const char *path, const struct image *im)
{
	(void)path;
	(void)im;
	errno = ENOTSUP; /* configure found no libpng (Debian: libpng-dev) */
	return -1;
}
#else
static int write_png(const char *path, const struct image *im)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	png_bytep *rows = malloc(sizeof *rows * (size_t)im->h);
	int ret = -1;
	if (!png || !info || !rows)
		goto out;
	if (setjmp(png_jmpbuf(png))) { /* libpng's errors (a full disk) come back here */
		errno = errno ? errno : EIO;
		goto out;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, (png_uint_32)im->w, (png_uint_32)im->h, 8, PNG_COLOR_TYPE_RGB,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	for (int y = 0; y < im->h; y++)
		rows[y] = im->px + 3 * (size_t)y * im->w;
	png_set_rows(png, info, rows);
	png_write_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
	ret = 0;
out:
	png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
	free(rows);
	if (fclose(f) && !ret)
		ret = -1;
	if (ret)
		remove(path);
	return ret;
}
#endif

int lm_heatmap_png(const struct lm_db *db, const char *path)
{
	struct lm_heatmap_layout L;
	lm_heatmap_layout(db->nnodes, &L);
	struct image im = { L.w, L.h, malloc((size_t)L.w * L.h * 3) };
	if (!im.px)
		return -1;
	memset(im.px, 255, (size_t)L.w * L.h * 3);
	double max = 0;
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++)
			if (db->link[s][d].bw_gbs > max)
				max = db->link[s][d].bw_gbs;
	draw_labels(&im, &L, db);
	draw_cells(&im, &L, db, max);
	draw_scale(&im, &L, max);
	draw_legend(&im, &L);
	int ret = write_png(path, &im);
	free(im.px);
	return ret;
}
