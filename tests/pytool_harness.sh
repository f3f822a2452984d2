# SPDX-License-Identifier: LGPL-2.1-or-later
# The start of the tests of bench/'s Python tools (sourced, not run):
#   . "$(dirname "$0")/pytool_harness.sh" NAME TOOL     (TOOL: its path from the source tree's top)
# It gives the script:
#   py        the tool's path (exit 77 without python3, 99 when the tool is missing)
#   tmp       a temporary folder, removed at exit
#   check RC WHAT   one "NAME: ok|FAIL WHAT" line, counted (0 passes)
#   finish    the "NAME: N passed, N failed" line; exits 1 on a failure, else 0
set -u
pytool_name=$1
py=${top_srcdir:-.}/$2
command -v python3 >/dev/null 2>&1 || { echo "$pytool_name: no python3, skipped"; exit 77; }
[ -r "$py" ] || { echo "$pytool_name: $py is missing"; exit 99; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {
	if [ "$1" -eq 0 ]; then echo "$pytool_name: ok   $2"; pass=$((pass + 1))
	else echo "$pytool_name: FAIL $2"; fail=$((fail + 1)); fi
}
finish() {
	echo "$pytool_name: $pass passed, $fail failed"
	[ "$fail" -eq 0 ] && exit 0
	exit 1
}
