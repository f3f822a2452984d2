# SPDX-License-Identifier: LGPL-2.1-or-later
# The start of the tests/gemm_*.sh scripts (sourced, not run): each runs tests/blas_gemm under a
# knob and checks its verbose log.
#   . "$(dirname "$0")/gemm_harness.sh" NAME
# It gives the script:
#   t         tests/blas_gemm (exit 99 when it was not built)
#   err       a temporary file for the program's stderr, removed at exit
#   check RC WHAT, finish, tmp   as tests/check_harness.sh gives them
#   tasks     the task count of the last "paralia: summary:" line in $err
#   kept_tests VAR=VALUE WHAT   tests/blas_chain, blas_placement and blas_keep_overlap (kept
#             matrices, whose tiles stay square) under that knob, one check each
#   never_says VAR=VALUE PATTERN WHAT   tests/blas_gemm under that value (PARALIA_VERBOSE=2) passes
#             and no line of its stderr matches PATTERN (grep's basic regex), one check
#   bad_knob VAR=VALUE MESSAGE   tests/blas_gemm under a bad value (PARALIA_VERBOSE=1): it passes
#             and says MESSAGE once, two checks; its stderr stays in $err
#   forced_gemm "VAR=VALUE ..." WHAT CALLS PLANS   tests/blas_gemm under those values
#             (PARALIA_VERBOSE=2) passes, and some lines of its stderr say CALLS and some PLANS
#             (grep's basic regexes: a call's line, a plan's "autotune ..." line), three checks; its
#             stdout stays in $out, its stderr in $err
set -u
gemm_name=$1
t=${top_builddir:-.}/tests/blas_gemm
[ -x "$t" ] || { echo "$gemm_name: $t is missing"; exit 99; }
. "$(dirname "$0")/check_harness.sh" "$gemm_name"
err=$tmp/err
tasks() { sed -n 's/^paralia: summary: \([0-9]*\) tasks in .*/\1/p' "$err" | tail -1; }
kept_tests() {
	local b x out rc
	for b in blas_chain blas_placement blas_keep_overlap; do
		x=${top_builddir:-.}/tests/$b
		[ -x "$x" ] || { echo "$gemm_name: $x is missing"; fail=$((fail + 1)); continue; }
		out=$(env "$1" "$x" 2>"$err"); rc=$?
		check "$rc" "$b $2: $(echo "$out" | tail -1)"
	done
}
never_says() {
	local rc n
	env "$1" PARALIA_VERBOSE=2 "$t" >/dev/null 2>"$err"; rc=$?
	n=$(grep -c "$2" "$err")
	[ "$rc" -eq 0 ] && [ "$n" -eq 0 ]; check $? "$1: $3 (rc $rc, $n lines)"
}
bad_knob() {
	local out rc n
	out=$(env "$1" PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
	check "$rc" "blas_gemm with $1: $(echo "$out" | tail -1)"
	n=$(grep -c "$2" "$err"); [ "$n" -eq 1 ]; check $? "bad value named once ($n)"
}
forced_gemm() {
	local rc n
	out=$(env $1 PARALIA_VERBOSE=2 "$t" 2>"$err"); rc=$?
	check "$rc" "blas_gemm $2: $(echo "$out" | tail -1)"
	n=$(grep -c "$3" "$err"); [ "$n" -gt 0 ]; check $? "calls $2: $n"
	n=$(grep -c "$4" "$err"); [ "$n" -gt 0 ]; check $? "plans saying so: $n"
}
