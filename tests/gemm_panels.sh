#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm with its host operands in column panels (src/blas/panel.c): tests/blas_gemm, which checks
# every placement, transposition, ragged edge, alpha and beta against CBLAS, run with
# PARALIA_PANELS=all, and its plans must say they used panels. Where StarPU drives a GPU, again
# with the GPU as the only worker, so the panels cross to it (one copy each, cut into tiles
# there); on CPU workers the panels stay home and only the cutting runs. Then a bad value of
# PARALIA_PANELS is named once and the default used: the model's choice, as PARALIA_PANELS=model
# plans (no panels on CPU workers, where they would stay home).
. "$(dirname "$0")/gemm_harness.sh" gemm_panels

out=$(PARALIA_PANELS=all PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with panels: $(echo "$out" | tail -1)"
n=$(grep -c "in panels" "$err"); [ "$n" -gt 0 ]; check $? "plans in panels: $n"
n=$(grep -c "could not be submitted" "$err"); [ "$n" -eq 0 ]; check $? "every panel cut, none left as views ($n)"

# B alone in panels, A's tiles fetched ahead in every block (gemm fetches the tiles of an operand
# not in panels: the cut ones are made where they are used)
out=$(PARALIA_PANELS=b PARALIA_FETCH_AHEAD=all PARALIA_VERBOSE=2 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with B in panels, fetching ahead: $(echo "$out" | tail -1)"
n=$(grep -c "B in panels" "$err"); a=$(grep -c "A and B in panels\|A in panels" "$err")
[ "$n" -gt 0 ] && [ "$a" -eq 0 ]; check $? "plans with B alone in panels: $n (with A: $a)"
f=$(grep -c "blocks fetch ahead A's tiles" "$err"); [ "$f" -gt 0 ]; check $? "calls fetching A's tiles ahead beside B's panels: $f"

if echo "$out" | grep -qE "[1-9][0-9]* CUDA workers"; then
  out=$(STARPU_NCPU=0 PARALIA_PANELS=all PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
  check "$rc" "blas_gemm with panels, the GPU alone: $(echo "$out" | tail -1)"
  n=$(grep "in panels" "$err" | grep -c "on gpu"); [ "$n" -gt 0 ]; check $? "plans in panels to the GPU: $n"
  n=$(grep -c "could not be submitted" "$err"); [ "$n" -eq 0 ]; check $? "every panel cut on the GPU ($n)"
  out=$(STARPU_NCPU=0 PARALIA_PANELS=b PARALIA_FETCH_AHEAD=all "$t" 2>"$err"); rc=$?
  check "$rc" "blas_gemm with B in panels to the GPU alone, fetching A ahead: $(echo "$out" | tail -1)"
fi

bad_knob PARALIA_PANELS=bogus "PARALIA_PANELS=bogus is not model, all or none"
bogus=$(grep -c "in panels" "$err")
PARALIA_PANELS=model PARALIA_VERBOSE=1 "$t" >/dev/null 2>"$err"
model=$(grep -c "in panels" "$err")
[ "$bogus" -eq "$model" ]; check $? "and the default then, the model's choice: $bogus plans in panels, as with model ($model)"
finish
