/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * This machine's link map (lm_open_for_this_machine) with PARALIA_HOME in a temporary folder:
 * a missing, corrupt, other-machine or mismatched file falls back to StarPU's bus model with one
 * warning line (naming file and line for a corrupt file), printed once per process; this
 * machine's file is used, with its own numbers. The numbers need a link, so two memory nodes: on
 * a machine with one (CPUs only), that check runs in a child process of this program under a
 * synthetic topology of two NUMA nodes (HWLOC_SYNTHETIC, as tests/sched_numa.sh does).
 * Also lm_remap (a file for all GPUs serving a StarPU that drives some).
 */
#include "linkmap/linkmap.h"
#include "tests/testing.h"
#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char tmpdir[256], path[512];

static int open_this_machine(void *db) { return lm_open_for_this_machine(db); }

/* Runs lm_open_for_this_machine with stderr captured; returns its result, stderr in out. */
static int open_captured(struct lm_db *db, char *out, size_t len)
{
	return t_capture_stderr(open_this_machine, db, out, len);
}

static void write_file(const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		fprintf(stderr, "cannot write %s\n", path);
		exit(99);
	}
}

static int is_starpu_fallback(const struct lm_db *db)
{
	return db->from_starpu == 1 && db->nnodes == (int)starpu_memory_nodes_get_count() &&
	       db->node[0].kind == LM_HOST;
}

static void check_paths(void)
{
	char me[1024], host[256], want[600], p[600];
	lm_machine_identity(me, sizeof(me));
	gethostname(host, sizeof(host));
	snprintf(want, sizeof(want), "host=%s", host);
	t_check(!strncmp(me, want, strlen(want)), "identity '%s' starts with '%s'", me, want);
	lm_default_path(p, sizeof(p));
	snprintf(want, sizeof(want), "%s/linkmap-", tmpdir);
	t_check(!strncmp(p, want, strlen(want)) && strstr(p, ".txt"), "default path %s is in PARALIA_HOME", p);
	setenv("PARALIA_LINKMAP", "/somewhere/else.txt", 1);
	lm_default_path(p, sizeof(p));
	t_check(!strcmp(p, "/somewhere/else.txt"), "PARALIA_LINKMAP overrides the path (%s)", p);
	unsetenv("PARALIA_LINKMAP");
}

/* Saves this machine's map (file, from lm_from_starpu) with a link number StarPU would not have
 * and opens it: used as it is, no warning, that number read back. */
static void check_own_file(struct lm_db *file)
{
	static struct lm_db db;
	char out[4096];
	file->from_starpu = 0;
	file->link[0][1].bw_gbs = 123.25;
	t_check(lm_save(file, path) == 0, "save this machine's file");
	int ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 0 && db.from_starpu == 0 && db.nnodes == file->nnodes && out[0] == '\0',
	        "this machine's file (%d nodes) is used without a warning (ret %d, '%s')", file->nnodes,
	        ret, out);
	t_check(db.link[0][1].bw_gbs == 123.25, "its numbers are the file's (%g GB/s)", db.link[0][1].bw_gbs);
}

/* This program again (argument "numbers") with StarPU on two NUMA nodes of a synthetic topology,
 * its StarPU home and PARALIA_HOME in this run's folder. Returns its exit status. */
static int numbers_in_child(void)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid == 0) {
		char home[300];
		snprintf(home, sizeof(home), "%s/starpu", tmpdir);
		setenv("STARPU_HOME", home, 1);
		setenv("HWLOC_SYNTHETIC", "package:1 numa:2 core:1 pu:1", 1);
		setenv("STARPU_USE_NUMA", "1", 1);
		unsetenv("STARPU_NCPU");
		execl("/proc/self/exe", "linkmap_machine", "numbers", (char *)NULL);
		_exit(99);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The child's part: this machine's file has this machine's (two) nodes and its own numbers. */
static int numbers_main(void)
{
	t_begin("linkmap_machine(2 NUMA nodes)");
	lm_default_path(path, sizeof(path));
	static struct lm_db file;
	int ret = lm_from_starpu(&file);
	t_check(ret == 0 && file.nnodes == 2, "StarPU has 2 memory nodes here (%d)", file.nnodes);
	if (file.nnodes > 1)
		check_own_file(&file);
	return t_end();
}

static void check_open(void)
{
	static struct lm_db db, file;
	char out[4096];

	/* Missing file: warning once, StarPU's model. */
	int ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 1 && is_starpu_fallback(&db), "missing file: fallback to StarPU's bus model");
	t_check(t_lines(out) == 1 && strstr(out, path) && strstr(out, "no link map"),
	        "missing file: one warning line naming %s (got '%s')", path, out);
	ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 1 && out[0] == '\0', "missing file again: no second warning (got '%s')", out);

	/* This machine's file: used as it is, no warning, with its numbers. */
	ret = lm_from_starpu(&file);
	t_check(ret == 0, "lm_from_starpu");
	file.from_starpu = 0;
	if (file.nnodes > 1)
		check_own_file(&file);
	else
		t_check(numbers_in_child() == 0, "its numbers are the file's: checked by this program on two "
		        "synthetic NUMA nodes (output above)");

	/* Corrupt: file and line named, once. */
	write_file("paralia-linkmap 1\nmachine m\nnode 0 host zero numa0\nend\n");
	ret = open_captured(&db, out, sizeof(out));
	char want[700];
	snprintf(want, sizeof(want), "%s:3: ", path);
	t_check(ret == 1 && is_starpu_fallback(&db), "corrupt file: fallback");
	t_check(t_lines(out) == 1 && strstr(out, want) && strstr(out, "StarPU"),
	        "corrupt file: one line naming '%s' (got '%s')", want, out);
	ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 1 && out[0] == '\0', "corrupt file again: no second warning");

	/* Another machine's file: PARALIA_CALIBRATE=0 (or no GPU) means warn and fall back. */
	struct lm_db other = file;
	snprintf(other.machine, sizeof(other.machine), "host=elsewhere | NVIDIA H200 GPU-0000");
	lm_save(&other, path);
	setenv("PARALIA_CALIBRATE", "0", 1);
	ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 1 && is_starpu_fallback(&db), "other machine's file: fallback");
	t_check(t_lines(out) == 1 && strstr(out, "another machine") && strstr(out, "host=elsewhere"),
	        "other machine's file: one line saying so (got '%s')", out);
	ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 1 && out[0] == '\0', "other machine again: no second warning");
	/* ... unless PARALIA_LINKMAP names it: then it is used, with one warning. */
	setenv("PARALIA_LINKMAP", path, 1);
	ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 0 && db.from_starpu == 0 && t_lines(out) == 1 && strstr(out, "PARALIA_LINKMAP names it"),
	        "other machine's file named by PARALIA_LINKMAP: used, one warning (ret %d, '%s')", ret, out);
	unsetenv("PARALIA_LINKMAP");
	unsetenv("PARALIA_CALIBRATE");

	/* This machine, but nodes StarPU does not have. */
	struct lm_db odd;
	lm_init(&odd, 1);
	memcpy(odd.machine, file.machine, sizeof(odd.machine));
	lm_set_node(&odd, 0, LM_HOST, 7, "numa7");
	lm_save(&odd, path);
	ret = open_captured(&db, out, sizeof(out));
	t_check(ret == 1 && is_starpu_fallback(&db) && t_lines(out) == 1 &&
	        strstr(out, "does not describe StarPU's memory nodes"),
	        "file without StarPU's nodes: fallback with one line (got '%s')", out);
}

static void check_remap(void)
{
	struct lm_db in, out;
	char p[1024], err[256];
	const char *top = getenv("top_srcdir");
	snprintf(p, sizeof(p), "%s/tests/data/linkmap/h200x4.txt", top ? top : ".");
	if (lm_load(&in, p, err, sizeof(err))) {
		t_check(0, "load %s: %s", p, err);
		return;
	}
	enum lm_node_kind kinds[3] = { LM_HOST, LM_GPU, LM_GPU };
	int devids[3] = { 0, 2, 0 };
	int ret = lm_remap(&in, 3, kinds, devids, &out, err, sizeof(err));
	t_check(ret == 0 && out.nnodes == 3 && out.node[1].devid == 2 && out.node[2].devid == 0,
	        "lm_remap onto host, GPU2, GPU0 (%s)", ret ? err : "ok");
	t_check(out.link[0][1].bw_gbs == 55.4 && out.link[1][2].bw_gbs == 390 && out.link[2][0].bw_gbs == 55.3,
	        "lm_remap keeps the links' numbers");
	t_check(out.ngroups == 4 && out.group[0].nlinks == 2 && out.group[0].total_gbs == 155,
	        "lm_remap keeps host-h2d with its 2 remaining links and drops absent GPUs' groups (%d groups)",
	        out.ngroups);
	t_check(lm_check(&out, err, sizeof(err)) == 0, "remapped database is valid (%s)", err);
	devids[1] = 9;
	t_check(lm_remap(&in, 3, kinds, devids, &out, err, sizeof(err)) == -1 && strstr(err, "gpu 9"),
	        "lm_remap names a GPU the file lacks (%s)", err);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "numbers") == 0) { /* the child of numbers_in_child */
		snprintf(tmpdir, sizeof(tmpdir), "%s", getenv("PARALIA_HOME"));
		return numbers_main();
	}
	const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(tmpdir, sizeof(tmpdir), "%s/linkmap_machine.XXXXXX", base);
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 99;
	}
	setenv("PARALIA_HOME", tmpdir, 1);
	unsetenv("PARALIA_LINKMAP");
	/* The paralia policy opens this machine's map when StarPU starts, which would use up the
	 * once-per-process warnings this test checks: run under StarPU's default policy. */
	setenv("PARALIA_SCHED", "starpu-default", 1);
	t_begin("linkmap_machine");
	lm_default_path(path, sizeof(path));
	check_paths();
	check_open();
	check_remap();
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return t_end();
}
