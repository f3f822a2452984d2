#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A gemm whose operands all live on one GPU and whose plan is that GPU (its tile autotuned, or
# one tile) runs from the calling thread (src/blas/direct.c), as one cuBLAS call or in blocks over two streams
# (src/blas/direct_way.c). tests/blas_gemm checks such calls against CBLAS (every transposition,
# alpha, beta, padded leading dimensions); here, with PARALIA_VERBOSE=1, that they took that path,
# and that calls with an operand elsewhere, in several fixed tiles or while a matrix is kept did
# not;
# then the same calls in blocks of 16 (PARALIA_DIRECT_WAY=blocks: ragged blocks, both streams,
# every transposition) against CBLAS, reading a copy of B at a leading dimension of a multiple of
# 128 bytes (blas_gemm's is not), or B itself with PARALIA_CUT_B=none.
# Skipped (77) without a CUDA worker.
. "$(dirname "$0")/gemm_harness.sh" gemm_direct

out=$(PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
echo "$out" | grep -qE "[1-9][0-9]* CUDA workers" || { echo "gemm_direct: no CUDA worker: skipped"; exit 77; }
check "$rc" "blas_gemm: $(echo "$out" | tail -1)"
n=$(grep -c "on GPU [0-9]* from the calling thread, outside StarPU" "$err")
# the direct cases: 8 shapes x 9 transpositions x 3 betas at alpha 1.5, both precisions, less
# the empty shapes (quick return: 3 of them) = 5 x 27 x 2; and 2 wide shapes (n > 4096, at tile
# 16384) x 27 x 2; not the one per precision made while a matrix is kept
[ "$n" -eq 378 ]; check $? "the direct path for each call with A, B and C on the GPU in one tile: $n (want 378)"

out=$(PARALIA_VERBOSE=1 PARALIA_DIRECT_WAY=blocks PARALIA_DIRECT_BLOCK=16 "$t" 2>"$err"); rc=$?
check "$rc" "blas_gemm in blocks of 16: $(echo "$out" | tail -1)"
n=$(grep -c "on GPU [0-9]* from the calling thread, outside StarPU" "$err")
b=$(grep -c "on GPU [0-9]* from the calling thread, outside StarPU: C in [0-9]* blocks of 16 over two streams" "$err")
# every direct call but the 1 x 1 x 1 ones (27 per precision: one block, one call)
[ "$n" -eq 378 ] && [ "$b" -eq 324 ]; check $? "in blocks of 16: $b of the $n direct calls (want 324 of 378)"
# blas_gemm's B has one row more than it uses: never a multiple of 128 bytes, always copied
c=$(grep -c "blocks of 16 over two streams, B copied to a leading dimension of" "$err")
[ "$c" -eq "$b" ]; check $? "blocks reading a copy of B at an aligned leading dimension: $c of $b"
# and never with PARALIA_CUT_B=none
out=$(PARALIA_VERBOSE=1 PARALIA_CUT_B=none PARALIA_DIRECT_WAY=blocks PARALIA_DIRECT_BLOCK=16 "$t" 2>"$err"); rc=$?
c=$(grep -c "B copied" "$err")
[ "$rc" -eq 0 ] && [ "$c" -eq 0 ]; check $? "PARALIA_CUT_B=none: no copy of B ($c; $(echo "$out" | tail -1))"
finish
