#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Both factorisation examples with -check (exit 0 only when no task failed and the scaled residual
# is at most 10), on sizes that are and are not multiples of the tile size, tiles larger than the
# matrix, both precisions; then bad command lines must exit 2. Prints one line per case and
# "examples: N passed, N failed".
set -u
bin=${top_builddir:-.}/examples
pass=0 fail=0
for prog in paralia-cholesky paralia-lu; do
  if [ ! -x "$bin/$prog" ]; then echo "examples: $bin/$prog is missing"; exit 99; fi
done

expect() { # expected-status program args...
  local want=$1; shift
  local out; out=$("$bin/$@" 2>&1); local got=$?
  if [ "$got" -eq "$want" ]; then
    pass=$((pass + 1)); echo "examples: ok   $* -> $got"
  else
    fail=$((fail + 1)); echo "examples: FAIL $* -> $got (expected $want)"; echo "$out" | tail -n 5
  fi
}

for prog in paralia-cholesky paralia-lu; do
  for prec in "" "-s"; do
    for size in "-n 1 -nb 1" "-n 64 -nb 16" "-n 100 -nb 16" "-n 77 -nb 10" "-n 20 -nb 64" "-n 300 -nb 48"; do
      expect 0 $prog $size $prec -check
    done
  done
  for bad in "-n" "-n 0" "-n 12x -nb 4" "-nb -1" "-n 8 -nb" "-frobnicate" "-n 8 extra"; do
    expect 2 $prog $bad
  done
done
echo "examples: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
