#!/usr/bin/env bash
# Session 2026-11-26m, call 2 (issue 14): gemm's direct path measuring, per shape, one cuBLAS call
# against C in blocks of 2048 over two streams (src/blas/direct_way.c). A fresh kernel table
# (the restored calibration no longer carries one: call 1 ran on a stale table), the GPU suite
# (gemm_direct.sh: the direct calls in blocks of 16 against CBLAS), then the GPU-resident points
# of the dataset (FP64 and FP32, 8 shapes) against one cuBLAS call and cuBLASXt.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m2.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m2.tar.gz" .; }
rm -f "$PARALIA_HOME"/kernels-*.txt
timeout 250 _build/tools/paralia-kernels > "$R/kernels.log" 2>&1; echo "kernels rc=$? at $((SECONDS - s)) s"
grep "^sustain\|^gpu" "$PARALIA_HOME/kernels-$(hostname).txt" | head -30
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; pack
CHECK_RUNS=1 timeout 260 scripts/gpu-run.sh check > "$R/suite.txt" 2>&1; tail -3 "$R/suite.txt"
grep -h "^# \|FAIL" _build/test-suite.log 2>/dev/null | head -20 > "$R/suite-summary.txt"; cat "$R/suite-summary.txt"
cp _build/tests/gemm_direct.sh.log "$R/gemm_direct.log" 2>/dev/null; grep "gemm_direct: " "$R/gemm_direct.log"
echo "[suite done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=2 BENCH_PRECS="s d" BENCH_SHAPES="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500" \
  BENCH_PLACES="000" BENCH_SYSTEMS="paralia cublas cublasxt" BENCH_REPS=5 BENCH_TIMEOUT=150 \
  bash bench/gemm_compare.sh "$R/gemm-000" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -2
grep "^| [ds] " "$R/gemm-000/gemm.md" | cut -d'|' -f2-7,12-15
sed -n '/Geometric/,$p' "$R/gemm-000/gemm.md" | head -3
grep "blocks of 2048 .* ms)\|whole (whole" "$R/gemm-000/paralia.stderr" | sort | uniq -c | head -20
echo "[done at $((SECONDS - s)) s]"; pack
