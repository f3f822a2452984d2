#!/usr/bin/env bash
# Session 2026-11-26m, call 7 (issue 14): with call 3's kernel table and call 6's link map
# (carried): 4096x4096x32768 h0h call by call (call 6: tile 3072, 26.96-44.77 ms, median 38.76,
# predicted 25.06), then FP64 32768^3 (hhh 000 h0h 00h 0hh) side by side with cuBLASXt's best
# block of 4096/8192 and one cuBLAS call. Every system four untimed calls before its timed ones.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/m7.sh "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
pack() { tar -C "$R" -czf "$OUT/results-m7.tar.gz" .; }
rm -rf "$PARALIA_HOME"; mkdir -p "$PARALIA_HOME"; cp .device/kernels-m3.txt "$PARALIA_HOME/kernels-$(hostname).txt"
cp .device/linkmap-m6.txt "$PARALIA_HOME/linkmap-$(hostname).txt"
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"; head -3 "$R/warm.err"
for t in pick 3072 2048; do
  if [ $t = pick ]; then unset PARALIA_TILE; else export PARALIA_TILE=$t; fi
  BENCH_EACH=1 BENCH_REPS=8 PARALIA_VERBOSE=2 timeout 60 _build/bench/gemm_bench paralia d:4096:4096:32768:h0h d:4096:4096:32768:hhh \
    > "$R/h0h-$t.csv" 2> "$R/h0h-$t.err"
  grep -v "^#" "$R/h0h-$t.csv" | cut -d, -f1-12; grep "call [0-9]" "$R/h0h-$t.err" | awk '{printf "%s ", $NF} END {print ""}'
  grep -c "fetch ahead" "$R/h0h-$t.err"; grep "fetch ahead" "$R/h0h-$t.err" | sort | uniq -c | head -3
done
unset PARALIA_TILE
echo "[h0h done at $((SECONDS - s)) s]"; pack
PARALIA_VERBOSE=1 BENCH_PRECS="d" BENCH_SHAPES="32768:32768:32768" BENCH_BLOCKS="4096,8192" \
  BENCH_PLACES="hhh 000 h0h 00h 0hh" BENCH_SYSTEMS="paralia cublasxt cublas" BENCH_REPS=3 BENCH_TIMEOUT=300 \
  timeout $((570 - (SECONDS - s))) bash bench/gemm_compare.sh "$R/gemm-32k" 2>&1 | grep -v "^#" | cut -d, -f1-10 | tail -1
grep "^| [ds] " "$R/gemm-32k/gemm.md" | cut -d'|' -f2-7,10-15
sed -n '/Geometric/,$p' "$R/gemm-32k/gemm.md" | head -3
grep -v "^#" "$R/gemm-32k/gemm.csv" | cut -d, -f1-12
echo "[done at $((SECONDS - s)) s]"; pack
