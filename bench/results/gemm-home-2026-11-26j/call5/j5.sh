#!/usr/bin/env bash
# Session 2026-11-26j, call 5 (issue 14): the code with C added at home priced (the sum rate beyond
# the caches, the host memory shared with the copies, each tile's submissions) and a 10% margin.
# The GPU suite, then the model's plans (the default) against C never added at home
# (PARALIA_C_HOME=none) on the dataset's host-resident points, two passes in opposite orders.
CHECK_RUNS=1 scripts/gpu-run.sh build check >/dev/null 2>&1
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib:${LD_LIBRARY_PATH:-}" OPENBLAS_NUM_THREADS=1 \
       PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r; mkdir -p "$R"; s=$SECONDS
cp .device/j5.sh "$OUT/summary.txt" "$R/"; rm -f "$OUT/results.tar.gz"; cat "$R/summary.txt"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
grep -h "^# \(TOTAL\|PASS\|FAIL\|SKIP\|ERROR\)" _build/test-suite.log 2>/dev/null > "$R/suite.txt"
cp _build/tests/gemm_home.sh.log "$R/gemm_home.log" 2>/dev/null; tail -4 "$R/gemm_home.log"
pack() { tar -C "$R" -czf "$OUT/results-j5.tar.gz" .; }
_build/bench/gemm_bench paralia d:1024:1024:1024:hhh >/dev/null 2>"$R/warm.err"
_build/tools/paralia-kernels --sum 2>&1 | grep "GB/s" | tee "$R/sum.txt"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt"; cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt"
pack
S="4096:4096:4096 8192:8192:8192 16384:16384:16384 32768:32768:4096 4096:4096:32768 20000:17000:9000 12000:30000:7000 27000:9500:14500"
P=""; for p in d s; do for x in $S; do P="$P $p:$x:hhh"; done; done
P="$P d:8192:8192:8192:h0h d:8192:8192:8192:0hh d:16384:16384:16384:h0h d:16384:16384:16384:0hh"
mode() { # name env...
  local name=$1; shift
  env "$@" PARALIA_VERBOSE=1 BENCH_REPS=3 timeout 110 _build/bench/gemm_bench paralia $P 2>"$R/$name.err" \
    | grep -v "^#" | sed "s/^/$name,/" >>"$R/modes.csv"
  echo "[$name done at $((SECONDS - s)) s]"; pack
}
: >"$R/modes.csv"
mode none1 PARALIA_C_HOME=none
mode model1
mode model2
mode none2 PARALIA_C_HOME=none
python3 - "$R/modes.csv" <<'PY'
import csv, sys, collections
d = collections.defaultdict(lambda: collections.defaultdict(list))
for r in csv.reader(open(sys.argv[1])):
    if len(r) > 9: d[tuple(r[2:7])][r[0][:-1]].append(float(r[8]))
for k, v in d.items():
    n, m = min(v['none']), min(v['model'])
    print(' '.join(k), 'none', v['none'], 'model', v['model'], 'gain %.3f' % (n / m))
PY
grep -h "autotune" "$R/model1.err" | grep -c "added at home"
echo "[done at $((SECONDS - s)) s]"; pack
