/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The timing the nvcc probes share (bench/copy_ways.cu, bench/gemm_split.cu): work issued on ns
 * streams that start together (each waits for an event on st[0]) and are joined on st[0] again,
 * timed between two events there; one warm-up run, then five, their median.
 */
#ifndef PARALIA_BENCH_CUDA_MEDIAN_H
#define PARALIA_BENCH_CUDA_MEDIAN_H
#include "cuda_check.h"
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CM_MAX_STREAMS 8

/* ms of issue(arg) on st[0..ns), median of 5 after a warm-up; before(arg), when not NULL, runs
 * ahead of each run once the device is idle, untimed (e.g. a load on another stream). */
static double cm_median_ms(cudaStream_t *st, int ns, void (*before)(void *), void (*issue)(void *),
                           void *arg)
{
	cudaEvent_t a, b, e[CM_MAX_STREAMS];
	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	for (int s = 0; s < ns; s++)
		CK(cudaEventCreate(&e[s]));
	float t[5];
	for (int r = 0; r < 6; r++) {
		CK(cudaDeviceSynchronize());
		if (before)
			before(arg);
		CK(cudaEventRecord(a, st[0]));
		for (int s = 1; s < ns; s++)
			CK(cudaStreamWaitEvent(st[s], a, 0));
		issue(arg);
		for (int s = 1; s < ns; s++) {
			CK(cudaEventRecord(e[s], st[s]));
			CK(cudaStreamWaitEvent(st[0], e[s], 0));
		}
		CK(cudaEventRecord(b, st[0]));
		CK(cudaEventSynchronize(b));
		if (r > 0)
			CK(cudaEventElapsedTime(&t[r - 1], a, b));
	}
	for (int i = 1; i < 5; i++)
		for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
			float x = t[j]; t[j] = t[j - 1]; t[j - 1] = x;
		}
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	for (int s = 0; s < ns; s++)
		cudaEventDestroy(e[s]);
	return t[2];
}
#endif
