#!/usr/bin/env bash
# Session 2026-11-26m, call 9 (issue 14): the GPU suite on the last code (ddab97d, the review's
# fixes), then gemm_bench's second check (after the untimed calls) on GPU-resident shapes whose
# direct path takes blocks, with call 3's kernel table.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m9.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m9.tar.gz" .; }
rm -rf "$PARALIA_HOME"; mkdir -p "$PARALIA_HOME"; cp .device/kernels-m3.txt "$PARALIA_HOME/kernels-$(hostname).txt"
CHECK_RUNS=1 timeout 240 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
cp _build/tests/gemm_direct.sh.log "$R/gemm_direct.log" 2>/dev/null; grep "gemm_direct: " "$R/gemm_direct.log"
echo "[suite done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=2 BENCH_REPS=3 timeout 90 _build/bench/gemm_bench paralia s:20000:17000:9000:000 s:12000:30000:7000:000 d:8192:8192:8192:000 \
  > "$R/check.csv" 2> "$R/check.err"; grep -v "^#" "$R/check.csv" | cut -d, -f1-14
grep "blocks of 2048 .* ms)" "$R/check.err" | sort | uniq -c
echo "[done at $((SECONDS - s)) s]"; pack
