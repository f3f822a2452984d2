#!/usr/bin/env bash
# Session 2026-11-26b, call 7: the suite under make -j8 check on CUDA workers, once, on the final
# code (tests/tune_model runs paralia_calibrate_kernels there: the new copy calibration on a GPU),
# and the kernel table it writes.
CHECK_RUNS=1 scripts/gpu-run.sh build check
tar -C "$OUT" -xzf "$OUT/results.tar.gz" results/check-tests.txt 2>/dev/null
grep -h "xfer\|FAIL" "$OUT/results/check-tests.txt" | head -20
