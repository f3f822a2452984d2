#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# PARALIA_VERBOSE has one reading (src/perfmodel/plan.c's pm_verbose_level) for the policy and the
# whole-matrix calls, as docs/ENVIRONMENT.md gives it: 0 to 2; anything else is named in one line
# and reads as 0 everywhere. tests/blas_gemm (under the policy, whose summary PARALIA_VERBOSE=1
# prints, and with plans that PARALIA_VERBOSE=1 prints) at each level and at bad values. The calls
# once read it with atoi: 3 printed their plans as at 2 while the policy used 0, and named it.
. "$(dirname "$0")/gemm_harness.sh" verbose_env

plans() { grep -c "autotune .gemm" "$err"; }
summaries() { grep -c "^paralia: summary:" "$err"; }
named() { grep -c "PARALIA_VERBOSE=.* is not an integer in 0..2" "$err"; }

for v in 1 2; do
	out=$(PARALIA_VERBOSE=$v "$t" 2>"$err"); rc=$?
	check "$rc" "blas_gemm at PARALIA_VERBOSE=$v: $(echo "$out" | tail -1)"
	p=$(plans) s=$(summaries) w=$(named)
	[ "$p" -gt 0 ] && [ "$s" -gt 0 ] && [ "$w" -eq 0 ]
	check $? "it prints plans ($p) and the policy's summary ($s), names nothing ($w)"
done
out=$("$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with PARALIA_VERBOSE unset: $(echo "$out" | tail -1)"
p=$(plans) s=$(summaries); [ "$p" -eq 0 ] && [ "$s" -eq 0 ]; check $? "no plans ($p), no summary ($s)"
for v in 3 -1 1x two " "; do
	out=$(PARALIA_VERBOSE="$v" "$t" 2>"$err"); rc=$?
	check "$rc" "blas_gemm with PARALIA_VERBOSE='$v': $(echo "$out" | tail -1)"
	p=$(plans) s=$(summaries) w=$(named)
	[ "$p" -eq 0 ] && [ "$s" -eq 0 ] && [ "$w" -eq 1 ]
	check $? "read as 0 by the calls ($p plans) and the policy ($s summaries), named once ($w)"
done
finish
