#!/usr/bin/env bash
# Session 2026-11-26p, call 6 (issue 14), one H200, on the rule that A goes as tiles (fetched
# ahead) beside B's tiles where A's tiles hold all its rows: (1) FP32 and FP64 4096x4096x32768
# from the host, the model's pick against cuBLASXt and dmdas side by side, then every tile of
# 2048-8192 again; (2) FP64 8192^3 with B on the GPU in tiles of 8192 x 2048 (A's panels by the
# rule) against A's tiles fetched ahead (PARALIA_PANELS=none), alternating; (3) the GPU suite.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh p6 $t || exit
PARALIA_VERBOSE=2 BENCH_PRECS="s d" BENCH_SHAPES="4096:4096:32768" BENCH_PLACES="hhh" BENCH_SYSTEMS="paralia cublasxt dmdas" \
  BENCH_REPS=3 BENCH_TIMEOUT=60 timeout 150 bash bench/gemm_compare.sh "$R/gemm" >/dev/null 2>&1
grep "^| [ds]" "$R/gemm/gemm.md" | cut -d'|' -f2-9,11-14
grep "autotune\|fetch ahead" "$R/gemm/paralia.stderr" | sed 's/(ld.*): tile/: tile/' | sort | uniq -c | cut -c1-230
stamp picks; pack
SWEEP_POINTS="s:4096:4096:32768:hhh d:4096:4096:32768:hhh" SWEEP_TILES="0 2048 3072 4096 6144 8192" \
  timeout 120 bash bench/tile_sweep.sh "$R/sweep.csv" >/dev/null 2>&1
cut -d, -f1,3-9,12 "$R/sweep.csv"
stamp sweep; pack
: > "$R/h0h.csv"
for round in 1 2; do
  for pn in model none; do
    PARALIA_PANELS=$pn PARALIA_TILE=2048 PARALIA_TALL=8192 PARALIA_VERBOSE=2 BENCH_REPS=3 timeout 30 _build/bench/gemm_bench paralia d:8192:8192:8192:h0h \
      2>>"$R/h0h.err" | grep -v "^#" | sed "s/^/$pn$round,/" >> "$R/h0h.csv"
  done
done
cut -d, -f1,3-10,13 "$R/h0h.csv"; grep "autotune\|fetch ahead" "$R/h0h.err" | sed 's/(ld.*): tile/: tile/' | sort | uniq -c | cut -c1-200
stamp h0h; pack
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
grep -h "tune_model: \|gemm_panels\|gemm_tall: " _build/tests/tune_model.log _build/tests/gemm_panels.sh.log _build/tests/gemm_tall.sh.log 2>/dev/null | grep "passed\|FAIL" | tail -4
stamp suite; pack
