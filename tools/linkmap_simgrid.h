/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A link map as a simulated machine for StarPU on SimGrid (paralia-linkmap simgrid). */
#ifndef PARALIA_LINKMAP_SIMGRID_H
#define PARALIA_LINKMAP_SIMGRID_H
#include "linkmap/linkmap.h"
#include <stdio.h>

struct lm_simgrid_opts {
	int ncpus;            /* CPU cores of the machine (SimGrid hosts CPU0..); StarPU makes workers of them */
	double gpu_mem_bytes; /* memory of each GPU; 0: from the GPU's name (lm_simgrid_gpu_mem) */
};

/* Memory of a GPU from the name in its node identity: "...-32GB" -> 32 GiB; an H200 -> what
 * StarPU found on the real one (150109880320 bytes). 0 when the name does not tell. */
double lm_simgrid_gpu_mem(const char *ident);

/* Writes db as a SimGrid platform (XML, version 4.1) in the form StarPU loads from
 * $STARPU_HOME/sampling/bus/<host>.platform.v4.xml: hosts MAIN, CPU0.., CUDA0.., RAM; one SimGrid
 * link per link of the map (its latency and bandwidth) and one per sharing group (its total),
 * each route made of the pair's link plus the links of its groups, so that SimGrid shares every
 * group's total among the copies that use it at once, max-min fairly, as the map says. Returns 0,
 * or -1 with the reason in err (a map SimGrid cannot express as StarPU expects it). */
int lm_simgrid_platform(const struct lm_db *db, const struct lm_simgrid_opts *o, FILE *out,
                        char *err, size_t errlen);

/* Writes StarPU's bus model of db, <prefix>.bandwidth (MB/s) and <prefix>.latency (us), which
 * StarPU on SimGrid reads for its own transfer estimates (dmda's): each link used alone, as
 * StarPU's calibration would measure it; and <prefix>.config, by which StarPU finds them.
 * Returns 0, or -1 with the reason in err. */
int lm_simgrid_starpu_bus(const struct lm_db *db, const struct lm_simgrid_opts *o, const char *prefix,
                          char *err, size_t errlen);
#endif
