#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm's deep products (docs/AUTOTUNER.md step 3; PARALIA_DEEP=all forces them wherever they can
# be: gemm on one device where op(A) lives): one product per C tile over the whole k, C's and
# op(A)'s tiles all of m's rows, op(B)'s k x T. tests/blas_gemm (every placement, transposition,
# ragged edge, alpha and beta against CBLAS, on the CPU workers, where A lives) run so; its calls
# must say they ran deep and their plans so; C's tiles fewer rows where forced beside them
# (PARALIA_TALL=R: square at R = T). Then with WR-lazy forced, C read late (scratch tiles
# of a chain of one), C added at home and column panels asked for (none beside deep products);
# and the tests of kept matrices forced deep too: a kept operand's tiles stay square, and so do
# its calls' products. PARALIA_DEEP=none gives none, and so does the model on CPU workers (it
# offers them on a GPU only); a bad value is named once.
. "$(dirname "$0")/gemm_harness.sh" gemm_deep

for extra in "" "PARALIA_WR_LAZY=force" "PARALIA_C_LATE=all" "PARALIA_C_LATE=all PARALIA_C_HOME=all" \
             "PARALIA_PANELS=all"; do
  forced_gemm "$extra PARALIA_DEEP=all" "in deep products${extra:+ ($extra)}" "products [0-9]* deep (deep)" \
    "autotune [sd]gemm.*, deep: C [0-9]* x [0-9]*, products over k = [0-9]* on "
  way=; case $extra in *C_HOME*) way="added at home" ;; *C_LATE*) way="C read late" ;; esac
  if [ -n "$way" ]; then
    n=$(grep "autotune [sd]gemm" "$err" | grep ", deep: " | grep -c "$way")
    [ "$n" -gt 0 ]; check $? "deep plans with $way: $n"
  fi
  n=$(grep "autotune [sd]gemm" "$err" | grep ", deep: " | grep -c "in panels")
  [ "$n" -eq 0 ]; check $? "no panels beside deep products: $n plans with both"
done
# C's tiles fewer rows than m where forced beside them (PARALIA_TALL=R): R x 16 at tile 16, square
# at R = 16; m's rows where m is fewer
for rows in 16 24; do
  out=$(env PARALIA_DEEP=all PARALIA_TALL=$rows PARALIA_VERBOSE=2 "$t" 2>"$err"); rc=$?
  check "$rc" "blas_gemm in deep products, C's tiles $rows rows: $(echo "$out" | tail -1)"
  n=$(grep "autotune [sd]gemm" "$err" | grep -c ", deep: C $rows x 16,")
  [ "$n" -gt 0 ]; check $? "plans with C's tiles $rows x 16: $n"
  n=$(grep "autotune [sd]gemm" "$err" | grep ", deep: C " | grep "m=\([0-9]*\) " |
      sed 's/.* m=\([0-9]*\) .*, deep: C \([0-9]*\) x.*/\1 \2/' | awk -v r=$rows '$2 != ($1 < r ? $1 : r)' | wc -l)
  [ "$n" -eq 0 ]; check $? "no deep plan with other rows than min(m, $rows): $n"
done
kept_tests PARALIA_DEEP=all "with deep products forced"
for v in none ""; do
  never_says PARALIA_DEEP=$v "(deep)\|, deep: " "no deep products on CPU workers"
done
bad_knob PARALIA_DEEP=deep "PARALIA_DEEP=deep is not model, all or none; using model"
finish
