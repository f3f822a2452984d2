#!/usr/bin/env bash
# Session 2026-11-26m, call 6 (issue 14): calls 2-5 ran with no link map (their rm of
# $PARALIA_HOME: StarPU's bus model, as paralia does without one). Here the link map is
# calibrated first; with call 3's kernel table (carried) the FP64 points off one GPU (hhh h0h 00h
# 0hh, 8 shapes) against cuBLASXt again, then the dataset's largest shape, 32768^3 (FP64 and
# FP32; hhh 000 h0h 00h 0hh) against cuBLASXt's best block of 4096/8192 and one cuBLAS call.
# Every system four untimed calls before its timed ones.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m6.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m6.tar.gz" .; }
rm -rf "$PARALIA_HOME"; mkdir -p "$PARALIA_HOME"; cp .device/kernels-m3.txt "$PARALIA_HOME/kernels-$(hostname).txt"
timeout 120 _build/tools/paralia-linkmap calibrate > "$R/linkmap.log" 2>&1; echo "linkmap rc=$? at $((SECONDS - s)) s"
cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"; head -3 "$R/warm.err"
S8="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="$S8" BENCH_PLACES="hhh h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt" \
  BENCH_REPS=3 BENCH_TIMEOUT=250 bash bench/gemm_compare.sh "$R/gemm-d" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep "^| [ds] " "$R/gemm-d/gemm.md" | cut -d'|' -f2-7,10-13
sed -n '/Geometric/,$p' "$R/gemm-d/gemm.md" | head -3
echo "[d done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d s" BENCH_SHAPES="32768:32768:32768" BENCH_BLOCKS="4096,8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=300 \
  timeout $((575 - (SECONDS - s))) bash bench/gemm_compare.sh "$R/gemm-32k" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep "^| [ds] " "$R/gemm-32k/gemm.md" | cut -d'|' -f2-7,10-15
sed -n '/Geometric/,$p' "$R/gemm-32k/gemm.md" | head -3
echo "[done at $((SECONDS - s)) s]"; pack
