/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A whole decimal integer read from a string (an environment variable's value), shared by every
 * layer that reads one: each caller says what a bad value means, and says so in its own words.
 */
#ifndef PARALIA_PARSE_H
#define PARALIA_PARSE_H
#include <errno.h>
#include <stdlib.h>

/* Whether s is a decimal integer from lo to hi and nothing after it (leading blanks and a sign as
 * strtol takes them); *out gets it then, and is left alone otherwise. The caller's errno is kept
 * (gemm's plans read PARALIA_TALL at each new call shape). */
static inline int pl_parse_long(const char *s, long lo, long hi, long *out)
{
	if (!s || !*s)
		return 0;
	char *end;
	int saved = errno;
	errno = 0;
	long x = strtol(s, &end, 10);
	int ok = *end == '\0' && errno == 0 && x >= lo && x <= hi;
	errno = saved;
	if (ok)
		*out = x;
	return ok;
}
#endif
