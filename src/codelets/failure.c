/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Failures inside tasks. A StarPU task cannot return an error, yet a tile factorisation can fail
 * (a tile that is not positive definite, a zero pivot without pivoting) and a cuBLAS/cuSOLVER call
 * can be refused. Kernels record such events here: a counter the application reads after its
 * graph (paralia_task_failures), the first failure's kernel and info, and one line on stderr for
 * the first failure since the last reset (a failing graph would otherwise print one per tile).
 */
#include "codelets/codelet.h"
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int failures;
static atomic_int first_info;
static _Atomic(const char *) first_kernel;

void pl_task_failed(const char *kernel, int worker, int info, const char *fmt, ...)
{
	if (atomic_fetch_add(&failures, 1) != 0)
		return;
	atomic_store(&first_info, info);
	atomic_store(&first_kernel, kernel);
	char why[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	fprintf(stderr, "paralia: %s on worker %d failed: %s (later failures are only counted: "
	        "paralia_task_failures())\n", kernel, worker, why);
}

int paralia_task_failures(void)
{
	return atomic_load(&failures);
}

int paralia_task_failure_info(const char **kernel)
{
	if (kernel)
		*kernel = atomic_load(&failures) ? atomic_load(&first_kernel) : NULL;
	return atomic_load(&failures) ? atomic_load(&first_info) : 0;
}

void paralia_task_failures_reset(void)
{
	atomic_store(&first_kernel, NULL);
	atomic_store(&first_info, 0);
	atomic_store(&failures, 0);
}
