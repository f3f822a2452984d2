# SPDX-License-Identifier: LGPL-2.1-or-later
# Tile kernels: one file per kernel, each compiled for s and d.
libparalia_la_SOURCES += src/codelets/codelet.h src/codelets/submit.c src/codelets/cuda_handles.c \
	src/codelets/gemm.c src/codelets/lascal.c \
	src/codelets/syrk.c src/codelets/syr2k.c src/codelets/symm.c
libparalia_la_SOURCES += src/codelets/triangular.c src/codelets/trmm.c src/codelets/trsm.c
# geadd (B = alpha A + beta B): the WR-lazy gemm's final accumulation into C.
libparalia_la_SOURCES += src/codelets/geadd.c

# Tile factorisations (potrf, getrf without pivoting), their cuSOLVER scratch, task failures.
libparalia_la_SOURCES += src/codelets/potrf.c src/codelets/getrf.c src/codelets/cuda_scratch.c \
	src/codelets/failure.c
# cut (B = a block of A's rows): gemm's column panels cut into tiles where they arrived.
libparalia_la_SOURCES += src/codelets/cut.c
# gemm's CUDA kernel with its algorithm chosen per shape by timing (cuBLAS or cuBLASLt's).
libparalia_la_SOURCES += src/codelets/gemm_algo.c src/codelets/algo_choice.h
