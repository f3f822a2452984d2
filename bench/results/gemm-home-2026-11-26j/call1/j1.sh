#!/usr/bin/env bash
# Session 2026-11-26j, call 1 (issue 14): the host's cores adding into C (bench/host_sum.c), and
# every tile against the model at the dataset's GPU-resident points (000, FP64 and FP32, eight
# shapes; 32768^3 in a later call), with one cuBLAS call on the same operands. Code: main (5dcc477+).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j1.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
lscpu | grep -i "model name\|^CPU(s)\|NUMA node(s)" | tee "$R/cpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-j1.tar.gz" .; }
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
cc -O2 -pthread bench/host_sum.c -o /tmp/host_sum && /tmp/host_sum 256 | tee "$R/host_sum.csv"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
SWEEP_TILES="0 2048 3072 4096 6144 8192" SWEEP_POINTS="d:4096:4096:4096:000 d:8192:8192:8192:000 \
d:16384:16384:16384:000 d:32768:32768:4096:000 d:4096:4096:32768:000 d:20000:17000:9000:000 \
d:12000:30000:7000:000 d:27000:9500:14500:000 s:4096:4096:4096:000 s:8192:8192:8192:000 \
s:16384:16384:16384:000 s:32768:32768:4096:000 s:4096:4096:32768:000 s:20000:17000:9000:000 \
s:12000:30000:7000:000 s:27000:9500:14500:000" \
  timeout 480 bash bench/tile_sweep.sh "$R/sweep.csv"
echo "[sweep done at $((SECONDS - s)) s]"; pack
python3 bench/tile_sweep_report.py "$R/sweep.csv" "$R/kernels.txt" "$R/linkmap.txt" >"$R/sweep.md" 2>&1; tail -24 "$R/sweep.md"
echo "[done at $((SECONDS - s)) s]"; pack
