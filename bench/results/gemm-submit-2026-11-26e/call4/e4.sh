#!/usr/bin/env bash
# Session 2026-11-26e, call 4 (issue 14): the kernel table with the copies also measured from a
# 128 KB pitch; one cuBLAS call on the ragged edge tiles' shapes (is a thin tile as fast as the
# model's cube-root size says?); 20000x17000x9000 with everything on the GPU at tiles 4096-8192
# (a ragged tile's kernel apart from its copies).
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>&1
E=""
for p in d s; do
  for n in 256 512 616 1024 2048 3616 4096 8192; do E="$E $p:8192:$n:8192:000"; done
  for k in 512 808 1024 2048 4096; do E="$E $p:8192:8192:$k:000"; done
  E="$E $p:3616:8192:8192:000 $p:3616:616:8192:000 $p:8192:616:808:000 $p:3616:616:808:000 $p:2048:2048:2048:000 $p:4096:4096:4096:000"
done
BENCH_REPS=5 _build/bench/gemm_bench cublas $E 2>/dev/null | grep -v "^#" | tee "$R/edges.csv" | cut -d, -f2-6,8,11
echo "[edges done at $((SECONDS - s)) s]"
for t in 4096 6144 8192; do
  BENCH_REPS=3 PARALIA_TILE=$t _build/bench/gemm_bench paralia d:20000:17000:9000:000 s:20000:17000:9000:000 2>/dev/null | grep -v "^#" | sed "s/^/T=$t,/"
done | tee "$R/odd000.csv"
echo "[odd done at $((SECONDS - s)) s]"
timeout 240 _build/tools/paralia-kernels "$R/kernels.txt" >"$R/kernels.log" 2>&1
echo "[kernels done at $((SECONDS - s)) s]"; grep -E "^xfer" "$R/kernels.txt" | grep " 131072 "
cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
tar -C "$R" -czf "$OUT/results-e4.tar.gz" .
