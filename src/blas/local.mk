# SPDX-License-Identifier: LGPL-2.1-or-later
# Whole-matrix routines: argument checks, tiling, task graph, wait.
libparalia_la_SOURCES += src/blas/tiled.h src/blas/tiled.c src/blas/gemm.c \
	src/blas/syrk.c src/blas/syr2k.c src/blas/symm.c
libparalia_la_SOURCES += src/blas/triangular.h src/blas/triangular.c \
	src/blas/triangular_call.c src/blas/trmm.c src/blas/trsm.c
# Autotuned calls (plan, device subset, placement) and kept matrices (chains of calls).
libparalia_la_SOURCES += src/blas/call.c src/blas/keep.c src/blas/overlap.c
# A gemm whose operands all live on one GPU, planned there: one cuBLAS call, or C in blocks (the
# plan's tiles, else 2048) over two streams where that was measured faster for the shape.
libparalia_la_SOURCES += src/blas/direct.c src/blas/direct_way.c
# Host operands brought to a GPU in whole column panels, cut into tiles there.
libparalia_la_SOURCES += src/blas/panel.c
# gemm's C tiles read late and added into C at home, by the host's CPU workers.
libparalia_la_SOURCES += src/blas/home_sum.c
