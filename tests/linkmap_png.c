/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link map's heat map (tools/linkmap_heatmap.c, written with libpng), read back with libpng
 * for maps of 1 to 8 GPUs (a 1-GPU uniform map, 4xH200, PCIe-only with missing peer links,
 * DGX-1 and A100 with 8): at least 640 x 640 pixels; every cell has its link's colour (the
 * scale's colour for its fraction of the fastest, grey without a link, dark on the diagonal);
 * every link's value is written in its cell and nothing in a cell without one; every row and
 * column has its node's name; the colour bar runs from the fastest colour down to 0 GB/s with
 * its tick labels. A folder that does not exist gives -1. Skips (77) when built without libpng.
 */
#include "config.h"
#include "tools/linkmap_heatmap.h"
#include "tests/testing.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_LIBPNG
#include <png.h>

struct picture {
	int w, h;
	unsigned char *px;
};

static int read_png(const char *path, struct picture *p)
{
	png_image im;
	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&im, path))
		return -1;
	im.format = PNG_FORMAT_RGB;
	p->w = (int)im.width;
	p->h = (int)im.height;
	p->px = malloc(PNG_IMAGE_SIZE(im));
	if (!p->px || !png_image_finish_read(&im, NULL, p->px, 0, NULL)) {
		png_image_free(&im);
		return -1;
	}
	return 0;
}

static const unsigned char *at(const struct picture *p, int x, int y)
{
	return p->px + 3 * ((size_t)y * p->w + x);
}

static int same(const unsigned char *a, const unsigned char *b, int tol)
{
	for (int k = 0; k < 3; k++)
		if (abs(a[k] - b[k]) > tol)
			return 0;
	return 1;
}

/* Pixels in [x0, x0+w) x [y0, y0+h) that differ from colour c. */
static int differing(const struct picture *p, int x0, int y0, int w, int h, const unsigned char *c)
{
	int n = 0;
	for (int y = y0; y < y0 + h; y++)
		for (int x = x0; x < x0 + w; x++)
			n += !same(at(p, x, y), c, 0);
	return n;
}

static void check_map(const char *what, const struct lm_db *db, const char *path)
{
	int ret = lm_heatmap_png(db, path);
	struct picture p = { 0, 0, NULL };
	if (ret != 0 || read_png(path, &p) != 0) {
		t_check(0, "%s: written (%d) and read back by libpng", what, ret);
		return;
	}
	unlink(path);
	struct lm_heatmap_layout L;
	lm_heatmap_layout(db->nnodes, &L);
	t_check(p.w == L.w && p.h == L.h && p.w >= 640 && p.h >= 640, "%s: %d x %d pixels (layout %d x %d)",
	        what, p.w, p.h, L.w, L.h);
	if (p.w != L.w || p.h != L.h) {
		free(p.px);
		return;
	}
	double max = 0;
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++)
			max = db->link[s][d].bw_gbs > max ? db->link[s][d].bw_gbs : max;
	static const unsigned char none[3] = { LM_HEATMAP_NONE, LM_HEATMAP_NONE, LM_HEATMAP_NONE },
	                           self[3] = { LM_HEATMAP_SELF, LM_HEATMAP_SELF, LM_HEATMAP_SELF },
	                           white[3] = { 255, 255, 255 };
	int colours = 0, values = 0, empty = 0, cells = 0, links = 0;
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++) {
			int x = L.x0 + d * L.cell, y = L.y0 + s * L.cell;
			double bw = db->link[s][d].bw_gbs;
			unsigned char want[3];
			if (s == d)
				memcpy(want, self, 3);
			else if (bw <= 0)
				memcpy(want, none, 3);
			else
				lm_heatmap_colour(bw / max, want);
			cells++;
			colours += same(at(&p, x + 3, y + 3), want, 0) &&
			           same(at(&p, x + L.cell - 4, y + L.cell - 4), want, 0);
			/* the value sits in the middle band of the cell */
			int ink = differing(&p, x + 2, y + L.cell / 4, L.cell - 4, L.cell / 2, want);
			if (s != d && bw > 0) {
				links++;
				values += ink > 20;
			} else {
				empty += ink == 0;
			}
		}
	t_check(colours == cells, "%s: %d of %d cells have their link's colour", what, colours, cells);
	t_check(values == links && empty == cells - links,
	        "%s: a value in each of the %d links' cells (%d), none in the %d others (%d)", what,
	        links, values, cells - links, empty);
	int rows = 0, cols = 0;
	for (int i = 0; i < db->nnodes; i++) {
		rows += differing(&p, L.row_label_x - 40, L.y0 + i * L.cell + L.cell / 4, 40, L.cell / 2,
		                  white) > 20;
		cols += differing(&p, L.x0 + i * L.cell + 2, L.col_label_y - 8, L.cell - 4, 16, white) > 20;
	}
	t_check(rows == db->nnodes && cols == db->nnodes, "%s: a name beside each row (%d) and above "
	        "each column (%d)", what, rows, cols);
	unsigned char top[3], bottom[3];
	lm_heatmap_colour(1, top);
	lm_heatmap_colour(0, bottom);
	int bar = same(at(&p, L.bar_x + L.bar_w / 2, L.bar_y), top, 0) &&
	          same(at(&p, L.bar_x + L.bar_w / 2, L.bar_y + L.bar_h - 1), bottom, 0);
	int ticks = differing(&p, L.bar_x + L.bar_w + 8, L.bar_y - 12, p.w - L.bar_x - L.bar_w - 8,
	                      L.bar_h + 24, white) > 5 * 20;
	t_check(bar && ticks, "%s: colour bar from the fastest link's colour to 0 GB/s, with tick "
	        "values", what);
	free(p.px);
}

static int load(struct lm_db *db, const char *name)
{
	char path[1024], err[512];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof path, "%s/tests/data/linkmap/%s", top ? top : ".", name);
	if (lm_load(db, path, err, sizeof err) == 0)
		return 0;
	t_check(0, "load %s: %s", name, err);
	return -1;
}
#endif

int main(void)
{
	t_set_name("linkmap_png");
#ifndef HAVE_LIBPNG
	printf("linkmap_png: built without libpng (Debian: libpng-dev): no heat map to check, skipped\n");
	return 77;
#else
	char path[256];
	snprintf(path, sizeof path, "%s/linkmap_png.%ld.png", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
	         (long)getpid());
	static struct lm_db db;
	lm_build_uniform(&db, 1, 55.4, 55.3, 0, 10);
	check_map("1 GPU", &db, path);
	static const char *maps[] = { "h200x4.txt", "pcie-only-4.txt", "dgx1-v100.txt",
	                              "a100-nvswitch-8.txt" };
	for (unsigned i = 0; i < sizeof maps / sizeof maps[0]; i++)
		if (load(&db, maps[i]) == 0)
			check_map(maps[i], &db, path);
	errno = 0;
	t_check(lm_heatmap_png(&db, "/nonexistent-folder/x.png") == -1 && errno == ENOENT,
	        "a folder that does not exist: -1, errno ENOENT");
	return t_summary();
#endif
}
