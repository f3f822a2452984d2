#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm with C read late (src/blas/gemm.c, docs/AUTOTUNER.md step 3): each C tile's chain into a
# scratch tile, then C = scratch + beta C. tests/blas_gemm, which checks every placement,
# transposition, ragged edge, alpha and beta against CBLAS, run with PARALIA_C_LATE=all, and its
# plans must say C was read late (every one-device plan with products and beta != 0, none with
# beta = 0); with
# PARALIA_C_LATE=none, no plan says it. Where StarPU drives a GPU, again with the GPU as the only
# worker (C on the host then crosses, and its tiles are requested when the link is idle). The
# policy's task counts show the geadds ran. Then a bad value is named once and the model used.
. "$(dirname "$0")/gemm_harness.sh" gemm_late

# the policy's summary line: tasks run (reading C late adds a geadd per C tile)
out=$(PARALIA_C_LATE=all PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with C read late: $(echo "$out" | tail -1)"
late_tasks=$(tasks)
# plans on one device (C read late is a one-device choice: "on gpu0(100%), grid" or "on cpu(100%), grid")
# with products (alpha = 0 or k = 0, "A@- B@-": gemm only scales C)
one=$(grep "autotune .gemm" "$err" | grep "(read)" | grep -v "A@- B@-" | grep -E " on [a-z0-9]+\(100%\), grid")
n=$(echo "$one" | grep -c "C read late"); [ "$n" -gt 0 ]; check $? "one-device plans reading C late: $n"
n=$(echo "$one" | grep -vc "C read late"); [ "$n" -eq 0 ]; check $? "every one-device plan reading C reads it late ($n do not)"
n=$(grep "autotune .gemm" "$err" | grep -v "(read)" | grep -c "C read late"); [ "$n" -eq 0 ]; check $? "no plan with beta = 0 does ($n)"

out=$(PARALIA_C_LATE=none PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with PARALIA_C_LATE=none: $(echo "$out" | tail -1)"
n=$(grep -c "C read late" "$err"); [ "$n" -eq 0 ]; check $? "and no plan reads C late: $n"
# the same calls: read late, gemm ran its geadds (a plan saying so is not enough)
none_tasks=$(tasks)
[ -n "$late_tasks" ] && [ -n "$none_tasks" ] && [ "$late_tasks" -gt "$none_tasks" ]
check $? "C read late ran more tasks than not (the geadds): ${late_tasks:-?} against ${none_tasks:-?}"

if echo "$out" | grep -qE "[1-9][0-9]* CUDA workers"; then
  out=$(STARPU_NCPU=0 PARALIA_C_LATE=all PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
  check "$rc" "blas_gemm with C read late, the GPU alone: $(echo "$out" | tail -1)"
  n=$(grep "C read late" "$err" | grep -c "on gpu"); [ "$n" -gt 0 ]; check $? "plans reading C late on the GPU: $n"
fi

bad_knob PARALIA_C_LATE=bogus "PARALIA_C_LATE=bogus is not model, all or none"
finish
