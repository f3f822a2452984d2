/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-worker queues: priority first (higher first), then inputs' predicted arrival (earliest
 * first), FIFO among equals; pop prefers, within the head's priority and a small window, the
 * task whose inputs are already there, and with ready_below (PARALIA_POP_READY=1) one of a lower
 * priority whose inputs are there where the head's all wait (=2: only one whose kernel is no
 * longer than the head's missing copies); removal from the middle keeps the list whole.
 */
#include "tests/testing.h"
#include "sched_policy/sched.h"
#include <string.h>

struct fake { int id; double missing; };

static double missing(void *task, void *arg)
{
	(void)arg;
	return ((struct fake *)task)->missing;
}

/* each missing copy takes 1 ms */
static double copy_us(void *task, void *arg)
{
	(void)arg;
	return 1000 * ((struct fake *)task)->missing;
}

static int ready_below; /* pl_queue_pop's below: PARALIA_POP_READY */

static int pop_id(struct pl_queue *q, int window)
{
	struct pl_qent *e = pl_queue_pop(q, window, ready_below, missing, copy_us, NULL);
	return e ? ((struct fake *)e->task)->id : -1;
}

int main(void)
{
	t_set_name("sched_queue");
	struct pl_queue q;
	pl_queue_init(&q);
	t_check(pl_queue_pop(&q, 8, 0, missing, copy_us, NULL) == NULL, "empty queue pops nothing");

	/* id, prio, key */
	int prio[8] = { 0, 0, 5, 0, 5, -3, 0, 0 };
	double key[8] = { 30, 10, 50, 20, 40, 0, 10, 10 };
	struct fake f[8];
	struct pl_qent e[8];
	for (int i = 0; i < 8; i++) {
		f[i] = (struct fake){ i, 0 };
		memset(&e[i], 0, sizeof e[i]);
		e[i].prio = prio[i], e[i].key = key[i], e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	t_check(q.n == 8, "8 entries (%d)", q.n);
	/* expected: prio 5 by key (4:40, 2:50), prio 0 by key, FIFO among equal keys (1, 6, 7 at 10),
	 * then 3 (20), 0 (30), then prio -3 */
	int expect[8] = { 4, 2, 1, 6, 7, 3, 0, 5 };
	int order_ok = 1, got[8];
	for (int i = 0; i < 8; i++) {
		got[i] = pop_id(&q, 1);
		order_ok &= got[i] == expect[i];
	}
	t_check(order_ok, "order by priority then key: %d %d %d %d %d %d %d %d", got[0], got[1], got[2],
	        got[3], got[4], got[5], got[6], got[7]);
	t_check(q.n == 0 && pop_id(&q, 1) == -1, "empty after 8 pops");

	/* Readiness: the head's inputs are still on their way; the third task's are there. */
	for (int i = 0; i < 5; i++) {
		f[i] = (struct fake){ i, i == 2 ? 0 : 2 };
		e[i].prio = i == 4 ? 0 : 1, e[i].key = i, e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	f[4].missing = 0; /* ready, but lower priority: must not jump ahead */
	t_check(pop_id(&q, 8) == 2, "pop takes the ready task within the window");
	t_check(pop_id(&q, 8) == 0, "then the head again (none ready among same priority)");
	t_check(pop_id(&q, 1) == 1, "window 1: strict order");
	f[3].missing = 1;
	t_check(pop_id(&q, 8) == 3, "fewest missing copies among priority 1");
	t_check(pop_id(&q, 8) == 4, "lower priority last even though it was ready");

	/* With ready_below (PARALIA_POP_READY=1): the head's priority all waiting, a ready task of a
	 * lower priority within the window runs first (gemm's geadd waiting for its C tile, the
	 * chains' products ready); a ready task of the head's priority still comes before it; none
	 * ready, the head's priority as without; beyond the window, nothing is taken. */
	ready_below = 1;
	int pr[6] = { 2, 2, 1, 0, 0, 1 };
	double miss[6] = { 1, 1, 2, 0, 0, 0 };
	for (int i = 0; i < 6; i++) {
		f[i] = (struct fake){ i, miss[i] };
		e[i].prio = pr[i], e[i].key = i, e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	/* order: 0 1 (prio 2, waiting), 2 5 (prio 1: 2 waiting, 5 ready), 3 4 (prio 0, ready) */
	t_check(pop_id(&q, 8) == 5, "ready below: the first ready entry of a lower priority (5)");
	f[1].missing = 0;
	t_check(pop_id(&q, 8) == 1, "a ready entry of the head's priority first (1)");
	t_check(pop_id(&q, 2) == 0, "window 2: the head's priority only, the head (0)");
	t_check(pop_id(&q, 8) == 3, "then below the waiting head (2): the ready 3");
	f[4].missing = 1;
	t_check(pop_id(&q, 8) == 2, "none ready: the head (2)");
	t_check(pop_id(&q, 8) == 4 && q.n == 0, "and the last");
	/* the window counts the head's priority's entries too: a ready entry below them but beyond
	 * the window is not taken */
	int pw[3] = { 2, 2, 1 };
	for (int i = 0; i < 3; i++) {
		f[i] = (struct fake){ i, i == 2 ? 0 : 1 };
		e[i].prio = pw[i], e[i].key = i, e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	t_check(pop_id(&q, 2) == 0, "window 2 over two waiting entries of the head's priority: the head");
	t_check(pop_id(&q, 3) == 2, "window 3: the ready entry below them");
	while (q.n)
		pop_id(&q, 1);

	/* PARALIA_POP_READY=2 (PL_POP_SHORTER): below the waiting head, only a ready entry whose kernel
	 * is no longer than the copies the head still misses (here 1 ms a copy). */
	ready_below = PL_POP_SHORTER;
	int ps[4] = { 2, 1, 0, 0 };
	double ms[4] = { 1, 0, 0, 0 }, len[4] = { 0, 1500, 800, 500 };
	for (int i = 0; i < 4; i++) {
		f[i] = (struct fake){ i, ms[i] };
		e[i].prio = ps[i], e[i].key = i, e[i].task = &f[i], e[i].len_us = len[i];
		pl_queue_insert(&q, &e[i]);
	}
	t_check(pop_id(&q, 8) == 2, "shorter: the first ready entry below whose kernel (0.8 ms) fits the "
	        "head's 1 ms copy, not the longer 1.5 ms one before it");
	f[0].missing = 2;
	t_check(pop_id(&q, 8) == 1, "shorter: two copies missing (2 ms), the 1.5 ms kernel fits");
	f[0].missing = 0.25;
	t_check(pop_id(&q, 8) == 0, "shorter: a 0.25 ms copy left, the 0.5 ms kernel waits: the head");
	t_check(pop_id(&q, 8) == 3 && q.n == 0, "and the last");
	for (int i = 0; i < 4; i++)
		e[i].len_us = 0;
	ready_below = 0;

	/* As many copies missing everywhere (the first layer of a gemm whose C tiles come from the
	 * host): the head, whose copies were requested first, whatever its tiles' sizes. */
	for (int i = 0; i < 4; i++) {
		f[i] = (struct fake){ i, 1 };
		e[i].prio = 0, e[i].key = i, e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	t_check(pop_id(&q, 8) == 0 && pop_id(&q, 8) == 1, "equal copies missing: the head first");
	while (q.n)
		pop_id(&q, 1);

	/* Window bound: a ready task beyond the window is not taken. */
	for (int i = 0; i < 6; i++) {
		f[i] = (struct fake){ i, i == 5 ? 0 : 100 };
		e[i].prio = 0, e[i].key = i, e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	t_check(pop_id(&q, 3) == 0, "ready task beyond the window: the head");
	t_check(pop_id(&q, 8) == 5, "within the window: the ready one");

	/* Removal from the middle. */
	pl_queue_remove(&q, &e[2]);
	int a = pop_id(&q, 1), b = pop_id(&q, 1), c = pop_id(&q, 1);
	t_check(a == 1 && b == 3 && c == 4 && q.n == 0, "after removing 2: %d %d %d, n=%d", a, b, c, q.n);

	/* Work a new task overtakes: the lower-priority entries' predicted lengths, none of its own
	 * priority or above. */
	int op[5] = { 9, 5, 5, 0, -2 };
	for (int i = 0; i < 5; i++) {
		f[i] = (struct fake){ i, 0 };
		e[i].prio = op[i], e[i].key = i, e[i].len_us = 10.0 * (i + 1), e[i].task = &f[i];
		pl_queue_insert(&q, &e[i]);
	}
	t_check(pl_queue_overtaken(&q, -2) == 0, "lowest priority overtakes nothing: %g", pl_queue_overtaken(&q, -2));
	t_check(pl_queue_overtaken(&q, 0) == 50, "priority 0 overtakes the -2 entry: %g", pl_queue_overtaken(&q, 0));
	t_check(pl_queue_overtaken(&q, 5) == 90, "priority 5 overtakes 0 and -2, not its equals: %g",
	        pl_queue_overtaken(&q, 5));
	t_check(pl_queue_overtaken(&q, 100) == 150, "the most urgent overtakes everything: %g",
	        pl_queue_overtaken(&q, 100));
	while (q.n)
		pop_id(&q, 1);
	t_check(pl_queue_overtaken(&q, 100) == 0, "an empty queue: nothing to overtake");

	/* Priorities beyond STARPU_MIN/MAX_PRIO and long queues. */
	static struct pl_qent big[1000];
	static struct fake bf[1000];
	for (int i = 0; i < 1000; i++) {
		bf[i] = (struct fake){ i, 0 };
		big[i].prio = (i * 7919) % 13 - 6 + (i % 2 ? 1000000 : -1000000);
		big[i].key = (double)((i * 104729) % 1000);
		big[i].task = &bf[i];
		pl_queue_insert(&q, &big[i]);
	}
	int sorted = 1, prev_p = 0;
	double prev_k = 0;
	for (int i = 0; i < 1000; i++) {
		struct pl_qent *x = pl_queue_pop(&q, 1, 0, NULL, NULL, NULL);
		if (i && (x->prio > prev_p || (x->prio == prev_p && x->key < prev_k)))
			sorted = 0;
		prev_p = x->prio, prev_k = x->key;
	}
	t_check(sorted && q.n == 0, "1000 entries come out sorted");
	/* choosing leaves the entry queued (the policy's pop may hold it back: PARALIA_POP_HOLD) */
	struct fake g[2] = { { 10, 1 }, { 11, 0 } };
	struct pl_qent h[2];
	memset(h, 0, sizeof h);
	for (int i = 0; i < 2; i++) {
		h[i].prio = 1 - i, h[i].key = i, h[i].task = &g[i];
		pl_queue_insert(&q, &h[i]);
	}
	struct pl_qent *ch = pl_queue_choose(&q, 8, 0, missing, copy_us, NULL);
	t_check(ch == &h[0] && q.n == 2, "choose: the head (%d), still queued (%d entries)",
	        ch ? ((struct fake *)ch->task)->id : -1, q.n);
	/* held back only with work in flight that ends before the chosen task's copies could arrive:
	 * a GPU's pipeline slot then waits for whatever that work makes ready */
	t_check(pl_pop_hold(1, 140, 0, -1, 344) && pl_pop_hold(2, 500, 3, 3, 2400),
	        "hold: a task whose copies take longer than the work in flight stays queued");
	t_check(!pl_pop_hold(0, 0, 0, 0, 344), "hold: an idle worker pops whatever it chose");
	t_check(!pl_pop_hold(1, 1100, 0, 0, 300) && !pl_pop_hold(1, 300, 0, 0, 300),
	        "hold: copies that arrive while the work in flight runs: popped, queued behind it");
	t_check(!pl_pop_hold(1, 140, 0, 1, 344),
	        "hold: a task more urgent than the work in flight is popped as before");
	while (pop_id(&q, 1) >= 0)
		;
	return t_summary();
}
