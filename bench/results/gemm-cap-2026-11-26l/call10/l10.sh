#!/usr/bin/env bash
# Session 2026-11-26l, call 10 (issue 14): the GPU suite after the re-read (54f7a6e: no behaviour change), and
# 4096x4096x32768 hhh at tile 4096 with B in its panel, saying its fetching ahead.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l10.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l10.tar.gz" .; }
mkdir -p "$PARALIA_HOME"; cp bench/results/gemm-cap-2026-11-26l/call5/kernels.txt "$PARALIA_HOME/kernels-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
PARALIA_TILE=4096 PARALIA_PANELS=b PARALIA_VERBOSE=2 BENCH_REPS=3 timeout 60 _build/bench/gemm_bench paralia d:4096:4096:32768:hhh > "$R/b.txt" 2> "$R/b.err"
cat "$R/b.txt" | grep -v "^#"; grep -c "blocks fetch ahead A's tiles" "$R/b.err"; grep "blocks fetch ahead" "$R/b.err" | head -2
pack
CHECK_RUNS=1 timeout 260 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
grep -h "gemm_panels: " _build/tests/gemm_panels.sh.log 2>/dev/null | tee "$R/gemm_panels.txt"
echo "[done at $((SECONDS - s)) s]"; pack
