#!/usr/bin/env bash
# Session 2026-11-26g, call 7: the GPU suite on the final code (4196d48: the review's fixes to
# kernel_table_devices, sched_shutdown, gemm's c_request_node), with the carried calibration's
# kernel table now naming its GPU (call 4's H100 table).
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cat "$OUT/summary.txt"; rm -f "$OUT/results.tar.gz"
grep -h "sched_shutdown\|sched_numa: [0-9]" _build/tests/sched_numa.sh.log
grep -h "passed\|FAIL" _build/tests/kernel_table_devices.log _build/tests/gemm_panels.sh.log | tail -6
