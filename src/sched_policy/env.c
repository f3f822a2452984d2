/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The policy's environment variables. Each bad value prints one line naming the variable and the
 * value, and the default stays: a typo must not stop a long run.
 */
#include "sched_policy/sched.h"
#include "common/parse.h"
#include "perfmodel/plan.h" /* pm_verbose_level: the whole-matrix calls' reader too */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static long env_long(const char *name, long def, long lo, long hi)
{
	const char *v = getenv(name);
	long x;
	if (!v || !*v)
		return def;
	if (!pl_parse_long(v, lo, hi, &x)) {
		fprintf(stderr, "paralia: %s=%s is not an integer in %ld..%ld; using %ld\n", name, v, lo,
		        hi, def);
		return def;
	}
	return x;
}

static double env_double(const char *name, double def, double lo)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return def;
	char *end;
	double x = strtod(v, &end);
	if (*end != '\0' || !(x >= lo)) {
		fprintf(stderr, "paralia: %s=%s is not a number >= %g; using %g\n", name, v, lo, def);
		return def;
	}
	return x;
}

void pl_settings_from_env(struct pl_settings *s)
{
	s->route = (int)env_long("PARALIA_ROUTE", 1, 0, 1);
	s->max_hops = (int)env_long("PARALIA_MAX_HOPS", 1, 0, 2);
	s->lookahead = pm_lookahead();
	s->verbose = pm_verbose_level();
	s->writeback = (int)env_long("PARALIA_WRITEBACK", 1, 0, 1);
	s->slow_ratio = env_double("PARALIA_SLOW_RATIO", 20, 0);
	s->pop_ready = pm_pop_ready(); /* PL_POP_SHORTER unless set; the model's reading too */
	s->pop_hold = (int)env_long("PARALIA_POP_HOLD", 1, 0, 1);
	s->kernel_table = (int)env_long("PARALIA_KERNEL_TABLE", 1, 0, 1);
	const char *d = getenv("PARALIA_DEVICES");
	s->devices[0] = '\0';
	if (d) {
		if (strlen(d) >= sizeof s->devices)
			fprintf(stderr, "paralia: PARALIA_DEVICES is longer than %zu characters; ignored\n",
			        sizeof s->devices - 1);
		else
			strcpy(s->devices, d);
	}
}

/* Items are separated by commas or spaces; each is a class ("cpu", "cuda", "gpu" = "cuda") or a
 * worker ("cpu3", "cuda0", "gpu0" = "cuda0"), compared without case. */
int pl_device_allowed(const char *list, const char *type, const char *name)
{
	if (!list || !*list)
		return 1;
	const char *p = list;
	while (*p) {
		while (*p == ',' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		char item[64];
		size_t n = 0;
		while (*p && *p != ',' && !isspace((unsigned char)*p)) {
			if (n + 1 < sizeof item)
				item[n++] = (char)tolower((unsigned char)*p);
			p++;
		}
		item[n] = '\0';
		char norm[72];
		if (strncmp(item, "gpu", 3) == 0)
			snprintf(norm, sizeof norm, "cuda%s", item + 3);
		else
			snprintf(norm, sizeof norm, "%s", item);
		if (strcasecmp(norm, type) == 0 || strcasecmp(norm, name) == 0)
			return 1;
	}
	return 0;
}
