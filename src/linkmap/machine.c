/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The link map of the machine we run on: its identity, where its file lives, StarPU's bus model
 * as the fallback, and the open sequence the policy and the autotuner call at init.
 * A file is trusted only for the machine it was measured on (host name plus every GPU's name and
 * UUID): numbers from another machine would mislead every decision, StarPU's own are safer.
 */
#include "config.h"
#include "linkmap/linkmap.h"
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <starpu.h>
#ifdef PARALIA_USE_CUDA
#include <cuda_runtime.h>
#endif

/* ---- warnings, each printed once per process ---- */
static pthread_mutex_t warn_lock = PTHREAD_MUTEX_INITIALIZER; /* protects warned[] */
static unsigned long warned[64];
static int nwarned;

static void warn_once(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void warn_once(const char *fmt, ...)
{
	char msg[1536];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	unsigned long h = 5381;
	for (const char *p = msg; *p; p++)
		h = h * 33 + (unsigned char)*p;
	pthread_mutex_lock(&warn_lock);
	int seen = 0;
	for (int i = 0; i < nwarned && !seen; i++)
		seen = warned[i] == h;
	if (!seen && nwarned < 64)
		warned[nwarned++] = h;
	pthread_mutex_unlock(&warn_lock);
	if (!seen)
		fprintf(stderr, "paralia: %s\n", msg);
}

/* ---- identity and paths ---- */
static void host_name(char *out, size_t len)
{
	if (gethostname(out, len) != 0 || !out[0])
		snprintf(out, len, "unknown-host");
	out[len - 1] = '\0';
}

#ifdef PARALIA_USE_CUDA
/* "NVIDIA H200 GPU-8e0f2f4a-...": the UUID tells two GPUs of the same model apart. */
static int cuda_ident(int dev, char *out, size_t len)
{
	struct cudaDeviceProp prop;
	if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess)
		return -1;
	const unsigned char *u = (const unsigned char *)prop.uuid.bytes;
	snprintf(out, len, "%.50s GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
	         prop.name, u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11],
	         u[12], u[13], u[14], u[15]);
	return 0;
}

static int cuda_count(void)
{
	int n = 0;
	if (cudaGetDeviceCount(&n) != cudaSuccess) {
		cudaGetLastError(); /* no driver or no device: not an error for us */
		return 0;
	}
	return n;
}
#endif

void lm_machine_identity(char *out, size_t len)
{
	char host[256];
	host_name(host, sizeof(host));
	size_t n = snprintf(out, len, "host=%s", host);
#ifdef PARALIA_USE_CUDA
	int ngpus = cuda_count();
	for (int g = 0; g < ngpus && n < len; g++) {
		char id[160];
		if (cuda_ident(g, id, sizeof(id)))
			snprintf(id, sizeof(id), "cuda%d", g);
		n += snprintf(out + n, len - n, " | %s", id);
	}
#endif
	(void)n;
}

void lm_device_models(char *out, size_t len)
{
	size_t n = 0;
	out[0] = '\0';
#ifdef PARALIA_USE_CUDA
	char seen[LM_MAX_NODES][64]; /* each model once: a subset of the GPUs is the same machine */
	int nseen = 0, ngpus = cuda_count();
	for (int g = 0; g < ngpus && nseen < LM_MAX_NODES && n < len; g++) {
		struct cudaDeviceProp prop;
		char *name = seen[nseen];
		snprintf(name, sizeof seen[0], "%.50s",
		         cudaGetDeviceProperties(&prop, g) == cudaSuccess ? prop.name : "unknown");
		int k = 0;
		while (k < nseen && strcmp(seen[k], name))
			k++;
		if (k < nseen)
			continue;
		nseen++;
		n += (size_t)snprintf(out + n, len - n, "%s%s", n ? " | " : "", name);
	}
#endif
	if (n == 0)
		snprintf(out, len, "%s", "no GPU");
}

void lm_default_path(char *out, size_t len)
{
	const char *file = getenv("PARALIA_LINKMAP");
	if (file && *file) {
		snprintf(out, len, "%s", file);
		return;
	}
	char host[256];
	host_name(host, sizeof(host));
	for (char *p = host; *p; p++) /* a file name, whatever the host calls itself */
		if (*p == '/' || *p == ' ' || *p == '#')
			*p = '_';
	const char *home = getenv("PARALIA_HOME");
	if (home && *home)
		snprintf(out, len, "%s/linkmap-%s.txt", home, host);
	else
		snprintf(out, len, "%s/.paralia/linkmap-%s.txt", getenv("HOME") ? getenv("HOME") : ".", host);
}

int lm_make_parent_dir(const char *path)
{
	char dir[4096];
	snprintf(dir, sizeof(dir), "%s", path);
	char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return 0;
	*slash = '\0';
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(dir, 0755) && errno != EEXIST)
				return -1;
			*p = '/';
		}
	if (mkdir(dir, 0755) && errno != EEXIST)
		return -1;
	return 0;
}

/* ---- StarPU's memory nodes and bus model ---- */
static int starpu_nodes(enum lm_node_kind *kinds, int *devids, char *err, size_t errlen)
{
	int n = (int)starpu_memory_nodes_get_count();
	if (n > LM_MAX_NODES) {
		snprintf(err, errlen, "StarPU has %d memory nodes, the link map at most %d", n, LM_MAX_NODES);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		enum starpu_node_kind k = starpu_node_get_kind(i);
		if (k != STARPU_CPU_RAM && k != STARPU_CUDA_RAM) {
			snprintf(err, errlen, "StarPU memory node %d is neither host RAM nor a CUDA GPU", i);
			return -1;
		}
		kinds[i] = k == STARPU_CPU_RAM ? LM_HOST : LM_GPU;
		devids[i] = starpu_memory_node_get_devid(i);
		if (devids[i] < 0)
			devids[i] = 0;
	}
	return n;
}

int lm_from_starpu(struct lm_db *db)
{
	enum lm_node_kind kinds[LM_MAX_NODES];
	int devids[LM_MAX_NODES];
	char err[256];
	if (!starpu_is_initialized())
		return -1;
	int n = starpu_nodes(kinds, devids, err, sizeof(err));
	if (n < 1)
		return -1;
	lm_init(db, n);
	lm_machine_identity(db->machine, sizeof(db->machine));
	db->from_starpu = 1;
	for (int i = 0; i < n; i++) {
		char ident[96];
		snprintf(ident, sizeof(ident), "%s%d", kinds[i] == LM_HOST ? "numa" : "cuda", devids[i]);
#ifdef PARALIA_USE_CUDA
		if (kinds[i] == LM_GPU)
			cuda_ident(devids[i], ident, sizeof(ident));
#endif
		lm_set_node(db, i, kinds[i], devids[i], ident);
	}
	for (int s = 0; s < n; s++)
		for (int d = 0; d < n; d++) {
			if (s == d)
				continue;
			/* StarPU keeps MB/s (bytes per microsecond) and microseconds. */
			double bw = starpu_transfer_bandwidth(s, d) / 1000.0;
			double lat = starpu_transfer_latency(s, d);
			if (!(bw >= LM_MIN_GBS) || bw > LM_MAX_GBS)
				bw = 0; /* NaN or nothing measured: no direct link */
			if (!(lat >= 0) || lat > LM_MAX_LATENCY_US)
				lat = 0;
			lm_set_link(db, s, d, lat, bw);
		}
	return 0;
}

/* ---- the open sequence ---- */
static int fallback(struct lm_db *db)
{
	return lm_from_starpu(db) ? -1 : 1;
}

static int gpus_to_measure(void)
{
#ifdef PARALIA_USE_CUDA
	return cuda_count();
#else
	return 0;
#endif
}

/* The file is for another machine: measure this one when it has GPUs, as the user would have to. */
static int recalibrate(struct lm_db *db, const char *path, const char *was)
{
	const char *env = getenv("PARALIA_CALIBRATE");
	if (gpus_to_measure() == 0) {
		warn_once("%s was measured on another machine (%s) and this one has no CUDA GPU to "
		          "measure: using StarPU's bus model", path, was);
		return 0;
	}
	if (env && !strcmp(env, "0")) {
		warn_once("%s was measured on another machine (%s); PARALIA_CALIBRATE=0: using StarPU's "
		          "bus model (run 'paralia-linkmap calibrate' to measure this one)", path, was);
		return 0;
	}
	warn_once("%s was measured on another machine (%s): measuring this one's links now "
	          "(under a minute; PARALIA_CALIBRATE=0 to skip)", path, was);
	/* Once per process: the policy and the autotuner both open the map, and when the file cannot
	 * be saved the second would otherwise measure again. */
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static struct lm_db measured;
	static int have_measured;
	pthread_mutex_lock(&lock);
	int ok = have_measured;
	if (ok) {
		*db = measured;
	} else {
		char err[512];
		if (lm_calibrate(db, NULL, err, sizeof(err))) {
			warn_once("link calibration failed: %s; using StarPU's bus model", err);
		} else {
			measured = *db;
			have_measured = ok = 1;
			if (lm_make_parent_dir(path) || lm_save(db, path))
				warn_once("cannot save the link map to %s: %s", path, strerror(errno));
		}
	}
	pthread_mutex_unlock(&lock);
	return ok;
}

static int open_file(struct lm_db *db, const char *path, struct lm_db *file);

int lm_open_path(struct lm_db *db, const char *path)
{
	struct lm_db *file = malloc(sizeof(*file)); /* large: off the stack */
	if (!file)
		return fallback(db);
	int ret = open_file(db, path, file);
	free(file);
	return ret;
}

static int open_file(struct lm_db *db, const char *path, struct lm_db *file)
{
	char err[1024], me[sizeof(db->machine)];
	if (access(path, F_OK) != 0) {
		warn_once("no link map at %s: using StarPU's bus model, which ignores links shared by "
		          "several GPUs (run 'paralia-linkmap calibrate' to measure them)", path);
		return fallback(db);
	}
	if (lm_load(file, path, err, sizeof(err))) {
		warn_once("%s; using StarPU's bus model", err);
		return fallback(db);
	}
	lm_machine_identity(me, sizeof(me));
#ifdef PARALIA_SIMULATION
	snprintf(me, sizeof(me), "%s", file->machine); /* a simulated machine is what its map says */
#endif
	const char *chosen = getenv("PARALIA_LINKMAP");
	if (strcmp(file->machine, me) && chosen && !strcmp(chosen, path))
		warn_once("%s was measured on another machine (%s); using it because PARALIA_LINKMAP "
		          "names it", path, file->machine);
	else if (strcmp(file->machine, me) && !recalibrate(file, path, file->machine))
		return fallback(db);
	if (!starpu_is_initialized()) {
		*db = *file; /* nothing to map onto: the file as it is */
		return 0;
	}
	enum lm_node_kind kinds[LM_MAX_NODES];
	int devids[LM_MAX_NODES];
	int n = starpu_nodes(kinds, devids, err, sizeof(err));
	if (n < 1 || lm_remap(file, n, kinds, devids, db, err, sizeof(err))) {
		warn_once("%s does not describe StarPU's memory nodes (%s): using StarPU's bus model",
		          path, err);
		return fallback(db);
	}
	return 0;
}

int lm_open_for_this_machine(struct lm_db *db)
{
	char path[4096];
	lm_default_path(path, sizeof(path));
	return lm_open_path(db, path);
}
