#!/usr/bin/env bash
# Session 2026-11-26l, call 3 (issue 14): the kernel table re-measured with the power cap's two
# levels (engaged after ~0.1 s, settled after ~0.75 s: the sustain lines' new form), then every
# tile 2048-8192 and the pick at the 16 GPU-resident points (000, FP64 and FP32) with one cuBLAS
# call, and each call's time of three FP64 000 points (the cap's state in back-to-back calls).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/l3.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-l3.tar.gz" .; }
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels-carried.txt"
timeout 330 _build/tools/paralia-kernels > "$R/kernels.log" 2>&1; echo "kernels rc=$? at $((SECONDS - s)) s"
grep "^sustain\|^gpu d" "$PARALIA_HOME/kernels-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>/dev/null
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
P=""; for p in d s; do for x in $S; do P="$P $p:$x:000"; done; done
SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_POINTS="$P" timeout 200 bash bench/tile_sweep.sh "$R/sweep.csv"
echo "[sweep at $((SECONDS - s)) s]"; pack
_build/bench/model_replay "$R/kernels.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 2>&1 | tee "$R/replay.txt" | tail -1
_build/bench/model_replay "$R/kernels-carried.txt" "$R/linkmap.txt" "$R/sweep.csv" 14 > "$R/replay-carried.txt" 2>&1; tail -1 "$R/replay-carried.txt"
for p in d:8192:8192:8192:000 d:12000:30000:7000:000 d:16384:16384:16384:000; do
  sleep 2
  PARALIA_TILE=8192 BENCH_EACH=1 BENCH_REPS=6 timeout 30 _build/bench/gemm_bench paralia $p 2>&1 | grep " call [0-9]*:\|,ok" >> "$R/each-000.txt"
done
cat "$R/each-000.txt"; echo "[done at $((SECONDS - s)) s]"; pack
