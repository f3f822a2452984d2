/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * paralia-linkmap: measure this machine's links, show a link map, draw its heat map.
 *   paralia-linkmap calibrate [-o FILE] [--budget SECONDS] [--rounds N] [--quiet]
 *   paralia-linkmap show [FILE]
 *   paralia-linkmap heatmap [FILE] -o OUT.png
 *   paralia-linkmap simgrid [FILE] -o PLATFORM.xml [--cpus N] [--gpu-mem GIB] [--starpu-bus PREFIX]
 * FILE defaults to this machine's file ($PARALIA_LINKMAP, else $PARALIA_HOME or ~/.paralia +
 * /linkmap-<host>.txt). Exit status: 0 done, 1 failed, 2 bad command line.
 */
#include "common/parse.h"
#include "linkmap/linkmap.h"
#include "tools/linkmap_heatmap.h"
#include "tools/linkmap_simgrid.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *usage_text =
	"usage: paralia-linkmap calibrate [-o FILE] [--budget SECONDS] [--rounds N] [--quiet]\n"
	"         (every measurement N times, 3 by default, the fastest counting; each round takes its 10\n"
	"         samples per measurement whatever the budget, so many rounds can outlast it)\n"
	"       paralia-linkmap show [FILE]\n"
	"       paralia-linkmap heatmap [FILE] -o OUT.png\n"
	"       paralia-linkmap simgrid [FILE] -o PLATFORM.xml [--cpus N] [--gpu-mem GIB] [--starpu-bus PREFIX]\n"
	"         (the machine for StarPU on SimGrid; --starpu-bus also writes StarPU's PREFIX.bandwidth/.latency/.config)\n"
	"FILE defaults to this machine's link map (PARALIA_LINKMAP, else PARALIA_HOME or ~/.paralia).\n";

static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "paralia-linkmap: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage_text);
	return 2;
}

static char loaded_path[4096];

static int load(struct lm_db *db, const char *file)
{
	char *path = loaded_path, err[1024];
	size_t len = sizeof(loaded_path);
	if (file)
		snprintf(path, len, "%s", file);
	else
		lm_default_path(path, len);
	if (lm_load(db, path, err, sizeof(err))) {
		fprintf(stderr, "paralia-linkmap: %s\n", err);
		return -1;
	}
	return 0;
}

static void matrix(const struct lm_db *db, const char *title, int latency)
{
	char a[16];
	printf("\n%s (row: from, column: to; '.' = no direct link)\n%8s", title, "");
	for (int d = 0; d < db->nnodes; d++)
		printf(" %8s", lm_node_name(db, d, a, sizeof(a)));
	printf("\n");
	for (int s = 0; s < db->nnodes; s++) {
		printf("%8s", lm_node_name(db, s, a, sizeof(a)));
		for (int d = 0; d < db->nnodes; d++) {
			const struct lm_link *l = &db->link[s][d];
			if (s == d)
				printf(" %8s", "-");
			else if (l->bw_gbs <= 0)
				printf(" %8s", ".");
			else
				printf(" %8.1f", latency ? l->latency_us : l->bw_gbs);
		}
		printf("\n");
	}
}

static void groups(const struct lm_db *db)
{
	char a[16], b[16];
	printf("\nsharing groups (links that draw on one resource; used together they get the total)\n");
	if (db->ngroups == 0)
		printf("  none%s\n", db->from_starpu ? " (StarPU's bus model has no sharing)" : "");
	for (int k = 0; k < db->ngroups; k++) {
		const struct lm_group *g = &db->group[k];
		int act[LM_MAX_GROUP_LINKS][2];
		double alone = 0, together = 0;
		printf("  %-22s %7.1f GB/s total:", g->name, g->total_gbs);
		for (int i = 0; i < g->nlinks; i++) {
			act[i][0] = g->src[i], act[i][1] = g->dst[i];
			alone += db->link[g->src[i]][g->dst[i]].bw_gbs;
			printf(" %s->%s", lm_node_name(db, g->src[i], a, sizeof(a)),
			       lm_node_name(db, g->dst[i], b, sizeof(b)));
		}
		for (int i = 0; i < g->nlinks; i++)
			together += lm_shared_bw(db, act[i][0], act[i][1], act, g->nlinks);
		printf("\n  %-22s each alone: %.1f GB/s summed; all at once: %.1f GB/s summed\n", "", alone,
		       together);
	}
}

static int cmd_show(int argc, char **argv)
{
	if (argc > 1)
		return usage("show: unexpected argument '%s'", argv[1]);
	if (argc == 1 && argv[0][0] == '-')
		return usage("show: unknown option '%s'", argv[0]);
	static struct lm_db db;
	if (load(&db, argc ? argv[0] : NULL))
		return 1;
	char a[16];
	printf("link map: %s\nmachine:  %s\nnodes:\n", loaded_path, db.machine);
	for (int i = 0; i < db.nnodes; i++)
		printf("  %-6s node %-2d %s\n", lm_node_name(&db, i, a, sizeof(a)), i, db.node[i].ident);
	matrix(&db, "bandwidth, GB/s, each link used alone", 0);
	matrix(&db, "latency, us", 1);
	groups(&db);
	return 0;
}

static int cmd_heatmap(int argc, char **argv)
{
	const char *file = NULL, *out = NULL;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o")) {
			if (++i == argc)
				return usage("heatmap: -o needs a file name%s", "");
			out = argv[i];
		} else if (argv[i][0] == '-') {
			return usage("heatmap: unknown option '%s'", argv[i]);
		} else if (file) {
			return usage("heatmap: unexpected argument '%s'", argv[i]);
		} else {
			file = argv[i];
		}
	}
	if (!out)
		return usage("heatmap: say where to write the image with -o OUT.png%s", "");
	static struct lm_db db;
	if (load(&db, file))
		return 1;
	if (lm_heatmap_png(&db, out)) {
		if (errno == ENOTSUP)
			fprintf(stderr, "paralia-linkmap: built without libpng (Debian: libpng-dev, then "
			        "configure again): no heat map\n");
		else
			fprintf(stderr, "paralia-linkmap: cannot write %s: %s\n", out, strerror(errno));
		return 1;
	}
	printf("wrote %s\n", out);
	return 0;
}

/* A positive number from argv[i] (option `opt`), or -1 after printing the usage. */
static double positive(const char *opt, const char *arg)
{
	char *end;
	double v = arg ? strtod(arg, &end) : 0;
	if (!arg || *end || end == arg || !(v > 0)) {
		usage("simgrid: %s needs a positive number", opt);
		return -1;
	}
	return v;
}

static int cmd_simgrid(int argc, char **argv)
{
	const char *file = NULL, *out = NULL, *bus = NULL;
	struct lm_simgrid_opts o = { 16, 0 };
	for (int i = 0; i < argc; i++) {
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--starpu-bus")) {
			if (!next)
				return usage("simgrid: %s needs a file name", argv[i]);
			if (!strcmp(argv[i], "-o"))
				out = next;
			else
				bus = next;
			i++;
		} else if (!strcmp(argv[i], "--cpus") || !strcmp(argv[i], "--gpu-mem")) {
			double v = positive(argv[i], next);
			if (v < 0)
				return 2;
			if (!strcmp(argv[i], "--cpus"))
				o.ncpus = (int)v;
			else
				o.gpu_mem_bytes = v * (1 << 30);
			i++;
		} else if (argv[i][0] == '-') {
			return usage("simgrid: unknown option '%s'", argv[i]);
		} else if (file) {
			return usage("simgrid: unexpected argument '%s'", argv[i]);
		} else {
			file = argv[i];
		}
	}
	if (!out)
		return usage("simgrid: say where to write the platform with -o PLATFORM.xml%s", "");
	static struct lm_db db;
	if (load(&db, file))
		return 1;
	char err[1024];
	FILE *f = fopen(out, "w");
	if (!f) {
		fprintf(stderr, "paralia-linkmap: cannot write %s: %s\n", out, strerror(errno));
		return 1;
	}
	int ret = lm_simgrid_platform(&db, &o, f, err, sizeof err);
	if (fclose(f) && !ret)
		ret = -1, snprintf(err, sizeof err, "write error on %s", out);
	if (!ret && bus)
		ret = lm_simgrid_starpu_bus(&db, &o, bus, err, sizeof err);
	if (ret) {
		fprintf(stderr, "paralia-linkmap: %s: %s\n", loaded_path, err);
		remove(out);
		return 1;
	}
	printf("wrote %s%s%s%s\n", out, bus ? ", " : "", bus ? bus : "", bus ? ".{bandwidth,latency,config}" : "");
	return 0;
}

static int cmd_calibrate(int argc, char **argv)
{
	const char *out = NULL;
	struct lm_calib_opts o = { 0 };
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o")) {
			if (++i == argc)
				return usage("calibrate: -o needs a file name%s", "");
			out = argv[i];
		} else if (!strcmp(argv[i], "--budget")) {
			char *end;
			if (++i == argc)
				return usage("calibrate: --budget needs a number of seconds%s", "");
			o.budget_s = strtod(argv[i], &end);
			if (*end || end == argv[i] || !(o.budget_s > 0))
				return usage("calibrate: --budget '%s' is not a positive number of seconds", argv[i]);
		} else if (!strcmp(argv[i], "--rounds")) {
			long r;
			if (++i == argc)
				return usage("calibrate: --rounds needs a number of rounds%s", "");
			if (!pl_parse_long(argv[i], 1, 100, &r))
				return usage("calibrate: --rounds '%s' is not a number of rounds from 1 to 100", argv[i]);
			o.rounds = (int)r;
		} else if (!strcmp(argv[i], "--quiet")) {
			o.quiet = 1;
		} else {
			return usage("calibrate: unexpected argument '%s'", argv[i]);
		}
	}
	char path[4096], err[1024];
	if (out)
		snprintf(path, sizeof(path), "%s", out);
	else
		lm_default_path(path, sizeof(path));
	static struct lm_db db;
	if (lm_calibrate(&db, &o, err, sizeof(err))) {
		fprintf(stderr, "paralia-linkmap: %s\n", err);
		return 1;
	}
	if (lm_make_parent_dir(path) || lm_save(&db, path)) {
		fprintf(stderr, "paralia-linkmap: cannot write %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("wrote %s\n", path);
	char *show[] = { path };
	return cmd_show(1, show);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage("no command given%s", "");
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (!strcmp(cmd, "show"))
		return cmd_show(argc - 2, argv + 2);
	if (!strcmp(cmd, "heatmap"))
		return cmd_heatmap(argc - 2, argv + 2);
	if (!strcmp(cmd, "simgrid"))
		return cmd_simgrid(argc - 2, argv + 2);
	if (!strcmp(cmd, "calibrate"))
		return cmd_calibrate(argc - 2, argv + 2);
	return usage("unknown command '%s'", cmd);
}
