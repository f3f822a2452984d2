#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm's products in layers deeper than the tile (PARALIA_DEPTH=D forces them; docs/AUTOTUNER.md,
# "Products in deeper layers"): op(A)'s tiles R x D, op(B)'s D x T, C's R x T, k in layers of D
# with a ragged last one. tests/blas_gemm (every placement, transposition, ragged edge, alpha and
# beta against CBLAS, on the CPU workers) run so at two depths, one dividing none of its k's; its
# calls must say they ran in layers and their plans so. Then with WR-lazy forced, C read late, C
# added at home, column panels asked for and tall tiles beside them; deep products forced over
# the whole k take their place; the tests of kept matrices pass with layers in their other calls
# (a kept operand's tiles, square, set its calls' plans); 0, none and the model give none on CPU workers (it offers them on a GPU only);
# a bad value is named once.
. "$(dirname "$0")/gemm_harness.sh" gemm_depth

for extra in "" "PARALIA_WR_LAZY=force" "PARALIA_C_LATE=all" "PARALIA_C_LATE=all PARALIA_C_HOME=all" \
             "PARALIA_PANELS=all" "PARALIA_TALL=24"; do
  for d in 40 33; do
    forced_gemm "$extra PARALIA_DEPTH=$d" "in layers $d deep${extra:+ ($extra)}" \
      "products $d deep in layers" "autotune [sd]gemm.*, layers: C and A [0-9]* x 16, products $d deep on "
  done
  # a plan in layers only where k is deeper than the layers: none at k <= 40
  n=$(grep "autotune [sd]gemm" "$err" | grep ", layers: " | sed 's/.* k=\([0-9]*\) .*/\1/' | awk '$1 <= 33' | wc -l)
  [ "$n" -eq 0 ]; check $? "no layers as deep as k or deeper: $n plans"
  case $extra in
  *TALL=24*)
    n=$(grep "autotune [sd]gemm" "$err" | grep -c ", layers: C and A 24 x 16,")
    [ "$n" -gt 0 ]; check $? "C's and A's tiles 24 rows beside the layers: $n plans" ;;
  esac
done
# deep products forced over the whole k take the layers' place
out=$(env PARALIA_DEPTH=40 PARALIA_DEEP=all PARALIA_VERBOSE=2 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm with PARALIA_DEPTH=40 beside PARALIA_DEEP=all: $(echo "$out" | tail -1)"
n=$(grep -c "deep in layers\|, layers: " "$err"); d=$(grep -c "products [0-9]* deep (deep)" "$err")
[ "$n" -eq 0 ] && [ "$d" -gt 0 ]; check $? "deep products, no layers ($d calls deep, $n lines of layers)"
# kept matrices: a depth their calls' k exceeds (tiles of 8 or 16, k up to 29), so that layers run
# in the calls without a kept operand, while a kept operand's tiles stay square (its plan reads no
# depth: a layered plan there would not match its tiles, and the call would fail)
kept_tests PARALIA_DEPTH=20 "with layers 20 deep forced"
n=0
for b in blas_chain blas_placement; do
  env PARALIA_DEPTH=20 PARALIA_VERBOSE=2 "${top_builddir:-.}/tests/$b" >/dev/null 2>"$err"
  n=$((n + $(grep -c "deep in layers" "$err")))
done
[ "$n" -gt 0 ]; check $? "layers 20 deep ran in those programs' other calls: $n"
for v in 0 none model ""; do
  never_says PARALIA_DEPTH=$v "deep in layers\|, layers: " "no layers"
done
bad_knob PARALIA_DEPTH=deep "PARALIA_DEPTH=deep is not model, none or a depth from 0 to"
finish
