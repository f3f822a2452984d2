/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The CUDA behaviour behind issue 12, on its own: a cudaMemcpy from pageable host memory to the
 * device may return before the bytes arrive ("the DMA to final destination may not have
 * completed", CUDA runtime API, API synchronization behavior), and a stream created with
 * cudaStreamNonBlocking (as StarPU creates all of its streams) is not ordered after it.
 *
 *   pageable_race [ITERATIONS] [BYTES]
 *
 * Each iteration writes a new value into a pageable buffer, copies it to the device with
 * cudaMemcpy, and at once reads the device buffer back on a non-blocking stream. It counts the
 * iterations whose read-back is not the new value, first as is ("unordered"), then with the fix
 * paralia applies (cudaStreamSynchronize on the legacy default stream before the read:
 * "ordered"). Run several at once to load the GPU's copy engines, as make -j8 check does.
 * Prints one line: iterations, bytes, stale reads unordered, stale reads ordered.
 */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static long stale_reads(int iterations, size_t count, int ordered)
{
	double *host = malloc(count * sizeof *host), *back, *dev;
	cudaStream_t s;
	if (!host || cudaMalloc((void **)&dev, count * sizeof *dev) != cudaSuccess ||
	    cudaMallocHost((void **)&back, count * sizeof *back) != cudaSuccess ||
	    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) {
		fprintf(stderr, "pageable_race: CUDA setup failed\n");
		exit(2);
	}
	long stale = 0;
	for (int it = 1; it <= iterations; it++) {
		for (size_t i = 0; i < count; i++)
			host[i] = it;
		cudaMemcpy(dev, host, count * sizeof *dev, cudaMemcpyHostToDevice);
		if (ordered)
			cudaStreamSynchronize(cudaStreamLegacy);
		cudaMemcpyAsync(back, dev, count * sizeof *back, cudaMemcpyDeviceToHost, s);
		cudaStreamSynchronize(s);
		for (size_t i = 0; i < count; i++)
			if (back[i] != it) {
				stale++;
				break;
			}
	}
	cudaStreamDestroy(s);
	cudaFreeHost(back);
	cudaFree(dev);
	free(host);
	return stale;
}

int main(int argc, char **argv)
{
	int iterations = argc > 1 ? atoi(argv[1]) : 20000;
	size_t bytes = argc > 2 ? (size_t)atol(argv[2]) : 37 * 50 * sizeof(double);
	size_t count = bytes / sizeof(double) ? bytes / sizeof(double) : 1;
	long unordered = stale_reads(iterations, count, 0);
	long ordered = stale_reads(iterations, count, 1);
	printf("pageable_race: %d iterations of %zu bytes: stale reads %ld unordered, %ld ordered\n",
	       iterations, count * sizeof(double), unordered, ordered);
	return 0;
}
