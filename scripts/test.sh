#!/usr/bin/env bash
# README command 2: install what is missing, build, run the test suite (make check).
# Ends with one line "N passed, N failed" counting the test programs.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
starpu_prefix=$(bash "$here/scripts/build.sh" | tail -n1) || { echo "0 passed, 1 failed"; exit 1; }
export LD_LIBRARY_PATH="$starpu_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
cd "$here/_build"
# StarPU's warnings about missing GPUs etc. are noise here; the tests print their own verdicts.
export STARPU_SILENT=1
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
