/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One routine call under the autotuner's plan: the tile size (a kept operand imposes its own),
 * the device subset (this thread's tasks are restricted to its workers), and the 2D block-cyclic
 * owner of each C tile as a placement hint.
 */
#include "config.h"
#include "blas/tiled.h"
#include "perfmodel/plan.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tile size a call is planned with (pm_plan_get's force_T). A kept operand fixes it; two kept
 * operands must agree, and so must a tile size the user fixed. *force: that size; -1 when an
 * operand is kept but its tile size not fixed yet (its tiles are square all the same: gemm takes
 * no tall tiles beside it); 0 when none is kept. Returns 0 or an error (said). */
static int plan_force(const char *who, const void *const ptrs[3], int *force)
{
	static const char *names[3] = { "A", "B", "C" };
	int fixed = paralia_get_tile_size(), unfixed = 0;
	*force = 0;
	for (int i = 0; i < 3; i++) {
		int nb = pl_kept_tile_size(ptrs[i]);
		unfixed |= nb == 0;
		if (nb <= 0)
			continue;
		if ((*force && nb != *force) || (fixed > 0 && nb != fixed)) {
			fprintf(stderr, "paralia: %s: matrix %s is kept with tile size %d but %s %d\n", who,
			        names[i], nb, *force ? "another kept operand has" : "the tile size is fixed to",
			        *force ? *force : fixed);
			return PARALIA_ERR_KEPT_MISMATCH;
		}
		*force = nb;
	}
	if (!*force && unfixed)
		*force = -1;
	return 0;
}

/* The plan of a call (or a query) on these operands; NULL, said, where one lives on a GPU that
 * StarPU does not use. */
static const struct pm_plan *plan_of(const char *who, char routine, int dbl, int m, int n, int k,
                                     const struct pm_operand op[3], const int dev[3], int reads_c,
                                     int force)
{
	const struct pm_plan *plan = pm_plan_get(routine, dbl, m, n, k, op, dev, reads_c, force);
	if (!plan)
		fprintf(stderr, "paralia: %s: a matrix lives on a GPU StarPU does not use\n", who);
	return plan;
}

/* PARALIA_FETCH_AHEAD: unset or "model", the model's blocks; "all" or "none" (measuring). */
static int fetch_ahead_mode(void)
{
	static int warned;
	enum pm_env_mode m = pm_env_mode("PARALIA_FETCH_AHEAD", PM_ENV_MODEL, &warned);
	return m == PM_ENV_ALL ? PL_AHEAD_ALL : m == PM_ENV_NONE ? PL_AHEAD_NONE : PL_AHEAD_MODEL;
}

/* Where each operand lives, asked once per call (cudaPointerGetAttributes: the plan's key, the
 * caller's streams and the direct path all need it); unused ones (NULL) as the host. */
static void locate_operands(const struct pm_operand op[3], int dev[3])
{
	for (int i = 0; i < 3; i++)
		dev[i] = op[i].ptr ? paralia_locate(op[i].ptr) : PARALIA_HOST;
}

int pl_call_plan(struct pl_call *c, const char *who, char routine, int dbl, int m, int n, int k,
                 const struct pm_operand op[3], int reads_c)
{
	memset(c, 0, sizeof *c);
	locate_operands(op, c->dev);
	const void *ptrs[3] = { op[0].ptr, op[1].ptr, op[2].ptr };
	int force, ret = plan_force(who, ptrs, &force);
	if (ret)
		return ret;
	if (!(c->plan = plan_of(who, routine, dbl, m, n, k, op, c->dev, reads_c, force)))
		return PARALIA_ERR_PLACEMENT;
	c->nb = c->plan->T;
	/* gemm's tall tiles (the plan's: never with a kept operand, whose tiles are square); the
	 * tile size for the other routines (fill_plan) */
	c->mb = c->plan->pub.tile_rows;
	c->kb = c->plan->pub.tile_depth > c->nb ? c->plan->pub.tile_depth : c->nb; /* gemm's */
	const char *lz = getenv("PARALIA_WR_LAZY");
	c->force_lazy = lz && !strcmp(lz, "force") && reads_c;
	c->fetch_ahead = fetch_ahead_mode();
	c->lazy_worker = c->plan->lazy_worker;
	c->lazy = c->plan->pub.wr_lazy && c->plan->pub.pinned && c->plan->lazy_worker >= 0;
	pl_submit_scope(c->plan->mask, c->plan->mask_len);
	return 0;
}

int pl_call_order(struct pl_call *c)
{
	/* before any task can touch them: operands on GPUs are as the caller's program order says */
	return pl_order_after_caller(c->dev, 3);
}

int pl_call_begin(struct pl_call *c, const char *who, char routine, int dbl, int m, int n, int k,
                  const struct pm_operand op[3], int reads_c)
{
	int ret = pl_call_plan(c, who, routine, dbl, m, n, k, op, reads_c);
	if (!ret && (ret = pl_call_order(c)))
		pl_call_end(c);
	return ret;
}

const struct paralia_task_opts *pl_call_opts(struct pl_call *c, int i, int j)
{
	int w = c->plan ? pm_plan_owner(c->plan, i, j) : -1;
	if (w < 0)
		return NULL;
	c->opts.priority = 0;
	c->opts.worker = w;
	return &c->opts;
}

/* Here, beside the call, so that the query plans as the call does: a kept operand's tile size,
 * square tiles beside one (plan_force). */
int paralia_plan_query(char routine, char prec, int m, int n, int k, const void *A, const void *B,
                       const void *C, double beta, struct paralia_plan *out)
{
	const char *who = "paralia_plan_query";
	if (!strchr("gsymtr", routine) || !routine)
		return pl_arg_error(who, 1, "routine", "'%c' is not g, s, y, m, t or r", routine);
	if (prec != 's' && prec != 'd')
		return pl_arg_error(who, 2, "prec", "'%c' is not s or d", prec);
	if (m < 0) return pl_arg_error(who, 3, "m", "%d is negative", m);
	if (n < 0) return pl_arg_error(who, 4, "n", "%d is negative", n);
	if (k < 0) return pl_arg_error(who, 5, "k", "%d is negative", k);
	if (!out) return pl_arg_error(who, 10, "out", "NULL");
	if (!paralia_is_initialized()) {
		fprintf(stderr, "paralia: %s: call paralia_init() first\n", who);
		return PARALIA_ERR_NOT_INITIALIZED;
	}
	/* no leading dimensions here: each operand untransposed, its rows as leading dimension; a
	 * call with other leading dimensions is planned and cached on its own */
	const void *ptr[3] = { A, B, C };
	struct pm_operand op[3];
	for (int o = 0; o < 3; o++) {
		int rows = (int)pm_untransposed_rows(routine, m, k, o);
		op[o] = (struct pm_operand){ ptr[o], rows, rows, 0 };
	}
	int force, dev[3], ret = plan_force(who, ptr, &force);
	if (ret)
		return ret;
	locate_operands(op, dev);
	const struct pm_plan *pl = plan_of(who, routine, prec == 'd', m, n, k, op, dev, beta != 0, force);
	if (!pl)
		return PARALIA_ERR_PLACEMENT;
	*out = pl->pub;
	return 0;
}

void pl_call_end(struct pl_call *c)
{
	pl_submit_scope(NULL, 0);
	c->plan = NULL;
}
