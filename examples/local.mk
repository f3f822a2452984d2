# SPDX-License-Identifier: LGPL-2.1-or-later
# Examples: the README demo, and task graphs composed from paralia's codelets.
noinst_PROGRAMS += examples/demo
examples_demo_SOURCES = examples/demo.c

# Tiled Cholesky and LU (no pivoting) graphs on user-registered tiles, installed as programs.
bin_PROGRAMS += examples/paralia-cholesky examples/paralia-lu
examples_paralia_cholesky_SOURCES = examples/cholesky.c examples/tiles.c examples/tiles.h
examples_paralia_lu_SOURCES = examples/lu.c examples/tiles.c examples/tiles.h
