#!/usr/bin/env bash
# Session 2026-11-28p, call 3 (issue 14), on fec6605 (e5fe283's library, trmm and trsm's entry
# point shared; the wait lines taken out):
# 1. paralia against StarPU's dmdas at the 28 points of bench/dmdas_compare.sh (session n's
#    1.29x ran on a slow-link machine);
# 2. the GPU's timeline of FP32 4096^3 from the host at tiles of 1024 (A in panels, the plan's way,
#    and tiles only) and 2048, with the CUDA runtime's calls and StarPU's worker events
#    (TIMELINE_STARPU=1): when each copy was asked for against when the one before it ended, for
#    the model's one miss (the link idle 20-45 us between copies, not StarPU's request: calls 1-2).
limit=${P3_LIMIT:-400}
. scripts/device-env.sh p3 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
PARALIA_VERBOSE=1 BENCH_TIMEOUT=150 timeout 290 bash bench/dmdas_compare.sh "$R/dmdas" >/dev/null 2>&1
grep "^| [ds] " "$R/dmdas/gemm.md" | cut -d'|' -f2-5,8,12,14
sed -n '/Geometric/,$p' "$R/dmdas/gemm.md" | head -3
stamp dmdas; pack
left=$((limit - 10 - (SECONDS - dev_start)))
[ $left -gt 30 ] && PL_TRACE_API_US=0 TIMELINE_STARPU=1 timeout $left bash bench/gpu_timeline.sh "$R/timeline" \
  1024:s:4096:4096:4096:hhh 2048:s:4096:4096:4096:hhh > "$R/timeline.log" 2>&1
stamp timeline; pack
left=$((limit - 5 - (SECONDS - dev_start)))
[ $left -gt 20 ] && PARALIA_PANELS=none PL_TRACE_API_US=0 TIMELINE_STARPU=1 timeout $left bash bench/gpu_timeline.sh \
  "$R/timeline-tiles" 1024:s:4096:4096:4096:hhh > "$R/timeline-tiles.log" 2>&1
stamp tiles; pack
