#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm's C added at home (src/blas/home_sum.c, docs/AUTOTUNER.md step 3): C read late, each
# chain's scratch tile added into C by the CPU workers of C's node, a column slice each, so C never
# crosses. tests/blas_gemm, which checks every placement, transposition, ragged edge, alpha and
# beta against CBLAS, runs with PARALIA_C_LATE=all PARALIA_C_HOME=all: every plan reading C late
# with C on the host must add it at home, none may elsewhere, and the slices' tasks must have run
# (more tasks than C read late alone). Where StarPU drives a GPU, again with one CPU worker beside
# it, so that plans put the products on the GPU and the sums on that worker.
# With PARALIA_C_HOME=none no plan says it; a bad value is named once and the default (none) used.
. "$(dirname "$0")/gemm_harness.sh" gemm_home

out=$(PARALIA_C_LATE=all PARALIA_C_HOME=all PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with C added at home: $(echo "$out" | tail -1)"
home_tasks=$(tasks)
late=$(grep "autotune .gemm" "$err" | grep "C read late")
n=$(echo "$late" | grep "C@host" | grep -c "added at home"); [ "$n" -gt 0 ]; check $? "plans adding C at home: $n"
n=$(echo "$late" | grep "C@host" | grep -vc "added at home"); [ "$n" -eq 0 ]; check $? "every plan reading C late on the host adds it there ($n do not)"
n=$(grep "autotune .gemm" "$err" | grep -v "C@host" | grep -c "added at home"); [ "$n" -eq 0 ]; check $? "none with C on a GPU ($n)"
if echo "$out" | grep -qE "[1-9][0-9]* CUDA workers"; then
  # one CPU worker: the model leaves it the small calls only, so the GPU computes C where it lives
  # on the host, and that worker adds it there
  out=$(STARPU_NCPU=1 PARALIA_C_LATE=all PARALIA_C_HOME=all PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
  check "$rc" "blas_gemm with C added at home, one CPU worker beside the GPU: $(echo "$out" | tail -1)"
  n=$(grep "autotune .gemm" "$err" | grep "added at home" | grep -c " on gpu"); [ "$n" -gt 0 ]
  check $? "plans on the GPU adding C at home: $n"
fi

out=$(PARALIA_C_LATE=all PARALIA_C_HOME=none PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with PARALIA_C_HOME=none: $(echo "$out" | tail -1)"
n=$(grep -c "added at home" "$err"); [ "$n" -eq 0 ]; check $? "and no plan adds C at home: $n"
late_tasks=$(tasks)
[ -n "$home_tasks" ] && [ -n "$late_tasks" ] && [ "$home_tasks" -gt "$late_tasks" ]
check $? "adding at home ran more tasks than reading late alone (the slices): ${home_tasks:-?} against ${late_tasks:-?}"

bad_knob PARALIA_C_HOME=bogus "PARALIA_C_HOME=bogus is not none, model or all"
n=$(grep -c "added at home" "$err"); [ "$n" -eq 0 ]; check $? "and the default, never at home: $n plans say it"
finish
