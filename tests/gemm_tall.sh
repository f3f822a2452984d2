#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm in tall tiles (docs/AUTOTUNER.md; PARALIA_TALL=R forces them): C's and op(A)'s tiles R rows
# by the tile size, op(B)'s square. tests/blas_gemm (tiles of 16: every placement, transposition,
# ragged edge, alpha and beta against CBLAS) run with R = 24, so that rows and columns tile apart
# and the last row of tiles is ragged both ways; its calls must say they ran in 24 x 16 tiles, and
# their plans so. Then with WR-lazy forced (scratch tiles of a tall C tile) and with C read late;
# and the tests of kept matrices (blas_chain, blas_placement, blas_keep_overlap) forced tall too: a
# kept operand's tiles stay square, also at its first use (its tile size not fixed yet), and the
# others may be tall beside it. R no taller than the tile, or none, gives square tiles; a bad
# value is named once, the model's choice kept (at tile 16 the model takes none: its kernel is
# far below the device's best rate, TALL_KERNEL).
. "$(dirname "$0")/gemm_harness.sh" gemm_tall

for extra in "" "PARALIA_WR_LAZY=force" "PARALIA_C_LATE=all"; do
  forced_gemm "$extra PARALIA_TALL=24" "in tiles of 24 x 16${extra:+ ($extra)}" \
    "C's and op(A)'s tiles 24 x 16 (tall)" "autotune dgemm.*, tall: C and A 24 x 16 on "
done
kept_tests PARALIA_TALL=24 "in tall tiles of 24 rows"
for v in 16 none; do
  never_says PARALIA_TALL=$v "(tall)\|, tall: " "square tiles at tile 16"
done
# (the model's choice: on a GPU it may take tall tiles where A or C crosses from the host)
bad_knob PARALIA_TALL=tall "PARALIA_TALL=tall is not model, none or a row count from 0 to 65535; using model"
finish
