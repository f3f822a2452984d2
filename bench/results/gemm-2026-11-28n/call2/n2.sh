#!/usr/bin/env bash
# Session 2026-11-28n, call 2 (issue 14), on the tree whose gemm tile kernels run on two lanes of
# their CUDA worker (PARALIA_GEMM_STREAMS=2, the default now). The dataset's 64 points off the GPU
# (hhh h0h 00h 0hh, 8 shapes, FP32 then FP64) against cuBLASXt, bench/dataset_compare.sh off, one
# precision per run, combined with session m's dataset (its GPU-resident and 32768^3 rows, session
# j's); then the deep products (where the tuner, which the lanes leave out, found cuBLASLt's
# algorithms faster) with the lanes and with the worker's one stream, side by side.
. scripts/device-env.sh n2 .device/kernels-n9-h200.txt .device/kernels-m3.txt || exit
git log --oneline -1; git status --short | head -8
for prec in s d; do
  left=$((470 - (SECONDS - dev_start)))
  [ $left -gt 60 ] || break
  PARALIA_VERBOSE=1 BENCH_PRECS="$prec" BENCH_TIMEOUT=200 timeout $left \
    bash bench/dataset_compare.sh off "$R/gemm-$prec" >/dev/null 2>&1
  grep "^| [ds] " "$R/gemm-$prec/gemm.md" | cut -d'|' -f2-7,11-13
  sed -n '/Geometric/,$p' "$R/gemm-$prec/gemm.md" | head -3
  stamp $prec; pack
done
if grep -q H200 "$R/gpu.txt" && [ -s "$R/gemm-s/gemm.csv" ]; then
  new="$R/gemm-s/gemm.csv"; [ -s "$R/gemm-d/gemm.csv" ] && new+=" $R/gemm-d/gemm.csv"
  bash bench/dataset_combine.sh "$R/dataset-h200" bench/results/gemm-2026-11-28m/call2/dataset-h200/gemm.csv \
    "$R/kernels.txt" "$R/linkmap.txt" \
    "dataset of 2026-11-28n on one NVIDIA H200: call 2's points off the GPU (gemm's two lanes) with session m's other rows (session j's GPU-resident and 32768^3 rows); beta=0.5" \
    $new > "$R/combine.log" 2>&1
  sed -n '/Geometric/,$p' "$R/dataset-h200/gemm.md" | head -12
  stamp combine; pack
fi
pts="s:4096:4096:32768:00h d:4096:4096:32768:00h s:4096:4096:32768:0hh d:4096:4096:32768:0hh"
pts+=" d:8192:8192:8192:0hh s:4096:4096:4096:00h d:12000:30000:7000:0hh"
export BENCH_REPS=3 ALT_LIMIT=60
for r in 1 2; do
  [ $((585 - (SECONDS - dev_start))) -gt 70 ] || break
  [ $r = 1 ] && alternate $r deep.csv "$pts" lanes:PARALIA_GEMM_STREAMS=2 one:PARALIA_GEMM_STREAMS=1
  [ $r = 2 ] && alternate $r deep.csv "$pts" one:PARALIA_GEMM_STREAMS=1 lanes:PARALIA_GEMM_STREAMS=2
done
python3 bench/ab_report.py --base one "$R/deep.csv" > "$R/deep-report.txt" 2>&1; cat "$R/deep-report.txt"
stamp deep; pack
