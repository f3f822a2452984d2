/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Heat map of a link map's bandwidth matrix (paralia-linkmap heatmap), written with libpng. */
#ifndef PARALIA_LINKMAP_HEATMAP_H
#define PARALIA_LINKMAP_HEATMAP_H
#include "linkmap/linkmap.h"

/* Where things are in the picture of an n-node map (pixels): cell (s, d) has its top-left corner
 * at (x0 + d cell, y0 + s cell), its node names beside and above it; the colour bar spans bar_h pixels down from bar_y, the fastest
 * link's colour at the top, 0 GB/s at the bottom. The picture is at least 640 x 640. */
struct lm_heatmap_layout {
	int n, cell, scale; /* nodes, cell side, font pixels per glyph pixel */
	int x0, y0;
	int col_label_y;    /* the column names are centred on this row */
	int row_label_x;    /* the row names end at this column */
	int bar_x, bar_y, bar_w, bar_h;
	int w, h;
};
void lm_heatmap_layout(int n, struct lm_heatmap_layout *L);
/* Colour of a link at fraction t of the fastest (0..1): dark blue through teal and green to
 * yellow (viridis). Cells without a link are LM_HEATMAP_NONE, the diagonal LM_HEATMAP_SELF. */
void lm_heatmap_colour(double t, unsigned char rgb[3]);
#define LM_HEATMAP_NONE 210
#define LM_HEATMAP_SELF 90

/* Writes the PNG: the matrix (row: from, column: to) with node names, each link's GB/s in its
 * cell, a colour scale in GB/s and the legend. Returns 0, or -1 with errno set (ENOTSUP when
 * paralia-linkmap was built without libpng). */
int lm_heatmap_png(const struct lm_db *db, const char *path);
#endif
