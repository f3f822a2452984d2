#!/usr/bin/env bash
# Session 2026-11-26j, call 2 (issue 14): C added at home (src/blas/home_sum.c). The GPU suite
# (tests/gemm_home.sh on CUDA workers), the CPU workers' sum rate (paralia-kernels --sum into the
# carried kernel table; bench/host_sum.c beside it), then the host-resident points with C read as
# before (PARALIA_C_HOME=none), added at home wherever C is read (C_HOME=all), and
# the model choosing (the default), two passes in opposite orders, median of 3 each.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j2.sh "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null | tee "$R/suite.txt"
cp _build/tests/gemm_home.sh.log "$R/gemm_home.log" 2>/dev/null; tail -3 "$R/gemm_home.log"
grep -l "^FAIL\|^ERROR" _build/tests/*.log 2>/dev/null | head -3 | while read -r f; do cp "$f" "$R/"; done
pack() { tar -C "$R" -czf "$OUT/results-j2.tar.gz" .; }
pack
if ! grep -q "H100" "$R/gpu.txt"; then
  rm -f "$PARALIA_HOME"/kernels-*.txt
  timeout 200 _build/tools/paralia-kernels >"$R/kernels.log" 2>&1
fi
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
_build/tools/paralia-kernels --sum 2>&1 | tail -2 | tee "$R/sum.txt"
cc -O2 -pthread bench/host_sum.c -o /tmp/host_sum && /tmp/host_sum 256 | tee "$R/host_sum.csv"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
P="d:8192:8192:8192:hhh d:16384:16384:16384:hhh d:20000:17000:9000:hhh d:12000:30000:7000:hhh \
d:27000:9500:14500:hhh d:32768:32768:4096:hhh d:4096:4096:32768:hhh d:4096:4096:4096:hhh \
d:8192:8192:8192:h0h d:8192:8192:8192:0hh s:8192:8192:8192:hhh s:16384:16384:16384:hhh s:20000:17000:9000:hhh"
mode() { # name env...
  local name=$1; shift
  env "$@" PARALIA_VERBOSE=1 BENCH_REPS=3 timeout 150 _build/bench/gemm_bench paralia $P 2>"$R/$name.err" \
    | grep -v "^#" | sed "s/^/$name,/" >>"$R/modes.csv"
  echo "[$name done at $((SECONDS - s)) s]"; pack
}
: >"$R/modes.csv"
mode none1 PARALIA_C_HOME=none
mode all1 PARALIA_C_HOME=all
mode model1 PARALIA_C_HOME=model
mode model2 PARALIA_C_HOME=model
mode all2 PARALIA_C_HOME=all
mode none2 PARALIA_C_HOME=none
cut -d, -f1-9,13 "$R/modes.csv" | sort -t, -k3,3 -k4,4n -k5,5n -k7,7 -k1,1 | column -t -s,
grep -h "autotune" "$R/model1.err" | sed 's/.*autotune //' | cut -c1-200 | head -16
echo "[done at $((SECONDS - s)) s]"; pack
