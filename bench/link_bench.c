/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link benchmark through StarPU: copies between memory nodes, alone and several at once, in the
 * form of ../shared/platforms/h200x4.md's table (GB/s = 1e9 bytes/s; concurrent copies: the sum).
 *   link_bench [MiB]          (default 256 MiB per copy)
 * On a GPU machine it measures what StarPU's copies get; on a simulated one (scripts/simulate.sh
 * MACHINE link_bench) what the SimGrid platform made from the link map gives them, which is how
 * the sharing groups are checked: one H200 alone reads 55 GB/s from the host, four at once share
 * ~155 GB/s. Each copy is timed from its request until the data is valid on its destination.
 */
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include "config.h"

#define MAXC 16

#ifdef PARALIA_SIMULATION
#define HOST_FLAGS (STARPU_MALLOC_PINNED | STARPU_MALLOC_SIMULATION_FOLDED)
#else
#define HOST_FLAGS STARPU_MALLOC_PINNED
#endif

static size_t bytes;
static int nbuf; /* copies that can be in flight at once: max(2, GPUs) */
static void *buf[MAXC];
static starpu_data_handle_t h[MAXC];

/* Makes node the only holder of copy i's data (written there). */
static void place(int i, unsigned node)
{
	starpu_data_acquire_on_node(h[i], (int)node, STARPU_W);
	starpu_data_release_on_node(h[i], (int)node);
}

/* n copies at once, copy i from src[i] to dst[i]; returns GB/s summed over them. */
static double copies(int n, const unsigned *src, const unsigned *dst)
{
	for (int i = 0; i < n; i++)
		place(i, src[i]);
	double t0 = starpu_timing_now();
	for (int i = 0; i < n; i++)
		starpu_data_fetch_on_node(h[i], dst[i], 1);
	for (int i = 0; i < n; i++) {
		starpu_data_acquire_on_node(h[i], (int)dst[i], STARPU_R);
		starpu_data_release_on_node(h[i], (int)dst[i]);
	}
	double us = starpu_timing_now() - t0;
	return n * (double)bytes / (us * 1e3);
}

static void line(const char *what, double gbs, int n)
{
	printf("%-40s %8.1f%s\n", what, gbs, n > 1 ? "  (sum)" : "");
}

int main(int argc, char **argv)
{
	bytes = (size_t)(argc > 1 ? atoi(argv[1]) : 256) << 20;
	if (bytes == 0 || starpu_init(NULL) != 0)
		return 1;
	unsigned gpu[MAXC], ng = 0, host = STARPU_MAIN_RAM;
	for (unsigned n = 0; n < starpu_memory_nodes_get_count() && ng < MAXC; n++)
		if (starpu_node_get_kind(n) == STARPU_CUDA_RAM)
			gpu[ng++] = n;
	nbuf = ng > 2 ? (int)ng : 2;
	for (int i = 0; i < nbuf; i++) {
		if (starpu_malloc_flags(&buf[i], bytes, HOST_FLAGS) != 0) {
			fprintf(stderr, "link_bench: no memory for %zu MiB copies\n", bytes >> 20);
			return 1;
		}
		starpu_vector_data_register(&h[i], STARPU_MAIN_RAM, (uintptr_t)buf[i], bytes, 1);
	}
	/* Every buffer once on every GPU first: the timed copies then find their memory allocated
	 * (a first cudaMalloc costs more than a copy, and StarPU on SimGrid serialises them). */
	for (int i = 0; i < nbuf; i++)
		for (unsigned g = 0; g < ng; g++) {
			starpu_data_acquire_on_node(h[i], (int)gpu[g], STARPU_R);
			starpu_data_release_on_node(h[i], (int)gpu[g]);
		}
	printf("link_bench: %zu MiB copies through StarPU, %u GPUs, GB/s\n", bytes >> 20, ng);
	char what[64];
	unsigned s[MAXC], d[MAXC];
	for (unsigned g = 0; g < ng; g++) {
		snprintf(what, sizeof what, "host->gpu%u alone", g);
		line(what, copies(1, &host, &gpu[g]), 1);
		snprintf(what, sizeof what, "gpu%u->host alone", g);
		line(what, copies(1, &gpu[g], &host), 1);
	}
	if (ng > 0) {
		s[0] = host, d[0] = gpu[0], s[1] = gpu[0], d[1] = host;
		line("host->gpu0 and gpu0->host at once", copies(2, s, d), 2);
	}
	for (unsigned k = 2; k <= ng; k *= 2) {
		for (unsigned g = 0; g < k; g++)
			s[g] = host, d[g] = gpu[g];
		snprintf(what, sizeof what, "host->GPU on %u GPUs at once", k);
		line(what, copies((int)k, s, d), (int)k);
		snprintf(what, sizeof what, "GPU->host on %u GPUs at once", k);
		line(what, copies((int)k, d, s), (int)k);
	}
	for (unsigned a = 0; a < ng; a++)
		for (unsigned b = 0; b < ng; b++)
			if (a != b) {
				snprintf(what, sizeof what, "gpu%u->gpu%u alone", a, b);
				line(what, copies(1, &gpu[a], &gpu[b]), 1);
			}
	if (ng >= 4) {
		s[0] = gpu[0], d[0] = gpu[1], s[1] = gpu[2], d[1] = gpu[3];
		line("gpu0->gpu1 and gpu2->gpu3 at once", copies(2, s, d), 2);
	}
	if (ng > 2) {
		for (unsigned g = 0; g < ng; g++)
			s[g] = gpu[g], d[g] = gpu[(g + 1) % ng];
		snprintf(what, sizeof what, "GPU->GPU, %u pairs at once (ring)", ng);
		line(what, copies((int)ng, s, d), (int)ng);
	}
	for (int i = 0; i < nbuf; i++) {
		starpu_data_unregister(h[i]);
		starpu_free_flags(buf[i], bytes, HOST_FLAGS);
	}
	starpu_shutdown();
	return 0;
}
