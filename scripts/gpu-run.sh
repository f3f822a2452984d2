#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The GPU machine's one entry point: builds paralia there, runs the test suite on CUDA workers,
# and measures. The machine has no network: scripts/gpu-bundle.sh packs, here, what it needs into
# .device/ (StarPU built with CUDA, autoreconf's output), carried along with the working tree.
#   scripts/gpu-run.sh [STAGE...]      default: build check demo
# Stages (each logged, each under its own time limit; a failing stage does not stop the next):
#   build     unpack .device, configure and make paralia in _build
#   check     make -j8 check, CHECK_RUNS times (default 3), on whatever workers StarPU finds
#             (CUDA ones included); one line per run in the summary
#   demo      the README demo
#   linkmap   calibrate this machine's link map (scripts/linkmap-calibrate.sh) and kernel table
#             (paralia-kernels)
#   gemm      bench/gemm_compare.sh (BENCH_* variables choose the dataset)
#   sweep     bench/tile_sweep.sh: the autotuner's pick against every fixed tile, and cuBLAS on the
#             GPU-resident points (issue 14)
#   dropin    bench/dropin_compare.sh: an unmodified program's DGEMM/SGEMM under the CPU BLAS, NVBLAS
#             and paralia's drop-in BLAS (issue 17)
#   sched     bench/sched_compare.sh on examples/cholesky, examples/lu and the tile GEMM graph
#   sanitizers  the suite built with ASan and UBSan (_build_san) on CUDA workers: leaks and
#             undefined behaviour on the GPU paths (scripts/lsan.supp lists the libraries' own)
#   timeline  bench/gpu_timeline.sh: CUPTI's timeline of gemm_bench calls (TIMELINE_POINTS)
#   links     bench/link_bench 512: StarPU's copies alone and together (what the simulated
#             machines' platforms are checked against, docs/SIMULATION.md)
# Results go to $OUT (the device tool's folder; default _gpu_out/): summary.txt, and
# results.tar.gz with every log, CSV, table and plot, and StarPU's calibration (perfmodels, bus)
# so that a later run can start from it (.device/calibration.tar.gz, if present, is unpacked).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
OUT=${OUT:-$here/_gpu_out}
res=$OUT/results
mkdir -p "$res"
summary=$OUT/summary.txt
: >"$summary"
note() { printf '%s\n' "$*" | tee -a "$summary"; }
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(build check demo)

bundle=$here/.device
prefix=$(cat "$bundle/starpu-prefix" 2>/dev/null || echo "$HOME/.paralia-deps/starpu")
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="/usr/local/cuda/bin:$PATH"
export PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME
export OPENBLAS_NUM_THREADS=1

# run NAME LIMIT_SECONDS COMMAND...: logs to $res/NAME.log, notes the outcome and duration.
run() {
  local name=$1 limit=$2; shift 2
  local t0=$SECONDS
  # A stage is a function of this script: timeout runs it in a child bash (see export -f below).
  # timeout puts the stage in a process group of its own, which a signal to this script does not
  # reach: stopped from outside (a device script's own timeout), the script stops the stage's group
  # too, or its tests run on beside what the caller runs next (2026-11-27u: a suite cut at 225 s
  # ran on beside a benchmark, which took 2x its time).
  timeout "$limit" bash -c "$*" >"$res/$name.log" 2>&1 &
  local pid=$!
  trap 'kill -TERM -- -'"$pid"' 2>/dev/null; exit 143' TERM INT
  wait "$pid"
  local rc=$?
  trap - TERM INT
  note "$(printf '%-10s rc=%-3s %5ss  %s' "$name" "$rc" "$((SECONDS - t0))" "$([ $rc -eq 124 ] && echo "TIMED OUT after ${limit}s")")"
  # Packed after every stage: if the device tool's own limit stops the script, what ran comes back.
  tar -C "$OUT" -czf "$OUT/results.tar.gz" results
  return $rc
}

stage_build() {
  if [ ! -f "$prefix/lib/pkgconfig/starpu-1.4.pc" ]; then
    [ -f "$bundle/starpu.tar.gz" ] || { echo "no StarPU at $prefix and no $bundle/starpu.tar.gz (run scripts/gpu-bundle.sh here first)"; return 1; }
    mkdir -p "$(dirname "$prefix")" && tar -C "$(dirname "$prefix")" -xzf "$bundle/starpu.tar.gz" || return 1
  fi
  if [ -f "$bundle/calibration.tar.gz" ]; then
    tar -C "$HOME" -xzf "$bundle/calibration.tar.gz" && echo "restored StarPU/paralia calibration"
  fi
  # -m: the unpacked files are newer than their sources, so make does not try to regenerate them.
  [ -x configure ] || tar -xmzf "$bundle/autotools.tar.gz" || return 1
  mkdir -p _build && cd _build || return 1
  ../configure --prefix="$here/_install" || return 1
  make -j"$(nproc)" && make -j"$(nproc)" check TESTS= && echo "build ok"
}

# The suite and the stress test under load, CHECK_RUNS times (default 3): make -j8 check runs
# eight test programs at once, each with its CUDA worker and CPU workers, so the GPU and the cores
# are shared the way they are when races show (issue 12). Each run starts from no test logs (make
# check skips tests whose logs are up to date) and is reported on its own line.
stage_check() {
  cd _build || return 1
  local runs=${CHECK_RUNS:-3} rc=0
  export PARALIA_STRESS_ROUNDS=${PARALIA_STRESS_ROUNDS:-8}
  for i in $(seq 1 "$runs"); do
    rm -f tests/*.log tests/*.trs test-suite.log
    make -j8 check >/dev/null 2>&1
    local pass fail failed
    pass=$(grep -l "^:test-result: PASS" tests/*.trs 2>/dev/null | wc -l)
    fail=$(grep -lE "^:test-result: (FAIL|ERROR)" tests/*.trs 2>/dev/null | wc -l)
    failed=$(grep -lE "^:test-result: (FAIL|ERROR)" tests/*.trs 2>/dev/null | xargs -r -n1 basename | sed 's/\.trs$//' | paste -sd' ' -)
    echo "check run $i of $runs: $pass passed, $fail failed${failed:+ ($failed)}"
    for log in tests/*.log; do echo "==== run $i: $log"; cat "$log"; done >>"$res/check-tests.txt" 2>/dev/null
    [ "$fail" -eq 0 ] || rc=1
  done
  return $rc
}

stage_demo() { STARPU_SILENT=1 _build/examples/demo; }
stage_linkmap() {
  bash scripts/linkmap-calibrate.sh "$res/linkmap"
  # The autotuner's kernel table (tile rates, GPU watts), kept beside the link map.
  _build/tools/paralia-kernels && cp "$PARALIA_HOME/kernels-$(hostname).txt" "$res/linkmap/" 2>/dev/null
}
# The policy and the autotuner read this machine's link map; a fresh machine has none (and its
# host name differs from the last one's), so measure it first rather than bench StarPU's model.
need_linkmap() {
  [ -f "${PARALIA_LINKMAP:-$PARALIA_HOME/linkmap-$(hostname).txt}" ] || stage_linkmap
}
stage_dropin() { need_linkmap; bash bench/dropin_compare.sh "$res/dropin"; }
stage_gemm() { need_linkmap; bash bench/gemm_compare.sh "$res/gemm"; }
stage_sweep() { need_linkmap; cp "$PARALIA_HOME"/*.txt "$res/" 2>/dev/null; bash bench/tile_sweep.sh "$res/sweep.csv"; }
# The policy against StarPU's on task graphs: the factorization examples at SCHED_N (20480) and
# the tile GEMM graph at SCHED_GEMM_N (16384), tile SCHED_NB (2048), SCHED_RUNS (3) runs each after
# a warm-up that calibrates StarPU's models.
stage_sched() {
  need_linkmap
  local n=${SCHED_N:-20480} nb=${SCHED_NB:-2048} g=${SCHED_GEMM_N:-16384}
  export RUNS=${SCHED_RUNS:-3} WARMUP=1
  export POLICIES=${SCHED_POLICIES:-paralia dmda dmdas}
  for f in cholesky lu; do
    echo "## $f n=$n nb=$nb"
    bash bench/sched_compare.sh "_build/examples/paralia-$f" -n "$n" -nb "$nb"
  done
  echo "## tile GEMM graph d:$g:$g:$g:hhh tile $nb (gemm_bench graph: a warm-up call and a timed one)"
  BENCH_TILES=$nb BENCH_UNTIMED=1 BENCH_REPS=1 CALLS=2 bash bench/sched_compare.sh _build/bench/gemm_bench graph "d:$g:$g:$g:hhh"
  # Where the time goes, one run each: the policy's per-worker summary (tasks, busy, idle, bytes
  # per link) and StarPU's worker statistics under dmdas.
  for f in ${SCHED_ANATOMY-lu}; do
    echo "## anatomy: $f n=$n nb=$nb under paralia (PARALIA_VERBOSE=1)"
    STARPU_SCHED_LIB=$here/_build/.libs/libparalia.so STARPU_SCHED=paralia PARALIA_VERBOSE=1 \
      "_build/examples/paralia-$f" -n "$n" -nb "$nb" 2>&1 | grep -v "^\[starpu\]\[_starpu_update_perfmodel"
    echo "## anatomy: $f n=$n nb=$nb under dmdas (STARPU_WORKER_STATS=1)"
    STARPU_SCHED=dmdas PARALIA_SCHED=starpu-default STARPU_PROFILING=1 STARPU_WORKER_STATS=1 \
      "_build/examples/paralia-$f" -n "$n" -nb "$nb" 2>&1 | grep -v "^\[starpu\]\[_starpu_update_perfmodel"
  done
}

stage_links() { _build/bench/link_bench 512; }
# The GPU's own timeline (CUPTI) of TIMELINE_POINTS ("TILE:POINT ...", bench/gpu_timeline.sh).
stage_timeline() {
  need_linkmap
  bash bench/gpu_timeline.sh "$res/timeline" ${TIMELINE_POINTS:-4096:d:8192:8192:8192:hhh 2048:d:8192:8192:8192:hhh}
}
# Needs stage build first (autoreconf's output, StarPU unpacked).
stage_sanitizers() {
  mkdir -p _build_san && cd _build_san || return 1
  ../configure --enable-sanitizers >configure.out 2>&1 || { tail -20 configure.out; return 1; }
  make -j"$(nproc)" >make.out 2>&1 || { grep -E "error" make.out | head -20; return 1; }
  . "$here/scripts/sanitizer-env.sh"
  STARPU_SILENT=1 make -j8 check >check.out 2>&1
  local rc=$?
  grep -E "^(PASS|FAIL|ERROR|SKIP):" check.out
  for log in $(grep -lE "^FAIL|^ERROR" tests/*.log 2>/dev/null); do echo "---- $log"; tail -n 40 "$log"; done
  return $rc
}

export -f stage_sweep stage_dropin stage_build stage_check stage_demo stage_linkmap stage_gemm stage_sched stage_links stage_sanitizers stage_timeline need_linkmap
export here bundle prefix res

note "gpu-run $(date -u '+%Y-%m-%d %H:%M UTC') on $(hostname): $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | sort | uniq -c | sed 's/^ *//' | paste -sd, -), $(nproc) cores; stages: ${stages[*]}"
nvidia-smi topo -m >"$res/topology.txt" 2>&1
for s in "${stages[@]}"; do
  case $s in
    build)   run build "${BUILD_LIMIT:-150}" stage_build ;;
    check)   run check "${CHECK_LIMIT:-540}" stage_check; grep "^check run" "$res/check.log" | sed "s/^/  /" >>"$summary" ;;
    demo)    run demo "${DEMO_LIMIT:-120}" stage_demo ;;
    linkmap) run linkmap "${LINKMAP_LIMIT:-120}" stage_linkmap ;;
    dropin)  run dropin "${DROPIN_LIMIT:-240}" stage_dropin ;;
    gemm)    run gemm "${GEMM_LIMIT:-540}" stage_gemm ;;
    sweep)   run sweep "${SWEEP_LIMIT:-480}" stage_sweep ;;
    sched)   run sched "${SCHED_LIMIT:-480}" stage_sched ;;
    links)   run links "${LINKS_LIMIT:-120}" stage_links ;;
    timeline) run timeline "${TIMELINE_LIMIT:-240}" stage_timeline ;;
    sanitizers) run sanitizers "${SANITIZERS_LIMIT:-540}" stage_sanitizers ;;
    *) note "unknown stage $s" ;;
  esac
done
if ls _build/tests/*.trs >/dev/null 2>&1; then
  pass=$(grep -l "^:test-result: PASS" _build/tests/*.trs 2>/dev/null | wc -l)
  fail=$(grep -lE "^:test-result: (FAIL|ERROR)" _build/tests/*.trs 2>/dev/null | wc -l)
  skip=$(grep -l "^:test-result: SKIP" _build/tests/*.trs 2>/dev/null | wc -l)
  note "tests: $pass passed, $fail failed, $skip skipped; failed: $(grep -lE '^:test-result: (FAIL|ERROR)' _build/tests/*.trs 2>/dev/null | xargs -r -n1 basename | sed 's/\.trs$//' | paste -sd' ' -)"
fi
tail -n 12 "$res/demo.log" 2>/dev/null | sed 's/^/  demo| /' >>"$summary"
(cd "$HOME" && tar -czf "$res/calibration.tar.gz" .starpu .paralia 2>/dev/null)
tar -C "$OUT" -czf "$OUT/results.tar.gz" results && rm -rf "$res"
