# SPDX-License-Identifier: LGPL-2.1-or-later
# The common start of a device script (one call of the GPU machine, recorded beside its results in
# bench/results/): sourced, not run.
#   . scripts/device-env.sh NAME [KERNEL_TABLE...] || exit
# It builds paralia there (scripts/gpu-run.sh build), exports what the benchmarks need (StarPU's
# libraries and its pkg-config file, which bench/gpu_timeline.sh's TIMELINE_STARPU=1 reads; one
# OpenBLAS thread; PARALIA_HOME and STARPU_HOME under $HOME), and starts from a fresh
# calibration: paralia's kernel table copied from the first KERNEL_TABLE measured on this GPU
# model (on another machine, so that calls compare at one calibration; scripts/kernel-table.sh)
# but for its "sum" line, the host's (paralia-kernels --sum, seconds), else measured here by
# paralia-kernels (~150 s on one H100); then the link map, calibrated here (~1 s; without one
# paralia prices copies with StarPU's bus model), its rates printed.
# It gives the script:
#   R        the folder its results go to ($OUT/r), with the script, gpu.txt and the calibration
#   pack     tars R to $OUT/results-NAME.tar.gz (the device tool brings back only a few files;
#            call it after each stage, so that a stage cut short still returns what ran before)
#   stamp    "[WHAT done at S s]", S counted from the start
#   suite    [LIMIT] the GPU suite, one run of scripts/gpu-run.sh check within LIMIT seconds
#            (default 440: it took 338-353 s on one H200, 2026-11-27y, and 407 s with 58
#            tests, 2026-11-28l), its summary and test
#            logs in $R/suite; stamps and packs
#   alternate, alt_build   (below) processes under several configurations in rounds; another
#            library built beside this one
[ $# -ge 1 ] || { echo "device-env.sh: NAME [KERNEL_TABLE...]" >&2; return 2; }
dev_name=$1
shift # the kernel tables
. scripts/kernel-table.sh
# gpu-run.sh exits 0 whatever its stages did (they are noted in its summary): the tools tell
scripts/gpu-run.sh build >/dev/null 2>&1
[ -x _build/tools/paralia-kernels ] && [ -x _build/bench/gemm_bench ] ||
  { echo "device-env.sh: the build failed:"; tail -20 "$OUT/summary.txt" 2>/dev/null; return 1; }
export LD_LIBRARY_PATH="$(cat .device/starpu-prefix)/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
       PKG_CONFIG_PATH="$(cat .device/starpu-prefix)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
       OPENBLAS_NUM_THREADS=1 PARALIA_HOME=$HOME/.paralia STARPU_HOME=$HOME \
       PATH="/usr/local/cuda/bin:$PATH"
R=$OUT/r
mkdir -p "$R"
dev_start=$SECONDS
pack() { tar -C "$R" -czf "$OUT/results-$dev_name.tar.gz" .; }
stamp() { echo "[$1 done at $((SECONDS - dev_start)) s]"; }
suite() {
  local limit=${1:-440}
  mkdir -p "$R/suite"
  CHECK_RUNS=1 CHECK_LIMIT=$limit timeout $((limit + 10)) scripts/gpu-run.sh check > "$R/suite/run.log" 2>&1
  cp "$OUT/summary.txt" "$R/suite/" 2>/dev/null; tar -xzf "$OUT/results.tar.gz" -C "$R/suite" 2>/dev/null
  rm -f "$OUT/summary.txt" "$OUT/results.tar.gz" # only pack's tarball comes back
  tail -5 "$R/suite/summary.txt"
  stamp suite; pack
}
[ -f ".device/$dev_name.sh" ] && cp ".device/$dev_name.sh" "$R/"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
rm -rf "$PARALIA_HOME"
mkdir -p "$PARALIA_HOME"
# a carried table serves only the GPU model it was measured on (its "devices" line)
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader | awk '!seen[$0]++ { printf "%s%s", n++ ? " | " : "", $0 }')
dev_table=
if [ $# -ge 1 ] && ! dev_table=$(kernel_table_for "$gpus" "$@"); then
  echo "device-env.sh: no carried kernel table is this machine's ($gpus): measuring this machine's"
fi
if [ -n "$dev_table" ]; then
  echo "device-env.sh: kernel table $dev_table ($gpus)"
  cp "$dev_table" "$PARALIA_HOME/kernels-$(hostname).txt"
  # its "sum" line is the host's memory, not the GPU's: measured here (seconds). Carried, one
  # H100 host's 190 GB/s priced C added at home on another that sums at 105 (2026-11-27s)
  timeout 60 _build/tools/paralia-kernels --sum > "$R/sum.log" 2>&1 ||
    echo "device-env.sh: paralia-kernels --sum failed (rc $?, $R/sum.log): the carried sum line stays"
else
  timeout 250 _build/tools/paralia-kernels > "$R/kernels.log" 2>&1 ||
    echo "device-env.sh: paralia-kernels failed (rc $?, $R/kernels.log): the model runs on default rates"
fi
timeout 120 _build/tools/paralia-linkmap calibrate > "$R/linkmap.log" 2>&1 ||
  echo "device-env.sh: paralia-linkmap calibrate failed (rc $?, $R/linkmap.log): copies priced by StarPU's bus model"
cp "$PARALIA_HOME/kernels-$(hostname).txt" "$R/kernels.txt" 2>/dev/null
cp "$PARALIA_HOME/linkmap-$(hostname).txt" "$R/linkmap.txt" 2>/dev/null
grep "^\[linkmap.*GB/s" "$R/linkmap.log" # the links' rates, each direction and both at once
rm -f "$OUT/summary.txt" "$OUT/results.tar.gz" # the build stage's: only pack's tarball comes back
stamp calibration
# alternate ROUNDS CSV POINTS CONFIG...: `gemm_bench paralia POINTS` once per CONFIG in each of
# ROUNDS (round labels: "1 2"), the configurations alternating, each in its own process, so that
# side by side means the same machine, minutes apart, in every order. A CONFIG is name or
# name:VAR=value,VAR=value (the environment it runs under: values without spaces, commas or
# wildcards). Rows go to $R/CSV as
# name,round,<gemm_bench's line>, each process's stderr to $R/name-round.err (PARALIA_VERBOSE=1
# unless set); ALT_LIMIT (seconds, default 150) bounds a process. Packs after each.
# BENCH_BIN=PATH among a CONFIG's variables runs that gemm_bench (another library: alt_build).
alternate() {
  local rounds=$1 csv=$2 pts=$3 round cfg name vars v bin
  shift 3
  for round in $rounds; do
    for cfg in "$@"; do
      name=${cfg%%:*} vars= bin=_build/bench/gemm_bench
      [ "$cfg" != "$name" ] && vars=${cfg#*:}
      for v in ${vars//,/ }; do [ "${v%%=*}" = BENCH_BIN ] && bin=${v#*=}; done
      env PARALIA_VERBOSE="${PARALIA_VERBOSE:-1}" ${vars//,/ } timeout "${ALT_LIMIT:-150}" \
        "$bin" paralia $pts 2> "$R/$name-$round.err" |
        sed "s/^/$name,$round,/" >> "$R/$csv"
      stamp "$name round $round"
      pack
    done
  done
}
# alt_build DIR PATCH: this tree with PATCH applied (git apply, its tests/ left out), configured
# and built in DIR/_build, so that a library change is measured side by side with the library
# it changes in one call (alternate's BENCH_BIN=DIR/_build/bench/gemm_bench): two calls run on
# two machines, whose GPUs differ by more than most changes gain. Returns 1, saying why, if the
# patch does not apply or the build fails (its logs in $R/alt-build-NAME.log).
alt_build() {
  local dir=$1 patch log="$R/alt-build-$(basename "$1").log"
  patch=$(realpath "$2") || return 1
  rm -rf "$dir" && mkdir -p "$dir" || return 1
  tar --exclude=./_build --exclude=./_build_san --exclude=./.device --exclude=./_install -cf - . |
    tar -C "$dir" -xf - || return 1
  if ! (cd "$dir" && git apply --exclude='tests/*' "$patch" && mkdir -p _build && cd _build &&
        ../configure --prefix="$dir/_install" && make -j"$(nproc)") > "$log" 2>&1; then
    echo "alt_build: $2 in $dir failed (log: $log):"; tail -5 "$log"; return 1
  fi
  [ -x "$dir/_build/bench/gemm_bench" ] || { echo "alt_build: no gemm_bench in $dir/_build"; return 1; }
  stamp "alt_build $(basename "$dir")"
}
