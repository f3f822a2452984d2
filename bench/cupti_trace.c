/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The GPU's own timeline of a program: every copy and every kernel with its start and end as the
 * GPU timed them (CUPTI activity records), so that a call's time can be split into copies, kernels
 * and the gaps between them without a profiler (the device machines have no Nsight Systems).
 * Issue 14: what StarPU's copies of small host tiles do while the GPU computes.
 *
 * A CUDA injection library, loaded by the CUDA driver at the program's first CUDA call:
 *   CUDA_INJECTION64_PATH=_build/bench/libpl_cupti_trace.so PL_TRACE_OUT=trace.csv PROGRAM ...
 * Output, one line a record (times in ns, on CUPTI's clock, which the GPU's records share):
 *   kind,start,end,bytes,copy,stream      kind: memcpy or kernel; copy: HtoD, DtoH, DtoD, other
 * With PL_TRACE_API=1 also the CUDA runtime and driver calls that allocate, free, pin, copy or
 * synchronize, and any other that took PL_TRACE_API_US microseconds or more (default 50): kind api, copy
 * the call's name, stream the calling thread's id (bytes 0). Issue 14: whether host memory pinned
 * by StarPU for C's scratch tiles is allocated during the calls that run slow.
 * Built with -DPL_TRACE_STARPU (and StarPU's include path), the same library is also a StarPU
 * profiling tool (STARPU_PROF_TOOL=<this .so>): StarPU's workers' events on the same clock, kind
 * starpu, copy "EVENT:FUNCTION:BUFFERS", stream the worker's id; EVENT is exec/done (a CPU task's
 * function starts/returns), gpu/gpudone (a CUDA task's), got (a CPU worker has popped a task and
 * starts fetching its data), ready (its data are there; BUFFERS: ready/wanted).
 * Built by bench/gpu_timeline.sh (on the device machine); not part of the library.
 */
#include <cupti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF_BYTES (8u << 20)

static FILE *out;
static unsigned long long api_min_ns = 50000;

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
	} else if (r->kind == CUPTI_ACTIVITY_KIND_DRIVER || r->kind == CUPTI_ACTIVITY_KIND_RUNTIME) {
		const CUpti_ActivityAPI *a = (const CUpti_ActivityAPI *)r;
		const char *name = NULL;
		CUpti_CallbackDomain dom = r->kind == CUPTI_ACTIVITY_KIND_DRIVER ? CUPTI_CB_DOMAIN_DRIVER_API
		                                                                 : CUPTI_CB_DOMAIN_RUNTIME_API;
		if (cuptiGetCallbackName(dom, a->cbid, &name) != CUPTI_SUCCESS || !name)
			name = "?";
		if (a->end - a->start >= api_min_ns || strstr(name, "Alloc") || strstr(name, "Free") ||
		    strstr(name, "Register") || strstr(name, "Synchronize") || strstr(name, "Memcpy"))
			fprintf(out, "api,%llu,%llu,0,%s,%u\n", (unsigned long long)a->start,
			        (unsigned long long)a->end, name, a->threadId);
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

#ifdef PL_TRACE_STARPU
#include <starpu_profiling_tool.h>

static void starpu_event(struct starpu_prof_tool_info *pi, union starpu_prof_tool_event_info *ei,
                         struct starpu_prof_tool_api_info *ai)
{
	(void)ei;
	(void)ai;
	uint64_t t;
	if (!out || !pi || cuptiGetTimestamp(&t) != CUPTI_SUCCESS)
		return;
	const char *what;
	switch (pi->event_type) {
	case starpu_prof_tool_event_start_cpu_exec: what = "exec"; break;
	case starpu_prof_tool_event_end_cpu_exec: what = "done"; break;
	case starpu_prof_tool_event_start_gpu_exec: what = "gpu"; break;
	case starpu_prof_tool_event_end_gpu_exec: what = "gpudone"; break;
	case starpu_prof_tool_event_end_transfer:
		if (pi->driver_type != starpu_prof_tool_driver_cpu)
			return;
		what = pi->bytes_to_transfer ? "ready" : "got";
		break;
	default: return;
	}
	fprintf(out, "starpu,%llu,%llu,0,%s:%p:%u/%u,%d\n", (unsigned long long)t, (unsigned long long)t,
	        what, pi->fun_ptr, pi->bytes_transfered, pi->bytes_to_transfer, pi->worker_id);
}

void starpu_prof_tool_library_register(starpu_prof_tool_entry_register_func reg,
                                       starpu_prof_tool_entry_register_func unreg)
{
	(void)unreg;
	reg(starpu_prof_tool_event_start_cpu_exec, starpu_event, starpu_prof_tool_command_reg);
	reg(starpu_prof_tool_event_end_cpu_exec, starpu_event, starpu_prof_tool_command_reg);
	reg(starpu_prof_tool_event_start_gpu_exec, starpu_event, starpu_prof_tool_command_reg);
	reg(starpu_prof_tool_event_end_gpu_exec, starpu_event, starpu_prof_tool_command_reg);
	reg(starpu_prof_tool_event_end_transfer, starpu_event, starpu_prof_tool_command_reg);
}
#endif

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
	const char *api = getenv("PL_TRACE_API"), *us = getenv("PL_TRACE_API_US");
	if (us && atoll(us) > 0)
		api_min_ns = (unsigned long long)atoll(us) * 1000ull;
	if (api && *api == '1' && (cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER) != CUPTI_SUCCESS ||
	                           cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME) != CUPTI_SUCCESS))
		fprintf(stderr, "cupti_trace: CUPTI refused the API calls' records\n");
	atexit(flush_at_exit);
	return 1;
}
