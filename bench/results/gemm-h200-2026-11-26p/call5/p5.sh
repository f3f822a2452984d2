#!/usr/bin/env bash
# Session 2026-11-26p, call 5 (issue 14), one H200: (1) the dataset's plot (gemm_report.py on
# the combined CSV); (2) why FP32 4096x4096x32768 from the host runs 36-37 ms at tiles 4096-8192
# (one C tile, one chain of products) where the model says 27-30 and tile 2048 runs 28.9: the
# GPU's timeline (CUPTI) at 2048 and 6144, and the 6144 call with fetching ahead forced on and
# off and C read with the products; (3) the GPU suite on 8511ddb.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh p5 $t || exit
D=bench/results/gemm-h200-2026-11-26p
mkdir -p "$R/dataset"
python3 bench/gemm_report.py $D/dataset/gemm.csv "$R/dataset/gemm.md" "$R/dataset/gemm.png" $D/call2/kernels.txt $D/call2/linkmap.txt 2>&1 | tail -2
stamp plot; pack
PARALIA_VERBOSE=2 timeout 120 bash bench/gpu_timeline.sh "$R/timeline" 2048:s:4096:4096:32768:hhh 6144:s:4096:4096:32768:hhh 4096:s:4096:4096:32768:hhh > "$R/timeline.out" 2>&1
grep -v "^paralia: autotune" "$R/timeline/report.txt" | head -80
stamp timeline; pack
: > "$R/knobs.csv"
for kv in "PARALIA_FETCH_AHEAD=all" "PARALIA_FETCH_AHEAD=none" "PARALIA_C_LATE=none" "PARALIA_PANELS=none PARALIA_FETCH_AHEAD=all" "X=model"; do
  env $kv PARALIA_TILE=6144 PARALIA_TALL=none PARALIA_VERBOSE=2 BENCH_REPS=3 timeout 30 _build/bench/gemm_bench paralia s:4096:4096:32768:hhh 2>>"$R/knobs.err" | grep -v "^#" | sed "s/^/$kv,/" >> "$R/knobs.csv"
done
cut -d, -f1,3-10,13 "$R/knobs.csv"; grep "fetch ahead\|tall\|panels" "$R/knobs.err" | sort | uniq -c
stamp knobs; pack
CHECK_RUNS=1 timeout 250 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -2 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -12 > "$R/suite-summary.txt"; grep "TOTAL\|PASS\|FAIL" "$R/suite-summary.txt"
stamp suite; pack
