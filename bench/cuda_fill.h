/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The operands the nvcc GEMM probes share (bench/gemm_split.cu, bench/lt_algos.cu): count FP64
 * (dbl) or FP32 values at x, in [-0.5, 0.5), a hash of each index and seed. Not zeros: zeros
 * would draw less power and let the clocks run higher.
 */
#ifndef PARALIA_BENCH_CUDA_FILL_H
#define PARALIA_BENCH_CUDA_FILL_H
#include <cuda_runtime.h>
#include <stddef.h>

__global__ void fill(void *x, size_t count, int dbl, unsigned seed)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count;
	     i += (size_t)gridDim.x * blockDim.x) {
		unsigned long long s = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
		s ^= s >> 31; s *= 0xBF58476D1CE4E5B9ull; s ^= s >> 27;
		double v = (double)(s >> 11) / 9007199254740992.0 - 0.5;
		if (dbl) ((double *)x)[i] = v; else ((float *)x)[i] = (float)v;
	}
}
#endif
