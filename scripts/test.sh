#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# README command 2: install what is missing, build, run the test suite (make check).
# Ends with one line "N passed, N failed" counting the test programs.
# --sanitizers: the same suite built with ASan and UBSan (scripts/build.sh --sanitizers, in
# _build_san/): any undefined behaviour, invalid access or leak from paralia's own code fails the
# test that meets it (settings: scripts/sanitizer-env.sh; library leaks: scripts/lsan.supp).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build_opt=() bdir=_build
case "${1:-}" in
  --sanitizers) build_opt=(--sanitizers) bdir=_build_san ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--sanitizers]" >&2; exit 2 ;;
esac
starpu_prefix=$(bash "$here/scripts/build.sh" "${build_opt[@]}" | tail -n1) || { echo "0 passed, 1 failed"; exit 1; }
export LD_LIBRARY_PATH="$starpu_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cd "$here/$bdir"
# StarPU's warnings about missing GPUs etc. are noise here; the tests print their own verdicts.
export STARPU_SILENT=1
[ "$bdir" = _build_san ] && . "$here/scripts/sanitizer-env.sh"
make -j"$(nproc)" check >check.out 2>&1
status=$?
grep -E "^(PASS|FAIL|ERROR|SKIP|XFAIL|XPASS):" check.out || true
for log in $(grep -lE "^FAIL|^ERROR" tests/*.log 2>/dev/null); do
  echo "---- $log"; tail -n 30 "$log"
done
pass=$(grep -cE "^(PASS|XFAIL):" check.out || true)
fail=$(grep -cE "^(FAIL|ERROR|XPASS):" check.out || true)
if [ "$status" -ne 0 ] && [ "$fail" -eq 0 ]; then
  tail -n 30 check.out; fail=1
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
