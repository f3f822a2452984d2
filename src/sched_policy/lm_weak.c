/*
 * TEMPORARY: weak stand-ins for the two link-map entry points that need StarPU (branch linkmap
 * adds them later). The real definitions are strong and replace these at link time; delete
 * this file once src/linkmap provides them.
 */
#include "config.h"
#include "linkmap/linkmap.h"
#include <starpu.h>
#include <string.h>

#define W __attribute__((weak))

W int lm_from_starpu(struct lm_db *db)
{
	memset(db, 0, sizeof *db);
	int n = (int)starpu_memory_nodes_get_count();
	db->nnodes = n > LM_MAX_NODES ? LM_MAX_NODES : n;
	db->from_starpu = 1;
	for (int i = 0; i < db->nnodes; i++) {
		db->node[i].kind = starpu_node_get_kind((unsigned)i) == STARPU_CPU_RAM ? LM_HOST : LM_GPU;
		db->node[i].devid = starpu_memory_node_get_devid((unsigned)i);
		for (int j = 0; j < db->nnodes; j++)
			if (i != j) {
				double bw = starpu_transfer_bandwidth((unsigned)i, (unsigned)j); /* MB/s */
				db->link[i][j].bw_gbs = bw > 0 ? bw * 1e-3 : 0;
				db->link[i][j].latency_us = starpu_transfer_latency((unsigned)i, (unsigned)j);
			}
	}
	return 0;
}

W int lm_open_for_this_machine(struct lm_db *db)
{
	lm_from_starpu(db);
	return 1;
}
