#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# gemm's B read from tiles cut out of it where it lives (docs/AUTOTUNER.md step 3; PARALIA_CUT_B=all
# forces it wherever B lives on the call's one device): tests/blas_gemm (every placement,
# transposition, ragged edge, alpha and beta against CBLAS) run so on the CPU workers, where B
# lives; its calls must say they cut B's tiles and their plans so, none left as views. Then beside
# column panels and deep products. Where StarPU drives a GPU, again with the GPU as
# the only worker, forced and as the model chooses (blas_gemm's operands on the GPU, at leading
# dimensions off 128 bytes). PARALIA_CUT_B=none cuts none, and so does the model without a GPU
# (it cuts on a GPU only); a bad value is named once.
. "$(dirname "$0")/gemm_harness.sh" gemm_cut

for extra in "" "PARALIA_PANELS=all" "PARALIA_DEEP=all"; do
  forced_gemm "$extra PARALIA_CUT_B=all" "with B's tiles cut${extra:+ ($extra)}" \
    "B's tiles cut where it lives" "autotune [sd]gemm.*, B's tiles cut"
  n=$(grep -c "could not be submitted" "$err"); [ "$n" -eq 0 ]; check $? "every tile cut, none left a view ($n)"
done
gpu=0; echo "$out" | grep -qE "[1-9][0-9]* CUDA workers" && gpu=1
if [ $gpu -eq 1 ]; then
  for v in all model; do
    out=$(STARPU_NCPU=0 PARALIA_CUT_B=$v PARALIA_VERBOSE=2 "$t" 2>"$err"); rc=$?
    check "$rc" "blas_gemm with PARALIA_CUT_B=$v, the GPU alone: $(echo "$out" | tail -1)"
    n=$(grep "autotune [sd]gemm" "$err" | grep ", B's tiles cut" | grep -c "on gpu")
    [ "$n" -gt 0 ]; check $? "plans cutting B's tiles on the GPU: $n"
  done
fi
kept_tests PARALIA_CUT_B=all "with B's tiles cut where it can"
never_says PARALIA_CUT_B=none "B's tiles cut" "none: no tiles of B cut"
# the model cuts on a GPU only (with one, blas_gemm's B lives there in some placements)
[ $gpu -eq 1 ] || never_says PARALIA_CUT_B= "B's tiles cut" "the model cuts no tiles of B on CPU workers"

bad_knob PARALIA_CUT_B=cut "PARALIA_CUT_B=cut is not model, all or none; using model"
finish
