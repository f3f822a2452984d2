# SPDX-License-Identifier: LGPL-2.1-or-later
# The drop-in BLAS: libparalia_blas.so, for LD_PRELOAD or for linking before the system BLAS.
# Not in a simulation build (nothing runs kernels there).
if !PARALIA_SIMULATION
lib_LTLIBRARIES += libparalia_blas.la
libparalia_blas_la_SOURCES = src/dropin/dropin.h src/dropin/dropin.c src/dropin/stage.c src/dropin/blas.c
libparalia_blas_la_LIBADD = libparalia.la $(LIBS_ALL) -ldl
libparalia_blas_la_LDFLAGS = $(AM_LDFLAGS) -version-info 0:0:0
endif
