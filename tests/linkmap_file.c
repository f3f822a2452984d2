/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Link database files: the synthetic databases load and pass lm_check; save/load round trips
 * keep every number; corrupt, truncated and wrong-version files are refused with "path:line:
 * reason" naming the right line: numbers that are not decimal (hex, inf, nan, a sign) or out of
 * their bounds (1e308, 1e-300, a denormal), duplicate nodes, identities and lines too long to
 * keep, NUL bytes and control characters. No StarPU needed. (tests/linkmap_fuzz: mutations.)
 */
#include "linkmap/linkmap.h"
#include "tests/testing.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[256];

static const char *data_path(const char *name)
{
	static char path[1024];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof(path), "%s/tests/data/linkmap/%s", top ? top : ".", name);
	return path;
}

static const char *write_tmp(const char *name, const char *text)
{
	static char path[512];
	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		fprintf(stderr, "cannot write %s\n", path);
		exit(99);
	}
	return path;
}

static int same_db(const struct lm_db *a, const struct lm_db *b)
{
	if (strcmp(a->machine, b->machine) || a->nnodes != b->nnodes || a->ngroups != b->ngroups)
		return 0;
	for (int i = 0; i < a->nnodes; i++) {
		if (a->node[i].kind != b->node[i].kind || a->node[i].devid != b->node[i].devid ||
		    strcmp(a->node[i].ident, b->node[i].ident))
			return 0;
		for (int j = 0; j < a->nnodes; j++) {
			const struct lm_link *x = &a->link[i][j], *y = &b->link[i][j];
			if (fabs(x->bw_gbs - y->bw_gbs) > 1e-12 * x->bw_gbs ||
			    fabs(x->latency_us - y->latency_us) > 1e-12 * x->latency_us)
				return 0;
		}
	}
	for (int k = 0; k < a->ngroups; k++) {
		const struct lm_group *g = &a->group[k], *h = &b->group[k];
		if (strcmp(g->name, h->name) || g->nlinks != h->nlinks ||
		    fabs(g->total_gbs - h->total_gbs) > 1e-12 * g->total_gbs)
			return 0;
		for (int i = 0; i < g->nlinks; i++)
			if (g->src[i] != h->src[i] || g->dst[i] != h->dst[i])
				return 0;
	}
	return 1;
}

static void check_synthetic(const char *name, int nnodes, int ngroups)
{
	struct lm_db db;
	char err[512] = "";
	int ret = lm_load(&db, data_path(name), err, sizeof(err));
	t_check(ret == 0, "%s loads (%s)", name, err);
	if (ret)
		return;
	t_check(db.nnodes == nnodes && db.ngroups == ngroups, "%s: %d nodes, %d groups (expected %d, %d)",
	        name, db.nnodes, db.ngroups, nnodes, ngroups);
	t_check(lm_check(&db, err, sizeof(err)) == 0, "%s passes lm_check (%s)", name, err);
	t_check(db.node[0].kind == LM_HOST && db.node[1].kind == LM_GPU && db.node[1].devid == 0,
	        "%s: node 0 is the host, node 1 is GPU 0", name);

	/* Round trip through lm_save keeps every field. */
	char path[512];
	snprintf(path, sizeof(path), "%s/rt-%s", tmpdir, name);
	t_check(lm_save(&db, path) == 0, "%s: lm_save to %s (%s)", name, path, strerror(errno));
	struct lm_db back;
	ret = lm_load(&back, path, err, sizeof(err));
	t_check(ret == 0 && same_db(&db, &back), "%s: save/load round trip is identical (%s)", name,
	        ret ? err : "fields differ");
}

/* A database built in code with numbers that are not short decimals survives a round trip. */
static void check_built_round_trip(void)
{
	struct lm_db db, back;
	char err[512] = "", path[512];
	lm_build_uniform(&db, 3, 100.0 / 3, 55.3, 1e3 / 7, 9.87654321);
	snprintf(db.machine, sizeof(db.machine), "host-x NVIDIA H200 GPU-1234 NVIDIA H200 GPU-5678");
	lm_set_node(&db, 2, LM_GPU, 1, "NVIDIA H200 GPU-8e0f2f4a-0000-1111-2222-333344445555");
	int src[3] = { 0, 0, 0 }, dst[3] = { 1, 2, 3 };
	t_check(lm_add_group(&db, "host-h2d", 2.0 / 3 * 100, 3, src, dst) == 0, "lm_add_group");
	t_check(lm_check(&db, err, sizeof(err)) == 0, "built database passes lm_check (%s)", err);
	snprintf(path, sizeof(path), "%s/built.txt", tmpdir);
	t_check(lm_save(&db, path) == 0, "lm_save of a built database");
	int ret = lm_load(&back, path, err, sizeof(err));
	t_check(ret == 0 && same_db(&db, &back), "built database round trip (%s)", ret ? err : "differs");
	t_check(access(path, F_OK) == 0, "lm_save left the file");
	char tmpname[600];
	snprintf(tmpname, sizeof(tmpname), "%s.tmp.%ld", path, (long)getpid());
	t_check(access(tmpname, F_OK) != 0, "lm_save left no temporary file");
}

static const char *H = "paralia-linkmap 1\nmachine m\nnode 0 host 0 numa0\nnode 1 gpu 0 G\n";

struct bad_case {
	const char *what, *text;
	int line;          /* line the error must name */
	const char *reason; /* substring the reason must contain */
};

/* Refused with "path:line: " + reason: the file holds len bytes of text (NULs included). */
static void refused_at(const char *what, const char *text, size_t len, int line, const char *reason)
{
	char path[512], err[512] = "", want[600];
	snprintf(path, sizeof(path), "%s/raw.txt", tmpdir);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f))
		exit(99);
	struct lm_db db;
	int ret = lm_load(&db, path, err, sizeof(err));
	snprintf(want, sizeof(want), "%s:%d: ", path, line);
	t_check(ret == -1 && !strncmp(err, want, strlen(want)) && strstr(err, reason),
	        "%s: refused as '%s' (%s)", what, reason, err);
}

/* What a line-buffered reader cuts silently: long identities, long lines, NUL bytes. */
static void check_long_and_binary(void)
{
	static char text[16384];
	char pad[4200];
	memset(pad, 'x', sizeof(pad));
	pad[2000] = '\0';
	int n = snprintf(text, sizeof(text), "paralia-linkmap 1\nmachine %s\nend\n", pad);
	refused_at("machine identity of 2000 characters", text, (size_t)n, 2,
	           "machine identity of 2000 characters (at most 1023)");
	pad[200] = '\0';
	n = snprintf(text, sizeof(text), "paralia-linkmap 1\nmachine m\nnode 0 host 0 %s\nend\n", pad);
	refused_at("node identity of 200 characters", text, (size_t)n, 3,
	           "node identity of 200 characters (at most 95)");
	memset(pad, 'x', sizeof(pad));
	pad[4095] = '\0';
	n = snprintf(text, sizeof(text), "%s# %s\nend\n", H, pad);
	refused_at("a comment line of 4097 characters", text, (size_t)n, 5, "line longer than 4094");
	static const char nul[] = "paralia-linkmap 1\nmachine m\0hidden\nnode 0 host 0 x\nend\n";
	refused_at("a NUL byte", nul, sizeof(nul) - 1, 2, "NUL byte at column 10");
	static const char nul_only[] = "\0\0\0\0";
	refused_at("NUL bytes only", nul_only, sizeof(nul_only) - 1, 1, "NUL byte at column 1");
}

static void check_bad_files(void)
{
	static char buf[64][1024];
	const struct bad_case cases[] = {
		{ "empty file", "", 1, "empty" },
		{ "only comments", "# nothing\n\n", 2, "empty" },
		{ "not a link map", "hello world\n", 1, "not a paralia link map" },
		{ "wrong version", "paralia-linkmap 2\nmachine m\n", 1, "unsupported format version 2" },
		{ "version not a number", "paralia-linkmap one\n", 1, "not a decimal integer" },
		{ "no machine line", "paralia-linkmap 1\nnode 0 host 0 x\n", 2, "machine" },
		{ "truncated: no end", "%slink 0 1 10 55\n", 5, "truncated" },
		{ "truncated mid-line", "%slink 0 1 10", 5, "expected 'link" },
		{ "negative bandwidth", "%slink 0 1 10 -5\nend\n", 5, "not negative" },
		{ "nan latency", "%slink 0 1 nan 5\nend\n", 5, "not a decimal number" },
		{ "bandwidth not a number", "%slink 0 1 10 fast\nend\n", 5, "not a decimal number" },
		{ "hex bandwidth", "%slink 0 1 10 0x10\nend\n", 5, "not a decimal number" },
		{ "inf bandwidth", "%slink 0 1 10 inf\nend\n", 5, "not a decimal number" },
		{ "plus sign", "%slink 0 1 +10 5\nend\n", 5, "not a decimal number" },
		{ "hex node index", "%slink 0x0 1 10 5\nend\n", 5, "not a decimal integer" },
		{ "1e308 bandwidth", "%slink 0 1 10 1e308\nend\n", 5, "out of bounds [0.001, 100000]" },
		{ "1e999 bandwidth", "%slink 0 1 10 1e999\nend\n", 5, "out of bounds" },
		{ "1e-300 bandwidth", "%slink 0 1 10 1e-300\nend\n", 5, "(or 0: no link)" },
		{ "denormal bandwidth", "%slink 0 1 10 4.9e-324\nend\n", 5, "out of bounds" },
		{ "1e308 latency", "%slink 0 1 1e308 5\nend\n", 5, "latency 1e308 out of bounds [0, 1e+06]" },
		{ "1e308 group total", "%slink 0 1 10 5\ngroup g 1e308 0-1\nend\n", 6,
		  "group total bandwidth 1e308 out of bounds" },
		{ "bad group name", "%slink 0 1 10 5\ngroup g/h 9 0-1\nend\n", 6, "not a word" },
		{ "duplicate node", "%snode 2 gpu 0 G2\nend\n", 5, "node 2 is gpu 0 again (node 1)" },
		{ "device number too large", "paralia-linkmap 1\nmachine m\nnode 0 host 65536 x\nend\n",
		  3, "out of range [0, 65535]" },
		{ "control character", "%slink 0 1 10\0015\nend\n", 5, "control character 0x01 at column 12" },
		{ "unknown node", "%slink 0 7 10 5\nend\n", 5, "not a node" },
		{ "self link", "%slink 1 1 10 5\nend\n", 5, "itself" },
		{ "extra field", "%slink 0 1 10 5 6\nend\n", 5, "expected 'link" },
		{ "duplicate link", "%slink 0 1 10 5\nlink 0 1 10 5\nend\n", 6, "twice" },
		{ "group on missing link", "%slink 0 1 10 5\ngroup g 10 0-1 1-0\nend\n", 6, "1-0" },
		{ "group bad member", "%slink 0 1 10 5\ngroup g 10 0+1\nend\n", 6, "<src>-<dst>" },
		{ "group zero total", "%slink 0 1 10 5\ngroup g 0 0-1\nend\n", 6, "out of bounds" },
		{ "group name twice", "%slink 0 1 10 5\ngroup g 9 0-1\ngroup g 9 0-1\nend\n", 7, "twice" },
		{ "unknown keyword", "%sbus 0 1\nend\n", 5, "unknown keyword 'bus'" },
		{ "node out of order", "paralia-linkmap 1\nmachine m\nnode 1 host 0 x\nend\n", 3,
		  "out of order" },
		{ "bad node kind", "paralia-linkmap 1\nmachine m\nnode 0 fpga 0 x\nend\n", 3, "fpga" },
		{ "node without identity", "paralia-linkmap 1\nmachine m\nnode 0 host 0\nend\n", 3,
		  "expected 'node" },
		{ "node after links", "%slink 0 1 10 5\nnode 2 gpu 1 G\nend\n", 6, "list all nodes first" },
		{ "text after end", "%send\nlink 0 1 10 5\n", 6, "after the 'end'" },
		{ "end with argument", "%send now\n", 5, "'end' takes nothing" },
		{ "no nodes", "paralia-linkmap 1\nmachine m\nend\n", 3, "no nodes" },
		{ "second machine line", "paralia-linkmap 1\nmachine m\nmachine n\n", 3, "second" },
	};
	int n = sizeof(cases) / sizeof(cases[0]);
	for (int i = 0; i < n; i++) {
		snprintf(buf[i], sizeof(buf[i]), cases[i].text, H);
		char name[32], err[512] = "", want[600];
		snprintf(name, sizeof(name), "bad%02d.txt", i);
		const char *path = write_tmp(name, buf[i]);
		struct lm_db db;
		db.nnodes = -12345; /* a failed load must leave db alone */
		int ret = lm_load(&db, path, err, sizeof(err));
		snprintf(want, sizeof(want), "%s:%d: ", path, cases[i].line);
		t_check(ret == -1, "%s: refused", cases[i].what);
		t_check(!strncmp(err, want, strlen(want)) && strstr(err, cases[i].reason),
		        "%s: message '%s' names '%s' and says '%s'", cases[i].what, err, want,
		        cases[i].reason);
		t_check(db.nnodes == -12345, "%s: db untouched by a failed load", cases[i].what);
	}

	check_long_and_binary();

	/* Every proper prefix of a real file (cut at a line end or inside a line) is refused. */
	FILE *f = fopen(data_path("h200x4.txt"), "r");
	static char whole[8192];
	size_t len = f ? fread(whole, 1, sizeof(whole) - 1, f) : 0;
	if (f)
		fclose(f);
	t_check(len > 100, "read h200x4.txt");
	int refused = 0, tried = 0;
	for (size_t cut = 0; cut + 1 < len; cut += 7) {
		static char part[8192];
		memcpy(part, whole, cut);
		part[cut] = '\0';
		const char *path = write_tmp("prefix.txt", part);
		struct lm_db db;
		char err[512];
		tried++;
		if (lm_load(&db, path, err, sizeof(err)) == -1 && !strncmp(err, path, strlen(path)))
			refused++;
	}
	t_check(refused == tried, "every truncation of h200x4.txt is refused (%d of %d)", refused, tried);

	char err[512] = "";
	struct lm_db db;
	char missing[300];
	snprintf(missing, sizeof(missing), "%s/does-not-exist.txt", tmpdir);
	t_check(lm_load(&db, missing, err, sizeof(err)) == -1 && strstr(err, missing),
	        "a missing file is refused naming it (%s)", err);
}

static void check_invalid_db(void)
{
	struct lm_db db;
	char err[512] = "", path[512];
	lm_build_uniform(&db, 2, 10, 10, 20, 5);
	db.link[0][1].bw_gbs = -1;
	t_check(lm_check(&db, err, sizeof(err)) == -1 && strstr(err, "link 0-1"),
	        "lm_check refuses a negative bandwidth (%s)", err);
	snprintf(path, sizeof(path), "%s/invalid.txt", tmpdir);
	errno = 0;
	t_check(lm_save(&db, path) == -1 && errno == EINVAL && access(path, F_OK) != 0,
	        "lm_save refuses an invalid database and writes nothing");
	lm_build_uniform(&db, 2, 10, 10, 0, 5);
	int s[1] = { 1 }, d[1] = { 2 };
	t_check(lm_add_group(&db, "p2p", 10, 1, s, d) == 0, "a group may name a link before it exists");
	t_check(lm_check(&db, err, sizeof(err)) == -1 && strstr(err, "does not exist"),
	        "lm_check refuses a group on a missing link (%s)", err);
	t_check(lm_add_group(&db, "two words", 10, 1, s, d) == -1, "lm_add_group refuses a name with a blank");
	t_check(lm_set_link(&db, 0, 9, 1, 1) == -1 && lm_set_link(&db, 0, 1, -1, 1) == -1 &&
	        lm_set_link(&db, 1, 1, 1, 1) == -1, "lm_set_link refuses bad nodes and numbers");
	snprintf(path, sizeof(path), "%s/no-such-dir/x.txt", tmpdir);
	lm_build_uniform(&db, 2, 10, 10, 20, 5);
	t_check(lm_save(&db, path) == -1, "lm_save into a missing folder fails");
}

int main(void)
{
	t_set_name("linkmap_file");
	const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(tmpdir, sizeof(tmpdir), "%s/linkmap_file.XXXXXX", base);
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 99;
	}
	check_synthetic("dgx1-v100.txt", 9, 8);
	check_synthetic("a100-nvswitch-8.txt", 9, 24);
	check_synthetic("h200x4.txt", 5, 6);
	check_synthetic("pcie-only-4.txt", 5, 4);
	check_built_round_trip();
	check_bad_files();
	check_invalid_db();
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return t_summary();
}
