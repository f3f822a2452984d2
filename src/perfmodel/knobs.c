/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The autotuner's switches (PARALIA_PANELS, _C_LATE, _C_HOME, _DEEP, _CUT_B, _TALL, _DEPTH): the model's
 * choice by default, "none" or "all" to measure one way against the others (docs/AUTOTUNER.md).
 */
#include "config.h"
#include "perfmodel/model.h"
#include "common/parse.h"
#include <paralia.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum pm_env_mode pm_env_mode(const char *name, enum pm_env_mode unset, int *warned)
{
	static const char *word[3] = { [PM_ENV_NONE] = "none", [PM_ENV_MODEL] = "model", [PM_ENV_ALL] = "all" };
	static const enum pm_env_mode order[3] = { PM_ENV_MODEL, PM_ENV_ALL, PM_ENV_NONE };
	const char *v = getenv(name);
	if (!v || !*v)
		return unset;
	for (int i = 0; i < 3; i++)
		if (!strcmp(v, word[i]))
			return (enum pm_env_mode)i;
	if (!__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED)) {
		const char *other[2];
		for (int i = 0, n = 0; i < 3; i++) /* the default first, then the others in order */
			if (order[i] != unset)
				other[n++] = word[order[i]];
		fprintf(stderr, "paralia: %s=%s is not %s, %s or %s; using %s\n", name, v, word[unset],
		        other[0], other[1], word[unset]);
	}
	return unset;
}

void pm_panels_env(unsigned *may, unsigned *must)
{
	static int warned;
	const char *v = getenv("PARALIA_PANELS");
	if (v && (!strcmp(v, "a") || !strcmp(v, "b"))) { /* measuring: that operand only, always */
		*may = 0;
		*must = v[0] == 'a' ? 1 : 2;
		return;
	}
	enum pm_env_mode m = pm_env_mode("PARALIA_PANELS", PM_ENV_MODEL, &warned);
	*may = m == PM_ENV_MODEL ? 3 : 0;
	*must = m == PM_ENV_ALL ? 3 : 0;
}

/* A none / model / all switch read into may (not none) and must (all); `warned` is the switch's. */
static void may_must(const char *name, enum pm_env_mode unset, int *warned, int *may, int *must)
{
	enum pm_env_mode m = pm_env_mode(name, unset, warned);
	*may = m != PM_ENV_NONE;
	*must = m == PM_ENV_ALL;
}

void pm_c_late_env(int *may, int *must)
{
	static int warned;
	may_must("PARALIA_C_LATE", PM_ENV_MODEL, &warned, may, must);
}

void pm_c_home_env(int *may, int *must)
{
	static int warned;
	/* off by default: on one H100 whose CPU workers sum at 98.6 GB/s, C added at home at its best
	 * tile was within 5% of C read at its best at 7 of 8 FP64 host-resident points and 1.35x
	 * slower at 32768x32768x4096 (bench/results/gemm-cap-2026-11-26l.md) */
	may_must("PARALIA_C_HOME", PM_ENV_NONE, &warned, may, must);
}

void pm_deep_env(int *may, int *must)
{
	static int warned;
	may_must("PARALIA_DEEP", PM_ENV_MODEL, &warned, may, must);
}

void pm_cut_b_env(int *may, int *must)
{
	static int warned;
	may_must("PARALIA_CUT_B", PM_ENV_MODEL, &warned, may, must);
}

/* A model / none / count switch read into may (not none) and value (the count, 0 unless given:
 * measuring); `what` names the count in the line said once per *warned about another value. */
static void model_none_or_count(const char *name, const char *what, int *warned, int *may, int *value)
{
	const char *v = getenv(name);
	long x;
	*may = 1, *value = 0;
	if (pl_parse_long(v, 0, PARALIA_TILE_MAX, &x)) {
		*may = 0;
		*value = (int)x;
		return;
	}
	if (v && !strcmp(v, "none"))
		*may = 0;
	else if (v && *v && strcmp(v, "model") && !__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED))
		fprintf(stderr, "paralia: %s=%s is not model, none or %s from 0 to %d; using model\n", name,
		        v, what, PARALIA_TILE_MAX);
}

void pm_tall_env(int *may, int *rows)
{
	static int warned;
	model_none_or_count("PARALIA_TALL", "a row count", &warned, may, rows); /* R rows, or square */
}

void pm_depth_env(int *may, int *depth)
{
	static int warned;
	model_none_or_count("PARALIA_DEPTH", "a depth", &warned, may, depth); /* products that deep */
}
