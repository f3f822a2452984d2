#!/usr/bin/env bash
# Session 2026-11-26n, call 8: the suite under ASan and UBSan on CUDA workers again, with StarPU's
# local-task list stage suppressed (scripts/lsan.supp; call 7: tests/init_modes and
# tests/sched_writeback failed on that leak alone).
SANITIZERS_LIMIT=545 scripts/gpu-run.sh build sanitizers
cat "$OUT/summary.txt" 2>/dev/null
