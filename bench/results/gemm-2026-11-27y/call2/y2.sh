#!/usr/bin/env bash
# Session 2026-11-27y, call 2 (issue 14): the GPU suite on this session's code (B's tiles cut,
# the direct path's blocks reading a copy of B: tests/gemm_cut.sh and gemm_direct.sh on the GPU);
# then the six GPU-resident odd-shape points with paralia, one cuBLAS call and cuBLASXt (its best
# block of 2048, 4096, 8192) alternating, two rounds.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh y2 $t || exit
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 310 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"; grep -rh "gemm_cut: \|gemm_direct: " "$R/suite" | sort -u | tail -40
stamp suite; pack
export BENCH_REPS=3 BENCH_BLOCKS="2048 4096 8192"
g="s:27000:9500:14500:000 s:20000:17000:9000:000 s:12000:30000:7000:000 d:27000:9500:14500:000 d:20000:17000:9000:000 d:12000:30000:7000:000"
for round in 1 2; do
  for sys in paralia cublas cublasxt; do
    [ $((SECONDS - dev_start)) -gt 540 ] && break 2
    PARALIA_VERBOSE=2 timeout 100 _build/bench/gemm_bench $sys $g 2> "$R/gpu-$sys-$round.err" | sed "s/^/$round,/" >> "$R/gpu.csv"
    stamp "$sys round $round"; pack
  done
done
cat "$R/gpu.csv"
