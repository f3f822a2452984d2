#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# docs/ENVIRONMENT.md against the code: every PARALIA_ variable the library and its tools read (a
# "PARALIA_..." string literal in src/ or tools/: the names passed to getenv and to the readers
# that wrap it) has a row there, and every row names a variable the code reads. A variable added
# without its row, or a row left after its variable went, fails here.
set -u
top=${top_srcdir:-.}
doc=$top/docs/ENVIRONMENT.md
[ -r "$doc" ] && [ -d "$top/src" ] || { echo "env_doc: $doc or $top/src is missing"; exit 99; }
read_names=$(grep -rhoE '"PARALIA_[A-Z0-9_]+"' "$top/src" "$top/tools" | tr -d '"' | sort -u)
row_names=$(grep -oE '^\| `PARALIA_[A-Z0-9_]+`' "$doc" | grep -oE 'PARALIA_[A-Z0-9_]+' | sort -u)
[ -n "$read_names" ] && [ -n "$row_names" ] || { echo "env_doc: FAIL no names found (code: ${read_names:-none}, rows: ${row_names:-none})"; exit 1; }
fail=0
for n in $(comm -23 <(echo "$read_names") <(echo "$row_names")); do
  echo "env_doc: FAIL $n is read by the code but has no row in docs/ENVIRONMENT.md"; fail=1
done
for n in $(comm -13 <(echo "$read_names") <(echo "$row_names")); do
  echo "env_doc: FAIL docs/ENVIRONMENT.md has a row for $n, which the code does not read"; fail=1
done
[ $fail -eq 0 ] && echo "env_doc: ok   $(echo "$read_names" | wc -l) variables, each with its row"
exit $fail
