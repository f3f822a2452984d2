/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link database file: a versioned line-oriented text format (docs/LINKMAP_FORMAT.md).
 * Text, because people read and diff these files between machines and calibration runs; strict,
 * because a wrong number here silently misleads every scheduling decision, so the reader refuses
 * anything it does not fully understand and says where ("path:line: reason").
 */
#include "linkmap/linkmap.h"
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE_MAX_CHARS 4096
#define MAX_TOKENS (LM_MAX_GROUP_LINKS + 8)

struct reader {
	const char *path;
	int line;
	char *err;
	size_t errlen;
	struct lm_db *db;
	int seen_header, seen_machine, seen_end, nlinks_read, seen_link_or_group;
	unsigned char have_link[LM_MAX_NODES][LM_MAX_NODES];
};

static int bad(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(struct reader *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r->err && r->errlen)
		snprintf(r->err, r->errlen, "%s:%d: %s", r->path, r->line, msg);
	return -1;
}

/* Integers are decimal digits only (no sign, no blanks, no 0x): at most 9 of them, then the
 * range. */
static int parse_int(struct reader *r, const char *tok, const char *what, int lo, int hi, int *out)
{
	size_t n = strspn(tok, "0123456789");
	if (n == 0 || tok[n] != '\0')
		return bad(r, "%s '%s' is not a decimal integer", what, tok);
	if (n > 9)
		return bad(r, "%s %s out of range [%d, %d]", what, tok, lo, hi);
	long v = strtol(tok, NULL, 10);
	if (v < lo || v > hi)
		return bad(r, "%s %ld out of range [%d, %d]", what, v, lo, hi);
	*out = (int)v;
	return 0;
}

/* Whether tok is digits [. digits] [e|E [+|-] digits], with at least one mantissa digit: what
 * lm_save writes (%.15g). strtod alone would also take hex, inf, nan and leading blanks. */
static int is_decimal(const char *tok)
{
	const char *p = tok;
	size_t mant = strspn(p, "0123456789");
	p += mant;
	if (*p == '.') {
		size_t frac = strspn(p + 1, "0123456789");
		mant += frac;
		p += 1 + frac;
	}
	if (mant == 0)
		return 0;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		size_t ex = strspn(p, "0123456789");
		if (ex == 0)
			return 0;
		p += ex;
	}
	return *p == '\0';
}

/* A decimal number within [lo, hi], or 0 when zero_ok (bandwidth 0: no link). Values between 0
 * and lo (1e-300, denormals) are refused: printed as 0.0 they would read as "no link". */
static int parse_num(struct reader *r, const char *tok, const char *what, double lo, double hi,
                     int zero_ok, double *out)
{
	if (tok[0] == '-')
		return bad(r, "%s %s is negative: numbers are decimal and not negative", what, tok);
	if (!is_decimal(tok))
		return bad(r, "%s '%s' is not a decimal number", what, tok);
	double v = strtod(tok, NULL);
	if (!(zero_ok && v == 0) && !(v >= lo && v <= hi)) /* 1e999 is inf: out of bounds too */
		return bad(r, "%s %s out of bounds [%g, %g]%s", what, tok, lo, hi,
		           zero_ok ? " (or 0: no link)" : "");
	*out = v;
	return 0;
}

/* Text after the first `skip` tokens of the original line, trimmed: machine and node identities
 * may contain spaces ("NVIDIA H200 GPU-..."). Returns its length; out holds it only when it
 * fits (length < len). */
static size_t rest_of_line(const char *line, int skip, char *out, size_t len)
{
	const char *p = line;
	for (int i = 0; i < skip; i++) {
		p += strspn(p, " \t\r");
		p += strcspn(p, " \t\r");
	}
	p += strspn(p, " \t\r");
	size_t n = strlen(p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	if (n < len) {
		memcpy(out, p, n);
		out[n] = '\0';
	}
	return n;
}

static int do_header(struct reader *r, char **tok, int nt)
{
	if (nt != 2 || strcmp(tok[0], "paralia-linkmap"))
		return bad(r, "not a paralia link map (expected 'paralia-linkmap %d' first)",
		           LM_FORMAT_VERSION);
	int v;
	if (parse_int(r, tok[1], "format version", 0, 1 << 30, &v))
		return -1;
	if (v != LM_FORMAT_VERSION)
		return bad(r, "unsupported format version %d (this paralia reads version %d)", v,
		           LM_FORMAT_VERSION);
	r->seen_header = 1;
	return 0;
}

static int do_machine(struct reader *r, const char *line, int nt)
{
	if (r->seen_machine)
		return bad(r, "second 'machine' line");
	if (nt < 2)
		return bad(r, "'machine' needs the machine's identity");
	size_t n = rest_of_line(line, 1, r->db->machine, sizeof(r->db->machine));
	if (n >= sizeof(r->db->machine))
		return bad(r, "machine identity of %zu characters (at most %zu)", n,
		           sizeof(r->db->machine) - 1);
	r->seen_machine = 1;
	return 0;
}

static int do_node(struct reader *r, const char *line, char **tok, int nt)
{
	struct lm_db *db = r->db;
	int i, devid;
	if (!r->seen_machine)
		return bad(r, "'node' before the 'machine' line");
	if (r->seen_link_or_group)
		return bad(r, "'node' after links or groups: list all nodes first");
	if (nt < 5)
		return bad(r, "expected 'node <index> host|gpu <device> <identity>'");
	if (parse_int(r, tok[1], "node index", 0, LM_MAX_NODES - 1, &i))
		return -1;
	if (i != db->nnodes)
		return bad(r, "node %d out of order (expected node %d)", i, db->nnodes);
	enum lm_node_kind kind;
	if (!strcmp(tok[2], "host"))
		kind = LM_HOST;
	else if (!strcmp(tok[2], "gpu"))
		kind = LM_GPU;
	else
		return bad(r, "node kind '%s' is neither 'host' nor 'gpu'", tok[2]);
	if (parse_int(r, tok[3], "device number", 0, LM_MAX_DEVID, &devid))
		return -1;
	for (int j = 0; j < db->nnodes; j++)
		if (db->node[j].kind == kind && db->node[j].devid == devid)
			return bad(r, "node %d is %s %d again (node %d)", i, tok[2], devid, j);
	char ident[sizeof(db->node[0].ident)];
	size_t n = rest_of_line(line, 4, ident, sizeof(ident));
	if (n >= sizeof(ident))
		return bad(r, "node identity of %zu characters (at most %zu)", n, sizeof(ident) - 1);
	db->nnodes++;
	lm_set_node(db, i, kind, devid, ident);
	return 0;
}

static int node_index(struct reader *r, const char *tok, const char *what, int *out)
{
	if (parse_int(r, tok, what, 0, LM_MAX_NODES - 1, out))
		return -1;
	if (*out >= r->db->nnodes)
		return bad(r, "%s %d is not a node (%d nodes listed)", what, *out, r->db->nnodes);
	return 0;
}

static int do_link(struct reader *r, char **tok, int nt)
{
	int s, d;
	double lat, bw;
	if (nt != 5)
		return bad(r, "expected 'link <src> <dst> <latency_us> <bandwidth_gbs>'");
	if (r->db->nnodes == 0)
		return bad(r, "'link' before any 'node'");
	if (node_index(r, tok[1], "source node", &s) || node_index(r, tok[2], "destination node", &d) ||
	    parse_num(r, tok[3], "latency", 0, LM_MAX_LATENCY_US, 0, &lat) ||
	    parse_num(r, tok[4], "bandwidth", LM_MIN_GBS, LM_MAX_GBS, 1, &bw))
		return -1;
	if (s == d)
		return bad(r, "link %d-%d joins a node to itself", s, d);
	if (r->have_link[s][d])
		return bad(r, "link %d-%d given twice", s, d);
	r->have_link[s][d] = 1;
	r->seen_link_or_group = 1;
	lm_set_link(r->db, s, d, lat, bw);
	return 0;
}

static int do_group(struct reader *r, char **tok, int nt)
{
	struct lm_db *db = r->db;
	int src[LM_MAX_GROUP_LINKS], dst[LM_MAX_GROUP_LINKS];
	double total;
	if (nt < 4)
		return bad(r, "expected 'group <name> <total_gbs> <src>-<dst> ...'");
	if (strlen(tok[1]) >= sizeof(db->group[0].name))
		return bad(r, "group name '%s' longer than %zu characters", tok[1],
		           sizeof(db->group[0].name) - 1);
	if (!lm_valid_group_name(tok[1]))
		return bad(r, "group name '%s' is not a word of letters, digits, '.', '_', '-'", tok[1]);
	for (int k = 0; k < db->ngroups; k++)
		if (!strcmp(db->group[k].name, tok[1]))
			return bad(r, "group name '%s' used twice", tok[1]);
	if (db->ngroups >= LM_MAX_GROUPS)
		return bad(r, "more than %d groups", LM_MAX_GROUPS);
	if (parse_num(r, tok[2], "group total bandwidth", LM_MIN_GBS, LM_MAX_GBS, 0, &total))
		return -1;
	int n = nt - 3;
	if (n > LM_MAX_GROUP_LINKS)
		return bad(r, "group of %d links (at most %d)", n, LM_MAX_GROUP_LINKS);
	for (int i = 0; i < n; i++) {
		char a[32], *dash;
		if (strlen(tok[3 + i]) >= sizeof(a) || !(dash = strchr(tok[3 + i], '-')))
			return bad(r, "group link '%s' is not <src>-<dst>", tok[3 + i]);
		memcpy(a, tok[3 + i], dash - tok[3 + i]);
		a[dash - tok[3 + i]] = '\0';
		if (node_index(r, a, "group link source", &src[i]) ||
		    node_index(r, dash + 1, "group link destination", &dst[i]))
			return -1;
		if (src[i] == dst[i] || db->link[src[i]][dst[i]].bw_gbs <= 0)
			return bad(r, "group link %s is not a link listed above with a bandwidth",
			           tok[3 + i]);
		for (int j = 0; j < i; j++)
			if (src[j] == src[i] && dst[j] == dst[i])
				return bad(r, "group link %s listed twice", tok[3 + i]);
	}
	r->seen_link_or_group = 1;
	lm_add_group(db, tok[1], total, n, src, dst);
	return 0;
}

/* One line into buf (cap bytes), without its newline, NUL bytes kept; stops once the line is
 * longer than cap - 2 (*longer = 1: the file is refused, so the rest is not read; a file with no
 * newline at all, /dev/zero, ends too). Returns the bytes stored, or -1 at the end of the file. */
static long read_line(FILE *f, char *buf, size_t cap, int *longer)
{
	size_t n = 0;
	int c;
	*longer = 0;
	while ((c = getc(f)) != EOF && c != '\n') {
		if (n == cap - 1) {
			*longer = 1;
			break;
		}
		buf[n++] = (char)c;
	}
	if (c == EOF && n == 0)
		return -1;
	buf[n] = '\0';
	return (long)n;
}

/* What string functions would cut or hide: a NUL (the rest of the line would vanish), a line
 * over LINE_MAX_CHARS - 2, control characters (only tab, and the CR of CR LF line ends, are
 * blanks). */
static int check_bytes(struct reader *r, const char *line, size_t n, int longer)
{
	const char *nul = memchr(line, '\0', n);
	if (nul)
		return bad(r, "NUL byte at column %zu: not a text file", (size_t)(nul - line) + 1);
	if (longer || n > LINE_MAX_CHARS - 2)
		return bad(r, "line longer than %d characters", LINE_MAX_CHARS - 2);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)line[i];
		if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
			return bad(r, "control character 0x%02x at column %zu", c, i + 1);
	}
	return 0;
}

static int do_line(struct reader *r, char *line)
{
	char copy[LINE_MAX_CHARS];
	char *tok[MAX_TOKENS];
	int nt = 0;
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	snprintf(copy, sizeof(copy), "%s", line);
	for (char *save, *t = strtok_r(copy, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
		if (nt == MAX_TOKENS)
			return bad(r, "too many fields");
		tok[nt++] = t;
	}
	if (nt == 0)
		return 0;
	if (r->seen_end)
		return bad(r, "text after the 'end' line");
	if (!r->seen_header)
		return do_header(r, tok, nt);
	if (!strcmp(tok[0], "machine"))
		return do_machine(r, line, nt);
	if (!r->seen_machine)
		return bad(r, "expected the 'machine' line, found '%s'", tok[0]);
	if (!strcmp(tok[0], "node"))
		return do_node(r, line, tok, nt);
	if (!strcmp(tok[0], "link"))
		return do_link(r, tok, nt);
	if (!strcmp(tok[0], "group"))
		return do_group(r, tok, nt);
	if (!strcmp(tok[0], "end")) {
		if (nt != 1)
			return bad(r, "'end' takes nothing after it");
		if (r->db->nnodes == 0)
			return bad(r, "no nodes before 'end'");
		r->seen_end = 1;
		return 0;
	}
	return bad(r, "unknown keyword '%s'", tok[0]);
}

int lm_load(struct lm_db *db, const char *path, char *err, size_t errlen)
{
	struct lm_db tmp;
	struct reader r = { .path = path, .err = err, .errlen = errlen, .db = &tmp };
	lm_init(&tmp, 0);
	FILE *f = fopen(path, "r");
	if (!f) {
		r.line = 0;
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	char line[LINE_MAX_CHARS];
	long n;
	int ret = 0, longer;
	while (!ret && (n = read_line(f, line, sizeof(line), &longer)) >= 0) {
		r.line++;
		ret = check_bytes(&r, line, (size_t)n, longer);
		if (!ret)
			ret = do_line(&r, line);
	}
	if (!ret && ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
		ret = -1;
	}
	fclose(f);
	if (ret)
		return -1;
	if (!r.seen_header) {
		r.line = r.line ? r.line : 1;
		return bad(&r, "empty file: not a paralia link map");
	}
	if (!r.seen_end)
		return bad(&r, "truncated file: no 'end' line");
	char why[400];
	if (lm_check(&tmp, why, sizeof(why)))
		return bad(&r, "%s", why);
	*db = tmp;
	return 0;
}

/* '#' starts a comment and newlines end a line: keep them out of free text we write, and
 * trim the blanks the reader would trim. */
static void clean_text(const char *in, char *out, size_t len, const char *empty)
{
	in += strspn(in, " \t");
	size_t n = 0;
	for (; *in && n + 1 < len; in++)
		out[n++] = (*in == '#' || *in == '\n' || *in == '\r') ? '_' : *in;
	while (n && (out[n - 1] == ' ' || out[n - 1] == '\t'))
		n--;
	out[n] = '\0';
	if (!n)
		snprintf(out, len, "%s", empty);
}

static int write_db(const struct lm_db *db, FILE *f)
{
	char text[1024];
	fprintf(f, "# paralia link map (docs/LINKMAP_FORMAT.md): latency in microseconds, bandwidth\n"
	           "# in GB/s (1e9 bytes/s), nodes are StarPU memory nodes.\n");
	fprintf(f, "paralia-linkmap %d\n", LM_FORMAT_VERSION);
	clean_text(db->machine, text, sizeof(text), "unknown");
	fprintf(f, "machine %s\n", text);
	for (int i = 0; i < db->nnodes; i++) {
		clean_text(db->node[i].ident, text, sizeof(db->node[i].ident), "-");
		fprintf(f, "node %d %s %d %s\n", i, db->node[i].kind == LM_HOST ? "host" : "gpu",
		        db->node[i].devid, text);
	}
	fprintf(f, "# link <src> <dst> <latency_us> <bandwidth_gbs>\n");
	for (int s = 0; s < db->nnodes; s++)
		for (int d = 0; d < db->nnodes; d++) {
			const struct lm_link *l = &db->link[s][d];
			if (s != d && (l->bw_gbs > 0 || l->latency_us > 0))
				fprintf(f, "link %d %d %.15g %.15g\n", s, d, l->latency_us, l->bw_gbs);
		}
	if (db->ngroups)
		fprintf(f, "# group <name> <total_gbs> <src>-<dst>...: links sharing one resource\n");
	for (int k = 0; k < db->ngroups; k++) {
		const struct lm_group *g = &db->group[k];
		fprintf(f, "group %s %.15g", g->name, g->total_gbs);
		for (int i = 0; i < g->nlinks; i++)
			fprintf(f, " %d-%d", g->src[i], g->dst[i]);
		fprintf(f, "\n");
	}
	fprintf(f, "end\n");
	return ferror(f) ? -1 : 0;
}

int lm_save(const struct lm_db *db, const char *path)
{
	char why[400];
	if (lm_check(db, why, sizeof(why))) {
		errno = EINVAL;
		return -1;
	}
	char tmp[4096];
	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	FILE *f = fopen(tmp, "w");
	if (!f)
		return -1;
	int ret = write_db(db, f);
	if (fclose(f) || ret) {
		int e = errno;
		unlink(tmp);
		errno = e ? e : EIO;
		return -1;
	}
	if (rename(tmp, path)) {
		int e = errno;
		unlink(tmp);
		errno = e;
		return -1;
	}
	return 0;
}
