#!/usr/bin/env bash
# Session 2026-11-26d, call 1 (issue 14): the suite on main (7c5ee16's test unrun on a GPU), then
# the gemm rate against the time the GPU has been computing (bench/sustain_probe, NVML), and the
# GPU-resident points where one cuBLAS call lost to cuBLASXt, with every fixed tile.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
cp "$OUT/summary.txt" "$OUT/suite-summary.txt" 2>/dev/null
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
nvidia-smi -q -d POWER,CLOCK,PERFORMANCE,TEMPERATURE >"$R/smi-q.txt" 2>&1
q=timestamp,power.draw,clocks.sm,clocks.mem,temperature.gpu,clocks_event_reasons.active
nvidia-smi --query-gpu=$q --format=csv -i 0 >/dev/null 2>&1 || q=timestamp,power.draw,clocks.sm,clocks.mem,temperature.gpu,clocks_throttle_reasons.active
nvidia-smi --query-gpu=$q --format=csv -lms 100 >"$R/smi.csv" 2>&1 &
smi=$!
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1   # the link map of this machine
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt" 2>/dev/null; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
for c in "d 8192 8 3" "d 4096 5 3" "s 8192 5 3" "s 4096 4 3"; do
  set -- $c; echo "[probe $c at $((SECONDS - s)) s]"
  timeout 30 _build/bench/sustain_probe $1 $2 $3 $4 >"$R/probe-$1-$2.csv" 2>&1
done
echo "[sweep at $((SECONDS - s)) s]"
export BENCH_REPS=3
P="s:20000:17000:9000:000 s:32768:32768:4096:000"
for t in 0 2048 3072 4096 8192; do
  PARALIA_TILE=$t timeout 100 _build/bench/gemm_bench paralia $P 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,/" >>"$R/sweep.csv"
done
timeout 60 _build/bench/gemm_bench cublas $P 2>/dev/null | grep -v "^#" | sed "s/^/T=cublas,/" >>"$R/sweep.csv"
timeout 100 _build/bench/gemm_bench cublasxt $P 2>/dev/null | grep -v "^#" | sed "s/^/T=cublasxt,/" >>"$R/sweep.csv"
echo "[long calls at $((SECONDS - s)) s]"
sleep 3
timeout 60 _build/bench/gemm_bench cublas d:32768:32768:32768:000 d:16384:16384:16384:000 d:8192:8192:8192:000 2>/dev/null | grep -v "^#" | sed "s/^/T=cublas,/" >>"$R/sweep.csv"
sleep 3
PARALIA_TILE=8192 timeout 60 _build/bench/gemm_bench paralia d:32768:32768:32768:000 2>/dev/null | grep -v "^#" | sed "s/^/T=8192,/" >>"$R/sweep.csv"
echo "[done at $((SECONDS - s)) s]"
kill $smi
cat "$R/sweep.csv" | cut -d, -f1-12
for f in "$R"/probe-*.csv; do echo "== $f"; awk 'NR<=4 || NR%20==0' "$f"; done
tar -C "$R" -czf "$OUT/results-d1.tar.gz" .
cat "$OUT/suite-summary.txt"
