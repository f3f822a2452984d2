#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Packs what the GPU machine needs and cannot fetch (it has no network) into .device/, a folder
# git ignores, to be carried there with the working tree (the device tool's `carry`):
#   starpu.tar.gz     the StarPU 1.4 install built here with CUDA (shared library, headers,
#                     pkg-config files; the static archive is left out, it is 100 MB)
#   autotools.tar.gz  configure, Makefile.in and the rest of autoreconf's output: the GPU image
#                     has autoconf and automake but no libtool, so it cannot run autoreconf
# scripts/gpu-run.sh unpacks both there. Usage: scripts/gpu-bundle.sh (after scripts/build.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
say()  { printf '[bundle] %s\n' "$*" >&2; }
fail() { printf '[bundle] FAILED: %s\n' "$*" >&2; exit 1; }

prefix=${PARALIA_DEPS:-$HOME/.paralia-deps}/starpu
grep -q "^cuda=yes, shutdown drains requests" "$prefix/.paralia-stamp" 2>/dev/null \
  || fail "$prefix holds no StarPU built with CUDA and paralia's patches (run scripts/setup-deps.sh on a machine with nvcc)"
[ -x "$here/configure" ] || fail "no configure script: run scripts/build.sh first"

out="$here/.device"
mkdir -p "$out"
say "StarPU from $prefix"
tar -C "$(dirname "$prefix")" -czf "$out/starpu.tar.gz" --exclude='*.a' --exclude='*.la' \
    "$(basename "$prefix")"
say "autoreconf output"
(cd "$here" && tar -czf "$out/autotools.tar.gz" configure Makefile.in aclocal.m4 config.h.in \
    build-aux m4)
# The prefix the StarPU pkg-config files name: gpu-run.sh unpacks StarPU there.
echo "$prefix" >"$out/starpu-prefix"
du -sh "$out"/* >&2
say "done: carry .device (scripts/gpu-run.sh uses it)"
