# SPDX-License-Identifier: LGPL-2.1-or-later
# The checks of a shell test (sourced, not run), which tests/gemm_harness.sh and
# tests/pytool_harness.sh build on and most shell tests source:
#   . "$(dirname "$0")/check_harness.sh" NAME
# (a bash script: POSIX sh's "." passes no NAME)
# It gives the script:
#   tmp       a temporary folder, removed at exit
#   check RC WHAT   one "NAME: ok|FAIL WHAT" line, counted (0 passes)
#   finish    the "NAME: N passed, N failed" line; exits 1 on a failure, else 0
set -u
check_name=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$1" -eq 0 ]; then echo "$check_name: ok   $2"; pass=$((pass + 1))
	else echo "$check_name: FAIL $2"; fail=$((fail + 1)); fi
}
finish() {
	echo "$check_name: $pass passed, $fail failed"
	[ "$fail" -eq 0 ] && exit 0
	exit 1
}
