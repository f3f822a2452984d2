#!/usr/bin/env bash
# Session 2026-11-27v, call 3 (issue 14): C read late where A or B crosses, the flow shop choosing
# (the rule that A and B bring as many elements as C is gone). The default now reads late at ten
# FP64 points off the GPU; PARALIA_C_LATE=none gives their old plans (the old rule allowed no late
# read there, and the model's best then is the same). Both alternating, two rounds, each in its own
# process; cuBLASXt (best of 2048/4096/8192) and StarPU's dmdas tile graph at the same points in
# this call; then the GPU suite on this code.
t=.device/kernels-m3.txt
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 && t=.device/kernels-n9-h200.txt
. scripts/device-env.sh v3 $t || exit
pts="d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:20000:17000:9000:0hh d:12000:30000:7000:hhh d:12000:30000:7000:h0h d:12000:30000:7000:0hh d:27000:9500:14500:0hh d:32768:32768:4096:hhh d:32768:32768:4096:h0h d:32768:32768:4096:0hh"
for round in 1 2; do
  for mode in model none; do
    PARALIA_C_LATE=$mode PARALIA_VERBOSE=1 timeout 120 _build/bench/gemm_bench paralia $pts 2> "$R/late-$mode-$round.err" | sed "s/^/$mode,$round,/" >> "$R/late.csv"
    stamp "$mode round $round"; pack
  done
done
timeout 150 _build/bench/gemm_bench cublasxt $pts 2> "$R/cublasxt.err" >> "$R/ref.csv"; stamp cublasxt; pack
STARPU_SCHED=dmdas PARALIA_SCHED=starpu-default timeout 90 _build/bench/gemm_bench graph d:20000:17000:9000:hhh d:20000:17000:9000:h0h d:20000:17000:9000:0hh 2> "$R/dmdas.err" | sed "s/^graph,/dmdas,/" >> "$R/ref.csv"; stamp dmdas; pack
cat "$R/late.csv" "$R/ref.csv"
mkdir -p "$R/suite"
CHECK_RUNS=1 CHECK_LIMIT=300 timeout 310 scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
tail -5 "$R/suite/summary.txt"; grep -h -E '^# (TOTAL|PASS|FAIL)' -r "$R/suite" | head
stamp suite; pack
