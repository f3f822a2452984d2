#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A gemm whose operands all live on one GPU and whose plan is one tile there runs as one cuBLAS
# call from the calling thread (src/blas/direct.c). tests/blas_gemm checks such calls against
# CBLAS (every transposition, alpha, beta, padded leading dimensions); here, with
# PARALIA_VERBOSE=1, that they took that path, and that calls with an operand elsewhere, in
# several tiles or while a matrix is kept did not. Skipped (77) without a CUDA worker.
set -u
t=${top_builddir:-.}/tests/blas_gemm
[ -x "$t" ] || { echo "gemm_direct: $t is missing"; exit 99; }
pass=0 fail=0
check() { if [ "$1" -eq 0 ]; then echo "gemm_direct: ok   $2"; pass=$((pass + 1)); else echo "gemm_direct: FAIL $2"; fail=$((fail + 1)); fi; }
err=$(mktemp); trap 'rm -f "$err"' EXIT

out=$(PARALIA_VERBOSE=1 "$t" 2>"$err"); rc=$?
echo "$out" | grep -qE "[1-9][0-9]* CUDA workers" || { echo "gemm_direct: no CUDA worker: skipped"; exit 77; }
check "$rc" "blas_gemm: $(echo "$out" | tail -1)"
n=$(grep -c "one cuBLAS call on GPU [0-9]* from the calling thread" "$err")
# the direct cases: 8 shapes x 9 transpositions x 3 betas at alpha 1.5, both precisions, less
# the empty shapes (quick return: 3 of them) = 5 x 27 x 2; and 2 wide shapes (n > 4096, at tile
# 16384) x 27 x 2; not the one per precision made while a matrix is kept
[ "$n" -eq 378 ]; check $? "the direct path for each call with A, B and C on the GPU in one tile: $n (want 378)"
echo "gemm_direct: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
