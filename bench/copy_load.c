/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A busy period on a GPU's host link, repeated: for ON seconds, 64 MiB copies host -> GPU and
 * GPU -> host back to back on two streams; then OFF seconds idle; for SECONDS in all. What a
 * link calibration meets when something else uses the machine, made on purpose (issue 14: one
 * H200 calibration read 52.0 GB/s where five others read 55.0-55.3): run it beside
 * `paralia-linkmap calibrate`. Prints each busy period's start and GB/s on stdout.
 *   bench/copy_load ON OFF SECONDS [GPU]
 */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BYTES ((size_t)64 << 20)
#define CK(x)                                                                                      \
	do {                                                                                       \
		cudaError_t e_ = (x);                                                              \
		if (e_ != cudaSuccess) {                                                           \
			fprintf(stderr, "copy_load: %s failed: %s\n", #x, cudaGetErrorString(e_));  \
			return 1;                                                                  \
		}                                                                                  \
	} while (0)

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int seconds_arg(const char *s, const char *what, double *v)
{
	char *end;
	*v = strtod(s, &end);
	if (*end || end == s || !(*v >= 0) || *v > 3600) {
		fprintf(stderr, "copy_load: %s '%s' is not a number of seconds from 0 to 3600\n", what, s);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	double on, off, total;
	if (argc < 4 || argc > 5) {
		fprintf(stderr, "usage: copy_load ON OFF SECONDS [GPU]\n");
		return 2;
	}
	if (seconds_arg(argv[1], "ON", &on) || seconds_arg(argv[2], "OFF", &off) ||
	    seconds_arg(argv[3], "SECONDS", &total))
		return 2;
	int gpu = argc == 5 ? atoi(argv[4]) : 0;
	void *h[2], *d[2];
	cudaStream_t st[2];
	CK(cudaSetDevice(gpu));
	for (int i = 0; i < 2; i++) {
		CK(cudaHostAlloc(&h[i], BYTES, cudaHostAllocDefault));
		CK(cudaMalloc(&d[i], BYTES));
		CK(cudaStreamCreateWithFlags(&st[i], cudaStreamNonBlocking));
	}
	double t0 = now_s();
	while (now_s() - t0 < total) {
		double start = now_s(), bytes = 0;
		while (now_s() - start < on) {
			CK(cudaMemcpyAsync(d[0], h[0], BYTES, cudaMemcpyHostToDevice, st[0]));
			CK(cudaMemcpyAsync(h[1], d[1], BYTES, cudaMemcpyDeviceToHost, st[1]));
			CK(cudaStreamSynchronize(st[0]));
			CK(cudaStreamSynchronize(st[1]));
			bytes += 2.0 * BYTES;
		}
		double busy = now_s() - start;
		printf("%.3f s: busy %.3f s, %.1f GB/s both ways\n", start - t0, busy,
		       busy > 0 ? bytes / busy * 1e-9 : 0);
		fflush(stdout);
		struct timespec rest = { (time_t)off, (long)((off - (time_t)off) * 1e9) };
		nanosleep(&rest, NULL);
	}
	return 0;
}
