#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs a program on a simulated machine: StarPU on SimGrid, paralia built for it (docs/SIMULATION.md).
#   scripts/simulate.sh MACHINE PROGRAM [ARGS...]
# MACHINE  h200x1, h200x4, dgx1-v100, a100x8 (sim/machines/MACHINE.conf) or the path of such a file
# PROGRAM  gemm_bench, cholesky, lu, link_bench: paralia's programs built for simulation; or the
#          path of any program built against StarPU on SimGrid (its main file includes starpu.h)
# The environment passes through: STARPU_SCHED=dmdas (any StarPU policy; paralia's programs use
# paralia's unless told), PARALIA_*, BENCH_*. For a StarPU program of your own under paralia's
# policy: STARPU_SCHED_LIB=_build_sim/.libs/libparalia.so STARPU_SCHED=paralia; its codelets'
# models go to _sim/MACHINE/home/.starpu/sampling/codelets/45/<symbol>.sim-MACHINE.
# The machine's StarPU home is prepared once in _sim/MACHINE ($PARALIA_SIM_DIR/MACHINE) and reused
# while its inputs are unchanged: platform and bus files from the machine's link map
# (paralia-linkmap simgrid), the kernel models measured on the H200 (sim/h200-2026-11-24), their
# GPU times scaled by the ratio of gemm peaks, completed by paralia-simmodels for every tile
# shape made of PARALIA_SIM_DIMS (default 512, 1024, ... 8192).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "simulate: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: scripts/simulate.sh MACHINE PROGRAM [ARGS...] (machines: $(cd "$here/sim/machines" && ls *.conf | sed 's/\.conf$//' | paste -sd' ' -))"
machine=$1 program=$2; shift 2
conf=$machine
[ -f "$conf" ] || conf=$here/sim/machines/$machine.conf
[ -f "$conf" ] || die "no machine '$machine' (sim/machines/*.conf, or the path of such a file)"
machine=$(basename "$conf" .conf)
data=$here/sim/h200-2026-11-24
linkmap= cpus= gpu_dgemm_tflops= gpu_sgemm_tflops=
# shellcheck disable=SC1090
. "$conf"
[ -n "$linkmap" ] && [ -n "$cpus" ] && [ -n "$gpu_dgemm_tflops" ] && [ -n "$gpu_sgemm_tflops" ] \
  || die "$conf must set linkmap, cpus, gpu_dgemm_tflops and gpu_sgemm_tflops"
case $linkmap in /*) ;; *) linkmap=$here/$linkmap ;; esac
ref_d=$(sed -n 's/^gpu_dgemm_tflops=//p' "$data/source.conf") ref_s=$(sed -n 's/^gpu_sgemm_tflops=//p' "$data/source.conf")

# ---- builds: the simulation one runs the program, the normal one completes the models ----------
if [ "${SIM_NO_BUILD:-0}" != 1 ]; then
  bash "$here/scripts/build.sh" >/dev/null 2>"$here/.simulate-build.log" \
    && bash "$here/scripts/build.sh" --simulation >/dev/null 2>>"$here/.simulate-build.log" \
    || { cat "$here/.simulate-build.log" >&2; die "build failed"; }
  rm -f "$here/.simulate-build.log"
fi
sim_prefix=${PARALIA_DEPS:-$HOME/.paralia-deps}/starpu-simgrid
normal_prefix=${PARALIA_DEPS:-$HOME/.paralia-deps}/starpu
bsim=$here/_build_sim bnorm=$here/_build

# ---- the machine's StarPU home ----------------------------------------------------------------
host=sim-$machine
dims=${PARALIA_SIM_DIMS:-512,1024,1536,2048,2560,3072,3584,4096,4608,5120,5632,6144,6656,7168,7680,8192}
dir=${PARALIA_SIM_DIR:-$here/_sim}/$machine
home=$dir/home
# (libtool puts the programs themselves in .libs/, beside a wrapper script, in shared builds)
stamp=$(for f in "$conf" "$linkmap" "$data"/source.conf "$data"/kernels-vm.txt "$data"/codelets/*.vm \
                 "$bnorm"/tools/paralia-simmodels "$bnorm"/tools/.libs/paralia-simmodels \
                 "$bsim"/tools/paralia-linkmap "$bsim"/tools/.libs/paralia-linkmap; do
          [ ! -f "$f" ] || cat "$f"; done | cksum)
stamp="$stamp dims=$dims"
if [ "$(cat "$dir/stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "simulate: preparing $machine in $dir" >&2
  rm -rf "$dir"
  bus=$home/.starpu/sampling/bus codelets=$home/.starpu/sampling/codelets/45 scratch=$dir/scratch
  mkdir -p "$bus" "$codelets" "$scratch/.starpu/sampling/codelets/45"
  LD_LIBRARY_PATH=$sim_prefix/lib "$bsim/tools/paralia-linkmap" simgrid "$linkmap" --cpus "$cpus" \
    -o "$bus/$host.platform.v4.xml" --starpu-bus "$bus/$host" >&2
  # The H200's measured models, GPU times scaled to this machine's GPU (time x H200 peak / its peak).
  for f in "$data"/codelets/paralia_*.vm; do
    sym=$(basename "$f" .vm)
    case $sym in paralia_d*) ref=$ref_d peak=$gpu_dgemm_tflops ;; *) ref=$ref_s peak=$gpu_sgemm_tflops ;; esac
    awk -v s="$(awk -v a="$ref" -v b="$peak" 'BEGIN { print a / b }')" '/^# Model for / { gpu = ($4 ~ /^cuda/) }
      gpu && NF == 8 && $1 ~ /^[0-9a-f]+$/ && length($1) == 8 {
        printf "%s\t%s\t%e\t%e\t%e\t%e\t%e\t%s\n", $1, $2, $3, $4 * s, $5 * s, $6 * s, $7 * s * s, $8; next }
      { print }' "$f" >"$scratch/.starpu/sampling/codelets/45/$sym.$host"
  done
  # Entries for every tile shape the measured run did not have (the normal StarPU adds samples;
  # it calibrates its own bus in the scratch home, which is then dropped).
  (cd "$scratch" && env -u STARPU_SCHED STARPU_HOME="$scratch" STARPU_HOSTNAME=$host STARPU_NCPU=1 \
     STARPU_NCUDA=0 STARPU_NOPENCL=0 STARPU_CALIBRATE_MINIMUM=1 STARPU_SILENT=1 \
     LD_LIBRARY_PATH=$normal_prefix/lib "$bnorm/tools/paralia-simmodels" --cpu-table "$data/kernels-vm.txt" \
     --dims "$dims") >"$dir/models.log" || { cat "$dir/models.log" >&2; die "paralia-simmodels failed"; }
  cp "$scratch"/.starpu/sampling/codelets/45/paralia_*."$host" "$codelets/"
  rm -rf "$scratch"
  echo "$stamp" >"$dir/stamp"
fi

# ---- the program --------------------------------------------------------------------------------
case $program in
  gemm_bench) exe=$bsim/bench/gemm_bench ;;
  cholesky|lu) exe=$bsim/examples/paralia-$program ;;
  link_bench) exe=$bsim/bench/link_bench ;;
  *) exe=$program ;;
esac
[ -x "$exe" ] || die "no program $exe"
ngpus=$(grep -cE '^node +[0-9]+ +gpu ' "$linkmap")
# As on the real machines: one core drives each GPU, one is left to the calling thread when
# there are GPUs and cores enough (paralia_init: pl_reserve_submit_core), the others are CPU
# workers. All GPUs of a machine are the same model, so StarPU keeps one performance model for
# them (device 0's).
ncpu=$((cpus - ngpus))
[ "$ngpus" -gt 0 ] && [ "$cpus" -ge $((ngpus + 3)) ] && ncpu=$((ncpu - 1))
export STARPU_HOME=$home STARPU_HOSTNAME=$host STARPU_NCUDA=${STARPU_NCUDA:-$ngpus} \
       STARPU_NCPU=${STARPU_NCPU:-$ncpu} STARPU_NOPENCL=0 \
       STARPU_PERF_MODEL_HOMOGENEOUS_CUDA=1 STARPU_CALIBRATE_MINIMUM=1 \
       PARALIA_LINKMAP=${PARALIA_LINKMAP:-$linkmap} PARALIA_HOME=$dir/paralia-home \
       LD_LIBRARY_PATH=$bsim/.libs:$sim_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
set +e
"$exe" "$@"
rc=$?
[ $rc -eq 0 ] || echo "simulate: $program exited with $rc; \"does not have a perfmodel\" above means a tile shape" \
  "whose sizes are not all in PARALIA_SIM_DIMS ($dims): set it to a list with them" >&2
exit $rc
