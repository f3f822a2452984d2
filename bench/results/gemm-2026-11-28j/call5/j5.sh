#!/usr/bin/env bash
# Session 2026-11-28j, call 5 (issue 14): the second half of call 4's lead. With the thin layer over
# k first (bench/results/gemm-2026-11-28j/ragged-first.patch, applied here to eac9008 but for its
# test), C read with the products (PARALIA_C_LATE=none: no idle requests for C) against k's order,
# the same tiles as call 4 where the thin layer first ran far over the model (FP64
# 20000x17000x9000 from the host at 8192, FP32 4096^3 at 3072); two rounds, one process each,
# medians of 3. Then the dataset of this session (dataset-h200), plotted here.
git apply --exclude='tests/*' bench/results/gemm-2026-11-28j/ragged-first.patch || { echo "patch failed"; exit 1; }
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh j5 $t || exit
git log --oneline -1
grep "GB/s" "$R/linkmap.log" | head -3
export BENCH_REPS=3 PARALIA_VERBOSE=1 ALT_LIMIT=40
for tp in "8192 d:20000:17000:9000:hhh" "3072 s:4096:4096:4096:hhh"; do
  set -- $tp; T=$1; shift
  alternate "1 2" "t$T.csv" "$*" first:PARALIA_TILE=$T,PARALIA_RAGGED=first,PARALIA_C_LATE=none \
    last:PARALIA_TILE=$T,PARALIA_RAGGED=last,PARALIA_C_LATE=none
  cut -d, -f1-2,4-9,10,14 "$R/t$T.csv"
done
I=bench/results/gemm-2026-11-28i/call1 J=bench/results/gemm-2026-11-28j
bash bench/dataset_combine.sh "$R/dataset-h200" $I/dataset-h200/gemm.csv $I/kernels.txt $I/linkmap.txt \
  "dataset of 2026-11-28j on one NVIDIA H200, the library of b8c6b3a throughout: 2026-11-28i's 64 points off the GPU (its call 1, b8c6b3a), this session's 18 GPU-resident points (call 1, gemm_bench paired, eac9008) and eight 32768^3 points off the GPU (call 3, eac9008); beta=0.5" \
  $J/call1/paired.csv $J/call3/big-d/gemm.csv $J/call3/big-s/gemm.csv > "$R/combine.log" 2>&1
cmp "$R/dataset-h200/gemm.md" $J/dataset-h200/gemm.md && echo "gemm.md as drawn locally"
ls -la "$R/dataset-h200"
stamp plot; pack
