/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The GPU's gemm rate against the time it has been computing (issue 14: one cuBLAS DGEMM of
 * 32768^3 ran at 50.7 TFLOP/s where the kernel table, 0.3 s per tile size, read 61.1). cuBLAS
 * products of T^3 on resident data, back to back on one stream, for SECONDS after the GPU idled
 * for IDLE seconds; every ~25 ms of products one line: the time since the first product, that
 * window's TFLOP/s (CUDA events), and NVML's power, SM clock, temperature and clock-event reasons
 * (the power cap is bit 0x4, thermal slowdowns 0x20/0x40/0x8).
 *   bench/sustain_probe <d|s> T SECONDS [IDLE]
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CK(x) do { if ((x) != 0) { fprintf(stderr, "sustain_probe: %s failed\n", #x); return 1; } } while (0)

typedef int (*fn_void)(void);
typedef int (*fn_by_index)(unsigned, void **);
typedef int (*fn_uint)(void *, unsigned *);
typedef int (*fn_clock)(void *, int, unsigned *);
typedef int (*fn_temp)(void *, int, unsigned *);
typedef int (*fn_reasons)(void *, unsigned long long *);

static struct {
	void *dev;
	fn_uint power, limit;
	fn_clock clock;
	fn_temp temp;
	fn_reasons reasons;
} nv;

static void nvml_open(void)
{
	void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
	if (!lib)
		return;
	fn_void init = (fn_void)dlsym(lib, "nvmlInit_v2");
	fn_by_index get = (fn_by_index)dlsym(lib, "nvmlDeviceGetHandleByIndex_v2");
	nv.power = (fn_uint)dlsym(lib, "nvmlDeviceGetPowerUsage");
	nv.limit = (fn_uint)dlsym(lib, "nvmlDeviceGetEnforcedPowerLimit");
	nv.clock = (fn_clock)dlsym(lib, "nvmlDeviceGetClockInfo");
	nv.temp = (fn_temp)dlsym(lib, "nvmlDeviceGetTemperature");
	nv.reasons = (fn_reasons)dlsym(lib, "nvmlDeviceGetCurrentClocksEventReasons");
	if (!nv.reasons)
		nv.reasons = (fn_reasons)dlsym(lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
	if (!init || !get || init() != 0 || get(0, &nv.dev) != 0)
		nv.dev = NULL;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: %s <d|s> T SECONDS [IDLE]\n", argv[0]);
		return 2;
	}
	int dbl = argv[1][0] == 'd', T = atoi(argv[2]);
	double secs = atof(argv[3]), idle = argc > 4 ? atof(argv[4]) : 0;
	if (T <= 0 || T > 16384 || !(secs > 0)) {
		fprintf(stderr, "sustain_probe: T in 1..16384, SECONDS > 0\n");
		return 2;
	}
	nvml_open();
	size_t elem = dbl ? 8 : 4, bytes = (size_t)T * T * elem;
	void *A, *B, *C;
	CK(cudaMalloc(&A, bytes));
	CK(cudaMalloc(&B, bytes));
	CK(cudaMalloc(&C, 4 * bytes));
	/* not zeros (some units run faster on them): a ramp of small values */
	void *h = malloc(bytes);
	for (size_t i = 0; i < (size_t)T * T; i++) {
		double v = (double)((i * 2654435761u) % 1000) / 1000 - 0.5;
		if (dbl) ((double *)h)[i] = v; else ((float *)h)[i] = (float)v;
	}
	CK(cudaMemcpy(A, h, bytes, cudaMemcpyHostToDevice));
	CK(cudaMemcpy(B, h, bytes, cudaMemcpyHostToDevice));
	for (int i = 0; i < 4; i++)
		CK(cudaMemcpy((char *)C + i * bytes, h, bytes, cudaMemcpyHostToDevice));
	free(h);
	cublasHandle_t hb;
	CK(cublasCreate(&hb));
	double one = 1, half = 0.5;
	float onef = 1, halff = 0.5f;
	int r = 0;
#define PRODUCT() (dbl ? (int)cublasDgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &one, A, T, B, T, &half, \
                                            (double *)C + (size_t)(r % 4) * T * T, T) \
                       : (int)cublasSgemm(hb, CUBLAS_OP_N, CUBLAS_OP_N, T, T, T, &onef, A, T, B, T, &halff, \
                                            (float *)C + (size_t)(r % 4) * T * T, T))
	/* warm-up, then the per-product time, to size the windows */
	cudaEvent_t e[3];
	for (int i = 0; i < 3; i++)
		CK(cudaEventCreate(&e[i]));
	CK(PRODUCT());
	CK(cudaEventRecord(e[0], 0));
	for (r = 0; r < 3; r++)
		CK(PRODUCT());
	CK(cudaEventRecord(e[1], 0));
	CK(cudaEventSynchronize(e[1]));
	float ms;
	CK(cudaEventElapsedTime(&ms, e[0], e[1]));
	int per = (int)(25.0 / (ms / 3)) + 1;
	unsigned limit = 0;
	if (nv.dev && nv.limit)
		nv.limit(nv.dev, &limit);
	if (idle > 0)
		usleep((useconds_t)(idle * 1e6));
	printf("# %cgemm T=%d, %d products per window, power limit %.0f W, idle %.1f s before\n",
	       dbl ? 'd' : 's', T, per, limit / 1e3, idle);
	printf("t_s,tflops,watts,sm_mhz,temp_c,reasons\n");
	/* windows w: products between events e[w % 2] and e[(w + 1) % 2]; the next window is queued
	 * before the previous one is read, so the GPU never waits for this thread */
	double flops = 2.0 * T * T * (double)T * per, t = 0;
	CK(cudaEventRecord(e[0], 0));
	for (int i = 0; i < per; i++, r++)
		CK(PRODUCT());
	CK(cudaEventRecord(e[1], 0));
	for (int w = 1; t < secs; w++) {
		for (int i = 0; i < per; i++, r++)
			CK(PRODUCT());
		CK(cudaEventRecord(e[(w + 1) % 3], 0));
		CK(cudaEventSynchronize(e[w % 3]));
		CK(cudaEventElapsedTime(&ms, e[(w - 1) % 3], e[w % 3]));
		t += ms * 1e-3;
		unsigned mw = 0, mhz = 0, temp = 0;
		unsigned long long why = 0;
		if (nv.dev) {
			nv.power(nv.dev, &mw);
			nv.clock(nv.dev, 1 /* NVML_CLOCK_SM */, &mhz);
			nv.temp(nv.dev, 0 /* NVML_TEMPERATURE_GPU */, &temp);
			if (nv.reasons)
				nv.reasons(nv.dev, &why);
		}
		printf("%.3f,%.2f,%.0f,%u,%u,0x%llx\n", t, flops / (ms * 1e-3) / 1e12, mw / 1e3, mhz, temp, why);
	}
	CK(cudaDeviceSynchronize());
	return 0;
}
