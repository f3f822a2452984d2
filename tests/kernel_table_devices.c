/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A kernel table is read only on the GPU models it was measured on (perfmodel/plan.c): its file
 * is named after the host, which containers share, and one H200's table read on an H100 gave
 * that machine the H200's rates without a word. Each case runs in a child of its own (the
 * autotuner reads the table once per process), with PARALIA_HOME in a temporary folder, on CPU
 * workers alone (STARPU_NCUDA=0), and a plan says where its rates came from (paralia_plan.rates):
 *   ours    "devices" names this machine's models (lm_device_models): the table's rates, silently;
 *   theirs  it names others: not the table's, and one line naming the file and both lists;
 *   none    no "devices" line (by hand, or older): the table's, as before.
 * The policy reads the same table's GPU rates for its kernel times (pm_gpu_table, policy.c): in
 * the first and third cases, not in the second; and never with PARALIA_KERNEL_TABLE=0 ("ours, off").
 * And, read directly: a devices line longer than the readers' old 256-byte lines (eight long GPU
 * names) neither breaks the table nor is cut short.
 */
#include "perfmodel/plan.h"
#include "sched_policy/policy.h" /* pl_g.gpu_table */
#include "tests/testing.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 1024 };

static int query(void *out)
{
	static double a[N * N];
	struct paralia_plan plan;
	int ret = paralia_plan_query('g', 'd', N, N, N, a, a, a, 0.0, &plan);
	*(const char **)out = ret == 0 ? plan.rates : "no plan";
	return ret;
}

static int count(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = s; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

static int child(const char *which)
{
	char path[512], models[512], said[4096];
	pm_kernel_table_path(path, sizeof path);
	lm_device_models(models, sizeof models);
	FILE *f = fopen(path, "w");
	if (!f)
		return 99;
	int off = !strcmp(which, "ours, off");
	if (off)
		setenv("PARALIA_KERNEL_TABLE", "0", 1);
	if (!strncmp(which, "ours", 4))
		fprintf(f, "devices %s\n", models);
	else if (!strcmp(which, "theirs"))
		fprintf(f, "devices NVIDIA Imaginary GPU\n");
	for (int t = 64; t <= 16384; t *= 2)
		fprintf(f, "cpu d %d 20.0\ncpu s %d 40.0\n", t, t);
	fprintf(f, "gpu d 2048 50000\ngpu s 2048 40000\n");
	fclose(f);

	char name[64];
	snprintf(name, sizeof name, "kernel_table_devices(%s)", which);
	t_begin(name);
	const char *rates = "";
	int ret = t_capture_stderr(query, &rates, said, sizeof said);
	int used = !strcmp(rates, "kernel table"), warned = strstr(said, "not used") != NULL;
	struct starpu_sched_policy *pol = starpu_sched_get_sched_policy();
	int policy = pol && pol->policy_name && !strcmp(pol->policy_name, "paralia");
	if (!strcmp(which, "theirs")) {
		t_check(ret == 0 && !used, "a table of other GPU models is not used (rates: %s)", rates);
		/* once (other lines may come: a fresh GPU machine measures its link map) */
		t_check(count(said, "was measured on") == 1 && strstr(said, path) &&
		        strstr(said, "Imaginary") && strstr(said, models),
		        "one line names the file, its models and ours: %s", said);
		t_check(!policy || !pl_g.gpu_table, "nor by the policy");
	} else {
		t_check(ret == 0 && used, "the table is used (rates: %s)", rates);
		t_check(!warned, "nothing said about it (%s)", said);
		t_check(!policy || (pl_g.gpu_table == !off && (off || pl_g.gpu_rates.gflops[1][0] == 50000)),
		        "the policy %s its GPU rates (gpu_table %d)", off ? "does not read" : "reads",
		        pl_g.gpu_table);
	}
	return t_end();
}

/* A table whose devices line names eight long models (as paralia-kernels writes it), read back. */
static void long_line(const char *dir)
{
	char path[512], line[1024] = "";
	snprintf(path, sizeof path, "%s/long.txt", dir);
	for (int g = 0; g < 8; g++)
		snprintf(line + strlen(line), sizeof line - strlen(line), "%sNVIDIA RTX 6000 Ada Generation %d",
		         g ? " | " : "", g);
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	fprintf(f, "devices %s\ncpu d 256 20.0\ngpu d 2048 50000\nxfer d 2048 40 40 70\n", line);
	fclose(f);
	char back[1024], err[600] = "";
	struct pm_rates r;
	struct pm_xfer x;
	t_check(pm_table_devices(path, back, sizeof back) && !strcmp(back, line),
	        "a %zu-character devices line is read whole", strlen(line));
	t_check(pm_rates_load(&r, path, "cpu", err, sizeof err) == 1 &&
	        pm_rates_load(&r, path, "gpu", err, sizeof err) == 1 &&
	        pm_xfer_load(&x, path, err, sizeof err) >= 0, "and the table is read around it (%s)", err);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return child(argv[1]);
	char tmp[] = "/tmp/paralia-kt-XXXXXX";
	if (!mkdtemp(tmp))
		return 99;
	setenv("PARALIA_HOME", tmp, 1);
	t_set_name("kernel_table_devices");
	long_line(tmp);
	setenv("STARPU_NCUDA", "0", 1); /* CPU workers alone: the time is the table's CPU rates' */
	int fail = 0, skipped = 0;
	const char *cases[] = { "ours", "theirs", "none", "ours, off" };
	for (int c = 0; c < 4 && !skipped; c++) {
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			execl("/proc/self/exe", "kernel_table_devices", cases[c], (char *)NULL);
			_exit(99);
		}
		int status = 0;
		if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 77))
			fail = 1;
		else if (WEXITSTATUS(status) == 77)
			skipped = 1;
	}
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		fprintf(stderr, "kernel_table_devices: could not remove %s\n", tmp);
	return skipped ? 77 : fail || t_summary() != 0;
}
