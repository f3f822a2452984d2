/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Test harness shared by the tests: random inputs, reference comparisons against CBLAS/LAPACKE,
 * matrix placement on the host or a GPU, and one line per checked case.
 */
#ifndef PARALIA_TESTING_H
#define PARALIA_TESTING_H
#include <paralia.h>
#include <stddef.h>

extern int t_failures, t_checks;

/* Starts paralia; prints the workers. Exits the program with status 77 (skip) on failure to start. */
void t_begin(const char *name);
/* Prints "N passed, N failed" for this program and returns its exit status. */
int t_end(void);
/* For tests that drive paralia_init themselves: name the test; t_summary is t_end without the
 * paralia_shutdown. */
void t_set_name(const char *name);
int t_summary(void);
/* Records one check and prints one line when it fails (or always with PARALIA_TEST_VERBOSE). */
void t_check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A worker whose memory node is not main memory's (a GPU, or an emulated NUMA node under
 * tests/sched_numa.sh), for tests of copies between nodes; without one, says the test is skipped,
 * shuts paralia down and exits with 77. */
int t_worker_off_main_memory(void);

/* Placements a routine test should try: the host, and each GPU StarPU drives (at most two). */
int t_placement_count(void);
int t_placement(int i); /* PARALIA_HOST or a CUDA device number */
const char *t_placement_name(int where);

/* Copies an m x n host matrix (leading dimension ld) to `where`; returns the pointer there
 * (the host pointer itself for PARALIA_HOST). t_fetch copies back, t_release frees. */
void *t_place(const void *host, int m, int n, int ld, size_t elem, int where);
void t_fetch(void *host, const void *placed, int m, int n, int ld, size_t elem, int where);
void t_release(void *placed, int where);

/* Runs f(arg) with stderr captured: what it printed is in out (len bytes at most, NUL-terminated).
 * Returns f's result. t_lines counts the lines of such a capture (messages are one line each). */
int t_capture_stderr(int (*f)(void *), void *arg, char *out, size_t len);
int t_lines(const char *s);

/* Tile size that makes small test matrices span several tiles with ragged edges. */
#define T_TILE 16

#include "tests/testing_prec.h"
#endif
