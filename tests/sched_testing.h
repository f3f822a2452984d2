/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the policy's model tests: synthetic link databases from tests/data/linkmap. */
#ifndef PARALIA_SCHED_TESTING_H
#define PARALIA_SCHED_TESTING_H
#include "linkmap/linkmap.h"
#include "sched_policy/sched.h"
#include <stdio.h>
#include <stdlib.h>

/* Loads tests/data/linkmap/<name>.txt (from $top_srcdir, else the current directory); exits 99
 * (hard error) when it cannot. */
static inline void st_load(struct lm_db *db, const char *name)
{
	const char *top = getenv("top_srcdir");
	char path[1024], err[512];
	snprintf(path, sizeof path, "%s/tests/data/linkmap/%s.txt", top ? top : ".", name);
	if (lm_load(db, path, err, sizeof err) != 0) {
		fprintf(stderr, "cannot load %s: %s\n", path, err);
		exit(99);
	}
}

static inline void st_view(struct pl_dview *d, size_t bytes, int read, int write)
{
	d->bytes = bytes;
	d->read = read;
	d->write = write;
	for (int i = 0; i < LM_MAX_NODES; i++)
		d->eta[i] = PL_INF;
}

static inline int st_near(double a, double b) { return a == b || (a - b < 1e-6 * (b > 0 ? b : -b) + 1e-9 && b - a < 1e-6 * (b > 0 ? b : -b) + 1e-9); }
#endif
