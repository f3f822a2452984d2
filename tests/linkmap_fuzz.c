/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link-map reader under seeded mutations (issue 13): every map of tests/data/linkmap is
 * mutated 400 times (random bytes flipped, inserted or deleted, NUL and high bytes, lines
 * deleted, duplicated or swapped, numbers replaced by hostile ones: hex, inf, nan, signs, 1e308,
 * 1e-300, 2^32, huge digit strings; long lines and identities; truncation) and loaded. Each load
 * must end (an alarm fails a hang), either accept a database that passes lm_check and survives a
 * save/load round trip, or refuse with "path:line: reason". Deterministic: the same seeds every
 * run. Under --enable-sanitizers any invalid access or undefined behaviour fails it too.
 */
#include "linkmap/linkmap.h"
#include "tests/testing.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MUTATIONS 400
#define MAXLEN 65536

static unsigned long long rng;
static unsigned next(void) /* xorshift64*: the same sequence on every machine */
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (unsigned)((rng * 2685821657736338717ULL) >> 32);
}
static size_t below(size_t n) { return n ? next() % n : 0; }

static char tmpdir[256];

static void on_alarm(int sig)
{
	(void)sig;
	static const char msg[] = "linkmap_fuzz: FAIL timed out (the reader hangs)\n";
	(void)!write(1, msg, sizeof msg - 1);
	_exit(1);
}

/* Start and length of the line holding byte i. */
static void line_at(const char *t, size_t len, size_t i, size_t *s, size_t *n)
{
	size_t a = i, b = i;
	while (a > 0 && t[a - 1] != '\n')
		a--;
	while (b < len && t[b] != '\n')
		b++;
	*s = a;
	*n = b < len ? b - a + 1 : b - a; /* with its newline */
}

static void replace(char *t, size_t *len, size_t at, size_t cut, const char *with, size_t wlen)
{
	if (*len - cut + wlen >= MAXLEN)
		return;
	memmove(t + at + wlen, t + at + cut, *len - at - cut);
	memcpy(t + at, with, wlen);
	*len = *len - cut + wlen;
}

/* A token of digits, dots, signs and exponents near byte i (a number of the file), or none. */
static int number_at(const char *t, size_t len, size_t i, size_t *s, size_t *n)
{
	for (size_t k = i; k < len && k < i + 64; k++)
		if (t[k] >= '0' && t[k] <= '9') {
			size_t a = k, b = k;
			while (a > 0 && strchr("0123456789.eE+-", t[a - 1]))
				a--;
			while (b < len && strchr("0123456789.eE+-", t[b]))
				b++;
			*s = a;
			*n = b - a;
			return 1;
		}
	return 0;
}

static void mutate(char *t, size_t *len)
{
	static const char *hostile[] = {
		"0", "-1", "1e308", "1e-300", "4.9e-324", "0x10", "inf", "nan", "+5", "4294967296",
		"99999999999999999999", "", "1e-3", "1e5", "100001", "0.0009", "16", "15", "65536",
		"2147483648", "1.", ".5", "1e", "e5", "0-1", "1-", "-", "#", "1e+06", "1000000.0001",
	};
	size_t i = below(*len), s, n;
	switch (below(10)) {
	case 0: /* one byte changed to anything, NUL and high bytes included */
		if (*len)
			t[i] = (char)below(256);
		break;
	case 1: { /* a few random bytes inserted */
		char ins[8];
		size_t k = 1 + below(sizeof ins);
		for (size_t j = 0; j < k; j++)
			ins[j] = (char)(below(4) ? ' ' + below(95) : below(256));
		replace(t, len, i, 0, ins, k);
		break;
	}
	case 2: /* a range deleted */
		replace(t, len, i, below(*len - i < 40 ? *len - i : 40), "", 0);
		break;
	case 3: /* a line deleted */
		line_at(t, *len, i, &s, &n);
		replace(t, len, s, n, "", 0);
		break;
	case 4: { /* a line duplicated (nodes, links, groups, machine, end twice) */
		static char copy[MAXLEN];
		line_at(t, *len, i, &s, &n);
		memcpy(copy, t + s, n);
		replace(t, len, s, 0, copy, n);
		break;
	}
	case 5: { /* two lines swapped (order rules) */
		static char a[MAXLEN], b[MAXLEN];
		size_t s2, n2;
		line_at(t, *len, i, &s, &n);
		line_at(t, *len, below(*len), &s2, &n2);
		if (s2 < s) {
			size_t x = s; s = s2; s2 = x;
			x = n; n = n2; n2 = x;
		}
		if (s + n > s2)
			break;
		memcpy(a, t + s, n);
		memcpy(b, t + s2, n2);
		replace(t, len, s2, n2, a, n);
		replace(t, len, s, n, b, n2);
		break;
	}
	case 6: case 7: { /* a number replaced by a hostile one */
		const char *h = hostile[below(sizeof hostile / sizeof hostile[0])];
		if (number_at(t, *len, i, &s, &n))
			replace(t, len, s, n, h, strlen(h));
		break;
	}
	case 8: { /* a long run of one character (long lines and identities) */
		static char run[5000];
		size_t k = below(2) ? 90 + below(20) : 1000 + below(sizeof run - 1000);
		memset(run, below(3) ? 'x' : ' ', k);
		replace(t, len, i, 0, run, k);
		break;
	}
	default: /* truncated */
		*len = i;
		break;
	}
}

static int same_file_roundtrip(const struct lm_db *db, const char *path)
{
	struct lm_db back;
	char err[512];
	return lm_save(db, path) == 0 && lm_load(&back, path, err, sizeof err) == 0 &&
	       back.nnodes == db->nnodes && back.ngroups == db->ngroups &&
	       !strcmp(back.machine, db->machine);
}

/* "path:line: reason" with line >= 1 */
static int names_line(const char *err, const char *path)
{
	size_t n = strlen(path);
	if (strncmp(err, path, n) || err[n] != ':')
		return 0;
	char *end;
	long line = strtol(err + n + 1, &end, 10);
	return line >= 1 && end[0] == ':' && end[1] == ' ' && end[2];
}

static void fuzz(const char *name, unsigned seed)
{
	char src[1024];
	const char *top = getenv("top_srcdir");
	snprintf(src, sizeof src, "%s/tests/data/linkmap/%s", top ? top : ".", name);
	static char orig[MAXLEN], t[MAXLEN];
	FILE *f = fopen(src, "rb");
	size_t olen = f ? fread(orig, 1, sizeof orig, f) : 0;
	if (f)
		fclose(f);
	if (!olen) {
		t_check(0, "read %s", src);
		return;
	}
	char path[512], saved[512];
	snprintf(path, sizeof path, "%s/mutant.txt", tmpdir);
	snprintf(saved, sizeof saved, "%s/saved.txt", tmpdir);
	int accepted = 0, refused = 0, bad = 0;
	rng = 0x9E3779B97F4A7C15ULL ^ seed;
	for (int m = 0; m < MUTATIONS; m++) {
		size_t len = olen;
		memcpy(t, orig, olen);
		int rounds = 1 + (int)below(3);
		for (int r = 0; r < rounds; r++)
			mutate(t, &len);
		f = fopen(path, "wb");
		if (!f || fwrite(t, 1, len, f) != len || fclose(f)) {
			t_check(0, "write %s", path);
			return;
		}
		struct lm_db db;
		char err[512] = "", why[512] = "";
		if (lm_load(&db, path, err, sizeof err) == 0) {
			accepted++;
			if (lm_check(&db, why, sizeof why) != 0 || !same_file_roundtrip(&db, saved)) {
				if (bad++ < 3)
					t_check(0, "%s mutation %d: accepted but %s", name, m,
					        why[0] ? why : "the save/load round trip fails");
			}
		} else {
			refused++;
			if (!names_line(err, path) && bad++ < 3)
				t_check(0, "%s mutation %d: refused without path:line: '%s'", name, m, err);
		}
	}
	t_check(bad == 0 && accepted > 0 && refused > MUTATIONS / 2,
	        "%s: %d seeded mutations, %d accepted (each passes lm_check and a round trip), %d "
	        "refused with path:line", name, MUTATIONS, accepted, refused);
}

int main(void)
{
	signal(SIGALRM, on_alarm);
	alarm(120);
	t_set_name("linkmap_fuzz");
	const char *base = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(tmpdir, sizeof tmpdir, "%s/linkmap_fuzz.XXXXXX", base);
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 99;
	}
	static const char *maps[] = { "dgx1-v100.txt", "a100-nvswitch-8.txt", "h200x4.txt",
	                              "pcie-only-4.txt", "numa4-synthetic.txt" };
	for (unsigned i = 0; i < sizeof maps / sizeof maps[0]; i++)
		fuzz(maps[i], 1000 + i);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return t_summary();
}
