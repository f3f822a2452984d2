/* Heat map of a link map's bandwidth matrix (paralia-linkmap heatmap). */
#ifndef PARALIA_LINKMAP_HEATMAP_H
#define PARALIA_LINKMAP_HEATMAP_H
#include "linkmap/linkmap.h"

/* Writes the PNG. Returns 0 or -1 (errno set). */
int lm_heatmap_png(const struct lm_db *db, const char *path);
#endif
