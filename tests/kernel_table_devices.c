/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A kernel table is read only on the GPU models it was measured on (perfmodel/plan.c): its file
 * is named after the host, which containers share, and one H200's table read on an H100 gave
 * that machine the H200's rates without a word. Each case runs in a child of its own (the
 * autotuner reads the table once per process), with PARALIA_HOME in a temporary folder and a
 * table whose CPU rates (1 GFLOP/s) no real core has:
 *   ours    "devices" names this machine's models (lm_device_models): the table is used, silently;
 *   theirs  it names others: not used (the defaults' time), one line naming the file and both;
 * on CPU workers alone (STARPU_NCUDA=0), so the predicted time is the CPU rates'.
 *   none    no "devices" line (by hand, or older): used, as before.
 */
#include "perfmodel/plan.h"
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
	*(double *)out = ret == 0 ? plan.predicted_ms : -1;
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
	if (!strcmp(which, "ours"))
		fprintf(f, "devices %s\n", models);
	else if (!strcmp(which, "theirs"))
		fprintf(f, "devices NVIDIA Imaginary GPU | NVIDIA Imaginary GPU\n");
	for (int t = 64; t <= 16384; t *= 2)
		fprintf(f, "cpu d %d 1.0\ncpu s %d 2.0\n", t, t);
	fclose(f);

	char name[64];
	snprintf(name, sizeof name, "kernel_table_devices(%s)", which);
	t_begin(name);
	double ms = -1;
	int ret = t_capture_stderr(query, &ms, said, sizeof said);
	/* 2 N^3 flops at 1 GFLOP/s per core: over a second on any core count a build machine has */
	double slow_ms = 2.0 * N * N * N / 1e9 * 1e3 / 64;
	int used = ms > slow_ms, warned = strstr(said, "not used") != NULL;
	if (!strcmp(which, "theirs")) {
		t_check(ret == 0 && !used, "a table of other GPU models is not used (predicted %.1f ms)", ms);
		/* once (other lines may come: a fresh GPU machine measures its link map) */
		t_check(count(said, "was measured on") == 1 && strstr(said, path) &&
		        strstr(said, "Imaginary") && strstr(said, models),
		        "one line names the file, its models and ours: %s", said);
	} else {
		t_check(ret == 0 && used, "the table is used (predicted %.1f ms)", ms);
		t_check(!warned, "nothing said about it (%s)", said);
	}
	return t_end();
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return child(argv[1]);
	char tmp[] = "/tmp/paralia-kt-XXXXXX";
	if (!mkdtemp(tmp))
		return 99;
	setenv("PARALIA_HOME", tmp, 1);
	setenv("STARPU_NCUDA", "0", 1); /* CPU workers alone: the time is the table's CPU rates' */
	int fail = 0;
	const char *cases[] = { "ours", "theirs", "none" };
	for (int c = 0; c < 3; c++) {
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
			return 77;
	}
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		fprintf(stderr, "kernel_table_devices: could not remove %s\n", tmp);
	return fail;
}
