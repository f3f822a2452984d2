#!/usr/bin/env bash
# Session 2026-11-26g, call 6: the GPU suite with the StarPU that scripts/setup-deps.sh now builds
# (scripts/patches/starpu-shutdown-drain.patch: starpu_shutdown lets queued data requests finish),
# including tests/sched_numa.sh's 10 runs of tests/sched_shutdown.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cat "$OUT/summary.txt"; rm -f "$OUT/results.tar.gz"
grep -h "sched_shutdown\|sched_numa: [0-9]" _build/tests/sched_numa.sh.log
grep -l "still pending" _build/tests/*.log 2>/dev/null | head
