/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The error check the nvcc probes share (bench/copy_ways.cu, bench/gemm_split.cu,
 * bench/lt_algos.cu, and cuda_median.h's timing): a CUDA runtime call that fails names itself and
 * its error, and the probe exits with 2. A probe's number is worthless after a failed call.
 */
#ifndef PARALIA_BENCH_CUDA_CHECK_H
#define PARALIA_BENCH_CUDA_CHECK_H
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s: %s: %s\n", __FILE__, #x, cudaGetErrorString(e_)); exit(2); } } while (0)

#endif
