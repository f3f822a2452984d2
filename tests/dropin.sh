#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The drop-in BLAS (issue 17) on unmodified programs linked against the system BLAS only: a C
# program (tests/dropin_prog.c: every Level-3 routine, Fortran and CBLAS, threads, fork, a bad
# argument reaching its own xerbla_) and a Fortran one (tests/dropin_prog.f90), each run as is
# and under LD_PRELOAD=libparalia_blas.so with a size rule that offloads their large calls; the
# verbose lines count what went where. Then Debian's numpy: A @ B at 2048^2 with and without the
# preload, the same result, offloaded.
b=${top_builddir:-.}
lib=$b/.libs/libparalia_blas.so
[ -f "$lib" ] || { echo "dropin: $lib not built"; exit 99; }
. "$(dirname "$0")/check_harness.sh" dropin
export STARPU_SILENT=1 LD_LIBRARY_PATH="$b/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
unset PARALIA_BLAS_OFFLOAD PARALIA_BLAS_VERBOSE PARALIA_BLAS_FALLBACK
# A library built with ASan (./configure --enable-sanitizers) preloads into programs that are not:
# its runtime must come first, and the programs' own leaks (python's) are not ours to report.
pre=$lib
asan=$(ldd "$lib" 2>/dev/null | awk '/libasan/ { print $3; exit }')
if [ -n "$asan" ]; then
  pre="$asan $lib"
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi

timeout 120 "$b/tests/dropin_prog" 300 >"$tmp/plain.out" 2>&1
check $? "C program alone: $(tail -n 1 "$tmp/plain.out")"
PARALIA_BLAS_OFFLOAD=size PARALIA_BLAS_MIN_FLOPS=1e7 PARALIA_BLAS_VERBOSE=1 LD_PRELOAD="$pre" \
  timeout 300 "$b/tests/dropin_prog" 300 >"$tmp/pre.out" 2>"$tmp/pre.err"
check $? "C program under LD_PRELOAD: $(tail -n 1 "$tmp/pre.out")"
grep FAIL "$tmp/pre.out"
[ "$(tail -n 1 "$tmp/pre.out")" = "dropin_prog: all ok" ] || tail -n 30 "$tmp/pre.err"
# Large calls: 3 gemm + 5 others + 2 with ld > rows in the main thread, 3 gemm in each of two
# threads; the forked child's and the small ones go to the system BLAS.
off=$(grep -c ": paralia (offloaded)" "$tmp/pre.err")
[ "$off" -eq 16 ]; check $? "16 large calls offloaded ($off)"
# Host operands copied to pinned memory (stage, the default, above) or left to StarPU as they
# are (none): the same answers (on a machine without GPUs neither applies).
PARALIA_BLAS_OFFLOAD=size PARALIA_BLAS_MIN_FLOPS=1e7 PARALIA_BLAS_PIN=none PARALIA_BLAS_VERBOSE=1 LD_PRELOAD="$pre" \
  timeout 300 "$b/tests/dropin_prog" 300 >"$tmp/none.out" 2>&1
check $? "C program under LD_PRELOAD, PARALIA_BLAS_PIN=none: $(tail -n 1 "$tmp/none.out")"
grep FAIL "$tmp/none.out"
[ "$(tail -n 1 "$tmp/none.out")" = "dropin_prog: all ok" ] || tail -n 30 "$tmp/none.out"
small=$(grep -c "1.6e-05 GFLOP: CPU BLAS (below PARALIA_BLAS_MIN_FLOPS)" "$tmp/pre.err")
[ "$small" -eq 3 ]; check $? "3 small calls left to the system BLAS ($small)"
child=$(grep -c "CPU BLAS (forked child)" "$tmp/pre.err")
[ "$child" -eq 3 ]; check $? "the forked child's 3 calls on the system BLAS ($child)"
grep -q "bad lda reached xerbla_ as DGEMM  8" "$tmp/pre.out"; check $? "a bad argument reaches the program's xerbla_ (DGEMM, 8)"
inner=$(grep -c "StarPU worker\|inside paralia" "$tmp/pre.err")
[ "$inner" -eq 0 ]; check $? "paralia's own kernels' BLAS calls are not reported as the program's"
PARALIA_BLAS_OFFLOAD=never PARALIA_BLAS_VERBOSE=1 LD_PRELOAD="$pre" timeout 120 "$b/tests/dropin_prog" 300 \
  >"$tmp/never.out" 2>"$tmp/never.err"
[ $? -eq 0 ] && ! grep -q ": paralia (" "$tmp/never.err"; check $? "PARALIA_BLAS_OFFLOAD=never: all on the system BLAS"

if command -v gfortran >/dev/null 2>&1; then
  gfortran -O1 -o "$tmp/dropin_prog_f" "${top_srcdir:-.}/tests/dropin_prog.f90" -lblas
  check $? "gfortran builds the Fortran program against the system BLAS"
  timeout 120 "$tmp/dropin_prog_f" >"$tmp/f.out" 2>&1
  check $? "Fortran program alone: $(tail -n 1 "$tmp/f.out")"
  PARALIA_BLAS_OFFLOAD=size PARALIA_BLAS_MIN_FLOPS=1e7 PARALIA_BLAS_VERBOSE=1 LD_PRELOAD="$pre" \
    timeout 300 "$tmp/dropin_prog_f" >"$tmp/fpre.out" 2>"$tmp/fpre.err"
  check $? "Fortran program under LD_PRELOAD: $(tail -n 1 "$tmp/fpre.out")"
  foff=$(grep -c ": paralia (offloaded)" "$tmp/fpre.err")
  [ "$foff" -eq 2 ]; check $? "its 2 large calls offloaded, the small one not ($foff)"
else
  echo "dropin: Fortran program skipped: no gfortran (scripts/setup-deps.sh installs it)"
fi

py=/usr/bin/python3
if $py -c 'import numpy' 2>/dev/null; then
  prog='import numpy as np, sys
rng = np.random.default_rng(7); A = rng.random((2048, 2048)); B = rng.random((2048, 2048))
np.save(sys.argv[1], A @ B)'
  $py -c "$prog" "$tmp/plain.npy"
  PARALIA_BLAS_VERBOSE=1 PARALIA_BLAS_OFFLOAD=size LD_PRELOAD="$pre" timeout 300 $py -c "$prog" "$tmp/pre.npy" 2>"$tmp/np.err"
  check $? "numpy A @ B at 2048^2 under LD_PRELOAD"
  grep -q "dgemm 17.2 GFLOP: paralia (offloaded)" "$tmp/np.err"; check $? "numpy's product offloaded"
  $py -c 'import numpy as np, sys
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
sys.exit(0 if abs(a - b).max() <= 1e-12 * abs(a).max() else 1)' "$tmp/plain.npy" "$tmp/pre.npy"
  check $? "numpy's result the same with and without paralia (to 1e-12 relative)"
else
  echo "dropin: numpy skipped: $py has no numpy (scripts/setup-deps.sh installs python3-numpy)"
fi
finish
