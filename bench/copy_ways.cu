/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Ways to bring a tile of a host column-major matrix into a packed GPU buffer (issue 14).
 * StarPU copies a T x T tile of a matrix with leading dimension ld with one cudaMemcpy2DAsync;
 * on one H200 that runs at ~32 GB/s for 8-16 KB columns and ~47 GB/s for 32 KB ones once the
 * pitch reaches 64 KB, against 55 for one contiguous copy (bench/results/gemm-submit-2026-11-26e).
 * This times a column panel of such tiles (ld / T tiles, back to back, as a call queues them),
 * host to device, each way:
 *   2d        one cudaMemcpy2DAsync per tile (StarPU's way)
 *   2d-2s     tiles alternating between two streams (two copy engines at once?)
 *   split-S   each tile's columns cut in S pieces, on S streams
 *   gather-B  a kernel of B blocks reading the tile through the host mapping (zero copy)
 *   thp       2d from memory in transparent huge pages, pinned by cudaHostRegister
 *   pack-P    P host threads copying the tile's columns into a pinned packed buffer (the rate
 *             of the packing alone; a copy of packed tiles runs at the contiguous rate)
 *   contig    one contiguous copy of the same bytes
 * and the 2d, 2d-2s and gather ways again beside a chain of cuBLAS DGEMMs on another stream.
 * Beside the DGEMMs the 2D copies of 8-32 KB columns slow down (31-47 GB/s), alone they do not;
 * COPY_WAYS=pages times only whether the host's pages are the cause (2026-11-26i): 2d from
 * cudaHostAlloc memory and from transparent huge pages pinned by cudaHostRegister, alone and
 * beside the DGEMMs, host to device and device to host (d2h: packed tiles into the matrix).
 * Build: nvcc -O2 -o copy_ways bench/copy_ways.cu -lcublas -lpthread
 * Run:   copy_ways [LD...]   (default 8192 8256 16384); one CSV line per (ld, T, way): GB/s.
 */
#include "cuda_median.h"
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>


#define MAXT 4096
#define MAXLD 20480
#define NS 4
#define LOAD_N 4096

static cudaStream_t st[NS], load_st;
static cublasHandle_t blas;
static double *ka, *kc;

/* dst (packed, T rows) <- src (ld), T x cols; each block walks columns, 16-byte words */
__global__ void gather(double2 *__restrict__ dst, const double2 *__restrict__ src, int rows2,
                       size_t ld2, int cols)
{
	for (int c = blockIdx.x; c < cols; c += gridDim.x) {
		const double2 *s = src + (size_t)c * ld2;
		double2 *d = dst + (size_t)c * rows2;
		for (int r = threadIdx.x; r < rows2; r += blockDim.x * 4) {
			double2 v[4];
#pragma unroll
			for (int u = 0; u < 4; u++)
				if (r + u * blockDim.x < rows2)
					v[u] = s[r + u * blockDim.x];
#pragma unroll
			for (int u = 0; u < 4; u++)
				if (r + u * blockDim.x < rows2)
					d[r + u * blockDim.x] = v[u];
		}
	}
}

static void start_load(double ms)
{
	const double one = 1.0;
	int n = (int)(ms / 2.3) + 3;
	for (int i = 0; i < n; i++)
		cublasDgemm(blas, CUBLAS_OP_N, CUBLAS_OP_N, LOAD_N, LOAD_N, LOAD_N, &one, ka, LOAD_N, ka,
		            LOAD_N, &one, kc, LOAD_N);
}

enum way { W_2D, W_2D2S, W_SPLIT2, W_SPLIT4, W_GATHER, W_CONTIG, W_D2H };

/* One way of moving the panel's tiles (time_way's run). */
struct way_run {
	enum way w;
	int param, load;
	char *h, *d;
	size_t T, ld;
};

static void way_load(void *arg)
{
	const struct way_run *x = (const struct way_run *)arg;
	size_t tile = x->T * 8 * x->T;
	int ntiles = (int)(x->ld / x->T);
	if (x->load) /* long enough for the panel's copies at 40 GB/s */
		start_load((double)tile * ntiles / 40e9 * 1e3);
}

static void way_issue(void *arg)
{
	const struct way_run *x = (const struct way_run *)arg;
	enum way w = x->w;
	size_t T = x->T, run = T * 8, pitch = x->ld * 8, tile = run * T;
	int ntiles = (int)(x->ld / T);
	char *h = x->h, *d = x->d;
	for (int i = 0; i < ntiles; i++) {
		char *src = h + i * run, *dst = d + i * tile;
		switch (w) {
		case W_2D:
			CK(cudaMemcpy2DAsync(dst, run, src, pitch, run, T, cudaMemcpyHostToDevice, st[0]));
			break;
		case W_D2H: /* src is the host matrix written, dst the packed tiles read */
			CK(cudaMemcpy2DAsync(src, pitch, dst, run, run, T, cudaMemcpyDeviceToHost, st[0]));
			break;
		case W_2D2S:
			CK(cudaMemcpy2DAsync(dst, run, src, pitch, run, T, cudaMemcpyHostToDevice, st[i % 2]));
			break;
		case W_SPLIT2: case W_SPLIT4: {
			int S = w == W_SPLIT2 ? 2 : 4;
			size_t cols = T / S;
			for (int s = 0; s < S; s++)
				CK(cudaMemcpy2DAsync(dst + s * cols * run, run, src + s * cols * pitch, pitch, run,
				                     cols, cudaMemcpyHostToDevice, st[s]));
			break;
		}
		case W_GATHER:
			gather<<<x->param, 256, 0, st[0]>>>((double2 *)dst, (const double2 *)src, (int)(run / 16),
			                                    pitch / 16, (int)T);
			CK(cudaGetLastError());
			break;
		case W_CONTIG:
			if (i == 0)
				CK(cudaMemcpyAsync(d, h, tile * ntiles, cudaMemcpyHostToDevice, st[0]));
			break;
		}
	}
}

/* ms for the panel's tiles, median of 5 (after one warm-up) */
static double time_way(enum way w, int param, char *h, char *d, size_t T, size_t ld, int load)
{
	struct way_run x = { w, param, load, h, d, T, ld };
	return cm_median_ms(st, NS, way_load, way_issue, &x);
}

/* checks that a way delivered the panel packed (first and last tile, a few columns) */
static int check_packed(const char *h, const char *d, size_t T, size_t ld)
{
	size_t run = T * 8, pitch = ld * 8, tile = run * T;
	int ntiles = (int)(ld / T);
	char *buf = (char *)malloc(run);
	int bad = 0;
	for (int i = 0; i < ntiles; i += ntiles - 1 > 0 ? ntiles - 1 : 1)
		for (size_t c = 0; c < T; c += T / 4 + 1) {
			CK(cudaMemcpy(buf, d + i * tile + c * run, run, cudaMemcpyDeviceToHost));
			if (memcmp(buf, h + i * run + c * pitch, run) != 0)
				bad = 1;
		}
	free(buf);
	return bad;
}

struct pack_arg { const char *src; char *dst; size_t run, pitch, c0, c1; };
static void *pack_cols(void *p)
{
	struct pack_arg *a = (struct pack_arg *)p;
	for (size_t c = a->c0; c < a->c1; c++)
		memcpy(a->dst + c * a->run, a->src + c * a->pitch, a->run);
	return NULL;
}

/* GB/s of P threads packing the panel's tiles (each tile's columns shared among the threads) */
static double pack_rate(int P, const char *h, char *stage, size_t T, size_t ld)
{
	size_t run = T * 8, pitch = ld * 8, tile = run * T;
	int ntiles = (int)(ld / T);
	double best = 1e30;
	for (int r = 0; r < 3; r++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (int i = 0; i < ntiles; i++) {
			pthread_t th[64];
			struct pack_arg a[64];
			for (int p = 0; p < P; p++) {
				a[p] = (struct pack_arg){ h + i * run, stage + (i % 2) * tile, run, pitch, T * p / P,
				                          T * (p + 1) / P };
				pthread_create(&th[p], NULL, pack_cols, &a[p]);
			}
			for (int p = 0; p < P; p++)
				pthread_join(th[p], NULL);
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
		if (s < best)
			best = s;
	}
	return (double)tile * ntiles / best / 1e9;
}

int main(int argc, char **argv)
{
	size_t lds[8] = { 8192, 8256, 16384 };
	int nld = 3;
	if (argc > 1) {
		nld = 0;
		for (int i = 1; i < argc && nld < 8; i++)
			lds[nld++] = (size_t)atol(argv[i]);
	}
	size_t most = MAXLD * MAXT * 8 + 4096 * 8;
	char *h, *d, *stage, *thp, *hout, *thpout;
	CK(cudaHostAlloc((void **)&h, most, cudaHostAllocPortable | cudaHostAllocMapped));
	CK(cudaHostAlloc((void **)&hout, most, cudaHostAllocPortable));
	CK(cudaHostAlloc((void **)&stage, 2 * (size_t)MAXT * MAXT * 8, cudaHostAllocPortable));
	CK(cudaMalloc((void **)&d, most));
	size_t huge = 2u << 20, thp_bytes = (most + huge - 1) / huge * huge;
	if (posix_memalign((void **)&thp, huge, thp_bytes) != 0)
		return 2;
	int madv = madvise(thp, thp_bytes, MADV_HUGEPAGE);
	if (posix_memalign((void **)&thpout, huge, thp_bytes) != 0)
		return 2;
	madv |= madvise(thpout, thp_bytes, MADV_HUGEPAGE);
	memset(thpout, 0, thp_bytes);
	memset(hout, 0, most);
	for (size_t i = 0; i < most; i++)
		h[i] = (char)(i * 7 + 3);
	memcpy(thp, h, most);
	CK(cudaHostRegister(thp, thp_bytes, cudaHostRegisterPortable | cudaHostRegisterMapped));
	CK(cudaHostRegister(thpout, thp_bytes, cudaHostRegisterPortable));
	const char *ways = getenv("COPY_WAYS");
	int pages_only = ways && !strcmp(ways, "pages");
	for (int s = 0; s < NS; s++)
		CK(cudaStreamCreateWithFlags(&st[s], cudaStreamNonBlocking));
	CK(cudaStreamCreateWithFlags(&load_st, cudaStreamNonBlocking));
	size_t kb = (size_t)LOAD_N * LOAD_N * 8;
	CK(cudaMalloc((void **)&ka, kb));
	CK(cudaMalloc((void **)&kc, kb));
	CK(cudaMemset(ka, 0, kb));
	CK(cudaMemset(kc, 0, kb));
	if (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS || cublasSetStream(blas, load_st) != CUBLAS_STATUS_SUCCESS)
		return 2;
	int sms;
	CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	printf("# copy_ways: host to device, FP64 T x T tiles of an ld-row matrix, a column panel of ld/T "
	       "tiles; GB/s, median of 5; %d SMs; madvise(MADV_HUGEPAGE) %s\n", sms, madv == 0 ? "ok" : "failed");
	FILE *mi = fopen("/proc/meminfo", "r");
	char line[256];
	while (mi && fgets(line, sizeof line, mi))
		if (!strncmp(line, "AnonHugePages", 13))
			printf("# /proc/meminfo %s", line);
	if (mi)
		fclose(mi);
	printf("ld,pitch_bytes,T,way,load,GBps,ok\n");
	static const size_t Ts[] = { 1024, 2048, 4096 };
	for (int li = 0; li < nld; li++) {
		size_t ld = lds[li];
		for (size_t ti = 0; ti < 3; ti++) {
			size_t T = Ts[ti];
			if (T > ld || ld > MAXLD + 4096)
				continue;
			double bytes = (double)T * 8 * T * (double)(ld / T);
			struct { const char *name; enum way w; int param; char *src; int load; int pages; } runs[] = {
				{ "contig", W_CONTIG, 0, h, 0, 1 },
				{ "2d", W_2D, 0, h, 0, 1 },
				{ "2d-2s", W_2D2S, 0, h, 0 },
				{ "split-2", W_SPLIT2, 0, h, 0 },
				{ "split-4", W_SPLIT4, 0, h, 0 },
				{ "thp", W_2D, 0, thp, 0, 1 },
				{ "gather-8", W_GATHER, 8, h, 0 },
				{ "gather-16", W_GATHER, 16, h, 0 },
				{ "gather-32", W_GATHER, 32, h, 0 },
				{ "gather-132", W_GATHER, 132, h, 0 },
				{ "2d", W_2D, 0, h, 1, 1 },
				{ "thp", W_2D, 0, thp, 1, 1 },
				{ "d2h", W_D2H, 0, hout, 0, 1 },
				{ "d2h-thp", W_D2H, 0, thpout, 0, 1 },
				{ "d2h", W_D2H, 0, hout, 1, 1 },
				{ "d2h-thp", W_D2H, 0, thpout, 1, 1 },
				{ "2d-2s", W_2D2S, 0, h, 1 },
				{ "split-2", W_SPLIT2, 0, h, 1 },
				{ "gather-16", W_GATHER, 16, h, 1 },
				{ "gather-32", W_GATHER, 32, h, 1 },
			};
			for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
				if (pages_only && !runs[r].pages)
					continue;
				CK(cudaMemset(d, 0, bytes));
				double ms = time_way(runs[r].w, runs[r].param, runs[r].src, d, T, ld, runs[r].load);
				int bad = runs[r].w == W_CONTIG || runs[r].w == W_D2H ? 0 : check_packed(runs[r].src, d, T, ld);
				printf("%zu,%zu,%zu,%s,%d,%.1f,%s\n", ld, ld * 8, T, runs[r].name, runs[r].load,
				       bytes / ms / 1e6, bad ? "WRONG" : "ok");
				fflush(stdout);
			}
			for (int P = 1; P <= 8 && !pages_only; P *= 2)
				printf("%zu,%zu,%zu,pack-%d,0,%.1f,ok\n", ld, ld * 8, T, P, pack_rate(P, h, stage, T, ld));
		}
	}
	return 0;
}
