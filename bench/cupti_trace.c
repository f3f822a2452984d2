/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The GPU's own timeline of a program: every copy and every kernel with its start and end as the
 * GPU timed them (CUPTI activity records), so that a call's time can be split into copies, kernels
 * and the gaps between them without a profiler (the device machines have no Nsight Systems).
 * Issue 14: what StarPU's copies of small host tiles do while the GPU computes.
 *
 * A CUDA injection library, loaded by the CUDA driver at the program's first CUDA call:
 *   CUDA_INJECTION64_PATH=_build/bench/libpl_cupti_trace.so PL_TRACE_OUT=trace.csv PROGRAM ...
 * Output, one line a record (times in ns, on the GPU's clock):
 *   kind,start,end,bytes,copy,stream      kind: memcpy or kernel; copy: HtoD, DtoH, DtoD, other
 * Built by bench/gpu_timeline.sh (on the device machine); not part of the library.
 */
#include <cupti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF_BYTES (8u << 20)

static FILE *out;

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
	*buffer = aligned_alloc(8, BUF_BYTES);
	*size = *buffer ? BUF_BYTES : 0;
	*max_records = 0;
}

static const char *copy_kind(uint8_t k)
{
	switch (k) {
	case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD: return "HtoD";
	case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH: return "DtoH";
	case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD: return "DtoD";
	default: return "other";
	}
}

static void write_record(const CUpti_Activity *r)
{
	if (r->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
		const CUpti_ActivityMemcpy6 *m = (const CUpti_ActivityMemcpy6 *)r;
		fprintf(out, "memcpy,%llu,%llu,%llu,%s,%u\n", (unsigned long long)m->start,
		        (unsigned long long)m->end, (unsigned long long)m->bytes, copy_kind(m->copyKind),
		        m->streamId);
	} else if (r->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
		const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)r;
		fprintf(out, "kernel,%llu,%llu,0,-,%u\n", (unsigned long long)k->start,
		        (unsigned long long)k->end, k->streamId);
	}
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size,
                                      size_t valid)
{
	(void)ctx;
	(void)stream;
	(void)size;
	CUpti_Activity *r = NULL;
	while (out && cuptiActivityGetNextRecord(buffer, valid, &r) == CUPTI_SUCCESS)
		write_record(r);
	free(buffer);
}

static void flush_at_exit(void)
{
	cuptiActivityFlushAll(1);
	if (out)
		fclose(out);
	out = NULL;
}

int InitializeInjection(void)
{
	const char *path = getenv("PL_TRACE_OUT");
	out = fopen(path ? path : "cupti_trace.csv", "w");
	if (!out) {
		perror("cupti_trace: PL_TRACE_OUT");
		return 0;
	}
	fprintf(out, "kind,start,end,bytes,copy,stream\n");
	if (cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed) != CUPTI_SUCCESS ||
	    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY) != CUPTI_SUCCESS ||
	    cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) != CUPTI_SUCCESS) {
		fprintf(stderr, "cupti_trace: CUPTI refused the activity records\n");
		return 0;
	}
	atexit(flush_at_exit);
	return 1;
}
