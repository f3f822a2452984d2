#!/usr/bin/env bash
# Session 2026-11-26m, call 3 (issue 14): the final direct path (each way timed twice on a shape's
# first four calls; gemm_bench gives paralia those four untimed on one GPU's operands). A fresh
# kernel table (paralia-kernels now makes $PARALIA_HOME), then the dataset's GPU-resident points
# (FP64 and FP32, 8 shapes) against one cuBLAS call and cuBLASXt, then FP64 hhh and h0h.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m3.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m3.tar.gz" .; }
rm -rf "$PARALIA_HOME"
timeout 250 _build/tools/paralia-kernels > "$R/kernels.log" 2>&1; echo "kernels rc=$? at $((SECONDS - s)) s"
grep "^sustain\|^gpu" "$PARALIA_HOME/kernels-$(hostname).txt" | tr '\n' ';' | cut -c1-900; echo
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; pack
S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
PARALIA_VERBOSE=2 BENCH_PRECS="s d" BENCH_SHAPES="$S8" BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas cublasxt" \
  BENCH_REPS=5 BENCH_TIMEOUT=150 bash bench/gemm_compare.sh "$R/gemm-000" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep "^| [ds] " "$R/gemm-000/gemm.md" | cut -d'|' -f2-7,12-15
sed -n '/Geometric/,$p' "$R/gemm-000/gemm.md" | head -3
grep "blocks of 2048 .* ms)" "$R/gemm-000/paralia.stderr" | sort | uniq -c | head -20
echo "[000 done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="$S8" BENCH_PLACES="hhh h0h" BENCH_SYSTEMS="paralia cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=170 bash bench/gemm_compare.sh "$R/gemm-d1" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep "^| [ds] " "$R/gemm-d1/gemm.md" | cut -d'|' -f2-7,10-13
sed -n '/Geometric/,$p' "$R/gemm-d1/gemm.md" | head -3
echo "[done at $((SECONDS - s)) s]"; pack
