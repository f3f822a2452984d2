#!/usr/bin/env bash
# Session 2026-11-26i, call 1 (issue 14): do the host's pages slow the 2D copies of tiles beside
# the GPU's kernels? bench/copy_ways.cu COPY_WAYS=pages (cudaHostAlloc against transparent huge
# pages pinned by cudaHostRegister, alone and beside DGEMMs, both directions), then gemm_bench
# on host-resident points with BENCH_HOST_PAGES=normal/huge interleaved, paralia and cuBLASXt.
scripts/gpu-run.sh build >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
rm -f "$OUT/results.tar.gz"
pack() { tar -C "$R" -czf "$OUT/results-i1.tar.gz" .; }
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
{ cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag; grep -i huge /proc/meminfo; uname -r; } >"$R/thp.txt" 2>&1
cat "$R/thp.txt"
nvcc -O2 -o _build/copy_ways bench/copy_ways.cu -lcublas -lpthread && \
  COPY_WAYS=pages timeout 150 _build/copy_ways 8192 16384 20000 >"$R/copy_ways.csv" 2>&1
echo "[copy_ways done at $((SECONDS - s)) s]"; grep -v "^#" "$R/copy_ways.csv" | column -t -s, | head -80; pack
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
export BENCH_REPS=3
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh s:8192:8192:8192:hhh"
for pass in 1 2; do
  for pg in normal huge; do
    for t in 0 2048 4096; do
      BENCH_HOST_PAGES=$pg PARALIA_TILE=$t PARALIA_VERBOSE=1 timeout 150 _build/bench/gemm_bench paralia $P 2>>"$R/paralia-$pg.err" | grep -v "^#" | sed "s/^/T=$t,$pg,$pass,/" | tee -a "$R/pages.csv" | cut -d, -f1-3,5-9,11
      echo "[$pass $pg T=$t done at $((SECONDS - s)) s]"; pack
    done
  done
done
for pg in normal huge; do
  BENCH_HOST_PAGES=$pg BENCH_BLOCKS="4096 8192" timeout 150 _build/bench/gemm_bench cublasxt $P 2>>"$R/cublasxt-$pg.err" | grep -v "^#" | sed "s/^/T=x,$pg,1,/" | tee -a "$R/pages.csv" | cut -d, -f1-3,5-9,11
  echo "[cublasxt $pg done at $((SECONDS - s)) s]"; pack
done
echo "[done at $((SECONDS - s)) s]"; pack
