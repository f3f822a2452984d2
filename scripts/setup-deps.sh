#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs what paralia needs on a Debian machine, reusing whatever is already there:
#   - Debian packages: compilers, autotools, pkg-config, hwloc, OpenBLAS (CBLAS + LAPACKE), libpng
#     (the link map's heat map)
#   - StarPU 1.4.x built from Debian's source package into $PARALIA_DEPS (default ~/.paralia-deps),
#     with CUDA when nvcc is found. A later run finds the stamp file and skips the ~10 minute build.
#   - with --simgrid: a second StarPU from the same sources, built on SimGrid (Debian's
#     libsimgrid-dev) into $PARALIA_DEPS/starpu-simgrid, for simulated machines (scripts/simulate.sh).
#     It simulates CUDA workers without CUDA (StarPU refuses CUDA in a SimGrid build).
# Prints what it does; on failure says which step failed and exits non-zero.
# Usage: scripts/setup-deps.sh [--simgrid]  (prints the StarPU prefix as its last line)
set -euo pipefail

simgrid=no
case "${1:-}" in
  --simgrid) simgrid=yes ;;
  "") ;;
  *) printf '[setup] unknown option %s (usage: scripts/setup-deps.sh [--simgrid])\n' "$1" >&2; exit 2 ;;
esac
PARALIA_DEPS=${PARALIA_DEPS:-$HOME/.paralia-deps}
STARPU_PREFIX="$PARALIA_DEPS/starpu"
[ "$simgrid" = yes ] && STARPU_PREFIX="$PARALIA_DEPS/starpu-simgrid"
STARPU_SERIES=1.4
say()  { printf '[setup] %s\n' "$*" >&2; }
fail() { printf '[setup] FAILED: %s\n' "$*" >&2; exit 1; }
need_root() { if [ "$(id -u)" -ne 0 ]; then echo sudo; fi; }
SUDO=$(need_root)

# ---- 1. Debian packages -------------------------------------------------------------------
pkgs=(build-essential gfortran python3-numpy autoconf automake libtool pkg-config libhwloc-dev libopenblas-dev
      liblapacke-dev libpng-dev dpkg-dev ca-certificates python3)
[ "$simgrid" = yes ] && pkgs+=(libsimgrid-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -q >&2 || fail "apt-get update"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}" >&2 \
    || fail "apt-get install ${missing[*]}"
else
  say "Debian packages present"
fi

# ---- 2. CUDA (optional) ---------------------------------------------------------------------
NVCC=${NVCC:-$(command -v nvcc || true)}
[ -z "$NVCC" ] && [ -x /usr/local/cuda/bin/nvcc ] && NVCC=/usr/local/cuda/bin/nvcc
if [ "$simgrid" = yes ]; then
  want_cuda=simgrid
  say "SimGrid build: CUDA workers are simulated, CUDA itself is not used"
elif [ -n "$NVCC" ]; then
  CUDA_DIR=$(cd "$(dirname "$NVCC")/.." && pwd)
  want_cuda=yes
  say "CUDA toolkit found at $CUDA_DIR: StarPU is built with CUDA"
else
  want_cuda=no
  say "no nvcc: StarPU is built for CPUs only"
fi

# ---- 3. StarPU 1.4.x ------------------------------------------------------------------------
stamp="$STARPU_PREFIX/.paralia-stamp"
# The stamp names the build and paralia's patches: a build without one of them is redone.
stamp_id="cuda=$want_cuda"
[ "$want_cuda" = simgrid ] && stamp_id="cuda=simgrid, copies of different node pairs overlap"
stamp_id="$stamp_id, shutdown drains requests"
if [ -f "$stamp" ] && grep -qx "$stamp_id" "$stamp" \
   && PKG_CONFIG_PATH="$STARPU_PREFIX/lib/pkgconfig" pkg-config --exists "starpu-$STARPU_SERIES"; then
  say "reusing StarPU $(PKG_CONFIG_PATH="$STARPU_PREFIX/lib/pkgconfig" pkg-config --modversion starpu-$STARPU_SERIES) in $STARPU_PREFIX"
  echo "$STARPU_PREFIX"
  exit 0
fi

src_root="$PARALIA_DEPS/src"
mkdir -p "$src_root"
srcdir=$(ls -d "$src_root"/starpu-$STARPU_SERIES.* 2>/dev/null | sort -V | tail -n1 || true)
if [ -z "$srcdir" ]; then
  # bookworm ships StarPU 1.3; 1.4.x sources live in the newer suites. Reuse the mirror this
  # machine already uses for its own suites, so no host name is baked in here.
  uri=$(grep -h -o -E '^(URIs:|deb) +[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
          /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2}' | grep -E '/debian/?$' | head -n1 || true)
  [ -n "$uri" ] || fail "no Debian mirror found in /etc/apt/sources.list* to fetch StarPU sources from"
  list=/etc/apt/sources.list.d/paralia-starpu-src.list
  if [ ! -f "$list" ]; then
    say "adding deb-src for unstable from $uri (StarPU $STARPU_SERIES sources)"
    echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri unstable main" | $SUDO tee "$list" >/dev/null
    $SUDO apt-get update -q >&2 || fail "apt-get update with unstable deb-src"
  fi
  say "fetching StarPU source package"
  (cd "$src_root" && apt-get source -q --download-only starpu >&2) || fail "apt-get source starpu"
  orig=$(ls "$src_root"/starpu_$STARPU_SERIES.*.orig.tar.* 2>/dev/null | sort -V | tail -n1 || true)
  [ -n "$orig" ] || fail "the StarPU source package is not $STARPU_SERIES.x (found: $(ls "$src_root"))"
  (cd "$src_root" && tar xf "$orig") || fail "unpacking $orig"
  srcdir=$(ls -d "$src_root"/starpu-$STARPU_SERIES.* | sort -V | tail -n1)
fi
say "StarPU sources: $srcdir"

# CUDA 13 removed cudaDeviceProp::computeMode; StarPU 1.4.10 reads it only to warn about
# EXCLUSIVE-THREAD mode. Drop that check (see ../shared/platforms/h200x4.md).
for f in "$srcdir"/src/drivers/cuda/driver_cuda.c "$srcdir"/src/drivers/cuda/driver_cuda1.c; do
  [ -f "$f" ] || continue
  if grep -q 'props\[devid\]\.computeMode == cudaComputeModeExclusive' "$f"; then
    say "patching $(basename "$f") for CUDA 13 (computeMode)"
    sed -i 's/props\[devid\]\.computeMode == cudaComputeModeExclusive/0 \/* paralia: computeMode is gone in CUDA 13 *\//' "$f" \
      || fail "patching $f"
  fi
done

# starpu_shutdown stops the workers with data requests still queued: an idle request home (a
# scheduler's write-back, starpu_data_wont_use) and the unregistration starpu_data_unregister_submit
# chains to it are counted by no task, and the request lists' deinit then asserts
# (bench/results/writeback-shutdown-2026-11-26g.md, tests/sched_shutdown.c). Let them finish first.
drain="$(cd "$(dirname "$0")" && pwd)/patches/starpu-shutdown-drain.patch"
if patch -d "$srcdir" -p0 -R -s -f --dry-run <"$drain" >/dev/null 2>&1; then
  : # already applied, whole
elif patch -d "$srcdir" -p0 -s -f --dry-run <"$drain" >/dev/null 2>&1; then
  say "patching StarPU: starpu_shutdown lets queued data requests finish"
  patch -d "$srcdir" -p0 -s -f <"$drain" || fail "patching StarPU ($drain)"
else
  fail "$drain applies neither way to $srcdir (partly patched? remove it to fetch the sources again)"
fi

# StarPU on SimGrid serialises a GPU-GPU copy with any copy into its source or destination and
# with the reverse copy ("observed with CUDA alone", src/core/simgrid.c): on NVLink machines four
# peer copies in a ring run at once (1520 GB/s on the 4xH200 node, ../shared/platforms/h200x4.md),
# and what copies really share is what the platform's links and sharing groups say. Keep only
# StarPU's own rule: one stream, so one copy at a time, per source/destination pair.
if [ "$want_cuda" = simgrid ]; then
  f="$srcdir/src/core/simgrid.c"
  if ! grep -q 'paralia: copies share what the platform says' "$f"; then
    say "patching simgrid.c: copies of different node pairs overlap"
    sed -i '/Same source\/destination, sequential/{n;n;a\
	return 0; /* paralia: copies share what the platform says (its links and sharing groups) */
}' "$f" || fail "patching $f"
    grep -q 'paralia: copies share what the platform says' "$f" || fail "patching $f: pattern not found"
  fi
fi

build="$srcdir/build-paralia-$want_cuda"
rm -rf "$build"; mkdir -p "$build"
# A 1.4 configure caps CPUs at the build machine's count; the GPU nodes this is for have 64+ cores and 4-8 GPUs.
cfg=(--prefix="$STARPU_PREFIX" --disable-opencl --disable-mpi --disable-fortran --disable-build-doc
     --disable-build-examples --disable-build-tests --disable-socl --disable-starpufft
     --disable-starpupy --disable-opengl-render --disable-hdf5 --without-x --disable-mlr
     --disable-hip --disable-max-fpga --disable-fxt --disable-simgrid
     --enable-maxcpus=256 --enable-maxcudadev=8 --enable-maxnumanodes=4 --disable-static)
if [ "$want_cuda" = simgrid ]; then
  cfg=("${cfg[@]/--disable-simgrid/--enable-simgrid}" --disable-cuda)
elif [ "$want_cuda" = yes ]; then
  cfg+=(--enable-cuda --with-cuda-dir="$CUDA_DIR")
  export NVCCFLAGS="${NVCCFLAGS:-} -gencode=arch=compute_90,code=sm_90"
else
  cfg+=(--disable-cuda)
fi
jobs=$(nproc 2>/dev/null || echo 2)
say "configuring StarPU (log: $build/configure.log)"
(cd "$build" && ../configure "${cfg[@]}" >configure.log 2>&1) || { tail -30 "$build/configure.log" >&2; fail "StarPU configure"; }
say "building StarPU with $jobs jobs (log: $build/make.log; ~10 min on 2 cores)"
(cd "$build" && make -j"$jobs" >make.log 2>&1) || { tail -30 "$build/make.log" >&2; fail "StarPU build"; }
(cd "$build" && make install >install.log 2>&1) || { tail -30 "$build/install.log" >&2; fail "StarPU install"; }
echo "$stamp_id" >"$stamp"
say "StarPU installed in $STARPU_PREFIX"
echo "$STARPU_PREFIX"
