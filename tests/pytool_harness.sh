# SPDX-License-Identifier: LGPL-2.1-or-later
# The start of the tests of bench/'s Python tools (sourced, not run):
#   . "$(dirname "$0")/pytool_harness.sh" NAME TOOL     (TOOL: its path from the source tree's top)
# It gives the script:
#   py        the tool's path (exit 77 without python3, 99 when the tool is missing)
#   tmp, check, finish   as tests/check_harness.sh gives them
set -u
py=${top_srcdir:-.}/$2
command -v python3 >/dev/null 2>&1 || { echo "$1: no python3, skipped"; exit 77; }
[ -r "$py" ] || { echo "$1: $py is missing"; exit 99; }
. "$(dirname "$0")/check_harness.sh" "$1"
