/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Device selection, between the candidates (candidates.c) and the choice (eta.c): which worker
 * classes get none of a task (far slower than the best class for it), the estimates of classes
 * still calibrating anchored on measured ones, and the candidate list cut down to the workers
 * whose class can run the task. Pure arithmetic, unit-tested in tests/sched_eta.
 */
#include "sched_policy/sched.h"

int pl_exclude_slow_classes(double *kernel_us, uint64_t classes, double ratio)
{
	if (!(ratio > 0))
		return 0;
	double best = PL_INF; /* the least kernel time among the classes that can run the task */
	for (uint64_t m = classes; m; m &= m - 1) {
		double k = kernel_us[__builtin_ctzll(m)];
		if (k >= 0 && k < best)
			best = k;
	}
	int n = 0;
	for (uint64_t m = classes; m; m &= m - 1) {
		double *k = &kernel_us[__builtin_ctzll(m)];
		/* 1 us floor: tiny tasks cost their scheduling, not their kernel */
		if (*k > ratio * best && *k > 1.0) {
			*k = -1;
			n++;
		}
	}
	return n;
}

int pl_exclude_slow(double *kernel_us, const struct pl_cand *c, int nc, double ratio)
{
	/* By class, not by candidate: a CPU class has as many candidates as cores. */
	_Static_assert(PL_MAX_CLASSES <= 64, "a class is a bit of the mask");
	uint64_t cls = 0;
	for (int i = 0; i < nc; i++)
		cls |= 1ull << c[i].cls;
	return pl_exclude_slow_classes(kernel_us, cls, ratio);
}

int pl_runnable(struct pl_cand *c, int nc, const double *kernel_us)
{
	int n = 0;
	for (int i = 0; i < nc; i++)
		if (kernel_us[c[i].cls] >= 0) { /* negative or NaN: the class cannot run it */
			if (n != i)
				c[n] = c[i];
			n++;
		}
	return n > 0 ? n : nc;
}

void pl_anchor_fallbacks(double *kernel_us, const double *fb, const int *measured,
                         const int *usable, const int *type, int ncls)
{
	for (int c = 0; c < ncls; c++) {
		if (!usable[c] || measured[c])
			continue;
		int r = -1;
		for (int k = 0; k < ncls; k++)
			if (usable[k] && measured[k] && fb[k] > 0 && (r < 0 || type[k] == type[c]))
				r = k;
		if (r >= 0)
			kernel_us[c] = kernel_us[r] * fb[c] / fb[r];
	}
}
