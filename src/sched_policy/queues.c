/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Per-worker task queues, ordered by priority (higher first) and then by when the task's inputs
 * are predicted to be on the worker's node (earliest first). Popping looks a few entries deep
 * for the task whose inputs really arrived, so a worker never idles on the head's transfers while
 * a later task of its priority could run (with PARALIA_POP_READY, of a lower one too). Doubly
 * linked, insertion scanning from the back: keys grow with time, so new tasks usually land at the
 * end in O(1).
 */
#include "sched_policy/sched.h"
#include <stddef.h>

void pl_queue_init(struct pl_queue *q)
{
	q->head.next = q->head.prev = &q->head;
	q->n = 0;
}

/* a runs before b */
static int before(const struct pl_qent *a, const struct pl_qent *b)
{
	if (a->prio != b->prio)
		return a->prio > b->prio;
	return a->key < b->key;
}

void pl_queue_insert(struct pl_queue *q, struct pl_qent *e)
{
	struct pl_qent *p = q->head.prev;
	while (p != &q->head && before(e, p))
		p = p->prev;
	/* insert after p */
	e->prev = p;
	e->next = p->next;
	p->next->prev = e;
	p->next = e;
	q->n++;
}

void pl_queue_remove(struct pl_queue *q, struct pl_qent *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	e->next = e->prev = NULL;
	q->n--;
}

double pl_queue_overtaken(const struct pl_queue *q, int prio)
{
	double us = 0;
	for (const struct pl_qent *p = q->head.prev; p != &q->head && p->prio < prio; p = p->prev)
		us += p->len_us;
	return us;
}

struct pl_qent *pl_queue_choose(struct pl_queue *q, int window, int below,
                                double (*missing)(void *task, void *arg),
                                double (*copy_us)(void *task, void *arg), void *arg)
{
	if (q->n == 0)
		return NULL;
	struct pl_qent *first = q->head.next, *best = first;
	if (missing && window > 1) {
		double best_missing = missing(first->task, arg);
		int seen = 1;
		struct pl_qent *e = first->next;
		/* the head's priority: the fewest copies missing */
		for (; best_missing > 0 && e != &q->head && seen < window && e->prio == first->prio;
		     e = e->next, seen++) {
			double m = missing(e->task, arg);
			if (m < best_missing) {
				best_missing = m;
				best = e;
			}
		}
		/* below it, where all of those wait: the first whose inputs are all there (and, with
		 * PL_POP_SHORTER, whose kernel is no longer than the copies the head still waits for:
		 * read once, when a task below is first weighed, and before its own inputs are asked) */
		double wait_us = -1;
		for (; below && best_missing > 0 && e != &q->head && seen < window; e = e->next, seen++) {
			if (below == PL_POP_SHORTER) {
				if (wait_us < 0)
					wait_us = copy_us ? copy_us(best->task, arg) : 0;
				if (!(e->len_us <= wait_us))
					continue;
			}
			if (!(missing(e->task, arg) > 0)) {
				best = e;
				break;
			}
		}
	}
	return best;
}

struct pl_qent *pl_queue_pop(struct pl_queue *q, int window, int below,
                             double (*missing)(void *task, void *arg),
                             double (*copy_us)(void *task, void *arg), void *arg)
{
	struct pl_qent *e = pl_queue_choose(q, window, below, missing, copy_us, arg);
	if (e)
		pl_queue_remove(q, e);
	return e;
}

int pl_pop_hold(int inflight, double inflight_us, int inflight_prio, int prio, double missing_us)
{
	return inflight > 0 && prio <= inflight_prio && missing_us > inflight_us;
}
