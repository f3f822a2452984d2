/* Probe: idle write-back (starpu_data_idle_prefetch_on_node to home) vs starpu_data_unregister_submit.
 * usage: probe KIND MODE NTASKS PF
 *   KIND: void     starpu_void_data_register (home MAIN_RAM)
 *         voidneg  starpu_data_register(&h, -1, NULL, &starpu_interface_void_ops)
 *         matrix   64x64 doubles, home MAIN_RAM
 *   MODE: RW | W
 *   NTASKS: tasks in the chain, pinned (workerids mask) to the worker of memory node 1
 *   PF: none   (rely on the policy, e.g. paralia)
 *       epi    explicit starpu_data_idle_prefetch_on_node(h, home, 1) in the last task's
 *              epilogue callback (runs before the task releases its sequential-consistency deps,
 *              as paralia's post_exec hook does)
 *       app    the application waits for the last task, then calls idle_prefetch itself
 *   UNREG: (env PROBE_UNREG) submit (default) | sync  (starpu_data_unregister)
 *          | none (left registered)
 *   PROBE_REQ: what epi/app issue: idle (default, starpu_data_idle_prefetch_on_node(h, home, 1)),
 *          prefetch (starpu_data_prefetch_on_node(h, home, 1)), wontuse (starpu_data_wont_use(h))
 *   NH: (env PROBE_NH) number of handles (default 1)
 *   PROBE_SLEEP=ms: sleep after starpu_task_wait_for_all, before starpu_shutdown
 */
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void nothing(void *buffers[], void *arg) { (void)buffers; (void)arg; }
static struct starpu_codelet cl_rw = { .cpu_funcs = { nothing }, .nbuffers = 1, .modes = { STARPU_RW }, .name = "probe_rw" };
static struct starpu_codelet cl_w = { .cpu_funcs = { nothing }, .nbuffers = 1, .modes = { STARPU_W }, .name = "probe_w" };

static const char *req = "idle"; /* PROBE_REQ: idle | prefetch | wontuse */
static void epi(void *arg)
{
	starpu_data_handle_t h = arg;
	int home = starpu_data_get_home_node(h);
	if (strcmp(req, "wontuse") == 0)
		starpu_data_wont_use(h);
	else if (home >= 0 && strcmp(req, "prefetch") == 0)
		starpu_data_prefetch_on_node(h, (unsigned)home, 1);
	else if (home >= 0)
		starpu_data_idle_prefetch_on_node(h, (unsigned)home, 1);
}

int main(int argc, char **argv)
{
	const char *kind = argc > 1 ? argv[1] : "matrix", *mode = argc > 2 ? argv[2] : "RW";
	int ntasks = argc > 3 ? atoi(argv[3]) : 1;
	const char *pf = argc > 4 ? argv[4] : "none";
	const char *unreg = getenv("PROBE_UNREG") ? getenv("PROBE_UNREG") : "submit";
	int nh = getenv("PROBE_NH") ? atoi(getenv("PROBE_NH")) : 1;
	if (getenv("PROBE_REQ"))
		req = getenv("PROBE_REQ");
	if (starpu_init(NULL) != 0) { fprintf(stderr, "starpu_init failed\n"); return 2; }
	int w = -1;
	for (unsigned i = 0; i < starpu_worker_get_count(); i++)
		if (starpu_worker_get_type(i) == STARPU_CPU_WORKER && starpu_worker_get_memory_node(i) == 1) { w = i; break; }
	if (w < 0) { fprintf(stderr, "no worker on memory node 1 (nodes: %u)\n", starpu_memory_nodes_get_count()); starpu_shutdown(); return 3; }
	uint32_t mask[(STARPU_NMAXWORKERS + 31) / 32] = { 0 };
	mask[w / 32] |= 1u << (w % 32);
	struct starpu_codelet *cl = strcmp(mode, "W") == 0 ? &cl_w : &cl_rw;
	for (int k = 0; k < nh; k++) {
		starpu_data_handle_t h;
		static double v[64 * 64];
		if (strcmp(kind, "void") == 0)
			starpu_void_data_register(&h);
		else if (strcmp(kind, "voidneg") == 0)
			starpu_data_register(&h, -1, NULL, &starpu_interface_void_ops);
		else
			starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)v, 64, 64, 64, sizeof(double));
		struct starpu_task *last = NULL;
		for (int t = 0; t < ntasks; t++) {
			struct starpu_task *task = starpu_task_create();
			task->cl = cl;
			task->handles[0] = h;
			task->workerids = mask;
			task->workerids_len = (STARPU_NMAXWORKERS + 31) / 32;
			if (t == ntasks - 1) {
				if (strcmp(pf, "epi") == 0) {
					task->epilogue_callback_func = epi;
					task->epilogue_callback_arg = h;
				}
				if (strcmp(pf, "app") == 0) {
					task->detach = 0;
					last = task;
				}
			}
			int ret = starpu_task_submit(task);
			if (ret) { fprintf(stderr, "submit: %d\n", ret); return 4; }
		}
		if (last) {
			if (starpu_task_wait(last)) return 5;
			epi(h);
		}
		if (strcmp(unreg, "sync") == 0)
			starpu_data_unregister(h);
		else if (strcmp(unreg, "none") == 0)
			; /* left registered: StarPU unregisters it at shutdown */
		else
			starpu_data_unregister_submit(h);
		if (getenv("PROBE_DUMP")) {
			int a, v, l, r;
			for (int n = 0; n < (int)starpu_memory_nodes_get_count(); n++) {
				if (strcmp(unreg, "submit") == 0) break;
				starpu_data_query_status2(h, n, &a, &v, &l, &r);
				fprintf(stderr, "node %d: allocated %d valid %d loading %d requested %d\n", n, a, v, l, r);
			}
		}
	}
	starpu_task_wait_for_all();
	if (getenv("PROBE_SLEEP"))
		usleep(atoi(getenv("PROBE_SLEEP")) * 1000);
	fprintf(stderr, "%s %s %d %s unreg=%s nh=%d worker=%d node=%u nnodes=%u policy=%s\n", kind, mode, ntasks, pf, unreg, nh, w,
	        starpu_worker_get_memory_node(w), starpu_memory_nodes_get_count(), starpu_sched_get_sched_policy()->policy_name);
	starpu_shutdown();
	printf("ok\n");
	return 0;
}
